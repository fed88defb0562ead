"""read_games and parse: paths, path-likes, binary and text files, encodings, errors."""

import io
import pathlib

import pytest

import seega
from conftest import ROOT

SAMPLE = ROOT / "samples" / "standard.sgn"


def summary(games):
    return [(g.number, g.line, g.result, g.final) for g in games]


def test_read_games_is_an_iterator():
    games = seega.read_games(SAMPLE)
    assert iter(games) is games
    first = next(games)
    assert first.number == 1
    assert len(list(games)) + 1 == len(seega.parse(SAMPLE.read_text()))


@pytest.mark.parametrize(
    "source",
    [
        lambda: str(SAMPLE),
        lambda: SAMPLE,
        lambda: open(SAMPLE, "rb"),
        lambda: open(SAMPLE, encoding="utf-8"),
        lambda: io.BytesIO(SAMPLE.read_bytes()),
        lambda: io.StringIO(SAMPLE.read_text()),
    ],
    ids=["str", "Path", "binary file", "text file", "BytesIO", "StringIO"],
)
def test_every_kind_of_input_reads_the_same_games(source):
    expected = summary(seega.parse(SAMPLE.read_text()))
    assert len(expected) > 1
    assert summary(seega.read_games(source())) == expected


def test_the_file_name_is_in_the_problems():
    path = ROOT / "samples" / "invalid" / "place-centre.sgn"
    (problem,) = [p for g in seega.read_games(path) for p in g.check().problems]
    assert problem.file == str(path)
    with open(path, "rb") as f:
        (problem,) = [p for g in seega.read_games(f) for p in g.check().problems]
    assert problem.file == str(path)


def test_rules_for_games_without_a_rules_tag():
    text = b"1. a1,b1 *\n"
    (g,) = seega.read_games(io.BytesIO(text), rules="seesa")
    assert g.rules.startswith("seesa")
    (g,) = seega.read_games(io.BytesIO(text), rules="auto")
    assert g.check().problems[0].code in ("seega::rules::ambiguous", "seega::rules::inferred")


def test_encodings():
    latin = '[Event "Fête"]\n\n1. a1,b1 *\n'.encode("latin-1")
    (g,) = seega.read_games(io.BytesIO(latin), encoding="latin-1")
    assert g.headers["Event"] == "Fête" and g.check().valid
    (g,) = seega.read_games(io.BytesIO(latin))
    assert g.check().problems[0].code == "seega::input::invalid-utf8"
    with pytest.raises(ValueError, match="not an encoding"):
        seega.read_games(SAMPLE, encoding="ebcdic")


def test_errors():
    with pytest.raises(OSError, match="cannot read"):
        seega.read_games(ROOT / "no such file.sgn")
    with pytest.raises(TypeError):
        seega.read_games(42)
    with pytest.raises(ValueError):
        seega.read_games(SAMPLE, rules="chess")

    class Broken(io.RawIOBase):
        def read(self, n=-1):
            raise RuntimeError("disk on fire")

    # An exception of the file's own read is raised as it is.
    with pytest.raises(RuntimeError, match="disk on fire"):
        list(seega.read_games(Broken()))


def test_parse_gives_a_list():
    games = seega.parse("1. a1,b1 *\n\n1. c3,d4 *\n")
    assert isinstance(games, list)
    assert [g.check().valid for g in games] == [True, False]
    assert seega.parse("") == []


def test_a_path_like_that_is_no_str():
    class Where:
        def __fspath__(self):
            return str(SAMPLE)

    assert summary(seega.read_games(Where())) == summary(seega.read_games(SAMPLE))
    assert isinstance(SAMPLE, pathlib.Path)
