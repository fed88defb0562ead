//! `convert --to parquet` and `--to parquet-turns`, read back with the `parquet` crate's reader
//! and held to `convert --to jsonl` of the same inputs: every game of the samples and the
//! conformance corpora, row for row and field for field; row groups of a large archive (the
//! refusals are in `parquet_refusals.rs`, the partitioned tables in `parquet_partition.rs`).

use super::common;
use std::path::{Path, PathBuf};

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{Array, RecordBatch};
use common::{ROOT, corpus_files, run_with, scratch, stderr};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::{CompressionCodec, Encoding};
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::reader::{FileReader, SerializedFileReader};
use serde_json::{Map, Value, json};

/// The value at `row` of `a`, as JSON (lists as arrays, structs and maps as objects).
pub(super) fn cell(a: &dyn Array, row: usize) -> Value {
    use arrow_schema::DataType;
    if a.is_null(row) {
        return Value::Null;
    }
    match a.data_type() {
        DataType::Utf8 => json!(a.as_string::<i32>().value(row)),
        DataType::Int64 => json!(a.as_primitive::<Int64Type>().value(row)),
        DataType::Boolean => json!(a.as_boolean().value(row)),
        DataType::List(_) => {
            let items = a.as_list::<i32>().value(row);
            Value::Array((0..items.len()).map(|i| cell(&items, i)).collect())
        }
        DataType::Struct(fields) => {
            let s = a.as_struct();
            let mut m = Map::new();
            for (f, col) in fields.iter().zip(s.columns()) {
                m.insert(f.name().clone(), cell(col, row));
            }
            Value::Object(m)
        }
        DataType::Map(_, _) => {
            let entries = a.as_map().value(row);
            let (k, v) = (entries.column(0), entries.column(1));
            let mut m = Map::new();
            for i in 0..entries.len() {
                let key = cell(k, i).as_str().expect("a text key").to_owned();
                assert!(m.insert(key, cell(v, i)).is_none(), "a key twice");
            }
            Value::Object(m)
        }
        other => panic!("a column of type {other}"),
    }
}

/// Every row of the Parquet file `path`, as JSON objects, and its number of row groups.
pub(super) fn rows(path: &Path) -> (Vec<Value>, usize) {
    let file = std::fs::File::open(path).expect("the Parquet file");
    let groups = SerializedFileReader::new(file.try_clone().expect("a second handle"))
        .expect("a Parquet file")
        .metadata()
        .num_row_groups();
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .expect("a Parquet file")
        .build()
        .expect("a reader");
    let mut out = Vec::new();
    for batch in reader {
        let batch: RecordBatch = batch.expect("a batch");
        let schema = batch.schema();
        for row in 0..batch.num_rows() {
            let mut m = Map::new();
            for (f, col) in schema.fields().iter().zip(batch.columns()) {
                m.insert(f.name().clone(), cell(col, row));
            }
            out.push(Value::Object(m));
        }
    }
    (out, groups)
}

/// The game objects of `convert --to jsonl` of `inputs`.
fn jsonl(inputs: &[String]) -> Vec<Value> {
    let mut args = vec!["convert", "--to", "jsonl"];
    args.extend(inputs.iter().map(String::as_str));
    let o = run_with(&args, None);
    assert!(o.status.success(), "{}", stderr(&o));
    (o.stdout.split(|&b| b == b'\n'))
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("a game object"))
        .collect()
}

/// Runs `convert --to TO -o OUT` of `inputs` with `extra` arguments, and reads `OUT` back.
pub(super) fn parquet(
    to: &str,
    inputs: &[String],
    out: &Path,
    extra: &[&str],
) -> (Vec<Value>, usize) {
    let out_s = out.to_str().expect("a UTF-8 path");
    let mut args = vec!["convert", "--to", to, "-o", out_s];
    args.extend(extra);
    args.extend(inputs.iter().map(String::as_str));
    let o = run_with(&args, None);
    assert!(o.status.success(), "{}", stderr(&o));
    rows(out)
}

