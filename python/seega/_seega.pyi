"""Type stubs of the compiled module ``seega._seega`` (re-exported by ``seega``)."""

import os
from typing import IO, Any, Iterator, Optional, Sequence, Union

import numpy

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

__version__: str
"""The package's version (its crate's, ``python/Cargo.toml``)."""

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
    def to_array(self, dtype: Any = None) -> "numpy.ndarray[Any, Any]":
        """The position as a NumPy array of shape ``(5, size, size)``, ``uint8`` unless
        ``dtype`` says otherwise. Planes: 0 black's pieces, 1 white's, 2 the empty squares (1
        where so; row 0 is rank ``size``, column 0 file a, so square ``f r`` is
        ``[plane, size - r, f]``, as ``board()`` lists them), 3 black's pieces in hand and 4
        white's (the count on every square). A new, writable array each call. Needs NumPy
        (``pip install seega[numpy]``); raises ``ImportError`` saying so without it."""
        ...
    def _repr_svg_(self) -> str:
        """The position's SVG diagram, as ``seega show --svg --position STRING`` draws its
        position string (what Jupyter shows of a position)."""
        ...
    def copy(self) -> "Position": ...
    def __copy__(self) -> "Position": ...
    def __deepcopy__(self, memo: object) -> "Position": ...
    def __eq__(self, other: object) -> bool:
        """Equal when the rules and position strings are (and how the game ended)."""
        ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as ``Position.from_string(str(self), rules=self.rules)``."""
        ...

class Problem:
    """One problem ``seega check`` reports; equal and hashed by value (every field), and
    picklable."""

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
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]: ...

class Verdict:
    """What replaying a game found; equal by value, picklable, not hashable (``problems`` is a
    list)."""

    valid: bool
    problems: list[Problem]
    legal_turns: int
    def __bool__(self) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[object, ...]: ...

class Turn:
    """One turn of a game as written, with what the referee found; equal by value, picklable,
    not hashable (``captures`` and ``comments`` are lists)."""

    number: int
    side: Optional[str]
    kind: str
    notation: str
    captures: list[str]
    comments: list[str]
    legal: bool
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[object, ...]: ...

class Game:
    """A game read from an archive. Two games are equal when their text, file name, number,
    line and column, and the options they were read with (``rules``) are; hashed by text,
    file, number and line. A game pickles with all of these (and where its text's bytes were
    not UTF-8), so that an unpickled game, in another process too, gives the same
    ``check()``, ``turns`` and ``to_json()``."""

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
    def _repr_html_(self) -> str:
        """The game's replay page, as ``seega show --html --game N FILE`` writes it for this
        game alone, in a sandboxed ``<iframe srcdoc>`` (what Jupyter shows of a game); it
        loads nothing from the network."""
        ...
    @property
    def text(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]: ...

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
