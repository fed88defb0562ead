//! The reports of `seega stats --format json`, `seega dedupe --format json|jsonl`, the manifest
//! `parts.jsonl` of `seega split` and the lines of `seega check --fix --format jsonl` conform to
//! `spec/stats.schema.json`, `spec/dedupe.schema.json`, `spec/split.schema.json` and
//! `spec/fix.schema.json`, run on the samples, the invalid samples, the fixtures and the edge
//! cases (an empty file, a file of only a comment, a missing file, a path that is not UTF-8,
//! standard input, and for `check --fix` a Ludii trial); and each schema is strict enough to
//! refuse broken ones.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use super::common;
use super::json_schema::{all_conform, validator};
use common::ROOT;

/// A change that breaks a line: what it breaks, the JSON pointer of a field (its last part the
/// field's name) and the field's new value, or `None` to remove the field.
type Change<'a> = (&'a str, &'a str, Option<Value>);

/// Asserts that `v` accepts `good` and refuses it after each of `changes`.
fn refuses(v: &jsonschema::Validator, good: &Value, changes: &[Change<'_>]) {
    assert!(v.is_valid(good), "{good}");
    for (what, pointer, value) in changes {
        let mut o = good.clone();
        let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
        let map = (o.pointer_mut(parent).and_then(Value::as_object_mut)).expect("an object");
        match value {
            Some(value) => map.insert(key.to_owned(), value.clone()),
            None => map.remove(key),
        };
        assert!(!v.is_valid(&o), "the schema accepts a {what}: {o}");
    }
}

/// `seega` with `args` in the crate root, standard input `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> std::process::Output {
    common::run_with(args, Some(stdin))
}

/// A name that is not UTF-8 (`café.sgn` in Latin-1), on systems whose paths are bytes.
#[cfg(unix)]
fn latin1_name() -> OsString {
    use std::os::unix::ffi::OsStrExt;
    OsStr::from_bytes(b"caf\xe9.sgn").to_owned()
}

