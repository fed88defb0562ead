"""Type stubs of the compiled module ``seega._seega`` (re-exported by ``seega``)."""

import os
from typing import IO, Iterator, Optional, Sequence, Union

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

class IllegalTurn(ValueError):
    """A turn that cannot be played, with the code and words of ``seega check``."""

    code: str
    message: str
    help: str

class Position:
    """A position of a game under a ruleset; immutable (``play`` returns a new one). ``str()``
    is its position string and ``repr()`` evaluates back to an equal position."""

    def __init__(self, rules: str = "standard") -> None: ...
    @staticmethod
    def from_string(text: str, rules: str = "standard") -> "Position":
        """The position of ``<ranks> <side> [<black>/<white> [--|- [<count>]]]`` under ``rules``
        (``"5/5/5/5/5 b 12/12"`` is the start of ``standard``); ``ValueError`` when malformed
        or impossible."""
        ...
    def legal_turns(self) -> list[str]: ...
    def play(self, turn: str) -> "Position": ...
    def played(self, turn: str) -> str: ...
    @property
    def rules(self) -> str: ...
    @property
    def size(self) -> int: ...
    @property
    def side_to_move(self) -> str: ...
    @property
    def phase(self) -> str: ...
    def pieces(self, side: str) -> list[str]: ...
    def in_hand(self, side: str) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def outcome(self) -> Optional[tuple[str, Optional[str]]]: ...
    @property
    def result(self) -> Optional[str]: ...
    def board(self) -> list[list[str]]: ...
    def copy(self) -> "Position": ...
    def __copy__(self) -> "Position": ...
    def __deepcopy__(self, memo: object) -> "Position": ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Problem:
    """One problem ``seega check`` reports."""

    code: str
    severity: str
    message: str
    help: str
    file: str
    game: int
    turn: Optional[int]
    line: int
    column: int
    end_line: int
    end_column: int
    def to_dict(self) -> dict[str, object]: ...

class Verdict:
    """What replaying a game found."""

    valid: bool
    problems: list[Problem]
    legal_turns: int
    def __bool__(self) -> bool: ...

class Turn:
    """One turn of a game as written, with what the referee found."""

    number: int
    side: Optional[str]
    kind: str
    notation: str
    captures: list[str]
    comments: list[str]
    legal: bool

class Game:
    """A game read from an archive."""

    @property
    def number(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def skipped(self) -> Optional[int]: ...
    @property
    def headers(self) -> dict[str, str]: ...
    @property
    def rules(self) -> Optional[str]: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def turns(self) -> list[Turn]: ...
    def check(self) -> Verdict: ...
    @property
    def final(self) -> Optional[str]: ...
    @property
    def outcome(self) -> Optional[tuple[str, Optional[str]]]: ...
    def to_json(self) -> str: ...
    @property
    def text(self) -> str: ...

class GameIterator(Iterator[Game]):
    """The games of an archive, read in blocks as the iteration goes."""

    def __iter__(self) -> "GameIterator": ...
    def __next__(self) -> Game: ...

class CheckSummary:
    """What ``check_file`` found: the counts of the summary line and every problem."""

    files: int
    games: int
    valid: int
    invalid: int
    errors: int
    warnings: int
    problems: list[Problem]
    def to_dict(self) -> dict[str, object]: ...
    def __bool__(self) -> bool: ...

def read_games(
    path_or_file: Union[PathLike, IO[bytes], IO[str]],
    rules: Optional[str] = None,
    encoding: Optional[str] = None,
) -> GameIterator: ...
def parse(text: str, rules: Optional[str] = None) -> list[Game]: ...
def check_file(
    path_or_file: Union[PathLike, IO[bytes], IO[str]],
    rules: Optional[str] = None,
    encoding: Optional[str] = None,
    jobs: Optional[int] = None,
) -> CheckSummary: ...
def generate(
    games: int,
    seed: int = 0,
    rules: Union[str, Sequence[str], None] = None,
    invalid_rate: float = 0.0,
    max_turns: int = 60,
) -> str: ...
