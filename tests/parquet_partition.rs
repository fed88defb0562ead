//! `convert --to parquet --partition-by COLUMN -o DIR`: a directory `COLUMN=VALUE` for each
//! value, whose file holds the rows of the games table with that value, in input order,
//! without the column; refusals leave nothing behind.

use std::path::Path;

use serde_json::Value;

use super::common::{ROOT, run_with, scratch, stderr};
use super::parquet::{corpus, parquet, rows};

/// A JSON cell as a directory name's value, as Hive and Spark escape it.
fn hive(v: &Value) -> String {
    let text = match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if text.is_empty() {
        return "__HIVE_DEFAULT_PARTITION__".to_owned();
    }
    text.chars()
        .map(|c| {
            if c.is_ascii_control() || "\"#%'*/:=?\\{[]^".contains(c) {
                format!("%{:02X}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Each partition under `dir`: its directory's name and its file's rows, by name.
fn partitions(dir: &Path) -> Vec<(String, Vec<Value>)> {
    let mut names: Vec<String> = (std::fs::read_dir(dir).expect("the output directory"))
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    (names.into_iter())
        .map(|name| {
            let files: Vec<_> = std::fs::read_dir(dir.join(&name))
                .expect("a partition")
                .collect();
            assert_eq!(files.len(), 1, "{name}: one file");
            let (rows, _) = rows(&dir.join(&name).join("part-0001.parquet"));
            (name, rows)
        })
        .collect()
}

/// The rows of `whole` whose `column` is `value` (as a directory names it), without the column.
fn rows_of(whole: &[Value], column: &str, value: &str) -> Vec<Value> {
    (whole.iter())
        .filter(|row| hive(&row[column]) == value)
        .map(|row| {
            let mut row = row.clone();
            row.as_object_mut().map(|r| r.remove(column));
            row
        })
        .collect()
}

#[test]
fn each_partition_holds_its_rows_in_order_without_the_column() {
    let dir = scratch("partition");
    let inputs = corpus();
    let (whole, _) = parquet("parquet", &inputs, &dir.join("whole.parquet"), &[]);
    for column in ["rules", "valid", "rules_size", "termination", "result"] {
        let out = dir.join(format!("by-{column}"));
        let mut args = vec!["convert", "--to", "parquet", "--partition-by", column, "-o"];
        args.push(out.to_str().unwrap());
        args.extend(inputs.iter().map(String::as_str));
        let run = run_with(&args, None);
        assert!(run.status.success(), "{column}: {}", stderr(&run));
        let parts = partitions(&out);
        assert!(parts.len() > 1, "{column}: {} partitions", parts.len());
        let mut seen = 0;
        for (name, got) in parts {
            let (col, value) = name.split_once('=').expect("COLUMN=VALUE");
            assert_eq!(col, column);
            let want = rows_of(&whole, column, value);
            assert!(!want.is_empty(), "{name}: a partition of no game");
            assert_eq!(got, want, "{name}");
            seen += got.len();
        }
        assert_eq!(seen, whole.len(), "{column}: every game once");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_turns_table_partitions_by_a_column_of_its_rows() {
    // A game's turns go to several partitions: each gets its rows, in order.
    let dir = scratch("partition-turns");
    let inputs = corpus();
    let (whole, _) = parquet("parquet-turns", &inputs, &dir.join("whole.parquet"), &[]);
    for column in ["kind", "side", "legal"] {
        let out = dir.join(format!("by-{column}"));
        let mut args = vec!["convert", "--to", "parquet-turns", "--partition-by", column];
        args.extend(["-o", out.to_str().unwrap()]);
        args.extend(inputs.iter().map(String::as_str));
        let run = run_with(&args, None);
        assert!(run.status.success(), "{column}: {}", stderr(&run));
        let mut seen = 0;
        for (name, got) in partitions(&out) {
            let value = name.split_once('=').expect("COLUMN=VALUE").1;
            let want = rows_of(&whole, column, value);
            assert_eq!(got, want, "{name}");
            seen += got.len();
        }
        assert_eq!(seen, whole.len(), "{column}: every turn once");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn refusals_write_nothing() {
    let dir = scratch("partition-refusals");
    let input = format!("{ROOT}/samples/standard.sgn");
    let out = dir.join("out");
    let o_s = out.to_str().unwrap().to_owned();
    let run = |extra: &[&str]| {
        let mut args = vec!["convert"];
        args.extend(extra);
        run_with(&args, None)
    };
    // Not the games table; not a column of one value a game; no directory named.
    for (args, says) in [
        (
            vec![
                "--to",
                "jsonl",
                "--partition-by",
                "rules",
                "-o",
                &o_s,
                &input,
            ],
            "--to parquet",
        ),
        (
            vec![
                "--to",
                "parquet-turns",
                "--partition-by",
                "rules",
                "-o",
                &o_s,
                &input,
            ],
            "kind",
        ),
        (
            vec![
                "--to",
                "parquet",
                "--partition-by",
                "turns",
                "-o",
                &o_s,
                &input,
            ],
            "rules_size",
        ),
        (
            vec!["--to", "parquet", "--partition-by", "rules", &input],
            "--output",
        ),
        (
            vec![
                "--to",
                "parquet",
                "--partition-by",
                "rules",
                "-o",
                "-",
                &input,
            ],
            "-o DIR",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(!out.exists(), "{args:?}");
    }
    // A directory that holds something is left as it was.
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("keep.txt"), "mine").unwrap();
    let by_rules = |inputs: &[&str]| {
        let mut args = vec!["--to", "parquet", "--partition-by", "rules", "-o", &o_s];
        args.extend(inputs);
        run(&args)
    };
    let o = by_rules(&[&input]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("exists"), "{}", stderr(&o));
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1);
    std::fs::remove_dir_all(&out).unwrap();
    // An input that cannot be read: no file, no directory.
    let missing = dir.join("missing.sgn");
    let m = missing.to_str().unwrap();
    let o = by_rules(&[&input, m]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("nothing was written"), "{}", stderr(&o));
    assert!(!out.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_input_with_no_game_gives_an_empty_directory() {
    let dir = scratch("partition-empty");
    let (input, out) = (dir.join("empty.sgn"), dir.join("out"));
    std::fs::write(&input, "").unwrap();
    let (i, o) = (input.to_str().unwrap(), out.to_str().unwrap());
    let run = run_with(
        &[
            "convert",
            "--to",
            "parquet",
            "--partition-by",
            "rules",
            "-o",
            o,
            i,
        ],
        None,
    );
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(std::fs::read_dir(&out).map(Iterator::count).ok(), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}
