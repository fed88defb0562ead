"""Position: the start, legal turns, play and the refusals of the referee."""

import copy
import itertools

import pytest

import seega
from conftest import CONFORMANCE, ROOT

FILES = "abcde"


def squares(size=5):
    """Every square of a board of `size`, in board order (a1, b1, ..., a2, ...)."""
    return [f"{FILES[f] if size == 5 else 'abcdefghi'[f]}{r + 1}" for r in range(size) for f in range(size)]


def test_the_start_of_standard():
    start = seega.Position()
    assert str(start) == "5/5/5/5/5 b 12/12"
    assert seega.Position.from_string(str(start)) == start
    assert start.rules == "standard"
    assert (start.size, start.side_to_move, start.phase) == (5, "black", "placement")
    assert (start.in_hand("black"), start.in_hand("white")) == (12, 12)
    assert start.pieces("black") == [] and not start.is_over and start.outcome is None


def test_the_276_placements_at_the_start_are_the_pairs_of_squares_off_the_centre():
    turns = seega.Position("standard").legal_turns()
    assert len(turns) == 276
    off_centre = [s for s in squares() if s != "c3"]
    pairs = {f"{a},{b}" for a, b in itertools.combinations(off_centre, 2)}
    assert {str(t) for t in turns} == pairs
    assert all(t.kind == "place" and t.squares == str(t).split(",") for t in turns)
    assert len(set(turns)) == len(turns)


