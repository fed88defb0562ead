"""What a notebook shows: a position's SVG diagram and a game's replay page, each compared with
what `seega show` draws for the same position or game."""

import html
import json
import re
import xml.etree.ElementTree as ET

import pytest

import seega
from conftest import ROOT

SVG = "{http://www.w3.org/2000/svg}"
# The fills of the pieces in the library's diagrams (src/render/svg.rs).
PIECE_FILLS = {"#262626": "black", "#fbfbf8": "white"}
# Sample archives whose games have Rules tags or are standard ones, on boards of every size.
SAMPLES = ["standard.sgn", "ludus.sgn", "seesa.sgn", "positions.sgn", "options.sgn"]


def drawn_pieces(svg_text):
    """The pieces a diagram draws, square to side, read as the eye reads them: each piece's
    circle placed on the file letter under it and the rank number beside it."""
    root = ET.fromstring(svg_text)
    files, ranks = {}, {}
    for t in root.iter(SVG + "text"):
        label = (t.text or "").strip()
        if re.fullmatch(r"[a-i]", label):
            files[float(t.get("x"))] = label
        elif re.fullmatch(r"[1-9]", label):
            ranks[float(t.get("y"))] = label
    pieces = {}
    for c in root.iter(SVG + "circle"):
        side = PIECE_FILLS.get(c.get("fill"))
        if side is None:
            continue  # the mark where a moving piece started
        x, y = float(c.get("cx")), float(c.get("cy"))
        file = files[min(files, key=lambda fx: abs(fx - x))]
        rank = ranks[min(ranks, key=lambda ry: abs(ry - y))]
        assert f"{file}{rank}" not in pieces, f"two pieces on {file}{rank}"
        pieces[f"{file}{rank}"] = side
    return pieces


def expected_pieces(position):
    return {sq: side for side in ("black", "white") for sq in position.pieces(side)}


def positions(game):
    """(k, position after turn k) for k = 0 and each legal turn, played on `Position`."""
    start = game.headers.get("Position")
    rules = game.rules
    pos = seega.Position.from_string(start, rules=rules) if start else seega.Position(rules)
    yield 0, pos
    for k, turn in enumerate((t for t in game.turns if t.legal), start=1):
        pos = pos.play(turn.notation)
        yield k, pos


def sample_games():
    for name in SAMPLES:
        path = ROOT / "samples" / name
        for game in seega.read_games(path):
            if game.rules is not None and game.check().valid:
                yield path, game


def test_a_diagram_is_valid_svg_with_every_piece():
    pos = seega.Position.from_string("w1w2/5/bbbbb/5/5 w")
    drawn = pos._repr_svg_()
    root = ET.fromstring(drawn)
    assert root.tag == SVG + "svg"
    assert drawn_pieces(drawn) == expected_pieces(pos)
    assert len(expected_pieces(pos)) == 7
    assert ">position w1w2/5/bbbbb/5/5 w</text>" in drawn
    assert ">game over: barrier, black wins (0-1)</text>" in drawn  # black walled white in
    assert ">black to move</text>" in seega.Position()._repr_svg_()


def test_the_comparison_sees_a_missing_piece():
    pos = seega.Position.from_string("5/1b3/1w3/5/1b3 b")
    drawn = pos._repr_svg_()
    circles = re.findall(r'<circle [^>]*fill="#fbfbf8"[^>]*/>\n', drawn)
    assert len(circles) == 1
    assert drawn_pieces(drawn.replace(circles[0], "")) != expected_pieces(pos)


def test_positions_of_the_sample_games_are_drawn_as_seega_show_draws_them(cli):
    compared = 0
    for path, game in sample_games():
        all_positions = list(positions(game))
        last = len(all_positions) - 1
        for k in sorted({0, 1, last // 2, last} & set(range(last + 1))):
            pos = all_positions[k][1]
            shown = cli("show", "--svg", "--game", game.number, "--turn", k, path).decode()
            assert drawn_pieces(shown) == expected_pieces(pos), f"{path.name} game {game.number} turn {k}"
            assert drawn_pieces(pos._repr_svg_()) == drawn_pieces(shown)
            # The same diagram as the command draws for the position string, byte for byte.
            alone = cli("show", "--svg", "--position", str(pos), "--rules", pos.rules).decode()
            assert pos._repr_svg_() == alone
            compared += 1
        assert str(all_positions[-1][1]) == game.final
    assert compared > 100


def test_a_finished_game_says_how_it_ended():
    (game,) = seega.parse('[Position "5/1b3/1w3/5/1b3 b"]\n\n1. b1-b2xb3 0-1\n')
    *_, (_, end) = positions(game)
    assert end.is_over
    drawn = end._repr_svg_()
    ET.fromstring(drawn)
    assert end.outcome == ("capture-all", "black")
    assert f">game over: capture-all, black wins ({end.result})</text>" in drawn


def page_of(frame):
    """The page inside a game's frame (its `srcdoc`)."""
    m = re.fullmatch(r'<iframe [^>]*srcdoc="([^"]*)"></iframe>', frame)
    assert m, frame[:200]
    return html.unescape(m.group(1))


EXTERNAL = re.compile(r"""\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?//""", re.I)


@pytest.mark.parametrize("name", SAMPLES + ["invalid/capture-missing.sgn"])
def test_a_games_page_is_seega_show_html_of_that_game_alone(cli, name):
    path = ROOT / "samples" / name
    games = list(seega.read_games(path))
    assert games
    for game in games:
        frame = game._repr_html_()
        assert not EXTERNAL.search(frame)
        page = page_of(frame)
        assert not EXTERNAL.search(page)
        assert "Content-Security-Policy" in page
        shown = cli("show", "--html", "--game", game.number, path).decode()
        assert page == shown, f"{name} game {game.number}"
        (data,) = re.findall(r'<script type="application/json" class="seega-game">(.*?)</script>', page)
        data = json.loads(data)
        assert data["n"] == game.number
        for side in ("Black", "White"):
            tag = game.headers.get(side, "")
            assert data[side.lower()] == ("" if tag == "?" else tag)  # "?" is no name
        legal = [t.notation for t in game.turns if t.legal]
        assert [t["t"] for t in data["turns"]] == legal
        assert (data["ending"] == "invalid") == (not game.check().valid)


def test_a_page_of_text_read_by_parse():
    (game,) = seega.parse('[White "<Mona & Kofi>"]\n\n1. a1,b1 a2,b2 *\n')
    page = page_of(game._repr_html_())
    assert "<title>Seega games: &lt;text&gt;</title>" in page
    assert "<Mona" not in page and "\\u003cMona \\u0026 Kofi\\u003e" in page


def test_a_board_is_drawn_as_its_position():
    """Board._repr_svg_ is the diagram of its position, turn after turn of a sample game."""
    game = next(seega.read_games(str(ROOT / "samples" / "standard.sgn")))
    board = seega.Board(game.rules)
    for turn in game.mainline_turns()[:12]:
        board.push(turn)
        drawn = board._repr_svg_()
        assert drawn == board.position()._repr_svg_()
        assert drawn_pieces(drawn) == expected_pieces(board.position())
