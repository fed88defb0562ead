//! Every command that writes files, driven through the targets that break naive writers: a
//! symbolic link, a FIFO, one of its own inputs, a hard link, a file of another owner, a full
//! disk, SIGTERM in the middle of the run, and a 250-byte name.
//!
//! What each run must produce is learnt first from a run into a fresh file; each case then
//! checks that the target got exactly that, or, when the write is refused or fails, that
//! nothing changed and no temporary file is left.
#![cfg(unix)]

use std::ffi::OsString;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::common;
use common::scratch;

const SEEGA: &str = env!("CARGO_BIN_EXE_seega");

/// A small archive every writer has work to do on: a game `check --fix` can fix and `fmt`
/// rewrites, a valid game, and an invalid one for `--invalid-to`.
const ARCHIVE: &str = "[Rules \"standard barrier=none\"]\n[Event \"Fix demo\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n1. b1-c1   2. a1-b1xa2 *\n\n\
[Event \"Valid\"]\n[Result \"*\"]\n\n1. c2,d4 e1,e2 *\n\n[Event \"Broken\"]\n\n1. c3,a1 *\n";

/// What a target holds before a run writes it.
pub(super) const OLD: &[u8] = b"old content\n";

/// One writing command.
pub(super) struct Writer {
    /// Its name in messages.
    pub(super) name: &'static str,
    /// Whether its job is to rewrite its input (the target is the input).
    pub(super) in_place: bool,
    /// Its arguments, given its input and its target.
    pub(super) args: fn(&Path, &Path) -> Vec<OsString>,
}

fn os(parts: &[&str]) -> Vec<OsString> {
    parts.iter().map(OsString::from).collect()
}

fn with(mut v: Vec<OsString>, paths: &[&Path]) -> Vec<OsString> {
    v.extend(paths.iter().map(|p| p.as_os_str().to_owned()));
    v
}

pub(super) const WRITERS: &[Writer] = &[
    Writer {
        name: "fmt --in-place",
        in_place: true,
        args: |input, _| with(os(&["fmt", "--in-place"]), &[input]),
    },
    Writer {
        name: "fmt --fix-results --in-place",
        in_place: true,
        args: |input, _| with(os(&["fmt", "--fix-results", "--in-place"]), &[input]),
    },
    Writer {
        name: "check --fix",
        in_place: true,
        args: |input, _| with(os(&["check", "--fix"]), &[input]),
    },
    Writer {
        name: "convert -o",
        in_place: false,
        args: |input, out| {
            with(
                os(&["convert", "--to", "jsonl"]),
                &[input, Path::new("-o"), out],
            )
        },
    },
    Writer {
        name: "select -o",
        in_place: false,
        args: |input, out| with(os(&["select"]), &[input, Path::new("-o"), out]),
    },
    Writer {
        name: "select --invalid-to",
        in_place: false,
        args: |input, out| with(os(&["select"]), &[input, Path::new("--invalid-to"), out]),
    },
    Writer {
        name: "dedupe --drop -o",
        in_place: false,
        args: |input, out| with(os(&["dedupe", "--drop"]), &[input, Path::new("-o"), out]),
    },
    Writer {
        name: "show --svg -o",
        in_place: false,
        args: |input, out| with(os(&["show", "--svg"]), &[input, Path::new("-o"), out]),
    },
    Writer {
        name: "show --html -o",
        in_place: false,
        args: |input, out| with(os(&["show", "--html"]), &[input, Path::new("-o"), out]),
    },
    Writer {
        name: "show --svg-dir",
        in_place: false,
        // The target is the directory's first diagram.
        args: |input, out| {
            with(
                os(&["show", "--game", "2"]),
                &[
                    input,
                    Path::new("--svg-dir"),
                    out.parent().expect("a directory"),
                ],
            )
        },
    },
    Writer {
        name: "man --dir",
        in_place: false,
        // The target is the directory's page of seega itself.
        args: |_, out| with(os(&["man", "--dir"]), &[out.parent().expect("a directory")]),
    },
    Writer {
        name: "generate -o",
        in_place: false,
        args: |_, out| {
            with(
                os(&["generate", "--games", "3", "--seed", "7", "-o"]),
                &[out],
            )
        },
    },
    // Compressed by the target's name: the same temporary file, sync and rename.
    Writer {
        name: "select -o .sgn.gz",
        in_place: false,
        args: |input, out| with(os(&["select"]), &[input, Path::new("-o"), out]),
    },
    Writer {
        name: "generate -o .sgn.zst",
        in_place: false,
        args: |_, out| {
            with(
                os(&["generate", "--games", "3", "--seed", "7", "-o"]),
                &[out],
            )
        },
    },
];

