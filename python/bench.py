"""Benchmark: the generated archive (`seega generate --games 200000 --seed 1`, about 129 MB)
read and checked through Python against `seega check` on the same file.

    python bench.py [--games 200000] [--rounds 3] [--seega PATH] [--keep DIR]

It times, best of the rounds, wall clock:
- `read_games` alone: every game read into a `Game`;
- `read_games` + `Game.check()`: every game read and replayed, one thread, as a Python loop;
- `check_file`: the whole file checked on every core, as `seega check` does it;
- `seega check --quiet --jobs 1` and `seega check --quiet` (all cores) on the same file;
then the ratios of the Python runs to the command's, and this process's peak RSS.
The command is the release build of this checkout (target/release/seega) unless --seega says.
"""

import argparse
import os
import pathlib
import resource
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


def best(rounds, run):
    """The least wall time of `rounds` runs of `run`, and what its last run returned."""
    times, out = [], None
    for _ in range(rounds):
        start = time.perf_counter()
        out = run()
        times.append(time.perf_counter() - start)
    return min(times), out


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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=3)
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
    size = path.stat().st_size
    print(f"{path}: {args.games} games, {size / 1e6:.0f} MB; {os.cpu_count()} cores")

    t_read, games = best(args.rounds, lambda: read_only(path))
    t_check, (checked, valid) = best(args.rounds, lambda: read_and_check(path))
    t_file, summary = best(args.rounds, lambda: seega.check_file(path))
    t_cli1, _ = best(args.rounds, command(cli, "check", "--quiet", "--jobs", "1", str(path)))
    t_cli, _ = best(args.rounds, command(cli, "check", "--quiet", str(path)))
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
        print(f"{name:28} {t:7.2f} s  {size / t / 1e6:7.1f} MB/s")
    print(f"read_games + check / seega check --jobs 1: {t_check / t_cli1:.1f}x")
    print(f"check_file / seega check (all cores):       {t_file / t_cli:.2f}x")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process: {peak:.0f} MiB")
    if not args.keep:
        path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
