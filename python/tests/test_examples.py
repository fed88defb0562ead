"""The example and the benchmark run: self-play games all check valid, and bench.py measures
a small archive."""

import importlib.util

from conftest import ROOT, cli_path

PYTHON = ROOT / "python"


def load(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_self_play_writes_valid_games(tmp_path, capsys):
    self_play = load(PYTHON / "examples" / "self_play.py")
    out = tmp_path / "games.sgn"
    assert self_play.main(["--games", "60", "--seed", "4", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "all valid" in printed
    assert "CheckSummary(games=60, valid=60, invalid=0" in printed
    assert out.read_text().count('[Event "Self-play"]') == 60


def test_self_play_under_other_rules(tmp_path):
    self_play = load(PYTHON / "examples" / "self_play.py")
    out = tmp_path / "games.sgn"
    assert self_play.main(["--games", "10", "--rules", "seesa size=7", "--out", str(out)]) == 0


def test_bench_runs_on_a_small_archive(cli, tmp_path, capsys):
    bench = load(PYTHON / "bench.py")
    args = ["--games", "300", "--rounds", "1", "--seega", str(cli_path()), "--keep", str(tmp_path)]
    assert bench.main(args) == 0
    printed = capsys.readouterr().out
    assert "read_games + check / seega check --jobs 1:" in printed
    assert (tmp_path / "generated-300.sgn").exists()
