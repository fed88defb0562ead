//! The library's Arrow record batches (`seega::table::Batches`) held to the Parquet files of
//! `convert --to parquet` and `--to parquet-turns` of the same inputs, read back with the
//! `parquet` crate's reader: the same schema and the same rows, whatever the batch size, over
//! every file of the samples and the conformance corpora and a generated archive with invalid
//! games; and an input that cannot be read ends the stream with an error naming it.

use super::common;
use super::parquet::{cell, generated, rows};

use arrow_array::{RecordBatch, RecordBatchReader};
use common::{corpus_files, run_with, scratch, stderr};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use seega::table::{BatchOptions, Batches, Table};
use serde_json::{Map, Value};

/// The batches of `table` of the file `path` (named as given), `batch_size` games a batch.
fn batches(path: &str, table: Table, batch_size: usize, jobs: usize) -> Batches {
    let how = BatchOptions {
        table,
        batch_size,
        jobs,
        problem_rows: false,
    };
    read(path, &how)
}

fn read(path: &str, how: &BatchOptions) -> Batches {
    let reader = seega::input::open_path(path).expect("the input opens");
    let opts = seega::validate::Options::default();
    Batches::new(reader, path, &opts, how)
}

/// The rows of `batches` as JSON objects, and the number of rows of each batch.
fn json_rows(batches: Batches) -> (Vec<Value>, Vec<usize>) {
    let (mut out, mut sizes) = (Vec::new(), Vec::new());
    for batch in batches {
        let batch: RecordBatch = batch.expect("a batch");
        sizes.push(batch.num_rows());
        for row in 0..batch.num_rows() {
            let mut m = Map::new();
            for (f, col) in batch.schema().fields().iter().zip(batch.columns()) {
                m.insert(f.name().clone(), cell(col, row));
            }
            out.push(Value::Object(m));
        }
    }
    (out, sizes)
}

/// `convert --to <to>` of `path` into `out`.
fn convert(to: &str, path: &str, out: &std::path::Path) {
    let o = run_with(
        &["convert", "--to", to, path, "-o", out.to_str().unwrap()],
        None,
    );
    assert!(o.status.code() != Some(2), "{}", stderr(&o));
}

#[test]
fn batches_hold_the_rows_and_schema_of_the_parquet_tables() {
    let dir = scratch("arrow-batches");
    let big = generated(&dir, 600);
    let mut files: Vec<String> = corpus_files()
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    files.push(big.to_string_lossy().into_owned());
    for (table, to) in [(Table::Games, "parquet"), (Table::Turns, "parquet-turns")] {
        for (k, path) in files.iter().enumerate() {
            let out = dir.join(format!("{k}.{to}"));
            convert(to, path, &out);
            let (want, _) = rows(&out);
            let file = std::fs::File::open(&out).unwrap();
            let schema = ParquetRecordBatchReaderBuilder::try_new(file)
                .unwrap()
                .schema()
                .clone();
            for (batch, jobs) in [(1, 1), (7, 2), (1024, 2)] {
                let b = batches(path, table, batch, jobs);
                assert_eq!(b.schema().fields(), schema.fields(), "{path}");
                let (got, sizes) = json_rows(b);
                assert_eq!(
                    got,
                    want,
                    "{path}, {} table, batches of {batch}",
                    table.name()
                );
                if table == Table::Games {
                    assert!(sizes.iter().all(|s| *s <= batch && *s > 0), "{sizes:?}");
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_input_that_cannot_be_read_ends_the_stream_with_an_error_naming_it() {
    let dir = scratch("arrow-bad");
    // A gzip stream cut short: its games, then an error, never a silent end.
    let big = generated(&dir, 300);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &std::fs::read(&big).unwrap()).unwrap();
    let bytes = gz.finish().unwrap();
    let cut = dir.join("cut.sgn.gz");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let b = batches(cut.to_str().unwrap(), Table::Games, 50, 2);
    let results: Vec<_> = b.collect();
    let last = results
        .last()
        .expect("an item")
        .as_ref()
        .expect_err("an error last");
    assert!(last.to_string().contains("cut.sgn.gz"), "{last}");
    assert!(results[..results.len() - 1].iter().all(Result::is_ok));
    let _ = std::fs::remove_dir_all(&dir);
}
