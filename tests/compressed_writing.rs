//! Compressed outputs: files named `*.gz`, `*.zst`, `*.bz2`, `*.xz` are written compressed
//! and read back as the same text, `fmt --in-place` keeps a file's compression, and
//! `generate` compresses the games as it makes them.

use super::common;
use super::compressed::{FORMATS, Format, archive, said};
use common::{run_in, scratch};

/// The format whose magic `bytes` start with, as the test knows them.
fn magic(bytes: &[u8]) -> Option<Format> {
    if bytes.starts_with(&[0x1F, 0x8B]) {
        Some(Format::Gzip)
    } else if bytes.starts_with(&[0x28, 0xB5, 0x2F, 0xFD]) {
        Some(Format::Zstd)
    } else if bytes.starts_with(b"BZh") {
        Some(Format::Bzip2)
    } else if bytes.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0]) {
        Some(Format::Xz)
    } else {
        None
    }
}

#[test]
fn outputs_named_compressed_are_written_compressed_and_read_back() {
    let dir = scratch("compressed-outputs");
    std::fs::write(dir.join("a.sgn"), archive()).unwrap();
    let writers: &[&[&str]] = &[
        &["select", "a.sgn", "-o", "OUT"],
        &["select", "a.sgn", "--invalid-to", "OUT"],
        &["convert", "--to", "jsonl", "a.sgn", "-o", "OUT"],
        &["dedupe", "--drop", "a.sgn", "-o", "OUT"],
        &["show", "--game", "2", "--svg", "a.sgn", "-o", "OUT"],
    ];
    for writer in writers {
        let with = |out: &str| -> Vec<String> {
            writer
                .iter()
                .map(|a| if *a == "OUT" { out } else { a }.to_owned())
                .collect()
        };
        let args = with("plain.out");
        let wrote = run_in(&args.iter().map(String::as_str).collect::<Vec<_>>(), &dir);
        assert!(wrote.status.code().is_some_and(|c| c < 2), "{wrote:?}");
        let plain = std::fs::read(dir.join("plain.out")).unwrap();
        assert!(!plain.is_empty(), "{writer:?}");
        for f in FORMATS {
            let out = format!("out.sgn.{}", f.ext());
            let args = with(&out);
            let wrote = run_in(&args.iter().map(String::as_str).collect::<Vec<_>>(), &dir);
            assert!(wrote.status.code().is_some_and(|c| c < 2), "{wrote:?}");
            let bytes = std::fs::read(dir.join(&out)).unwrap();
            assert_eq!(magic(&bytes), Some(f), "{writer:?}");
            assert_eq!(f.decompress(&bytes), (plain.clone(), true), "{writer:?}");
        }
    }
    // What was written reads back as the same games.
    for f in FORMATS {
        let out = format!("back.sgn.{}", f.ext());
        assert!(
            run_in(&["select", "a.sgn", "-o", &out], &dir)
                .status
                .success()
        );
        let back = run_in(&["check", &out], &dir);
        let plain = run_in(&["check", "a.sgn"], &dir);
        assert_eq!(said(&back, &out), said(&plain, "a.sgn"), "{f:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fmt_in_place_keeps_a_files_compression() {
    let dir = scratch("compressed-fmt");
    // Not canonical: `fmt` has something to rewrite.
    let text = b"[Event \"x\"]\n[Rules \"standard\"]\n\n1.  a1,b1   a2,b2 *\n\n[Event \"y\"]\n\n1. c3,a1 *\n";
    std::fs::write(dir.join("plain.sgn"), text).unwrap();
    let canonical = run_in(&["fmt", "plain.sgn"], &dir).stdout;
    assert_ne!(canonical, text);
    let status = run_in(&["fmt", "--in-place", "plain.sgn"], &dir)
        .status
        .code();
    assert_eq!(std::fs::read(dir.join("plain.sgn")).unwrap(), canonical);
    for f in FORMATS {
        // Told by its magic bytes, whatever the name: the file stays what it was.
        for name in [format!("a.sgn.{}", f.ext()), "b.sgn".to_owned()] {
            std::fs::write(dir.join(&name), f.compress(text)).unwrap();
            let got = run_in(&["fmt", "--in-place", &name], &dir);
            assert_eq!(got.status.code(), status, "{f:?} {name}: {got:?}");
            let bytes = std::fs::read(dir.join(&name)).unwrap();
            assert_eq!(magic(&bytes), Some(f), "{f:?} {name}: still compressed");
            assert_eq!(
                f.decompress(&bytes),
                (canonical.clone(), true),
                "{f:?} {name}"
            );
            // Canonical now: a second run leaves the file's bytes as they are.
            let again = run_in(&["fmt", "--in-place", &name], &dir);
            assert!(again.status.code().is_some_and(|c| c < 2), "{again:?}");
            assert_eq!(
                std::fs::read(dir.join(&name)).unwrap(),
                bytes,
                "{f:?} {name}"
            );
        }
    }
    // `check --fix` rewrites in place the same way.
    let fixable = b"[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n1. b1-c1   2. a1-b1xa2 *\n";
    std::fs::write(dir.join("fix.sgn"), fixable).unwrap();
    assert!(
        run_in(&["check", "--fix", "fix.sgn"], &dir)
            .status
            .success()
    );
    let fixed = std::fs::read(dir.join("fix.sgn")).unwrap();
    assert_ne!(fixed, fixable);
    for f in FORMATS {
        let name = format!("fix.sgn.{}", f.ext());
        std::fs::write(dir.join(&name), f.compress(fixable)).unwrap();
        assert!(run_in(&["check", "--fix", &name], &dir).status.success());
        let bytes = std::fs::read(dir.join(&name)).unwrap();
        assert_eq!(magic(&bytes), Some(f));
        assert_eq!(f.decompress(&bytes), (fixed.clone(), true), "{f:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generate_writes_a_compressed_archive() {
    let dir = scratch("compressed-generate");
    let args = ["generate", "--games", "5000", "--seed", "5"];
    let plain = run_in(&args, &dir).stdout;
    for f in FORMATS {
        let out = format!("g.sgn.{}", f.ext());
        let mut with_out = args.to_vec();
        with_out.extend(["-o", &out]);
        assert!(run_in(&with_out, &dir).status.success());
        let bytes = std::fs::read(dir.join(&out)).unwrap();
        assert_eq!(magic(&bytes), Some(f));
        assert!(bytes.len() * 3 < plain.len(), "{f:?}: compressed");
        assert_eq!(f.decompress(&bytes), (plain.clone(), true), "{f:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generate_compresses_the_games_as_it_makes_them() {
    let dir = scratch("compressed-generate-stream");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_seega"))
        .args([
            "generate",
            "--games",
            "30000",
            "--seed",
            "2",
            "-o",
            "g.sgn.zst",
        ])
        .current_dir(&dir)
        .spawn()
        .unwrap();
    // The sizes the temporary file was seen at while the games were being made.
    let mut seen = Vec::new();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        for e in std::fs::read_dir(&dir).unwrap().flatten() {
            if e.file_name().to_string_lossy().starts_with(".seega-") {
                seen.push(e.metadata().map_or(0, |m| m.len()));
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    };
    assert!(status.success());
    let written = std::fs::metadata(dir.join("g.sgn.zst")).unwrap().len();
    assert!(
        seen.iter().any(|&n| n > 0 && n < written),
        "compressed games reach the file before the last game is made: {seen:?} of {written} bytes"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
