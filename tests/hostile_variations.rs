//! Hostile variations: 10,000 and 200,000 `(` nested, unclosed, stray `)`, parentheses mixed
//! with comments and results. Nothing panics or overflows a stack (the library's checker, tree
//! and visitor; the command's check, fmt, convert to every format and replay page); the
//! problems are `seega::syntax::variation` and `seega::limit::too-long` with their spans; the
//! next game of the archive is still read whole; and the work is linear, shown by counting what
//! the reader hands on (tree items, visitor calls, problems) against the input's size.

use super::common;

use seega::archive::check_source;
use seega::notation::limits::MAX_VARIATION_DEPTH;
use seega::notation::{Element, Source, SyntaxError};
use seega::validate::Options;
use seega::{GameReader, RecordedGame, Skip, Visitor};

/// The game after each hostile one: it must be read whole and valid.
const NEXT: &str = "[Event \"next\"]\n\n1. c2,d4 a1,b1 *\n";
/// Where the hostile movetext starts, after its tags and first turn.
const HEAD: &str = "[Event \"hostile\"]\n\n1. c2,d4 ";

/// A hostile case: its name, the text between [`HEAD`] and [`NEXT`], and the codes its first
/// game must give, each with the offset (in the whole text) where its span starts.
struct Case {
    name: &'static str,
    body: String,
    problems: Vec<(&'static str, usize)>,
}

/// The cases with `n` parentheses.
fn cases(n: usize) -> Vec<Case> {
    let at = HEAD.len();
    let var = "seega::syntax::variation";
    let deep = MAX_VARIATION_DEPTH as usize;
    let nested = "(1. c2,b3 ";
    let commented = "(1. c2,b3 {(} ;)\n";
    let stray_body = format!("{} *\n\n", ")".repeat(n));
    // Past the limit the rest of the game is skipped: each open variation is then unclosed,
    // the innermost first, and the game has no result.
    let mut unclosed: Vec<_> = (0..deep)
        .rev()
        .map(|k| (var, at + k * commented.len()))
        .collect();
    unclosed.insert(0, ("seega::limit::too-long", at + deep * commented.len()));
    let last_turn_end = at + (n - 1) * commented.len() + "(1. c2,b3".len();
    unclosed.push(("seega::syntax::missing-result", last_turn_end));
    let after_result = "(1. c2,b3 * a1,a2) ";
    vec![
        Case {
            name: "nested and closed",
            body: format!("{}{} *\n\n", nested.repeat(n), ")".repeat(n)),
            problems: vec![("seega::limit::too-long", at + deep * nested.len())],
        },
        Case {
            name: "nested, never closed, parentheses in comments",
            body: format!("{}\n", commented.repeat(n)),
            problems: unclosed,
        },
        Case {
            name: "bare, never closed",
            body: format!("{}\n\n", "(".repeat(n)),
            // The second `(` has no turn before it in its line; the first is never closed.
            problems: vec![
                (var, at + 1),
                (var, at),
                ("seega::syntax::missing-result", at + n),
            ],
        },
        Case {
            name: "stray",
            problems: (0..101).map(|k| (var, at + k)).collect(),
            body: stray_body,
        },
        Case {
            name: "lines going on after their results, then siblings with results",
            body: format!(
                "{}{} *\n\n",
                after_result.repeat(100),
                "(1. c2,b3 *)".repeat(n)
            ),
            problems: (0..100)
                .map(|k| (var, at + k * after_result.len() + "(1. c2,b3 ".len()))
                .collect(),
        },
        Case {
            name: "siblings with results",
            body: format!("{} *\n\n", "(1. c2,b3 *)".repeat(n)),
            problems: vec![],
        },
    ]
}

/// Items of a movetext tree, variations and what they hold counted, and its depth.
fn tree_size(moves: &[Element<'_>]) -> (usize, usize) {
    let (mut items, mut depth) = (moves.len(), 0);
    for el in moves {
        if let Element::Variation(v) = el {
            let (i, d) = tree_size(&v.moves);
            items += i;
            depth = depth.max(d + 1);
        }
    }
    (items, depth)
}

/// Every call of the library's visitor for one game, counted.
#[derive(Default)]
struct Calls {
    all: usize,
    turns: usize,
    open: usize,
    closed: usize,
    errors: Vec<String>,
}

impl Visitor for Calls {
    type Output = Calls;
    fn begin_game(&mut self, _: &RecordedGame) {
        self.all += 1;
    }
    fn turn(&mut self, _: &seega::notation::Turn) {
        (self.all, self.turns) = (self.all + 1, self.turns + 1);
    }
    fn comment(&mut self, _: &seega::notation::Comment<'_>) {
        self.all += 1;
    }
    fn syntax_error(&mut self, e: &SyntaxError) {
        self.all += 1;
        self.errors.push(e.message.clone());
    }
    fn begin_variation(&mut self) -> Skip {
        (self.all, self.open) = (self.all + 1, self.open + 1);
        Skip(false)
    }
    fn variation_result(&mut self, _: seega::notation::ResultToken) {
        self.all += 1;
    }
    fn end_variation(&mut self) {
        (self.all, self.closed) = (self.all + 1, self.closed + 1);
    }
    fn end_game(&mut self) -> Calls {
        std::mem::take(self)
    }
}

#[test]
fn the_library_reads_hostile_variations_linearly_and_then_the_next_game() {
    let opts = Options::default().record(true);
    let mut wrong = Vec::new();
    for n in [10_000, 200_000] {
        for case in cases(n) {
            let text = format!("{HEAD}{}{NEXT}", case.body);
            let what = format!("{} ({n})", case.name);
            let source = Source::from_text(text.as_str());
            let checked: Vec<_> = check_source(&source, &opts).collect();
            assert_eq!(checked.len(), 2, "{what}: two games");
            let (first, next) = (&checked[0], &checked[1]);
            let got: Vec<_> = (first.verdict.problems.iter())
                .map(|p| (p.code.as_str(), p.span.start))
                .collect();
            if got != case.problems {
                wrong.push(format!("{what}: {got:?}"));
            }
            for p in &first.verdict.problems {
                assert!(
                    p.span.start <= p.span.end && p.span.end <= text.len(),
                    "{what}"
                );
            }
            assert!(
                next.verdict.is_valid() && next.verdict.problems.is_empty(),
                "{what}"
            );
            assert_eq!(
                (next.verdict.legal_turns, next.game.tag("Event").is_some()),
                (2, true)
            );
            // Counted work: the tree holds at most an item per byte and nests no deeper than
            // the limit, the lines replayed are variations of the tree, problems are bounded.
            let (items, depth) = tree_size(&first.game.moves);
            assert!(
                items <= case.body.len() && depth <= MAX_VARIATION_DEPTH as usize,
                "{what}"
            );
            let lines = first.verdict.lines.len();
            assert!(lines <= items, "{what}: {lines} lines of {items} items");
            assert!(
                (first.verdict.lines.windows(2)).all(|w| w[0].path < w[1].path),
                "{what}: lines in the order of their paths"
            );
            if case.name == "siblings with results" {
                assert_eq!(
                    (lines, depth, first.verdict.is_valid()),
                    (n, 1, true),
                    "{what}"
                );
            }

            let mut reader = GameReader::new(text.as_bytes());
            let mut calls = Calls::default();
            let a = reader.read_game(&mut calls).expect("read").expect("a game");
            let b = reader.read_game(&mut calls).expect("read").expect("a game");
            assert!(
                reader.read_game(&mut calls).expect("read").is_none(),
                "{what}"
            );
            assert!(a.all <= 2 * text.len() && a.open >= a.closed, "{what}");
            // At most a variation per `(`, an error per parenthesis (and the missing result).
            let parens = text.matches(['(', ')']).count();
            assert!(a.open <= text.matches('(').count(), "{what}");
            assert!(a.errors.len() <= parens + 1, "{what}");
            assert_eq!(
                (b.turns, b.open, b.errors.len()),
                (2, 0, 0),
                "{what}: the next game"
            );
        }
    }
    assert!(
        wrong.is_empty(),
        "other problems than meant:\n{}",
        wrong.join("\n")
    );
}

/// Runs the command; asserts it ended by itself (no signal, no stack overflow), without a
/// panic, with `code`; returns its standard output.
fn seega(args: &[&str], code: i32, what: &str) -> Vec<u8> {
    let o = common::run_with(args, None);
    let err = common::stderr(&o);
    assert!(
        !err.contains("panicked") && !err.contains("overflow"),
        "{what}: {err}"
    );
    assert_eq!(
        o.status.code(),
        Some(code),
        "{what} `{}`: {err}",
        args.join(" ")
    );
    o.stdout
}

#[test]
fn the_command_reads_hostile_variations_in_every_format() {
    let dir = common::scratch("hostile-variations");
    for n in [10_000, 200_000] {
        for case in cases(n) {
            let what = format!("{} ({n})", case.name);
            let file = dir.join("hostile.sgn");
            std::fs::write(&file, format!("{HEAD}{}{NEXT}", case.body)).expect("written");
            let path = file.to_str().expect("utf-8 path");
            let bad = i32::from(!case.problems.is_empty());
            let out = seega(&["check", "--format", "jsonl", path], bad, &what);
            let out = String::from_utf8(out).expect("utf-8");
            let summary: serde_json::Value =
                serde_json::from_str(out.lines().last().expect("a summary")).expect("json");
            assert_eq!(summary["games"], 2, "{what}");
            assert_eq!(summary["valid"], 2 - bad, "{what}");
            for line in out.lines().filter(|l| l.contains("\"code\"")) {
                assert!(
                    line.contains("seega::syntax::variation")
                        || line.contains("seega::limit::too-long")
                        || line.contains("seega::syntax::missing-result"),
                    "{what}: {line}"
                );
            }
            // A game with syntax errors is written as it was; the next one in canonical form.
            let formatted = seega(&["fmt", path], bad, &what);
            assert!(formatted.ends_with(NEXT.as_bytes()), "{what}");
            // (Sixty-four nested variations are deeper than serde_json reads by default.)
            let json = seega(&["convert", "--to", "json", path], 0, &what);
            let json = String::from_utf8(json).expect("utf-8");
            let objects: Vec<_> = json
                .lines()
                .filter(|l| l.starts_with("{\"game\":"))
                .collect();
            assert_eq!(
                (json.starts_with("[\n"), objects.len()),
                (true, 2),
                "{what}"
            );
            assert!(objects[1].contains("\"value\":\"next\""), "{what}");
            let jsonl = seega(&["convert", "--to", "jsonl", path], 0, &what);
            let jsonl = String::from_utf8(jsonl).expect("utf-8");
            assert_eq!(jsonl.lines().count(), 2, "{what}");
            assert_eq!(
                jsonl.lines().nth(1),
                Some(objects[1].trim_end_matches(',')),
                "{what}"
            );
            let sgn = seega(&["convert", "--to", "sgn", path], 0, &what);
            assert!(sgn.ends_with(NEXT.as_bytes()), "{what}");
            let parquet = dir.join("games.parquet");
            seega(
                &[
                    "convert",
                    "--to",
                    "parquet",
                    path,
                    "-o",
                    parquet.to_str().unwrap(),
                ],
                0,
                &what,
            );
            assert!(
                std::fs::read(&parquet)
                    .expect("parquet")
                    .starts_with(b"PAR1")
            );
            let page = dir.join("page.html");
            seega(
                &["show", "--html", path, "-o", page.to_str().unwrap()],
                0,
                &what,
            );
            let page = std::fs::read_to_string(&page).expect("page");
            assert!(page.contains("next") && page.contains("hostile"), "{what}");
        }
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}
