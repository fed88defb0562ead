//! Nothing from a file or a path reaches a terminal raw: escape sequences, C1 controls and
//! bidirectional controls in tags, comments and tokens, and file names that forge lines or are
//! not UTF-8, through `check`, `show` and the other commands' human output; and how JSON names
//! a path that is not UTF-8.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::common;
use common::{ROOT, run_with};

/// A fresh directory of this test's own under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("terminal-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// Runs `seega` with `args` (any bytes) in `dir`, without colour.
fn run_in(dir: &Path, args: &[&OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .expect("seega runs")
}

fn os(s: &str) -> &OsStr {
    OsStr::new(s)
}

/// Where `bytes` hold something a terminal would obey rather than show: ESC, BEL, a C1
/// control (U+0080–U+009F) or a bidirectional control (U+202A–U+202E, U+2066–U+2069).
fn raw_control(bytes: &[u8]) -> Option<usize> {
    (0..bytes.len()).find(|&i| {
        matches!(
            &bytes[i..],
            [0x1b | 0x07, ..]
                | [0xc2, 0x80..=0x9f, ..]
                | [0xe2, 0x80, 0xaa..=0xae, ..]
                | [0xe2, 0x81, 0xa6..=0xa9, ..]
        )
    })
}

/// Asserts that neither stdout nor stderr of `o` holds a raw control; returns them as text.
fn clean(o: &Output, what: &str) -> (String, String) {
    for (name, bytes) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
        if let Some(i) = raw_control(bytes) {
            panic!(
                "{what}: a raw control reaches {name} at byte {i}:\n{}",
                String::from_utf8_lossy(bytes).escape_debug()
            );
        }
    }
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A game whose tags, comments and an unreadable token hold escape sequences.
const ESCAPES: &[u8] = b"[Event \"\x1b]0;pwned\x07\"]\n[Black \"\x1b[2J\"]\n[White \"Mona\"]\n\n1. c2,d4 {\x1b[2J} a1,a2 2. x\x1b[2J *\n";

#[test]
fn show_escapes_tags_comments_and_tokens() {
    let dir = scratch("show-escapes");
    std::fs::write(dir.join("e.sgn"), ESCAPES).expect("written");
    for args in [&["show", "e.sgn"][..], &["show", "--all", "e.sgn"]] {
        let args: Vec<&OsStr> = args.iter().map(|a| os(a)).collect();
        let o = run_in(&dir, &args);
        let (out, _) = clean(&o, "show");
        assert!(
            out.contains("game 1 (\\u{1b}[2J vs Mona, \\u{1b}]0;pwned\\u{7})"),
            "{out}"
        );
        // The note quotes the unreadable token.
        assert!(
            out.contains("note: the game is invalid (seega::syntax::token)"),
            "{out}"
        );
        assert!(out.contains("x\\u{1b}[2J"), "{out}");
    }
    // Notes go to stderr when the boards are SVG.
    let o = run_in(&dir, &[os("show"), os("--svg"), os("e.sgn")]);
    let (_, err) = clean(&o, "show --svg");
    assert!(err.contains("x\\u{1b}[2J"), "{err}");
}

#[test]
fn check_escapes_tags_comments_and_tokens() {
    let o = run_with(&["check", "-"], Some(ESCAPES));
    let (out, err) = clean(&o, "check");
    assert_eq!(o.status.code(), Some(1), "{out}{err}");
    assert!(
        out.contains("game 1 (\\u{1b}[2J vs Mona, \\u{1b}]0;pwned\\u{7}), turn 3"),
        "{out}"
    );
    assert!(out.contains("x\\u{1b}[2J"), "{out}");
    // The snippet draws the comment's ESC as `?`.
    assert!(out.contains("{?[2J}"), "{out}");
}

/// The drawn snippet line that holds `needle`, and the line under it.
fn snippet<'a>(out: &'a str, needle: &str) -> (&'a str, &'a str) {
    let lines: Vec<&str> = out.lines().collect();
    let k = lines
        .iter()
        .position(|l| l.contains('│') && l.contains(needle))
        .unwrap_or_else(|| panic!("no snippet line holds {needle:?}:\n{out}"));
    (lines[k], lines[k + 1])
}

