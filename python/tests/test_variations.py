"""Variations as python-chess users walk them: each turn's alternatives (`RecordedTurn.variations`),
every line of a game (`Game.variations()`, `Game.variation(path)`), the positions along a line
(`Game.board(line=…, turn=…)`, `Game.positions(line=…)`) and the problems found in a line
(`Problem.variation`), compared with `seega convert --to jsonl` and `seega check`."""

import json
import pickle
import random

import pytest

import seega
from conftest import ROOT

SAMPLE = ROOT / "samples" / "variations.sgn"

# 1.1 has an illegal second turn (a1 is taken); 1.2 holds 1.2/2.1; turn 3 of the main line is
# illegal, so 3.1 (its alternative) is reached but not played, and 4.1, after it, not reached.
BROKEN = """[Rules "standard"]

1. c2,d4 (1. a1,b1 a1,a2 2. c1,d1) (1. e5,e4 {why not} a1,a2 (1... b1,b2 $1 *)) 1... a1,b1
2. c3,e1 (2. e5,e4) 2... e5,e4 (2... e3,e2) *
"""


def notation(turn):
    """A turn object of the JSON written back in notation, as `seega fmt` writes a turn."""
    if turn["kind"] == "pass":
        return "--"
    if turn["kind"] == "place":
        return ",".join(turn["squares"])
    steps = ("-" + s["to"] + "".join("x" + c for c in s["captures"]) for s in turn["steps"])
    return turn["from"] + "".join(steps)


def json_lines(turns, before=()):
    """Every variation of the JSON turn objects `turns`, in file order, with the turns written
    before its branch point (from the start of the game): `(line object, earlier turns)`."""
    for i, turn in enumerate(turns):
        for line in turn.get("variations", []):
            earlier = [*before, *turns[:i]]
            yield line, earlier
            yield from json_lines(line["turns"], earlier)


def objects(cli, path):
    return [json.loads(l) for l in cli("convert", "--to", "jsonl", path).splitlines()]


def same_turn(recorded, obj):
    """A `RecordedTurn` holds what the command's turn object does, its variations too."""
    assert recorded.number == obj["number"]
    assert recorded.side == obj["side"] and recorded.legal == obj["legal"]
    assert recorded.kind == obj["kind"] and recorded.notation == notation(obj)
    assert recorded.comments == [c["text"] for c in obj["comments"]]
    lines = obj.get("variations", [])
    assert [v.path for v in recorded.variations] == [l["path"] for l in lines]
    for v, l in zip(recorded.variations, lines):
        same_line(v, l)


def same_line(variation, obj):
    assert isinstance(variation, seega.Variation)
    assert variation.path == obj["path"]
    assert variation.parent_turn == int(obj["path"].split("/")[-1].split(".")[0])
    assert variation.parent_line == "/".join(obj["path"].split("/")[:-1])
    assert variation.depth == len(obj["path"].split("/"))
    assert variation.comments == [c["text"] for c in obj.get("comments", [])]
    assert variation.nags == obj.get("nags", []) and variation.result == obj["result"]
    assert len(variation.turns) == len(obj["turns"])
    for t, o in zip(variation.turns, obj["turns"]):
        same_turn(t, o)


def finals_along(cli, games, objs, tmp_path):
    """For every legal turn of every variation of `games` (whose JSON objects are `objs`): the
    command's position after it, as `seega convert` gives the `final` of the game made of the
    turns written from the start to that turn (the variation's earlier turns, and those of the
    lines it branches from before its branch point), under the game's tags."""
    texts, keys = [], []
    for game, obj in zip(games, objs):
        tags = "".join(f'[{k} "{v}"]\n' for k, v in game.headers.items() if k != "Result")
        for line, earlier in json_lines(obj["turns"]):
            written = [notation(t) for t in earlier]
            for turn in line["turns"]:
                written.append(notation(turn))
                if turn["legal"]:
                    texts.append(f"{tags}\n{' '.join(written)} *\n")
                    keys.append((game.number, line["path"], turn["number"]))
    archive = tmp_path / "lines.sgn"
    archive.write_text("\n".join(texts))
    finals = [o["final"] for o in objects(cli, archive)]
    assert len(finals) == len(keys)
    return dict(zip(keys, finals))


