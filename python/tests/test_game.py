"""Game: its tags, turns, result, verdict, final position, outcome, JSON and canonical text."""

import json

import pytest

import seega
from conftest import ROOT

TEXT = """[Event "Cup"]
{before the tags end}
[Rules "standard"]
[Position "5/1b3/1w3/5/1b3 b"]
[Result "0-1"]

1. b1-b2 {takes b3} 0-1
"""

INVALID = """[Rules "standard"]

1. a1,b1 c3,d4 2. a2,b2 *
"""


def game(text=TEXT):
    (only,) = seega.parse(text)
    return only


def test_headers_are_the_tags_in_file_order():
    assert list(game().headers.items()) == [
        ("Event", "Cup"),
        ("Rules", "standard"),
        ("Position", "5/1b3/1w3/5/1b3 b"),
        ("Result", "0-1"),
    ]


def test_rules_result_final_and_outcome():
    g = game()
    assert g.rules == "standard"
    assert g.result == "0-1"
    assert g.final == "5/1b3/5/1b3/5 w"
    assert g.outcome == ("capture-all", "black")
    assert (g.number, g.line) == (1, 1)


def test_turns_carry_number_side_kind_notation_captures_and_comments():
    (turn,) = game().turns
    assert (turn.number, turn.side, turn.kind, turn.legal) == (1, "black", "move", True)
    assert turn.notation == "b1-b2xb3" == str(turn)
    assert turn.captures == ["b3"]
    assert turn.comments == ["takes b3"]
    assert repr(turn) == 'RecordedTurn(number=1, side="black", notation="b1-b2xb3")'
    assert isinstance(turn, seega.RecordedTurn)
    assert turn.turn == seega.Turn.from_string("b1-b2xb3") and str(turn.turn) == turn.notation


def test_turns_after_an_illegal_one_are_not_played():
    turns = game(INVALID).turns
    assert [(t.number, t.side, t.kind, t.legal) for t in turns] == [
        (1, "black", "place", True),
        (2, None, "place", False),
        (3, None, "place", False),
    ]
    assert [t.notation for t in turns] == ["a1,b1", "c3,d4", "a2,b2"]


def test_check_of_a_valid_and_of_an_invalid_game():
    ok = game().check()
    assert ok.valid and bool(ok) and ok.problems == [] and ok.legal_turns == 1
    bad = game(INVALID).check()
    assert not bad.valid and not bad
    (p,) = bad.problems
    assert (p.code, p.severity, p.game, p.turn, p.line, p.column) == (
        "seega::place::centre", "error", 1, 2, 3, 10,
    )
    assert (p.end_line, p.end_column) == (3, 11)  # the square c3
    assert p.message == "c3 is the centre, which stays empty while pieces are placed"
    assert p.help and p.file == "<text>"
    assert str(p) == "<text>:3:10: error[seega::place::centre]: " + p.message
    assert p.to_dict()["type"] == "diagnostic"


def test_final_stops_at_the_last_legal_turn():
    assert game(INVALID).final == "5/5/5/5/bb3 w 10/12"
    assert game(INVALID).outcome is None


def test_a_game_whose_rules_cannot_be_read():
    g = game('[Rules "chess"]\n\n1. a1,b1 *\n')
    assert g.rules is None and g.final is None
    assert g.check().problems[0].code == "seega::rules::unknown-preset"


def test_rules_of_the_reader_for_games_without_a_rules_tag():
    (g,) = seega.parse("1. a1,b1 *\n", rules="standard size=7")
    assert g.rules == "standard size=7"
    assert g.final == "7/7/7/7/7/7/bb5 w 22/24"


def test_to_json_is_the_object_of_convert(cli):
    text = TEXT.encode()
    (line,) = cli("convert", "--to", "jsonl", stdin=text).splitlines()
    expected = json.loads(line)
    expected["file"] = "<text>"
    assert json.loads(game().to_json()) == expected


def test_str_is_the_game_in_canonical_notation(cli):
    text = '[Rules "standard"]  [Event "Cup"]\n1.a1,b1   a2,b2 2. c1,d1 *'
    assert str(game(text)) == cli("fmt", stdin=text.encode()).decode()


def test_str_of_a_game_with_a_syntax_error_is_its_text():
    text = "1. a1,b1 zz *"
    assert str(game(text)) == text + "\n"


def test_text_and_repr():
    g = seega.parse("1. a1,b1 *\n\n  1. a2,b2 *\n")[1]
    assert g.text == "1. a2,b2 *" and g.line == 3
    assert repr(g) == '<Game 2 of "<text>" at line 3>'


def notation_of(turn):
    """A turn of the command's JSON in notation, captures written out (the test's own oracle)."""
    if turn["kind"] == "pass":
        return "--"
    if turn["kind"] == "place":
        return ",".join(turn["squares"])
    steps = ("-" + s["to"] + "".join("x" + c for c in s["captures"]) for s in turn["steps"])
    return turn["from"] + "".join(steps)


SAMPLES = sorted((ROOT / "samples").glob("*.sgn")) + sorted((ROOT / "samples" / "invalid").glob("*.sgn"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_turns_are_those_of_the_command_json(cli, path):
    objects = [json.loads(line) for line in cli("convert", "--to", "jsonl", path).splitlines()]
    games = seega.read_games(path)
    assert len(games := list(games)) == len(objects)
    for g, obj in zip(games, objects):
        got = [(t.number, t.side, t.kind, t.notation, t.captures, t.comments, t.legal) for t in g.turns]
        values = [(t.turn.kind, str(t.turn), t.turn.captures) for t in g.turns]
        assert values == [(t.kind, t.notation, t.captures) for t in g.turns]
        want = [
            (
                t["number"],
                t["side"],
                t["kind"],
                notation_of(t),
                [c for s in t.get("steps", []) for c in s["captures"]],
                [c["text"] for c in t.get("comments", [])],
                t["legal"],
            )
            for t in obj["turns"]
        ]
        assert got == want, f"{path.name} game {obj['game']}"
