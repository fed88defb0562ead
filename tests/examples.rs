//! Runs the programs of `examples/` and holds their output to what the library computes
//! another way.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Output};

use seega::{Bitboard, Color, Options, Ply, Position, Ruleset, Square};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The example binary `name`, next to this test's binary (`cargo test` builds the examples
/// with the tests); built here when it is not there, as after `cargo test --test library`.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    let path = profile_dir.join("examples").join(name);
    if !path.exists() {
        let mut build = Command::new(env!("CARGO"));
        build.args(["build", "--example", name]).current_dir(ROOT);
        if profile_dir.ends_with("release") {
            build.arg("--release");
        }
        assert!(
            build.status().expect("cargo runs").success(),
            "cannot build {name}"
        );
    }
    path
}

fn run(name: &str, args: &[&str]) -> Output {
    Command::new(example(name))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("the example runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn validate_passes_a_valid_archive_and_fails_an_invalid_one() {
    let ok = run("validate", &["samples/standard.sgn"]);
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(stdout(&ok), "10 games, 0 invalid\n");
    for (file, code) in [
        ("samples/invalid/move-too-far.sgn", "seega::move::too-far"),
        ("samples/invalid/place-centre.sgn", "seega::place::centre"),
    ] {
        let bad = run("validate", &[file]);
        assert_eq!(bad.status.code(), Some(1), "{file}");
        let text = stdout(&bad);
        assert!(
            text.contains(&format!("{file}: game 1: {code}: ")),
            "{text}"
        );
        assert!(text.ends_with("1 games, 1 invalid\n"), "{text}");
    }
    assert_eq!(run("validate", &[]).status.code(), Some(2));
}

#[test]
fn random_games_are_valid_and_repeatable() {
    let mut games = BTreeSet::new();
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let text = stdout(&run("random_game", &[seed]));
        assert_eq!(text, stdout(&run("random_game", &[seed])), "seed {seed}");
        let all: Vec<_> = seega::parse(&text).collect();
        assert_eq!(all.len(), 1, "{text}");
        let verdict = seega::check_game(&all[0], &Options::default());
        assert!(
            verdict.is_valid(),
            "seed {seed}: {:?}\n{text}",
            verdict.problems
        );
        assert!(verdict.legal_turns >= 24, "at least the placements: {text}");
        games.insert(text);
    }
    assert_eq!(games.len(), 6, "each seed plays another game");
}

/// The movements of `pos` as paths and captured squares, from the engine's turn enumeration
/// and the pieces each turn takes away.
fn turns_another_way(pos: &Position) -> BTreeSet<(Vec<Square>, Vec<Square>)> {
    let mut turns = BTreeSet::new();
    let theirs = pos.pieces(pos.to_move().other());
    pos.for_each_turn(&mut |after, path| {
        let taken: Bitboard = theirs & !after.pieces(pos.to_move().other());
        turns.insert((path.to_vec(), taken.squares().collect()));
        true
    });
    turns
}

#[test]
fn legal_turns_are_those_the_engine_enumerates() {
    for (setup, rules) in [
        ("5/1b3/1w3/5/1b3 b", "standard"),
        ("wwwwb/2w1b/w1wb1/2w1b/wwwwb b", "standard"),
        ("b1w1b/1w1w1/b1w1b/1w1w1/b1w1b w", "standard chain=any"),
        ("7/1bwb3/7/3w3/7/7/b5w w", "seesa"),
        ("bbbbb/bbbbb/bb1ww/wwwww/wwwww w", "standard"),
    ] {
        let out = run("legal_turns", &[setup, rules]);
        assert_eq!(out.status.code(), Some(0), "{setup}");
        let listed: Vec<Ply> = stdout(&out)
            .lines()
            .map(|l| l.parse().expect("a turn"))
            .collect();
        let pos = position(Ruleset::parse(rules).unwrap(), setup);
        let expected = turns_another_way(&pos);
        let got: BTreeSet<_> = listed.iter().map(|t| (t.squares(), t.captures())).collect();
        assert_eq!(got, expected, "{setup}");
        assert_eq!(listed.len(), expected.len(), "no turn twice: {setup}");
        assert!(!listed.is_empty(), "{setup}");
    }
    assert_eq!(run("legal_turns", &["5/5/5 b"]).status.code(), Some(2));
}

#[test]
fn a_pass_is_listed_when_no_step_exists() {
    // White's lone piece in the corner is walled in; black has steps.
    let setup = "bb3/wb3/b4/5/5 w";
    let out = stdout(&run("legal_turns", &[setup]));
    let pos = position(Ruleset::parse("standard").unwrap(), setup);
    assert!(!pos.has_step_for(Color::White));
    assert_eq!(out, "--\n");
}

/// The position of the string `setup` under `rules`.
fn position(rules: Ruleset, setup: &str) -> Position {
    let game = seega::GameState::from_setup(rules, &setup.parse().unwrap()).unwrap();
    game.position().clone()
}

/// The pieces each side captured in each game of `text`, from the states of its replay: what
/// the side to move's opponent lost at each legal turn.
fn captures_another_way(text: &str) -> Vec<(usize, usize)> {
    let games = seega::parse(text);
    let tallies = games.map(|game| {
        let verdict = seega::replay(&game);
        let states = seega::GameState::replay_states(&game, &verdict);
        let mut tally = (0, 0);
        for pair in states.windows(2) {
            let (side, before, after) = (pair[0].to_move(), pair[0].position(), pair[1].position());
            let lost = |p: &Position| p.pieces(side.other()).count() as usize;
            let count = if side == Color::Black {
                &mut tally.0
            } else {
                &mut tally.1
            };
            *count += lost(before) - lost(after);
        }
        tally
    });
    tallies.collect()
}

#[test]
fn captures_are_those_the_replay_takes_away() {
    let mut files: Vec<PathBuf> = ["samples", "samples/invalid", "tests/fixtures"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(PathBuf::from(ROOT).join(dir)).expect("a directory"))
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "sgn"))
        .collect();
    files.sort();
    let (mut games, mut captured, mut stopped) = (0, 0, 0);
    for path in &files {
        let out = run("captures", &[path.to_str().expect("a UTF-8 path")]);
        assert_eq!(out.status.code(), Some(0), "{}", path.display());
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("readable")).into_owned();
        let expected = captures_another_way(&text);
        let listed = stdout(&out);
        let got: Vec<(usize, usize)> = listed
            .lines()
            .map(|line| {
                let counts = line.split(" (").next().expect("a line");
                let (_, counts) = counts.split_once(": black ").expect("the counts");
                let (black, white) = counts.split_once(", white ").expect("two counts");
                (black.parse().unwrap(), white.parse().unwrap())
            })
            .collect();
        assert_eq!(got, expected, "{}:\n{listed}", path.display());
        games += got.len();
        captured += got.iter().map(|(b, w)| b + w).sum::<usize>();
        stopped += listed.lines().filter(|l| l.contains("(stopped")).count();
    }
    assert!(
        games >= 50 && captured >= 100 && stopped >= 20,
        "{games} {captured} {stopped}"
    );
}