/// The name of a writer's target in a directory of its own.
fn target_name(w: &Writer) -> &'static str {
    match w.name {
        "show --svg-dir" => "turn-000.svg",
        "man --dir" => "seega.1",
        "select -o .sgn.gz" => "out.sgn.gz",
        "generate -o .sgn.zst" => "out.sgn.zst",
        _ => "out.sgn",
    }
}

pub(super) fn run(args: &[OsString]) -> Output {
    Command::new(SEEGA)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("seega runs")
}

/// What `w` writes when it reads `input`, learnt from a run into a fresh file beside it (the
/// same input path: `convert` writes it into its output).
fn reference(w: &Writer, input: &Path) -> String {
    let dir = input.parent().expect("a directory");
    let fresh = dir.join("fresh");
    std::fs::create_dir_all(&fresh).expect("dir");
    let (read, target) = if w.in_place {
        let copy = fresh.join("in.sgn");
        std::fs::copy(input, &copy).expect("copy");
        (copy.clone(), copy)
    } else {
        (input.to_path_buf(), fresh.join(target_name(w)))
    };
    let out = run(&(w.args)(&read, &target));
    assert!(
        out.status.code().is_some_and(|c| c < 2),
        "{}: {out:?}",
        w.name
    );
    let bytes = text(&std::fs::read(&target).expect("the reference run wrote"));
    assert_ne!(bytes, text(OLD));
    if w.in_place {
        assert_ne!(bytes, ARCHIVE, "{}: the input needs rewriting", w.name);
    }
    std::fs::remove_dir_all(&fresh).expect("clean up");
    bytes
}

/// Bytes as text, for readable failures (every output here is UTF-8).
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// What `path` holds, as text.
pub(super) fn read(path: &Path) -> String {
    text(&std::fs::read(path).expect("readable"))
}

/// A fresh directory with the input, and the target (for an in-place writer, the input).
pub(super) fn setup(w: &Writer, root: &Path, case: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = root.join(format!("{case}-{}", w.name.replace([' ', '-'], "_")));
    std::fs::create_dir_all(&dir).expect("dir");
    let input = dir.join("in.sgn");
    std::fs::write(&input, ARCHIVE).expect("write");
    let target = if w.in_place {
        input.clone()
    } else {
        dir.join(target_name(w))
    };
    (dir, input, target)
}

/// The names in `dir` that are seega's temporary files.
pub(super) fn temporaries(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("listable")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".seega-"))
        .collect()
}

/// What the target of a refused or failed run must still hold.
pub(super) fn before(w: &Writer) -> String {
    text(if w.in_place { ARCHIVE.as_bytes() } else { OLD })
}

