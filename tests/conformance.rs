//! The conformance corpus from an independent model of the rules: every game must get its
//! expected verdict, final position, ending and error location.

use seega::notation::{LineIndex, Scanner, Source};
use seega::validate::{Options, check_game};
use serde_json::Value;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");

/// Checks every game of `file` against `expected`; returns the list of mismatches.
fn check(dir: &str, file: &str, expected: &[Value]) -> Vec<String> {
    let bytes = std::fs::read(format!("{dir}/{file}")).expect("conformance file is readable");
    let src = Source::from_bytes(&bytes);
    let text = src.text();
    let lines = LineIndex::new(text);
    let games: Vec<_> = Scanner::new(text, src.invalid()).collect();
    let mut bad = Vec::new();
    if games.len() != expected.len() {
        bad.push(format!(
            "{file}: {} games, expected {}",
            games.len(),
            expected.len()
        ));
    }
    for (i, (game, exp)) in games.iter().zip(expected).enumerate() {
        let n = i + 1;
        let v = check_game(game, &Options::default());
        let here = format!("{file} game {n} ({})", exp["rules"]);
        let want_valid = exp["valid"].as_bool().unwrap();
        if v.is_valid() != want_valid {
            let first = v.problems.iter().find(|p| p.is_error());
            let at = first.map(|p| {
                let lc = lines.line_col(text, p.span.start);
                format!("{}:{} {} {}", lc.line, lc.column, p.code, p.message())
            });
            bad.push(format!(
                "{here}: valid={} expected {want_valid} (kind {:?}, turn {:?}); first error: {at:?}",
                v.is_valid(),
                exp.get("kind"),
                exp.get("turn")
            ));
            continue;
        }
        if want_valid {
            // The corpus writes the board and the side; seega's final adds the hands and the
            // game's state (an opening owed, turns counted toward a limit) when they say
            // something.
            let full = v.final_setup().map(|s| s.to_string());
            let fin = full.map(|s| s.split(' ').take(2).collect::<Vec<_>>().join(" "));
            if fin.as_deref() != exp["final"].as_str() {
                bad.push(format!("{here}: final {fin:?}, expected {}", exp["final"]));
            }
            let over = v.outcome.map(|o| o.termination.as_str());
            if over != exp["over"].as_str() {
                bad.push(format!("{here}: over {over:?}, expected {}", exp["over"]));
            }
        } else {
            let p = v.problems.iter().find(|p| p.is_error()).unwrap();
            let lc = lines.line_col(text, p.span.start);
            let spans = exp["error_at"].as_array().unwrap();
            let hit = spans.iter().any(|s| {
                let (l, a, b) = (
                    s[0].as_u64().unwrap(),
                    s[1].as_u64().unwrap(),
                    s[2].as_u64().unwrap(),
                );
                lc.line as u64 == l && (a..=b + 1).contains(&(lc.column as u64))
            });
            if !hit {
                bad.push(format!(
                    "{here}: error at {}:{} ({} {}), expected {} ({})",
                    lc.line,
                    lc.column,
                    p.code,
                    p.message(),
                    exp["error_at"],
                    exp["kind"]
                ));
            }
            if let Some(turn) = exp.get("turn").and_then(Value::as_u64) {
                if p.turn != Some(turn) {
                    bad.push(format!(
                        "{here}: error on turn {:?}, expected {turn}",
                        p.turn
                    ));
                }
            }
        }
    }
    bad
}

/// Checks every file of the corpus in `dir` against its `expected.json`; returns the number of
/// games and the mismatches.
fn check_dir(dir: &str) -> (usize, Vec<String>) {
    let expected: serde_json::Map<String, Value> = serde_json::from_str(
        &std::fs::read_to_string(format!("{dir}/expected.json")).expect("expected.json"),
    )
    .expect("expected.json is JSON");
    let mut bad = Vec::new();
    let mut games = 0;
    for (file, games_exp) in &expected {
        let list = games_exp.as_array().unwrap();
        games += list.len();
        bad.extend(check(dir, file, list));
    }
    (games, bad)
}

/// The corpus of the four rule texts' rulesets.
#[test]
fn conformance_corpus() {
    let (games, bad) = check_dir(DIR);
    assert_eq!(games, 200);
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// The corpus of the rules of the wider world: the `ludii` preset and the options `centre`,
/// `blocked` and `limit`, alone and with every other.
#[test]
fn conformance_corpus_of_the_wider_world() {
    let (games, bad) = check_dir(&format!("{DIR}/world"));
    assert_eq!(games, 150);
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