/// The corpus files, relative to the crate root (as the JSON names them).
pub(super) fn corpus() -> Vec<String> {
    let root = Path::new(ROOT);
    (corpus_files().iter())
        .map(|p| {
            p.strip_prefix(root)
                .unwrap_or(p)
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

const KNOWN: [&str; 11] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "Black",
    "White",
    "Result",
    "Rules",
    "Termination",
    "Position",
    "Annotator",
];

/// The games table's row for the game object `g`, worked out from the JSON alone.
fn game_row(g: &Value) -> Value {
    let mut m = Map::new();
    m.insert("file".into(), g["file"].clone());
    m.insert("game".into(), g["game"].clone());
    let tags: Vec<(&str, &Value)> = (g["headers"].as_array().expect("headers").iter())
        .filter_map(|h| Some((h.get("name")?.as_str()?, &h["value"])))
        .collect();
    let first = |name: &str| {
        tags.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| (*v).clone())
    };
    for k in KNOWN {
        let value = first(k).unwrap_or(Value::Null);
        m.insert(format!("tag_{}", k.to_lowercase()), value);
    }
    let mut others = Map::new();
    for (n, v) in &tags {
        if !KNOWN.contains(n) && !others.contains_key(*n) {
            others.insert((*n).to_owned(), (*v).clone());
        }
    }
    m.insert("tags".into(), Value::Object(others));
    let r = &g["rules"];
    m.insert(
        "rules".into(),
        r.get("text").cloned().unwrap_or(Value::Null),
    );
    for k in [
        "size",
        "first_placer",
        "first_mover",
        "chain",
        "forced",
        "barrier",
        "centre",
        "blocked",
        "limit",
    ] {
        let v = r.get(k).cloned().unwrap_or(Value::Null);
        m.insert(format!("rules_{k}"), v);
    }
    m.insert("result".into(), g["result"].clone());
    let o = &g["outcome"];
    m.insert(
        "termination".into(),
        o.get("termination").cloned().unwrap_or(Value::Null),
    );
    m.insert(
        "winner".into(),
        o.get("winner").cloned().unwrap_or(Value::Null),
    );
    m.insert("valid".into(), g["valid"].clone());
    let turns = g["turns"].as_array().expect("turns");
    let legal = || turns.iter().filter(|t| t["legal"] == true);
    for (col, kind) in [
        ("placement_turns", "place"),
        ("movement_turns", "move"),
        ("pass_turns", "pass"),
    ] {
        m.insert(
            col.into(),
            json!(legal().filter(|t| t["kind"] == kind).count()),
        );
    }
    let captures: usize = legal()
        .flat_map(|t| t["steps"].as_array().expect("steps"))
        .map(|s| s["captures"].as_array().expect("captures").len())
        .sum();
    m.insert("captures".into(), json!(captures));
    m.insert("final".into(), g["final"].clone());
    let errors = (g["errors"].as_array().expect("errors").iter())
        .map(|e| {
            json!({"severity": e["severity"], "code": e["code"], "message": e["message"],
                   "line": e["line"], "column": e["column"], "turn": e["turn"]})
        })
        .collect();
    m.insert("errors".into(), Value::Array(errors));
    let turns = (turns.iter())
        .map(|t| {
            let comments: Vec<Value> = (t["comments"].as_array().expect("comments").iter())
                .map(|c| c["text"].clone())
                .collect();
            json!({"number": t["number"], "side": t["side"], "kind": t["kind"],
                   "squares": t["squares"], "from": t["from"], "steps": t["steps"],
                   "annotation": t["annotation"], "comments": comments, "legal": t["legal"]})
        })
        .collect();
    m.insert("turns".into(), Value::Array(turns));
    Value::Object(m)
}

#[test]
fn every_game_of_the_corpora_is_its_json_in_columns() {
    let inputs = corpus();
    let objects = jsonl(&inputs);
    let dir = scratch("parquet-corpus");
    let (rows, groups) = parquet("parquet", &inputs, &dir.join("games.parquet"), &[]);
    assert!(
        objects.len() > 100,
        "the corpora hold {} games",
        objects.len()
    );
    assert_eq!(rows.len(), objects.len());
    assert_eq!(groups, 1);
    let mut with_errors = 0;
    for (row, g) in rows.iter().zip(&objects) {
        assert_eq!(*row, game_row(g), "game {} of {}", g["game"], g["file"]);
        with_errors += usize::from(!row["errors"].as_array().expect("errors").is_empty());
    }
    assert!(with_errors > 40, "{with_errors} games with diagnostics");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_lines_in_give_the_same_rows_as_notation_in() {
    let dir = scratch("parquet-from-json");
    let inputs = vec![format!("{ROOT}/samples/standard.sgn")];
    let jsonl_file = dir.join("s.jsonl");
    let o = run_with(
        &[
            "convert",
            "--to",
            "jsonl",
            "-o",
            jsonl_file.to_str().unwrap(),
            &inputs[0],
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let (from_sgn, _) = parquet("parquet", &inputs, &dir.join("a.parquet"), &[]);
    let json_in = vec![jsonl_file.to_string_lossy().into_owned()];
    let (from_json, _) = parquet("parquet", &json_in, &dir.join("b.parquet"), &[]);
    assert!(!from_sgn.is_empty());
    assert_eq!(from_sgn, from_json);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_turn_of_the_corpora_is_a_row_with_the_position_after_it() {
    let inputs = corpus();
    let objects = jsonl(&inputs);
    let dir = scratch("parquet-turns");
    let (rows, _) = parquet("parquet-turns", &inputs, &dir.join("turns.parquet"), &[]);
    let mut turns: Vec<(&Value, &str, &Value)> = Vec::new();
    for g in &objects {
        every_turn(g, "", g["turns"].as_array().expect("turns"), &mut turns);
    }
    assert_eq!(rows.len(), turns.len());
    let mut last_after: Option<(&Value, Value)> = None;
    let (mut checked_finals, mut checked_lines) = (0, 0);
    for (row, &(g, line, t)) in rows.iter().zip(&turns) {
        let at = format!(
            "game {} of {}, line {line:?}, turn {}",
            g["game"], g["file"], t["number"]
        );
        assert_eq!(row["file"], g["file"], "{at}");
        assert_eq!(row["game"], g["game"], "{at}");
        assert_eq!(row["line"], json!(line), "{at}");
        assert_eq!(row["turn"], t["number"], "{at}");
        for k in ["side", "kind", "legal", "from", "annotation"] {
            assert_eq!(row[k], t[k], "{at}: {k}");
        }
        let steps = t["steps"].as_array().expect("steps");
        let to = steps.last().map_or(Value::Null, |s| s["to"].clone());
        assert_eq!(row["to"], to, "{at}");
        assert_eq!(row["steps"], json!(steps.len()), "{at}");
        let captured: Vec<&str> = (steps.iter())
            .flat_map(|s| s["captures"].as_array().expect("captures"))
            .map(|c| c.as_str().expect("a square"))
            .collect();
        assert_eq!(row["captures"], json!(captured.len()), "{at}");
        let joined = (!captured.is_empty()).then(|| captured.join(" "));
        assert_eq!(row["captured"], json!(joined), "{at}");
        let squares = t["squares"].as_array().expect("squares");
        assert_eq!(
            row["placed_1"],
            squares.first().cloned().unwrap_or(Value::Null)
        );
        assert_eq!(
            row["placed_2"],
            squares.get(1).cloned().unwrap_or(Value::Null)
        );
        // The turn's notation reads back as the turn (its own parser, not the table's).
        let ply: seega::Ply = row["notation"]
            .as_str()
            .expect("notation")
            .parse()
            .expect("a ply");
        assert_eq!(ply.to_string(), row["notation"].as_str().unwrap(), "{at}");
        let legal = t["legal"] == true;
        assert_eq!(
            !row["position_after"].is_null(),
            legal && !g["final"].is_null(),
            "{at}"
        );
        if !line.is_empty() {
            // A variation's position is the one the library's replay of that line reaches.
            let object: seega::render::game_json::GameObject =
                serde_json::from_value(g.clone()).expect("a game object");
            let replayed = object.replay_line(&line.parse().expect("a line path"));
            let after = (replayed.into_iter())
                .flat_map(|r| r.turns)
                .find(|(turn, _, _)| json!(turn.number) == t["number"])
                .map(|(_, _, state)| state.setup().to_string());
            assert_eq!(row["position_after"], json!(after), "{at}");
            checked_lines += 1;
            continue;
        }
        // The position after a game's last legal turn is its final position.
        if let Some((prev, after)) = last_after.take() {
            if !std::ptr::eq(prev, g) {
                assert_eq!(
                    after, prev["final"],
                    "the last turn of game {}",
                    prev["game"]
                );
                checked_finals += 1;
            } else {
                last_after = Some((prev, after));
            }
        }
        if legal && !row["position_after"].is_null() {
            last_after = Some((g, row["position_after"].clone()));
        }
    }
    assert!(
        checked_finals > 100,
        "{checked_finals} final positions checked"
    );
    assert!(
        checked_lines >= 10,
        "{checked_lines} variation turns checked"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every turn of `turns` (the line `line` of the game object `g`), each followed by its
/// variations' turns, in the turns table's order.
fn every_turn<'g>(
    g: &'g Value,
    line: &'g str,
    turns: &'g [Value],
    out: &mut Vec<(&'g Value, &'g str, &'g Value)>,
) {
    for t in turns {
        out.push((g, line, t));
        for v in t["variations"].as_array().into_iter().flatten() {
            let path = v["path"].as_str().expect("a path");
            every_turn(g, path, v["turns"].as_array().expect("turns"), out);
        }
    }
}

/// A generated archive of `games` games in `dir`.
pub(super) fn generated(dir: &Path, games: usize) -> PathBuf {
    let path = dir.join("big.sgn");
    let n = games.to_string();
    let o = run_with(
        &[
            "generate",
            "--games",
            &n,
            "--seed",
            "7",
            "--invalid-rate",
            "0.1",
            "-o",
            path.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    path
}

#[test]
fn a_large_archive_is_written_in_row_groups() {
    let dir = scratch("parquet-groups");
    let big = generated(&dir, 2500);
    let inputs = vec![big.to_string_lossy().into_owned()];
    let (rows, groups) = parquet(
        "parquet",
        &inputs,
        &dir.join("g.parquet"),
        &["--row-group", "300"],
    );
    assert_eq!(rows.len(), 2500);
    assert_eq!(groups, 9, "2500 games in groups of 300");
    let numbers: Vec<i64> = rows.iter().map(|r| r["game"].as_i64().unwrap()).collect();
    assert_eq!(numbers, (1..=2500).collect::<Vec<_>>());
    assert!(rows.iter().any(|r| r["valid"] == false));
    let (turns, groups) = parquet(
        "parquet-turns",
        &inputs,
        &dir.join("t.parquet"),
        &["--row-group", "1000"],
    );
    assert_eq!(groups, 3);
    assert!(turns.len() > 2500 * 20, "{} turns", turns.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_files_bytes_do_not_follow_the_threads() {
    // Enough games for many chunks, and for a turns table whose position strings fill more
    // than one page in a row group: where a page ends follows the chunks' rows. Each column
    // chunk is encoded and compressed as the spec says (`PLANS`).
    let dir = scratch("parquet-jobs");
    let big = generated(&dir, 3000);
    for to in ["parquet", "parquet-turns"] {
        let bytes: Vec<Vec<u8>> = ["1", "2", "3"]
            .iter()
            .map(|jobs| {
                let out = dir.join(format!("{to}-{jobs}.parquet"));
                let args = [
                    "convert",
                    "--to",
                    to,
                    "--jobs",
                    jobs,
                    "-o",
                    out.to_str().unwrap(),
                ];
                let o = run_with(&[&args[..], &[big.to_str().unwrap()]].concat(), None);
                assert!(o.status.success(), "{}", stderr(&o));
                std::fs::read(&out).unwrap()
            })
            .collect();
        let first = std::fs::File::open(dir.join(format!("{to}-1.parquet"))).unwrap();
        let pages = SerializedFileReader::new(first).unwrap();
        for group in pages.metadata().row_groups() {
            group.columns().iter().for_each(as_planned);
        }
        let positions = (pages.metadata().row_group(0).columns().iter())
            .find(|c| c.column_path().string() == "position_after");
        if to == "parquet-turns" {
            let size = positions.expect("position_after").uncompressed_size();
            assert!(
                size > 1 << 20,
                "more than a page of positions ({size} bytes)"
            );
        }
        assert!(
            bytes.iter().all(|b| *b == bytes[0]),
            "{to}: the bytes follow --jobs"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// How `spec/parquet.md` says a column is written: its values' encoding (besides the levels'
/// `RLE` and the dictionary's `PLAIN`) and its pages' codec, by the column's path.
const PLANS: [(&str, Encoding, CompressionCodec); 4] = [
    ("game", Encoding::DELTA_BINARY_PACKED, ZSTD),
    ("position_after", Encoding::PLAIN, CompressionCodec::SNAPPY),
    ("final", Encoding::PLAIN, ZSTD),
    ("turns.list.item.comments.list.item", Encoding::PLAIN, ZSTD),
];

const ZSTD: CompressionCodec = CompressionCodec::ZSTD;

/// Checks a column chunk against [`PLANS`] (every other column through a dictionary, zstd):
/// a chunk may be left uncompressed only when it is small (at most 1 KiB of values and
/// levels with its dictionary, so at most 2 KiB with its pages' headers).
fn as_planned(chunk: &ColumnChunkMetaData) {
    let path = chunk.column_path().string();
    let boolean = chunk.column_type() == parquet::basic::Type::BOOLEAN;
    let (encoding, codec) = match PLANS.iter().find(|(p, ..)| *p == path) {
        Some(&(_, e, c)) => (e, c),
        None if boolean => (Encoding::PLAIN, ZSTD),
        None => (Encoding::RLE_DICTIONARY, ZSTD),
    };
    let encodings: Vec<Encoding> = chunk.encodings().collect();
    assert!(encodings.contains(&encoding), "{path}: {encodings:?}");
    if encoding != Encoding::RLE_DICTIONARY {
        assert!(
            !encodings.contains(&Encoding::RLE_DICTIONARY),
            "{path}: {encodings:?}"
        );
    }
    let small = chunk.uncompressed_size() <= 2 << 10;
    let compression = chunk.compression_codec();
    assert!(
        compression == codec || (small && compression == CompressionCodec::UNCOMPRESSED),
        "{path}: {compression:?}, {} bytes",
        chunk.uncompressed_size()
    );
}

#[test]
fn an_empty_input_gives_a_table_with_no_rows() {
    let dir = scratch("parquet-empty");
    let empty = dir.join("empty.sgn");
    std::fs::write(&empty, "").unwrap();
    let (rows, groups) = parquet(
        "parquet",
        &[empty.to_string_lossy().into_owned()],
        &dir.join("e.parquet"),
        &[],
    );
    assert_eq!((rows.len(), groups), (0, 0));
    let _ = std::fs::remove_dir_all(&dir);
}
