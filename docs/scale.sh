#!/usr/bin/env bash
# An archive too large for one process, in parts: split it, convert the parts to Parquet in
# parallel, query every part at once with DuckDB, and check the answers against the whole file.
# Run in an empty directory, with seega on the PATH and Python's duckdb package installed:
#   bash docs/scale.sh [GAMES] [GAMES_A_PART]
set -euo pipefail
games=${1:-200000}
per_part=${2:-20000}
python=${PYTHON:-python3}

# 1. An archive (generated here; any archive will do).
seega generate --games "$games" --seed 1 --rules standard ludus "seesa size=9" \
    --invalid-rate 0.01 -o archive.sgn

# 2. Cut at game boundaries: parts/part-0001.sgn, … and their manifest parts/parts.jsonl.
seega split --games "$per_part" -o parts archive.sgn

# 3. Each part to Parquet, as many at a time as there are cores.
ls parts/part-*.sgn | xargs -P "$(nproc)" -I{} \
    sh -c 'seega convert --jobs 1 --to parquet "$1" -o "${1%.sgn}.parquet"' _ {}

# 4. The whole archive in one file, to compare with.
seega convert --to parquet archive.sgn -o whole.parquet

# 5. One query over all the parts at once, and the same over the whole.
"$python" - <<'PY'
import duckdb

query = """
    SELECT rules, result, count(*) AS games, sum(captures) AS captures
    FROM read_parquet('{}')
    GROUP BY ALL ORDER BY ALL
"""
parts = duckdb.sql(query.format("parts/*.parquet")).fetchall()
whole = duckdb.sql(query.format("whole.parquet")).fetchall()
for row in parts:
    print(*row, sep="\t")
assert parts == whole, "the parts and the whole differ"

# Game k of a part is game first_game + k - 1 of the archive (parts/parts.jsonl).
stitched = """
    SELECT m.file, m.first_game + p.game - 1 AS game, p.valid, p.final
    FROM read_parquet('parts/*.parquet') AS p
    JOIN read_json('parts/parts.jsonl') AS m ON parse_filename(p.file) = m.part
"""
differ = duckdb.sql(f"""
    ({stitched} EXCEPT SELECT file, game, valid, final FROM 'whole.parquet')
    UNION ALL
    (SELECT file, game, valid, final FROM 'whole.parquet' EXCEPT {stitched})
""").fetchall()
assert differ == [], f"games that do not stitch back: {differ[:5]}"
(games,), = duckdb.sql("SELECT count(*) FROM 'whole.parquet'").fetchall()
print(f"the parts and the whole agree: {games} games")
PY
