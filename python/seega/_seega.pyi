"""Type stubs of the compiled module ``seega._seega`` (re-exported by ``seega``)."""

import os
from typing import IO, Any, Iterator, Optional, Sequence, Union

import numpy
import pyarrow

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
    def legal_turns(self) -> list["Turn"]:
        """The turns the side to move may play (placements in board order, movements with
        every capture); none once the game is over."""
        ...
    def play(self, turn: Union["Turn", str]) -> "Position":
        """The position after ``turn`` (a ``Turn`` or its notation; captures may be left out);
        ``IllegalTurn`` when it cannot be played."""
        ...
    def played(self, turn: Union["Turn", str]) -> "Turn":
        """``turn`` as the referee plays it here, every capture written."""
        ...
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
    variation: Optional[str]
    """The line path of the variation the problem is in (``"14.1"``); ``None`` for the main
    line."""
    line: int
    column: int
    end_line: int
    end_column: int
    def to_dict(self) -> dict[str, object]:
        """The problem as ``seega check --format jsonl`` writes it (``variation`` only for a
        problem in a variation)."""
        ...
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
    """One turn of one side as a value (python-chess's ``Move``): ``str()`` is its notation
    and ``Turn.from_string`` reads it back. Equal and hashed by value: a turn read from
    notation holds the captures as written, one listed by ``legal_turns`` or played by ``push``
    every capture it makes; a placement's squares keep their order. Picklable."""

    @staticmethod
    def from_string(text: str) -> "Turn":
        """The turn written ``text`` (``"a1,b1"``, ``"b2-b3xb4"``, ``"--"``); ``IllegalTurn``
        (a ``ValueError``) with the syntax code of ``seega check`` when it is no turn."""
        ...
    @property
    def kind(self) -> str:
        """``"place"``, ``"move"`` or ``"pass"``."""
        ...
    @property
    def squares(self) -> list[str]:
        """A placement's two squares, in the order written; empty otherwise."""
        ...
    @property
    def from_square(self) -> Optional[str]:
        """The square a movement starts on; ``None`` otherwise."""
        ...
    @property
    def steps(self) -> list[tuple[str, list[str]]]:
        """A movement's steps, each ``(to, captures)``; empty otherwise."""
        ...
    @property
    def captures(self) -> list[str]:
        """Every square its steps capture, in step order."""
        ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as ``Turn.from_string(str(self))``."""
        ...
    def __copy__(self) -> "Turn": ...
    def __deepcopy__(self, memo: object) -> "Turn": ...

class RecordedTurn:
    """One turn of a game as written (a node of one of its lines), with what the referee found,
    the comments after it and its variations; equal by value, picklable, not hashable
    (``captures`` and ``comments`` are lists)."""

    number: int
    side: Optional[str]
    kind: str
    notation: str
    captures: list[str]
    comments: list[str]
    legal: bool
    turn: Optional[Turn]
    """The turn as a value (``str(turn) == notation``); ``None`` when it cannot be read as one."""
    variations: list["Variation"]
    """The variations written after it, each an alternative to it, in file order."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[object, ...]: ...

class Variation:
    """A variation: an alternative to one turn of the line it branches from, replayed from the
    position before that turn; equal by value, picklable, not hashable (``turns`` is a
    list). ``Game.board(line=variation)`` and ``Game.positions(line=variation)`` replay it."""

    path: str
    """Its line path: ``"14.1"`` is the first variation after turn 14 of the main line,
    ``"14.1/16.2"`` the second after turn 16 of that one."""
    parent_turn: int
    """The number of the turn it is an alternative to (its first turn's number)."""
    parent_line: str
    """The path of the line it branches from: ``""`` (the main line) for ``"14.1"``, ``"14.1"``
    for ``"14.1/16.2"``; ``game.variation(v.parent_line)`` is that line, unless it is the main
    line (``game.mainline()``)."""
    depth: int
    """How deep it nests: 1 for a variation of the main line, 2 for one inside that, and so on."""
    turns: list[RecordedTurn]
    """Its turns as written, legal or not, each with its own ``variations``."""
    comments: list[str]
    """The comments written before its first turn."""
    nags: list[int]
    """The ``$N`` glyphs written before its first turn."""
    result: Optional[str]
    """The result written at its end (``"*"``, ``"1-0"``, …), or ``None``."""
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[object, ...]: ...

