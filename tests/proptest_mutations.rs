//! Random legal games from the engine are valid for the checker under every preset, and a
//! random single-turn mutation of one is reported exactly at the mutated turn.

use proptest::prelude::*;
use seega::notation::{Scanner, Source};
use seega::validate::{Options, check_game};
use seega::{Phase, Position, Ruleset, Square};

/// A random legal game under `rules`, as tokens ending with its result, with the position
/// before each turn.
fn random_game(rules: Ruleset, choices: &[u32]) -> (Vec<String>, Vec<Position>) {
    let mut pos = Position::new(rules);
    let (mut tokens, mut before) = (Vec::new(), Vec::new());
    let mut passer = None;
    for &c in choices {
        before.push(pos.clone());
        if pos.phase() == Phase::Placement {
            let centre = pos.size().centre();
            let free: Vec<Square> = pos.empty().squares().filter(|s| *s != centre).collect();
            let a = free[c as usize % free.len()];
            let b = free
                [(c as usize % free.len() + 1 + (c as usize >> 8) % (free.len() - 1)) % free.len()];
            pos.place(a, b).expect("legal placement");
            tokens.push(format!("{a},{b}"));
        } else {
            let mut options: Vec<(Position, Vec<Square>)> = Vec::new();
            pos.for_each_turn(&mut |after, path| {
                if passer.is_none_or(|p| after.has_step_for(p))
                    || after.outcome_after_turn(false).is_some()
                {
                    options.push((after.clone(), path.to_vec()));
                }
                true
            });
            if options.is_empty() {
                before.pop();
                break;
            }
            let (after, path) = options.swap_remove(c as usize % options.len());
            passer = path.is_empty().then(|| pos.to_move());
            let token = if path.is_empty() {
                "--".to_owned()
            } else {
                path.iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join("-")
            };
            tokens.push(token);
            pos = after;
        }
        if let Some(o) = pos.outcome_after_turn(passer.is_some()) {
            tokens.push(o.result_token().to_owned());
            return (tokens, before);
        }
    }
    tokens.push("*".to_owned());
    (tokens, before)
}

/// The first error's turn, or `None` when the game is valid.
fn first_error_turn(rules: &str, tokens: &[String]) -> Option<Option<u64>> {
    let text = format!("[Rules \"{rules}\"]\n\n{}\n", tokens.join(" "));
    let src = Source::from_text(text);
    let game = Scanner::new(src.text(), src.invalid())
        .next()
        .expect("one game");
    let v = check_game(&game, &Options::default());
    v.problems.iter().find(|p| p.is_error()).map(|p| p.turn)
}

/// An illegal replacement for the turn played from `pos`, chosen by `pick`.
fn illegal_turn(pos: &Position, pick: u32) -> String {
    let size = pos.size();
    let centre = size.centre();
    let occupied: Vec<Square> = pos.occupied().squares().collect();
    let empty: Vec<Square> = pos.empty().squares().collect();
    if pos.phase() == Phase::Placement {
        return match pick % 3 {
            0 => format!(
                "{centre},{}",
                empty.iter().find(|s| **s != centre).expect("room")
            ),
            1 if !occupied.is_empty() => {
                let free = empty.iter().find(|s| **s != centre).expect("room");
                format!("{free},{}", occupied[pick as usize % occupied.len()])
            }
            _ => format!("{}-{}", Square::new(0, 0), Square::new(0, 1)),
        };
    }
    let mine: Vec<Square> = pos.pieces(pos.to_move()).squares().collect();
    let theirs: Vec<Square> = pos.pieces(pos.to_move().other()).squares().collect();
    match pick % 4 {
        // a step from an empty square
        0 if !empty.is_empty() => {
            let from = empty[pick as usize % empty.len()];
            let to = from.neighbours(size).next().expect("a neighbour");
            format!("{from}-{to}")
        }
        // a step of an enemy piece
        1 if !theirs.is_empty() => {
            let from = theirs[pick as usize % theirs.len()];
            let to = from.neighbours(size).next().expect("a neighbour");
            format!("{from}-{to}")
        }
        // a pass while a step exists
        2 if pos.has_step() => "--".to_owned(),
        // a placement in the movement phase
        _ => {
            let a = mine.first().copied().unwrap_or(centre);
            format!("{a},{}", Square::new(0, 0))
        }
    }
}

const PRESETS: [&str; 5] = [
    "standard",
    "ludus",
    "seesa",
    "seesa size=9",
    "standard chain=any forced=yes",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn legal_games_are_valid(preset in 0..PRESETS.len(), choices in prop::collection::vec(any::<u32>(), 1..160)) {
        let rules = Ruleset::parse(PRESETS[preset]).expect("preset");
        let (tokens, _) = random_game(rules, &choices);
        prop_assert_eq!(first_error_turn(PRESETS[preset], &tokens), None, "{}", tokens.join(" "));
    }

    #[test]
    fn a_mutated_turn_is_reported_where_it_is(
        preset in 0..PRESETS.len(),
        choices in prop::collection::vec(any::<u32>(), 1..120),
        at in any::<u32>(),
        pick in any::<u32>(),
    ) {
        let rules = Ruleset::parse(PRESETS[preset]).expect("preset");
        let (mut tokens, before) = random_game(rules, &choices);
        let k = at as usize % before.len();
        tokens[k] = illegal_turn(&before[k], pick);
        prop_assert_eq!(
            first_error_turn(PRESETS[preset], &tokens),
            Some(Some(k as u64 + 1)),
            "mutated turn {} to {}: {}", k + 1, tokens[k], tokens.join(" ")
        );
    }
}
