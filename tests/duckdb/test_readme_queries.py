"""The guide's DuckDB queries (docs/guide.md) on the Parquet files of `seega convert`, and the
worked example of docs/scale.md, run through DuckDB's Python package; each answer is held to the
same figures counted in plain Python from `convert --to jsonl`.

Needs `duckdb` (`.ci/run` installs it) and the `seega` command (SEEGA_BIN, else target/debug):
with CI set, a missing one fails the test instead of skipping it.
"""

import collections
import json
import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = [
    *sorted((ROOT / "samples").glob("*.sgn")),
    *sorted((ROOT / "samples" / "invalid").glob("*.sgn")),
    *sorted((ROOT / "tests" / "conformance").glob("*.sgn")),
]


def need(what, why):
    """Fails under CI, else skips, when `what` is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing and CI is set: {why}")
    pytest.skip(f"{what} is missing: {why}")


@pytest.fixture(scope="module")
def duckdb():
    try:
        import duckdb as module
    except ImportError:
        need("the duckdb package", "pip install duckdb")
    return module


@pytest.fixture(scope="module")
def seega():
    path = os.environ.get("SEEGA_BIN") or str(ROOT / "target" / "debug" / "seega")
    if not pathlib.Path(path).exists():
        need("the seega command", "cargo build")
    return path


def run(seega, *args, cwd=None):
    return subprocess.run([seega, *map(str, args)], check=True, capture_output=True, cwd=cwd).stdout


def readme_queries():
    """The SQL of the guide's DuckDB queries on Parquet, in order."""
    readme = (ROOT / "docs" / "guide.md").read_text()
    section = readme[readme.index("\n### Parquet\n") :]
    block = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    return re.findall(r'duckdb\.sql\("""(.*?)"""\)', block, re.S)


@pytest.fixture(scope="module")
def tables(seega, tmp_path_factory):
    """games.parquet and turns.parquet of the corpus, and its game objects."""
    d = tmp_path_factory.mktemp("parquet")
    run(seega, "convert", "--to", "parquet", *CORPUS, "-o", d / "games.parquet")
    run(seega, "convert", "--to", "parquet-turns", *CORPUS, "-o", d / "turns.parquet")
    lines = run(seega, "convert", "--to", "jsonl", *CORPUS).splitlines()
    return d, [json.loads(l) for l in lines]


def legal_turns(games):
    for g in games:
        for t in g["turns"]:
            if t["legal"]:
                yield t


def test_the_readme_queries_give_what_the_json_lines_say(duckdb, tables):
    d, games = tables
    queries = readme_queries()
    assert len(queries) == 3
    con = duckdb.connect()
    here = os.getcwd()
    try:
        os.chdir(d)
        answers = [con.sql(q).fetchall() for q in queries]
    finally:
        os.chdir(here)

    # Results by ruleset.
    by_rules = collections.Counter(
        ((g["rules"] or {}).get("text"), g["result"]) for g in games
    )
    expected = sorted(by_rules.items(), key=lambda kv: (-kv[1], kv[0][0] or "\uffff", kv[0][1] or "\uffff"))
    assert len(answers[0]) == len(by_rules) > 10
    assert sorted(answers[0], key=str) == sorted(((r, res, n) for (r, res), n in expected), key=str)
    assert answers[0][0][2] == expected[0][1]

    # The most common first placements.
    firsts = collections.Counter(
        ",".join(sorted(g["turns"][0]["squares"]))
        for g in games
        if g["turns"] and g["turns"][0]["kind"] == "place" and g["turns"][0]["legal"]
    )
    top = sorted(firsts.items(), key=lambda kv: (-kv[1], kv[0]))[:5]
    assert answers[1] == top

    # Captures by turn number.
    per_turn = collections.Counter()
    for t in legal_turns(games):
        per_turn[t["number"]] += sum(len(s["captures"]) for s in t["steps"])
    assert answers[2] == sorted(per_turn.items())
    assert sum(n for _, n in answers[2]) > 100


def test_the_scale_example_runs_and_the_parts_answer_as_the_whole(seega, tmp_path):
    """docs/scale.sh, which docs/scale.md shows, on a small archive."""
    doc = (ROOT / "docs" / "scale.md").read_text()
    script = (ROOT / "docs" / "scale.sh").read_text()
    assert f"```sh\n{script}```" in doc, "docs/scale.md shows docs/scale.sh as it is"
    try:
        import duckdb  # noqa: F401
    except ImportError:
        need("the duckdb package", "pip install duckdb")
    env = dict(os.environ, PATH=f"{pathlib.Path(seega).parent}{os.pathsep}{os.environ['PATH']}")
    env["PYTHON"] = sys.executable
    done = subprocess.run(
        ["bash", str(ROOT / "docs" / "scale.sh"), "3000", "400"],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "the parts and the whole agree" in done.stdout, done.stdout
    assert len(list((tmp_path / "parts").glob("part-*.parquet"))) == 8


def test_the_guide_s_count_of_the_json_lines_is_duckdb_s(duckdb, seega, tmp_path):
    guide = (ROOT / "docs" / "guide.md").read_text()
    found = re.search(r'`duckdb -c "(SELECT [^"]*)"` prints (\d+)\.', guide)
    assert found, "the guide's duckdb -c example"
    query, figure = found.group(1), int(found.group(2))
    run(seega, "convert", "--to", "jsonl", ROOT / "samples", "-o", tmp_path / "games.jsonl")
    here = os.getcwd()
    try:
        os.chdir(tmp_path)
        ((count,),) = duckdb.connect().sql(query).fetchall()
    finally:
        os.chdir(here)
    assert count == figure