/// The lines of `text`, each of which must be JSON.
fn json_lines(text: &str) -> Vec<Value> {
    (text.lines())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// A scratch directory holding an empty file, two files of only a comment (one of them not
/// UTF-8), and under a name that is not UTF-8 a copy of `samples/club-archive-crlf.sgn` (whose
/// two games are one game).
fn edge_cases(name: &str) -> PathBuf {
    let dir = common::scratch(name);
    std::fs::write(dir.join("empty.sgn"), b"").expect("writable");
    std::fs::write(dir.join("comment.sgn"), b"{ only a comment }\n").expect("writable");
    std::fs::write(dir.join("latin1-comment.sgn"), b"{ caf\xe9 }\n").expect("writable");
    let club = std::fs::read(format!("{ROOT}/samples/club-archive-crlf.sgn")).expect("a sample");
    #[cfg(unix)]
    std::fs::write(dir.join(latin1_name()), &club).expect("writable");
    dir
}

/// Asserts that the counts of a stats object add up: valid and invalid games, the games of each
/// ruleset, its results and its endings.
fn stats_add_up(o: &Value) {
    let count = |v: &Value| v.as_u64().expect("a count");
    let (games, rulesets) = (count(&o["games"]), o["rulesets"].as_object().expect("map"));
    assert_eq!(count(&o["valid"]) + count(&o["invalid"]), games, "{o}");
    let by_rules: u64 = rulesets.values().map(|r| count(&r["games"])).sum();
    assert_eq!(by_rules, games, "{o}");
    for r in rulesets.values() {
        for by in ["results", "terminations"] {
            let sum: u64 = r[by].as_object().expect("map").values().map(count).sum();
            assert_eq!(sum, count(&r["games"]), "{by} of {r}");
        }
    }
    let (wins, decisive) = (&o["first_mover_wins"], &o["decisive_games"]);
    assert!(count(wins) <= count(decisive), "{o}");
}

#[test]
fn every_stats_object_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("stats.schema.json");
    let dir = edge_cases("stats-schema");
    let edge = dir.display().to_string();
    let ludus = std::fs::read(format!("{ROOT}/samples/ludus.sgn")).expect("a sample");
    let (mut objects, none): (Vec<Value>, &[u8]) = (Vec::new(), b"");
    for (args, stdin) in [
        (vec!["samples"], none),
        (vec!["samples/invalid"], none),
        (vec!["tests/fixtures"], none),
        (vec![edge.as_str()], none),
        (vec!["--rules", "seesa", "samples/positions.sgn"], none),
        (vec!["-"], ludus.as_slice()),
        (vec!["-"], none),
        (vec!["no-such-file.sgn", "samples/ludus.sgn"], none),
    ] {
        let mut all = vec!["stats", "--format", "json"];
        all.extend(&args);
        let out = run(&all, stdin);
        objects.push(serde_json::from_slice::<Value>(&out.stdout).expect("one JSON object"));
    }
    let out = run(&["stats", "--format", "json", "no-such-file.sgn"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no object when nothing is read");
    all_conform(&v, &objects);
    objects.iter().for_each(stats_add_up);
    assert!(objects.iter().any(|o| o["games"] == json!(0)));
    assert!(
        objects
            .iter()
            .any(|o| o["rulesets"].get("unknown").is_some())
    );
    let good = (objects.iter())
        .find(|o| o["first_mover_win_rate"].is_number())
        .expect("decisive games");
    assert!(good["rulesets"]["standard"].is_object(), "standard games");
    let standard = |field: &str| format!("/rulesets/standard/{field}");
    refuses(
        &v,
        good,
        &[
            ("unknown field", "/extra", Some(json!(1))),
            ("missing field", "/longest_chain", None),
            ("fraction of a count", "/games", Some(json!(1.5))),
            ("rate over 1", "/first_mover_win_rate", Some(json!(2))),
            (
                "rate of no decisive game",
                "/decisive_games",
                Some(json!(0)),
            ),
            ("bad result", &standard("results/2-0"), Some(json!(1))),
            (
                "bad termination",
                &standard("terminations/resign"),
                Some(json!(1)),
            ),
            ("ruleset of no game", &standard("games"), Some(json!(0))),
            ("field in a ruleset", &standard("valid"), Some(json!(1))),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The report of `seega dedupe` with `args`, as JSON Lines and as one JSON array, which must
/// hold the same objects; each copy kept that a duplicate names is in it, and is kept.
fn dedupe_report(args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let report = |format: &str| {
        let mut all = vec!["dedupe", "--format", format];
        all.extend(args);
        common::stdout(&run(&all, stdin))
    };
    let lines = json_lines(&report("jsonl"));
    let array: Value = serde_json::from_str(&report("json")).expect("one JSON array");
    assert_eq!(array, Value::Array(lines.clone()), "{args:?}");
    for e in lines.iter().filter_map(|e| e["duplicate_of"].as_object()) {
        let kept = (lines.iter())
            .find(|k| k["file"] == e["file"] && k["game"] == e["game"])
            .expect("the copy kept is in the report");
        assert!(kept["duplicate_of"].is_null(), "{kept}");
    }
    lines
}

#[test]
fn every_dedupe_entry_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("dedupe.schema.json");
    let dir = edge_cases("dedupe-schema");
    let edge = dir.display().to_string();
    let empty = dir.join("empty.sgn").display().to_string();
    let club = std::fs::read(format!("{ROOT}/samples/club-archive-crlf.sgn")).expect("a sample");
    let mut entries = Vec::new();
    for args in [
        vec!["samples"],
        vec!["--symmetric", "samples"],
        vec!["tests/fixtures"],
        vec![edge.as_str(), "samples/club-archive-crlf.sgn"],
        vec!["--symmetric", "--rules", "ludus", edge.as_str()],
        vec!["-", "samples/club-archive-crlf.sgn"],
        vec!["no-such-file.sgn", "samples/ludus.sgn"],
    ] {
        let report = dedupe_report(&args, &club);
        assert!(!report.is_empty(), "{args:?}");
        entries.extend(report);
    }
    assert!(dedupe_report(&[empty.as_str()], b"").is_empty());
    all_conform(&v, &entries);
    assert!(entries.iter().any(|e| e["valid"] == json!(false)));
    assert!(entries.iter().any(|e| e["file"] == json!("<stdin>")));
    #[cfg(unix)]
    assert!(
        (entries.iter()).any(|e| e["file_bytes"].is_array() && e["duplicate_of"].is_object()),
        "a path that is not UTF-8"
    );
    let good = (entries.iter())
        .find(|e| e["duplicate_of"].is_object())
        .expect("a duplicate");
    refuses(
        &v,
        good,
        &[
            ("unknown field", "/extra", Some(json!(1))),
            ("missing field", "/identity", None),
            ("short identity", "/identity", Some(json!("c88bd2"))),
            (
                "capital identity",
                "/identity",
                Some(json!("C88BD224CABF7863")),
            ),
            ("game 0", "/game", Some(json!(0))),
            ("invalid duplicate", "/valid", Some(json!(false))),
            (
                "field in duplicate_of",
                "/duplicate_of/valid",
                Some(json!(true)),
            ),
            ("game 0 kept", "/duplicate_of/game", Some(json!(0))),
            (
                "bad file_bytes",
                "/duplicate_of/file_bytes",
                Some(json!([256])),
            ),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The manifest `seega split -o DIR` writes with `args` into `dir` (new), checked against the
/// parts written: each part is there, and each starts where the one before ends.
fn manifest(dir: &Path, args: &[&OsStr], stdin: &[u8]) -> Vec<Value> {
    let mut all: Vec<&OsStr> = vec!["split".as_ref(), "-o".as_ref(), dir.as_os_str()];
    all.extend(args);
    let out = common::run_at(&all, Path::new(ROOT), Some(stdin));
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
    let mut k = 0;
    let mut split = |args: &[&str], path: Option<&Path>, stdin: &[u8]| {
        k += 1;
        let mut all: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        all.extend(path.map(Path::as_os_str));
        manifest(&out.join(k.to_string()), &all, stdin)
    };
    let mut lines = Vec::new();
    for name in ["standard.sgn", "ludus.sgn", "club-archive-crlf.sgn"] {
        let sample = PathBuf::from(format!("{ROOT}/samples/{name}"));
        lines.extend(split(&["--games", "2"], Some(&sample), b""));
        lines.extend(split(&["--bytes", "1k"], Some(&sample), b""));
    }
    let standard = std::fs::read(format!("{ROOT}/samples/standard.sgn")).expect("a sample");
    lines.extend(split(
        &["--games", "4", "--compress", "gz", "-"],
        None,
        &standard,
    ));
    let outside = split(&["--games", "1"], Some(&edge.join("comment.sgn")), b"");
    assert_eq!(outside.len(), 1);
    assert_eq!(
        outside[0]["games"],
        json!(0),
        "a text of no game is one part"
    );
    lines.extend(outside);
    assert!(split(&["--games", "1"], Some(&edge.join("empty.sgn")), b"").is_empty());
    #[cfg(unix)]
    {
        let parts = split(&["--games", "1"], Some(&edge.join(latin1_name())), b"");
        assert!(
            parts.iter().all(|l| l["file_bytes"].is_array()),
            "{parts:?}"
        );
        lines.extend(parts);
    }
    all_conform(&v, &lines);
    assert!(lines.iter().any(|l| l["file"] == json!("<stdin>")));
    assert!(lines.iter().any(|l| l["part"] == json!("part-0002.sgn.gz")));
    refuses(
        &v,
        &lines[1],
        &[
            ("unknown field", "/extra", Some(json!(1))),
            ("missing field", "/end_byte", None),
            ("short part name", "/part", Some(json!("part-2.sgn"))),
            (
                "unknown compression",
                "/part",
                Some(json!("part-0002.sgn.lz4")),
            ),
            ("part in a folder", "/part", Some(json!("x/part-0002.sgn"))),
            ("first game 0", "/first_game", Some(json!(0))),
            ("negative byte", "/first_byte", Some(json!(-1))),
            ("file as bytes", "/file", Some(json!([99]))),
        ],
    );
    let _ = std::fs::remove_dir_all(&edge);
    let _ = std::fs::remove_dir_all(&out);
}

/// A game `check --fix` corrects in two fixes: a pass inserted, a capture removed.
const FIXABLE: &[u8] = b"[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n\
                         1. b1-c1 2. a1-b1xa2 *\n";

/// The JSON lines of `check --fix --format jsonl` run with `args` in `dir`.
fn fix_lines(dir: &Path, args: &[&str], stdin: &[u8]) -> Vec<Value> {
    let mut all = vec!["check", "--fix", "--format", "jsonl"];
    all.extend(args);
    let all: Vec<&OsStr> = all.iter().map(OsStr::new).collect();
    let out = common::run_at(&all, dir, Some(stdin));
    json_lines(&common::stderr(&out))
}

#[test]
fn every_fix_line_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("fix.schema.json");
    let dir = edge_cases("fix-schema");
    for from in ["samples/invalid", "tests/fixtures"] {
        for entry in std::fs::read_dir(format!("{ROOT}/{from}")).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_file() {
                let to = dir.join(path.file_name().expect("a name"));
                std::fs::copy(&path, to).expect("copied");
            }
        }
    }
    #[cfg(unix)]
    std::fs::write(dir.join(latin1_name()), FIXABLE).expect("writable");
    let mut lines = fix_lines(&dir, &["."], b"");
    assert_eq!(
        lines.last().map(|l| &l["type"]),
        Some(&json!("fix-summary"))
    );
    let stdin = fix_lines(&dir, &["-"], FIXABLE);
    assert_eq!(stdin[0]["file"], json!("<stdin>"), "{stdin:?}");
    lines.extend(stdin);
    lines.extend(fix_lines(&dir, &["empty.sgn", "comment.sgn"], b""));
    lines.extend(fix_lines(&dir, &["missing.sgn", "place-centre.sgn"], b""));
    let trial = format!("{ROOT}/tests/fixtures/ludii/wrong-capture.txt");
    std::fs::copy(trial, dir.join("trial.txt")).expect("copied");
    lines.extend(fix_lines(&dir, &["trial.txt", "latin1-comment.sgn"], b""));
    std::fs::write(dir.join("auto.sgn"), b"{ ok }\n1. c3,a1 *\n{ caf\xe9 }\n").expect("writable");
    lines.extend(fix_lines(&dir, &["--encoding", "auto", "auto.sgn"], b""));
    all_conform(&v, &lines);
    let kinds: std::collections::BTreeSet<_> =
        lines.iter().filter_map(|l| l["type"].as_str()).collect();
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        [
            "diagnostic",
            "encoding-switch",
            "fix",
            "fix-summary",
            "input-error"
        ]
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
    };
    refuses(
        &v,
        of("fix"),
        &[
            ("unknown field", "/extra", Some(json!(1))),
            ("missing replacement", "/new", None),
            ("game 0", "/game", Some(json!(0))),
            ("column 0", "/column", Some(json!(0))),
            ("bad type", "/type", Some(json!("fixed"))),
        ],
    );
    refuses(
        &v,
        of("diagnostic"),
        &[
            ("warning left", "/severity", Some(json!("warning"))),
            ("game 0 of a turn", "/game", Some(json!(0))),
            ("fix's field", "/old", Some(json!("a1"))),
        ],
    );
    let outside = (lines.iter())
        .find(|l| l["type"] == json!("diagnostic") && l["game"] == json!(0))
        .expect("the bytes of a file of only a comment, at game 0");
    refuses(
        &v,
        outside,
        &[
            (
                "game 0 of another error",
                "/code",
                Some(json!("seega::place::centre")),
            ),
            ("game 0 of a turn", "/turn", Some(json!(1))),
        ],
    );
    refuses(
        &v,
        of("input-error"),
        &[
            ("empty message", "/message", Some(json!(""))),
            ("missing file", "/file", None),
            ("game of a diagnostic", "/game", Some(json!(1))),
        ],
    );
    refuses(
        &v,
        of("encoding-switch"),
        &[
            ("line 0", "/line", Some(json!(0))),
            ("missing line", "/line", None),
            ("message", "/message", Some(json!("read as Windows-1252"))),
        ],
    );
    refuses(
        &v,
        of("fix-summary"),
        &[
            ("negative count", "/left", Some(json!(-1))),
            ("missing count", "/fixed", None),
            ("missing written", "/written", None),
            ("missing errors", "/errors", None),
            ("count of check's summary", "/games", Some(json!(1))),
        ],
    );
    // The input-error line is the one of `check.schema.json`.
    let schema = |name: &str| -> Value {
        let text = std::fs::read_to_string(format!("{ROOT}/spec/{name}")).expect("a schema");
        serde_json::from_str(&text).expect("JSON")
    };
    let input_error = |s: &Value| {
        let mut o = (s["oneOf"].as_array().expect("branches").iter())
            .find(|b| b["properties"]["type"]["const"] == json!("input-error"))
            .expect("an input-error line")
            .clone();
        o.as_object_mut().map(|o| o.remove("description"));
        o
    };
    assert_eq!(
        input_error(&schema("fix.schema.json")),
        input_error(&schema("check.schema.json"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
