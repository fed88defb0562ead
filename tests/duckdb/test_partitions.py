"""`seega convert --to parquet --partition-by COLUMN` read back by DuckDB as one partitioned
table (`hive_partitioning`): the same rows as the table of one file, the column's values taken
from the directories' names, escaped values (`standard size%3D7`) and nulls included.

Needs `duckdb` (`.ci/run` installs it) and the `seega` command (SEEGA_BIN, else target/debug):
with CI set, a missing one fails the test instead of skipping.
"""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def need(what, why):
    """Fails under CI, else skips, when `what` is missing."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is missing and CI is set: {why}")
    pytest.skip(f"{what} is missing: {why}")


def seega(*args):
    path = pathlib.Path(os.environ.get("SEEGA_BIN", ROOT / "target" / "debug" / "seega"))
    if not path.exists():
        need("the seega command", "cargo build")
    subprocess.run([str(path), *args], check=True, capture_output=True)


@pytest.mark.parametrize("column", ["rules", "valid", "rules_size", "result"])
def test_duckdb_reads_the_partitions_as_the_whole_table(tmp_path, column):
    try:
        import duckdb
    except ImportError:
        need("duckdb", "pip install duckdb")
    samples = str(ROOT / "samples")
    whole, parts = tmp_path / "whole.parquet", tmp_path / "parts"
    seega("convert", "--to", "parquet", samples, "-o", str(whole))
    seega("convert", "--to", "parquet", "--partition-by", column, samples, "-o", str(parts))
    con = duckdb.connect()
    con.execute(
        f"""CREATE VIEW parts AS SELECT * FROM read_parquet('{parts}/*/*.parquet',
        hive_partitioning = true, hive_types_autocast = false)"""
    )
    con.execute(f"CREATE VIEW whole AS SELECT * FROM '{whole}'")
    kept = "file, game, valid, result, rules, captures, final"
    # The partition's column comes back as text; the whole table's, cast to text.
    cast = ", ".join(f"CAST({c} AS VARCHAR) AS {c}" for c in kept.split(", "))
    total = con.execute("SELECT count(*) FROM whole").fetchone()[0]
    assert con.execute("SELECT count(*) FROM parts").fetchone()[0] == total
    for a, b in [("whole", "parts"), ("parts", "whole")]:
        rows = con.execute(f"SELECT {cast} FROM {a} EXCEPT ALL SELECT {cast} FROM {b}").fetchall()
        assert rows == [], f"{column}: rows of {a} not in {b}: {rows[:3]}"
    names = {p.name for p in parts.iterdir()}
    assert len(names) > 1 and all(n.startswith(f"{column}=") for n in names)