#[test]
fn a_symlink_target_stays_a_link_to_the_file_replaced() {
    let root = scratch("writers-link");
    for w in WRITERS {
        let (dir, input, target) = setup(w, &root, "link");
        let want = reference(w, &input);
        let real = dir.join("real.file");
        if w.in_place {
            std::fs::rename(&input, &real).expect("move");
        } else {
            std::fs::write(&real, OLD).expect("write");
        }
        std::os::unix::fs::symlink("real.file", &target).expect("link");
        let out = run(&(w.args)(&input, &target));
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{}: {out:?}",
            w.name
        );
        let meta = std::fs::symlink_metadata(&target).expect("still there");
        assert!(
            meta.file_type().is_symlink(),
            "{}: the link stays a link",
            w.name
        );
        assert_eq!(read(&real), want, "{}", w.name);
        assert!(temporaries(&dir).is_empty(), "{}", w.name);
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// Makes a FIFO at `path`.
fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

#[test]
fn a_fifo_target_is_written_to_and_never_replaced() {
    let root = scratch("writers-fifo");
    for w in WRITERS {
        let (dir, input, target) = setup(w, &root, "fifo");
        let want = reference(w, &input);
        if w.in_place {
            // The archive arrives through the FIFO; rewriting it in place is refused.
            std::fs::remove_file(&input).expect("remove");
            mkfifo(&input);
            let fifo = input.clone();
            let feeder = std::thread::spawn(move || std::fs::write(fifo, ARCHIVE));
            let out = run(&(w.args)(&input, &target));
            feeder.join().expect("fed").expect("written");
            assert_eq!(out.status.code(), Some(2), "{}: {out:?}", w.name);
            assert!(
                String::from_utf8_lossy(&out.stderr).contains("not a regular file"),
                "{}: {out:?}",
                w.name
            );
        } else {
            mkfifo(&target);
            let fifo = target.clone();
            let reader = std::thread::spawn(move || std::fs::read(fifo).map(|b| text(&b)));
            let out = run(&(w.args)(&input, &target));
            let got = reader.join().expect("read").expect("readable");
            assert!(
                out.status.code().is_some_and(|c| c < 2),
                "{}: {out:?}",
                w.name
            );
            assert_eq!(got, want, "{}", w.name);
        }
        let meta = std::fs::symlink_metadata(&target).expect("still there");
        assert!(meta.file_type().is_fifo(), "{}: still a FIFO", w.name);
        assert!(temporaries(&dir).is_empty(), "{}", w.name);
    }
    let _ = std::fs::remove_dir_all(&root);
}

use std::os::unix::fs::FileTypeExt;

#[test]
fn an_output_that_is_an_input_is_refused() {
    let root = scratch("writers-same");
    for w in WRITERS.iter().filter(|w| !w.in_place) {
        if matches!(w.name, "generate -o" | "generate -o .sgn.zst" | "man --dir") {
            // It reads no input: there is nothing it could overwrite.
            continue;
        }
        for through_link in [false, true] {
            let (dir, input, _) = setup(w, &root, if through_link { "samelink" } else { "same" });
            let target = if w.name == "show --svg-dir" {
                // The input is the directory's first diagram.
                let t = dir.join("turn-000.svg");
                std::fs::rename(&input, &t).expect("move");
                t
            } else if through_link {
                let t = dir.join("alias.sgn");
                std::os::unix::fs::symlink("in.sgn", &t).expect("link");
                t
            } else {
                input.clone()
            };
            let read_from = if w.name == "show --svg-dir" {
                target.clone()
            } else {
                input.clone()
            };
            let out = run(&(w.args)(&read_from, &target));
            assert_eq!(out.status.code(), Some(2), "{}: {out:?}", w.name);
            assert!(
                String::from_utf8_lossy(&out.stderr).contains("is also an input"),
                "{}: {out:?}",
                w.name
            );
            assert_eq!(read(&read_from), ARCHIVE);
            assert!(temporaries(&dir).is_empty(), "{}", w.name);
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_target_with_other_hard_links_is_refused() {
    let root = scratch("writers-hard");
    for w in WRITERS {
        let (dir, input, target) = setup(w, &root, "hard");
        if !w.in_place {
            std::fs::write(&target, OLD).expect("write");
        }
        let other = dir.join("other-link");
        std::fs::hard_link(&target, &other).expect("link");
        let out = run(&(w.args)(&input, &target));
        assert_eq!(out.status.code(), Some(2), "{}: {out:?}", w.name);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("hard link"),
            "{}: {out:?}",
            w.name
        );
        assert_eq!(read(&target), before(w), "{}", w.name);
        assert_eq!(read(&other), before(w), "{}", w.name);
        assert_eq!(std::fs::metadata(&target).expect("meta").nlink(), 2);
        assert!(temporaries(&dir).is_empty(), "{}", w.name);
    }
    let _ = std::fs::remove_dir_all(&root);
}

pub(super) fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0)
}

#[test]
fn a_replaced_file_keeps_its_owner_group_and_mode() {
    if !is_root() && common::may_skip_without_root("only root can give a file to another owner") {
        return;
    }
    let root = scratch("writers-owner");
    for w in WRITERS {
        let (dir, input, target) = setup(w, &root, "owner");
        let want = reference(w, &input);
        if !w.in_place {
            std::fs::write(&target, OLD).expect("write");
        }
        std::os::unix::fs::chown(&target, Some(4321), Some(4322)).expect("chown");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        let out = run(&(w.args)(&input, &target));
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{}: {out:?}",
            w.name
        );
        let meta = std::fs::metadata(&target).expect("meta");
        assert_eq!((meta.uid(), meta.gid()), (4321, 4322), "{}", w.name);
        assert_eq!(meta.mode() & 0o7777, 0o640, "{}", w.name);
        assert_eq!(read(&target), want, "{}", w.name);
        assert!(temporaries(&dir).is_empty(), "{}", w.name);
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// Sends `signal` to process `pid`.
fn kill(signal: &str, pid: u32) {
    let sent = Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}

#[test]
fn sigterm_in_the_middle_leaves_the_old_file_or_the_new_and_no_temporary() {
    let root = scratch("writers-term");
    for w in WRITERS {
        let (dir, input, target) = setup(w, &root, "term");
        let want = reference(w, &input);
        if !w.in_place {
            std::fs::write(&target, OLD).expect("write");
        }
        // Commands that open their outputs before reading take the archive from a standard
        // input held open, so the signal surely comes while the output is being written.
        let streams = matches!(
            w.name,
            "convert -o"
                | "select -o"
                | "select --invalid-to"
                | "dedupe --drop -o"
                | "select -o .sgn.gz"
        );
        let mut args = (w.args)(&input, &target);
        if streams {
            for a in &mut args {
                if *a == input.as_os_str() {
                    *a = "-".into();
                }
            }
        }
        let mut child = Command::new(SEEGA)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("seega runs");
        let mut stdin = child.stdin.take();
        let started = Instant::now();
        let mut ended = None;
        while temporaries(&dir).is_empty() {
            ended = child.try_wait().expect("wait");
            if ended.is_some() {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{}: no temporary file",
                w.name
            );
            std::thread::sleep(Duration::from_millis(1));
        }
        let status = match ended {
            // It finished before any temporary file was seen.
            Some(status) => status,
            None => {
                kill("-TERM", child.id());
                child.wait().expect("ends")
            }
        };
        drop(stdin.take());
        let now = read(&target);
        assert!(
            temporaries(&dir).is_empty(),
            "{}: no temporary file is left",
            w.name
        );
        if streams {
            // Still reading when the signal came: nothing was committed.
            assert_eq!(status.code(), Some(143), "{}: ended by SIGTERM", w.name);
            assert_eq!(now, before(w), "{}: untouched", w.name);
        } else {
            // The signal may come before the commit or after it, never within it.
            assert!(
                now == before(w) || now == want,
                "{}: old or new, never half: {now}",
                w.name
            );
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_250_byte_name_can_be_written() {
    let root = scratch("writers-long");
    for w in WRITERS {
        let (dir, input, _) = setup(w, &root, "long");
        let want = reference(w, &input);
        let long = if matches!(w.name, "show --svg-dir" | "man --dir") {
            // Its files are named for it; the directory gets the long name.
            let d = root.join("d".repeat(250));
            let _ = std::fs::remove_dir_all(&d);
            std::fs::create_dir_all(&d).expect("dir");
            d.join(target_name(w))
        } else {
            // The target's extension kept: it says how the output is written.
            let ext = target_name(w).trim_start_matches("out");
            dir.join(format!("{}{ext}", "n".repeat(250 - ext.len())))
        };
        let (input, target) = if w.in_place {
            std::fs::rename(&input, &long).expect("rename");
            (long.clone(), long)
        } else {
            (input, long)
        };
        if !matches!(w.name, "show --svg-dir" | "man --dir") {
            assert_eq!(target.file_name().expect("a name").len(), 250);
        }
        let out = run(&(w.args)(&input, &target));
        assert!(
            out.status.code().is_some_and(|c| c < 2),
            "{}: {out:?}",
            w.name
        );
        assert_eq!(read(&target), want, "{}", w.name);
        assert!(
            temporaries(target.parent().expect("dir")).is_empty(),
            "{}",
            w.name
        );
    }
    let _ = std::fs::remove_dir_all(&root);
}
