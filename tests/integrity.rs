//! No archive is ever damaged: each way a writing command once lost what a user wrote, run as
//! the user ran it.
#![cfg(unix)]

use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::{Command, Output};

use super::common;
use common::{run_in as seega, scratch};

const SEEGA: &str = env!("CARGO_BIN_EXE_seega");

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A game `fmt` cannot write is kept byte for byte, named on stderr, and the run exits 1; the
/// other games are formatted around it. No game is ever dropped.
#[test]
fn fmt_in_place_never_drops_a_game() {
    let dir = scratch("integrity-fmt");
    let long = std::fs::read(Path::new(common::ROOT).join("samples/invalid/limit-too-long.sgn"))
        .expect("sample");
    let cases: [(&str, Vec<u8>, &[u8]); 3] = [
        ("long.sgn", long.clone(), &long),
        (
            "chess.sgn",
            b"[Rules \"chess\"]\n1. xyz *\n".to_vec(),
            b"[Rules \"chess\"]\n1. xyz *",
        ),
        (
            "second.sgn",
            b"[Event \"kept\"]\n\n1.  c2,d4 *\n\n[Position \"zz\"]\r\n1. c2,d4 q9 *\n".to_vec(),
            b"[Position \"zz\"]\r\n1. c2,d4 q9 *",
        ),
    ];
    for (name, bytes, unformattable) in &cases {
        let games = |dir: &Path| {
            let out = seega(&["check", "--format", "jsonl", name], dir);
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .last()
                .unwrap_or_default()
                .to_owned()
        };
        std::fs::write(dir.join(name), bytes).expect("write");
        let summary = games(&dir);
        for flags in [&["--in-place"][..], &["--fix-results", "--in-place"][..]] {
            std::fs::write(dir.join(name), bytes).expect("write");
            let mut args = vec!["fmt"];
            args.extend(flags);
            args.push(name);
            let out = seega(&args, &dir);
            assert_eq!(
                out.status.code(),
                Some(1),
                "{name} {flags:?}: {}",
                err(&out)
            );
            assert!(
                err(&out).contains("cannot be formatted, so it is kept as written"),
                "{name}: {}",
                err(&out)
            );
            let now = std::fs::read(dir.join(name)).expect("read");
            assert!(
                now.windows(unformattable.len())
                    .any(|w| w == *unformattable),
                "{name}: the game is kept byte for byte: {}",
                String::from_utf8_lossy(&now)
            );
            assert_eq!(
                games(&dir),
                summary,
                "{name}: the same games, found the same way"
            );
        }
        // To standard output, the same.
        std::fs::write(dir.join(name), bytes).expect("write");
        let out = seega(&["fmt", name], &dir);
        assert_eq!(out.status.code(), Some(1), "{name}: {}", err(&out));
        assert!(
            out.stdout
                .windows(unformattable.len())
                .any(|w| w == *unformattable)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Latin-1 archive with CRLF line ends and a byte-order mark.
const LATIN1_CRLF: &[u8] = b"\xEF\xBB\xBF[Event \"Caf\xE9\"]\r\n\r\n1. c2,d4 *\r\n\r\n[Event \"ok\"]\r\n\r\n1. c2,d4 e1,e2 *\r\n\r\n[Event \"bad\"]\r\n\r\n1. c3,a1 *\r\n";

#[test]
fn select_and_dedupe_copy_games_byte_for_byte() {
    let dir = scratch("integrity-bytes");
    std::fs::write(dir.join("a.sgn"), LATIN1_CRLF).expect("write");
    // Everything selected: the file comes back as it was.
    let all = seega(&["select", "a.sgn"], &dir);
    assert_eq!(all.stdout, LATIN1_CRLF, "{}", err(&all));
    let all = seega(&["select", "a.sgn", "-o", "all.sgn"], &dir);
    assert_eq!(all.status.code(), Some(0), "{}", err(&all));
    assert_eq!(
        std::fs::read(dir.join("all.sgn")).expect("read"),
        LATIN1_CRLF
    );
    // Quarantined: the Latin-1 game keeps its byte and stays invalid; line ends stay CRLF.
    let q = seega(
        &["select", "a.sgn", "-o", "ok.sgn", "--invalid-to", "q.sgn"],
        &dir,
    );
    assert_eq!(q.status.code(), Some(0), "{}", err(&q));
    let ok = std::fs::read(dir.join("ok.sgn")).expect("read");
    let quarantined = std::fs::read(dir.join("q.sgn")).expect("read");
    // Each output starts with the byte-order mark of the file its first game comes from.
    assert_eq!(
        ok,
        b"\xEF\xBB\xBF[Event \"ok\"]\r\n\r\n1. c2,d4 e1,e2 *\r\n\r\n"
    );
    assert!(quarantined.starts_with(b"\xEF\xBB\xBF{ seega::input::invalid-utf8"));
    let latin1 = b"[Event \"Caf\xE9\"]\r\n\r\n1. c2,";
    assert!(
        quarantined.windows(latin1.len()).any(|w| w == latin1),
        "the bad byte is kept: {}",
        String::from_utf8_lossy(&quarantined)
    );
    for bytes in [&ok, &quarantined] {
        assert!(
            !bytes
                .windows(2)
                .enumerate()
                .any(|(i, w)| w[1] == b'\n' && w[0] != b'\r' && i > 0),
            "no bare LF: {}",
            String::from_utf8_lossy(bytes)
        );
    }
    let again = seega(&["check", "q.sgn"], &dir);
    assert_eq!(
        again.status.code(),
        Some(1),
        "the quarantined games are still invalid"
    );
    // dedupe --drop keeps the copy it keeps as it was written.
    let mut twice = LATIN1_CRLF.to_vec();
    twice.extend_from_slice(b"\r\n[Event \"ok\"]\r\n\r\n1. c2,d4 e1,e2 *\r\n");
    std::fs::write(dir.join("b.sgn"), &twice).expect("write");
    let d = seega(&["dedupe", "--drop", "b.sgn", "-o", "d.sgn"], &dir);
    assert_eq!(d.status.code(), Some(0), "{}", err(&d));
    // The blank line before the dropped copy goes with the game before it.
    assert_eq!(
        std::fs::read(dir.join("d.sgn")).expect("read"),
        [LATIN1_CRLF, b"\r\n"].concat()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_output_naming_an_input_is_refused_with_exit_2() {
    let dir = scratch("integrity-same");
    for (args, file) in [
        (
            &["convert", "--to", "json", "a.sgn", "-o", "a.sgn"][..],
            "a.sgn",
        ),
        (
            &["select", "--result", "1-0", "a.sgn", "-o", "a.sgn"][..],
            "a.sgn",
        ),
        (&["select", "a.sgn", "--invalid-to", "./a.sgn"][..], "a.sgn"),
        (&["dedupe", "--drop", "a.sgn", "-o", "a.sgn"][..], "a.sgn"),
    ] {
        std::fs::write(dir.join(file), LATIN1_CRLF).expect("write");
        let out = seega(args, &dir);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", err(&out));
        assert!(
            err(&out).contains("is also an input"),
            "{args:?}: {}",
            err(&out)
        );
        assert_eq!(std::fs::read(dir.join(file)).expect("read"), LATIN1_CRLF);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn outputs_of_one_run_are_written_together_or_not_at_all() {
    let dir = scratch("integrity-together");
    std::fs::write(dir.join("in.sgn"), LATIN1_CRLF).expect("write");
    let out = seega(
        &[
            "select",
            "in.sgn",
            "-o",
            "out.sgn",
            "--invalid-to",
            "no/such/dir/q.sgn",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(2), "{}", err(&out));
    assert!(err(&out).contains("no such directory"), "{}", err(&out));
    assert!(
        !dir.join("out.sgn").exists(),
        "the kept games went nowhere either"
    );
    // A device is written to, never replaced.
    let out = seega(
        &[
            "select",
            "in.sgn",
            "-o",
            "out.sgn",
            "--invalid-to",
            "/dev/null",
        ],
        &dir,
    );
    assert_eq!(out.status.code(), Some(0), "{}", err(&out));
    let null = std::fs::metadata("/dev/null").expect("/dev/null");
    assert!(
        null.file_type().is_char_device(),
        "/dev/null is still a device"
    );
    // `-` is standard output.
    let out = seega(&["generate", "--games", "1", "-o", "-"], &dir);
    assert!(out.stdout.starts_with(b"["), "{}", err(&out));
    assert!(!dir.join("-").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `script` in bash in `dir`; returns what it printed.
fn sh(script: &str, dir: &Path) -> String {
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("SEEGA", SEEGA)
        .output()
        .expect("bash runs");
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

#[test]
fn a_closed_or_full_stderr_changes_nothing_that_is_done() {
    let dir = scratch("integrity-stderr");
    let fixable = "[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n1. b1-c1 2. a1-b1xa2 *\n\n";
    let archive = format!("{}[Event \"bad\"]\n\n1. c3,a1 *\n", fixable.repeat(50));
    // (command, its exit status, the file it must have written)
    let cases = [
        // Every game is invalid, so none is selected: exit 1, as grep.
        (
            "select in.sgn -o out.sgn --invalid-to q.sgn",
            1,
            Some("q.sgn"),
        ),
        (
            "convert --to jsonl --valid-only in.sgn -o out.sgn",
            0,
            Some("out.sgn"),
        ),
        ("fmt --fix-results --in-place in.sgn", 0, None),
        ("dedupe --drop in.sgn -o out.sgn", 0, Some("out.sgn")),
        ("check --fix in.sgn", 1, None),
    ];
    for redirect in ["2>&-", "2>/dev/full"] {
        for (cmd, code, written) in cases {
            std::fs::write(dir.join("in.sgn"), &archive).expect("write");
            let _ = std::fs::remove_file(dir.join("out.sgn"));
            let _ = std::fs::remove_file(dir.join("q.sgn"));
            let status = sh(&format!("\"$SEEGA\" {cmd} {redirect}; echo $?"), &dir);
            assert_eq!(status, code.to_string(), "{cmd} {redirect}");
            match written {
                Some(f) => assert!(dir.join(f).exists(), "{cmd} {redirect}: {f} written"),
                None => assert_ne!(
                    std::fs::read_to_string(dir.join("in.sgn")).expect("read"),
                    archive,
                    "{cmd} {redirect}: rewritten"
                ),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_killed_run_leaves_a_temporary_the_next_run_removes() {
    let dir = scratch("integrity-leftover");
    // A process number no process has: above the kernel's largest.
    let left = dir.join(".seega-4194305-out.sgn.AbCdEf.tmp");
    std::fs::write(&left, "half").expect("write");
    let mine = dir.join(".seega-1-out.sgn.AbCdEf.tmp");
    std::fs::write(&mine, "init's, who runs").expect("write");
    let out = seega(&["generate", "--games", "1", "-o", "out.sgn"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", err(&out));
    assert!(!left.exists(), "the dead run's temporary file is gone");
    assert!(mine.exists(), "a running process's file is kept");
    assert!(
        err(&out).contains("left by a seega run that was killed"),
        "{}",
        err(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn read_only_files_are_not_rewritten() {
    let dir = scratch("integrity-readonly");
    let file = dir.join("ro.sgn");
    std::fs::write(&file, "[Event \"x\"]\n\n1.   c2,d4 *\n").expect("write");
    let mut perms = std::fs::metadata(&file).expect("meta").permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&file, perms).expect("chmod");
    let out = seega(&["fmt", "--in-place", "ro.sgn"], &dir);
    assert_eq!(out.status.code(), Some(2), "{}", err(&out));
    assert!(err(&out).contains("read-only"), "{}", err(&out));
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        "[Event \"x\"]\n\n1.   c2,d4 *\n"
    );
    // A read-only file already in canonical form needs no rewrite, and gets none.
    let canonical = dir.join("canonical.sgn");
    std::fs::write(&canonical, "[Event \"x\"]\n\n1. c2,d4 *\n").expect("write");
    let mut perms = std::fs::metadata(&canonical).expect("meta").permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&canonical, perms).expect("chmod");
    let out = seega(&["fmt", "--in-place", "canonical.sgn"], &dir);
    assert_eq!(out.status.code(), Some(0), "{}", err(&out));
    assert_eq!(err(&out), "");
    let _ = std::fs::remove_dir_all(&dir);
}

mod partition {
    //! `select` with a filter that matches everything gives its input back byte for byte, and
    //! `select -o` with `--invalid-to` splits the games between the two files byte for byte,
    //! for archives with bytes that are not UTF-8, CRLF, a byte-order mark and comments.

    use super::*;
    use proptest::prelude::*;

    /// One game as written, and whether it is valid.
    fn game() -> impl Strategy<Value = (Vec<u8>, bool)> {
        (
            any::<bool>(), // a Latin-1 byte in a tag
            any::<bool>(), // a comment before the movetext
            0..3usize,     // movetext: valid, illegal, a token that is no token
            any::<bool>(), // a comment on the result's line
            1..3usize,     // blank lines after the game
        )
            .prop_map(|(latin1, comment, moves, trailing, blank)| {
                let mut g = Vec::new();
                g.extend_from_slice(b"[Event \"g");
                if latin1 {
                    g.push(0xE9);
                }
                g.extend_from_slice(b"\"]\n\n");
                if comment {
                    g.extend_from_slice("{ note: café }\n".as_bytes());
                }
                g.extend_from_slice(match moves {
                    0 => b"1. c2,d4 e1,e2 *".as_slice(),
                    1 => b"1. c3,a1 *",
                    _ => b"1. c2,d4 zz *",
                });
                if trailing {
                    g.extend_from_slice(b" ; fin");
                }
                g.extend_from_slice(&b"\n".repeat(blank + 1));
                (g, !latin1 && moves == 0)
            })
    }

    /// An archive's bytes, its games (each with whether it is valid), and whether it starts
    /// with a byte-order mark.
    type Archive = (Vec<u8>, Vec<(Vec<u8>, bool)>, bool);

    fn archive() -> impl Strategy<Value = Archive> {
        (
            proptest::collection::vec(game(), 1..8),
            any::<bool>(), // CRLF
            any::<bool>(), // byte-order mark
        )
            .prop_map(|(games, crlf, bom)| {
                let games: Vec<(Vec<u8>, bool)> = games
                    .into_iter()
                    .map(|(g, ok)| {
                        if crlf {
                            let mut c = Vec::new();
                            for &b in &g {
                                if b == b'\n' {
                                    c.push(b'\r');
                                }
                                c.push(b);
                            }
                            (c, ok)
                        } else {
                            (g, ok)
                        }
                    })
                    .collect();
                let mut bytes = if bom {
                    b"\xEF\xBB\xBF".to_vec()
                } else {
                    Vec::new()
                };
                for (g, _) in &games {
                    bytes.extend_from_slice(g);
                }
                (bytes, games, bom)
            })
    }

    /// `pieces` after a byte-order mark when `bom` and there is any.
    fn joined(pieces: &[&Vec<u8>], bom: bool) -> Vec<u8> {
        let mut v = if bom && !pieces.is_empty() {
            b"\xEF\xBB\xBF".to_vec()
        } else {
            Vec::new()
        };
        for p in pieces {
            v.extend_from_slice(p);
        }
        v
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn select_copies_and_partitions_byte_for_byte((bytes, games, bom) in archive()) {
            let dir = scratch(&format!("integrity-partition-{}", bytes.len()));
            std::fs::write(dir.join("in.sgn"), &bytes).expect("write");
            let all = seega(&["select", "in.sgn"], &dir);
            prop_assert_eq!(&all.stdout, &bytes, "{}", err(&all));
            let split = seega(&["select", "in.sgn", "-o", "k.sgn", "--invalid-to", "q.sgn"], &dir);
            let selected = if games.iter().any(|g| g.1) { 0 } else { 1 };
            prop_assert_eq!(split.status.code(), Some(selected), "{}", err(&split));
            let kept = std::fs::read(dir.join("k.sgn")).expect("read");
            let quarantined = std::fs::read(dir.join("q.sgn")).expect("read");
            let valid: Vec<&Vec<u8>> = games.iter().filter(|g| g.1).map(|g| &g.0).collect();
            let invalid: Vec<&Vec<u8>> = games.iter().filter(|g| !g.1).map(|g| &g.0).collect();
            let want_kept = joined(&valid, bom);
            prop_assert_eq!(String::from_utf8_lossy(&kept), String::from_utf8_lossy(&want_kept));
            // The quarantine file is the invalid games, each after the comments that say why.
            let notes = regex::bytes::Regex::new(r"(?m)^((?-u:\xEF\xBB\xBF)?)\{ seega::[^\n]* \}\r?\n")
                .expect("regex");
            let stripped = notes.replace_all(&quarantined, &b"$1"[..]);
            let want_quarantined = joined(&invalid, bom);
            prop_assert_eq!(
                String::from_utf8_lossy(&stripped),
                String::from_utf8_lossy(&want_quarantined)
            );
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

#[test]
fn standard_output_that_is_an_input_is_refused() {
    let dir = scratch("integrity-stdout");
    let g = dir.join("g.sgn");
    std::fs::write(&g, LATIN1_CRLF).expect("write");
    for cmd in [
        "\"$SEEGA\" convert --to sgn g.sgn >> g.sgn; echo $?",
        "\"$SEEGA\" convert --to sgn - < g.sgn >> g.sgn; echo $?",
        "\"$SEEGA\" select g.sgn >> g.sgn; echo $?",
        "\"$SEEGA\" check g.sgn >> g.sgn; echo $?",
    ] {
        assert_eq!(sh(cmd, &dir), "2", "{cmd}");
        assert_eq!(std::fs::read(&g).expect("read"), LATIN1_CRLF, "{cmd}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rewriting_in_place_writes_no_file_when_an_input_cannot_be_read() {
    let dir = scratch("integrity-missing");
    let messy = "[Event \"x\"]\n\n1.   c2,d4 *\n";
    let fixable = "[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n1. b1-c1 2. a1-b1xa2 *\n";
    for (args, text) in [
        (&["fmt", "--in-place", "a.sgn", "missing.sgn"][..], messy),
        (&["check", "--fix", "a.sgn", "missing.sgn"][..], fixable),
    ] {
        std::fs::write(dir.join("a.sgn"), text).expect("write");
        let out = seega(args, &dir);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", err(&out));
        assert!(
            err(&out).contains("no file was changed"),
            "{args:?}: {}",
            err(&out)
        );
        assert_eq!(
            std::fs::read_to_string(dir.join("a.sgn")).expect("read"),
            text,
            "{args:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_with_bytes_that_are_not_utf8_survives_json() {
    let dir = scratch("integrity-json-bytes");
    std::fs::write(dir.join("a.sgn"), LATIN1_CRLF).expect("write");
    for to in ["json", "jsonl"] {
        let out = format!("a.{to}");
        let there = seega(&["convert", "--to", to, "a.sgn", "-o", &out], &dir);
        assert_eq!(there.status.code(), Some(0), "{}", err(&there));
        let back = seega(&["convert", "--to", "sgn", &out], &dir);
        assert_eq!(back.status.code(), Some(0), "{}", err(&back));
        let latin1 = b"[Event \"Caf\xE9\"]\r\n\r\n1. c2,d4 *\n";
        assert!(
            back.stdout.windows(latin1.len()).any(|w| w == latin1),
            "{to}: the game's own bytes: {}",
            String::from_utf8_lossy(&back.stdout)
        );
        std::fs::write(dir.join("back.sgn"), &back.stdout).expect("write");
        let check = seega(&["check", "-q", "back.sgn"], &dir);
        assert!(
            String::from_utf8_lossy(&check.stdout).contains("3 games: 1 valid, 2 invalid"),
            "{to}: still invalid: {}",
            String::from_utf8_lossy(&check.stdout)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
