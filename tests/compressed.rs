//! Compressed archives: every reading command reads gzip, zstd, bzip2 and xz, from a file and
//! from standard input, told by their magic bytes, and says what a plain file of the same text
//! makes it say; a stream cut short or corrupt is an input error after the text before it was
//! checked (what is written compressed is in `compressed_writing.rs`).
//!
//! The compressed fixtures are made here, from plain text, with the crates seega reads them
//! with.

use std::io::{Read, Write};
use std::path::Path;
use std::sync::OnceLock;

use super::common;
use common::{run_in, run_with, scratch, stderr, stdout};

/// A compression format, with the extension of its files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Format {
    Gzip,
    Zstd,
    Bzip2,
    Xz,
}

pub(super) const FORMATS: [Format; 4] = [Format::Gzip, Format::Zstd, Format::Bzip2, Format::Xz];

impl Format {
    pub(super) fn ext(self) -> &'static str {
        match self {
            Format::Gzip => "gz",
            Format::Zstd => "zst",
            Format::Bzip2 => "bz2",
            Format::Xz => "xz",
        }
    }

    /// The name of the format in seega's messages.
    pub(super) fn name(self) -> &'static str {
        match self {
            Format::Gzip => "gzip",
            Format::Zstd => "zstd",
            Format::Bzip2 => "bzip2",
            Format::Xz => "xz",
        }
    }

    /// `text` compressed as one member, frame or stream.
    pub(super) fn compress(self, text: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Format::Gzip => {
                let mut e = flate2::write::GzEncoder::new(&mut out, flate2::Compression::new(6));
                e.write_all(text).unwrap();
                e.finish().unwrap();
            }
            Format::Zstd => {
                let mut e = zstd::stream::write::Encoder::new(&mut out, 3).unwrap();
                e.include_checksum(true).unwrap();
                e.write_all(text).unwrap();
                e.finish().unwrap();
            }
            Format::Bzip2 => {
                // Blocks of 100 kB: a cut stream keeps whole blocks before the cut.
                let mut e = bzip2::write::BzEncoder::new(&mut out, bzip2::Compression::new(1));
                e.write_all(text).unwrap();
                e.finish().unwrap();
            }
            Format::Xz => {
                let mut e = liblzma::write::XzEncoder::new(&mut out, 6);
                e.write_all(text).unwrap();
                e.finish().unwrap();
            }
        }
        out
    }

    /// The text of `bytes` (every member, frame or stream), as far as it can be read, and
    /// whether it read to the end.
    pub(super) fn decompress(self, bytes: &[u8]) -> (Vec<u8>, bool) {
        let mut d: Box<dyn Read + '_> = match self {
            Format::Gzip => Box::new(flate2::read::MultiGzDecoder::new(bytes)),
            Format::Zstd => Box::new(zstd::stream::read::Decoder::new(bytes).unwrap()),
            Format::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(bytes)),
            Format::Xz => Box::new(liblzma::read::XzDecoder::new_multi_decoder(bytes)),
        };
        let mut out = Vec::new();
        let mut buf = vec![0; 1 << 16];
        loop {
            match d.read(&mut buf) {
                Ok(0) => return (out, true),
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(_) => return (out, false),
            }
        }
    }
}

/// An archive of a few hundred games, some illegal, with CRLF and Windows-1252 games after
/// them: every kind of report has something to say about it.
pub(super) fn archive() -> &'static [u8] {
    static ARCHIVE: OnceLock<Vec<u8>> = OnceLock::new();
    ARCHIVE.get_or_init(|| {
        let generated = run_with(
            &[
                "generate",
                "--games",
                "400",
                "--invalid-rate",
                "0.05",
                "--seed",
                "11",
            ],
            None,
        );
        assert!(generated.status.success(), "{generated:?}");
        let mut bytes = generated.stdout;
        bytes.extend(std::fs::read(Path::new(common::ROOT).join("samples/ludus.sgn")).unwrap());
        bytes
    })
}

/// The reading commands, each with its arguments around the input `P`.
const COMMANDS: &[&[&str]] = &[
    &["check", "P"],
    &["check", "--format", "jsonl", "P"],
    &["convert", "--to", "jsonl", "P"],
    &["select", "--invalid", "P"],
    &["stats", "P"],
    &["dedupe", "P"],
    &["show", "--game", "3", "--final", "P"],
    &["fmt", "P"],
    &["moves", "--game", "2", "--turn", "4", "P"],
];

