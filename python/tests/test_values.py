"""Values as python-chess users expect them: the version, equality and hashing by value,
pickling (and so multiprocessing), and paths given as bytes."""

import copy
import importlib.metadata
import multiprocessing
import os
import pickle
import re
import subprocess
import sys

import pytest

import seega
from conftest import ROOT

SAMPLE = ROOT / "samples" / "standard.sgn"


def test_the_version_is_the_crates_and_the_distributions():
    cargo = (ROOT / "python" / "Cargo.toml").read_text()
    version = re.search(r'^version = "(.*)"$', cargo, re.M).group(1)
    assert seega.__version__ == version
    assert seega.__version__ == importlib.metadata.version("seega")


def test_positions_are_equal_and_hashed_by_value():
    start = seega.Position()
    again = seega.Position.from_string(str(start))
    assert start == again and hash(start) == hash(again)
    assert len({start, again, start.play("a1,b1")}) == 2
    assert start != seega.Position("ludii")
    assert start != str(start)


def games():
    return list(seega.read_games(SAMPLE))


def test_problems_are_equal_and_hashed_by_value():
    (game,) = seega.parse("1. c3,d4 *\n")
    (a,) = game.check().problems
    (b,) = seega.parse("1. c3,d4 *\n")[0].check().problems
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    (other,) = seega.parse("\n1. c3,d4 *\n")[0].check().problems
    assert a != other


def test_turns_and_verdicts_are_equal_by_value():
    first, second = games()[:2]
    assert first.turns == games()[0].turns
    assert first.turns != second.turns
    assert first.check() == games()[0].check()
    assert seega.parse("1. c3,d4 *\n")[0].check() != seega.parse("1. a1,b1 *\n")[0].check()
    for unhashable in (first.turns[0], first.check()):
        with pytest.raises(TypeError):
            hash(unhashable)


def test_games_are_equal_by_text_file_number_place_and_options():
    a, b = games(), games()
    assert a == b and [hash(g) for g in a] == [hash(g) for g in b]
    assert a[0] != a[1]
    text = SAMPLE.read_text()
    assert seega.parse(text)[0] != a[0], "another file name"
    assert seega.parse(text)[0] == seega.parse(text)[0]
    assert seega.parse(text)[0] != seega.parse(text, rules="ludii")[0]
    assert a[0] != "a game"


def round_trip(value):
    return pickle.loads(pickle.dumps(value))


def test_positions_pickle():
    for position in (seega.Position(), seega.Position("ludii").play("a1,b1")):
        assert round_trip(position) == position
        assert str(round_trip(position)) == str(position)
        assert round_trip(position).rules == position.rules
    assert copy.deepcopy(seega.Position()) == seega.Position()


def same_game(a, b):
    assert a == b
    assert (a.number, a.line, a.text, a.headers, a.rules) == (b.number, b.line, b.text, b.headers, b.rules)
    assert (a.check(), a.turns, a.to_json(), str(a), repr(a)) == (b.check(), b.turns, b.to_json(), str(b), repr(b))


def test_games_and_what_they_hold_pickle():
    for game in games():
        same_game(round_trip(game), game)
        assert round_trip(game.check()) == game.check()
        assert round_trip(game.turns) == game.turns
    (game,) = seega.parse("[Event \"x\"]\n\n1. c3,d4 *\n")
    problem = game.check().problems[0]
    assert round_trip(problem) == problem
    assert round_trip(problem).to_dict() == problem.to_dict()


@pytest.mark.parametrize(
    "text, rules",
    [
        ("1. a1,b1 *  1. c3,d4 *\n", None),  # the second game starts within a line
        (b"\n\n[Event \"caf\xe9\"]\n\n1. a1,b1 \xff a2,b2 *\n\n1. a1,b1 *\n", None),
        ("1. c3,d4 *\n", "ludii"),
        ("1. a1,b1 *\n", "auto"),
    ],
)
def test_a_game_comes_back_with_its_place_bytes_and_options(tmp_path, text, rules):
    path = tmp_path / "odd.sgn"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    for game in seega.read_games(path, rules=rules):
        same_game(round_trip(game), game)


def test_a_pickle_of_a_padded_record_still_loads(tmp_path):
    # Pickles made before the column was kept held the game's text after a space for each
    # character before it on its line, and six parts: they load as the same game.
    path = tmp_path / "line.sgn"
    path.write_text("1. a1,b1 *  1. c3,d4 *\n")
    game = list(seega.read_games(path))[1]
    padded = (" " * 12 + "1. c3,d4 *", [], 12, 1, 2, 0)
    old = seega._seega._game((padded, str(path), ("standard", False, False)))
    same_game(old, game)
    assert [(p.line, p.column) for p in old.check().problems] == [(1, 16)]


@pytest.mark.parametrize("before", [b"1. a1,b1 *\n\n", b"  "])
def test_a_stretch_skipped_unread_pickles(tmp_path, before):
    path = tmp_path / "uncut.sgn"
    path.write_bytes(before + b"a" * (70 << 20) + b'\n\n[Event "after"]\n\n1. xyz *\n')
    games = list(seega.read_games(path))
    assert [g.skipped is not None for g in games].count(True) == 1
    for game in games:
        same_game(round_trip(game), game)


POOL = """
import multiprocessing, sys
import seega

if __name__ == "__main__":
    archive = sys.argv[2]
    expected = [g.check() for g in seega.read_games(archive)]
    with multiprocessing.get_context(sys.argv[1]).Pool(2) as pool:
        got = pool.map(seega.Game.check, seega.read_games(archive))
    print(len(got), got == expected, sum(v.valid for v in got))
"""


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_a_pool_checks_the_games_of_an_archive(tmp_path, method):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} on this platform")
    # In a fresh interpreter, as a program runs a pool (not under pytest's threads and state).
    script = tmp_path / "pool.py"
    script.write_text(POOL)
    done = subprocess.run(
        [sys.executable, str(script), method, str(SAMPLE)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "10 True 10\n"


@pytest.mark.skipif(sys.platform == "win32", reason="paths that are not UTF-8 are POSIX's")
def test_a_path_that_is_not_utf8_is_read_as_the_command_reads_it(tmp_path):
    raw = os.fsencode(tmp_path) + b"/ok\xff.sgn"
    with open(raw, "wb") as f:
        f.write(SAMPLE.read_bytes())
    expected = seega.check_file(SAMPLE).to_dict()
    for path in (raw, os.fsdecode(raw)):
        assert seega.check_file(path).to_dict() == expected
        assert len(list(seega.read_games(path))) == expected["games"]
    missing = os.fsdecode(os.fsencode(tmp_path) + b"/bad\xff.sgn")
    for call in (seega.check_file, seega.read_games):
        with pytest.raises(OSError, match=r"cannot read `.*/bad\\xFF\.sgn`: No such file"):
            call(missing)


@pytest.mark.parametrize(
    "kwargs, name",
    [({"games": -1}, "games"), ({"games": 1, "seed": -1}, "seed"), ({"games": 1, "max_turns": 2**32}, "max_turns")],
)
def test_generate_refuses_counts_out_of_range_naming_them(kwargs, name):
    with pytest.raises(ValueError, match=rf"^{name} must be a whole number from 0 to \d+, not -?\d+$"):
        seega.generate(**kwargs)
    assert seega.generate(1) == seega.generate(1, seed=0, max_turns=60)
    with pytest.raises(TypeError):
        seega.generate("1")
