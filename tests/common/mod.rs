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

/// The rulesets generated test archives mix: every preset, and 9×9 with forced captures and no
/// chains.
pub fn mixed_rules() -> Vec<seega::engine::Ruleset> {
    [
        "standard",
        "ludus",
        "seesa",
        "seesa size=9 forced=yes chain=none",
    ]
    .iter()
    .map(|r| seega::engine::Ruleset::parse(r).expect("a preset"))
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
