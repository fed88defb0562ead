"""seega as a Spark data source: archives read by Spark's executors with the package, into the
games table or the turns table of ``seega convert --to parquet`` (``spec/parquet.md``).

Needs PySpark 4 (its Python Data Source API) and pyarrow; register the source once per
session, then read a file or a directory of archives (compressed ones included)::

    import seega.spark
    seega.spark.register(spark)
    games = spark.read.format("seega").load("archives/")
    turns = spark.read.format("seega").option("table", "turns").load("archives/")

Each archive is a partition of its own, read on an executor by ``seega.read_arrow`` (the
batches go to Spark as Arrow record batches, with no row made in Python), so the executors
need the package installed and the path must be one they reach (a shared file system); the
``file`` column holds the archive's absolute path. Options:

- ``table``: ``games`` (the default) or ``turns``;
- ``rules``, ``encoding``: as for ``seega.read_games``;
- ``batchSize``: the games of a batch (1024 by default);
- ``mode``: what an archive that cannot be read to its end (corrupt, cut short, not an
  archive) or a game too long to keep gives. ``PERMISSIVE`` (the default for the games
  table): the rows of the games read before the problem, then a row for the problem itself,
  an invalid game with one error (code ``seega::input::unreadable`` or
  ``seega::limit::too-long``, line and column 0). ``FAILFAST`` (the only mode of the turns
  table, which has no row for a problem): the task, and so the job, fails with an error
  naming the archive.

A task that fails and is retried reads its archive again from the start and gives the same
rows: Spark keeps the rows of one attempt only.
"""

import os

from pyspark.sql.datasource import DataSource, DataSourceReader, InputPartition

import seega
from . import _seega

__all__ = ["SeegaDataSource", "register"]

MODES = ("PERMISSIVE", "FAILFAST")


def register(spark):
    """Registers the data source ``seega`` with the Spark session ``spark``."""
    spark.dataSource.register(SeegaDataSource)


class SeegaDataSource(DataSource):
    """The data source ``seega``: ``spark.read.format("seega").load(path)``."""

    @classmethod
    def name(cls):
        return "seega"

    def schema(self):
        from pyspark.sql.pandas.types import from_arrow_schema

        return from_arrow_schema(seega.arrow_schema(_Settings(self.options).table))

    def reader(self, schema):
        return _Reader(_Settings(self.options))


class _Settings:
    """The options of a read, checked."""

    def __init__(self, options):
        self.path = options.get("path")
        if not self.path:
            raise ValueError("give the archives to read: spark.read.format(\"seega\").load(path)")
        self.table = options.get("table", "games")
        if self.table not in ("games", "turns"):
            raise ValueError(f"table is `{self.table}`: give games or turns")
        default = "PERMISSIVE" if self.table == "games" else "FAILFAST"
        self.mode = options.get("mode", default).upper()
        if self.mode not in MODES:
            raise ValueError(f"mode is `{self.mode}`: give PERMISSIVE or FAILFAST")
        if self.mode == "PERMISSIVE" and self.table == "turns":
            raise ValueError(
                "the turns table has no row for a problem: give mode FAILFAST, "
                "or read the games table for the problems"
            )
        self.rules = options.get("rules")
        self.encoding = options.get("encoding")
        self.batch_size = int(options.get("batchSize", "1024"))


class _Archive(InputPartition):
    """One archive, read by one task."""

    def __init__(self, path):
        super().__init__(path)
        self.path = path


class _Reader(DataSourceReader):
    def __init__(self, settings):
        self.settings = settings

    def partitions(self):
        # The archives of the path as `seega check` walks a directory, in its order, made
        # absolute on the driver: an executor may run in another directory.
        paths = _seega._archives(os.path.abspath(self.settings.path))
        return [_Archive(p) for p in paths]

    def read(self, partition):
        s = self.settings
        reader = seega.read_arrow(
            partition.path,
            table=s.table,
            batch_size=s.batch_size,
            rules=s.rules,
            encoding=s.encoding,
            jobs=1,
            problems="rows" if s.mode == "PERMISSIVE" else "raise",
        )
        yield from reader
