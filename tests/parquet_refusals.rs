//! `convert --to parquet` refused or fed nonsense: refusals leave no file, a terminal gets no
//! Parquet, and mangled notation or odd game objects give rows or diagnostics, never a panic.

use super::common::{self, ROOT, run_with, scratch, stderr};
use super::parquet::rows;
use serde_json::json;

#[test]
fn refusals_leave_no_file() {
    let dir = scratch("parquet-refusals");
    let input = dir.join("in.sgn");
    std::fs::copy(format!("{ROOT}/samples/standard.sgn"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    let i = input.to_str().unwrap();
    // The input as the output.
    let o = run_with(&["convert", "--to", "parquet", "-o", i, i], None);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(std::fs::read(&input).unwrap(), before);
    // An input that cannot be read: no output at all.
    let out = dir.join("out.parquet");
    let missing = dir.join("missing.sgn");
    let o = run_with(
        &[
            "convert",
            "--to",
            "parquet",
            "-o",
            out.to_str().unwrap(),
            i,
            missing.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("left untouched"), "{}", stderr(&o));
    assert!(!out.exists());
    // No row group of no games.
    let o = run_with(
        &[
            "convert",
            "--to",
            "parquet",
            "--row-group",
            "0",
            "-o",
            "x.parquet",
            i,
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(common::files_in(&dir), ["in.sgn"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parquet_is_not_written_to_a_terminal() {
    // `script` gives the command a terminal as its standard output.
    let Ok(o) = std::process::Command::new("script")
        .args(["-qec"])
        .arg(format!(
            "{} convert --to parquet {ROOT}/samples/standard.sgn",
            env!("CARGO_BIN_EXE_seega")
        ))
        .arg("/dev/null")
        .stdin(std::process::Stdio::null())
        .output()
    else {
        assert!(
            std::env::var_os("CI").is_none(),
            "`script` (util-linux) is missing"
        );
        println!("DID NOT RUN: no `script` to give seega a terminal");
        return;
    };
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(2), "{text}");
    assert!(text.contains("not written to a terminal"), "{text}");
    assert!(!text.contains("PAR1"), "{text}");
    // A pipe is fine: the file's magic at both ends.
    let o = run_with(
        &["convert", "--to", "parquet", "samples/standard.sgn"],
        None,
    );
    assert!(o.status.success());
    assert!(o.stdout.starts_with(b"PAR1") && o.stdout.ends_with(b"PAR1"));
}

/// Whether a run ended as seega ends, not by a panic.
fn no_panic(o: &std::process::Output) -> bool {
    o.status.code().is_some_and(|c| c <= 2) && !stderr(o).contains("panicked")
}

#[test]
fn mangled_notation_and_odd_objects_give_rows_or_diagnostics_never_a_panic() {
    let dir = scratch("parquet-hostile");
    let text = std::fs::read(format!("{ROOT}/samples/standard.sgn")).unwrap();
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut files = Vec::new();
    for i in 0..24 {
        let mut t = text.clone();
        for _ in 0..1 + i % 6 {
            let at = next(t.len());
            match next(4) {
                0 => t[at] = [0xFF, b'{', b'[', b'"', b'x', b'\r'][next(6)],
                1 => drop(t.remove(at)),
                2 => t.insert(at, b"-x,|$}\n["[next(8)]),
                _ => t.truncate(at.max(1)),
            }
        }
        let path = dir.join(format!("m{i}.sgn"));
        std::fs::write(&path, &t).unwrap();
        files.push(path.to_string_lossy().into_owned());
    }
    // Game objects whose fields say what no replay would: turns called legal that are not,
    // squares off any board, rules and a position that cannot be read, a huge game number.
    let odd = [
        r#"{"game":18446744073709551615,"rules":{"text":"no such rules","size":5,"first_placer":"black","first_mover":"white","chain":"none","forced":false,"barrier":"none"},"result":"*","outcome":null,"final":null,"source":null,"turns":[{"number":1,"side":"black","kind":"place","squares":["z9","a1","b2"],"from":null,"annotation":null,"legal":true}]}"#,
        r#"{"game":2,"headers":[{"name":"Position","value":"garbage"},{"name":"X","value":"1"},{"name":"X","value":"2"}],"rules":{"text":"standard","size":5,"first_placer":"black","first_mover":"white","chain":"capture","forced":false,"barrier":"wall"},"result":"1-0","outcome":null,"final":null,"source":null,"turns":[{"number":1,"side":"white","kind":"move","from":null,"steps":[],"annotation":"!","legal":true}]}"#,
        r#"{"game":3,"rules":{"text":"standard","size":5,"first_placer":"black","first_mover":"white","chain":"capture","forced":false,"barrier":"wall"},"result":null,"outcome":null,"final":"5/5/5/5/5 b","source":"x","turns":[{"number":1,"side":"black","kind":"place","squares":["c3","c3"],"from":null,"annotation":null,"legal":true},{"number":2,"side":"white","kind":"pass","from":null,"annotation":null,"legal":true}]}"#,
    ];
    let jsonl = dir.join("odd.jsonl");
    std::fs::write(&jsonl, odd.join("\n")).unwrap();
    let mut converted = 0;
    for to in ["parquet", "parquet-turns"] {
        for (i, f) in files.iter().enumerate() {
            let out = dir.join(format!("{to}-{i}.parquet"));
            let o = run_with(
                &["convert", "--to", to, "-o", out.to_str().unwrap(), f],
                None,
            );
            assert!(no_panic(&o), "{to} of {f}: {}", stderr(&o));
            if o.status.code() == Some(0) {
                converted += 1;
                // Every text with a tag or a turn is a game (a game may have no turn).
                let games = rows(&out).0.len();
                assert!(to == "parquet-turns" || games > 0, "{f}: no game");
            }
        }
        let out = dir.join(format!("{to}-odd.parquet"));
        let o = run_with(
            &[
                "convert",
                "--to",
                to,
                "-o",
                out.to_str().unwrap(),
                jsonl.to_str().unwrap(),
            ],
            None,
        );
        assert!(o.status.success(), "{to} of odd objects: {}", stderr(&o));
        let (rows, _) = rows(&out);
        if to == "parquet" {
            assert_eq!(rows.len(), 3);
            assert_eq!(rows[0]["game"], i64::MAX, "a number past i64 saturates");
            assert_eq!(rows[1]["tags"], json!({"X": "1"}), "a tag's first value");
        } else {
            assert_eq!(rows.len(), 4);
            assert!(
                rows.iter().all(|r| r["position_after"].is_null()),
                "{rows:?}"
            );
        }
    }
    assert!(converted > 10, "{converted} mangled files converted");
    for (i, f) in files.iter().enumerate() {
        let out = dir.join(format!("split-{i}"));
        let o = run_with(
            &["split", "--games", "2", "-o", out.to_str().unwrap(), f],
            None,
        );
        assert!(o.status.success(), "split of {f}: {}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
