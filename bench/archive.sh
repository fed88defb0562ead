#!/usr/bin/env bash
# Throughput and memory of `seega` against grep on generated archives, then on the archive
# shapes of bench/shapes.sh.
#
# Usage: bench/archive.sh [GAMES]    (default 200000, about 120 MB; then 10× as many)
#        SHAPE_GAMES=N (default GAMES / 4) sets the games of each shape, SHAPE_GAMES=0 skips
#        them, ONLY_SHAPES=1 runs only them.
#
# For each archive it prints, side by side: the time of `grep -c '\[Result'` (the speed of
# reading the file), `seega check --jobs 1`, `seega check` (all cores) and, when this build has
# the subcommand, `seega convert --to jsonl > /dev/null`, each with its ratio to grep and its
# peak RSS from /usr/bin/time -v, on a warm page cache. The commands run in rounds, one after
# the other in each round (REPEAT rounds, default 3; 1 for the large archive), so that a shared
# machine whose speed drifts slows them alike. Printed: the best time of each command, its ratio
# to grep's best, and the median over rounds of its ratio to grep in the same round (the figure
# least moved by the drift). Set BENCH_DIR to keep the archives.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${1:-200000}
REPEAT=${REPEAT:-3}
[ "$REPEAT" -ge 1 ] 2>/dev/null || { echo "REPEAT must be a number of rounds, 1 or more" >&2; exit 2; }
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

# run CMD: one run of CMD; its wall time (measured around the command) into $SECS, its peak
# RSS in KiB (from /usr/bin/time -v) into $KIB, and its user + system time into $CPU (on a busy
# machine it tells the work apart from the waiting).
run() {
    local t0 t1
    t0=$(date +%s%N)
    local status=0
    /usr/bin/time -v -o "$DIR/time.txt" bash -c "$1" >/dev/null 2>"$DIR/stderr.txt" || status=$?
    t1=$(date +%s%N)
    if [ "$status" != 0 ]; then
        echo "failed (status $status): $1" >&2
        cat "$DIR/stderr.txt" >&2
        exit 1
    fi
    SECS=$(awk "BEGIN{print ($t1 - $t0) / 1e9}")
    KIB=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$DIR/time.txt")
    CPU=$(awk -F': ' '/User time|System time/ {t += $2} END {print t}' "$DIR/time.txt")
}

# median_ratio "A1 A2 …" "B1 B2 …" [DIGITS]: the median over rounds of Ai / Bi.
median_ratio() {
    paste <(tr ' ' '\n' <<<"$1" | sed '/^$/d') <(tr ' ' '\n' <<<"$2" | sed '/^$/d') |
        awk '{print $1 / $2}' | sort -g |
        awk -v d="${3:-1}" '{v[NR] = $1} END {
            m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%.*f", d, m
        }'
}

