//! One grammar: the reader of games defines every token once, in windows of two widths.
//!
//! For every token of the corpora and of generated token-like texts, the narrow window (which
//! the fast lane reads every token with, in the text, and the token parser reads a token with
//! first) either gives the token the wide window gives ([`token`], the nom parser: the same
//! kind, extent, squares, steps, captures, annotation, number and glyph), or gives up and
//! leaves the token to it. It may refuse what the wide window reads; it never reads what that
//! refuses, nor reads it otherwise. The token parser gives what the wide window gives, and
//! the words of its errors are held in a snapshot of token-like strings.

use std::cell::RefCell;
use std::path::Path;

use crate::notation::ast::{Body, Token};
use crate::notation::lex::ends_token;
use crate::notation::read::tree::{read_token, read_whole, shifted};
use crate::notation::token::{parse_token, token};
use crate::notation::window::WIDTH;
use crate::tools::generate::GenOptions;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, TestRunner};

/// Tokens compared, and how many each reader read.
#[derive(Debug, Default)]
struct Counts {
    tokens: usize,
    wide: usize,
    lane: usize,
    whole: usize,
}

/// The tokens of `text` as the scanner splits movetext: runs of bytes up to blank space, `{`,
/// `;` or the end ([`ends_token`]). (Tags and comments are split too: their words are tokens to compare as well.)
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if ends_token(b[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && !ends_token(b[i]) {
            i += 1;
        }
        out.push((start, i));
    }
    out
}

/// Compares the windows on every token of `text`; panics on the first disagreement.
fn compare(text: &str, counts: &mut Counts) {
    for (start, end) in tokens(text) {
        let tok = &text[start..end];
        let wide = match token(tok) {
            Ok(("", t)) => Some(shifted(t, start)),
            _ => None,
        };
        counts.tokens += 1;
        counts.wide += usize::from(wide.is_some());
        let want = |who: &str, got: &Token| match &wide {
            Some(t) => assert_eq!(got, t, "{who} reads {tok:?} otherwise than the wide window"),
            None => panic!("{who} reads {tok:?}, which the wide window refuses, as {got:?}"),
        };
        if let Ok((got, to)) = read_token::<WIDTH>(text, start) {
            counts.lane += 1;
            want("the narrow window", &got);
            assert_eq!(
                to, end,
                "the narrow window ends {tok:?} elsewhere in {text:?}"
            );
        }
        if let Some(got) = read_whole(tok, start) {
            counts.whole += 1;
            want("the narrow window on the token alone", &got);
        }
        match (parse_token(tok, start), &wide) {
            (Ok(got), Some(t)) => assert_eq!(&got, t, "the token parser reads {tok:?} otherwise"),
            (Err(_), None) => {}
            (got, _) => {
                panic!("the token parser reads {tok:?} as {got:?}, the wide window as {wide:?}")
            }
        }
    }
}

/// Every file under `dir`, as text (undecodable bytes replaced, as the source reads them).
fn files(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else {
            let bytes = std::fs::read(&path).expect("a readable file");
            out.push(String::from_utf8_lossy(&bytes).into_owned());
        }
    }
}

fn generated(invalid_rate: f64, games: u64) -> String {
    let rules = crate::PRESETS.iter().map(|p| p.1).collect();
    crate::generate(
        &GenOptions::default()
            .seed(17)
            .rules(rules)
            .invalid_rate(invalid_rate),
        games,
    )
}

#[test]
fn the_readers_agree_on_every_token_of_the_corpora() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    for dir in ["samples", "tests/conformance", "tests/fixtures"] {
        files(&root.join(dir), &mut texts);
    }
    let mut counts = Counts::default();
    for text in &texts {
        compare(text, &mut counts);
    }
    eprintln!("corpora ({} files): {counts:?}", texts.len());
    assert!(counts.lane > 1000 && counts.whole > 1000, "{counts:?}");
}

#[test]
fn the_readers_agree_on_every_token_of_generated_archives() {
    for rate in [0.0, 0.2] {
        let text = generated(rate, 300);
        let mut counts = Counts::default();
        compare(&text, &mut counts);
        eprintln!("generated, {rate} invalid: {counts:?}");
        // Every turn, number and result the generator writes is read by the narrow window, in the text and alone
        // (only words of tags are refused).
        assert!(counts.lane > 10_000, "{counts:?}");
        if rate == 0.0 {
            assert_eq!(counts.lane, counts.wide, "{counts:?}");
            assert_eq!(counts.whole, counts.wide, "{counts:?}");
        }
    }
}

