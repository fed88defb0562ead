# The archive shapes `bench/archive.sh` and `bench/profile.sh` measure, and the command run on
# each. Sourced, not run: `source bench/shapes.sh; make_shapes BIN DIR GAMES`.
#
# Shapes (GAMES games each, seed 1):
#   standard   `seega generate`'s own archive: standard rules, all legal
#   other      another writer's style (bench/shapes.py other) of generated 5×5, 7×7 and 9×9
#              games: shuffled tags, escaped tag values, no move numbers, no captures,
#              annotations, comments and glyphs glued to turns, CRLF
#   invalid    generated under five rulesets, 5 % of the games with an illegal turn
#   tagless    generated under the three presets, Rules tags taken out
#   variations the standard archive's games (same main lines and tags) with a variation after
#              a tenth of the turns (`generate --variations 0.1`), some nested, annotated
#
# SHAPE_RUNS lists what is measured, one `NAME|FILE|ARGUMENTS` each; a command's output goes
# to a file (human diagnostics are rendered as for a file, not a terminal).
SHAPE_RUNS=(
    "check standard|standard|check"
    "convert --to jsonl standard|standard|convert --to jsonl"
    "check other|other|check"
    "check invalid (human)|invalid|check"
    "check tagless --rules auto|tagless|check --rules auto"
    "check variations|variations|check"
    "convert --to jsonl other|other|convert --to jsonl"
    "convert --to parquet standard|standard|convert --to parquet"
    "convert --to parquet-turns standard|standard|convert --to parquet-turns"
    "convert --to parquet other|other|convert --to parquet"
)

# make_shapes BIN DIR GAMES: writes DIR/SHAPE.sgn for every shape, and checks with BIN that
# each is as meant (exits on the first that is not).
make_shapes() {
    local bin=$1 dir=$2 games=$3 here
    here=$(dirname "${BASH_SOURCE[0]}")
    "$bin" generate --games "$games" --seed 1 -o "$dir/standard.sgn"
    "$bin" generate --games "$games" --seed 1 --rules standard 'standard size=7' 'standard size=9' |
        python3 "$here/shapes.py" other 1 >"$dir/other.sgn"
    "$bin" generate --games "$games" --seed 1 --invalid-rate 0.05 \
        --rules standard ludus seesa 'standard size=7' 'standard size=9' -o "$dir/invalid.sgn"
    "$bin" generate --games "$games" --seed 1 --rules standard ludus seesa |
        python3 "$here/shapes.py" tagless 1 >"$dir/tagless.sgn"
    "$bin" generate --games "$games" --seed 1 --variations 0.1 -o "$dir/variations.sgn"
    expect_summary "$bin" "$dir/standard.sgn" "$games valid, 0 invalid (0 errors, 0 warnings)"
    expect_summary "$bin" "$dir/other.sgn" "$games valid, 0 invalid (0 errors, 0 warnings)"
    expect_summary "$bin" "$dir/variations.sgn" "$games valid, 0 invalid (0 errors, 0 warnings)"
    expect_summary "$bin" "$dir/tagless.sgn" "$games valid, 0 invalid (0 errors, $games warnings)" --rules auto
    local invalid
    invalid=$({ "$bin" check --format short "$dir/invalid.sgn" || true; } | tail -1 | sed -E 's/.* ([0-9]+) invalid.*/\1/')
    if [ $((invalid * 100)) -lt $((games * 3)) ] || [ $((invalid * 100)) -gt $((games * 7)) ]; then
        echo "invalid.sgn: $invalid invalid games of $games, not about 5 %" >&2
        exit 1
    fi
}

# expect_summary BIN FILE TEXT [ARGUMENTS]: `check`'s summary line of FILE ends with TEXT.
expect_summary() {
    local bin=$1 file=$2 want=$3 got
    shift 3
    got=$({ "$bin" check --format short "$@" "$file" || true; } | tail -1)
    if [[ "$got" != *": $want" ]]; then
        echo "$(basename "$file"): \`check $*\` says \"$got\", not \"…: $want\"" >&2
        exit 1
    fi
}
