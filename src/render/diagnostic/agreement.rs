//! The cheap drawing of a report (one label on one line, `render::snippet`) writes exactly the
//! bytes miette writes: every report of the samples, the fixtures, the conformance suite and
//! generated archives (invalid games, CRLF, another writer's style, tagless games under
//! `--rules auto`), in every theme and at widths `seega` wraps to, and reports of random texts
//! and spans (non-ASCII, wide and combining characters, tabs, CR, controls, long lines).
//! Wherever the cheap drawing does not give up, its bytes are miette's; and it gives up on few
//! of the corpus's reports of one label, so that it cannot silently stop being used.

use std::path::Path;

use crate::archive::check_source;
use crate::notation::{LineIndex, Source, Span};
use crate::render::diagnostic::{NamedText, Renderer};
use crate::tools::generate::{GenOptions, Generator, SplitMix64};
use crate::validate::{Options, Problem};
use miette::GraphicalTheme;

/// The themes: the two `seega` draws with (colour or not) and miette's ASCII one.
fn themes() -> Vec<(&'static str, GraphicalTheme)> {
    vec![
        ("unicode, no colour", GraphicalTheme::unicode_nocolor()),
        ("unicode", GraphicalTheme::unicode()),
        ("ascii", GraphicalTheme::ascii()),
    ]
}

/// Widths a report is wrapped to: a pipe's 80 and terminals' `COLUMNS`, narrow to wide.
const WIDTHS: [usize; 7] = [0, 9, 24, 50, 80, 133, 400];

/// A renderer for every theme and width.
fn renderers() -> Vec<(String, Renderer)> {
    let mut out = Vec::new();
    for (name, theme) in themes() {
        for width in WIDTHS {
            out.push((
                format!("{name} at {width}"),
                Renderer::new(theme.clone(), width),
            ));
        }
    }
    out
}

/// How many reports were drawn both ways, and how many the cheap way took.
#[derive(Debug, Default)]
struct Tally {
    reports: usize,
    single: usize,
    taken: usize,
    taken_single: usize,
}

/// Draws `problem` over `named` both ways with renderer `r` (named `how`), and asserts equal
/// bytes when the cheap one draws it.
fn compare(
    (how, r): &(String, Renderer),
    problem: &Problem,
    named: NamedText<'_>,
    what: &str,
    tally: &mut Tally,
) {
    let single = problem.also.is_none();
    tally.reports += 1;
    tally.single += usize::from(single);
    let Some(cheap) = r.snippet_only(problem, named) else {
        return;
    };
    tally.taken += 1;
    tally.taken_single += usize::from(single);
    let miette = r.miette_only(problem, named);
    assert!(
        cheap == miette,
        "{what}, {how}, span {:?}:\ncheap:\n{cheap}\nmiette:\n{miette}",
        problem.span
    );
    assert_eq!(r.render(problem, named), miette, "{what}, {how}");
}

/// The problems of `text` checked with `opts`.
fn problems(source: &Source, opts: &Options) -> Vec<Problem> {
    check_source(source, opts)
        .flat_map(|c| c.verdict.problems)
        .collect()
}

/// Draws every report of `bytes` both ways, its lines counted from 1 and from `base` + 1.
fn compare_text(renderers: &[(String, Renderer)], what: &str, bytes: &[u8], tally: &mut Tally) {
    let source = Source::from_bytes(bytes);
    let text = source.text();
    for auto_rules in [false, true] {
        let opts = Options::default().auto_rules(auto_rules);
        let found = problems(&source, &opts);
        // Line numbers of other widths: a chunk deep in a file, its lines crossing 99 to 100.
        for base in [0, 95] {
            let lines = LineIndex::with_base(text, base);
            let named = NamedText {
                name: "games/a.sgn",
                text,
                lines: &lines,
            };
            for p in &found {
                for r in renderers {
                    compare(r, p, named, what, tally);
                }
            }
        }
    }
}

/// Generated archives: invalid games under every preset, the same with CRLF line ends, in
/// another writer's style, and without Rules tags.
fn generated() -> Vec<(String, String)> {
    let mut generator = Generator::new(
        GenOptions::default()
            .seed(11)
            .rules(
                crate::test_shapes::MIXED_RULES
                    .iter()
                    .map(|r| crate::Ruleset::parse(r).unwrap())
                    .collect(),
            )
            .invalid_rate(0.3)
            .max_turns(40),
    );
    let mut text = String::new();
    for i in 1..=120 {
        generator.write_game(i, &mut text);
    }
    let tagless: String = text
        .split_inclusive('\n')
        .filter(|l| !l.starts_with("[Rules "))
        .collect();
    vec![
        ("crlf".into(), text.replace('\n', "\r\n")),
        (
            "other writer".into(),
            crate::test_shapes::other_writer(&text),
        ),
        ("tagless".into(), tagless),
        ("generated".into(), text),
    ]
}

