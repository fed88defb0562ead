//! `seega moves` and the library's legal turns against a brute-force enumeration written from
//! `spec/rules.md` alone (`moves_brute/model.rs`): on every position of every game of
//! `samples/` and `tests/conformance/` (`moves --all --count` run as a user runs it, and
//! `GameState::legal_turns` turn by turn), and on position strings of every size under every
//! chain and forced mode.

use super::common;
#[path = "moves_brute/model.rs"]
mod model;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::{ROOT, run_with, stdout};
use model::{Rules, State, Turn};
use seega::notation::{Element, Game};
use seega::{GameState, Ply, Ruleset};

/// Every `.sgn` file under `samples/` and `tests/conformance/`, subfolders included.
fn corpus() -> Vec<PathBuf> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("a test directory")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, files);
            } else if p.extension().is_some_and(|e| e == "sgn") {
                files.push(p);
            }
        }
    }
    let mut files = Vec::new();
    for dir in ["samples", "tests/conformance"] {
        walk(&Path::new(ROOT).join(dir), &mut files);
    }
    files
}

/// The turns' notation, as a set.
fn texts_of_model(turns: &[Turn]) -> BTreeSet<String> {
    turns.iter().map(|t| t.text.clone()).collect()
}

fn texts_of_plies(turns: &[Ply]) -> BTreeSet<String> {
    turns.iter().map(ToString::to_string).collect()
}

/// The model's turn that plays the squares `written` names (a placement's in either order).
fn find<'t>(turns: &'t [Turn], written: &[usize]) -> Option<&'t Turn> {
    turns.iter().find(|t| {
        t.path == written
            || (t.path.len() == 2
                && t.text.contains(',')
                && written.len() == 2
                && t.path[0] == written[1]
                && t.path[1] == written[0])
    })
}

/// The squares a written turn names, as the model numbers them (rank × n + file).
fn squares_of(ply: &Ply, n: usize) -> Vec<usize> {
    ply.squares()
        .iter()
        .map(|s| usize::from(s.rank()) * n + usize::from(s.file()))
        .collect()
}

/// The model's count of legal turns at each position of `game`, checked position by position
/// against the library's states (same position string, same set of turns); `None` when the
/// game cannot be set up.
fn model_counts(name: &str, index: usize, game: &Game<'_>) -> Option<Vec<usize>> {
    let verdict = seega::replay(game);
    let states = GameState::replay_states(game, &verdict);
    let (Some(ruleset), false) = (verdict.rules, states.is_empty()) else {
        return None;
    };
    let (rules, first_placer) = Rules::of(&ruleset);
    let mut state = match game.tag("Position") {
        Some(tag) => State::setup(rules, &tag.value)
            .unwrap_or_else(|| panic!("{name} game {index}: the model reads no position")),
        None => State::start(rules, first_placer),
    };
    let written: Vec<Ply> = game
        .moves
        .iter()
        .filter_map(|e| match e {
            Element::Turn(t) => Some(Ply::from_turn(t)),
            _ => None,
        })
        .collect();
    let mut counts = Vec::new();
    for (k, lib) in states.iter().enumerate() {
        let at = format!("{name} game {index} after turn {k}");
        // The model writes the board and the side; the library adds the hands and the state
        // of the game, which the model's own fields carry.
        let full = lib.setup().to_string();
        let board_and_side: Vec<&str> = full.split(' ').take(2).collect();
        assert_eq!(state.position_string(), board_and_side.join(" "), "{at}");
        let turns = state.legal_turns();
        assert_eq!(
            texts_of_model(&turns),
            texts_of_plies(&lib.legal_turns()),
            "{at}: {}",
            state.position_string()
        );
        assert_eq!(state.end.is_some(), lib.is_over(), "{at}");
        counts.push(turns.len());
        if k + 1 < states.len() {
            let ply = &written[k];
            let next = find(&turns, &squares_of(ply, rules.n))
                .unwrap_or_else(|| panic!("{at}: `{ply}` is not a legal turn of the model"));
            state = next.after.clone();
        }
    }
    Some(counts)
}

/// `seega moves FILE --game N --all --count` (`-`: `stdin` on standard input): its counts, or
/// `None` when it exits 1 (the game cannot be set up).
fn binary_counts(path: &str, stdin: Option<&str>, index: usize) -> Option<Vec<usize>> {
    let game = index.to_string();
    let o = run_with(
        &["moves", path, "--game", &game, "--all", "--count"],
        stdin.map(str::as_bytes),
    );
    if o.status.code() == Some(1) {
        return None;
    }
    assert_eq!(o.status.code(), Some(0), "{path} game {index}: {o:?}");
    Some(
        stdout(&o)
            .lines()
            .map(|l| l.parse().expect("a count a line"))
            .collect(),
    )
}

