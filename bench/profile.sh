#!/usr/bin/env bash
# Where the time goes: instructions per input byte of seega on each archive shape of
# `bench/shapes.sh` (`check` of each, `convert --to jsonl` of the standard and the other
# writer's archives), one thread (`--jobs 1`), counted by callgrind (repeatable whatever else
# the machine does), and the functions that execute the most instructions.
#
# Usage: bench/profile.sh [GAMES] [SHAPE_RUN…]    (default 20000 games a shape, about 13 MB
#        for the standard one; SHAPE_RUN: the names of the runs to profile, default all)
# Example: bench/profile.sh 5000 'check invalid (human)'
# Needs valgrind and python3 (valgrind installed from Debian's packages if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-20000}
shift || true
if ! command -v valgrind >/dev/null; then
    echo "installing valgrind (Debian package)" >&2
    (apt-get install -y valgrind >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y valgrind >/dev/null 2>&1)) ||
        { echo "cannot install valgrind" >&2; exit 2; }
fi
cargo build --release --quiet
BIN=$PWD/target/release/seega
source bench/shapes.sh
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
make_shapes "$BIN" "$DIR" "$GAMES"

profile() { # name, input, then the command's arguments
    local name=$1 file=$DIR/$2.sgn
    shift 2
    local bytes total
    bytes=$(stat -c %s "$file")
    valgrind --tool=callgrind --callgrind-out-file="$DIR/run.out" "$BIN" "$@" --jobs 1 "$file" \
        >"$DIR/run.stdout" 2>"$DIR/run.log" || true
    total=$(awk '/refs:/ {gsub(",", "", $NF); print $NF}' "$DIR/run.log")
    echo
    echo "$name: $total instructions, $(awk "BEGIN{printf \"%.1f\", $total/$bytes}") per input byte ($bytes bytes)"
    callgrind_annotate --inclusive=no "$DIR/run.out" 2>/dev/null |
        awk '/file:function/ {on=1; next} on && /^ *[0-9]/ && n++ < 12' |
        sed -E 's#/rustc/[0-9a-f]+/library/##; s#/work/[^ ]*/src/#src/#; s# \[[^]]*\]$##'
}

for entry in "${SHAPE_RUNS[@]}"; do
    IFS='|' read -r name shape args <<<"$entry"
    if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qxF -- "$name"; then
        continue
    fi
    # shellcheck disable=SC2086 # the arguments are words
    profile "$name" "$shape" $args
done
