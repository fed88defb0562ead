//! Hostile Ludii trials through the library, as `hostile.rs` feeds hostile archives: every
//! case asserts the diagnostics it must give (code, line and column) and that each report
//! draws, not only that nothing panics.

use seega::notation::{LineIndex, Source};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::wire::DiagnosticLine;

/// Fails with `why` when a report is longer than a few lines.
fn assert_short(shown: &str, why: &str) {
    assert!(shown.len() < 4096, "{why}: {} bytes", shown.len());
}

/// One diagnostic of a trial as `(code, line, column)`.
type TrialDiag = (String, usize, usize);

/// A Ludii trial checked as `seega check` checks one: every diagnostic, and whether a game was
/// imported.
fn trial(bytes: &[u8]) -> (Vec<TrialDiag>, bool) {
    let source = Source::from_bytes(bytes);
    let text = source.text();
    let index = LineIndex::new(text);
    let checked = seega::tools::ludii::check(text);
    let renderer = Renderer::plain();
    let named = NamedText {
        name: "t.txt",
        text,
        lines: &index,
    };
    let diags = checked
        .problems
        .iter()
        .map(|p| {
            // Every report draws, however long or strange the line.
            assert!(renderer.render(p, named).contains(p.code.as_str()));
            let d = DiagnosticLine::new(p, "t.txt", text, &index);
            (d.code, d.line, d.column)
        })
        .collect();
    (diags, checked.import.game.is_some())
}

fn t(code: &str, line: usize, column: usize) -> TrialDiag {
    (format!("seega::ludii::{code}"), line, column)
}

/// The start of a trial: its game line and the moves that fill the hands.
const TRIAL_HEAD: &str = "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\n";

#[test]
fn hostile_ludii_trials_give_diagnostics_where_they_stand() {
    let head = TRIAL_HEAD.as_bytes();
    let cases: Vec<(Vec<u8>, Vec<TrialDiag>)> = vec![
        // NUL and bytes that are not UTF-8 inside a move line.
        (
            [
                head,
                b"Move=[Move:mover=1,from=\0\xFF,to=0,actions=[Move]]\n",
            ]
            .concat(),
            vec![t("malformed", 4, 25)],
        ),
        // A site past every integer type, and one past the board and the hands.
        (
            [
                head,
                b"Move=[Move:mover=1,from=99999999999999999999999,to=0,actions=[Move]]\n",
            ]
            .concat(),
            vec![t("malformed", 4, 25)],
        ),
        (
            [
                head,
                b"Move=[Move:mover=1,from=4294967296,to=0,actions=[Move]]\n",
            ]
            .concat(),
            vec![t("unsupported", 4, 1)],
        ),
        // Brackets that never close, and actions nested in actions.
        (
            [head, b"Move=[Move:mover=1,from=25,to=0,actions=[[[[[[[[\n"].concat(),
            vec![t("malformed", 4, 42)],
        ),
        // A winner past u64, and a count line without a number.
        (
            [
                head,
                b"winner=184467440737095516160\nLEGAL MOVES LIST SIZE = \n",
            ]
            .concat(),
            vec![t("malformed", 4, 8), t("malformed", 5, 24)],
        ),
        // Counts for moves that are not there.
        (
            [
                head,
                "LEGAL MOVES LIST SIZE = 24\n".repeat(10_000).as_bytes(),
            ]
            .concat(),
            vec![t("count", 4, 1)],
        ),
        // A removal in a move that fills a hand.
        (
            TRIAL_HEAD
                .replacen("count=12]]", "count=12],[Remove:type=Cell,to=3]]", 1)
                .into_bytes(),
            vec![t("unsupported", 2, 1)],
        ),
        // Lone CRs for line ends.
        (TRIAL_HEAD.replace('\n', "\r").into_bytes(), vec![]),
    ];
    // Removals no rule makes: on a placement (either piece of the turn) and on a pass, of a
    // cell of the board or of a site off it, however large.
    let place = |to: &str, then: &str| {
        format!(
            "Move=[Move:mover=1,from=25,to={to},actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to={to},decision=true]{then}]\n"
        )
    };
    let removals: [(&str, &str); 6] = [
        (",[Remove:type=Cell,to=3]", "capture"),
        (",[Remove:type=Cell,to=0]", "capture"),
        (",[Remove:type=Cell,to=999999]", "unsupported"),
        (",[Remove:type=Cell,to=18446744073709551615]", "unsupported"),
        (
            ",[Remove:type=Cell,to=99999999999999999999999999]",
            "unsupported",
        ),
        (",[Remove:type=Cell,to=-1]", "unsupported"),
    ];
    let mut cases = cases;
    for (remove, code) in removals {
        // Where the removal stands: the first piece, the second piece, a pass.
        let column = if code == "capture" { 1 } else { 0 };
        let first = [TRIAL_HEAD, &place("1", remove), &place("2", "")].concat();
        let second = [TRIAL_HEAD, &place("1", ""), &place("2", remove)].concat();
        let pass =
            format!("{TRIAL_HEAD}Move=[Move:mover=1,from=-1,to=-1,actions=[Pass]{remove}]\n");
        for (text, line) in [(first, 4), (second, 5), (pass, 4)] {
            let at = if column == 1 {
                1
            } else {
                text.lines().nth(line - 1).unwrap().find("[Remove").unwrap() + 1
            };
            cases.push((text.into_bytes(), vec![t(code, line, at)]));
        }
    }
    for (bytes, want) in cases {
        let (diags, _) = trial(&bytes);
        assert_eq!(diags, want, "{:?}", String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn a_megabyte_ludii_line_is_reported_with_a_short_snippet() {
    let long = format!(
        "{TRIAL_HEAD}Move=[Move:mover=1,from=25,to=0,{}\n",
        "x".repeat(1 << 20)
    );
    let (diags, imported) = trial(long.as_bytes());
    assert_eq!(diags, vec![t("malformed", 4, 33)]);
    assert!(!imported);
    let source = Source::from_bytes(long.as_bytes());
    let text = source.text();
    let checked = seega::tools::ludii::check(text);
    let lines = LineIndex::new(text);
    let named = NamedText {
        name: "t.txt",
        text,
        lines: &lines,
    };
    let shown = Renderer::plain().render(&checked.problems[0], named);
    assert_short(&shown, "a megabyte move line");
}