#[test]
fn every_report_of_the_corpus_is_drawn_as_miette_draws_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["samples", "tests/conformance", "tests/fixtures"] {
        crate::test_shapes::walk(&root.join(dir), &mut files);
    }
    files.sort();
    assert!(files.len() > 60, "{} files", files.len());
    let renderers = renderers();
    let mut tally = Tally::default();
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        compare_text(&renderers, &path.display().to_string(), &bytes, &mut tally);
    }
    for (what, text) in generated() {
        compare_text(&renderers, &what, text.as_bytes(), &mut tally);
    }
    println!("{tally:?}");
    assert!(tally.reports > 30_000, "{tally:?}");
    assert!(
        tally.taken_single * 10 >= tally.single * 9,
        "the cheap drawing took too few reports of one label: {tally:?}"
    );
}

/// Pieces random texts are made of: movetext, tags, line ends of every kind, non-ASCII (wide,
/// combining, right-to-left), tabs, controls, bidirectional controls, and long runs.
const PIECES: [&str; 24] = [
    "1. c2,e1 e4,a1 ",
    "b3-c3xc2 ",
    "[Black \"Aïcha\"]",
    "\n",
    "\r\n",
    "\r",
    "\n\n",
    " ",
    "é",
    "e\u{301}",
    "漢字",
    "\t",
    "\u{1b}[2J",
    "\u{85}",
    "\u{202e}",
    "שלום",
    "*",
    "{a comment}",
    "1-0",
    "\u{200b}",
    "x",
    "\u{7f}",
    "🂡",
    "; line comment",
];

/// A random text of `PIECES`, now and then a long run.
fn random_text(rng: &mut SplitMix64) -> String {
    let mut s = String::new();
    for _ in 0..rng.below(40) {
        if rng.below(30) == 0 {
            s.push_str(&"d4-d5 ".repeat(1 + rng.below(120)));
        } else if rng.below(3) == 0 {
            s.push_str(PIECES[rng.below(4) + 3]);
        } else {
            s.push_str(PIECES[rng.below(PIECES.len())]);
        }
    }
    s
}

/// A character boundary of `text` at or after `at`.
fn boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[test]
fn reports_of_random_texts_and_spans_are_drawn_as_miette_draws_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    crate::test_shapes::walk(&root.join("samples/invalid"), &mut files);
    files.sort();
    let bases: Vec<Problem> = files
        .iter()
        .flat_map(|p| {
            problems(
                &Source::from_bytes(&std::fs::read(p).unwrap()),
                &Options::default(),
            )
        })
        .collect();
    assert!(bases.len() > 30 && bases.iter().any(|p| !p.is_error()));
    let renderers = renderers();
    let mut rng = SplitMix64::new(7);
    let mut tally = Tally::default();
    for case in 0..4000 {
        let text = random_text(&mut rng);
        let start = boundary(&text, rng.below(text.len() + 1));
        let end = match rng.below(4) {
            0 => start,
            1 => boundary(&text, start + rng.below(200)),
            _ => boundary(&text, start + 1 + rng.below(6)),
        };
        let mut p = bases[rng.below(bases.len())].clone();
        p.span = Span::new(start, end);
        if rng.below(8) == 0 {
            let s = boundary(&text, rng.below(text.len() + 1));
            p.also = Some((Span::new(s, boundary(&text, s + 2)), "the other".into()));
        } else {
            p.also = None;
        }
        p.game = rng.below(3000);
        let lines = LineIndex::with_base(&text, [0, 5, 95, 9990][rng.below(4)]);
        let named = NamedText {
            name: "r.sgn",
            text: &text,
            lines: &lines,
        };
        compare(
            &renderers[rng.below(renderers.len())],
            &p,
            named,
            &format!("case {case}, text {text:?}"),
            &mut tally,
        );
    }
    println!("{tally:?}");
    // Random texts hold tabs and wide characters often: the cheap way takes fewer of them, but
    // enough for the comparison to mean something.
    assert!(tally.taken * 5 >= tally.reports, "{tally:?}");
}
