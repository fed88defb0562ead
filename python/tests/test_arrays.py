"""Position.to_array: the planes of a position as a NumPy array, and its error without NumPy."""

import subprocess
import sys
import textwrap

import pytest

import seega
from conftest import ROOT, require


@pytest.fixture
def np():
    """NumPy, or the test is skipped (a failure under SEEGA_REQUIRE_ENV; the tests of its
    absence below run without it)."""
    (numpy,) = require("numpy")
    return numpy

POSITIONS = [
    ("5/5/5/5/5 b 12/12", "standard"),
    ("5/5/5/5/bb3 w 10/12", "standard"),
    ("w1w2/5/bbbbb/5/5 w", "standard"),
    ("5/1b3/1w3/5/1b3 b", "standard"),
]


def sample_positions():
    """Each game's final position of the samples of every board size, and the positions above."""
    out = [seega.Position.from_string(text, rules=rules) for text, rules in POSITIONS]
    for name in ("standard.sgn", "options.sgn", "positions.sgn"):
        for game in seega.read_games(ROOT / "samples" / name):
            if game.final is not None:
                out.append(seega.Position.from_string(game.final, rules=game.rules))
    generated = seega.generate(20, seed=4, rules=["standard size=7", "standard size=9"], max_turns=10)
    out += [seega.Position.from_string(g.final, rules=g.rules) for g in seega.parse(generated)]
    return out


def test_the_planes_are_the_board_and_the_hands(np):
    positions = sample_positions()
    assert {p.size for p in positions} >= {5, 7, 9}
    for pos in positions:
        a = pos.to_array()
        n = pos.size
        assert a.shape == (5, n, n) and a.dtype == np.uint8
        board = pos.board()
        for plane, cell in enumerate(["b", "w", ""]):
            want = np.array([[1 if c == cell else 0 for c in row] for row in board], dtype=np.uint8)
            assert (a[plane] == want).all(), (str(pos), plane)
        assert (a[:3].sum(axis=0) == 1).all()
        assert (a[3] == pos.in_hand("black")).all() and (a[4] == pos.in_hand("white")).all()
        # a[plane, size - rank, file]: the square a1 is the last row's first column.
        for side, plane in (("black", 0), ("white", 1)):
            for sq in pos.pieces(side):
                file, rank = "abcdefghi".index(sq[0]), int(sq[1:])
                assert a[plane, n - rank, file] == 1


def test_a_placement_changes_the_planes_it_should(np):
    start = seega.Position()
    before, after = start.to_array(), start.play("a1,b1").to_array()
    assert before[3, 0, 0] == 12 and after[3, 0, 0] == 10
    assert (after[0, 4, :2] == 1).all() and (after[2, 4, :2] == 0).all()
    assert (after[4] == before[4]).all()
    assert int((after[0] != before[0]).sum()) == 2


def test_dtype_and_a_writable_array_of_its_own(np):
    pos = seega.Position.from_string("5/1b3/1w3/5/1b3 b")
    a = pos.to_array(dtype=np.float32)
    assert a.dtype == np.float32 and a.shape == (5, 5, 5)
    b = pos.to_array()
    b[0, 0, 0] = 7  # writable, and no other array shares its memory
    assert pos.to_array()[0, 0, 0] == 0
    assert (pos.to_array(dtype=None) == pos.to_array()).all()


def run_without_numpy(code):
    script = "import sys\nsys.modules['numpy'] = None\n" + textwrap.dedent(code)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)


def test_importing_seega_does_not_import_numpy():
    done = subprocess.run(
        [sys.executable, "-c", "import sys, seega; seega.Position(); print('numpy' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == "False"


def test_without_numpy_to_array_says_how_to_install_it():
    done = run_without_numpy(
        """
        import seega
        pos = seega.Position()
        print(pos.legal_turns()[0])
        try:
            pos.to_array()
        except ImportError as e:
            print(type(e).__name__, e)
        """
    )
    assert done.returncode == 0, done.stderr
    first, error = done.stdout.splitlines()
    assert first == "a1,b1"
    assert error.startswith("ImportError to_array needs numpy")
    assert "pip install seega[numpy]" in error
