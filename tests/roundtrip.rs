//! Round trips over every game of the conformance corpus and of `samples/`:
//! sgn → json → sgn → json, canonical text through JSON, and `fmt` idempotence.

use seega::archive::for_each_object;
use seega::notation::writer::{WriteOptions, push_game_text, write_game};
use seega::notation::{Scanner, Source};
use seega::render::game_json::{GameObject, game_text};
use seega::tools::canonical::format_source;
use seega::validate::canonical_doc;
use seega::validate::{Options, check_game};
use serde_json::Value;

use common::ROOT;

use super::common;
use common::walk;

/// Every `*.sgn` file under the corpus, the samples and the test fixtures, sorted; fails when
/// a directory has none.
fn archives() -> Vec<std::path::PathBuf> {
    let mut all = Vec::new();
    for dir in ["tests/conformance", "samples", "tests/fixtures"] {
        let mut found = Vec::new();
        walk(std::path::Path::new(&format!("{ROOT}/{dir}")), &mut found);
        assert!(!found.is_empty(), "{dir} has .sgn files");
        found.sort();
        all.extend(found);
    }
    all
}

fn objects(text: &str, file: &str) -> Vec<GameObject> {
    let source = Source::from_text(text);
    let mut out = Vec::new();
    for_each_object::<()>(&source, file, &Options::default(), &mut |o| {
        out.push(o);
        Ok(())
    })
    .expect("sink never fails");
    out
}

fn sgn(objs: &[GameObject]) -> String {
    let mut out = String::new();
    for o in objs {
        let t = game_text(o, 80).unwrap_or_else(|e| panic!("game {}: {e}", o.game));
        push_game_text(&mut out, &t);
    }
    out
}

/// The JSON with the fields that describe the source layout removed: a turn's line and
/// column, and a diagnostic's position. Move-number warnings are dropped too: the canonical
/// writer numbers the turns itself, which is the one thing a trip through SGN repairs.
fn without_layout(objs: &[GameObject]) -> Value {
    let mut v = serde_json::to_value(objs).expect("serializes");
    for g in v.as_array_mut().expect("array") {
        for t in g["turns"].as_array_mut().expect("turns") {
            let t = t.as_object_mut().expect("turn object");
            t.remove("line");
            t.remove("column");
        }
        let errors = g["errors"].as_array_mut().expect("errors");
        errors.retain(|e| e["code"] != "seega::number::mismatch");
        for e in errors {
            // Nor does the sentence of a later error that points back at such a warning.
            if let Some(help) = e["help"].as_str() {
                let kept: Vec<&str> = help
                    .split_inclusive(". ")
                    .filter(|s| !s.contains("(see the warning there)"))
                    .collect();
                e["help"] = Value::from(kept.concat());
            }
            let e = e.as_object_mut().expect("error object");
            for k in ["line", "column", "end_line", "end_column"] {
                e.remove(k);
            }
        }
    }
    v
}

/// The canonical text of the games of `text` that have one, as `fmt` writes them.
fn canonical_games(text: &str) -> (String, usize) {
    let source = Source::from_text(text);
    let opts = Options::default().record(true);
    let mut out = String::new();
    let mut n = 0;
    for g in Scanner::new(source.text(), &[]) {
        let v = check_game(&g, &opts);
        if let Ok(doc) = canonical_doc(&g, &v) {
            let mut t = String::new();
            write_game(&doc, &WriteOptions::default(), &mut t);
            push_game_text(&mut out, &t);
            n += 1;
        }
    }
    (out, n)
}

