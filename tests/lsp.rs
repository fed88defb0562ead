//! `seega lsp` driven as an editor drives it, over pipes: the diagnostics of every invalid
//! sample, as opened and as changed, are those `seega check --format jsonl` gives for the same
//! text; completion lists what `seega moves` lists, formatting writes what `seega fmt` writes, a
//! quick fix applied takes its diagnostic away; and no input makes it write anything but
//! protocol or stop answering.

use std::path::Path;

use serde_json::{Value, json};

use super::common::{self, lsp::Client, lsp::apply};

const URI: &str = "file:///work/game.sgn";

/// The samples the tests open: every invalid one that is UTF-8, and the valid archives.
fn samples() -> Vec<String> {
    let mut files: Vec<String> = ["samples/invalid", "samples"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(Path::new(common::ROOT).join(dir)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgn"))
        .filter(|p| std::str::from_utf8(&std::fs::read(p).unwrap()).is_ok())
        .map(|p| p.strip_prefix(common::ROOT).unwrap().display().to_string())
        .collect();
    files.sort();
    assert!(files.len() > 40, "{files:?}");
    files
}

/// What `seega check --format jsonl` says of `text`: each diagnostic as (code, severity,
/// message and help, first line and column, last line and column), all counted from 0.
fn check_lines(text: &str) -> Vec<(String, u64, String, [u64; 4])> {
    check_lines_with(text, &[])
}

/// [`check_lines`] with more arguments to `check`.
fn check_lines_with(text: &str, args: &[&str]) -> Vec<(String, u64, String, [u64; 4])> {
    let args = [&["check", "--format", "jsonl"], args].concat();
    let o = common::run_with(&args, Some(text.as_bytes()));
    common::stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|d| d["type"] == "diagnostic")
        .map(|d| {
            let severity = if d["severity"] == "error" { 1 } else { 2 };
            let n = |k: &str| d[k].as_u64().unwrap() - 1;
            (
                d["code"].as_str().unwrap().to_owned(),
                severity,
                format!(
                    "{}\nhelp: {}",
                    d["message"].as_str().unwrap(),
                    d["help"].as_str().unwrap()
                ),
                [n("line"), n("column"), n("end_line"), n("end_column")],
            )
        })
        .collect()
}

/// The server's diagnostics in the same terms: the range's end taken back to its last
/// character (the line end before a range that ends at a line's start).
fn server_lines(text: &str, diagnostics: &[Value]) -> Vec<(String, u64, String, [u64; 4])> {
    let lines: Vec<&str> = text.split('\n').collect();
    diagnostics
        .iter()
        .map(|d| {
            let at = |p: &Value| {
                (
                    p["line"].as_u64().unwrap(),
                    p["character"].as_u64().unwrap(),
                )
            };
            let (start, end) = (at(&d["range"]["start"]), at(&d["range"]["end"]));
            let last = match end {
                _ if end == start => start,
                (l, 0) => (
                    l - 1,
                    lines[l as usize - 1].trim_end_matches('\r').len() as u64,
                ),
                (l, c) => (l, c - 1),
            };
            (
                d["code"].as_str().unwrap().to_owned(),
                d["severity"].as_u64().unwrap(),
                d["message"].as_str().unwrap().to_owned(),
                [start.0, start.1, last.0, last.1],
            )
        })
        .collect()
}

/// The position of byte `offset` of an ASCII `text`.
fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let character = before.len() - before.rfind('\n').map_or(0, |k| k + 1);
    json!({"line": line, "character": character})
}

fn read(sample: &str) -> String {
    std::fs::read_to_string(Path::new(common::ROOT).join(sample)).unwrap()
}

