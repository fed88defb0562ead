"""seega: the referee and the archive reader of Seega, the Egyptian custodian-capture board game.

Read an archive (``read_games``, ``parse``), replay and check its games (``Game.check``),
read its games as Arrow record batches with the command's Parquet schema
(``read_arrow``), play positions (``Position``, ``legal_turns``, ``play``) and boards that push and pop turns
(``Board``, ``Turn``), check whole files as
``seega check --format jsonl`` does (``check_file``) and write random games as
``seega generate`` does (``generate``). The work is done by the Rust library ``seega``, with the
GIL released; its rules, codes and messages are the command's own.

>>> import seega
>>> start = seega.Position()
>>> len(start.legal_turns())
276
>>> str(start.play("a1,b1"))
'5/5/5/5/bb3 w 10/12'
>>> board = seega.Board()
>>> board.push("a1,b1")
Turn.from_string("a1,b1")
"""

from ._seega import (
    Board,
    CheckSummary,
    Game,
    GameIterator,
    IllegalTurn,
    Position,
    Problem,
    RecordedTurn,
    Turn,
    Variation,
    Verdict,
    check_file,
    generate,
    parse,
    read_games,
    __version__,
)
from . import _seega

__all__ = [
    "Board",
    "CheckSummary",
    "Game",
    "GameIterator",
    "IllegalTurn",
    "Position",
    "Problem",
    "RecordedTurn",
    "Turn",
    "Variation",
    "Verdict",
    "check_file",
    "generate",
    "parse",
    "read_arrow",
    "read_games",
]


def read_arrow(
    path_or_file,
    table="games",
    batch_size=1024,
    rules=None,
    encoding=None,
    jobs=None,
):
    """The games table or the turns table of an archive as a ``pyarrow.RecordBatchReader``.

    The rows and the schema are those of ``seega convert --to parquet`` (``table="games"``,
    one row per game) or ``--to parquet-turns`` (``table="turns"``, one row per turn) of the
    same input, described in ``spec/parquet.md``. ``path_or_file`` is a path (a compressed
    archive is decompressed; a directory stands for its archives, read one after another)
    or a file object; ``batch_size`` the games of a batch (the turns of that many for the
    turns table); ``rules``, ``encoding`` and ``jobs`` as for ``check_file``.

    The batches are made by the Rust library on worker threads as the reader is read, and
    handed over through the Arrow C stream interface without a copy: memory follows the
    batch size, not the archive. Invalid games are rows, with their errors; an input that
    cannot be read ends the stream with an error that names it (``OSError`` here for a path
    that cannot be opened at all). DuckDB and polars read the reader directly
    (``duckdb.sql("select ... from reader")``, ``polars.from_arrow(reader)``). Needs pyarrow
    15 or later (the extra ``seega[arrow]``).

    >>> import seega
    >>> reader = seega.read_arrow("samples/standard.sgn")  # doctest: +SKIP
    >>> reader.read_all().num_rows  # doctest: +SKIP
    """
    try:
        import pyarrow
    except ImportError as e:
        raise ImportError(
            "seega.read_arrow needs pyarrow 15 or later: pip install 'seega[arrow]'"
        ) from e
    stream = _seega._arrow_stream(path_or_file, table, batch_size, rules, encoding, jobs)
    return pyarrow.RecordBatchReader.from_stream(stream)
