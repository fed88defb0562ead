"""seega.read_arrow: the games and turns tables as Arrow record batches, held to the Parquet
files of `seega convert --to parquet` and `--to parquet-turns` of the same inputs, and read by
pyarrow, DuckDB and polars directly."""

import gzip
import subprocess
import sys

import pytest

import seega
from conftest import ROOT, require

TABLES = [("games", "parquet"), ("turns", "parquet-turns")]


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    """A generated archive with invalid games, plain and gzip-compressed."""
    d = tmp_path_factory.mktemp("arrow")
    text = seega.generate(400, seed=3, invalid_rate=0.1)
    plain = d / "games.sgn"
    plain.write_text(text)
    packed = d / "games.sgn.gz"
    packed.write_bytes(gzip.compress(text.encode()))
    return plain, packed


def parquet_table(cli, tmp_path, to, *inputs):
    """`seega convert --to <to>` of `inputs`, read back with pyarrow."""
    (pq,) = require("pyarrow.parquet")
    out = tmp_path / f"out.{to}"
    cli("convert", "--to", to, *inputs, "-o", out)
    return pq.read_table(out)


@pytest.mark.parametrize("table,to", TABLES)
def test_the_rows_and_schema_are_those_of_the_parquet_file(cli, tmp_path, archive, table, to):
    (pa,) = require("pyarrow")
    plain, packed = archive
    for path in [plain, packed, ROOT / "samples" / "standard.sgn"]:
        want = parquet_table(cli, tmp_path, to, path)
        for batch_size in (1, 100, 1024):
            reader = seega.read_arrow(path, table=table, batch_size=batch_size, jobs=2)
            assert isinstance(reader, pa.RecordBatchReader)
            got = reader.read_all()
            assert got.schema.equals(want.schema, check_metadata=False)
            assert got.to_pylist() == want.to_pylist(), (path, batch_size)


def test_batches_hold_at_most_batch_size_games(archive):
    require("pyarrow")
    plain, _ = archive
    sizes = [b.num_rows for b in seega.read_arrow(plain, batch_size=64)]
    assert sizes == [64] * 6 + [16]


def test_a_directory_is_its_archives_one_after_another(cli, tmp_path):
    require("pyarrow")
    samples = ROOT / "samples"
    got = seega.read_arrow(samples).read_all()
    want = parquet_table(cli, tmp_path, "parquet", samples)
    assert got.to_pylist() == want.to_pylist()
    assert len(set(got.column("file").to_pylist())) > 3


def test_a_file_object_is_read_under_its_name(archive):
    require("pyarrow")
    plain, packed = archive
    by_path = seega.read_arrow(plain).read_all()
    with open(packed, "rb") as f:
        by_file = seega.read_arrow(f).read_all()
    assert by_file.column("file").to_pylist() == [str(packed)] * by_path.num_rows
    assert by_file.drop_columns(["file"]).equals(by_path.drop_columns(["file"]))


def test_duckdb_queries_the_reader_as_it_queries_the_parquet_file(cli, tmp_path, archive):
    (duckdb,) = require("duckdb")
    plain, _ = archive
    out = tmp_path / "g.parquet"
    cli("convert", "--to", "parquet", plain, "-o", out)
    query = "select rules, valid, count(*) n, sum(captures) c from {} group by all order by all"
    reader = seega.read_arrow(plain)
    got = duckdb.sql(query.format("reader")).fetchall()
    want = duckdb.sql(query.format(f"'{out}'")).fetchall()
    assert got == want and len(got) > 1


def test_polars_reads_the_reader_as_it_reads_the_parquet_file(cli, tmp_path, archive):
    (pl,) = require("polars")
    plain, _ = archive
    out = tmp_path / "t.parquet"
    cli("convert", "--to", "parquet-turns", plain, "-o", out)
    got = pl.from_arrow(seega.read_arrow(plain, table="turns"))
    assert got.equals(pl.read_parquet(out))