#[test]
fn the_diagnostics_of_every_sample_are_checks() {
    let mut client = Client::initialized(json!({}), json!({}));
    for (i, sample) in samples().iter().enumerate() {
        let text = read(sample);
        let uri = format!("file:///work/{i}.sgn");
        let got = client.open(&uri, &text);
        assert_eq!(server_lines(&text, &got), check_lines(&text), "{sample}");
    }
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn each_change_gives_the_diagnostics_of_the_changed_text() {
    let mut client = Client::initialized(json!({}), json!({}));
    let mut text = read("samples/standard.sgn");
    assert!(client.open(URI, &text).is_empty());
    // Each edit: where (a text to find, its occurrence), and what it is replaced with.
    let edits = [
        ("c5,d1", 0, "c3,d1"),
        ("c3,d1", 0, "c5,d1"),
        ("e1-d1xd2 1-0", 0, "e1-d1xd2 0-1"),
        ("\n[Event", 1, "\n{ left open \n[Event"),
        ("{ left open ", 0, "{ closed } "),
        ("[Event", 2, "[Rules \"standard chain=none\"]\n[Event"),
        ("\n\n{", 2, "\n"),
        ("b3,b2 a3,a2", 0, ""),
    ];
    for (version, (find, nth, new)) in edits.into_iter().enumerate() {
        let at = text.match_indices(find).nth(nth).expect(find).0;
        let range = json!({"start": position(&text, at), "end": position(&text, at + find.len())});
        let version = version as i64 + 2;
        let edit = json!([{"range": range, "text": new}]);
        let got = client.change(URI, version, edit);
        text.replace_range(at..at + find.len(), new);
        assert_eq!(
            server_lines(&text, &got),
            check_lines(&text),
            "after {new:?}"
        );
    }
    // The whole text at once.
    let whole = read("samples/invalid/capture-wrong.sgn");
    let got = client.change(URI, 20, json!([{"text": whole}]));
    assert_eq!(server_lines(&whole, &got), check_lines(&whole));
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn rules_from_the_clients_settings_check_as_check_rules_does() {
    let text = read("samples/ludus.sgn");
    let settings = json!({"seega": {"rules": "standard", "forceRules": true}});
    let mut client = Client::initialized(json!({}), settings);
    let got = client.open(URI, &text);
    let forced = check_lines_with(&text, &["--rules", "standard", "--force-rules"]);
    assert!(!forced.is_empty());
    assert_eq!(server_lines(&text, &got), forced);
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"seega": {}}}),
    );
    let got = client.diagnostics(URI, 1);
    assert_eq!(server_lines(&text, &got), check_lines(&text));
    assert!(got.is_empty());
    client.notify(
        "workspace/didChangeConfiguration",
        json!({"settings": {"rules": "nonsense"}}),
    );
    let message = client.next();
    assert_eq!(message["method"], "window/showMessage", "{message}");
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn completion_lists_the_turns_moves_lists() {
    let sample = "samples/standard.sgn";
    let text = read(sample);
    let mut client = Client::initialized(json!({}), json!({}));
    client.open(URI, &text);
    // Before the first turn of game 2, and before its third (after two turns).
    let game2 = text.match_indices("\n1. ").nth(1).unwrap().0 + 4;
    let third = game2 + text[game2..].match_indices(' ').nth(2).unwrap().0 + 1;
    for (offset, turn) in [(game2, "0"), (third, "2")] {
        let items = client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": URI}, "position": position(&text, offset)}),
        );
        let labels: Vec<&str> = items
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap())
            .collect();
        let o = common::run_with(&["moves", sample, "--game", "2", "--turn", turn], None);
        let moves = common::stdout(&o);
        assert_eq!(labels, moves.lines().collect::<Vec<_>>(), "turn {turn}");
        assert!(!labels.is_empty());
    }
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn formatting_writes_what_fmt_writes_and_fix_results_too() {
    let mut client = Client::initialized(json!({}), json!({}));
    for (i, sample) in samples().iter().enumerate() {
        let text = read(sample);
        let uri = format!("file:///work/{i}.sgn");
        client.open(&uri, &text);
        let edits = client.request(
            "textDocument/formatting",
            json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
        );
        let o = common::run_with(&["fmt", sample], None);
        let formatted = apply(&text, edits.as_array().unwrap());
        assert_eq!(formatted, common::stdout(&o), "{sample}");
    }
    // fmt --fix-results, offered where a result is wrong.
    let sample = "samples/invalid/result-wrong.sgn";
    let text = read(sample);
    let diagnostics = client.open(URI, &text);
    let wrong = diagnostics
        .iter()
        .find(|d| d["code"] == "seega::result::wrong")
        .unwrap();
    let actions = client.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": URI}, "range": wrong["range"],
               "context": {"diagnostics": [wrong]}}),
    );
    let fix = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "source.fixAll.seega")
        .expect("the fix-results action");
    let o = common::run_with(&["fmt", "--fix-results", sample], None);
    let edits = fix["edit"]["changes"][URI].as_array().unwrap();
    assert_eq!(apply(&text, edits), common::stdout(&o));
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn a_quick_fix_applied_takes_its_diagnostic_away() {
    let mut client = Client::initialized(json!({}), json!({}));
    let mut fixed = 0;
    for (i, sample) in samples().iter().enumerate() {
        let text = read(sample);
        let uri = format!("file:///work/{i}.sgn");
        let diagnostics = client.open(&uri, &text);
        let Some(d) = diagnostics.iter().find(|d| !d["data"]["fix"].is_null()) else {
            continue;
        };
        let actions = client.request(
            "textDocument/codeAction",
            json!({"textDocument": {"uri": uri}, "range": d["range"],
                   "context": {"diagnostics": [d]}}),
        );
        let quick = actions
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["kind"] == "quickfix");
        let quick = quick.unwrap_or_else(|| panic!("{sample}: {actions}"));
        let edits = quick["edit"]["changes"][&uri].as_array().unwrap().clone();
        let changes: Vec<Value> = edits
            .iter()
            .map(|e| json!({"range": e["range"], "text": e["newText"]}))
            .collect();
        let after = client.change(&uri, 2, Value::from(changes));
        let new = apply(&text, &edits);
        assert_eq!(server_lines(&new, &after), check_lines(&new), "{sample}");
        let same = |a: &Value| a["code"] == d["code"] && a["range"]["start"] == d["range"]["start"];
        assert!(!after.iter().any(same), "{sample}: {after:?}");
        fixed += 1;
    }
    assert!(fixed >= 3, "{fixed} samples had a suggestion");
    assert_eq!(client.stop(), Some(0));
}
