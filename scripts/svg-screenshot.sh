#!/usr/bin/env bash
# Renders an SVG to a PNG with headless Chromium, to check that `seega show --svg` diagrams
# open in a browser and look right. Run by hand (not in CI):
#
#   scripts/svg-screenshot.sh diagram.svg diagram.png [WIDTH HEIGHT]
#
# The window size defaults to the width and height written in the SVG's root element.
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 4 ]; then
    echo "usage: $0 IN.svg OUT.png [WIDTH HEIGHT]" >&2
    exit 2
fi
svg=$1
png=$2
[ -f "$svg" ] || { echo "$0: no such file: $svg" >&2; exit 2; }
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
[ -n "$chromium" ] || { echo "$0: chromium not found (set CHROMIUM)" >&2; exit 2; }
root=$(grep -o '<svg [^>]*>' "$svg" | head -n 1)
width=${3:-$(sed -n 's/.* width="\([0-9]*\)".*/\1/p' <<<"$root")}
height=${4:-$(sed -n 's/.* height="\([0-9]*\)".*/\1/p' <<<"$root")}
[ -n "$width" ] && [ -n "$height" ] || { echo "$0: give WIDTH HEIGHT: the SVG has none" >&2; exit 2; }
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
abs_svg=$(realpath "$svg")
abs_png=$(realpath -m "$png")
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --screenshot="$abs_png" \
    --window-size="$width,$height" "file://$abs_svg" >/dev/null 2>&1
[ -s "$abs_png" ] || { echo "$0: chromium wrote no screenshot" >&2; exit 1; }
echo "$abs_png (${width}x${height})"
