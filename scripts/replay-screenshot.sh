#!/usr/bin/env bash
# Writes the replay page of an archive (`seega show --html`) and renders one of its positions,
# opened by its deep link, to a PNG with headless Chromium. Run by hand (not in CI), from the
# repository's root, to make the pictures of docs/:
#
#   scripts/replay-screenshot.sh samples/standard.sgn 1 13 docs/replay-5x5.png
#   scripts/replay-screenshot.sh samples/seesa.sgn 2 367 docs/replay-9x9.png
#
# Usage: scripts/replay-screenshot.sh ARCHIVE GAME TURN OUT.png [WIDTH HEIGHT]
# The window is 1100×1000 unless WIDTH and HEIGHT are given; SEEGA names the binary (default:
# target/release/seega, else `seega` on the PATH), CHROMIUM the browser.
set -euo pipefail
if [ $# -ne 4 ] && [ $# -ne 6 ]; then
    echo "usage: $0 ARCHIVE GAME TURN OUT.png [WIDTH HEIGHT]" >&2
    exit 2
fi
archive=$1
game=$2
turn=$3
png=$4
width=${5:-1100}
height=${6:-1000}
[ -f "$archive" ] || { echo "$0: no such file: $archive" >&2; exit 2; }
seega=${SEEGA:-target/release/seega}
[ -x "$seega" ] || seega=$(command -v seega || true)
[ -n "$seega" ] || { echo "$0: no seega binary (cargo build --release, or set SEEGA)" >&2; exit 2; }
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$chromium" ] || { echo "$0: chromium not found (set CHROMIUM)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$seega" show "$archive" --html -o "$work/page.html"
abs_png=$(realpath -m "$png")
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/profile" --hide-scrollbars --screenshot="$abs_png" \
    --window-size="$width,$height" "file://$work/page.html#game=$game&turn=$turn" >/dev/null 2>&1
[ -s "$abs_png" ] || { echo "$0: chromium wrote no screenshot" >&2; exit 1; }
echo "$abs_png (${width}x${height})"
