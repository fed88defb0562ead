#!/usr/bin/env bash
# Is `seega check` linear in its input on hostile archives? For each shape it times an input and
# one 10× larger (best of 3), with one thread and with all cores, and prints the ratio of the
# times: about 10 means linear.
#
#   comment  one game holding one comment of 1 MB / 10 MB
#   long     one legal game of 10,000 / 100,000 turns
#   tiny     100,000 / 1,000,000 games of one placement each
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
BIN=$PWD/target/release/seega
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

make() { # shape scale file
    python3 - "$1" "$2" "$3" <<'PY'
import sys
shape, scale, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "w") as f:
    if shape == "comment":
        f.write('[Event "comment"]\n\n1. a1,a2 { ')
        line = "a long note that never ends, with [brackets] and 1-0 inside\n"
        f.write(line * (scale * 1_000_000 // len(line)))
        f.write('} *\n')
    elif shape == "long":
        f.write('[Event "long"]\n[Position "b4/5/5/5/4w w"]\n\n')
        cycle = ["e1-e2", "a5-a4", "e2-e1", "a4-a5"]
        turns = 10_000 * scale
        words = [cycle[i % 4] for i in range(turns)]
        for i in range(0, turns, 12):
            f.write(" ".join(words[i:i + 12]) + "\n")
        f.write("*\n")
    else:
        f.write("c2,d4 *\n" * (100_000 * scale))
PY
}

best() { # command...: best of 3 wall-clock seconds
    local b=""
    for _ in 1 2 3; do
        local s0 s1 t
        s0=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        s1=$(date +%s.%N)
        t=$(awk "BEGIN{print $s1 - $s0}")
        if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
    done
    echo "$b"
}

printf '%-8s %-8s %10s %10s %8s\n' shape jobs "1× (s)" "10× (s)" ratio
for shape in comment long tiny; do
    make "$shape" 1 "$DIR/$shape-1.sgn"
    make "$shape" 10 "$DIR/$shape-10.sgn"
    for jobs in 1 "$(nproc)"; do
        a=$(best "$BIN" check --jobs "$jobs" "$DIR/$shape-1.sgn")
        b=$(best "$BIN" check --jobs "$jobs" "$DIR/$shape-10.sgn")
        printf '%-8s %-8s %10.3f %10.3f %8.1f\n' "$shape" "$jobs" "$a" "$b" "$(awk "BEGIN{print $b / $a}")"
    done
done