/// Runs `seega` in `dir` with `args`, `P` replaced by `input`, feeding `stdin`.
fn run(dir: &Path, args: &[&str], input: &str, stdin: Option<&[u8]>) -> std::process::Output {
    let args: Vec<&str> = args
        .iter()
        .map(|a| if *a == "P" { input } else { a })
        .collect();
    match stdin {
        None => run_in(&args, dir),
        Some(bytes) => {
            let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_seega"))
                .args(&args)
                .current_dir(dir)
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            let mut pipe = child.stdin.take().unwrap();
            let bytes = bytes.to_vec();
            // Fed on a thread: seega writes while it reads.
            let feeder = std::thread::spawn(move || {
                let _ = pipe.write_all(&bytes);
            });
            let out = child.wait_with_output().unwrap();
            feeder.join().unwrap();
            out
        }
    }
}

/// What a run says, with the compressed file's name made the plain file's.
pub(super) fn said(o: &std::process::Output, name: &str) -> (Option<i32>, String, String) {
    let fix = |s: &[u8]| String::from_utf8_lossy(s).replace(name, "a.sgn");
    (o.status.code(), fix(&o.stdout), fix(&o.stderr))
}

#[test]
fn every_reading_command_says_of_a_compressed_archive_what_it_says_of_the_plain_one() {
    let dir = scratch("compressed-commands");
    std::fs::write(dir.join("a.sgn"), archive()).unwrap();
    for f in FORMATS {
        let name = format!("a.sgn.{}", f.ext());
        let bytes = f.compress(archive());
        std::fs::write(dir.join(&name), &bytes).unwrap();
        for args in COMMANDS {
            let plain = run(&dir, args, "a.sgn", None);
            assert!(
                plain.status.code().is_some_and(|c| c < 2),
                "{args:?}: {plain:?}"
            );
            assert!(!plain.stdout.is_empty(), "{args:?}");
            let file = run(&dir, args, &name, None);
            assert_eq!(
                said(&file, &name),
                said(&plain, "a.sgn"),
                "{f:?} file {args:?}"
            );
            let from_stdin = run(&dir, args, "-", Some(archive()));
            let compressed_stdin = run(&dir, args, "-", Some(&bytes));
            assert_eq!(
                said(&compressed_stdin, &name),
                said(&from_stdin, &name),
                "{f:?} stdin {args:?}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The summary line of `check`'s report.
fn summary(o: &std::process::Output) -> String {
    stdout(o).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn members_frames_and_streams_one_after_another_are_read_whole() {
    let text = archive();
    // Cut anywhere, even inside a game: the text is what the members hold, one after another.
    let (a, b) = text.split_at(text.len() / 3);
    let (b, c) = b.split_at(b.len() / 2);
    let plain = run_with(&["check", "-"], Some(text));
    for f in FORMATS {
        let mut bytes = f.compress(a);
        bytes.extend(f.compress(b));
        bytes.extend(f.compress(c));
        let got = run_with(&["check", "-"], Some(&bytes));
        assert_eq!(stdout(&got), stdout(&plain), "{f:?}");
        assert_eq!(got.status.code(), plain.status.code(), "{f:?}");
    }
}

#[test]
fn a_skippable_zstd_frame_at_the_start_is_skipped() {
    let text = archive();
    for magic in [0x50u8, 0x5A, 0x5F] {
        // A skippable frame: its magic (0x184D2A5?, little-endian), its size, its bytes.
        let mut bytes = vec![magic, 0x2A, 0x4D, 0x18, 5, 0, 0, 0];
        bytes.extend(b"hello");
        bytes.extend(Format::Zstd.compress(text));
        let got = run_with(&["check", "-"], Some(&bytes));
        let plain = run_with(&["check", "-"], Some(text));
        assert_eq!(stdout(&got), stdout(&plain), "magic {magic:#x}");
        assert_eq!(got.status.code(), plain.status.code(), "magic {magic:#x}");
    }
}

#[test]
fn a_cut_stream_is_an_input_error_after_the_games_before_the_cut_were_checked() {
    let dir = scratch("compressed-cut");
    for f in FORMATS {
        let whole = f.compress(archive());
        let cut = &whole[..whole.len() * 2 / 3];
        let (text, complete) = f.decompress(cut);
        assert!(
            !complete && !text.is_empty(),
            "{f:?}: the cut leaves text to check"
        );
        let name = format!("cut.sgn.{}", f.ext());
        std::fs::write(dir.join(&name), cut).unwrap();
        std::fs::write(dir.join("cut.sgn"), &text).unwrap();
        let got = run_in(&["check", &name], &dir);
        assert_eq!(got.status.code(), Some(2), "{f:?}: {got:?}");
        let err = stderr(&got);
        assert!(
            err.contains(&format!("cannot read `{name}`: its {} data", f.name()))
                && err.contains(&format!("after {} bytes of text", text.len())),
            "{f:?}: {err}"
        );
        // The report is the one of the text read before the cut, game for game.
        let plain = run_in(&["check", "cut.sgn"], &dir);
        let report = stdout(&plain).replace("cut.sgn", &name);
        assert!(
            report.matches("╭─[").count() > 5,
            "{f:?}: diagnostics before the cut"
        );
        assert_eq!(stdout(&got), report, "{f:?}");
        // The same from standard input, and in JSON Lines, which says why it stopped.
        let piped = run(&dir, &["check", "--format", "jsonl", "-"], "-", Some(cut));
        assert_eq!(piped.status.code(), Some(2), "{f:?}");
        let lines = stdout(&piped);
        assert!(lines.contains("\"type\":\"input-error\""), "{f:?}: {lines}");
        assert!(
            lines.matches("\"type\":\"diagnostic\"").count() > 5,
            "{f:?}: {lines}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn corrupt_bytes_are_an_input_error_never_a_panic() {
    let text = archive();
    for f in FORMATS {
        let whole = f.compress(text);
        for at in [whole.len() / 4, whole.len() / 2, whole.len() - 6] {
            let mut bytes = whole.clone();
            for b in &mut bytes[at..at + 4] {
                *b ^= 0x5A;
            }
            for args in COMMANDS {
                let got = run(Path::new(common::ROOT), args, "-", Some(&bytes));
                assert_eq!(
                    got.status.code(),
                    Some(2),
                    "{f:?} at {at} {args:?}: {got:?}"
                );
                let err = stderr(&got);
                assert!(
                    err.contains(&format!("its {} data is corrupt or cut short", f.name())),
                    "{f:?} at {at} {args:?}: {err}"
                );
                assert!(!err.contains("panicked"), "{f:?} {args:?}: {err}");
            }
        }
    }
}

#[test]
fn the_magic_bytes_tell_the_format_whatever_the_name() {
    let dir = scratch("compressed-names");
    std::fs::write(dir.join("a.sgn"), archive()).unwrap();
    let plain = run_in(&["check", "a.sgn"], &dir);
    for f in FORMATS {
        let other = match f {
            Format::Gzip => Format::Xz,
            _ => Format::Gzip,
        };
        // No extension, a plain one, another format's.
        for name in [
            "unnamed".to_owned(),
            "unnamed.sgn".to_owned(),
            format!("unnamed.sgn.{}", other.ext()),
        ] {
            std::fs::write(dir.join(&name), f.compress(archive())).unwrap();
            let got = run_in(&["check", &name], &dir);
            assert_eq!(said(&got, &name), said(&plain, "a.sgn"), "{f:?} as {name}");
        }
        // A plain file named as a compressed one is read as plain.
        let name = format!("plain.sgn.{}", f.ext());
        std::fs::write(dir.join(&name), archive()).unwrap();
        let got = run_in(&["check", &name], &dir);
        assert_eq!(said(&got, &name), said(&plain, "a.sgn"), "plain as {name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_is_searched_for_compressed_archives_too() {
    let dir = scratch("compressed-walk");
    let games = dir.join("games");
    std::fs::create_dir_all(games.join("deeper")).unwrap();
    std::fs::write(games.join("plain.sgn"), archive()).unwrap();
    for f in FORMATS {
        let at = if f == Format::Xz { "deeper/" } else { "" };
        std::fs::write(
            games.join(format!("{at}a.sgn.{}", f.ext())),
            f.compress(archive()),
        )
        .unwrap();
        // Not archives by name: left alone.
        std::fs::write(games.join(format!("a.txt.{}", f.ext())), b"junk").unwrap();
        std::fs::write(games.join(format!("a.{}", f.ext())), b"junk").unwrap();
    }
    let got = run_in(&["check", "games"], &dir);
    let one = run_in(&["check", "games/plain.sgn"], &dir);
    let games_in_one: usize = summary(&one)
        .split(", ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(
        summary(&got).starts_with(&format!("5 files, {} games", 5 * games_in_one)),
        "{}",
        summary(&got)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_magic_alone_or_a_window_past_the_limit_is_an_input_error() {
    let mut inputs: Vec<(&str, Vec<u8>)> = vec![
        ("gzip", b"\x1F\x8B".to_vec()),
        ("zstd", b"\x28\xB5\x2F\xFD".to_vec()),
        ("zstd", b"\x50\x2A\x4D\x18\xFF\xFF\xFF\xFF".to_vec()),
        ("bzip2", b"BZh91AY&SY".to_vec()),
        ("xz", b"\xFD7zXZ\x00".to_vec()),
    ];
    // A zstd frame whose window (2^28 bytes) is past the 128 MiB seega allows.
    let mut wide = Vec::new();
    let mut e = zstd::stream::write::Encoder::new(&mut wide, 3).unwrap();
    e.window_log(28).unwrap();
    e.write_all(archive()).unwrap();
    e.finish().unwrap();
    inputs.push(("zstd", wide));
    for (format, bytes) in &inputs {
        for args in COMMANDS {
            let got = run(Path::new(common::ROOT), args, "-", Some(bytes));
            assert_eq!(got.status.code(), Some(2), "{bytes:?} {args:?}: {got:?}");
            let err = stderr(&got);
            assert!(
                err.contains(&format!("its {format} data is corrupt or cut short")),
                "{args:?}: {err}"
            );
        }
    }
}

/// The library reads what the command reads: a compressed archive opened by
/// `seega::input::open_path` gives the games and problems `check --format jsonl` gives, under
/// any name, and a directory resolves to the archives the command checks.
#[test]
fn the_library_reads_a_compressed_archive_as_the_command_does() {
    let dir = scratch("compressed-library");
    for f in FORMATS {
        for name in [format!("a.sgn.{}", f.ext()), "misnamed.sgn".to_owned()] {
            let path = dir.join(&name);
            std::fs::write(&path, f.compress(archive())).unwrap();
            let file = path.to_str().unwrap();
            let check = run_with(&["check", "--format", "jsonl", file], None);
            let out = stdout(&check);
            let want: Vec<&str> = out.lines().collect();
            let (summary, diagnostics) = want.split_last().unwrap();
            let reader = seega::GameReader::new(seega::input::open_path(&path).unwrap());
            let (mut got, mut games) = (Vec::new(), 0);
            for record in reader {
                let record = record.unwrap();
                games += 1;
                for p in record.check(&seega::Options::default()).problems {
                    got.push(
                        seega::render::json_text::to_string(&record.diagnostic(&p, file)).unwrap(),
                    );
                }
            }
            assert_eq!(got, diagnostics, "{f:?} {name}");
            assert!(
                summary.contains(&format!("\"games\":{games},")),
                "{summary}"
            );
            let report = seega::check_archive(
                seega::input::open_path(&path).unwrap(),
                file,
                &seega::Options::default(),
                seega::Encoding::Utf8,
                2,
            )
            .unwrap();
            assert_eq!(
                seega::render::json_text::to_string(&report.summary).unwrap(),
                *summary
            );
        }
        std::fs::remove_file(dir.join("misnamed.sgn")).unwrap();
    }
    let resolved: Vec<_> = seega::input::resolve(std::slice::from_ref(&dir))
        .into_iter()
        .map(|r| r.unwrap())
        .collect();
    let mut want: Vec<_> = FORMATS
        .iter()
        .map(|f| dir.join(format!("a.sgn.{}", f.ext())))
        .collect();
    want.sort();
    let want: Vec<_> = want.into_iter().map(seega::input::Input::File).collect();
    assert_eq!(resolved, want);
    let _ = std::fs::remove_dir_all(&dir);
}
