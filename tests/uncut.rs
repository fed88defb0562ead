//! Text a stream cannot be cut in: past `limits::MAX_UNCUT_BYTES` without a likely game
//! boundary, `check` and `convert` report the stretch once as too long and read on from the
//! next one, so that what they hold stays bounded whatever arrives.

use super::common;

use std::io::Read;

use common::{run_with, stderr, stdout};
use seega::archive::stream::check_stream;
use seega::notation::limits::MAX_UNCUT_BYTES;
use seega::validate::Options;

/// Every problem of the stream `reader` as `(game, code, file line)`, and the games found.
fn streamed(reader: impl Read + Send, jobs: usize) -> (Vec<(usize, String, usize)>, usize) {
    let (mut problems, mut games) = (Vec::new(), 0);
    check_stream(reader, &Options::default(), jobs, &mut |placed| {
        games += placed.checked.games;
        let lines = placed.line_index();
        let text = placed.source.text();
        for p in &placed.checked.problems {
            let line = lines.line_col(text, p.span.start).line;
            problems.push((p.game, p.code.as_str().to_owned(), line));
        }
        Ok(())
    })
    .expect("reading from memory does not fail");
    (problems, games)
}

/// NUL bytes past the limit, on one line, then a game with a bad token on line 3.
fn nul_line_then_a_game() -> impl Read + Send {
    let tail = b"\n[Event \"x\"]\n1. xyz *\n";
    std::io::repeat(0)
        .take((MAX_UNCUT_BYTES + (4 << 20)) as u64)
        .chain(&tail[..])
}

#[test]
fn a_line_past_the_limit_is_one_game_too_long_and_the_next_game_is_read() {
    let (problems, games) = streamed(nul_line_then_a_game(), 2);
    let want = [
        (1, "seega::limit::too-long".to_owned(), 1),
        (2, "seega::syntax::token".to_owned(), 3),
    ];
    assert_eq!((problems, games), (want.to_vec(), 2));
}

#[test]
fn a_comment_left_open_past_the_limit_is_given_up_and_the_games_after_it_are_read() {
    // Cuts after every result, none verified: the comment may end past each of them. (Long
    // lines, so that the search for its end is quick.)
    let game = format!("1. c2,d4{}*\n", " ".repeat(4000));
    let games = MAX_UNCUT_BYTES / game.len() + 2_000;
    let text = format!("{{ never closed\n{}1. xyz *\n", game.repeat(games));
    let lines = text.matches('\n').count();
    let (problems, found) = streamed(text.as_bytes(), 2);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(problems[0], (1, "seega::limit::too-long".to_owned(), 1));
    let (game, code, line) = &problems[1];
    assert_eq!((code.as_str(), *line), ("seega::syntax::token", lines));
    assert_eq!(*game, found, "the last game is the last found");
    assert!(
        found > 1_500,
        "the games after the stretch are read: {found}"
    );
}

#[test]
fn check_and_convert_report_a_stretch_past_the_limit_once() {
    // A game first: an archive whose games a run of NUL bytes follows (a file cut short by a
    // crash) is read, where one that starts with them is binary data (below).
    let mut input = b"1. c2,d4 *\n".to_vec();
    nul_line_then_a_game()
        .read_to_end(&mut input)
        .expect("from memory");
    let check = run_with(&["check", "--format", "jsonl", "-"], Some(&input));
    let out = stdout(&check);
    let summary = out.lines().last().expect("a summary");
    assert!(
        summary.contains("\"games\":3,\"valid\":1,\"invalid\":2,\"errors\":2"),
        "{summary}"
    );
    assert_eq!(out.matches("seega::limit::too-long").count(), 1, "{out}");
    assert_eq!(check.status.code(), Some(1));
    // convert writes the games it can and says which it skipped; the JSON stays an array.
    let convert = run_with(&["convert", "--to", "json", "-"], Some(&input));
    let games: Vec<serde_json::Value> =
        serde_json::from_slice(&convert.stdout).expect("an array of games");
    let numbers: Vec<_> = games.iter().map(|g| g["game"].clone()).collect();
    assert_eq!(numbers, [1, 3]);
    let said = stderr(&convert);
    assert!(
        said.contains("game 2: this text runs 71303169 bytes"),
        "{said}"
    );
    assert!(said.contains("it was skipped"), "{said}");
    assert_eq!(convert.status.code(), Some(2));
}

#[test]
fn an_input_that_starts_as_binary_data_is_one_error_naming_it() {
    let mut input = Vec::new();
    nul_line_then_a_game()
        .read_to_end(&mut input)
        .expect("from memory");
    for args in [
        &["check", "-"][..],
        &["convert", "--to", "json", "-"],
        &["stats", "-"],
        &["fmt", "-"],
    ] {
        let out = run_with(args, Some(&input));
        let said = stderr(&out);
        assert!(
            said.contains("seega: error: cannot read `<stdin>`: it looks like binary data, not an archive of games"),
            "{args:?}: {said}"
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!stdout(&out).contains("\"game\""), "{args:?}");
    }
}

/// A stream made anew each time it is asked for.
type MakeStream = Box<dyn Fn() -> Box<dyn Read + Send>>;

/// Streams no line of which can be cut, each with what follows it.
fn uncuttable() -> Vec<(&'static str, MakeStream)> {
    vec![
        (
            "70 MiB of text on one line, then a game",
            Box::new(|| {
                let tail = b"\n\n[Event \"after\"]\n\n1. xyz *\n";
                Box::new(std::io::repeat(b'a').take(70 << 20).chain(&tail[..]))
            }),
        ),
        (
            "200 MB of NUL",
            Box::new(|| Box::new(std::io::repeat(0).take(200_000_000))),
        ),
        (
            "a NUL line past the limit, then a game",
            Box::new(|| Box::new(nul_line_then_a_game())),
        ),
    ]
}

#[test]
fn the_library_reader_gives_each_stretch_past_the_limit_as_a_game_with_its_error() {
    for (name, stream) in uncuttable() {
        let (want, games) = streamed(stream(), 1);
        let mut got = Vec::new();
        let mut records = 0;
        for record in seega::GameReader::new(stream()) {
            let record = record.expect("reading from memory does not fail");
            records += 1;
            for p in &record.check(&Options::default()).problems {
                let d = record.diagnostic(p, "-");
                got.push((p.game, d.code.clone(), d.line));
            }
        }
        assert_eq!((got, records), (want.clone(), games), "{name}");
        assert!(
            want.iter()
                .any(|(_, code, _)| code == "seega::limit::too-long"),
            "{name}: {want:?}"
        );
    }
}
