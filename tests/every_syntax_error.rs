//! Every syntax error of a game is reported, also when its replay never starts (its Rules or
//! Position tag cannot be read) and after the error that stopped it, on the full way and where
//! the fast lane hands a game over.

use seega::archive::check_source;
use seega::archive::stream::check_chunk;
use seega::notation::Source;
use seega::validate::Options;

/// Every diagnostic code of `bytes` checked as one file, and the games found.
fn check(bytes: &[u8]) -> (Vec<String>, usize) {
    let source = Source::from_bytes(bytes);
    let opts = Options::default();
    let (mut codes, mut games) = (Vec::new(), 0);
    for c in check_source(&source, &opts) {
        games += 1;
        codes.extend(
            c.verdict
                .problems
                .iter()
                .map(|p| p.code.as_str().to_owned()),
        );
    }
    (codes, games)
}

/// Every diagnostic code of `bytes` checked as one chunk of a stream (the fast lane first, the
/// full way from the first game it cannot take), with its game.
fn chunk_codes(bytes: &[u8]) -> Vec<(usize, String)> {
    let checked = check_chunk(bytes, &Options::default());
    checked
        .problems
        .iter()
        .map(|p| (p.game, p.code.as_str().to_owned()))
        .collect()
}

#[test]
fn every_syntax_error_is_reported_also_when_the_replay_never_starts() {
    let long = "a".repeat(1100);
    let cases: [(&str, &[&str]); 7] = [
        (
            "[Rules \"chess\"]\n1. xyz *\n",
            &["rules::unknown-preset", "syntax::token"],
        ),
        (
            "[Rules \"standard size=4\"]\n1. c2,d4 %% q9\n",
            &[
                "rules::bad-value",
                "syntax::token",
                "syntax::token",
                "syntax::missing-result",
            ],
        ),
        (
            "[Position \"zz\"]\n1. xyz c2,d4 q9 *\n",
            &["position::malformed", "syntax::token", "syntax::token"],
        ),
        (
            "[Position \"x]\n1. xyz *\n",
            &["syntax::unterminated-tag", "syntax::token"],
        ),
        (
            "[Rules standard]\n1. c2,d4 xyz\n",
            &["syntax::tag", "syntax::token", "syntax::missing-result"],
        ),
        (
            &format!("[Rules \"chess\"]\n1. c2,d4 {long} xyz *\n"),
            &["rules::unknown-preset", "limit::too-long", "syntax::token"],
        ),
        (
            &format!("1. c2,d4 {long}\n2. xyz *\n"),
            &["limit::too-long", "syntax::token"],
        ),
    ];
    let clean = "[Event \"clean\"]\n\n1. c2,d4 *\n\n";
    for (text, want) in cases {
        let want: Vec<String> = want.iter().map(|c| format!("seega::{c}")).collect();
        assert_eq!(check(text.as_bytes()), (want.clone(), 1), "{text}");
        // After a clean game the fast lane hands the game over to the full way.
        let after_clean: Vec<(usize, String)> = want.iter().map(|c| (2, c.clone())).collect();
        assert_eq!(
            chunk_codes(format!("{clean}{text}").as_bytes()),
            after_clean,
            "{text}"
        );
    }
}
