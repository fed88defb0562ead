//! The reports of `seega stats --format json`, `seega dedupe --format json|jsonl`, the manifest
//! `parts.jsonl` of `seega split` and the lines of `seega check --fix --format jsonl` conform to
//! `spec/stats.schema.json`, `spec/dedupe.schema.json`, `spec/split.schema.json` and
//! `spec/fix.schema.json`, run on the samples, the invalid samples, the fixtures and the edge
//! cases (an empty file, a file of only a comment, a missing file, a path that is not UTF-8,
//! standard input); and each schema is strict enough to refuse broken ones.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

use super::common;
use super::json_schema::{Mutation, all_conform, validator};
use common::ROOT;

/// Asserts that `v` refuses `good` changed by each of `broken`, and accepts `good` itself.
fn refuses(v: &jsonschema::Validator, good: &Value, broken: Vec<(&str, Mutation)>) {
    assert!(v.is_valid(good), "{good}");
    for (what, mutate) in broken {
        let mut o = good.clone();
        mutate(&mut o);
        assert!(
            !v.is_valid(&o),
            "the schema accepts a line with a {what}: {o}"
        );
    }
}

/// Runs `seega` with `args` (any bytes) in `dir`, feeding `stdin`.
fn seega(args: &[&std::ffi::OsStr], dir: &Path, stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("seega runs");
    let _ = child.stdin.take().expect("stdin").write_all(stdin);
    child.wait_with_output().expect("seega finishes")
}

/// `seega` with `args` in the crate root, standard input `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
    seega(&args, Path::new(ROOT), stdin)
}

/// A name that is not UTF-8 (`café.sgn` in Latin-1), on systems whose paths are bytes.
#[cfg(unix)]
fn latin1_name() -> std::ffi::OsString {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::OsStr::from_bytes(b"caf\xe9.sgn").to_owned()
}

