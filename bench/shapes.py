#!/usr/bin/env python3
"""Archives of other shapes than `seega generate`'s, made from generated ones.

Usage: bench/shapes.py SHAPE SEED < GENERATED.sgn > SHAPED.sgn

SHAPE is one of:

  other    another writer's style: tags in a shuffled order, about one game in ten with a
           tag value holding the escapes `\\"` and `\\\\`, no move numbers, no captures
           written, now and then an annotation (`!`, `?!`) or a comment `{...}` glued to a
           turn and a glyph (`$3`) after one, lines wrapped anew, CRLF line ends;
  tagless  the Rules tags taken out (for `seega check --rules auto`).

The same input and SEED give the same bytes. The games stay as legal as they were: `seega
check` of `other` reports what it reports of the input, and of `tagless` with `--rules auto`
only which preset each game is legal under. `bench/archive.sh` and `bench/profile.sh` make
their archives with it.
"""

import random
import re
import sys

TURN = re.compile(r"^(?:[a-i][1-9]|--)")
NUMBER = re.compile(r"^[0-9]+\.(?:\.\.)?$")
CAPTURE = re.compile(r"x[a-i][1-9]")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
WIDTH = 79


def games(text):
    """Each game of a generated archive as (tags, movetext tokens)."""
    tags, moves = [], []
    for line in text.splitlines():
        if line.startswith("[") and moves:
            yield tags, moves
            tags, moves = [], []
        if line.startswith("["):
            tags.append(line)
        else:
            moves.extend(line.split())
    if tags or moves:
        yield tags, moves


def other_tags(tags, rng):
    """Tags shuffled; now and then a value with escapes."""
    tags = list(tags)
    rng.shuffle(tags)
    if rng.random() < 0.1:
        k = rng.randrange(len(tags))
        name, value = re.match(r'^\[(\w+) "(.*)"\]$', tags[k]).groups()
        if name not in ("Rules", "Result", "Position"):
            tags[k] = f'[{name} "{value} \\"club\\" \\\\ {rng.randrange(100)}"]'
    return tags


def other_moves(moves, rng):
    """Movetext without numbers or captures, with a few annotations, comments and glyphs."""
    out = []
    for tok in moves:
        if NUMBER.match(tok):
            continue
        if tok in RESULTS or not TURN.match(tok):
            out.append(tok)
            continue
        tok = CAPTURE.sub("", tok)
        r = rng.random()
        if r < 0.02:
            tok += rng.choice(["!", "?!", "!!", "?"])
        elif r < 0.03:
            tok += "{" + rng.choice(["a fine turn", "forced", "time trouble"]) + "}"
        out.append(tok)
        if rng.random() < 0.01:
            out.append("$3")
    return out


def wrap(tokens):
    """Tokens in lines of at most WIDTH columns (a longer token has a line of its own)."""
    lines, line = [], ""
    for tok in tokens:
        if line and len(line) + 1 + len(tok) > WIDTH:
            lines.append(line)
            line = tok
        else:
            line = f"{line} {tok}" if line else tok
    if line:
        lines.append(line)
    return lines


def other(text, rng):
    out = []
    for tags, moves in games(text):
        out.append("\r\n".join(other_tags(tags, rng) + [""] + wrap(other_moves(moves, rng))))
    return "\r\n\r\n".join(out) + "\r\n"


def tagless(text, _rng):
    return "".join(l for l in text.splitlines(keepends=True) if not l.startswith("[Rules "))


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("other", "tagless"):
        sys.exit(__doc__)
    shape = {"other": other, "tagless": tagless}[sys.argv[1]]
    rng = random.Random(int(sys.argv[2]))
    text = sys.stdin.buffer.read().decode("utf-8")
    sys.stdout.buffer.write(shape(text, rng).encode("utf-8"))


if __name__ == "__main__":
    main()
