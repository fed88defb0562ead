//! Archives in Latin-1 and Windows-1252: read with `--encoding`, reported as their UTF-8 twins
//! are, and written back in their own bytes.

use std::process::Command;

use super::common;
use common::{run_in as seega, scratch};

const SEEGA: &str = env!("CARGO_BIN_EXE_seega");

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `s` in Latin-1 (every character of it has a byte there).
fn latin1(s: &str) -> Vec<u8> {
    s.chars()
        .map(|c| u8::try_from(u32::from(c)).expect("a Latin-1 character"))
        .collect()
}

/// An archive with accents in tags and comments, a game that `check --fix` can fix, one it
/// cannot, and CRLF line ends.
const ARCHIVE: &str = "[Event \"Café de la Gare\"]\r\n[Site \"Bézier\"]\r\n\r\n1. c2,d4 e1,e2 { très bien } *\r\n\r\n\
[Event \"Été\"]\r\n[Rules \"standard barrier=none\"]\r\n[Position \"4b/5/5/b4/wb3 w\"]\r\n\r\n1. b1-c1 2. a1-b1xa2 *\r\n\r\n\
[Event \"Noël\"]\r\n\r\n1. c3,a1 *\r\n";

#[test]
fn a_latin1_archive_reads_as_its_utf8_twin() {
    let dir = scratch("encoding-twin");
    std::fs::write(dir.join("u.sgn"), ARCHIVE).expect("write");
    std::fs::write(dir.join("l.sgn"), latin1(ARCHIVE)).expect("write");
    let utf8 = seega(&["check", "--format", "jsonl", "u.sgn"], &dir);
    // Without --encoding, every accent is an error.
    let plain = seega(&["check", "l.sgn"], &dir);
    assert!(text(&plain.stdout).contains("seega::input::invalid-utf8"));
    assert!(
        text(&plain.stdout).contains("--encoding latin-1"),
        "the help says how"
    );
    for encoding in ["latin-1", "windows-1252", "auto"] {
        let l = seega(
            &[
                "check",
                "--encoding",
                encoding,
                "--format",
                "jsonl",
                "l.sgn",
            ],
            &dir,
        );
        assert_eq!(
            text(&l.stdout).replace("\"l.sgn\"", "\"u.sgn\""),
            text(&utf8.stdout),
            "{encoding}"
        );
        assert_eq!(l.status.code(), utf8.status.code());
        let warned = text(&l.stderr);
        if encoding == "auto" {
            assert_eq!(
                warned.matches("is not UTF-8 from line 1 on").count(),
                1,
                "{warned}"
            );
        } else {
            assert_eq!(warned, "", "{encoding}");
        }
    }
    // Standard input streams the same way.
    let piped = Command::new(SEEGA)
        .args(["check", "--encoding", "latin-1", "--format", "jsonl", "-"])
        .stdin(std::fs::File::open(dir.join("l.sgn")).expect("open"))
        .output()
        .expect("runs");
    assert_eq!(
        text(&piped.stdout).replace("\"<stdin>\"", "\"u.sgn\""),
        text(&utf8.stdout)
    );
    // Convert gives the same game objects.
    let a = seega(&["convert", "--to", "jsonl", "u.sgn"], &dir);
    let b = seega(
        &["convert", "--encoding", "latin-1", "--to", "jsonl", "l.sgn"],
        &dir,
    );
    assert_eq!(
        text(&b.stdout).replace("\"l.sgn\"", "\"u.sgn\""),
        text(&a.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn writers_give_a_latin1_archive_back_in_latin1() {
    let dir = scratch("encoding-write");
    let bytes = latin1(ARCHIVE);
    std::fs::write(dir.join("l.sgn"), &bytes).expect("write");
    // select copies the games' own bytes.
    let all = seega(&["select", "--encoding", "latin-1", "l.sgn"], &dir);
    assert_eq!(all.stdout, bytes);
    let dropped = seega(
        &["dedupe", "--drop", "--encoding", "latin-1", "l.sgn"],
        &dir,
    );
    assert_eq!(dropped.stdout, bytes);
    // check --fix writes the fixed game in Latin-1 too.
    let fixed = seega(&["check", "--fix", "--encoding", "latin-1", "l.sgn"], &dir);
    assert_eq!(fixed.status.code(), Some(1), "{}", text(&fixed.stderr));
    let now = std::fs::read(dir.join("l.sgn")).expect("read");
    assert_eq!(
        now,
        latin1(&ARCHIVE.replace("1. b1-c1 2. a1-b1xa2", "1. -- b1-c1 2. a1-b1"))
    );
    // fmt writes Latin-1 back, or UTF-8 when asked.
    std::fs::write(dir.join("l.sgn"), &bytes).expect("write");
    let f = seega(&["fmt", "--encoding", "latin-1", "l.sgn"], &dir);
    assert!(
        f.stdout.windows(4).any(|w| w == b"Caf\xe9"),
        "{}",
        text(&f.stdout)
    );
    assert!(f.stdout.windows(2).any(|w| w == b"\r\n"), "CRLF kept");
    let u = seega(
        &["fmt", "--encoding", "latin-1", "--to-utf8", "l.sgn"],
        &dir,
    );
    let u = String::from_utf8(u.stdout).expect("UTF-8");
    assert!(u.contains("Café de la Gare") && u.contains("Noël"), "{u}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn auto_reads_utf8_up_to_the_first_byte_that_is_not() {
    let dir = scratch("encoding-auto");
    // Two games in UTF-8, then one appended by a Windows-1252 program.
    let mut bytes = "[Event \"Été\"]\n\n1. c2,d4 *\n\n[Event \"Noël\"]\n\n1. c2,d4 *\n\n"
        .as_bytes()
        .to_vec();
    bytes.extend_from_slice(b"[Event \"\x93Caf\xe9\x94\"]\n\n1. c2,d4 *\n");
    std::fs::write(dir.join("mixed.sgn"), &bytes).expect("write");
    let out = seega(
        &[
            "convert",
            "--encoding",
            "auto",
            "--to",
            "jsonl",
            "mixed.sgn",
        ],
        &dir,
    );
    let json = text(&out.stdout);
    for event in ["Été", "Noël", "\u{201C}Café\u{201D}"] {
        assert!(json.contains(event), "{event}: {json}");
    }
    assert!(
        text(&out.stderr).contains("from line 9 on"),
        "{}",
        text(&out.stderr)
    );
    // fmt writes each game back in the encoding it was read in.
    let f = seega(&["fmt", "--encoding", "auto", "mixed.sgn"], &dir);
    assert_eq!(f.stdout, bytes, "already canonical, byte for byte");
    let _ = std::fs::remove_dir_all(&dir);
}
