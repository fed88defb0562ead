#!/usr/bin/env bash
# Throughput and memory of `seega` against grep on generated archives.
#
# Usage: bench/archive.sh [GAMES]    (default 200000, about 120 MB; then 10× as many)
#
# For each archive it prints, side by side: the time of `grep -c '\[Result'` (the speed of
# reading the file), `seega check --jobs 1`, `seega check` (all cores) and, when this build has
# the subcommand, `seega convert --to jsonl > /dev/null`, each with its ratio to grep and its
# peak RSS from /usr/bin/time -v. Times are the best of REPEAT runs (default 3, 1 for the
# large archive) on a warm page cache. Set BENCH_DIR to keep the archives.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-200000}
REPEAT=${REPEAT:-3}
if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time (Debian package \`time\`) for peak RSS" >&2
    (apt-get install -y time >/dev/null 2>&1 || (apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null 2>&1)) ||
        { echo "cannot install /usr/bin/time" >&2; exit 2; }
fi
cargo build --release --quiet
BIN=$PWD/target/release/seega
DIR=${BENCH_DIR:-$(mktemp -d)}
[ -n "${BENCH_DIR:-}" ] || trap 'rm -rf "$DIR"' EXIT
mkdir -p "$DIR"
if "$BIN" convert --help >/dev/null 2>&1; then HAVE_CONVERT=1; else HAVE_CONVERT=0; fi

# run N CMD: best wall time (measured around the command, in ns) and largest peak RSS (from
# /usr/bin/time -v) over N runs, into $SECS and $MIB; $CPU is the user + system time of the
# best run (on a busy machine it tells the work apart from the waiting).
run() {
    local n=$1 best="" rss=0 s k c t0 t1
    shift
    for _ in $(seq "$n"); do
        t0=$(date +%s%N)
        /usr/bin/time -v -o "$DIR/time.txt" bash -c "$*" >/dev/null 2>&1 || true
        t1=$(date +%s%N)
        s=$(awk "BEGIN{print ($t1 - $t0) / 1e9}")
        k=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$DIR/time.txt")
        c=$(awk -F': ' '/User time|System time/ {t += $2} END {print t}' "$DIR/time.txt")
        if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; CPU=$c; fi
        [ "$k" -gt "$rss" ] && rss=$k
    done
    SECS=$best
    MIB=$(awk "BEGIN{printf \"%.1f\", $rss/1024}")
}

bench() {
    local games=$1 repeat=$2 file="$DIR/games-$1.sgn"
    [ -s "$file" ] || "$BIN" generate --games "$games" --seed 1 -o "$file"
    local mb
    mb=$(awk "BEGIN{printf \"%.0f\", $(stat -L -c %s "$file")/1e6}")
    cat "$file" >/dev/null
    echo
    echo "archive: $games games, $mb MB, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '%-36s %9s %9s %9s %12s\n' command seconds "× grep" "cpu s" "peak RSS"
    # GNU grep stops at the first match when its output is /dev/null: count into a file.
    run "$repeat" "grep -c '\\[Result' '$file' > '$DIR/count.txt'"
    local grep_s=$SECS
    printf '%-36s %9.3f %9s %9.2f %8s MiB\n' "grep -c '\\[Result'" "$SECS" 1.0 "$CPU" "$MIB"
    line() {
        run "$repeat" "$2"
        printf '%-36s %9.3f %9.1f %9.2f %8s MiB\n' "$1" "$SECS" "$(awk "BEGIN{print $SECS/$grep_s}")" "$CPU" "$MIB"
    }
    line "seega check --jobs 1" "'$BIN' check --jobs 1 '$file'"
    line "seega check" "'$BIN' check '$file'"
    if [ "$HAVE_CONVERT" = 1 ]; then
        line "seega convert --to jsonl > /dev/null" "'$BIN' convert --to jsonl '$file'"
    else
        printf '%-36s %s\n' "seega convert --to jsonl" "skipped: no convert subcommand in this build"
    fi
}

bench "$GAMES" "$REPEAT"
bench $((GAMES * 10)) 1
