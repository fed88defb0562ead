//! Helpers shared by the tests that run the `seega` binary as a user does.
#![allow(
    dead_code,
    reason = "each test binary uses a different part of these helpers"
)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The crate root, the working directory of every run (so snapshots hold relative paths).
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `seega` with `args` in the crate root, feeding `stdin` when given.
pub fn run_with(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("seega runs");
    let mut pipe = child.stdin.take().expect("stdin");
    if let Some(bytes) = stdin {
        // The program may exit before reading (a usage error): a broken pipe is fine here.
        let _ = pipe.write_all(bytes);
    }
    drop(pipe);
    child.wait_with_output().expect("seega finishes")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("utf-8")
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("utf-8")
}

/// A fresh scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seega-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The names of the files in `dir`, sorted.
pub fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("listable")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    v.sort();
    v
}

/// Adds every `*.sgn` file under `dir`, recursively, to `out`.
pub fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("directory exists").flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "sgn") {
            out.push(p);
        }
    }
}

/// The `.sgn` files of the samples, the invalid samples and the conformance corpora (each
/// folder alone, not its subfolders), sorted within each folder.
pub fn corpus_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [
        "samples",
        "samples/invalid",
        "tests/conformance",
        "tests/conformance/world",
    ] {
        let mut paths: Vec<_> = std::fs::read_dir(Path::new(ROOT).join(dir))
            .expect("a test directory")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "sgn"))
            .collect();
        paths.sort();
        files.extend(paths);
    }
    files
}

/// The rulesets generated test archives mix: every preset, and 9×9 with forced captures and no
/// chains.
pub fn mixed_rules() -> Vec<seega::Ruleset> {
    [
        "standard",
        "ludus",
        "seesa",
        "seesa size=9 forced=yes chain=none",
    ]
    .iter()
    .map(|r| seega::Ruleset::parse(r).expect("a preset"))
    .collect()
}

/// Runs `seega` with `args` in `dir`, standard input empty.
pub fn run_in(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("seega runs")
}

/// `text` (games as `seega generate` writes them) rewritten in another writer's style: tags in
/// reverse order with an escaped value (`\"`, `\\`) in some games, no move numbers, some
/// captures omitted, comments, glyphs and annotations glued to turns or standing apart, and
/// CRLF line ends. The games stay valid and clean.
pub fn other_writer(text: &str) -> String {
    let mut out = String::new();
    for (g, game) in text.split("\n\n[").enumerate() {
        let Some((head, moves)) = game.split_once("\n\n") else {
            continue;
        };
        let mut tags: Vec<String> = head.lines().rev().map(str::to_owned).collect();
        // The split took the first tag's `[` of every game but the first.
        if let Some(first) = tags.last_mut().filter(|t| !t.starts_with('[')) {
            first.insert(0, '[');
        }
        if g % 3 == 0 {
            let escaped = "[Annotator \"J. \\\"Kofi\\\" Mensah \\\\ club\"]";
            tags.insert(g % tags.len(), escaped.to_owned());
        }
        if g % 4 == 1 {
            tags.insert(1, "{a header comment} ; and a line comment".to_owned());
        }
        for t in &tags {
            out.push_str(t);
            out.push('\n');
        }
        out.push('\n');
        let mut line = 0;
        for (k, t) in moves.split_whitespace().enumerate() {
            if t.ends_with('.') {
                continue;
            }
            let mut t = t.to_owned();
            let is_turn = t.starts_with(|c: char| c.is_ascii_lowercase());
            if is_turn && k % 5 == 2 {
                while let Some(x) = t.find('x') {
                    t.replace_range(x..x + 3, "");
                }
            }
            if is_turn {
                match k % 19 {
                    3 => t.push_str("{good move}"),
                    7 => t = format!("{{a \"quote\" \\ here}}{t}"),
                    11 => t.push_str("!?"),
                    13 => t.push_str(" $14"),
                    17 => t.push_str("? ; to the end of the line\n"),
                    _ => {}
                }
            }
            line += t.len() + 1;
            out.push_str(&t);
            if t.ends_with('\n') {
                line = 0;
            } else if line > 70 {
                out.push('\n');
                line = 0;
            } else {
                out.push(' ');
            }
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push_str("\n\n");
    }
    out.replace('\n', "\r\n")
}