@pytest.mark.parametrize(
    "rules, count",
    [("standard size=7", 48 * 47 // 2), ("standard size=9", 80 * 79 // 2), ("standard centre=plain", 24 * 23 // 2)],
)
def test_placements_at_the_start_of_other_rules(rules, count):
    assert len(seega.Position(rules).legal_turns()) == count


def test_play_returns_a_new_position_and_leaves_the_old_one():
    start = seega.Position()
    after = start.play("a1,b1")
    assert str(after) == "5/5/5/5/bb3 w 10/12"
    assert str(start) == "5/5/5/5/5 b 12/12"
    assert after.side_to_move == "white"
    assert after.pieces("black") == ["a1", "b1"]
    assert (after.in_hand("black"), after.in_hand("b")) == (10, 10)
    assert after.board()[-1] == ["b", "b", "", "", ""]
    assert after.board()[0] == [""] * 5


def test_legal_movements_carry_their_captures():
    pos = seega.Position.from_string("5/1b3/1w3/5/1b3 b")
    assert pos.phase == "movement"
    turns = pos.legal_turns()
    assert seega.Turn.from_string("b1-b2xb3") in turns
    assert "b1-b2xb3" in [str(t) for t in turns]
    assert pos.played("b1-b2") == seega.Turn.from_string("b1-b2xb3")
    assert str(pos.played(seega.Turn.from_string("b1-b2"))) == "b1-b2xb3"
    after = pos.play("b1-b2")
    assert str(after) == "5/1b3/5/1b3/5 w"
    assert after.is_over and after.outcome == ("capture-all", "black") and after.result == "0-1"
    assert after.legal_turns() == []


def test_every_listed_turn_plays():
    pos = seega.Position.from_string("b1w1b/1w1b1/w1b1w/1b1w1/w1b1w w")
    turns = pos.legal_turns()
    assert turns
    for turn in turns:
        assert pos.played(turn) == turn


ILLEGAL = [
    # (a position string, a turn played from the start, or None for the start; turn; code)
    (None, "c3,d4", "seega::place::centre"),
    (None, "a1,a1", "seega::place::same-square"),
    ("a1,b1", "a1,c2", "seega::place::occupied"),
    (None, "b2-b3", "seega::turn::wrong-phase"),
    (None, "f1,a1", "seega::square::off-board"),
    ("5/1b3/1w3/5/1b3 b", "a1-a2", "seega::move::empty-square"),
    ("5/1b3/1w3/5/1b3 b", "b3-b4", "seega::move::enemy-piece"),
    ("5/1b3/1w3/5/1b3 b", "b1-c2", "seega::move::diagonal"),
    ("5/1b3/1w3/5/1b3 b", "b1-b3", "seega::move::too-far"),
    ("5/1b3/1w3/1b3/5 b", "b2-b3", "seega::move::occupied"),
    ("5/1b3/1w3/5/1b3 b", "b1-b2xc2", "seega::capture::wrong"),
    ("5/1b3/1w3/5/1b3 b", "--", "seega::pass::illegal"),
]


@pytest.mark.parametrize("setup, turn, code", ILLEGAL)
def test_illegal_turns_raise_with_the_code_of_check(setup, turn, code):
    if setup is None:
        pos = seega.Position()
    elif "/" in setup:
        pos = seega.Position.from_string(setup)
    else:
        pos = seega.Position().play(setup)
    with pytest.raises(seega.IllegalTurn) as raised:
        pos.play(turn)
    err = raised.value
    assert err.code == code
    assert err.message == str(err) and err.message
    assert err.message == err.message.rstrip(".") and err.message[0].islower()
    assert err.help.endswith(".")
    assert isinstance(err, ValueError)
    assert turn not in [str(t) for t in pos.legal_turns()]


def test_the_message_is_the_checkers():
    with pytest.raises(seega.IllegalTurn) as raised:
        seega.Position().play("a1,b1").play("a1,c2")
    assert raised.value.message == "a1 is already occupied by a black piece"


def test_text_that_is_no_turn_raises_with_a_syntax_code():
    with pytest.raises(seega.IllegalTurn) as raised:
        seega.Position().play("zz")
    assert raised.value.code == "seega::syntax::token"


def test_a_turn_after_the_end_raises():
    over = seega.Position.from_string("5/1b3/1w3/5/1b3 b").play("b1-b2")
    with pytest.raises(seega.IllegalTurn) as raised:
        over.play("b2-b1")
    assert raised.value.code == "seega::turn::after-end"


@pytest.mark.parametrize(
    "call",
    [
        lambda: seega.Position("chess"),
        lambda: seega.Position("standard size=6"),
        lambda: seega.Position.from_string("5/5/5 b"),
        lambda: seega.Position.from_string("6/5/5/5/5 b"),
        lambda: seega.Position().pieces("red"),
        lambda: seega.Position().in_hand("red"),
    ],
)
def test_bad_rules_positions_and_sides_raise_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_from_string_under_other_rules():
    pos = seega.Position.from_string("7/7/7/7/7/7/bw5 b", rules="standard size=7")
    assert pos.size == 7 and pos.rules == "standard size=7"
    # Two fields are a board of the movement phase: every piece out of hand.
    assert (pos.in_hand("black"), pos.phase) == (0, "movement")
    placing = seega.Position.from_string("7/7/7/7/7/7/bb5 w 22/24", rules="standard size=7")
    assert (placing.in_hand("black"), placing.in_hand("white"), placing.phase) == (22, 24, "placement")
    assert len(pos.board()) == 7 and pos.board()[6][:2] == ["b", "w"]


def test_copy_equality_hash_and_repr():
    pos = seega.Position().play("a1,b1")
    assert pos.copy() == pos and copy.copy(pos) == pos and copy.deepcopy(pos) == pos
    assert hash(pos.copy()) == hash(pos)
    assert pos != seega.Position()
    assert repr(pos) == 'Position.from_string("5/5/5/5/bb3 w 10/12", rules="standard")'
    assert eval(repr(pos), {"Position": seega.Position}) == pos
    assert {pos, pos.copy()} == {pos}


def reached_positions():
    """Every position reached in the samples and the conformance corpus, both phases and every
    board size: each game's start, then the position after each of its legal turns."""
    folders = [ROOT / "samples", CONFORMANCE, CONFORMANCE / "world"]
    for path in sorted(p for folder in folders for p in folder.glob("*.sgn")):
        for game in seega.read_games(path):
            if game.rules is None:
                continue
            tag = game.headers.get("Position")
            try:
                pos = seega.Position.from_string(tag, rules=game.rules) if tag else seega.Position(game.rules)
            except ValueError:
                continue
            yield f"{path.name} game {game.number}", pos
            for k, turn in enumerate(t for t in game.turns if t.legal):
                pos = pos.play(turn.notation)
                yield f"{path.name} game {game.number} after {k + 1} turns", pos


def test_every_reached_position_reads_back_from_its_repr_and_its_string():
    seen, strings = 0, set()
    for at, pos in reached_positions():
        back = eval(repr(pos), {"Position": seega.Position})
        assert back == pos, at
        assert hash(back) == hash(pos), at
        assert back.legal_turns() == pos.legal_turns(), at
        assert (back.is_over, back.outcome) == (pos.is_over, pos.outcome), at
        assert seega.Position.from_string(str(pos), rules=pos.rules) == pos, at
        seen += 1
        strings.add(str(pos).count(" "))
    assert seen > 1000
    # Both phases, an opening owed and a count toward a limit among them: 1 to 4 spaces.
    assert strings == {1, 2, 3, 4}


def test_the_start_string_reads_back_as_the_start():
    for rules in ("standard", "seesa", "ludii size=9"):
        start = seega.Position(rules)
        assert seega.Position.from_string(str(start), rules=rules) == start
        assert len(seega.Position.from_string(str(start), rules=rules).legal_turns()) == len(start.legal_turns())
    # The two-field form is a board with nothing in hand: one side without pieces has ended.
    assert seega.Position.from_string("b4/5/5/5/5 b").is_over
    # Neither side with a piece is no position a game reaches.
    with pytest.raises(ValueError, match="neither side has a piece"):
        seega.Position.from_string("5/5/5/5/5 b")


def test_the_new_fields_are_checked():
    for bad in ("5/5/5/5/5 b 13/12", "5/5/5/5/5 w 12/12", "5/5/5/5/5 b 12/12 --", "b4/5/5/5/4w w 0/0 - 3 x"):
        with pytest.raises(ValueError):
            seega.Position.from_string(bad)
