"""Benchmark: the generated archive (`seega generate --games 20000 --seed 1`, about 13 MB, the
standard archive of bench/shapes.sh) read and checked through Python against `seega check` on
the same file.

    python bench.py [--games 20000] [--rounds 5] [--seega PATH] [--keep DIR]

It times, the median of the rounds (each round runs each in turn), wall clock:
- `read_games` alone: every game read into a `Game`;
- `read_games` + `Game.check()`: every game read and replayed, one thread, as a Python loop;
- `check_file`: the whole file checked on every core, as `seega check` does it;
- `seega check --quiet --jobs 1` and `seega check --quiet` (all cores) on the same file;
then the ratios of the Python runs to the command's (`read_games` + `Game.check()` should take at
most twice `seega check --jobs 1`: a game the command's fast lane proves clean is checked
through that lane, never parsed), and this process's peak RSS.
The command is the release build of this checkout (target/release/seega) unless --seega says.
"""

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
# This script's folder holds the package's sources (seega/ without its compiled module): the
# installed package is the one measured.
sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != HERE]

import seega  # noqa: E402


def medians(rounds, runs):
    """The median wall time of each of `runs` over `rounds` rounds, and what each run returned
    last. Each round runs every one in turn, so that a busy moment of a shared machine falls
    on all of them rather than on one."""
    times = [[] for _ in runs]
    outs = [None] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            outs[i] = run()
            times[i].append(time.perf_counter() - start)
    return [statistics.median(t) for t in times], outs


def read_only(path):
    return sum(1 for _ in seega.read_games(path))


def read_and_check(path):
    games = valid = 0
    for game in seega.read_games(path):
        games += 1
        valid += game.check().valid
    return games, valid


def command(cli, *args):
    def run():
        subprocess.run([str(cli), *args], check=True, stdout=subprocess.DEVNULL)

    return run


def setup(doc, games, rounds, argv=None):
    """The arguments of a benchmark (`--games`, `--rounds`, `--seega`, `--keep`), the command
    and the generated archive (`seega generate --games N --seed 1`, made unless kept)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--seega", default=str(ROOT / "target" / "release" / "seega"))
    parser.add_argument("--keep", help="a folder to keep the archive in (default: a temporary one)")
    args = parser.parse_args(argv)
    cli = pathlib.Path(args.seega)
    if not cli.exists():
        sys.exit(f"{cli} is not built: run `cargo build --release` (or give --seega)")
    folder = pathlib.Path(args.keep or tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"generated-{args.games}.sgn"
    if not path.exists():
        subprocess.run(
            [str(cli), "generate", "--games", str(args.games), "--seed", "1", "-o", str(path)],
            check=True,
        )
    return args, cli, path


def main(argv=None):
    args, cli, path = setup(__doc__, 20_000, 5, argv)
    size = path.stat().st_size
    print(f"{path}: {args.games} games, {size / 1e6:.0f} MB; {os.cpu_count()} cores")

    runs = [
        lambda: read_only(path),
        lambda: read_and_check(path),
        lambda: seega.check_file(path),
        command(cli, "check", "--quiet", "--jobs", "1", str(path)),
        command(cli, "check", "--quiet", str(path)),
    ]
    times, outs = medians(args.rounds, runs)
    t_read, t_check, t_file, t_cli1, t_cli = times
    games, (checked, valid), summary = outs[:3]
    assert games == checked == summary.games == args.games, (games, checked, summary.games)
    assert valid == summary.valid, (valid, summary.valid)

    rows = [
        ("read_games (read only)", t_read),
        ("read_games + Game.check()", t_check),
        ("check_file (all cores)", t_file),
        ("seega check --jobs 1", t_cli1),
        ("seega check (all cores)", t_cli),
    ]
    for name, t in rows:
        print(f"{name:28} {t:7.3f} s  {size / t / 1e6:7.1f} MB/s")
    print(f"read_games + check / seega check --jobs 1: {t_check / t_cli1:.2f}x (at most 2x wanted)")
    print(f"check_file / seega check (all cores):       {t_file / t_cli:.2f}x")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process: {peak:.0f} MiB")
    if not args.keep:
        path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