/// The lines of `text` that are JSON (every line but the notes and errors `seega:` starts).
fn json_lines(text: &str) -> Vec<Value> {
    (text.lines())
        .filter(|l| !l.starts_with("seega: "))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// A scratch directory holding an empty file, a file of only a comment, and under a name that
/// is not UTF-8 a copy of `samples/club-archive-crlf.sgn` (whose two games are one game).
fn edge_cases(name: &str) -> PathBuf {
    let dir = common::scratch(name);
    std::fs::write(dir.join("empty.sgn"), b"").expect("writable");
    std::fs::write(dir.join("comment.sgn"), b"{ only a comment }\n").expect("writable");
    let club = std::fs::read(format!("{ROOT}/samples/club-archive-crlf.sgn")).expect("a sample");
    #[cfg(unix)]
    std::fs::write(dir.join(latin1_name()), &club).expect("writable");
    std::fs::write(dir.join("club.sgn"), &club).expect("writable");
    dir
}

#[test]
fn every_stats_object_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("stats.schema.json");
    let dir = edge_cases("stats-schema");
    let edge = dir.display().to_string();
    let ludus = std::fs::read(format!("{ROOT}/samples/ludus.sgn")).expect("a sample");
    let mut objects = Vec::new();
    for args in [
        vec!["samples"],
        vec!["samples/invalid"],
        vec!["tests/fixtures"],
        vec![edge.as_str()],
        vec!["--rules", "seesa", "samples/positions.sgn"],
        vec!["-"],
        vec!["no-such-file.sgn", "samples/ludus.sgn"],
    ] {
        let mut all = vec!["stats", "--format", "json"];
        all.extend(&args);
        let out = run(&all, &ludus);
        objects.push(serde_json::from_slice::<Value>(&out.stdout).expect("one JSON object"));
    }
    let out = run(&["stats", "--format", "json", "no-such-file.sgn"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stdout.is_empty(),
        "no object when nothing could be read"
    );
    let empty = run(&["stats", "--format", "json", "-"], b"");
    objects.push(serde_json::from_slice(&empty.stdout).expect("one JSON object"));
    all_conform(&v, &objects);
    for o in &objects {
        let count = |v: &Value| v.as_u64().expect("a count");
        let (games, rulesets) = (count(&o["games"]), o["rulesets"].as_object().expect("map"));
        assert_eq!(count(&o["valid"]) + count(&o["invalid"]), games, "{o}");
        assert_eq!(
            rulesets.values().map(|r| count(&r["games"])).sum::<u64>(),
            games
        );
        for r in rulesets.values() {
            for by in ["results", "terminations"] {
                let sum: u64 = r[by].as_object().expect("map").values().map(count).sum();
                assert_eq!(sum, count(&r["games"]), "{by} of {r}");
            }
        }
        assert!(
            count(&o["first_mover_wins"]) <= count(&o["decisive_games"]),
            "{o}"
        );
    }
    assert!(objects.iter().any(|o| o["games"] == json!(0)));
    assert!(
        objects
            .iter()
            .any(|o| o["rulesets"].get("unknown").is_some())
    );
    let good = (objects.iter())
        .find(|o| o["first_mover_win_rate"].is_number())
        .expect("decisive games")
        .clone();
    assert!(good["rulesets"]["standard"].is_object(), "standard games");
    refuses(
        &v,
        &good,
        vec![
            ("unknown field", Box::new(|o| o["extra"] = json!(1))),
            (
                "missing field",
                Box::new(|o| {
                    o.as_object_mut().map(|m| m.remove("longest_chain"));
                }),
            ),
            ("fraction of a count", Box::new(|o| o["games"] = json!(1.5))),
            (
                "rate over 1",
                Box::new(|o| o["first_mover_win_rate"] = json!(2)),
            ),
            (
                "rate without decisive games",
                Box::new(|o| o["decisive_games"] = json!(0)),
            ),
            (
                "bad result",
                Box::new(|o| o["rulesets"]["standard"]["results"]["2-0"] = json!(1)),
            ),
            (
                "bad termination",
                Box::new(|o| o["rulesets"]["standard"]["terminations"]["resign"] = json!(1)),
            ),
            (
                "ruleset of no game",
                Box::new(|o| o["rulesets"]["standard"]["games"] = json!(0)),
            ),
            (
                "field in a ruleset",
                Box::new(|o| o["rulesets"]["standard"]["valid"] = json!(1)),
            ),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The report of `seega dedupe` with `args`, as JSON Lines and as one JSON array, which must
/// hold the same objects.
fn dedupe_report(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let report = |format: &str| {
        let mut all = vec!["dedupe", "--format", format];
        all.extend(args);
        common::stdout(&run(&all, stdin))
    };
    let lines = json_lines(&report("jsonl"));
    let array: Value = serde_json::from_str(&report("json")).expect("one JSON array");
    assert_eq!(array, Value::Array(lines.clone()), "{args:?}");
    lines
}

#[test]
fn every_dedupe_entry_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("dedupe.schema.json");
    let dir = edge_cases("dedupe-schema");
    let edge = dir.display().to_string();
    let club = std::fs::read(format!("{ROOT}/samples/club-archive-crlf.sgn")).expect("a sample");
    let mut entries = Vec::new();
    for args in [
        vec!["samples"],
        vec!["--symmetric", "samples"],
        vec!["tests/fixtures"],
        vec![edge.as_str()],
        vec!["--symmetric", "--rules", "ludus", edge.as_str()],
        vec!["-", "samples/club-archive-crlf.sgn"],
        vec!["no-such-file.sgn", "samples/ludus.sgn"],
    ] {
        let report = dedupe_report(&args, &club);
        assert!(!report.is_empty(), "{args:?}");
        for e in report.iter().filter_map(|e| e["duplicate_of"].as_object()) {
            let kept = (report.iter())
                .find(|k| k["file"] == e["file"] && k["game"] == e["game"])
                .expect("the copy kept is in the report");
            assert!(kept["duplicate_of"].is_null(), "{kept}");
        }
        entries.extend(report);
    }
    assert!(dedupe_report(&[dir.join("empty.sgn").to_str().unwrap()], b"").is_empty());
    all_conform(&v, &entries);
    assert!(entries.iter().any(|e| e["valid"] == json!(false)));
    assert!(entries.iter().any(|e| e["file"] == json!("<stdin>")));
    let good = (entries.iter())
        .find(|e| e["duplicate_of"].is_object())
        .expect("a duplicate")
        .clone();
    #[cfg(unix)]
    assert!(
        (entries.iter()).any(|e| e["file_bytes"].is_array() && e["duplicate_of"].is_object()),
        "a path that is not UTF-8"
    );
    refuses(
        &v,
        &good,
        vec![
            ("unknown field", Box::new(|o| o["extra"] = json!(1))),
            (
                "missing field",
                Box::new(|o| {
                    o.as_object_mut().map(|m| m.remove("identity"));
                }),
            ),
            (
                "short identity",
                Box::new(|o| o["identity"] = json!("c88bd2")),
            ),
            (
                "identity in capitals",
                Box::new(|o| o["identity"] = json!("C88BD224CABF7863")),
            ),
            ("game 0", Box::new(|o| o["game"] = json!(0))),
            ("invalid duplicate", Box::new(|o| o["valid"] = json!(false))),
            (
                "field in duplicate_of",
                Box::new(|o| o["duplicate_of"]["identity"] = json!("c88bd224cabf7863")),
            ),
            (
                "bad file_bytes",
                Box::new(|o| o["duplicate_of"]["file_bytes"] = json!([256])),
            ),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The manifest `seega split` writes with `args` (after `split -o DIR`) into a new `dir`,
/// checked against the parts written: each part is there, and they follow each other.
fn manifest(dir: &Path, args: &[&std::ffi::OsStr], stdin: &[u8]) -> Vec<Value> {
    let mut all: Vec<&std::ffi::OsStr> = vec!["split".as_ref(), "-o".as_ref(), dir.as_os_str()];
    all.extend(args);
    let out = seega(&all, Path::new(ROOT), stdin);
    assert!(out.status.success(), "{args:?}: {}", common::stderr(&out));
    let text = std::fs::read_to_string(dir.join("parts.jsonl")).expect("a manifest");
    let lines = json_lines(&text);
    let (mut game, mut byte) = (json!(1), json!(0));
    for l in &lines {
        assert!(
            dir.join(l["part"].as_str().expect("a name")).is_file(),
            "{l}"
        );
        assert_eq!((&l["first_game"], &l["first_byte"]), (&game, &byte), "{l}");
        assert!(l["end_byte"].as_u64() > l["first_byte"].as_u64(), "{l}");
        game = json!(l["first_game"].as_u64().unwrap() + l["games"].as_u64().unwrap());
        byte = l["end_byte"].clone();
    }
    lines
}

#[test]
fn every_manifest_line_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("split.schema.json");
    let edge = edge_cases("split-schema");
    let out = common::scratch("split-schema-parts");
    let mut lines = Vec::new();
    let mut k = 0;
    let mut split = |args: &[&std::ffi::OsStr], stdin: &[u8]| {
        k += 1;
        manifest(&out.join(k.to_string()), args, stdin)
    };
    let sample = |name: &str| PathBuf::from(format!("{ROOT}/samples/{name}")).into_os_string();
    for name in ["standard.sgn", "ludus.sgn", "club-archive-crlf.sgn"] {
        lines.extend(split(
            &["--games".as_ref(), "2".as_ref(), &sample(name)],
            b"",
        ));
        lines.extend(split(
            &["--bytes".as_ref(), "1k".as_ref(), &sample(name)],
            b"",
        ));
    }
    let standard = std::fs::read(sample("standard.sgn")).expect("a sample");
    let gz = ["--games", "4", "--compress", "gz", "-"].map(std::ffi::OsStr::new);
    lines.extend(split(&gz, &standard));
    let comment = edge.join("comment.sgn").into_os_string();
    let outside = split(&["--games".as_ref(), "1".as_ref(), &comment], b"");
    assert_eq!(outside.len(), 1);
    assert_eq!(
        outside[0]["games"],
        json!(0),
        "a text of no game is one part"
    );
    lines.extend(outside);
    let empty = edge.join("empty.sgn").into_os_string();
    assert!(split(&["--games".as_ref(), "1".as_ref(), &empty], b"").is_empty());
    #[cfg(unix)]
    {
        let latin1 = edge.join(latin1_name()).into_os_string();
        let parts = split(&["--games".as_ref(), "1".as_ref(), &latin1], b"");
        assert!(
            parts.iter().all(|l| l["file_bytes"].is_array()),
            "{parts:?}"
        );
        lines.extend(parts);
    }
    all_conform(&v, &lines);
    assert!(lines.iter().any(|l| l["file"] == json!("<stdin>")));
    assert!(lines.iter().any(|l| l["part"] == json!("part-0002.sgn.gz")));
    let good = lines[1].clone();
    refuses(
        &v,
        &good,
        vec![
            ("unknown field", Box::new(|o| o["extra"] = json!(1))),
            (
                "missing field",
                Box::new(|o| {
                    o.as_object_mut().map(|m| m.remove("end_byte"));
                }),
            ),
            (
                "short part name",
                Box::new(|o| o["part"] = json!("part-2.sgn")),
            ),
            (
                "unknown compression",
                Box::new(|o| o["part"] = json!("part-0002.sgn.lz4")),
            ),
            (
                "part in a folder",
                Box::new(|o| o["part"] = json!("x/part-0002.sgn")),
            ),
            ("first game 0", Box::new(|o| o["first_game"] = json!(0))),
            ("negative byte", Box::new(|o| o["first_byte"] = json!(-1))),
            ("file as bytes", Box::new(|o| o["file"] = json!([99]))),
        ],
    );
    let _ = std::fs::remove_dir_all(&edge);
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn every_fix_line_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("fix.schema.json");
    let dir = edge_cases("fix-schema");
    for from in ["samples/invalid", "tests/fixtures"] {
        for entry in std::fs::read_dir(format!("{ROOT}/{from}")).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_file() {
                std::fs::copy(&path, dir.join(path.file_name().expect("a name"))).expect("copied");
            }
        }
    }
    let fixable = b"[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n\
                    1. b1-c1 2. a1-b1xa2 *\n";
    #[cfg(unix)]
    std::fs::write(dir.join(latin1_name()), fixable).expect("writable");
    let fix = |args: &[&str], stdin: &[u8]| {
        let mut all = vec!["check", "--fix", "--format", "jsonl"];
        all.extend(args);
        let args: Vec<&std::ffi::OsStr> = all.iter().map(std::ffi::OsStr::new).collect();
        let out = seega(&args, &dir, stdin);
        json_lines(&common::stderr(&out))
    };
    let mut lines = fix(&["."], b"");
    assert_eq!(
        lines.last().map(|l| &l["type"]),
        Some(&json!("fix-summary"))
    );
    let stdin = fix(&["-"], fixable);
    assert_eq!(stdin[0]["file"], json!("<stdin>"), "{stdin:?}");
    lines.extend(stdin);
    lines.extend(fix(&["empty.sgn", "comment.sgn"], b""));
    lines.extend(fix(&["missing.sgn", "place-centre.sgn"], b""));
    all_conform(&v, &lines);
    let kinds: std::collections::BTreeSet<_> =
        lines.iter().filter_map(|l| l["type"].as_str()).collect();
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["diagnostic", "fix", "fix-summary"]
    );
    #[cfg(unix)]
    assert!(
        lines
            .iter()
            .any(|l| l["type"] == json!("fix") && l["file_bytes"].is_array())
    );
    let of = |kind: &str| {
        (lines.iter())
            .find(|l| l["type"] == json!(kind))
            .expect("a line of each kind")
            .clone()
    };
    let (good, left, summary) = (of("fix"), of("diagnostic"), of("fix-summary"));
    refuses(
        &v,
        &good,
        vec![
            ("unknown field", Box::new(|o| o["extra"] = json!(1))),
            ("game 0", Box::new(|o| o["game"] = json!(0))),
            ("column 0", Box::new(|o| o["column"] = json!(0))),
            ("bad type", Box::new(|o| o["type"] = json!("fixed"))),
            (
                "missing replacement",
                Box::new(|o| {
                    o.as_object_mut().map(|m| m.remove("new"));
                }),
            ),
        ],
    );
    refuses(
        &v,
        &left,
        vec![
            (
                "warning left",
                Box::new(|o| o["severity"] = json!("warning")),
            ),
            ("game 0", Box::new(|o| o["game"] = json!(0))),
            ("fix's field", Box::new(|o| o["old"] = json!("a1"))),
        ],
    );
    refuses(
        &v,
        &summary,
        vec![
            ("negative count", Box::new(|o| o["left"] = json!(-1))),
            ("check's count", Box::new(|o| o["games"] = json!(1))),
            (
                "missing count",
                Box::new(|o| {
                    o.as_object_mut().map(|m| m.remove("fixed"));
                }),
            ),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}