def test_an_archive_cut_short_gives_its_games_then_an_error_naming_it(tmp_path, archive):
    (pa,) = require("pyarrow")
    plain, packed = archive
    cut = tmp_path / "cut.sgn.gz"
    data = packed.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    reader = seega.read_arrow(cut, batch_size=10)
    rows = 0
    with pytest.raises(pa.ArrowException, match="cut.sgn.gz.*cut short"):
        for batch in reader:
            rows += batch.num_rows
    assert rows > 0


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"table": "moves"}, ValueError, "`moves` is not a table: give games or turns"),
        ({"batch_size": 0}, ValueError, "batch_size is 0"),
        ({"jobs": 0}, ValueError, "jobs is 0"),
        ({"rules": "nonsense"}, ValueError, "unknown rules preset `nonsense`"),
    ],
)
def test_bad_arguments_are_refused(archive, kwargs, error, match):
    require("pyarrow")
    plain, _ = archive
    with pytest.raises(error, match=match):
        seega.read_arrow(plain, **kwargs)


def test_a_missing_path_raises_oserror_naming_it(tmp_path):
    require("pyarrow")
    with pytest.raises(OSError, match="nowhere.sgn"):
        seega.read_arrow(tmp_path / "nowhere.sgn")


def test_the_stream_is_read_once(archive):
    (pa,) = require("pyarrow")
    plain, _ = archive
    stream = seega._seega._arrow_stream(plain, "games", 1024)
    pa.RecordBatchReader.from_stream(stream).read_all()
    with pytest.raises(ValueError, match="read already"):
        pa.RecordBatchReader.from_stream(stream)


def test_with_problems_as_rows_an_unreadable_input_is_a_row_and_the_rest_is_read(tmp_path, archive):
    require("pyarrow")
    plain, packed = archive
    d = tmp_path / "mixed"
    d.mkdir()
    data = packed.read_bytes()
    (d / "a-cut.sgn.gz").write_bytes(data[: len(data) // 2])
    (d / "b-image.sgn").write_bytes((ROOT / "docs" / "diagram-5x5.png").read_bytes())
    (d / "c-whole.sgn").write_bytes(plain.read_bytes())
    rows = seega.read_arrow(d, problems="rows").read_all().to_pylist()
    by_file = {}
    for r in rows:
        by_file.setdefault(r["file"].rsplit("/", 1)[-1], []).append(r)
    cut, image, whole = by_file["a-cut.sgn.gz"], by_file["b-image.sgn"], by_file["c-whole.sgn"]
    assert len(whole) == 400 and all(r["errors"] == [] or not r["valid"] for r in whole)
    for problems, words in [(cut, "cut short"), (image, "PNG image")]:
        last = problems[-1]
        assert last["valid"] is False and last["turns"] == [] and last["game"] == len(problems)
        (error,) = last["errors"]
        assert error["code"] == "seega::input::unreadable"
        assert words in error["message"] and (error["line"], error["column"]) == (0, 0)
    assert len(image) == 1 and len(cut) > 1


def test_problems_as_rows_are_for_the_games_table_only(archive):
    require("pyarrow")
    plain, _ = archive
    with pytest.raises(ValueError, match="the turns table has no row for a problem"):
        seega.read_arrow(plain, table="turns", problems="rows")
    with pytest.raises(ValueError, match="problems is `ignore`: give raise or rows"):
        seega.read_arrow(plain, problems="ignore")


@pytest.mark.parametrize("table,to", TABLES)
def test_arrow_schema_is_the_schema_of_the_batches_and_of_the_file(cli, tmp_path, archive, table, to):
    require("pyarrow")
    plain, _ = archive
    schema = seega.arrow_schema(table)
    assert seega.read_arrow(plain, table=table).schema == schema
    assert parquet_table(cli, tmp_path, to, plain).schema.equals(schema, check_metadata=False)


def test_without_pyarrow_read_arrow_says_how_to_install_it():
    script = (
        "import sys\nsys.modules['pyarrow'] = None\nimport seega\n"
        "print('pyarrow' in sys.modules and sys.modules['pyarrow'] is not None)\n"
        "seega.read_arrow('samples/standard.sgn')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT
    )
    assert done.stdout.strip() == "False", "importing seega imports no pyarrow"
    assert done.returncode != 0
    assert "seega's Arrow tables need pyarrow 15 or later: pip install 'seega[arrow]'" in done.stderr
