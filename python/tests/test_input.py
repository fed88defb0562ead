"""What the package reads is what the command reads: compressed archives (told by their bytes),
directories, file objects; a stretch no reader can cut comes back as a game with its error; a
signal stops a read that would never end; bytes that are no archive are one error naming them."""

import bz2
import gzip
import io
import json
import lzma
import os
import signal
import struct
import subprocess
import sys
import time

import pytest

import seega
from conftest import CONFORMANCE, ROOT, require


def zstd_frames(data, block=1 << 17):
    """`data` as a skippable frame (as lichess's files start with) and one zstd frame of raw
    blocks: valid Zstandard written from its format (RFC 8878), with no compressor."""
    skippable = struct.pack("<II", 0x184D2A50, 4) + b"seeg"
    frame = bytearray(b"\x28\xb5\x2f\xfd")
    frame.append(0xE0)  # an 8-byte content size, one segment, no checksum
    frame += struct.pack("<Q", len(data))
    chunks = [data[i : i + block] for i in range(0, len(data), block)] or [b""]
    for i, chunk in enumerate(chunks):
        last = int(i == len(chunks) - 1)
        frame += struct.pack("<I", last | (len(chunk) << 3))[:3] + chunk
    return skippable + bytes(frame)


COMPRESSORS = {
    "gzip": (".gz", gzip.compress),
    "zstd": (".zst", zstd_frames),
    "bzip2": (".bz2", bz2.compress),
    "xz": (".xz", lzma.compress),
}
ARCHIVES = sorted(CONFORMANCE.glob("*.sgn"))


def jsonl(cli, *args):
    return [json.loads(line) for line in cli("check", "--format", "jsonl", *args).splitlines()]


def as_lines(summary):
    return [p.to_dict() for p in summary.problems] + [summary.to_dict()]


@pytest.fixture(scope="module")
def compressed(tmp_path_factory):
    """Every conformance archive in every format, a folder each, named as the plain file."""
    folders = {}
    for name, (ext, compress) in COMPRESSORS.items():
        folder = tmp_path_factory.mktemp(name)
        for path in ARCHIVES:
            (folder / (path.name + ext)).write_bytes(compress(path.read_bytes()))
        folders[name] = folder
    return folders


@pytest.mark.parametrize("fmt", sorted(COMPRESSORS))
def test_compressed_archives_check_as_the_command_checks_them(cli, compressed, fmt):
    for path in sorted(compressed[fmt].iterdir()):
        expected = jsonl(cli, path)
        assert expected[-1]["games"] > 0
        assert as_lines(seega.check_file(path, jobs=2)) == expected, path.name
        with open(path, "rb") as f:
            assert as_lines(seega.check_file(f, jobs=1)) == expected, path.name
        with open(path, "rb") as f:
            games = list(seega.read_games(f))
        problems = [p.to_dict() for g in games for p in g.check().problems]
        assert problems == expected[:-1]
        assert len(games) == expected[-1]["games"]


@pytest.mark.parametrize("fmt", sorted(COMPRESSORS))
def test_a_directory_is_read_as_the_command_reads_it(cli, compressed, fmt):
    folder = compressed[fmt]
    (folder / "notes.txt").write_text("not an archive")
    expected = jsonl(cli, folder)
    summary = seega.check_file(folder)
    assert as_lines(summary) == expected
    assert summary.files == len(ARCHIVES) == expected[-1]["files"]
    games = list(seega.read_games(folder))
    assert len(games) == expected[-1]["games"]
    assert [p.to_dict() for g in games for p in g.check().problems] == expected[:-1]
    assert {g.check().problems[0].file for g in games if g.check().problems} <= {
        str(p) for p in folder.iterdir()
    }


def test_what_cannot_be_read_raises(tmp_path):
    with pytest.raises(OSError, match="no .sgn file"):
        seega.check_file(tmp_path)
    with pytest.raises(OSError, match="no .sgn file"):
        seega.read_games(tmp_path)
    cut = tmp_path / "cut.sgn.gz"
    cut.write_bytes(gzip.compress((ROOT / "samples" / "standard.sgn").read_bytes() * 50)[:-40])
    with pytest.raises(OSError, match="gzip data is corrupt or cut short"):
        list(seega.read_games(cut))
    with pytest.raises(OSError, match="gzip data is corrupt or cut short"):
        seega.check_file(cut)