bench() {
    local games=$1 repeat=$2 file="$DIR/games-$1.sgn"
    [ -s "$file" ] || "$BIN" generate --games "$games" --seed 1 -o "$file"
    local mb
    mb=$(awk "BEGIN{printf \"%.0f\", $(stat -L -c %s "$file")/1e6}")
    cat "$file" >/dev/null
    # GNU grep stops at the first match when its output is /dev/null: count into a file.
    local names=("grep -c '\\[Result'" "seega check --jobs 1" "seega check")
    local cmds=("grep -c '\\[Result' '$file' > '$DIR/count.txt'"
        "'$BIN' check --jobs 1 '$file'" "'$BIN' check '$file'")
    if [ "$HAVE_CONVERT" = 1 ]; then
        names+=("seega convert --to jsonl > /dev/null")
        cmds+=("'$BIN' convert --to jsonl '$file'")
    fi
    local n=${#cmds[@]} r k
    # Per command: its times (one line per round), its best time and CPU, its largest RSS.
    local times=() best=() cpu=() rss=()
    for k in $(seq 0 $((n - 1))); do times[k]=""; best[k]=""; rss[k]=0; done
    for r in $(seq "$repeat"); do
        for k in $(seq 0 $((n - 1))); do
            run "${cmds[k]}"
            times[k]="${times[k]} $SECS"
            if [ -z "${best[k]}" ] || awk "BEGIN{exit !($SECS < ${best[k]})}"; then
                best[k]=$SECS
                cpu[k]=$CPU
            fi
            [ "$KIB" -gt "${rss[k]}" ] && rss[k]=$KIB
        done
    done
    echo
    echo "archive: $games games, $mb MB, $(nproc) cores, $repeat rounds, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '%-36s %9s %9s %11s %9s %12s\n' command "best s" "× grep" "median ×" "cpu s" "peak RSS"
    for k in $(seq 0 $((n - 1))); do
        local med
        med=$(median_ratio "${times[k]}" "${times[0]}")
        printf '%-36s %9.3f %9.1f %11s %9.2f %8.1f MiB\n' "${names[k]}" "${best[k]}" \
            "$(awk "BEGIN{print ${best[k]} / ${best[0]}}")" "$med" "${cpu[k]}" \
            "$(awk "BEGIN{print ${rss[k]} / 1024}")"
    done
    if [ "$HAVE_CONVERT" = 1 ]; then
        printf 'convert / check (all cores): best %.2f, median of rounds %s\n' \
            "$(awk "BEGIN{print ${best[3]} / ${best[2]}}")" "$(median_ratio "${times[3]}" "${times[2]}" 2)"
    else
        printf '%-36s %s\n' "seega convert --to jsonl" "skipped: no convert subcommand in this build"
    fi
}

# shapes GAMES REPEAT: each run of bench/shapes.sh on its archive of GAMES games, with one
# thread and with two, against `grep -c '\[Result'` on the same archive, in REPEAT rounds
# (each round runs grep and the two, one after the other). Output goes to a file.
shapes() {
    local games=$1 repeat=$2 entry name shape args file r
    # One directory for each number of games, so that a kept BENCH_DIR never measures the
    # archives of another count under this one's name.
    local sdir=$DIR/shapes-$games
    mkdir -p "$sdir"
    [ -s "$sdir/variations.sgn" ] || make_shapes "$BIN" "$sdir" "$games"
    echo
    echo "shapes: $games games each, $(nproc) cores, $repeat rounds, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '%-30s %6s %9s %9s %9s %9s %9s\n' run MB "grep s" "1 thr. s" "× grep" "2 thr. s" "× grep"
    for entry in "${SHAPE_RUNS[@]}"; do
        IFS='|' read -r name shape args <<<"$entry"
        file=$sdir/$shape.sgn
        cat "$file" >/dev/null
        local g="" one="" two=""
        for r in $(seq "$repeat"); do
            run "grep -c '\[Result' '$file' > '$DIR/count.txt'"
            [ -z "$g" ] || awk "BEGIN{exit !($SECS < $g)}" && g=$SECS
            run "'$BIN' $args --jobs 1 '$file' > '$DIR/out.txt' || [ \$? = 1 ]"
            [ -z "$one" ] || awk "BEGIN{exit !($SECS < $one)}" && one=$SECS
            run "'$BIN' $args --jobs 2 '$file' > '$DIR/out.txt' || [ \$? = 1 ]"
            [ -z "$two" ] || awk "BEGIN{exit !($SECS < $two)}" && two=$SECS
        done
        printf '%-30s %6.0f %9.3f %9.3f %9.1f %9.3f %9.1f\n' "$name" \
            "$(awk "BEGIN{print $(stat -c %s "$file") / 1e6}")" "$g" "$one" \
            "$(awk "BEGIN{print $one / $g}")" "$two" "$(awk "BEGIN{print $two / $g}")"
    done
    echo "(best of the rounds; 1 thr. / 2 thr. is the speed-up of the second thread)"
}

if [ "${ONLY_SHAPES:-0}" != 1 ]; then
    bench "$GAMES" "$REPEAT"
    bench $((GAMES * 10)) 1
fi
SHAPE_GAMES=${SHAPE_GAMES:-$((GAMES / 4))}
if [ "$SHAPE_GAMES" -gt 0 ]; then
    source bench/shapes.sh
    shapes "$SHAPE_GAMES" "$REPEAT"
fi