#[test]
fn every_position_of_every_game_has_the_models_turns() {
    let (mut games, mut positions, mut turns) = (0, 0, 0);
    for file in corpus() {
        let bytes = std::fs::read(&file).expect("readable");
        let text = String::from_utf8_lossy(&bytes);
        let name = file
            .strip_prefix(ROOT)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (i, game) in seega::parse(&text).enumerate() {
            let index = i + 1;
            let model = model_counts(&name, index, &game);
            let path = file.to_str().expect("a UTF-8 path");
            assert_eq!(
                binary_counts(path, None, index),
                model,
                "{name} game {index}"
            );
            if let Some(counts) = model {
                games += 1;
                positions += counts.len();
                turns += counts.iter().sum::<usize>();
            }
        }
    }
    println!("{games} games, {positions} positions, {turns} legal turns");
    assert!(
        games > 200 && positions > 10_000,
        "{games} games, {positions} positions"
    );
}

/// Position strings of each size, with the rules to read them under.
const SETUPS: &[(&str, &str)] = &[
    ("standard", "5/1b3/1w3/5/1b3 b"),
    ("standard", "bbw1w/5/2b2/5/w3w b"),
    ("standard", "1www1/w3w/w1b1w/w3w/1www1 b"),
    ("standard barrier=none", "5/2w2/1wbw1/2w2/5 b"),
    ("standard", "bw3/w4/5/5/4b w"),
    ("standard", "1w3/bw1wb/5/1w1w1/1b1b1 b"),
    ("standard", "4w/bb3/ww3/5/1b3 b"),
    ("standard chain=any", "4w/bb3/ww3/5/1b3 b"),
    ("standard forced=yes", "4w/bb3/ww3/5/1b3 b"),
    ("standard chain=any forced=yes", "4w/bb3/ww3/5/1b3 b"),
    ("standard chain=none", "4w/bb3/ww3/5/1b3 b"),
    ("standard chain=none forced=yes", "4w/bb3/ww3/5/1b3 b"),
    ("ludus", "4w/bb3/ww3/5/1b3 b"),
    ("standard", "5/bb3/ww3/5/1b3 b"),
    ("standard", "1b2w/1w3/b4/1w3/1b3 b"),
    ("standard", "5/2b2/1bwb1/5/2b2 b"),
    ("ludus", "b1w1b/1w1w1/bw1wb/1w1w1/b1w1b b"),
    // A piece on the centre, captured under centre=plain only.
    ("standard centre=plain", "5/2b2/1bwb1/5/2b2 b"),
    ("standard centre=plain chain=any", "5/2b2/1bwb1/5/2b2 b"),
    ("ludii", "5/2b2/1bwb1/5/2b2 b"),
    ("ludii", "4w/bb3/ww3/5/1b3 b"),
    // Blocked: black passes; under ludii (no barrier) the game goes on.
    ("ludii", "5/2w2/1wbw1/2w2/5 b"),
    ("standard centre=plain barrier=none", "5/2w2/1wbw1/2w2/5 b"),
    (
        "standard blocked=pass barrier=none limit=3",
        "5/2w2/1wbw1/2w2/5 b",
    ),
    // An end already: a barrier stands, white wins before any turn.
    ("standard", "5/2w2/1wbw1/2w2/5 b"),
    ("ludii size=7", "7/7/2bb3/1bww3/7/2bb3/7 b"),
    ("ludii size=7 chain=capture", "7/7/2bb3/1bww3/7/2bb3/7 b"),
    ("seesa centre=plain forced=yes", "7/7/2bb3/1bww3/7/2bb3/7 b"),
    ("ludii size=9", "9/9/9/4b4/3bw4/4b4/9/9/4b4 b"),
    (
        "ludii size=9 chain=any forced=yes",
        "9/9/9/4b4/3bw4/4b4/9/9/4b4 b",
    ),
    ("standard", "5/5/2w2/2b2/5 b"),
    ("seesa", "7/1w1w1w1/b1b1b1b/1w1w1w1/b1b1b1b/1w1w1w1/7 b"),
    (
        "seesa forced=yes",
        "7/1w1w1w1/b1b1b1b/1w1w1w1/b1b1b1b/1w1w1w1/7 b",
    ),
    (
        "seesa chain=capture",
        "b1b1b1b/w1w1w1w/1b1b1b1/w2w2w/1b1b1b1/w1w1w1w/7 w",
    ),
    ("seesa", "7/7/2bb3/1bww3/7/2bb3/7 b"),
    ("seesa forced=yes", "7/7/2bb3/1bww3/7/2bb3/7 b"),
    ("seesa chain=capture", "7/7/2bb3/1bww3/7/2bb3/7 b"),
    (
        "seesa chain=capture forced=yes",
        "7/7/2bb3/1bww3/7/2bb3/7 b",
    ),
    ("seesa size=9", "8w/9/9/9/9/bb7/ww7/9/1b7 b"),
    ("seesa size=9 forced=yes", "8w/9/9/9/9/bb7/ww7/9/1b7 b"),
    ("standard size=9 chain=none", "8w/9/9/9/9/bb7/ww7/9/1b7 b"),
    (
        "standard size=7 chain=none",
        "wwwwwww/wbbbbbw/wb3bw/wb3bw/wb3bw/wbbbbbw/wwwwwww b",
    ),
    (
        "seesa size=9",
        "9/1w1w1w1w1/b1b1b1b1b/1w1w1w1w1/b1b1b1b1b/1w1w1w1w1/b1b1b1b1b/1w1w1w1w1/9 b",
    ),
    (
        "seesa size=9 forced=yes chain=capture",
        "9/1w1w1w1w1/b1b1b1b1b/1w1w1w1w1/b1b1b1b1b/1w1w1w1w1/b1b1b1b1b/1w1w1w1w1/9 w",
    ),
    (
        "standard size=9",
        "bbbbbbbbb/b7b/b1wwwww1b/b1w3w1b/b1w1w1w1b/b1w3w1b/b1wwwww1b/b7b/bbbbbbbbb w",
    ),
];

