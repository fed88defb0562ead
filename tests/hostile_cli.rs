//! Hostile inputs through the `seega` binary: directories, FIFOs, missing and unreadable files
//! among good ones, an over-large file, a closed stdout, and what `check --fix` cannot fix, read
//! or rewrite. Each case asserts what is reported and the exit code; every child is waited for
//! with a deadline, so a hang fails the test.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const SEEGA: &str = env!("CARGO_BIN_EXE_seega");
const GOOD: &str = "[Event \"good\"]\n1. c2,d4 b1,b2 *\n";

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seega-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write test file");
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(ok.success(), "mkfifo failed");
}

/// Waits for `child` at most 60 seconds; a hang fails the test.
fn finish(mut child: Child) -> Output {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if child.try_wait().expect("child status").is_some() {
            return child.wait_with_output().expect("child output");
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("seega did not finish within 60 seconds");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn spawn(cmd: &mut Command) -> Child {
    cmd.stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("seega starts")
}

fn summary(out: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().expect("a summary line");
    serde_json::from_str(last).expect("the summary is JSON")
}

#[test]
fn trouble_among_good_files_is_reported_and_the_rest_is_checked() {
    let dir = scratch("mixed");
    let tree = dir.join("tree");
    std::fs::create_dir_all(tree.join("sub")).expect("dirs");
    std::fs::create_dir_all(tree.join("x.sgn")).expect("a directory named like a file");
    write(&tree.join("a.sgn"), GOOD);
    write(&tree.join("sub/b.sgn"), GOOD);
    write(&tree.join("x.sgn/c.sgn"), GOOD);
    write(&tree.join("notes.txt"), "not an archive");
    mkfifo(&tree.join("y.sgn"));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("empty dir");
    let locked = dir.join("locked.sgn");
    write(&locked, GOOD);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).expect("chmod");
    let last = dir.join("last.sgn");
    write(&last, GOOD);

    let mut cmd = Command::new(SEEGA);
    cmd.args(["check", "--format", "jsonl"])
        .arg(&tree)
        .arg(dir.join("missing.sgn"))
        .arg(&empty)
        .arg(&locked)
        .arg(&last);
    // Root reads a mode-000 file anyway; then the check runs as `nobody`, who cannot.
    let privileged = std::fs::read(&locked).is_ok();
    if privileged {
        cmd.uid(65534).gid(65534);
    }
    let out = finish(spawn(&mut cmd));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let expect = [
        format!(
            "seega: error: cannot read `{}`: it is not a regular file",
            tree.join("y.sgn").display()
        ),
        format!(
            "seega: error: cannot read `{}`: No such file",
            dir.join("missing.sgn").display()
        ),
        format!(
            "seega: error: cannot read `{}`: the directory holds no .sgn file",
            empty.display()
        ),
        format!(
            "seega: error: cannot read `{}`: Permission denied",
            locked.display()
        ),
    ];
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("seega: error"))
        .collect();
    assert_eq!(lines.len(), expect.len(), "{stderr}");
    for (line, want) in lines.iter().zip(&expect) {
        assert!(
            line.starts_with(want.as_str()),
            "got {line:?}, want {want:?}"
        );
    }
    // The JSON Lines report names the same inputs, with the same messages.
    let stdout = String::from_utf8_lossy(&out.stdout);
    let reported: Vec<String> = stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "input-error")
        .map(|v| {
            format!(
                "seega: error: {}",
                v["message"].as_str().unwrap_or_default()
            )
        })
        .collect();
    assert_eq!(reported, lines, "{stdout}");
    let s = summary(&out);
    assert_eq!(
        (
            s["files"].as_u64(),
            s["games"].as_u64(),
            s["valid"].as_u64()
        ),
        (Some(4), Some(4), Some(4))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_named_on_the_command_line_is_read_from_its_writer() {
    let dir = scratch("fifo");
    let fifo = dir.join("live.sgn");
    mkfifo(&fifo);
    let child = spawn(
        Command::new(SEEGA)
            .args(["check", "--format", "jsonl"])
            .arg(&fifo),
    );
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(&fifo)
                .expect("open fifo");
            f.write_all(GOOD.as_bytes()).expect("write");
            f.write_all(b"\n[Event \"bad\"]\n1. a1,c3 *\n")
                .expect("write");
        })
    };
    let out = finish(child);
    writer.join().expect("writer");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("\"code\":\"seega::place::centre\""),
        "{stdout}"
    );
    assert!(stdout.contains("\"line\":5,\"column\":7"), "{stdout}");
    let s = summary(&out);
    assert_eq!(
        (s["games"].as_u64(), s["invalid"].as_u64()),
        (Some(2), Some(1))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_past_the_size_limit_is_refused_without_reading_it() {
    // `check` streams inputs of any size; the commands that read an input whole refuse one
    // past the limit, by its size, before reading it.
    let dir = scratch("huge");
    let huge = dir.join("huge.sgn");
    let f = std::fs::File::create(&huge).expect("create");
    // Sparse: no disk space is used.
    f.set_len(seega::notation::limits::MAX_FILE_BYTES + 1)
        .expect("set_len");
    drop(f);
    let good = dir.join("good.sgn");
    write(&good, GOOD);
    let out = finish(spawn(
        Command::new(SEEGA)
            .args(["dedupe", "--format", "json"])
            .arg(&huge)
            .arg(&good),
    ));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("seega reads at most 1073741824 bytes (1 GiB) from one input"),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 1, "the good file's game: {stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_more_than_memory_allows_is_an_error_never_an_abort() {
    // Under an address-space limit (`ulimit -v`, as `prlimit --as`), a file the commands that
    // read whole cannot hold is refused with an error, and exit status 2, not a signal.
    let dir = scratch("memory-limit");
    let big = dir.join("big.sgn");
    let f = std::fs::File::create(&big).expect("create");
    f.set_len(600 << 20).expect("set_len");
    drop(f);
    for command in ["show --html", "stats", "dedupe"] {
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 400000 && exec \"$0\" {command} \"$1\""))
            .arg(SEEGA)
            .arg(&big)
            .output()
            .expect("sh runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.contains("more than seega may hold in memory here"),
            "{command}: {stderr}"
        );
    }
    // `select` streams: it reads the file's start, and finds no archive there.
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 400000 && exec \"$0\" select --invalid \"$1\"")
        .arg(SEEGA)
        .arg(&big)
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("it looks like binary data"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A reader that goes away is no error, and the exit status still says what was found: these
/// games are invalid, so the run exits 1 (never 0) without a word on stderr.
#[test]
fn a_closed_stdout_ends_quietly_with_the_status_of_what_was_found() {
    let dir = scratch("pipe");
    let big = dir.join("big.sgn");
    // Enough invalid games that the report overflows any pipe buffer.
    write(&big, &"[Event \"x\"]\n1. a1,c3 *\n\n".repeat(5_000));
    for format in ["human", "jsonl"] {
        let mut child = spawn(
            Command::new(SEEGA)
                .args(["check", "--format", format])
                .arg(&big),
        );
        let stdout = child.stdout.take().expect("piped stdout");
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("a first line");
        assert!(!first.is_empty());
        // The reader is gone now, like `| head -1`.
        let out = finish(child);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{format}: {stderr}");
        assert_eq!(stderr, "", "{format}: nothing on stderr");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_closed_stdout_through_a_shell_pipe_ends_quietly() {
    let dir = scratch("head");
    let big = dir.join("big.sgn");
    write(&big, &"[Event \"x\"]\n1. a1,c3 *\n\n".repeat(5_000));
    let script = format!(
        "\"{SEEGA}\" check \"{}\" | head -1 >/dev/null; echo \"status=${{PIPESTATUS[0]}}\"",
        big.display()
    );
    let out = finish(spawn(Command::new("bash").arg("-c").arg(script)));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stdout.trim(), "status=1", "{stderr}");
    assert_eq!(stderr, "");
    // `check --fix` with its reports cut short still fixes the file, and says so by its status.
    let fixable = dir.join("fix.sgn");
    // Enough fixes that their reports outlast the reader.
    write(
        &fixable,
        &"[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n1. b1-c1 2. a1-b1xa2 *\n\n"
            .repeat(300),
    );
    let before = std::fs::read(&fixable).expect("read");
    let script = format!(
        "\"{SEEGA}\" check --fix \"{}\" 2>&1 | head -c1 >/dev/null; echo \"status=${{PIPESTATUS[0]}}\"",
        fixable.display()
    );
    let out = finish(spawn(Command::new("bash").arg("-c").arg(script)));
    let after = std::fs::read(&fixable).expect("read");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_ne!(after, before, "the file was fixed: {stdout}");
    assert!(
        !String::from_utf8_lossy(&after).contains("xa2"),
        "every game was fixed"
    );
    assert_eq!(stdout.trim(), "status=0", "every game was fixed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_number_of_threads_past_the_bound_is_refused() {
    let dir = scratch("jobs");
    let file = dir.join("good.sgn");
    write(&file, GOOD);
    let run = |jobs: &str| {
        finish(spawn(
            Command::new(SEEGA)
                .arg("check")
                .arg("--jobs")
                .arg(jobs)
                .arg(&file),
        ))
    };
    for jobs in ["0", "257", "100000", "18446744073709551615"] {
        let out = run(jobs);
        assert_eq!(out.status.code(), Some(2), "--jobs {jobs}");
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("a number of threads is a whole number from 1 to 256"),
            "--jobs {jobs}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = run("256");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Two games for `check --fix`: the first it corrects in two fixes, the second (a placement on
/// the centre) it cannot.
const FIXABLE: &str = "[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n\
                       1. b1-c1 2. a1-b1xa2 *\n\n1. c3,a1 *\n";

/// A run of `check --fix` on inputs it cannot fix or cannot read: the files of its scratch
/// directory, the inputs named, then what `--format jsonl` gives on standard error (the type of
/// each line, the last the summary) and the exit status.
struct Unfixed {
    files: &'static [(&'static str, &'static [u8])],
    inputs: &'static [&'static str],
    kinds: &'static [&'static str],
    summary: [usize; 4],
    exit: i32,
    /// Whether `check` (without `--fix`) reports the same errors and exits the same.
    as_check: bool,
    /// Whether the files are read-only, so that none can be rewritten.
    read_only: bool,
}

const UNFIXED: &[Unfixed] = &[
    // The fixes are said, the missing file is an input-error line, no file is changed.
    Unfixed {
        files: &[("a.sgn", FIXABLE.as_bytes())],
        inputs: &["a.sgn", "missing.sgn"],
        kinds: &["fix", "fix", "diagnostic", "input-error", "fix-summary"],
        summary: [1, 0, 1, 1],
        exit: 2,
        as_check: false,
        read_only: false,
    },
    // A file that cannot be rewritten: an input-error line too, and no file is changed.
    Unfixed {
        files: &[("ro.sgn", FIXABLE.as_bytes())],
        inputs: &["ro.sgn"],
        kinds: &["fix", "fix", "diagnostic", "input-error", "fix-summary"],
        summary: [1, 0, 1, 1],
        exit: 2,
        as_check: false,
        read_only: true,
    },
    Unfixed {
        files: &[("t.txt", include_bytes!("fixtures/ludii/wrong-capture.txt"))],
        inputs: &["t.txt"],
        kinds: &["diagnostic", "fix-summary"],
        summary: [0, 0, 1, 1],
        exit: 1,
        as_check: true,
        read_only: false,
    },
    Unfixed {
        files: &[("t.txt", include_bytes!("../samples/ludii/khamsawee.txt"))],
        inputs: &["t.txt"],
        kinds: &["fix-summary"],
        summary: [0, 0, 0, 0],
        exit: 0,
        as_check: true,
        read_only: false,
    },
    // Read as Windows-1252 from line 5 on: a line says so, as `check` says it in text.
    Unfixed {
        files: &[(
            "auto.sgn",
            b"[Event \"x\"]\n\n1. c2,d4 *\n\n{ caf\xe9 }\n1. c3,a1 *\n",
        )],
        inputs: &["--encoding", "auto", "auto.sgn"],
        kinds: &["encoding-switch", "diagnostic", "fix-summary"],
        summary: [0, 0, 1, 1],
        exit: 1,
        as_check: true,
        read_only: false,
    },
    // A file of only a comment, not UTF-8: its bytes are an error at game 0, as for `check`.
    Unfixed {
        files: &[("c.sgn", b"{ caf\xe9 }\n")],
        inputs: &["c.sgn"],
        kinds: &["diagnostic", "fix-summary"],
        summary: [0, 0, 0, 1],
        exit: 1,
        as_check: true,
        read_only: false,
    },
];

/// The errors of JSON `lines` as `(code, game, line, column)`.
fn errors_of(lines: &[serde_json::Value]) -> Vec<String> {
    (lines.iter())
        .filter(|l| l["type"] == "diagnostic" && l["severity"] == "error")
        .map(|l| format!("{} {} {}:{}", l["code"], l["game"], l["line"], l["column"]))
        .collect()
}

#[test]
fn fix_reports_what_it_cannot_fix_or_read_and_changes_nothing() {
    let dir = scratch("fix-unfixed");
    for case in UNFIXED {
        let mode = if case.read_only { 0o444 } else { 0o644 };
        for (name, bytes) in case.files {
            std::fs::write(dir.join(name), bytes).expect("writable");
            let mode = std::fs::Permissions::from_mode(mode);
            std::fs::set_permissions(dir.join(name), mode).expect("chmod");
        }
        let run = |args: &[&str]| {
            let mut cmd = Command::new(SEEGA);
            let out = finish(spawn(cmd.args(args).args(case.inputs).current_dir(&dir)));
            let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
            (out.status.code(), text(&out.stdout), text(&out.stderr))
        };
        let json = |text: &str| -> Vec<serde_json::Value> {
            (text.lines())
                .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
                .collect()
        };
        let (code, _, err) = run(&["check", "--fix", "--format", "jsonl"]);
        let lines = json(&err);
        let kinds: Vec<_> = lines.iter().map(|l| l["type"].as_str()).collect();
        let want: Vec<_> = case.kinds.iter().map(|k| Some(*k)).collect();
        assert_eq!(kinds, want, "{:?}: {err}", case.inputs);
        let [fixed, written, left, errors] = case.summary;
        let summary = serde_json::json!({"type": "fix-summary", "fixed": fixed,
            "written": written, "left": left, "errors": errors});
        assert_eq!(lines.last(), Some(&summary), "{:?}", case.inputs);
        assert_eq!(code, Some(case.exit), "{:?}: {err}", case.inputs);
        let (human, _, text) = run(&["check", "--fix"]);
        assert_eq!(human, Some(case.exit), "{:?}: {text}", case.inputs);
        let last = text.lines().last().unwrap_or_default();
        assert!(last.starts_with("seega: note: fixed "), "{text}");
        if case.as_check {
            let (checked, out, _) = run(&["check", "--format", "jsonl"]);
            assert_eq!((code, errors_of(&lines)), (checked, errors_of(&json(&out))));
            for l in lines.iter().filter(|l| l["type"] == "diagnostic") {
                let code = l["code"].as_str().unwrap_or_default();
                assert!(text.contains(code), "{code} in {text}");
            }
        }
        for (name, bytes) in case.files {
            let now = std::fs::read(dir.join(name)).expect("readable");
            assert_eq!(&now, bytes, "{name} is left as it was");
            std::fs::remove_file(dir.join(name)).expect("removable");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
