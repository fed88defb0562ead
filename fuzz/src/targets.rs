//! The fuzz targets as plain functions: the libFuzzer binaries in `fuzz_targets/`, the stable
//! driver `stable_fuzz` and the regression tests in `tests/fuzz_regressions.rs` all call these.
//!
//! Each function panics when an invariant breaks; an input that makes one panic is a bug.

use seega::PRESETS;
use seega::archive::check_source;
use seega::notation::{
    Comment, Element, Game, Header, LineIndex, Scanner, Source, Span, SyntaxError, TurnKind,
};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::wire::DiagnosticLine;
use seega::validate::{Options, Problem, Verdict, check_game};

/// Asserts that `span` lies inside `text` on character boundaries.
fn span_ok(text: &str, span: Span, what: &str) {
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{what}: span {span:?} outside the text of {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.start) && text.is_char_boundary(span.end),
        "{what}: span {span:?} splits a character"
    );
}

fn error_ok(text: &str, e: &SyntaxError) {
    span_ok(text, e.span, "syntax error");
    assert!(!e.message.is_empty(), "empty syntax error message");
}

fn game_spans_ok(text: &str, game: &Game<'_>) {
    span_ok(text, game.span, "game");
    for h in &game.headers {
        match h {
            Header::Tag(t) => {
                span_ok(text, t.span, "tag");
                span_ok(text, t.value_span, "tag value");
                assert!(t.span.start <= t.value_span.start && t.value_span.end <= t.span.end);
            }
            Header::Comment(c) => span_ok(text, c.span, "comment"),
            Header::Error(e) => error_ok(text, e),
            _ => panic!("a syntax item this check does not know"),
        }
    }
    moves_spans_ok(text, &game.moves);
    if let Some(r) = game.result {
        span_ok(text, r.span, "result");
    }
    for c in &game.trailing {
        span_ok(text, c.span, "trailing comment");
    }
}

