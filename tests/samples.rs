//! The sample collection: every game outside `samples/invalid/` is legal, every invalid file
//! reports the code it names, every code has an invalid file, and the checker's output for each
//! file is snapshot-tested.

use std::path::Path;

use seega::archive::check_source;
use seega::notation::{LineIndex, Source};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::wire::DiagnosticLine;
use seega::tools::ludii;
use seega::validate::{Code, Options};

/// The path of `path` relative to the crate, with `/` separators, as shown in reports.
fn shown(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Whether the file asks for `--rules auto` on a `; flags: --rules auto` line.
fn wants_auto(bytes: &[u8]) -> bool {
    String::from_utf8_lossy(bytes)
        .lines()
        .take(3)
        .any(|l| l.trim() == "; flags: --rules auto")
}

/// Checks one file and renders its diagnostics (human) and its JSON Lines.
fn check_file(path: &Path) -> (String, String, usize, usize) {
    let bytes = std::fs::read(path).expect("sample is readable");
    let opts = Options::default().auto_rules(wants_auto(&bytes));
    let source = Source::from_bytes(&bytes);
    let text = source.text();
    let lines = LineIndex::new(text);
    let name = shown(path);
    let named = NamedText {
        name: &name,
        text,
        lines: &lines,
    };
    let renderer = Renderer::plain();
    let (mut human, mut jsonl) = (String::new(), String::new());
    let (mut games, mut invalid) = (0, 0);
    // A Ludii trial is one game, checked as `seega check` checks it.
    let verdicts: Vec<(bool, Vec<seega::Problem>)> = if ludii::is_trial(&bytes) {
        let checked = ludii::check(text);
        vec![(checked.is_valid(), checked.problems)]
    } else {
        check_source(&source, &opts)
            .map(|c| (c.verdict.is_valid(), c.verdict.problems))
            .collect()
    };
    for (valid, problems) in verdicts {
        games += 1;
        if !valid {
            invalid += 1;
        }
        for p in &problems {
            human.push_str(&renderer.render(p, named));
            let line = DiagnosticLine::new(p, &name, text, &lines);
            jsonl.push_str(
                &seega::render::json_text::to_string(&line).expect("wire types serialize"),
            );
            jsonl.push('\n');
        }
    }
    human.push_str(&format!("{games} games, {invalid} invalid\n"));
    (human, jsonl, games, invalid)
}

#[test]
fn check_output_of_every_sample() {
    insta::glob!("../samples", "**/*.sgn", |path| {
        let (human, jsonl, _, _) = check_file(path);
        insta::assert_snapshot!("human", human);
        insta::assert_snapshot!("jsonl", jsonl);
    });
    // Ludii trials, valid and invalid.
    insta::glob!("../samples", "**/*.txt", |path| {
        let (human, jsonl, _, _) = check_file(path);
        insta::assert_snapshot!("trial_human", human);
        insta::assert_snapshot!("trial_jsonl", jsonl);
    });
}

#[test]
fn every_game_of_the_collection_is_legal() {
    let mut games = 0;
    insta::glob!("../samples", "*.sgn", |path| {
        let (human, _, n, invalid) = check_file(path);
        assert_eq!(invalid, 0, "{}:\n{human}", path.display());
        games += n;
    });
    assert!(games >= 40, "the collection has {games} games");
}

/// The code an invalid sample names on its first line: `; expect: seega::...`.
fn expected_code(path: &Path) -> Code {
    let text = std::fs::read(path).expect("readable");
    let first = text.split(|b| *b == b'\n').next().unwrap_or_default();
    let first = String::from_utf8_lossy(first);
    let code = first
        .trim()
        .strip_prefix("; expect: ")
        .expect("first line names the code");
    Code::parse(code).unwrap_or_else(|| panic!("{code} is a code"))
}

#[test]
fn every_invalid_sample_reports_its_code_and_every_code_has_one() {
    let mut covered = std::collections::BTreeSet::new();
    insta::glob!("../samples/invalid", "*.sgn", |path| {
        let code = expected_code(path);
        let (_, jsonl, _, _) = check_file(path);
        let first: DiagnosticLine =
            serde_json::from_str(jsonl.lines().next().expect("a diagnostic")).expect("json");
        assert_eq!(first.code, code.as_str(), "{}", path.display());
        covered.insert(code);
    });
    // Ludii trials cannot name their code on their first line (it is `game=`): their name
    // does, `ludii-capture.txt` for `seega::ludii::capture`.
    insta::glob!("../samples/invalid", "ludii-*.txt", |path| {
        let stem = path.file_stem().expect("a name").to_string_lossy();
        let name = format!("seega::ludii::{}", stem.trim_start_matches("ludii-"));
        let code = Code::parse(&name).unwrap_or_else(|| panic!("{name} is a code"));
        let (_, jsonl, games, _) = check_file(path);
        assert_eq!(games, 1, "{}: a trial is one game", path.display());
        let first: DiagnosticLine =
            serde_json::from_str(jsonl.lines().next().expect("a diagnostic")).expect("json");
        assert_eq!(first.code, code.as_str(), "{}", path.display());
        covered.insert(code);
    });
    let missing: Vec<_> = Code::ALL.iter().filter(|c| !covered.contains(c)).collect();
    assert!(
        missing.is_empty(),
        "codes without an invalid sample: {missing:?}"
    );
}

/// Runs the binary in the crate directory and returns its standard output, asserting success.
fn seega(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("output is UTF-8")
}

/// Games with at most this many turns get a `show --all` snapshot.
const SHORT_GAME: usize = 30;

#[test]
fn convert_and_show_output_of_every_sample() {
    insta::glob!("../samples", "*.sgn", |path| {
        let file = shown(path);
        let json = seega(&["convert", "--to", "json", &file]);
        insta::assert_snapshot!("convert_json", json);
        let games: Vec<serde_json::Value> = serde_json::from_str(&json).expect("a JSON array");
        let mut boards = String::new();
        for g in &games {
            let turns = g["turns"].as_array().map_or(0, Vec::len);
            if turns <= SHORT_GAME {
                let n = g["game"].to_string();
                boards.push_str(&seega(&["show", &file, "--game", &n, "--all"]));
                boards.push('\n');
            }
        }
        insta::assert_snapshot!("show_all_short_games", boards);
    });
}
