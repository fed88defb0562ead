#!/usr/bin/env bash
# What seega prints, for comparing two builds byte for byte: `check` (human and jsonl),
# `convert` (json, jsonl, sgn, parquet, parquet-turns), `fmt` and `show` (text and page) on
# every file of `samples/`, `samples/invalid/`, `tests/conformance/` and a generated mixed
# archive (five rulesets, 5 % invalid), each command's stdout, stderr and exit status in a
# file of its own.
#
# Usage: bench/golden.sh OUT_DIR [SEEGA_BINARY]    then: diff -r OLD_DIR NEW_DIR, and, when
# the Parquet files differ in bytes, python3 bench/parquet_rows.py OLD_DIR NEW_DIR (their rows)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:?usage: bench/golden.sh OUT_DIR [SEEGA_BINARY]}
BIN=${2:-}
if [ -z "$BIN" ]; then
    cargo build --release --quiet
    BIN=$PWD/target/release/seega
fi
mkdir -p "$OUT"
export NO_COLOR=1 COLUMNS=100
GEN=$(mktemp -d)
trap 'rm -rf "$GEN"' EXIT
MIXED=$GEN/generated/mixed.sgn
mkdir -p "$GEN/generated"
"$BIN" generate --games 400 --seed 7 --invalid-rate 0.05 \
    --rules standard ludus seesa 'standard size=7' 'standard size=9' -o "$MIXED" 2>/dev/null
run() { # name, then arguments
    local name=$1
    shift
    local status=0
    "$BIN" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" </dev/null || status=$?
    echo "$status" >"$OUT/$name.status"
}
for f in samples/*.sgn samples/invalid/*.sgn tests/conformance/*.sgn "$MIXED"; do
    n=$(basename "$(dirname "$f")")-$(basename "$f" .sgn)
    run "$n.check" check --color never "$f"
    run "$n.check-jsonl" check --format jsonl "$f"
    run "$n.convert-json" convert --to json "$f"
    run "$n.convert-jsonl" convert --to jsonl "$f"
    run "$n.convert-sgn" convert --to sgn "$f"
    run "$n.fmt" fmt "$f"
    run "$n.show" show --color never "$f"
    run "$n.show-html" show --html "$f"
    # Parquet holds the file's name compressed: the generated archive is named from its own
    # folder, so that the bytes do not depend on the temporary folder's name.
    (
        if [ "$f" = "$MIXED" ]; then cd "$GEN" && f=generated/mixed.sgn; fi
        run "$n.parquet" convert --to parquet "$f"
        run "$n.parquet-turns" convert --to parquet-turns "$f"
    )
done
# The JSON of each archive back to notation.
for f in "$OUT"/*.convert-json.out; do
    n=$(basename "$f" .convert-json.out)
    run "$n.json-to-sgn" convert --from json --to sgn "$f"
done
# Paths in the output name the file: make them the same for any OUT_DIR.
{ grep -rlF -- "$GEN" "$OUT" || true; } | xargs -r sed -i "s#$GEN#GEN#g"
{ grep -rlF -- "$OUT" "$OUT" || true; } | xargs -r sed -i "s#$OUT#OUT#g"
echo "$(ls "$OUT" | wc -l) files in $OUT"