/// The column (in characters) where `needle` starts in `line`.
fn column(line: &str, needle: &str) -> usize {
    line[..line.find(needle).expect("present")].chars().count()
}

#[test]
fn check_shows_c1_and_bidi_controls_visibly_and_aligned() {
    let game = "[Event \"cup\u{9b}2J\"]\n[Black \"\u{202e}Kofi\"]\n\n1. c2,d4 {\u{9b}\u{202e}x\u{2066}} a1,a1 *\n";
    let o = run_with(&["check", "-"], Some(game.as_bytes()));
    let (out, _) = clean(&o, "check");
    // Labels quote the tags escaped.
    assert!(
        out.contains("game 1 (\\u{202e}Kofi as black, cup\\u{9b}2J)"),
        "{out}"
    );
    // The snippet draws each byte of a hidden character as `?`, and the caret stays under the
    // token it points at.
    let (line, under) = snippet(&out, "a1,a1");
    assert!(line.contains("{?????x???} a1,a1 *"), "{line}");
    assert_eq!(column(under, "─"), column(line, "a1 *"), "{line}\n{under}");
    // The warning points at the first bidirectional control of the game, in the Black tag.
    assert!(
        out.contains("bidirectional control U+202E (right-to-left override) in the game's text,\n  │ and 2 more"),
        "{out}"
    );
    let (line, under) = snippet(&out, "Kofi");
    assert!(line.contains("[Black \"???Kofi\"]"), "{line}");
    assert_eq!(column(under, "─"), column(line, "???"), "{line}\n{under}");
    assert!(out.contains("[<stdin>:2:9]"), "{out}");
}

/// A clean game holding `text` where `{}` stands, followed by a generated archive's worth of
/// clean games, so that the stream's fast lane reads it.
fn with_clean_games(game: &str) -> Vec<u8> {
    let mut s = game.to_owned();
    for _ in 0..200 {
        s.push_str("\n[Event \"filler\"]\n\n1. c2,d4 a1,a2 *\n");
    }
    s.into_bytes()
}

#[test]
fn a_bidi_control_anywhere_in_a_game_gets_one_warning_and_the_game_stays_valid() {
    for game in [
        "[Event \"\u{202e}cup\"]\n\n1. c2,d4 a1,a2 *\n",
        "[Event \"caf\u{e9} \u{201c}cup\u{201d} \u{2067}x\"]\n\n1. c2,d4 a1,a2 *\n",
        "{ \u{2066} }\n[Event \"cup\"]\n\n1. c2,d4 a1,a2 *\n",
        "[Event \"cup\"]\n\n1. c2,d4 { \u{202a} } a1,a2 *\n",
        "[Event \"cup\"]\n\n1. c2,d4 ; \u{2069}\na1,a2 *\n",
        "[Event \"cup\"]\n\n1. c2,d4 a1,a2 * { \u{202b} }\n",
    ] {
        let o = run_with(
            &["check", "--format", "jsonl", "-"],
            Some(&with_clean_games(game)),
        );
        let out = String::from_utf8(o.stdout).expect("utf-8");
        let codes: Vec<&str> = out
            .lines()
            .filter(|l| l.contains("\"diagnostic\""))
            .collect();
        assert_eq!(codes.len(), 1, "{game:?}:\n{out}");
        assert!(codes[0].contains("seega::input::bidi-control"), "{out}");
        assert!(codes[0].contains("\"game\":1"), "{out}");
        assert!(
            out.contains("\"games\":201,\"valid\":201,\"invalid\":0,\"errors\":0,\"warnings\":1"),
            "{game:?}:\n{out}"
        );
        assert_eq!(o.status.code(), Some(0));
    }
    // Other text that is not ASCII, and direction marks, are no bidirectional controls.
    let o = run_with(
        &["check", "-"],
        Some(&with_clean_games(
            "[Event \"caf\u{e9} \u{201c}x\u{201d} \u{200f}\"]\n\n1. c2,d4 a1,a2 *\n",
        )),
    );
    let (out, _) = clean(&o, "check");
    assert!(out.ends_with("(0 errors, 0 warnings)\n"), "{out}");
}