#[test]
fn position_strings_have_the_models_turns() {
    for (rules, setup) in SETUPS {
        let ruleset = Ruleset::parse(rules).expect("rules");
        let (model_rules, _) = Rules::of(&ruleset);
        let state = State::setup(model_rules, setup).expect("the model reads it");
        let want = texts_of_model(&state.legal_turns());
        let setup_value = setup.parse().expect("a position string");
        let game = GameState::from_setup(ruleset, &setup_value).expect("a position");
        let lib = game.legal_turns();
        assert_eq!(texts_of_plies(&lib), want, "{rules}: {setup}");
        let o = run_with(&["moves", "--position", setup, "--rules", rules], None);
        assert_eq!(o.status.code(), Some(0), "{o:?}");
        let printed: Vec<String> = stdout(&o).lines().map(str::to_owned).collect();
        assert_eq!(
            printed.len(),
            want.len(),
            "{rules}: {setup}: one turn a line"
        );
        assert_eq!(
            printed.into_iter().collect::<BTreeSet<_>>(),
            want,
            "{rules}: {setup}"
        );
        let o = run_with(
            &["moves", "--position", setup, "--rules", rules, "--count"],
            None,
        );
        assert_eq!(stdout(&o), format!("{}\n", want.len()), "{rules}: {setup}");
    }
}

#[test]
fn generated_games_of_every_option_have_the_models_turns() {
    let mut positions = 0;
    let mut k = 0;
    for size in [5, 7] {
        for chain in ["none", "capture", "any"] {
            for forced in ["no", "yes"] {
                for extra in [
                    "barrier=none",
                    "barrier=wall",
                    "barrier=line",
                    "centre=plain",
                    "blocked=pass barrier=none",
                    "limit=6 barrier=none",
                ] {
                    let text =
                        format!("standard size={size} chain={chain} forced={forced} {extra}");
                    let rules = Ruleset::parse(&text).expect("rules");
                    k += 1;
                    let mut g = seega::tools::generate::Generator::new(
                        seega::tools::generate::GenOptions::default()
                            .seed(100 + k)
                            .rules(vec![rules])
                            .max_turns(120),
                    );
                    let mut archive = String::new();
                    for i in 1..=4 {
                        g.write_game(i, &mut archive);
                    }
                    for (i, game) in seega::parse(&archive).enumerate() {
                        let counts =
                            model_counts(&text, i + 1, &game).expect("a generated game is set up");
                        positions += counts.len();
                    }
                }
            }
        }
    }
    assert!(positions > 5_000, "{positions} positions");
}

/// Games under the limit and `blocked=pass`, where the game, not the position, decides what is
/// legal: a reply to a pass that ends the game by the limit needs not open, and a game ended by
/// the limit has no turn.
const GAMES: &str = r#"[Rules "standard barrier=none limit=2"]
[Position "4b/5/5/b4/wb3 w"]

1. -- e5-e4 *

[Rules "standard barrier=none limit=3"]
[Position "4b/5/5/b4/wb3 w"]

1. -- b1-c1 2. a1-b1 e5-e4 *

[Rules "standard barrier=none blocked=pass"]
[Position "4b/5/5/b4/wb3 w"]

1. -- e5-e4 2. -- e4-e3 *

[Rules "ludii limit=4"]
[Position "5/2b2/1bwb1/5/2b2 b"]

1. c1-c2xc3 b3-c3 2. c2-d2 c3-c2 3. d2-d1 *

[Rules "ludii"]

1. a1,b1 c1,d1 2. e1,a2 b2,c2 3. d2,e2 a3,b3 4. d3,e3 a4,b4 5. c4,d4 e4,a5 6. b5,c5 d5,e5 *
"#;

#[test]
fn games_under_a_limit_or_blocked_pass_have_the_models_turns() {
    let mut positions = 0;
    for (i, game) in seega::parse(GAMES).enumerate() {
        let model = model_counts("GAMES", i + 1, &game).expect("set up");
        assert_eq!(
            binary_counts("-", Some(GAMES), i + 1),
            Some(model.clone()),
            "game {}",
            i + 1
        );
        positions += model.len();
    }
    assert!(positions > 20, "{positions} positions");
}
