"""The Spark data source `seega` (`seega.spark`) in a local cluster of two executors, bound to
127.0.0.1, over a few thousand generated games in archives plain and compressed: the games and
turns tables equal `seega convert --to parquet` (and `--to parquet-turns`) of the same
archives row for row; written partitioned by rules and read back, the same rows; an archive cut
short gives its games and a row for its problem, or fails the job naming it; Spark's own
Parquet readers read what `convert` writes; and the examples of `docs/scale.md`'s Spark section
run as shown.

Needs PySpark 4, pyarrow and a Java runtime (`.ci/run` installs PySpark; Java 17 is on the
machine) and the `seega` command (SEEGA_BIN, else target/debug): with CI set, a missing one
fails the tests instead of skipping them.
"""

import bz2
import gzip
import lzma
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = 3000


def need(what, why):
    """Fails under CI, else skips, when `what` is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing and CI is set: {why}")
    pytest.skip(f"{what} is missing: {why}")


def seega_cli(*args, cwd=None):
    path = pathlib.Path(os.environ.get("SEEGA_BIN", ROOT / "target" / "debug" / "seega"))
    if not path.exists():
        need("the seega command", "cargo build")
    subprocess.run([str(path), *map(str, args)], check=True, capture_output=True, cwd=cwd)


@pytest.fixture(scope="module")
def sparkdir(tmp_path_factory):
    """The working directory of Spark's driver, against which it resolves relative paths."""
    return tmp_path_factory.mktemp("spark-cwd")


@pytest.fixture(scope="module")
def spark(sparkdir):
    try:
        from pyspark.sql import SparkSession
        import pyarrow  # noqa: F401
    except ImportError:
        need("pyspark and pyarrow", "pip install 'pyspark>=4' pyarrow")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        need("java", "a Java 17 runtime")
    # Nothing listens on or reaches another address than the loopback; the executors run
    # this Python, which has the package.
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    os.environ["PYSPARK_PYTHON"] = sys.executable
    # The driver's JVM starts in `sparkdir` and stays there.
    here = os.getcwd()
    os.chdir(sparkdir)
    session = (
        SparkSession.builder.master("local-cluster[2,1,1024]")
        .appName("seega-tests")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .config("spark.task.maxFailures", "2")
        .getOrCreate()
    )
    os.chdir(here)
    import seega.spark

    seega.spark.register(session)
    yield session
    session.stop()