class Broken:
    """A file whose `read` gives `good` bytes of an archive, then raises."""

    name = "broken\x1b.sgn"

    def __init__(self, good):
        self.text = (ROOT / "samples" / "standard.sgn").read_bytes() * 100
        self.good = good

    def read(self, n):
        if self.good <= 0:
            raise ZeroDivisionError("the disk fell over")
        chunk, self.text = self.text[: min(n, self.good)], self.text[min(n, self.good) :]
        self.good -= len(chunk)
        return chunk


@pytest.mark.parametrize("good", [0, 200_000], ids=["at once", "after 200 kB"])
def test_a_python_exception_in_read_is_raised_as_it_is(good):
    (pa,) = require("pyarrow")
    with pytest.raises(ZeroDivisionError, match="the disk fell over"):
        list(seega.read_games(Broken(good)))
    with pytest.raises(ZeroDivisionError, match="the disk fell over"):
        seega.check_file(Broken(good))
    with pytest.raises(ZeroDivisionError, match="the disk fell over"):
        seega.read_arrow(Broken(good), batch_size=10).read_all()
    # As a row, the exception is its message's reason, after the rows read before it.
    rows = seega.read_arrow(Broken(good), problems="rows").read_all().to_pylist()
    (error,) = rows[-1]["errors"]
    assert error["code"] == "seega::input::unreadable"
    assert error["message"] == (
        "cannot read `broken\\u{1b}.sgn`: ZeroDivisionError: the disk fell over"
    )
    assert (len(rows) > 1) == (good > 0)


@pytest.mark.parametrize("jobs", [0, -1, 257, 10**6])
def test_jobs_are_checked_as_the_command_checks_them(jobs):
    with pytest.raises(ValueError, match="jobs is .*from 1 to 256"):
        seega.check_file(ROOT / "samples" / "standard.sgn", jobs=jobs)


UNCUTTABLE = {
    "70 MiB without a line break": b"a" * (70 << 20) + b'\n\n[Event "after"]\n\n1. xyz *\n',
    "a game, then 200 MB of NUL": b"1. c2,d4 *\n" + bytes(200_000_000),
}


@pytest.mark.parametrize("name", sorted(UNCUTTABLE))
def test_a_stretch_no_reader_can_cut_is_a_game_with_its_error(cli, tmp_path, name):
    path = tmp_path / "uncut.sgn"
    path.write_bytes(UNCUTTABLE[name])
    expected = jsonl(cli, path)
    assert expected[0]["code"] == "seega::limit::too-long"
    assert as_lines(seega.check_file(path)) == expected
    games = list(seega.read_games(path))
    assert len(games) == expected[-1]["games"]
    (uncut,) = [g for g in games if g.skipped is not None]
    assert uncut.skipped > 64 << 20
    assert [p.to_dict() for g in games for p in g.check().problems] == expected[:-1]


def test_a_text_too_long_to_cut_is_not_silently_empty():
    (game,) = seega.parse("a" * 100_000_000)
    assert game.skipped == 100_000_000
    (problem,) = game.check().problems
    assert (problem.code, problem.line, problem.column) == ("seega::limit::too-long", 1, 1)


NOT_ARCHIVES = {
    "a PNG image": (ROOT / "docs" / "diagram-5x5.png").read_bytes(),
    "binary data": bytes(1 << 20),
    "seega's JSON": b'[{"game": 1}]\n',
}


@pytest.mark.parametrize("name", sorted(NOT_ARCHIVES))
def test_bytes_that_are_no_archive_are_one_error_naming_them(cli, tmp_path, name):
    path = tmp_path / "games.sgn"
    path.write_bytes(NOT_ARCHIVES[name])
    lines = cli("check", "--format", "jsonl", path, check=False).splitlines()
    (error, _summary) = map(json.loads, lines)
    assert error["type"] == "input-error"
    packed = tmp_path / "games.sgn.gz"
    packed.write_bytes(gzip.compress(NOT_ARCHIVES[name]))
    for source in (path, packed, "file object"):
        with pytest.raises(OSError) as raised:
            list(seega.read_games(open(path, "rb") if source == "file object" else source))
        assert name.removeprefix("seega's ") in str(raised.value)
        with pytest.raises(OSError) as checked:
            seega.check_file(open(path, "rb") if source == "file object" else source)
        assert str(raised.value) == str(checked.value)
    assert str(raised.value).split("`: ", 1)[1] in error["message"]


UNREADABLE = {
    "no archive": (ROOT / "docs" / "diagram-5x5.png").read_bytes(),
    "cut short": gzip.compress((ROOT / "samples" / "standard.sgn").read_bytes() * 50)[:-40],
}


