"""check_file and generate against the command: the same report as `check --format jsonl`, the
same bytes as `seega generate`."""

import json

import pytest

import seega
from conftest import CONFORMANCE, ROOT

FILES = sorted(
    [*ROOT.glob("samples/*.sgn"), *ROOT.glob("samples/invalid/*.sgn"), *CONFORMANCE.glob("*.sgn")]
)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_check_file_is_check_format_jsonl(cli, path):
    lines = [json.loads(l) for l in cli("check", "--format", "jsonl", path).splitlines()]
    summary = seega.check_file(path, jobs=2)
    *problems, last = lines
    assert [p.to_dict() for p in summary.problems] == problems
    assert summary.to_dict() == last
    assert bool(summary) == (last["invalid"] == 0 and last["errors"] == 0)


def test_check_file_options(cli, tmp_path):
    path = tmp_path / "tagless.sgn"
    path.write_bytes('[Event "Fête"]\n\n1. a1,b1 *\n'.encode("latin-1"))
    expected = json.loads(cli("check", "--format", "jsonl", "--rules", "seesa", "--encoding", "latin-1", path))
    summary = seega.check_file(path, rules="seesa", encoding="latin-1", jobs=1)
    assert summary.to_dict() == expected and summary.valid == 1
    assert repr(summary) == "CheckSummary(games=1, valid=1, invalid=0, errors=0, warnings=0)"
    with pytest.raises(OSError):
        seega.check_file(tmp_path / "missing.sgn")


@pytest.mark.parametrize(
    "games, seed, rules, rate",
    [(30, 0, None, 0.0), (50, 7, ["standard", "ludus size=7"], 0.2), (10, 3, "seesa size=9", 0.0)],
)
def test_generate_writes_what_seega_generate_writes(cli, games, seed, rules, rate):
    args = ["generate", "--games", games, "--seed", seed, "--invalid-rate", rate]
    if rules is not None:
        args += ["--rules", *([rules] if isinstance(rules, str) else rules)]
    text = seega.generate(games, seed=seed, rules=rules, invalid_rate=rate)
    assert text == cli(*args).decode()
    assert len(seega.parse(text)) == games


def test_generated_games_are_valid_and_deterministic():
    text = seega.generate(40, seed=11, max_turns=20)
    assert text == seega.generate(40, seed=11, max_turns=20)
    assert text != seega.generate(40, seed=12, max_turns=20)
    assert all(g.check().valid for g in seega.parse(text))


@pytest.mark.parametrize(
    "kwargs", [{"invalid_rate": 2.0}, {"rules": []}, {"rules": "chess"}, {"rules": 5}]
)
def test_generate_refuses_bad_options(kwargs):
    with pytest.raises((ValueError, TypeError)):
        seega.generate(3, **kwargs)
