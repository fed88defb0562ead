//! Every game object `convert` emits, for every game of the corpus, the samples and the
//! fixtures, conforms to `spec/game.schema.json`, and every line of `seega moves --format jsonl`
//! to `spec/moves.schema.json`, and every line of `seega check --format jsonl` to
//! `spec/check.schema.json`; and each schema is strict enough to refuse broken ones. The
//! reports of `stats`, `dedupe`, `split` and `check --fix` are tested in `json_schema_reports.rs`
//! with the same validator.

use seega::archive::for_each_object;
use seega::notation::Source;
use seega::validate::Options;
use serde_json::{Value, json};

use common::ROOT;

/// The schema `spec/{name}` as JSON.
fn schema(name: &str) -> Value {
    let text = std::fs::read_to_string(format!("{ROOT}/spec/{name}")).expect("schema");
    serde_json::from_str(&text).expect("schema is JSON")
}

/// The validator of `spec/{name}`, with `game.schema.json` at its address for the schemas that
/// refer to it (the diagnostic of `check.schema.json`).
pub(super) fn validator(name: &str) -> jsonschema::Validator {
    let registry = jsonschema::Registry::new()
        .add(
            "https://seega.invalid/spec/game.schema.json",
            schema("game.schema.json"),
        )
        .expect("a good address")
        .prepare()
        .expect("the registry holds");
    jsonschema::options()
        .with_registry(&registry)
        .build(&schema(name))
        .expect("schema compiles")
}

/// Asserts that `v` accepts every one of `lines`.
pub(super) fn all_conform(v: &jsonschema::Validator, lines: &[Value]) {
    for l in lines {
        let errors: Vec<_> = v.iter_errors(l).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{l}: {}", errors.join("; "));
    }
}

use super::common;
use common::walk;

fn all_objects() -> Vec<Value> {
    let mut out = Vec::new();
    for dir in ["tests/conformance", "samples", "tests/fixtures"] {
        let mut files = Vec::new();
        walk(std::path::Path::new(&format!("{ROOT}/{dir}")), &mut files);
        files.sort();
        assert!(!files.is_empty(), "{dir} has archives");
        for f in files {
            let source = Source::from_bytes(&std::fs::read(&f).expect("readable"));
            let name = f.display().to_string();
            for_each_object::<()>(&source, &name, &Options::default(), &mut |o| {
                out.push(serde_json::to_value(&o).expect("serializes"));
                Ok(())
            })
            .expect("sink never fails");
        }
    }
    out
}

