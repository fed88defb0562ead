"""read_games streams: reading a large archive keeps memory flat; the GIL is released while
Rust works, so that other Python threads run meanwhile."""

import gc
import os
import threading
import time

import seega

MB = 1 << 20


def rss():
    """The resident memory of this process now, in bytes (Linux)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE")


def write_archive(path, batches, games):
    """`batches` generated archives of `games` games one after the other; the games in all."""
    with open(path, "w", encoding="utf-8") as f:
        for seed in range(batches):
            f.write(seega.generate(games, seed=seed))
    return batches * games


def test_reading_a_large_archive_keeps_memory_flat(tmp_path):
    path = tmp_path / "large.sgn"
    count = write_archive(path, 24, 2500)
    size = path.stat().st_size
    assert size > 35 * MB
    gc.collect()
    base = rss()
    peak, games, valid = base, 0, 0
    for game in seega.read_games(path):
        games += 1
        if games % 50 == 0:
            valid += game.check().valid
        if games % 1000 == 0:
            peak = max(peak, rss())
    assert games == count and valid == count // 50
    # Holding the archive would take its size; the reader holds a few blocks of 256 KiB.
    grown = peak - base
    assert grown < 12 * MB, f"memory grew by {grown / MB:.1f} MB reading {size / MB:.0f} MB"


def test_the_gil_is_released_while_rust_works():
    window = {}

    def work():
        window["start"] = time.perf_counter()
        window["text"] = seega.generate(20000, seed=5)
        window["end"] = time.perf_counter()

    worker = threading.Thread(target=work)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.001)
    worker.join()
    assert window["text"].count("[Rules ") == 20000
    start, end = window["start"], window["end"]
    assert end - start > 0.05, "the call took long enough to be seen"
    inside = [t for t in ticks if start + 0.01 < t < end - 0.01]
    # Holding the GIL, the call would let no tick of this thread happen while it ran.
    assert len(inside) > 5, f"{len(inside)} ticks during a call of {end - start:.2f} s"