class Board:
    """A game being played, mutable as python-chess's ``Board``: ``push`` plays a turn and
    ``pop`` takes it back, ``move_stack`` holds the turns pushed (as played, every capture
    written). Equal when the positions are (as ``Position``s: rules, position string, end),
    whatever turns led there, as python-chess compares boards; not hashable. ``copy()``,
    ``copy.copy`` and pickling keep the stack."""

    def __init__(self, rules: str = "standard") -> None: ...
    @staticmethod
    def from_string(text: str, rules: str = "standard") -> "Board":
        """The board at a position string, as ``Position.from_string`` reads it."""
        ...
    @staticmethod
    def from_position(position: Position) -> "Board":
        """The board at ``position``, no turn pushed."""
        ...
    def push(self, turn: Union[Turn, str]) -> Turn:
        """Plays ``turn`` and gives it as played; ``IllegalTurn`` when it cannot be played,
        the board left as it was."""
        ...
    def pop(self) -> Turn:
        """Takes the last turn back and gives it; ``IndexError`` when none was pushed."""
        ...
    def peek(self) -> Turn:
        """The last turn pushed; ``IndexError`` when none was."""
        ...
    @property
    def move_stack(self) -> list[Turn]: ...
    def legal_turns(self) -> list[Turn]: ...
    def is_over(self) -> bool: ...
    def outcome(self) -> Optional[tuple[str, Optional[str]]]: ...
    def result(self) -> Optional[str]: ...
    @property
    def side_to_move(self) -> str: ...
    @property
    def phase(self) -> str: ...
    @property
    def rules(self) -> str: ...
    def _repr_svg_(self) -> str:
        """The board's diagram, as ``Position._repr_svg_`` draws its position."""
        ...
    def position(self) -> Position:
        """The position now, an immutable ``Position``."""
        ...
    def root(self) -> "Board":
        """A board at the position before the first turn of the stack."""
        ...
    def copy(self, stack: Union[bool, int] = True) -> "Board":
        """A copy with the whole stack (``True``), none (``False``) or its last ``stack``
        turns."""
        ...
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: object) -> "Board": ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its root's position string and rules and the turns pushed."""
        ...

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
    def turns(self) -> list[RecordedTurn]: ...
    def mainline(self) -> list[RecordedTurn]:
        """The turns as written, legal or not (``turns``), as python-chess's ``mainline()``."""
        ...
    def variations(self) -> Iterator[Variation]:
        """Every variation of the game, at every depth, in file order (each followed by those
        inside it); the main line is ``mainline()``."""
        ...
    def variation(self, path: str) -> Variation:
        """The variation at the line path ``path`` (``"14.1"``, ``"14.1/16.2"``);
        ``ValueError`` for a path that does not read, the main line's (``""``), or one that
        names no line of the game."""
        ...
    def mainline_turns(self) -> list[Turn]:
        """The values of the turns played as legal (an invalid game's stop before its first
        illegal turn): ``board().move_stack``, from the same replay; ``ValueError`` as for
        ``board()``."""
        ...
    def board(
        self, line: Union[str, Variation, None] = None, turn: Optional[int] = None
    ) -> Board:
        """A ``Board`` after the turns played of the line ``line`` (the main line by default; a
        line path or a ``Variation``), with the turns played from the start as its
        ``move_stack`` (for a variation, those before its branch point, then its own); with
        ``turn``, after the turn of that number along the line (0 for the start).
        ``ValueError`` when the game cannot be set up (its Rules or Position tag unreadable),
        has no such line or does not reach it, or when ``turn`` is past the turns played."""
        ...
    def positions(self, line: Union[str, Variation, None] = None) -> list[Position]:
        """The ``Position`` after each turn played of the line ``line`` (the main line by
        default, whose last is ``final``; for a variation, after each of its own turns
        played); ``ValueError`` as for ``board()``."""
        ...
    @staticmethod
    def from_board(board: Board, headers: Optional[dict[str, str]] = None) -> Game:
        """The game played on ``board``, as python-chess's ``Game.from_board``: its record
        written by the library (``headers`` as tags, then Result, Rules and, when the board did
        not start at the start, Position, as the game calls for), read back as a ``Game``. A
        header that is not a tag, or one named Result, Rules or Position, is left out, so that
        the game always checks valid."""
        ...
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
def read_arrow(
    path_or_file: Union[PathLike, IO[bytes], IO[str]],
    table: str = "games",
    batch_size: int = 1024,
    rules: Optional[str] = None,
    encoding: Optional[str] = None,
    jobs: Optional[int] = None,
    problems: str = "raise",
) -> pyarrow.RecordBatchReader:
    """The games table (``table="games"``) or the turns table (``"turns"``) of an archive as
    Arrow record batches of ``batch_size`` games, with the rows and the schema of
    ``seega convert --to parquet`` (``--to parquet-turns``); an input that cannot be read
    raises, or with ``problems="rows"`` is a row of the games table (an exception raised by a
    file object's ``read`` is raised as it is, or is the row's message). Needs pyarrow 15 or
    later."""
    ...

def arrow_schema(table: str = "games") -> pyarrow.Schema:
    """The schema of the games table or the turns table (``read_arrow``'s, and that of
    ``seega convert --to parquet``)."""
    ...

class ArrowStream:
    """The record batches of an archive, not yet read: an object of the Arrow PyCapsule
    interface, read once (``read_arrow`` hands it to pyarrow)."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...
    def __arrow_c_schema__(self) -> object: ...
    @property
    def _python_errors(self) -> bool:
        """Whether the stream may end with the exception of a file object's ``read`` (one
        read with ``problems="raise"``), which ``_raised`` then gives."""
        ...
    def _raised(self) -> Optional[BaseException]:
        """The exception a file object's ``read`` raised, which ended the stream, once."""
        ...

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

class _EnvGame:
    """The game under ``seega.env`` (private: ``seega.env.raw_env`` is its face), played one
    action at a time on the library's referee."""

    size: int
    action_count: int
    planes: int
    pieces_per_side: int
    to_move: str
    turns_played: int
    is_over: bool
    winner: Optional[str]
    outcome: Optional[tuple[str, str]]
    def __init__(self, rules: str = "standard", position: Optional[str] = None) -> None: ...
    def mask(self) -> bytes: ...
    def act(self, action: int) -> bool: ...
    def observation(self, side: str) -> bytes: ...
    def legal_turns(self) -> list[Turn]: ...
    def turns(self) -> list[Turn]: ...
    def action_text(self, action: int) -> str: ...
    def record(self) -> str: ...
    def render(self) -> str: ...