/// A piece of a token-like string: squares good and bad, the turn's punctuation, marks,
/// glyphs, move numbers, results and junk.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => ("[a-i]", "[1-9]").prop_map(|(f, r)| format!("{f}{r}")),
        1 => prop::sample::select(vec!["a0", "j1", "z9", "a10", "i99", "A1", "E5", "é2"])
            .prop_map(str::to_string),
        3 => prop::sample::select(vec![",", "-", "x", "-", "x"]).prop_map(str::to_string),
        1 => prop::sample::select(vec!["!", "?", "!!", "??", "!?", "?!", "!!!"])
            .prop_map(str::to_string),
        1 => "[0-9]{1,11}".prop_map(|d| format!("${d}")),
        1 => ("[0-9]{1,11}", prop::sample::select(vec![".", "...", "..", "...."]))
            .prop_map(|(d, dots)| format!("{d}{dots}")),
        1 => prop::sample::select(vec!["1-0", "0-1", "1/2-1/2", "*", "--", "1/2", "½-½", "1:0"])
            .prop_map(str::to_string),
        1 => prop::sample::select(vec!["$", ".", "/", "0", "1", "\u{0}", "\u{7f}", "[", "\"", "}"])
            .prop_map(str::to_string),
    ]
}

/// A square, now and then a bad one.
fn square() -> impl Strategy<Value = String> {
    prop_oneof![
        12 => ("[a-i]", "[1-9]").prop_map(|(f, r)| format!("{f}{r}")),
        1 => prop::sample::select(vec!["a0", "j1", "a10", "A1", "e", "é2"]).prop_map(str::to_string),
    ]
}

/// A turn as the notation writes it: a placement, a movement of steps with captures, or a
/// pass, perhaps annotated (squares and annotations now and then bad).
fn turn() -> impl Strategy<Value = String> {
    let step = (square(), prop::collection::vec(square(), 0..4)).prop_map(|(to, caps)| {
        let caps: String = caps.iter().map(|c| format!("x{c}")).collect();
        format!("-{to}{caps}")
    });
    let body = prop_oneof![
        2 => (square(), square()).prop_map(|(a, b)| format!("{a},{b}")),
        4 => (square(), prop::collection::vec(step, 1..5)).prop_map(|(from, s)| from + &s.concat()),
        1 => Just("--".to_string()),
    ];
    let marks = prop::sample::select(vec!["", "", "", "!", "?", "!!", "??", "!?", "?!", "!!!"]);
    (body, marks).prop_map(|(b, m)| b + m)
}

/// A move number, good or not.
fn number() -> impl Strategy<Value = String> {
    let dots = prop::sample::select(vec![".", "...", ".", "...", "..", "...."]);
    ("[0-9]{1,11}", dots).prop_map(|(d, dots)| format!("{d}{dots}"))
}

/// A token-like string: a token as written (a turn, numbered or not, a number alone, a glyph, a
/// result) or pieces strung together, then perhaps one piece put in or one character taken out.
fn token_like() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        4 => turn(),
        3 => (number(), turn()).prop_map(|(n, t)| n + &t),
        1 => number(),
        1 => "[0-9]{0,11}".prop_map(|d| format!("${d}")),
        1 => prop::sample::select(vec!["1-0", "0-1", "1/2-1/2", "*", "1/2", "½-½", "1:0", "1-0."])
            .prop_map(str::to_string),
        2 => prop::collection::vec(piece(), 1..9).prop_map(|p| p.concat()),
    ];
    let slip = prop::option::weighted(
        0.3,
        (any::<prop::sample::Index>(), prop::option::of(piece())),
    );
    (token, slip).prop_map(|(token, slip)| {
        let Some((at, put)) = slip else {
            return token;
        };
        let mut chars: Vec<String> = token.chars().map(String::from).collect();
        let k = at.index(chars.len() + 1);
        match put {
            Some(p) => chars.insert(k, p),
            None if k < chars.len() => drop(chars.remove(k)),
            None => {}
        }
        chars.concat()
    })
}

/// What separates two tokens: blank space, or a comment glued to the token before it.
fn separator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        " ", " ", "\n", "\r\n", "\t", "\x0b", "{c}", "{}", ";c\n", "  ", "{c} ",
    ])
}

/// A text of token-like strings, each ending at a separator or, the last, perhaps at the end.
fn token_like_text() -> impl Strategy<Value = String> {
    (
        "[ ]{0,20}",
        prop::collection::vec((token_like(), separator()), 1..6),
        prop::option::of(separator()),
    )
        .prop_map(|(lead, items, last)| {
            let mut text = lead;
            for (k, (token, sep)) in items.iter().enumerate() {
                text.push_str(token);
                if k + 1 < items.len() {
                    text.push_str(sep);
                }
            }
            text.push_str(last.unwrap_or(""));
            text
        })
}

