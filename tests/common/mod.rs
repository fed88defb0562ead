//! Helpers shared by the tests that run the `seega` binary as a user does.
#![allow(
    dead_code,
    reason = "each test binary uses a different part of these helpers"
)]

#[path = "../../src/test_shapes.rs"]
mod shapes;

pub mod lsp;

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

#[allow(
    unused_imports,
    reason = "each test binary uses a different part of these helpers"
)]
pub use shapes::{MIXED_RULES, other_writer, walk};

/// The crate root, the working directory of every run (so snapshots hold relative paths).
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `seega` with `args` in the crate root, feeding `stdin` when given.
pub fn run_with(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    run_at(&args, Path::new(ROOT), stdin)
}

/// Runs `seega` with `args`, which need not be UTF-8, in `dir`, feeding `stdin` when given.
pub fn run_at(args: &[&OsStr], dir: &Path, stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(args)
        .current_dir(dir)
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

/// The rulesets of [`MIXED_RULES`], read.
pub fn mixed_rules() -> Vec<seega::Ruleset> {
    MIXED_RULES
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

/// For a test that needs what this machine lacks (`why`): returns, so that the test skips,
/// only when the one who runs it opted out by setting `opt_out`, and never in CI; otherwise the
/// test fails, naming the variable.
pub fn skip_or_fail(opt_out: &str, why: &str) {
    let opted_out = std::env::var_os(opt_out).is_some_and(|v| !v.is_empty());
    assert!(
        opted_out && std::env::var_os("CI").is_none(),
        "this test cannot run: {why}; set {opt_out}=1 to skip it (not in CI)"
    );
    eprintln!("skipped ({opt_out}): {why}");
}

/// [`skip_or_fail`] for the writers' tests that need root (to mount a small disk, to give a
/// file to another owner): `true`, the test skips, when `SEEGA_TESTS_WITHOUT_ROOT` is set.
pub fn may_skip_without_root(why: &str) -> bool {
    skip_or_fail(
        "SEEGA_TESTS_WITHOUT_ROOT",
        &format!("{why} (run the tests as root)"),
    );
    true
}

/// What `command` (a shell command line) prints under a pseudo-terminal (util-linux's
/// `script`), run in `dir` with standard input at its end. A machine without `script` fails the
/// test that asks, unless `SEEGA_TESTS_WITHOUT_PTY` is set: then `None`, and the test skips.
pub fn on_a_terminal(dir: &Path, command: &str) -> Option<Vec<u8>> {
    match Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
    {
        Ok(o) => Some(o.stdout),
        Err(e) if std::env::var_os("SEEGA_TESTS_WITHOUT_PTY").is_some() => {
            println!(
                "skipped (SEEGA_TESTS_WITHOUT_PTY): no `script` to give seega a terminal: {e}"
            );
            None
        }
        Err(e) => panic!(
            "cannot run `script` to give seega a terminal ({e}): install util-linux, or set SEEGA_TESTS_WITHOUT_PTY=1 to skip"
        ),
    }
}
