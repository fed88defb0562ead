"""The same turn of the same variation reaches the same position in every face: the Parquet
turns table's `position_after` (read with DuckDB), Python's `Game.board(line=…, turn=…)`, and
the board `seega show --line … --turn …` draws. The replay page is held to `show` at the same
turns by tests/browser/variations.rs, and the library's replay of each line to the Parquet
table by tests/parquet.rs.

Needs `duckdb` and the `seega` package (`.ci/run` installs both) and the `seega` command
(SEEGA_BIN, else target/debug): with CI set, a missing one fails the test instead of skipping.
"""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "samples" / "variations.sgn"


def need(what, why):
    """Fails under CI, else skips, when `what` is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing and CI is set: {why}")
    pytest.skip(f"{what} is missing: {why}")


def seega_bin():
    path = pathlib.Path(os.environ.get("SEEGA_BIN", ROOT / "target" / "debug" / "seega"))
    if not path.exists():
        need("the seega command", "cargo build")
    return str(path)


def board_of_position(text):
    """The squares of a position string's board, top rank first: `b`, `w` or `.`."""
    rows = []
    for rank in text.split(" ")[0].split("/"):
        row = ""
        for c in rank:
            row += "." * int(c) if c.isdigit() else c
        rows.append(row)
    return rows


def board_of_show(out, size):
    """The squares `seega show` draws, top rank first: each square is three characters wide,
    its piece (or `.`, `+` for the empty centre, `x` for a square just captured) in the middle."""
    rows = []
    for line in out.splitlines():
        head = line[:3].strip()
        if head.isdigit() and len(line) > 4 + 3 * (size - 1):
            cells = [line[4 + 3 * k] for k in range(size)]
            rows.append("".join(c if c in "bw" else "." for c in cells))
    return rows


def test_every_variation_turn_is_the_same_position_in_parquet_python_and_show(tmp_path):
    try:
        import duckdb
    except ImportError:
        need("the duckdb package", "pip install duckdb")
    try:
        import seega
    except ImportError:
        need("the seega package", "pip install ./python")
    bin = seega_bin()
    table = tmp_path / "turns.parquet"
    subprocess.run(
        [bin, "convert", "--to", "parquet-turns", str(ARCHIVE), "-o", str(table)], check=True
    )
    rows = duckdb.connect().execute(
        "SELECT game, line, turn, position_after FROM read_parquet(?) "
        "WHERE line <> '' AND position_after IS NOT NULL ORDER BY game, line, turn",
        [str(table)],
    ).fetchall()
    games = list(seega.read_games(str(ARCHIVE)))
    lines = {(game, line) for game, line, _, _ in rows}
    # Every variation of the sample, nested ones too, has legal turns in the table.
    assert lines == {
        (k + 1, v.path) for k, g in enumerate(games) for v in g.variations() if v.turns[0].legal
    }
    assert len(rows) >= 10 and any("/" in line for _, line, _, _ in rows)
    for game, line, turn, after in rows:
        at = f"game {game}, variation {line}, turn {turn}"
        position = games[game - 1].board(line=line, turn=turn).position()
        assert str(position) == after, at
        shown = subprocess.run(
            [bin, "show", "--color", "never", "--game", str(game), "--line", line,
             "--turn", str(turn), str(ARCHIVE)],
            check=True, capture_output=True, text=True,
        ).stdout
        board = board_of_position(after)
        assert board_of_show(shown, len(board)) == board, f"{at}:\n{shown}"
        side = "black" if after.split(" ")[1] == "b" else "white"
        assert f"{side} to move" in shown, f"{at}:\n{shown}"
