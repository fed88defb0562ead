//! `seega moves` as a user runs it: its text and JSON Lines on small games (snapshots), its
//! choice of game and position as `show` makes it, its words for what is not there, and a
//! reader that goes away.

use super::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::{ROOT, run_with, stderr, stdout};

/// Exit status, standard output and standard error of `seega ARGS`, for a snapshot.
fn run(args: &[&str], stdin: Option<&[u8]>) -> String {
    let o = run_with(args, stdin);
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        o.status
            .code()
            .map_or("signal".to_owned(), |c| c.to_string()),
        stdout(&o),
        stderr(&o)
    )
}

#[test]
fn text_and_jsonl_of_small_games() {
    let cases: &[(&str, &[&str])] = &[
        // A pass, then only the turns that give the passer a step again.
        (
            "all_text",
            &["moves", "samples/positions.sgn", "--game", "9", "--all"],
        ),
        (
            "all_count",
            &[
                "moves",
                "samples/positions.sgn",
                "--game",
                "9",
                "--all",
                "--count",
            ],
        ),
        // The final position by default: here the game is over.
        (
            "final_text",
            &["moves", "samples/positions.sgn", "--game", "5"],
        ),
        (
            "turn_text",
            &[
                "moves",
                "samples/positions.sgn",
                "--game",
                "2",
                "--turn",
                "0",
            ],
        ),
        (
            "all_jsonl",
            &[
                "moves",
                "samples/positions.sgn",
                "--game",
                "5",
                "--all",
                "--format",
                "jsonl",
            ],
        ),
        (
            "all_count_jsonl",
            &[
                "moves",
                "samples/positions.sgn",
                "--game",
                "9",
                "--all",
                "--count",
                "--format",
                "jsonl",
            ],
        ),
        // Chains of every length, under chain=any.
        (
            "position_chains",
            &[
                "moves",
                "--position",
                "4w/bb3/ww3/5/1b3 b",
                "--rules",
                "standard chain=any",
            ],
        ),
        (
            "position_jsonl",
            &[
                "moves",
                "--position",
                "4w/bb3/ww3/5/1b3 b",
                "--rules",
                "ludus",
                "--format",
                "jsonl",
            ],
        ),
        // An invalid game: its positions stop at the last legal turn, and it says so.
        (
            "invalid_game",
            &[
                "moves",
                "samples/invalid/move-too-far.sgn",
                "--all",
                "--count",
            ],
        ),
    ];
    for (name, args) in cases {
        insta::assert_snapshot!(format!("moves_{name}"), run(args, None));
    }
}

#[test]
fn placements_are_every_unordered_pair_of_squares_off_the_centre() {
    for (rules, free) in [("standard", 24), ("standard size=7", 48)] {
        let text = format!("[Rules \"{rules}\"]\n\n1. a1,b1 *\n");
        let o = run_with(&["moves", "-", "--turn", "0"], Some(text.as_bytes()));
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        let turns: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
        assert_eq!(turns.len(), free * (free - 1) / 2, "{rules}");
        assert_eq!(turns[0], "a1,b1", "board order, a1 first");
        let centre = if rules == "standard" { "c3" } else { "d4" };
        assert!(
            turns.iter().all(|t| t.split(',').all(|s| s != centre)),
            "{rules}"
        );
        // After a1,b1: pairs of the squares left.
        let after = run_with(&["moves", "-", "--count"], Some(text.as_bytes()));
        let left = free - 2;
        assert_eq!(
            stdout(&after),
            format!("{}\n", left * (left - 1) / 2),
            "{rules}"
        );
    }
}

#[test]
fn standard_input_with_or_without_a_dash() {
    let text = std::fs::read(format!("{ROOT}/samples/positions.sgn")).expect("a sample");
    let named = run(
        &["moves", "samples/positions.sgn", "--game", "9", "--all"],
        None,
    );
    for args in [
        &["moves", "-", "--game", "9", "--all"][..],
        &["moves", "--game", "9", "--all"],
    ] {
        assert_eq!(run(args, Some(&text)), named, "{args:?}");
    }
}