#[test]
fn the_readers_agree_on_token_like_texts() {
    let mut runner = TestRunner::new(Config {
        cases: 4000,
        failure_persistence: None,
        ..Config::default()
    });
    let counts = RefCell::new(Counts::default());
    let run = runner.run(&token_like_text(), |text| {
        compare(&text, &mut counts.borrow_mut());
        Ok(())
    });
    if let Err(e) = run {
        panic!("{e}");
    }
    let counts = counts.into_inner();
    eprintln!("token-like texts: {counts:?}");
    // Enough of them are tokens for the comparison to bite.
    assert!(counts.lane > 1000 && counts.whole > 1000, "{counts:?}");
}

/// The notation knows no rule: no file of it imports the engine (squares come from
/// `crate::board`, below both).
#[test]
fn the_notation_imports_no_engine() {
    let mut all = Vec::new();
    let notation = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/notation");
    crate::test_shapes::walk_ext(&notation, "rs", &mut all);
    assert!(all.len() >= 10, "{all:?}");
    // Built here, so that this file does not hold the words it looks for.
    let (path_of, import_of) = (["engine", "::"].concat(), ["engine", "}"].concat());
    for path in &all {
        let text = std::fs::read_to_string(path).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            assert!(
                !code.contains(&path_of) && !code.contains(&import_of),
                "{}:{}: {line}",
                path.display(),
                n + 1
            );
        }
    }
}

/// The notation's modules import one way: `lex` nothing of the window reader, the reader,
/// the token parser or the scanner; `window` nothing of the reader, the token parser or the
/// scanner; the reader nothing of the token parser or the scanner; the token parser nothing of
/// the scanner. (Lines of comments and of tests are not imports.)
#[test]
fn the_notation_imports_one_way() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/notation");
    let code = |file: &str| -> String {
        let text = std::fs::read_to_string(root.join(file)).expect("readable");
        let text = text.split("#[cfg(test)]").next().unwrap_or("").to_owned();
        let lines = text.lines().map(|l| l.split("//").next().unwrap_or(""));
        lines.collect::<Vec<_>>().join("\n")
    };
    let names = |module: &str| {
        [
            format!("::{module}::"),
            format!("::{module};"),
            format!("::{module}}}"),
        ]
    };
    let below: [(&str, &[&str]); 8] = [
        ("lex.rs", &["read", "scan", "window", "token"]),
        ("window.rs", &["read", "scan", "token"]),
        ("read.rs", &["scan", "token"]),
        ("read/tree.rs", &["scan", "token"]),
        ("read/turn.rs", &["scan", "token"]),
        ("read/tag.rs", &["scan", "token"]),
        ("read/trailing.rs", &["scan", "token"]),
        ("token.rs", &["scan"]),
    ];
    for (file, not) in below {
        let text = code(file);
        for module in not {
            for name in names(module) {
                assert!(!text.contains(&name), "{file} imports {module} ({name})");
            }
        }
    }
}

/// A token in a few words: its number, and what follows it.
fn summary(t: &Token) -> String {
    let number = t
        .number
        .map(|n| format!("{}{} ", n.number, if n.second { "..." } else { "." }));
    let body = match &t.body {
        None => String::new(),
        Some(Body::Turn(turn)) => format!("turn {}..{}", turn.span.start, turn.span.end),
        Some(Body::Nag(n, _)) => format!("glyph {n}"),
        Some(Body::Result(r)) => format!("result {}", r.result.as_str()),
    };
    number.unwrap_or_default() + &body
}

/// What the token parser makes of 600 token-like strings, errors worded: the snapshot holds
/// the grammar's words, and any change to them shows in review.
#[test]
fn the_token_parser_words_token_like_strings() {
    let mut runner = TestRunner::deterministic();
    let mut lines = Vec::new();
    for _ in 0..600 {
        let tok = token_like()
            .new_tree(&mut runner)
            .expect("a token-like string")
            .current();
        let read = match parse_token(&tok, 0) {
            Ok(t) => format!("ok {}", summary(&t)),
            Err(e) => format!(
                "{:?} {}..{} {:?}",
                e.kind, e.span.start, e.span.end, e.message
            ),
        };
        lines.push(format!("{tok:?} {read}"));
    }
    insta::assert_snapshot!(lines.join("\n"));
}