/// Every span of the movetext items `moves`, variations and all, is inside `text`.
fn moves_spans_ok(text: &str, moves: &[Element<'_>]) {
    for el in moves {
        match el {
            Element::Number(n) => span_ok(text, n.span, "number"),
            Element::Turn(t) => {
                span_ok(text, t.span, "turn");
                if let TurnKind::Move { steps, .. } = &t.kind {
                    assert!(!steps.is_empty(), "a movement without steps");
                    for s in steps {
                        span_ok(text, s.span, "step");
                        for c in &s.captures {
                            span_ok(text, c.span, "capture");
                        }
                    }
                }
            }
            Element::Comment(c) => span_ok(text, c.span, "comment"),
            Element::Nag(_, s) => span_ok(text, *s, "nag"),
            Element::Error(e) => error_ok(text, e),
            Element::Variation(v) => {
                span_ok(text, v.open, "variation");
                span_ok(text, v.span(), "variation");
                moves_spans_ok(text, &v.moves);
                if let Some(r) = v.result {
                    span_ok(text, r.span, "variation result");
                }
            }
            _ => panic!("a syntax item this check does not know"),
        }
    }
}

/// The parser on arbitrary bytes: decoding, scanning and token parsing never panic, every span
/// is inside the text on character boundaries, games come in order, and every offset maps to a
/// line and column.
pub fn parse(data: &[u8]) {
    let source = Source::from_bytes(data);
    let text = source.text();
    let lines = LineIndex::new(text);
    let mut previous_end = 0;
    for game in Scanner::new(text, source.invalid()) {
        game_spans_ok(text, &game);
        assert!(
            game.span.start >= previous_end,
            "game at {:?} overlaps the one before, which ended at {previous_end}",
            game.span
        );
        previous_end = game.span.end;
        let a = lines.line_col(text, game.span.start);
        let b = lines.line_col(text, game.span.end);
        assert!(a <= b, "game span runs backwards in lines: {a:?} > {b:?}");
    }
    for s in source.invalid() {
        span_ok(text, *s, "invalid bytes");
        assert_eq!(
            s.of(text),
            "\u{FFFD}",
            "an invalid span holds the replacement"
        );
    }
}

/// Options chosen by the first byte, so the fuzzer explores every preset, recording and
/// `--rules auto`.
fn options(data: &[u8]) -> (Options, &[u8]) {
    let (first, rest) = data.split_first().map_or((0, data), |(f, r)| (*f, r));
    let rules = PRESETS[usize::from(first) % PRESETS.len()].1;
    let opts = Options::default()
        .default_rules(rules)
        .record(first & 0x80 != 0)
        .auto_rules(first & 0x40 != 0);
    (opts, rest)
}

/// Problems per input drawn as miette reports (drawing is the slow part; JSON lines and every
/// other check cover them all).
const RENDERED: usize = 8;

fn verdict_ok(text: &str, lines: &LineIndex, v: &Verdict, renderer: &Renderer, budget: &mut usize) {
    problems_ok(text, lines, &v.problems, renderer, budget);
    assert!(
        v.problems.iter().filter(|p| p.is_error()).count() == v.errors(),
        "errors miscounted"
    );
}

/// Every problem's spans lie in `text` on character boundaries, it has a message and help, its
/// JSON line has a place, and (within `budget`) its report draws with its code.
fn problems_ok(
    text: &str,
    lines: &LineIndex,
    problems: &[Problem],
    renderer: &Renderer,
    budget: &mut usize,
) {
    let named = NamedText {
        name: "fuzz.sgn",
        text,
        lines,
    };
    for p in problems {
        span_ok(text, p.span, "problem");
        assert!(!p.message().is_empty(), "a problem without a message");
        assert!(
            !p.message().ends_with('.'),
            "message ends with a period: {}",
            p.message()
        );
        assert!(!p.help().is_empty(), "a problem without help");
        if let Some((s, _)) = &p.also {
            span_ok(text, *s, "second label");
        }
        let line = DiagnosticLine::new(p, "fuzz.sgn", text, lines);
        assert!(line.line >= 1 && line.column >= 1);
        assert!((line.line, line.column) <= (line.end_line, line.end_column));
        if *budget > 0 {
            *budget -= 1;
            let shown = renderer.render(p, named);
            assert!(
                shown.contains(p.code.as_str()),
                "report lacks its code: {shown}"
            );
        }
    }
}

/// The whole `check` pipeline: scan, replay under a preset chosen by the first byte, and render
/// every problem both as a miette report and as a JSON line.
pub fn check(data: &[u8]) {
    let (opts, rest) = options(data);
    let source = Source::from_bytes(rest);
    let text = source.text();
    let lines = LineIndex::new(text);
    let renderer = Renderer::plain();
    let mut budget = RENDERED;
    for checked in check_source(&source, &opts) {
        game_spans_ok(text, &checked.game);
        let v = &checked.verdict;
        assert!(v.legal_turns + v.unchecked >= v.legal_turns);
        if opts.record {
            assert_eq!(
                v.played.len() as u64,
                v.legal_turns,
                "every legal turn recorded"
            );
        }
        verdict_ok(text, &lines, v, &renderer, &mut budget);
    }
}

/// A game's items without spans, to compare two parses of differently laid out text.
#[derive(Debug, PartialEq, Eq)]
enum Item {
    Tag(String, String),
    Comment(String, bool),
    Number(u32, bool),
    Turn(String),
    Nag(u32),
    Result(&'static str),
    Open,
    Close,
}

fn items(game: &Game<'_>, text: &str) -> Vec<Item> {
    let mut out = Vec::new();
    for h in &game.headers {
        match h {
            Header::Tag(t) => out.push(Item::Tag(t.name.to_owned(), t.value.to_string())),
            Header::Comment(c) => out.push(Item::Comment(c.text.to_owned(), c.line)),
            Header::Error(_) => {}
            _ => panic!("a syntax item this check does not know"),
        }
    }
    move_items(&game.moves, text, &mut out);
    if let Some(r) = game.result {
        out.push(Item::Result(r.result.as_str()));
    }
    for c in &game.trailing {
        out.push(Item::Comment(c.text.to_owned(), c.line));
    }
    out
}

/// The items of `moves`, variations and all, to `out`.
fn move_items(moves: &[Element<'_>], text: &str, out: &mut Vec<Item>) {
    for el in moves {
        match el {
            Element::Number(n) => out.push(Item::Number(n.number, n.second)),
            Element::Turn(t) => out.push(Item::Turn(t.span.of(text).to_owned())),
            Element::Comment(c) => out.push(Item::Comment(c.text.to_owned(), c.line)),
            Element::Nag(n, _) => out.push(Item::Nag(*n)),
            Element::Error(_) => {}
            Element::Variation(v) => {
                out.push(Item::Open);
                move_items(&v.moves, text, out);
                if let Some(r) = v.result {
                    out.push(Item::Result(r.result.as_str()));
                }
                out.push(Item::Close);
            }
            _ => panic!("a syntax item this check does not know"),
        }
    }
}

fn has_errors(game: &Game<'_>) -> bool {
    fn in_moves(moves: &[Element<'_>]) -> bool {
        moves.iter().any(|e| match e {
            Element::Error(_) => true,
            Element::Variation(v) => in_moves(&v.moves),
            _ => false,
        })
    }
    game.headers.iter().any(|h| matches!(h, Header::Error(_))) || in_moves(&game.moves)
}

fn write_comment(out: &mut String, c: &Comment<'_>) {
    if c.line {
        out.push(';');
        out.push_str(c.text);
        out.push('\n');
    } else {
        out.push('{');
        out.push_str(c.text);
        out.push_str("}\n");
    }
}

/// Writes `game` again from its tree alone: one tag per line with values re-escaped, each
/// movetext item as its own token, the result, then trailing comments.
pub fn rewrite(game: &Game<'_>, text: &str) -> String {
    let mut out = String::new();
    for h in &game.headers {
        match h {
            Header::Tag(t) => {
                out.push('[');
                out.push_str(t.name);
                out.push_str(" \"");
                for ch in t.value.chars() {
                    if ch == '"' || ch == '\\' {
                        out.push('\\');
                    }
                    out.push(ch);
                }
                out.push_str("\"]\n");
            }
            Header::Comment(c) => write_comment(&mut out, c),
            Header::Error(_) => {}
            _ => panic!("a syntax item this check does not know"),
        }
    }
    rewrite_moves(&game.moves, text, &mut out);
    if let Some(r) = game.result {
        out.push_str(r.result.as_str());
        out.push('\n');
    }
    for c in &game.trailing {
        write_comment(&mut out, c);
    }
    out
}

/// Writes the movetext items `moves` of `text` to `out`, each variation in parentheses.
fn rewrite_moves(moves: &[Element<'_>], text: &str, out: &mut String) {
    for el in moves {
        match el {
            Element::Number(n) => {
                out.push_str(&n.number.to_string());
                out.push_str(if n.second { "... " } else { ". " });
            }
            Element::Turn(t) => {
                out.push_str(t.span.of(text));
                out.push(' ');
            }
            Element::Comment(c) => write_comment(out, c),
            Element::Nag(n, _) => {
                out.push('$');
                out.push_str(&n.to_string());
                out.push(' ');
            }
            Element::Error(_) => {}
            Element::Variation(v) => {
                out.push_str("( ");
                rewrite_moves(&v.moves, text, out);
                if let Some(r) = v.result {
                    out.push_str(r.result.as_str());
                    out.push(' ');
                }
                out.push_str(") ");
            }
            _ => panic!("a syntax item this check does not know"),
        }
    }
}

fn codes(v: &Verdict) -> Vec<(&'static str, String, Option<u64>)> {
    v.problems
        .iter()
        .map(|p| (p.code.as_str(), p.message().into_owned(), p.turn))
        .collect()
}

/// Round trip: every game without syntax errors, written again from its tree and scanned
/// again on its own, gives one game with the same items and the same verdict (codes, messages,
/// turns, legal turns, ending and final position).
pub fn roundtrip(data: &[u8]) {
    let (opts, rest) = options(data);
    let source = Source::from_bytes(rest);
    let text = source.text();
    for game in Scanner::new(text, source.invalid()) {
        if has_errors(&game) || game.result.is_none() {
            continue;
        }
        let again = rewrite(&game, text);
        let games: Vec<Game<'_>> = Scanner::new(&again, &[]).collect();
        assert_eq!(
            games.len(),
            1,
            "rewritten game split in {}:\n{again}",
            games.len()
        );
        let other = &games[0];
        assert!(
            !has_errors(other),
            "rewritten game has syntax errors:\n{again}"
        );
        assert_eq!(
            items(&game, text),
            items(other, &again),
            "items differ:\n{again}"
        );
        let a = check_game(&game, &opts);
        let b = check_game(other, &opts);
        assert_eq!(codes(&a), codes(&b), "verdicts differ:\n{again}");
        assert_eq!(a.legal_turns, b.legal_turns);
        assert_eq!(a.outcome, b.outcome);
        assert_eq!(
            a.position.map(|p| p.to_setup_string()),
            b.position.map(|p| p.to_setup_string())
        );
    }
}

/// A fuzz target: takes any bytes, panics on a broken invariant.
pub type Target = fn(&[u8]);

/// All targets by name, for drivers.
pub const TARGETS: &[(&str, Target)] = &[
    ("parse", parse),
    ("check", check),
    ("roundtrip", roundtrip),
    ("json", json),
    ("ludii", ludii),
    ("variations", variations),
    // The tables exist with the library's `arrow` feature (on in both harnesses, and in the
    // main crate's default build, whose regression tests include this file).
    #[cfg(feature = "arrow")]
    ("tables", tables),
];

#[path = "variations.rs"]
mod nesting;
pub use nesting::{program_text, variations};

#[cfg(feature = "arrow")]
#[path = "tables.rs"]
mod rows;
#[cfg(feature = "arrow")]
pub use rows::tables;

/// Ludii trials: any bytes read as a trial (as `convert --from ludii` does) give problems in
/// the text, drawn; a game is written exactly when the import found no error, and that game,
/// whose every turn the importer played on the referee, checks valid.
pub fn ludii(data: &[u8]) {
    use seega::tools::ludii;
    let source = Source::from_bytes(data);
    let text = source.text();
    let lines = LineIndex::new(text);
    let checked = ludii::check(text);
    let mut budget = RENDERED;
    problems_ok(
        text,
        &lines,
        &checked.problems,
        &Renderer::plain(),
        &mut budget,
    );
    let import = &checked.import;
    assert_eq!(
        import.game.is_some(),
        !import.has_error(),
        "a game exactly without errors"
    );
    if let Some(game_text) = &import.game {
        let games: Vec<Game<'_>> = seega::parse(game_text).collect();
        assert_eq!(games.len(), 1, "one game: {game_text}");
        let verdict = seega::replay(&games[0]);
        assert!(verdict.is_valid(), "{:?}\n{game_text}", verdict.problems);
        assert_eq!(import.turn_lines.len() as u64, verdict.legal_turns);
        assert!(checked.is_valid());
    }
}

/// JSON import: any bytes read as JSON Lines of game objects (as `convert --from jsonl` does)
/// must either be refused with an error or give notation text, and that text must scan and
/// check without panicking; a game written back from a valid object is read as one game.
pub fn json(data: &[u8]) {
    use seega::render::game_json::{GameObject, game_text};
    for line in data.split(|b| *b == b'\n') {
        let Ok(obj) = serde_json::from_slice::<GameObject>(line) else {
            continue;
        };
        let Ok(text) = game_text(&obj, 80) else {
            continue;
        };
        let source = seega::notation::Source::from_text(text.as_str());
        let opts = Options::default();
        let games = check_source(&source, &opts).count();
        assert!(
            games <= 1 || obj.source.is_some(),
            "a game object gave {games} games: {text:?}"
        );
    }
}
