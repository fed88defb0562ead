"""Benchmark: `seega.read_arrow` against `seega convert --to parquet` (and `--to parquet-turns`)
to a file, on the generated archive of `seega generate --games 200000 --seed 1` (129 MB).

    python bench_arrow.py [--games 200000] [--rounds 3] [--seega PATH] [--keep DIR]

It times, the median of the rounds (each round runs each in turn), wall clock, every core:
read_arrow of each table with every batch read and dropped, and the command writing the same
table to a file; then the ratio of each (at most 1.5 wanted), and the peak RSS of a process
that reads the games table at batch sizes of 64, 1024 and 8192 games (memory follows the batch
size, not the archive), next to that of a process that only imports seega and pyarrow.
The command is the release build of this checkout (target/release/seega) unless --seega says.
"""

import statistics
import subprocess
import sys
import time

# bench.py, beside this script, takes this folder off the path (the installed package is the
# one measured) and imports seega.
from bench import seega, setup

# The peak of the process's own memory (VmHWM: ru_maxrss would count the parent's, kept
# across exec).
PEAK = """
import sys, seega, pyarrow
if sys.argv[2] != "0":
    for batch in seega.read_arrow(sys.argv[1], batch_size=int(sys.argv[2])):
        pass
hwm = [l for l in open("/proc/self/status") if l.startswith("VmHWM:")][0]
print(int(hwm.split()[1]) // 1024)
"""


def drain(path, table):
    rows = 0
    for batch in seega.read_arrow(path, table=table):
        rows += batch.num_rows
    return rows


def main(argv=None):
    args, cli, path = setup(__doc__, 200_000, 3, argv)
    folder = path.parent
    print(f"{path}: {args.games} games, {path.stat().st_size / 1e6:.0f} MB")
    out = folder / "out.parquet"

    def convert(to):
        def run():
            out.unlink(missing_ok=True)
            subprocess.run([str(cli), "convert", "--to", to, str(path), "-o", str(out)], check=True)

        return run

    runs = {
        "read_arrow games": lambda: drain(path, "games"),
        "convert --to parquet": convert("parquet"),
        "read_arrow turns": lambda: drain(path, "turns"),
        "convert --to parquet-turns": convert("parquet-turns"),
    }
    times = {name: [] for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    t = {name: statistics.median(v) for name, v in times.items()}
    for name, v in t.items():
        print(f"{name:28} {v:7.2f} s")
    for table, to in [("games", "parquet"), ("turns", "parquet-turns")]:
        ratio = t[f"read_arrow {table}"] / t[f"convert --to {to}"]
        print(f"read_arrow {table} / convert --to {to}: {ratio:.2f}x (at most 1.5x wanted)")
    for batch in (0, 64, 1024, 8192):
        done = subprocess.run(
            [sys.executable, "-c", PEAK, str(path), str(batch)],
            check=True, capture_output=True, text=True,
        )
        what = f"batches of {batch} games" if batch else "import only"
        print(f"peak RSS, {what:22} {done.stdout.strip():>5} MiB")
    out.unlink(missing_ok=True)
    if not args.keep:
        path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