const FORGED: &str = "x\nseega: error: forged.sgn";

/// Asserts that no line of the output starts as the forged one does.
fn no_forged_line(o: &Output, what: &str) {
    let (out, err) = clean(o, what);
    for line in out.lines().chain(err.lines()) {
        assert!(
            !line.starts_with("seega: error: forged"),
            "{what}: a forged line:\n{out}{err}"
        );
    }
}

#[test]
fn a_file_name_cannot_forge_a_line() {
    let dir = scratch("forged");
    std::fs::write(dir.join(FORGED), "1. c2,c2 *\n").expect("written");
    let o = run_in(&dir, &[os("check"), os(FORGED)]);
    no_forged_line(&o, "check");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("[x\\nseega: error: forged.sgn:1:7]"), "{out}");
    // Found by walking a directory, too.
    let o = run_in(&dir, &[os("check"), os(".")]);
    no_forged_line(&o, "check .");
    let o = run_in(&dir, &[os("show"), os("--game"), os("5"), os(FORGED)]);
    no_forged_line(&o, "show");
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("`x\\nseega: error: forged.sgn` has 1 game"),
        "{o:?}"
    );
    // A missing file of such a name, for every command that reads inputs.
    let missing = "gone\nseega: error: forged.sgn";
    for cmd in [
        &["check"][..],
        &["check", "--format", "jsonl"],
        &["show"],
        &["moves"],
        &["stats"],
        &["fmt", "--check"],
        &["select"],
        &["dedupe"],
        &["convert", "--to", "sgn"],
    ] {
        let mut args: Vec<&OsStr> = cmd.iter().map(|a| os(a)).collect();
        args.push(os(missing));
        let o = run_in(&dir, &args);
        no_forged_line(&o, &cmd.join(" "));
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("`gone\\nseega: error: forged.sgn`"),
            "{cmd:?}: {o:?}"
        );
    }
}

const LATIN1: &[u8] = b"caf\xe9.sgn";

#[test]
fn a_name_that_is_not_utf8_is_shown_by_its_bytes() {
    let dir = scratch("latin1");
    std::fs::write(dir.join(OsStr::from_bytes(LATIN1)), "1. c2,c2 *\n").expect("written");
    let o = run_in(&dir, &[os("check"), OsStr::from_bytes(LATIN1)]);
    let (out, _) = clean(&o, "check");
    assert!(out.contains("[caf\\xE9.sgn:1:7]"), "{out}");
    assert!(!out.contains('\u{fffd}'), "{out}");
    let o = run_in(
        &dir,
        &[os("show"), os("--game"), os("2"), OsStr::from_bytes(LATIN1)],
    );
    let (_, err) = clean(&o, "show");
    assert!(err.contains("`caf\\xE9.sgn` has 1 game"), "{err}");
}

