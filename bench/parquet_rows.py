"""Compares the Parquet outputs of two `bench/golden.sh` directories row for row, in order.

Two builds may lay a table out differently (encodings, statistics, pages) and still hold the
same rows: this reads each `*.parquet*.out` file of OLD_DIR and NEW_DIR with DuckDB and says
which differ in bytes, and fails when any differs in its schema or its rows.

Usage: python3 bench/parquet_rows.py OLD_DIR NEW_DIR    (needs `pip install duckdb`)
"""

import pathlib
import sys

import duckdb


def rows(con, path):
    """The file's schema and its rows in file order."""
    rel = con.sql(f"SELECT * FROM read_parquet('{path}')")
    return [(c, str(t)) for c, t in zip(rel.columns, rel.types)], rel.fetchall()


def main(old_dir, new_dir):
    con = duckdb.connect()
    old_dir, new_dir = pathlib.Path(old_dir), pathlib.Path(new_dir)
    files = sorted(p.name for p in old_dir.glob("*.parquet*.out"))
    same_bytes = differ = 0
    for name in files:
        old, new = old_dir / name, new_dir / name
        if old.read_bytes() == new.read_bytes():
            same_bytes += 1
            continue
        if old.stat().st_size == 0 or new.stat().st_size == 0 or rows(con, old) != rows(con, new):
            print(f"differs: {name}")
            differ += 1
    print(f"{len(files)} files: {same_bytes} byte-identical, "
          f"{len(files) - same_bytes - differ} with the same rows in other bytes, {differ} different")
    return 1 if differ else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(*sys.argv[1:]))