@pytest.fixture(scope="module")
def archives(tmp_path_factory):
    """`archives/`: generated games with invalid ones, split into four parts, three of them
    compressed (gzip, bzip2, xz); and `bad/`: the same, with one part cut short."""
    d = tmp_path_factory.mktemp("spark")
    seega_cli("generate", "--games", GAMES, "--seed", 11, "--invalid-rate", "0.05",
              "--rules", "standard", "standard size=7", "-o", d / "all.sgn")
    seega_cli("split", "--games", GAMES // 4, d / "all.sgn", "-o", d / "split")
    good = d / "archives"
    good.mkdir()
    parts = sorted((d / "split").glob("part-*.sgn"))
    shutil.copy(parts[0], good / parts[0].name)
    for part, (ext, pack) in zip(parts[1:], [("gz", gzip), ("bz2", bz2), ("xz", lzma)]):
        (good / f"{part.name}.{ext}").write_bytes(pack.compress(part.read_bytes()))
    bad = d / "bad"
    shutil.copytree(good, bad)
    cut = bad / f"{parts[1].name}.gz"
    data = cut.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    return d, good, bad, cut


def parquet_rows(tmp, to, path):
    import pyarrow.parquet as pq

    out = tmp / f"{to}.parquet"
    seega_cli("convert", "--to", to, path, "-o", out)
    return pq.read_table(out).to_pylist()


def spark_rows(df):
    return df.toArrow().to_pylist()


@pytest.fixture(scope="module")
def converted(archives, tmp_path_factory):
    """`seega convert` of `archives/` to each table, made once: the file and its rows as
    pyarrow reads them."""
    _, good, _, _ = archives
    d = tmp_path_factory.mktemp("converted")
    made = {}

    def get(to):
        if to not in made:
            made[to] = (d / f"{to}.parquet", parquet_rows(d, to, good))
        return made[to]

    return get


@pytest.mark.parametrize("table,to", [("games", "parquet"), ("turns", "parquet-turns")])
def test_the_tables_are_those_of_convert_row_for_row(spark, archives, converted, table, to):
    _, good, _, _ = archives
    df = spark.read.format("seega").option("table", table).load(str(good))
    assert df.rdd.getNumPartitions() == 4, "one partition per archive"
    got = spark_rows(df)
    _, want = converted(to)
    if table == "games":
        assert len(got) == GAMES
        assert any(not r["valid"] for r in got)
    assert got == want


# Spark's vectorized reader reads the games table in the scale page's example below.
@pytest.mark.parametrize(
    "to,vectorized",
    [("parquet", "false"), ("parquet-turns", "true"), ("parquet-turns", "false")],
)
def test_sparks_own_parquet_readers_read_what_convert_writes(spark, converted, to, vectorized):
    # Both of Spark's readers: its vectorized one, and Parquet's Java reader.
    path, want = converted(to)
    spark.conf.set("spark.sql.parquet.enableVectorizedReader", vectorized)
    try:
        got = spark_rows(spark.read.parquet(str(path)))
    finally:
        spark.conf.unset("spark.sql.parquet.enableVectorizedReader")
    assert len(got) == len(want) > 0
    assert got == want


def test_an_archive_cut_short_gives_its_games_and_a_row_for_its_problem(spark, archives):
    _, _, bad, cut = archives
    rows = spark_rows(spark.read.format("seega").load(str(bad)))
    keys = [(r["file"], r["game"]) for r in rows]
    assert len(keys) == len(set(keys)), "no row twice"
    mine = [r for r in rows if r["file"] == str(cut)]
    problem = mine[-1]
    assert 0 < problem["game"] - 1 < GAMES // 4
    assert [r["game"] for r in mine] == list(range(1, problem["game"] + 1))
    assert not problem["valid"] and problem["turns"] == []
    (error,) = problem["errors"]
    assert error["code"] == "seega::input::unreadable"
    assert str(cut.name) in error["message"] and "cut short" in error["message"]
    others = [r for r in rows if r["file"] != str(cut)]
    assert len(others) == GAMES - GAMES // 4


def test_failfast_fails_the_job_naming_the_archive(spark, archives):
    _, _, bad, cut = archives
    df = spark.read.format("seega").option("mode", "FAILFAST").load(str(bad))
    with pytest.raises(Exception) as e:
        df.count()
    assert cut.name in str(e.value) and "cut short" in str(e.value)


def test_bad_options_are_refused_with_a_message(spark, archives):
    _, good, _, _ = archives
    for option, value, words in [
        ("table", "moves", "table is `moves`: give games or turns"),
        ("mode", "lenient", "mode is `LENIENT`: give PERMISSIVE or FAILFAST"),
    ]:
        with pytest.raises(Exception, match=re.escape(words)):
            spark.read.format("seega").option(option, value).load(str(good)).count()


def python_blocks(page, heading):
    """The ```python blocks of the section `heading` of the page."""
    text = (ROOT / page).read_text()
    section = text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_the_spark_examples_of_the_scale_page_run(
    spark, sparkdir, archives, tmp_path, monkeypatch
):
    d, good, _, _ = archives
    # Relative paths are the driver's, as on any Spark file source.
    work = sparkdir
    shutil.copytree(good, work / "archives")
    # The parts of the page's worked example: split, each part converted on its own.
    seega_cli("split", "--games", GAMES // 4, d / "all.sgn", "-o", "parts", cwd=work)
    for part in sorted((work / "parts").glob("part-*.sgn")):
        name = f"parts/{part.name}"
        seega_cli("convert", "--to", "parquet", name, "-o", name[: -len(".sgn")] + ".parquet",
                  cwd=work)
    blocks = python_blocks("docs/scale.md", "On a cluster: Spark")
    blocks += python_blocks("docs/scale.md", "Without files: Arrow in Python")
    assert len(blocks) >= 4
    monkeypatch.chdir(work)
    # One after another in one namespace, as a reader pastes them into one session.
    namespace = {"__name__": "scale_md", "spark": spark}
    for block in blocks:
        exec(compile(block, "docs/scale.md", "exec"), namespace)
    # What the examples wrote: the games table partitioned by rules, as convert writes it.
    back = spark.read.parquet(str(work / "games-by-rules"))
    want = parquet_rows(tmp_path, "parquet", work / "archives")
    columns = list(want[0].keys())
    got = back.select(*columns).toArrow().to_pylist()
    order = lambda r: (r["file"], r["game"])  # noqa: E731
    assert sorted(got, key=order) == sorted(want, key=order)
    assert {p.name for p in (work / "games-by-rules").iterdir() if p.is_dir()} == {
        "rules=standard",
        "rules=standard size%3D7",
    }