#[test]
fn json_names_a_path_that_is_not_utf8_by_its_bytes_too() {
    let dir = scratch("latin1-json");
    std::fs::write(dir.join(OsStr::from_bytes(LATIN1)), "1. c2,c2 *\n").expect("written");
    std::fs::write(dir.join("plain.sgn"), "1. c2,c2 *\n").expect("written");
    let o = run_in(
        &dir,
        &[
            os("check"),
            os("--format"),
            os("jsonl"),
            OsStr::from_bytes(LATIN1),
            OsStr::from_bytes(b"gone\xff.sgn"),
            os("plain.sgn"),
        ],
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let bytes = |b: &[u8]| serde_json::Value::from(b.to_vec());
    assert_eq!(lines[0]["type"], "diagnostic");
    assert_eq!(lines[0]["file"], "caf\u{fffd}.sgn");
    assert_eq!(lines[0]["file_bytes"], bytes(LATIN1));
    assert_eq!(lines[1]["type"], "input-error");
    assert_eq!(lines[1]["file"], "gone\u{fffd}.sgn");
    assert_eq!(lines[1]["file_bytes"], bytes(b"gone\xff.sgn"));
    assert_eq!(
        lines[1]["message"]
            .as_str()
            .map(|m| m.contains("`gone\\xFF.sgn`")),
        Some(true)
    );
    // A UTF-8 path has no `file_bytes`.
    assert_eq!(lines[2]["file"], "plain.sgn");
    assert!(lines[2].get("file_bytes").is_none(), "{}", lines[2]);
    // The diagnostic conforms to the schema.
    let text = std::fs::read_to_string(format!("{ROOT}/spec/game.schema.json")).expect("schema");
    let whole: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let schema = serde_json::json!({
        "$schema": whole["$schema"],
        "$ref": "#/$defs/diagnostic",
        "$defs": whole["$defs"],
    });
    let v = jsonschema::validator_for(&schema).expect("schema compiles");
    for line in [&lines[0], &lines[2]] {
        let errors: Vec<String> = v.iter_errors(line).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{line}: {errors:?}");
    }
}

#[test]
fn explain_escapes_what_it_is_given() {
    let o = run_with(&["explain", "\x1b[2J\u{202e}"], None);
    let (_, err) = clean(&o, "explain");
    assert!(
        err.contains("`\\u{1b}[2J\\u{202e}` is not a diagnostic code"),
        "{err}"
    );
    let o = run_with(&["explain", "input::bidi-control"], None);
    let (out, _) = clean(&o, "explain input::bidi-control");
    assert!(out.contains("{ \\u{202e}ten\\u{202c} }"), "{out}");
}

/// A game whose tags and comments hold a C1 control, bidirectional controls, a direction mark
/// and a line separator, each of which JSON passes raw unless told otherwise.
const HIDDEN: &str = "[Event \"cup \u{9b}31m\u{202e}x\"]\n[Site \"\u{2066}Luxor\u{2069}\"]\n\n1. c2,d4 { \u{200f}\u{2028} } a1,a2 *\n";

#[test]
fn every_json_output_escapes_what_a_terminal_obeys_and_keeps_the_value() {
    let dir = scratch("json-escapes");
    let input = dir.join("hidden.sgn");
    std::fs::write(&input, HIDDEN).expect("writable");
    let path = input.to_str().expect("a UTF-8 path");
    let runs: &[&[&str]] = &[
        &["check", "--format", "jsonl", path],
        &["convert", "--to", "json", path],
        &["convert", "--to", "jsonl", path],
        &["stats", "--format", "json", path],
        &["dedupe", "--format", "jsonl", path],
        &["moves", "--format", "jsonl", "--all", path],
        &["show", "--html", path, "-o", "-"],
    ];
    for args in runs {
        let o = run_in(&dir, &args.iter().map(|a| os(a)).collect::<Vec<_>>());
        let (out, err) = clean(&o, &args.join(" "));
        assert!(o.status.code().is_some_and(|c| c < 2), "{args:?}: {err}");
        assert!(!out.is_empty(), "{args:?}");
    }
    // A game with no bidirectional control is written by the fast lane's writer: the same.
    let lane = dir.join("lane.sgn");
    std::fs::write(
        &lane,
        "[Event \"x\u{9b}y\"]\n\n1. c2,d4 { \u{2028} } a1,a2 *\n",
    )
    .expect("writable");
    for to in ["json", "jsonl"] {
        let o = run_in(&dir, &[os("convert"), os("--to"), os(to), lane.as_os_str()]);
        let (out, _) = clean(&o, "convert of a clean game");
        assert!(
            out.contains(r#""x\u009by""#) && out.contains(r" \u2028 "),
            "{out}"
        );
    }
    // The values are the same: the JSON reads back as what the archive holds.
    let o = run_in(&dir, &[os("convert"), os("--to"), os("json"), os(path)]);
    let games: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let headers = &games[0]["headers"];
    assert_eq!(headers[0]["value"], "cup \u{9b}31m\u{202e}x");
    assert_eq!(headers[1]["value"], "\u{2066}Luxor\u{2069}");
    let text = String::from_utf8(o.stdout).expect("UTF-8");
    assert!(text.contains(r"cup \u009b31m\u202ex"), "{text}");
    // And the notation written back from it is the archive's.
    let json = dir.join("games.json");
    std::fs::write(&json, text).expect("writable");
    let o = run_in(
        &dir,
        &[os("convert"), os("--to"), os("sgn"), os("games.json")],
    );
    let back = String::from_utf8(o.stdout).expect("UTF-8");
    assert!(
        back.contains("[Event \"cup \u{9b}31m\u{202e}x\"]"),
        "{back:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// What `seega args` prints under a pseudo-terminal, run in `dir` ([`common::on_a_terminal`]).
fn on_a_terminal(dir: &Path, args: &str) -> Option<Vec<u8>> {
    common::on_a_terminal(dir, &format!("{} {args}", env!("CARGO_BIN_EXE_seega")))
}

#[test]
fn archive_text_is_shown_visibly_on_a_terminal_and_copied_byte_for_byte_elsewhere() {
    let dir = scratch("archive-text-on-a-terminal");
    let text: &[u8] =
        b"[Event \"a\x1b]0;pwned\x07\"]\r\n\r\n1. c2,d4 {\xc2\x9b31m \xe2\x80\xae red} *\r\n";
    std::fs::write(dir.join("esc.sgn"), text).expect("writable");
    for args in [
        "fmt esc.sgn",
        "convert --to sgn esc.sgn",
        "select esc.sgn",
        "dedupe --drop esc.sgn",
    ] {
        let Some(shown) = on_a_terminal(&dir, args) else {
            return;
        };
        if let Some(i) = raw_control(&shown) {
            panic!(
                "{args}: a raw control at byte {i}: {:?}",
                String::from_utf8_lossy(&shown)
            );
        }
        let shown = String::from_utf8_lossy(&shown);
        assert!(
            shown.contains(r#"[Event "a\u{1b}]0;pwned\u{7}"]"#),
            "{args}: {shown}"
        );
        assert!(shown.contains(r"\u{9b}31m \u{202e} red"), "{args}: {shown}");
        // To a pipe, the bytes as they are.
        let piped = run_in(&dir, &args.split(' ').map(os).collect::<Vec<_>>());
        let out = &piped.stdout;
        assert!(
            out.windows(10).any(|w| w == b"a\x1b]0;pwned"),
            "{args}: {:?}",
            String::from_utf8_lossy(out)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arguments_quoted_in_errors_are_escaped() {
    let dir = scratch("arguments-in-errors");
    for args in [
        &["show", "--position", "\u{1b}[31m5/5/5/5/5 b"][..],
        &["moves", "--position", "5/5/5/5/5 \u{9b}"],
        &["select", "--tag-regex", "Event=(\u{1b}", "-"],
        &["check", "--rules", "stan\u{1b}dard", "-"],
        &["fmt", "--width", "\u{1b}[2J"],
        &["explain", "\u{202e}too-far"],
        &["check", "nope\u{7}.sgn"],
    ] {
        let o = run_in(&dir, &args.iter().map(|a| os(a)).collect::<Vec<_>>());
        let (_, err) = clean(&o, &args.join(" "));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.starts_with("seega: error: "), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
