"""seega: the referee and the archive reader of Seega, the Egyptian custodian-capture board game.

Read an archive (``read_games``, ``parse``), replay and check its games (``Game.check``),
play positions (``Position``, ``legal_turns``, ``play``) and boards that push and pop turns
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
    "read_games",
]
