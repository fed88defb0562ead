"""Benchmark: the Spark data source (`seega.spark`) over the parts of the generated archive.

    python bench/spark.py [MASTER] [PARTS]

MASTER is Spark's master URL (`local[2]` by default: every core of this machine, one
executor); PARTS a directory of archives (by default `seega split --games 25000` of
`seega generate --games 200000 --seed 1`, made in a temporary directory by the release build
of this checkout). It prints the session's start, then for each table two rounds of reading it
whole (`count(*)` and a sum over the `file` column, so that every batch is read; the first
round starts the executors' Python workers), then the games table written as Parquet
partitioned by rules. Every address is bound to 127.0.0.1. Needs PySpark 4, pyarrow and the
package installed.
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]


def parts(folder):
    cli = ROOT / "target" / "release" / "seega"
    whole = folder / "generated-200000.sgn"
    subprocess.run([cli, "generate", "--games", "200000", "--seed", "1", "-o", whole], check=True)
    subprocess.run([cli, "split", "--games", "25000", whole, "-o", folder / "parts"], check=True)
    return folder / "parts"


def main():
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    os.environ["PYSPARK_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession
    import seega.spark

    master = sys.argv[1] if len(sys.argv) > 1 else "local[2]"
    folder = pathlib.Path(tempfile.mkdtemp())
    path = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else parts(folder)
    start = time.time()
    spark = (
        SparkSession.builder.master(master)
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    seega.spark.register(spark)
    print(f"session: {time.time() - start:.1f} s")
    for table in ["games", "turns"]:
        for round_ in range(2):
            start = time.time()
            df = spark.read.format("seega").option("table", table).load(str(path))
            rows = df.selectExpr("count(*)", "sum(length(file))").collect()[0][0]
            print(f"{table}, round {round_ + 1}: {rows} rows in {time.time() - start:.1f} s")
    start = time.time()
    out = folder / "games-by-rules"
    spark.read.format("seega").load(str(path)).write.partitionBy("rules").parquet(str(out))
    print(f"the games table written partitioned by rules: {time.time() - start:.1f} s")
    spark.stop()
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
