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
    "arrow_schema",
    "check_file",
    "generate",
    "parse",
    "read_arrow",
    "read_games",
]


def _pyarrow():
    try:
        import pyarrow
    except ImportError as e:
        raise ImportError(
            "seega's Arrow tables need pyarrow 15 or later: pip install 'seega[arrow]'"
        ) from e
    return pyarrow


def arrow_schema(table="games"):
    """The schema of the games table (``"games"``) or the turns table (``"turns"``), as a
    ``pyarrow.Schema``: that of ``read_arrow`` and of ``seega convert --to parquet``
    (``--to parquet-turns``). Needs pyarrow 15 or later."""
    return _pyarrow().schema(_seega._arrow_schema(table))


def read_arrow(
    path_or_file,
    table="games",
    batch_size=1024,
    rules=None,
    encoding=None,
    jobs=None,
    problems="raise",
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
    batch size, not the archive. Invalid games are rows, with their errors. An input that
    cannot be read to its end (corrupt, cut short, not an archive) or a game too long to keep
    ends the stream, after the rows before it, with an error that names it (``OSError`` here
    for a first path that cannot be opened at all); with ``problems="rows"`` (the games
    table only) the problem is a row instead, an invalid game with one error (code
    ``seega::input::unreadable`` or ``seega::limit::too-long``, line and column 0), and the
    stream goes on with the next input. An exception that a file object's ``read`` raises is
    raised as it is, as ``read_games`` raises it; as a row, its message gives the exception
    (``cannot read `NAME`: ValueError: boom``). Messages name an input as the command does
    (controls escaped, bytes of a path that are not UTF-8 as ``\\xNN``); the ``file`` column
    is the ``file`` of ``seega convert --to jsonl``. DuckDB and polars read the reader directly
    (``duckdb.sql("select ... from reader")``, ``polars.from_arrow(reader)``). Needs pyarrow
    15 or later (the extra ``seega[arrow]``).

    >>> import seega
    >>> reader = seega.read_arrow("samples/standard.sgn")  # doctest: +SKIP
    >>> reader.read_all().num_rows  # doctest: +SKIP
    """
    pyarrow = _pyarrow()
    stream = _seega._arrow_stream(
        path_or_file, table, batch_size, rules, encoding, jobs, problems
    )
    reader = pyarrow.RecordBatchReader.from_stream(stream)
    if not stream._python_errors:
        return reader
    return pyarrow.RecordBatchReader.from_batches(
        reader.schema, _raising(pyarrow, reader, stream)
    )


def _raising(pyarrow, reader, stream):
    """The batches of ``reader``, the reader of ``stream``; when the stream ends with the error
    of an exception that a file object's ``read`` raised, that exception, as ``read_games``
    raises it (the Arrow C stream carries only text)."""
    try:
        yield from reader
    except pyarrow.ArrowException:
        raised = stream._raised()
        if raised is None:
            raise
        raise raised from None
