#!/usr/bin/env bash
# `seega check` of a compressed archive against `seega check` of the same archive plain, in one
# hyperfine run, on a generated archive (`seega generate --seed 1`, as bench/archive.sh makes
# them), then the peak RSS of each.
#
# Usage: bench/compressed.sh [GAMES] [FORMATS]   (default 100000 games, about 60 MB; formats
#        zst, default "zst gz bz2 xz")
#        JOBS=N (default 2) sets `check --jobs`, RUNS=N (default 10) hyperfine's runs; set
#        BENCH_DIR to keep the archives.
#
# Each compressed archive is written by `seega generate -o games.sgn.EXT` itself (the same
# games as the plain one, by the seed). Printed: hyperfine's table (mean ± σ, and each
# command's ratio to the fastest), then the peak RSS of each command from /usr/bin/time -v.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-100000}
FORMATS=${2:-zst gz bz2 xz}
JOBS=${JOBS:-2}
RUNS=${RUNS:-10}
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 2; }
cargo build --release --quiet
BIN=$PWD/target/release/seega
DIR=${BENCH_DIR:-$(mktemp -d)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$DIR"' EXIT
mkdir -p "$DIR"
plain="$DIR/games-$GAMES.sgn"
[ -s "$plain" ] || "$BIN" generate --games "$GAMES" --seed 1 -o "$plain"
cmds=("$BIN check --jobs $JOBS $plain")
for ext in $FORMATS; do
    file="$plain.$ext"
    [ -s "$file" ] || "$BIN" generate --games "$GAMES" --seed 1 -o "$file"
    cmds+=("$BIN check --jobs $JOBS $file")
done
ls -l "$plain"*
hyperfine --warmup 2 --runs "$RUNS" -N "${cmds[@]}"
if [ -x /usr/bin/time ]; then
    for c in "${cmds[@]}"; do
        kib=$(/usr/bin/time -v $c 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}')
        echo "peak RSS $kib KiB: $c"
    done
fi
