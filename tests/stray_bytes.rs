//! Bytes that are not UTF-8 in comments and tags, through the `seega` binary: reported where
//! they stand, and never a game of their own (a comment opens no game, whatever bytes it
//! holds). `check`, and `convert` to JSON and back, count the same games as without the bad
//! bytes.

use super::common;

use common::{run_with, stdout};

/// `check --format jsonl` of `bytes` on stdin: every diagnostic as `(game, code)`, the games
/// counted and the exit code.
fn check(bytes: &[u8]) -> (Vec<(u64, String)>, u64, Option<i32>) {
    let out = run_with(&["check", "--format", "jsonl", "-"], Some(bytes));
    let mut diags = Vec::new();
    let mut games = u64::MAX;
    for line in stdout(&out).lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        match v["type"].as_str() {
            Some("diagnostic") => diags.push((
                v["game"].as_u64().expect("a game number"),
                v["code"].as_str().expect("a code").to_owned(),
            )),
            Some("summary") => games = v["games"].as_u64().expect("a count"),
            _ => panic!("unexpected line {line}"),
        }
    }
    (diags, games, out.status.code())
}

/// The games of `bytes` after `convert --to json` and then `--to sgn`, as `check` counts them.
fn games_after_round_trip(bytes: &[u8]) -> (usize, u64) {
    let json = run_with(&["convert", "--to", "json", "-"], Some(bytes));
    let objects: Vec<serde_json::Value> =
        serde_json::from_slice(&json.stdout).expect("convert writes a JSON array");
    let sgn = run_with(
        &["convert", "--to", "sgn", "--from", "json", "-"],
        Some(&json.stdout),
    );
    (objects.len(), check(&sgn.stdout).1)
}

#[test]
fn bad_bytes_in_comments_and_tags_are_reported_and_make_no_game() {
    const UTF8: &str = "seega::input::invalid-utf8";
    const MISSING: &str = "seega::syntax::missing-result";
    // The text with `@` where a byte 0xE9 goes, then each diagnostic as `(game, code)`.
    let cases: [(&str, &[(u64, &str)]); 10] = [
        ("; caf@\n", &[(0, UTF8)]),
        ("{ caf@ }\n", &[(0, UTF8)]),
        ("; caf@\n{ fine }\n; caf@\n", &[(0, UTF8), (0, UTF8)]),
        ("1. c2,d4 *\n; caf@\n", &[(1, UTF8)]),
        ("1. c2,d4 *\n{ caf@ }\n", &[(1, UTF8)]),
        ("1. c2,d4 * ; caf@\n", &[(1, UTF8)]),
        (
            "1. c2,d4 *\n; caf@\n[Event \"x\"]\n1. c2,d4 *\n",
            &[(2, UTF8)],
        ),
        ("; caf@\n[Event \"x\"]\n1. c2,d4 *\n", &[(1, UTF8)]),
        ("[Event \"caf@\"]\n1. c2,d4 *\n", &[(1, UTF8)]),
        ("1. c2,d4 *\n[Event \"caf@\"]\n", &[(2, UTF8), (2, MISSING)]),
    ];
    for (text, want) in cases {
        let bytes: Vec<u8> = text
            .bytes()
            .map(|b| if b == b'@' { 0xE9 } else { b })
            .collect();
        let fine = text.replace('@', "e");
        let (diags, games, code) = check(&bytes);
        let want: Vec<(u64, String)> = want.iter().map(|(g, c)| (*g, (*c).to_owned())).collect();
        let (_, fine_games, _) = check(fine.as_bytes());
        assert_eq!((diags, games, code), (want, fine_games, Some(1)), "{text}");
        assert_eq!(
            games_after_round_trip(&bytes),
            (fine_games as usize, fine_games),
            "{text}"
        );
    }
}

#[test]
fn bad_bytes_outside_any_game_are_there_for_whole_file_callers() {
    use seega::archive::{check_source, outside_problems};
    use seega::notation::Source;
    let source = Source::from_bytes(b"{ fine }\n; caf\xe9\n");
    let games = check_source(&source, &seega::validate::Options::default()).count();
    let outside: Vec<(usize, &str)> = outside_problems(&source)
        .iter()
        .map(|p| (p.game, p.code.as_str()))
        .collect();
    assert_eq!(
        (games, outside),
        (0, vec![(0, "seega::input::invalid-utf8")])
    );
}