#[test]
fn what_is_not_there_is_a_diagnostic() {
    let cases: &[(&str, &[&str])] = &[
        (
            "no_game",
            &["moves", "samples/positions.sgn", "--game", "10"],
        ),
        (
            "game_zero",
            &["moves", "samples/positions.sgn", "--game", "0"],
        ),
        (
            "turn_past_end",
            &[
                "moves",
                "samples/positions.sgn",
                "--game",
                "9",
                "--turn",
                "4",
            ],
        ),
        (
            "turn_past_last_legal",
            &["moves", "samples/invalid/move-too-far.sgn", "--turn", "1"],
        ),
        ("bad_position", &["moves", "--position", "5/5/5/5/6 b"]),
        ("position_no_side", &["moves", "--position", "5/5/5/5/5"]),
        ("missing_file", &["moves", "no-such-file.sgn"]),
        (
            "cannot_set_up",
            &["moves", "samples/invalid/rules-unknown-preset.sgn"],
        ),
        (
            "turn_and_all",
            &["moves", "samples/positions.sgn", "--turn", "1", "--all"],
        ),
        (
            "position_and_game",
            &["moves", "--position", "5/5/5/5/5 b", "--game", "2"],
        ),
    ];
    for (name, args) in cases {
        let shown = run(args, None);
        assert!(!shown.contains("panicked"), "{name}: {shown}");
        insta::assert_snapshot!(format!("moves_error_{name}"), shown);
    }
}

/// `seega moves … | head -1`: the reader goes away after a line; the run ends quietly.
#[test]
fn a_closed_stdout_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(["moves", "samples/seesa.sgn", "--all"])
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("seega runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("a first line");
    assert!(first.starts_with("start ("), "{first}");
    let out = child.wait_with_output().expect("seega ends");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// Every position `moves --all` names reads back through `--position` with the number of
/// legal turns it was listed with: the start (its hands written), the placement phase, a pass
/// that owes an opening. The two-field form keeps its meaning: a board with nothing in hand.
#[test]
fn every_position_moves_names_reads_back_with_its_count() {
    for (file, game, rules) in [
        ("samples/standard.sgn", "1", "standard"),
        ("samples/positions.sgn", "9", "standard barrier=none"),
    ] {
        let all = run_with(&["moves", file, "--game", game, "--all"], None);
        assert_eq!(all.status.code(), Some(0), "{all:?}");
        let listed = stdout(&all);
        let labels: Vec<(&str, &str)> = (listed.lines())
            .filter(|l| !l.starts_with(' '))
            .map(|l| {
                let (open, close) = (l.find(" (").expect("("), l.find("): ").expect(")"));
                let count = l[close + 3..].split(' ').next().expect("a count");
                (&l[open + 2..close], count)
            })
            .collect();
        assert!(labels.len() > 3, "{listed}");
        for (setup, count) in labels {
            let o = run_with(
                &["moves", "--position", setup, "--rules", rules, "--count"],
                None,
            );
            assert_eq!(stdout(&o), format!("{count}\n"), "{file} {game}: {setup}");
        }
    }
    let start = run_with(
        &["moves", "samples/standard.sgn", "--turn", "0", "--count"],
        None,
    );
    assert_eq!(stdout(&start), "276\n");
    let o = run_with(
        &["moves", "--position", "5/5/5/5/5 b 12/12", "--count"],
        None,
    );
    assert_eq!(stdout(&o), "276\n");
    let o = run_with(&["moves", "--position", "b4/5/5/5/5 b", "--count"], None);
    assert_eq!(stdout(&o), "0\n", "white has no piece: the game is over");
    let o = run_with(&["moves", "--position", "5/5/5/5/5 b", "--count"], None);
    assert!(
        stderr(&o).contains("neither side has a piece"),
        "{}",
        stderr(&o)
    );
    assert_eq!(o.status.code(), Some(2));
}