def check_positions(cli, games, tmp_path):
    """Every variation turn's position from Python is the command's; returns how many."""
    objs = [json.loads(g.to_json()) for g in games]
    finals = finals_along(cli, games, objs, tmp_path)
    assert finals, "no legal turn in a variation"
    seen = 0
    for game in games:
        for v in game.variations():
            played = [t for t in v.turns if t.legal]
            positions = game.positions(line=v.path)
            assert len(positions) == len(played)
            for t, position in zip(played, positions):
                expected = finals[(game.number, v.path, t.number)]
                board = game.board(line=v.path, turn=t.number)
                assert str(board.position()) == str(position) == expected
                assert len(board.move_stack) == t.number
                assert str(board.peek()) == t.notation
                seen += 1
            if played:
                assert game.board(line=v) == game.board(line=v.path, turn=played[-1].number)
    assert seen == len(finals)
    return seen


def test_the_samples_turns_and_lines_are_the_commands(cli):
    games = list(seega.read_games(SAMPLE))
    objs = objects(cli, SAMPLE)
    assert len(games) == len(objs) == 2
    for game, obj in zip(games, objs):
        assert len(game.turns) == len(obj["turns"])
        for turn, o in zip(game.mainline(), obj["turns"]):
            same_turn(turn, o)
        lines = [l for l, _ in json_lines(obj["turns"])]
        assert [v.path for v in game.variations()] == [l["path"] for l in lines]
        for v, l in zip(game.variations(), lines):
            same_line(v, l)
            assert game.variation(v.path) == v
    first = [v.path for v in games[0].variations()]
    assert first == ["1.1", "1.1/3.1", "1.1/3.1/3.1", "6.1", "6.2", "95.1"]
    deep = games[0].variation("1.1/3.1/3.1")
    assert deep.comments == [] and deep.turns[0].comments == ["three deep"]
    assert games[0].variation("1.1/3.1").turns[0].notation == "a1,e5"
    assert games[1].variation("16.1").result == "*"


def test_the_samples_positions_along_every_line_are_the_commands(cli, tmp_path):
    games = list(seega.read_games(SAMPLE))
    assert check_positions(cli, games, tmp_path) >= 15
    # A variation starts from the position before the turn it is an alternative to.
    (game, _) = games
    v = game.variation("6.1")
    assert game.board(line=v, turn=5) == game.board(turn=5)
    assert game.board(line=v, turn=6) != game.board(turn=6)


def with_variations(game, rng, illegal):
    """`game` written again with a variation after some of its legal turns: legal turns drawn
    from the position before the turn (`Position.legal_turns`), some with a variation of their
    own; with `illegal`, one turn of the first variation is one its position refuses."""
    positions = [game.board(turn=0).position(), *game.positions()]
    turns = [t for t in game.turns if t.legal]
    header = str(game).split("\n\n")[0]
    words = []
    for k, turn in enumerate(turns):
        words.append(turn.notation)
        if k % 5 != 2:
            continue
        line, pos = [], positions[k]
        for depth in range(4):
            if pos.is_over:
                break
            choices = [t for t in pos.legal_turns() if depth or str(t) != turn.notation]
            if not choices:
                break
            pick = rng.choice(choices)
            if depth == 1 and len(choices) > 1:
                other = rng.choice([t for t in choices if t != pick])
                line.append(f"{pick} ({other})")
            else:
                line.append(str(pick))
            pos = pos.play(pick)
        if illegal and line:
            line.append(turns[0].notation)  # a placement on taken squares, or out of phase
            illegal = False
        if line:
            words.append("(" + " ".join(line) + ")")
    return f"{header}\n\n{' '.join(words)} {game.result or '*'}\n"


def test_generated_games_with_variations(cli, tmp_path):
    rng = random.Random(34)
    base = seega.parse(seega.generate(12, seed=34, max_turns=20))
    texts = [with_variations(g, rng, illegal=(g.number % 3 == 0)) for g in base]
    games = seega.parse("\n".join(texts))
    assert len(games) == len(base)
    archive = "\n".join(texts).encode()
    objs = [json.loads(l) for l in cli("convert", "--to", "jsonl", "-", stdin=archive).splitlines()]
    checks = [json.loads(l) for l in cli("check", "--format", "jsonl", "-", stdin=archive).splitlines()]
    problems = [c for c in checks if c["type"] == "diagnostic"]
    nested = 0
    for game, obj in zip(games, objs):
        lines = [l for l, _ in json_lines(obj["turns"])]
        assert [v.path for v in game.variations()] == [l["path"] for l in lines] != []
        nested += sum("/" in v.path for v in game.variations())
        for v, l in zip(game.variations(), lines):
            same_line(v, l)
        # The main line is the generated game's: its variations change none of its figures.
        assert game.mainline_turns() == base[game.number - 1].mainline_turns()
        assert game.check().valid == (game.number % 3 != 0)
        assert [p.to_dict() for p in game.check().problems] == [
            {**p, "file": "<text>"} for p in problems if p["game"] == game.number
        ]
    assert nested >= 3
    assert check_positions(cli, games, tmp_path) >= 50