def what_every_face_says(make):
    """The message each face gives of the input `make()` makes afresh, which cannot be read to
    its end: read_games's and check_file's `OSError`, read_arrow's error and its problem row."""
    (pa,) = require("pyarrow")
    said = {}
    with pytest.raises(OSError) as raised:
        list(seega.read_games(make()))
    said["read_games"] = str(raised.value)
    with pytest.raises(OSError) as raised:
        seega.check_file(make())
    said["check_file"] = str(raised.value)
    with pytest.raises((OSError, pa.ArrowException)) as raised:
        seega.read_arrow(make()).read_all()
    said["read_arrow"] = str(raised.value).removeprefix("External error: ")
    rows = seega.read_arrow(make(), problems="rows").read_all()
    said["read_arrow rows"] = rows.column("errors").to_pylist()[-1][0]["message"]
    return said


@pytest.mark.parametrize("problem", sorted(UNREADABLE))
@pytest.mark.parametrize("name", [b"a\x1bb.sgn", b"n\xffo.sgn"], ids=["control", "not UTF-8"])
def test_every_face_names_a_path_as_the_command_does(cli, tmp_path, problem, name):
    path = os.fsdecode(os.path.join(os.fsencode(tmp_path), name))
    with open(path, "wb") as f:
        f.write(UNREADABLE[problem])
    lines = map(json.loads, cli("check", "--format", "jsonl", path, check=False).splitlines())
    (error,) = [line for line in lines if line["type"] == "input-error"]
    assert "\\x1b" not in error["message"] and "\ufffd" not in error["message"]
    said = what_every_face_says(lambda: path)
    assert said == dict.fromkeys(said, error["message"])


@pytest.mark.parametrize("problem", sorted(UNREADABLE))
def test_every_face_escapes_a_file_objects_name(cli, tmp_path, problem):
    class Named(io.BytesIO):
        name = "file\x1bname"

    path = tmp_path / "games.sgn"
    path.write_bytes(UNREADABLE[problem])
    lines = map(json.loads, cli("check", "--format", "jsonl", path, check=False).splitlines())
    (error,) = [line for line in lines if line["type"] == "input-error"]
    why = error["message"].split("`: ", 1)[1]
    said = what_every_face_says(lambda: Named(UNREADABLE[problem]))
    assert said == dict.fromkeys(said, f"cannot read `file\\u{{1b}}name`: {why}")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_an_endless_stream_of_nul_is_refused_at_once():
    started = time.monotonic()
    with pytest.raises(OSError, match="binary data"):
        list(seega.read_games("/dev/zero"))
    assert time.monotonic() - started < 10


READ_FOREVER = {
    "read_games": "for g in seega.read_games(sys.argv[1]): pass",
    "check_file": "seega.check_file(sys.argv[1], jobs=2)",
}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("call", sorted(READ_FOREVER))
def test_ctrl_c_stops_a_read_that_never_ends(call, tmp_path):
    # A FIFO that a writer fills with games for ever.
    fifo = tmp_path / "endless.sgn"
    os.mkfifo(fifo)
    writer = subprocess.Popen(
        ["sh", "-c", 'yes "1. a1,b1 *" > "$1"', "sh", str(fifo)], stderr=subprocess.DEVNULL
    )
    code = f"import sys, seega\nprint('reading', flush=True)\n{READ_FOREVER[call]}\n"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(fifo)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert proc.stdout.readline() == b"reading\n"
        time.sleep(0.5)  # well into the read
        assert proc.poll() is None, proc.stderr.read().decode()
        sent = time.monotonic()
        proc.send_signal(signal.SIGINT)
        # A generous bound that only catches a read that does not stop (it stops in a few
        # tens of milliseconds: docs/performance.md, "how quickly Ctrl-C stops a read").
        proc.wait(timeout=10)
        took = time.monotonic() - sent
    finally:
        proc.kill()
        proc.wait()
        writer.kill()
        writer.wait()
    err = proc.stderr.read().decode()
    assert "KeyboardInterrupt" in err, err
    assert proc.returncode != 0
    print(f"{call}: stopped {took * 1000:.0f} ms after SIGINT")


TRIALS = sorted([*ROOT.glob("samples/ludii/*.txt"), *ROOT.glob("samples/invalid/ludii-*.txt")])


@pytest.mark.parametrize("path", TRIALS, ids=lambda p: p.name)
def test_a_ludii_trial_is_checked_as_the_command_checks_it(cli, tmp_path, path):
    assert as_lines(seega.check_file(path)) == jsonl(cli, path)
    packed = tmp_path / (path.name + ".gz")
    packed.write_bytes(gzip.compress(path.read_bytes()))
    assert as_lines(seega.check_file(packed)) == jsonl(cli, packed)