#[test]
fn every_emitted_object_conforms() {
    let v = validator("game.schema.json");
    let objects = all_objects();
    assert!(objects.len() >= 200, "{} objects", objects.len());
    let mut bad = Vec::new();
    for o in &objects {
        for e in v.iter_errors(o) {
            bad.push(format!(
                "game {}: {} at {}",
                o["game"],
                e,
                e.instance_path()
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // The corpus exercises every kind of turn and both kinds of game.
    let kinds: std::collections::BTreeSet<_> = objects
        .iter()
        .flat_map(|o| o["turns"].as_array().into_iter().flatten())
        .filter_map(|t| t["kind"].as_str())
        .collect();
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["move", "pass", "place"]
    );
    assert!(objects.iter().any(|o| o["valid"] == json!(false)));
    assert!(objects.iter().any(|o| o["source"].is_string()));
}

/// A change that breaks an object.
type Mutation = Box<dyn Fn(&mut Value)>;

#[test]
fn the_schema_refuses_broken_objects() {
    let v = validator("game.schema.json");
    let good = all_objects()
        .into_iter()
        .find(|o| o["turns"].as_array().is_some_and(|t| t.len() > 20))
        .expect("a long game");
    assert!(v.is_valid(&good));
    let broken: Vec<(&str, Mutation)> = vec![
        ("unknown field", Box::new(|o| o["extra"] = json!(1))),
        (
            "missing field",
            Box::new(|o| {
                o.as_object_mut().map(|m| m.remove("final"));
            }),
        ),
        (
            "bad square",
            Box::new(|o| o["turns"][0]["squares"][0] = json!("j1")),
        ),
        (
            "bad kind",
            Box::new(|o| o["turns"][0]["kind"] = json!("jump")),
        ),
        (
            "placement with steps",
            Box::new(|o| o["turns"][0]["steps"] = json!([{"to": "a1", "captures": []}])),
        ),
        ("bad result", Box::new(|o| o["result"] = json!("2-0"))),
        (
            "bad side",
            Box::new(|o| o["turns"][0]["side"] = json!("red")),
        ),
        ("bad size", Box::new(|o| o["rules"]["size"] = json!(6))),
    ];
    for (what, mutate) in broken {
        let mut o = good.clone();
        mutate(&mut o);
        assert!(
            !v.is_valid(&o),
            "the schema accepts an object with a {what}"
        );
    }
}

/// The lines `seega moves --format jsonl` writes with `args`.
fn moves_lines(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["moves", "--format", "jsonl"];
    all.extend_from_slice(args);
    let out = common::run_with(&all, None);
    let text = common::stdout(&out);
    text.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn every_moves_line_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("moves.schema.json");
    let mut lines = Vec::new();
    let mut files = Vec::new();
    walk(std::path::Path::new(&format!("{ROOT}/samples")), &mut files);
    files.sort();
    for f in &files {
        let f = f.display().to_string();
        lines.extend(moves_lines(&["--all", &f]));
        lines.extend(moves_lines(&["--all", "--count", &f]));
    }
    lines.extend(moves_lines(&["--position", "bbw1w/5/2b2/5/w3w b"]));
    assert!(lines.len() > 500, "{} lines", lines.len());
    all_conform(&v, &lines);
    for l in &lines {
        if let Some(turns) = l["turns"].as_array() {
            assert_eq!(json!(turns.len()), l["count"], "{l}");
        }
    }
    for (field, value) in [
        ("turn", json!(0)),
        ("game", json!(null)),
        ("turns", json!(null)),
    ] {
        assert!(
            lines.iter().any(|l| l[field] == value),
            "no line with {field} {value}"
        );
    }
    assert!(lines.iter().any(|l| l["outcome"].is_object()));
    assert!(lines.iter().any(|l| l["phase"] == json!("placement")));
    let good = (lines.iter())
        .find(|l| l["outcome"].is_null() && l["count"].as_u64() > Some(1))
        .expect("a position with turns")
        .clone();
    let broken: Vec<(&str, Mutation)> = vec![
        ("unknown field", Box::new(|o| o["extra"] = json!(1))),
        (
            "missing field",
            Box::new(|o| {
                o.as_object_mut().map(|m| m.remove("rules"));
            }),
        ),
        ("bad phase", Box::new(|o| o["phase"] = json!("capture"))),
        ("bad side", Box::new(|o| o["to_move"] = json!("red"))),
        ("bad position", Box::new(|o| o["position"] = json!("xx b"))),
        (
            "turns after the end",
            Box::new(|o| o["outcome"] = json!({"termination": "blocked", "winner": null})),
        ),
    ];
    for (what, mutate) in broken {
        let mut o = good.clone();
        mutate(&mut o);
        assert!(!v.is_valid(&o), "the schema accepts a line with a {what}");
    }
}

#[test]
fn every_check_line_conforms_and_the_schema_refuses_broken_ones() {
    let v = validator("check.schema.json");
    let dir = common::scratch("check-schema");
    std::fs::write(dir.join("comment.sgn"), b"{ caf\xe9 }\n").expect("writable");
    let comment = dir.join("comment.sgn").display().to_string();
    let mut lines = Vec::new();
    for args in [
        vec!["samples"],
        vec!["samples/invalid"],
        vec!["tests/fixtures"],
        vec![comment.as_str(), "no-such-file.sgn"],
    ] {
        let mut all = vec!["check", "--format", "jsonl"];
        all.extend(args);
        let out = common::run_in(&all, std::path::Path::new(ROOT));
        for l in common::stdout(&out).lines() {
            lines.push(serde_json::from_str::<Value>(l).expect("a JSON line"));
        }
    }
    all_conform(&v, &lines);
    let kinds: std::collections::BTreeSet<_> =
        lines.iter().filter_map(|l| l["type"].as_str()).collect();
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        ["diagnostic", "input-error", "summary"]
    );
    assert!(
        lines.iter().any(|l| l["game"] == json!(0)),
        "a diagnostic of no game"
    );
    let good = (lines.iter())
        .find(|l| l["type"] == json!("diagnostic") && l["turn"].is_number())
        .expect("a diagnostic of a turn")
        .clone();
    let summary = (lines.iter())
        .find(|l| l["type"] == json!("summary"))
        .expect("a summary")
        .clone();
    let broken: Vec<(&Value, &str, Mutation)> = vec![
        (&good, "unknown field", Box::new(|o| o["extra"] = json!(1))),
        (
            &good,
            "bad severity",
            Box::new(|o| o["severity"] = json!("note")),
        ),
        (&good, "bad code", Box::new(|o| o["code"] = json!("E0001"))),
        (&good, "column 0", Box::new(|o| o["column"] = json!(0))),
        (
            &good,
            "bad type",
            Box::new(|o| o["type"] = json!("problem")),
        ),
        (
            &summary,
            "missing count",
            Box::new(|o| {
                o.as_object_mut().map(|m| m.remove("valid"));
            }),
        ),
        (
            &summary,
            "negative count",
            Box::new(|o| o["games"] = json!(-1)),
        ),
    ];
    for (line, what, mutate) in broken {
        let mut o = line.clone();
        mutate(&mut o);
        assert!(!v.is_valid(&o), "the schema accepts a line with a {what}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