def test_a_problem_in_a_variation_names_its_line(cli):
    (game,) = seega.parse(BROKEN)
    verdict = game.check()
    assert not verdict.valid
    found = [(p.code, p.variation, p.turn) for p in verdict.problems]
    assert found == [("seega::place::occupied", "1.1", 2), ("seega::place::centre", None, 3)]
    lines = cli("check", "--format", "jsonl", "-", stdin=BROKEN.encode()).splitlines()
    expected = [json.loads(l) for l in lines if b'"diagnostic"' in l]
    assert [p.to_dict() for p in verdict.problems] == [{**p, "file": "<text>"} for p in expected]
    assert "variation" not in verdict.problems[1].to_dict()
    # The illegal turn and the one after it are not played; the line stops before them.
    turns = game.variation("1.1").turns
    assert [(t.number, t.legal, t.side) for t in turns] == [
        (1, True, "black"), (2, False, None), (3, False, None)
    ]
    assert [str(p) for p in game.positions(line="1.1")] == ["5/5/5/5/bb3 w 10/12"]
    with pytest.raises(ValueError, match="turn 2 is past the turns played along the line: give 0 to 1"):
        game.board(line="1.1", turn=2)
    # A problem in a variation pickles with its line.
    problem = verdict.problems[0]
    assert pickle.loads(pickle.dumps(problem)) == problem and problem.variation == "1.1"
    assert problem != verdict.problems[1]


def test_a_line_not_reached_and_bad_paths_are_refused():
    (game,) = seega.parse(BROKEN)
    # 3.1 is the alternative to the illegal turn 3: its position is reached, none of it played.
    assert [t.legal for t in game.variation("3.1").turns] == [False]
    assert game.positions(line="3.1") == []
    assert game.board(line="3.1") == game.board()
    with pytest.raises(ValueError, match=r"line `4.1` of game 1 is not reached"):
        game.board(line="4.1")
    with pytest.raises(ValueError, match=r"^line `1.3` names no variation of game 1$"):
        game.positions(line="1.3")
    with pytest.raises(ValueError, match=r"^path `1.3` names no variation of game 1$"):
        game.variation("1.3")
    with pytest.raises(ValueError, match=r"^path `14` is no line: write a variation as TURN.INDEX"):
        game.variation("14")
    with pytest.raises(ValueError, match=r"^line `0.1` is no line"):
        game.board(line="0.1")
    with pytest.raises(ValueError, match="^path is empty, the main line's"):
        game.variation("")
    with pytest.raises(TypeError, match="^line must be a line path .* not int"):
        game.board(line=3)
    with pytest.raises(ValueError, match="^turn must be a whole number"):
        game.board(turn=-1)
    assert game.board(line="") == game.board() and game.positions(line="") == game.positions()


def test_nested_lines_glyphs_comments_and_results():
    (game,) = seega.parse(BROKEN)
    outer = game.variation("1.2")
    (inner,) = outer.turns[1].variations
    assert [v.path for v in game.turns[0].variations] == ["1.1", "1.2"]
    assert inner == game.variation("1.2/2.1") and inner.parent_turn == 2
    assert outer.turns[0].comments == ["why not"] and inner.result == "*"
    assert (inner.turns[0].notation, inner.turns[0].legal) == ("b1,b2", True)
    board = game.board(line=inner)
    assert [str(t) for t in board.move_stack] == ["e5,e4", "b1,b2"]
    assert repr(inner) == 'Variation(path="1.2/2.1", turns=1)'


def test_variations_are_equal_by_value_and_pickle():
    (game,) = seega.parse(BROKEN)
    (again,) = seega.parse(BROKEN)
    assert list(game.variations()) == list(again.variations())
    assert game.variation("1.1") != game.variation("1.2")
    for v in game.variations():
        assert pickle.loads(pickle.dumps(v)) == v
        with pytest.raises(TypeError):
            hash(v)
    first = game.turns[0]
    back = pickle.loads(pickle.dumps(first))
    assert back == first and back.variations == first.variations and len(back.variations) == 2
    assert back.variations[1].turns[1].variations[0].path == "1.2/2.1"
    # A turn's variations count in its equality.
    (plain,) = seega.parse('[Rules "standard"]\n\n1. c2,d4 *\n')
    assert plain.turns[0].notation == first.notation and plain.turns[0] != first
    assert plain.turns[0].variations == [] and list(plain.variations()) == []
