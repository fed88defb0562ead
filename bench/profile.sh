#!/usr/bin/env bash
# Where the time goes: instructions per input byte of `seega check --jobs 1` and
# `seega convert --to jsonl --jobs 1` on a generated archive, counted by callgrind (repeatable
# whatever else the machine does), and the functions that execute the most instructions.
#
# Usage: bench/profile.sh [GAMES]    (default 20000, about 13 MB)
# Needs valgrind (installed from Debian's packages if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-20000}
if ! command -v valgrind >/dev/null; then
    echo "installing valgrind (Debian package)" >&2
    (apt-get install -y valgrind >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y valgrind >/dev/null 2>&1)) ||
        { echo "cannot install valgrind" >&2; exit 2; }
fi
cargo build --release --quiet
BIN=$PWD/target/release/seega
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
FILE=$DIR/games.sgn
"$BIN" generate --games "$GAMES" --seed 1 -o "$FILE"
BYTES=$(stat -c %s "$FILE")

profile() { # name, then the command's arguments
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$DIR/$name.out" "$BIN" "$@" >/dev/null 2>"$DIR/$name.log" || true
    local total
    total=$(awk '/refs:/ {gsub(",", "", $NF); print $NF}' "$DIR/$name.log")
    echo
    echo "seega $*: $total instructions, $(awk "BEGIN{printf \"%.1f\", $total/$BYTES}") per input byte ($BYTES bytes)"
    callgrind_annotate --inclusive=no "$DIR/$name.out" 2>/dev/null |
        awk '/file:function/ {on=1; next} on && /^ *[0-9]/ && n++ < 12' |
        sed -E 's#/rustc/[0-9a-f]+/library/##; s#/work/[^ ]*/src/#src/#; s# \[[^]]*\]$##'
}

profile check check --jobs 1 "$FILE"
if "$BIN" convert --help 2>/dev/null | grep -q -- --jobs; then
    profile convert convert --to jsonl --jobs 1 "$FILE"
else
    profile convert convert --to jsonl "$FILE"
fi
