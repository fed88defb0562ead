"""The conformance corpus replayed through Python: every game gets the verdict, the first
error's line, column and turn, and the final position and ending of its expected.json."""

import json

import pytest

import seega
from conftest import CONFORMANCE

CORPORA = {"rule texts": (CONFORMANCE, 200), "wider world": (CONFORMANCE / "world", 150)}


def cases(folder):
    """(file, expected game) for every game of the corpus in `folder`."""
    expected = json.loads((folder / "expected.json").read_text())
    return [(folder / name, game) for name, games in expected.items() for game in games]


def mismatches(path, expected):
    """What differs between the games of `path` read through Python and `expected`."""
    games = list(seega.read_games(path))
    bad = []
    if len(games) != len(expected):
        bad.append(f"{path.name}: {len(games)} games, expected {len(expected)}")
    for game, exp in zip(games, expected):
        here = f"{path.name} game {game.number} ({exp['rules']})"
        verdict = game.check()
        if verdict.valid != exp["valid"]:
            bad.append(f"{here}: valid={verdict.valid}, expected {exp['valid']}: {verdict!r}")
            continue
        if game.result != exp["result"]:
            bad.append(f"{here}: result {game.result!r}, expected {exp['result']!r}")
        if exp["valid"]:
            # The corpus writes the board and the side; seega's final adds the hands and the
            # game's state (an opening owed, turns counted toward a limit) when they say something.
            if " ".join(game.final.split(" ")[:2]) != exp["final"]:
                bad.append(f"{here}: final {game.final!r}, expected {exp['final']!r}")
            over = game.outcome[0] if game.outcome else None
            if over != exp["over"]:
                bad.append(f"{here}: over {over!r}, expected {exp['over']!r}")
            continue
        first = next(p for p in verdict.problems if p.severity == "error")
        if not any(
            first.line == line and a <= first.column <= b + 1 for line, a, b in exp["error_at"]
        ):
            bad.append(f"{here}: error at {first.line}:{first.column} {first!r}, expected {exp['error_at']}")
        if "turn" in exp and first.turn != exp["turn"]:
            bad.append(f"{here}: error on turn {first.turn}, expected {exp['turn']}")
    return bad


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_corpus(corpus):
    folder, count = CORPORA[corpus]
    all_cases = cases(folder)
    assert len(all_cases) == count
    by_file = {}
    for path, exp in all_cases:
        by_file.setdefault(path, []).append(exp)
    bad = [m for path, exp in sorted(by_file.items()) for m in mismatches(path, exp)]
    assert not bad, f"{len(bad)} mismatches:\n" + "\n".join(bad)


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_rules_are_the_rules_tags(corpus):
    folder, _ = CORPORA[corpus]
    for path, exp in cases(folder):
        games = {g.number: g for g in seega.read_games(path)}
        game = games[exp["game"]]
        assert game.headers["Rules"] == exp["rules"]
        # The resolved ruleset reads back as the same rules.
        assert seega.Position(game.rules).rules == game.rules


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_check_file_agrees_with_each_game(corpus):
    folder, _ = CORPORA[corpus]
    for path in sorted(folder.glob("*.sgn")):
        summary = seega.check_file(path)
        games = list(seega.read_games(path))
        problems = [p.to_dict() for g in games for p in g.check().problems]
        assert [p.to_dict() for p in summary.problems] == [
            dict(p, file=str(path)) for p in problems
        ]
        assert summary.games == len(games)
        assert summary.valid == sum(g.check().valid for g in games)