#[test]
fn sgn_json_sgn_json_is_stable() {
    let mut games = 0;
    let mut failures = Vec::new();
    for path in archives() {
        let name = path.display().to_string();
        let text = Source::from_bytes(&std::fs::read(&path).expect("readable")).into_text();
        let j1 = objects(&text, &name);
        let t1 = sgn(&j1);
        let j2 = objects(&t1, &name);
        let t2 = sgn(&j2);
        games += j1.len();
        if j1.len() != j2.len() {
            failures.push(format!("{name}: {} games, then {}", j1.len(), j2.len()));
            continue;
        }
        if t1 != t2 {
            failures.push(format!("{name}: json → sgn is not a fixed point"));
        }
        let (a, b) = (without_layout(&j1), without_layout(&j2));
        for (k, (x, y)) in a
            .as_array()
            .iter()
            .flat_map(|a| a.iter())
            .zip(b.as_array().iter().flat_map(|b| b.iter()))
            .enumerate()
        {
            if x != y {
                failures.push(format!(
                    "{name} game {}: json differs after sgn:\n{x}\n{y}",
                    k + 1
                ));
            }
        }
    }
    assert!(games >= 200, "{games} games");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn canonical_text_survives_json_byte_for_byte_and_fmt_is_idempotent() {
    let mut games = 0;
    let mut failures = Vec::new();
    for path in archives() {
        let name = path.display().to_string();
        let text = Source::from_bytes(&std::fs::read(&path).expect("readable")).into_text();
        let (canonical, n) = canonical_games(&text);
        games += n;
        let j1 = objects(&canonical, &name);
        let back = sgn(&j1);
        if back != canonical {
            failures.push(format!("{name}: sgn → json → sgn changed canonical text"));
        }
        let j2 = objects(&back, &name);
        if j1 != j2 {
            failures.push(format!("{name}: sgn → json → sgn → json changed the json"));
        }
        match format_source(
            &Source::from_text(canonical.clone()),
            &Options::default(),
            &WriteOptions::default(),
        ) {
            Ok(again) if again == canonical => {}
            Ok(_) => failures.push(format!("{name}: fmt is not idempotent")),
            Err(e) => failures.push(format!("{name}: canonical text has syntax errors: {e:?}")),
        }
    }
    assert!(games >= 150, "{games} canonical games");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The bundled samples outside `samples/invalid/`, sorted.
fn bundled_samples() -> Vec<std::path::PathBuf> {
    let mut found: Vec<_> = std::fs::read_dir(format!("{ROOT}/samples"))
        .expect("samples/ is listable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "sgn"))
        .collect();
    found.sort();
    assert!(found.len() >= 6, "{found:?}");
    found
}

/// What the guide promises of the samples: `seega fmt --check samples/*.sgn` lists nothing,
/// and `seega convert` to JSON (and to JSON Lines) and back to notation gives every sample's
/// bytes back, except that line ends come back as LF (the CRLF sample).
#[test]
fn every_bundled_sample_is_canonical_and_comes_back_from_json_byte_for_byte() {
    let samples = bundled_samples();
    let names: Vec<String> = samples
        .iter()
        .map(|p| {
            format!(
                "samples/{}",
                p.file_name().expect("a name").to_string_lossy()
            )
        })
        .collect();
    let mut args = vec!["fmt", "--check"];
    args.extend(names.iter().map(String::as_str));
    let check = common::run_with(&args, None);
    assert_eq!(
        check.status.code(),
        Some(0),
        "not canonical:\n{}{}",
        common::stdout(&check),
        common::stderr(&check)
    );
    let mut crlf = 0;
    for (path, name) in samples.iter().zip(&names) {
        let bytes = std::fs::read(path).expect("readable");
        let expected = if bytes.windows(2).any(|w| w == b"\r\n") {
            crlf += 1;
            String::from_utf8(bytes)
                .expect("utf-8")
                .replace("\r\n", "\n")
                .into_bytes()
        } else {
            bytes
        };
        for (to, from) in [("json", "json"), ("jsonl", "jsonl")] {
            let json = common::run_with(&["convert", "--to", to, name], None);
            assert_eq!(
                json.status.code(),
                Some(0),
                "{name}: {}",
                common::stderr(&json)
            );
            let back = common::run_with(
                &["convert", "--from", from, "--to", "sgn"],
                Some(&json.stdout),
            );
            assert_eq!(
                back.status.code(),
                Some(0),
                "{name}: {}",
                common::stderr(&back)
            );
            assert!(
                back.stdout == expected,
                "{name}: sgn → {to} → sgn changed the text:\n{}",
                common::stdout(&back)
            );
        }
    }
    assert_eq!(crlf, 1, "one sample has CRLF line ends");
}
