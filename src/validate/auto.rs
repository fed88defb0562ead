//! `--rules auto`: for a game without a Rules tag, try every preset and say which fit.

use super::code::Code;
use super::problem::Problem;
use super::replay::{Options, Verdict, replay_game};
use crate::engine::PRESETS;
use crate::notation::{Element, Game, Span};

/// Checks `game`, which has no Rules tag, under each preset; keeps the verdict of the preset it
/// is legal under (the first of several, with a warning naming them all), or of the preset that
/// got furthest when none fits.
pub(crate) fn check_auto(game: &Game<'_>, text: &str, index: usize, opts: &Options) -> Verdict {
    let fixed = Options {
        auto_rules: false,
        ..*opts
    };
    let tries: Vec<(&str, Verdict)> = PRESETS
        .iter()
        .map(|(name, rules)| {
            let o = Options {
                default_rules: *rules,
                ..fixed
            };
            (*name, replay_game(game, text, index, &o))
        })
        .collect();
    let fitting: Vec<&str> = tries
        .iter()
        .filter(|(_, v)| v.is_valid())
        .map(|(n, _)| *n)
        .collect();
    let chosen = match fitting.first() {
        Some(first) => tries.iter().position(|(n, _)| n == first),
        None => tries
            .iter()
            .enumerate()
            .rev()
            .max_by_key(|(_, (_, v))| v.legal_turns)
            .map(|(i, _)| i),
    };
    let mut tries = tries;
    // PRESETS is a non-empty array, so `tries` has an entry at `chosen` (or at 0).
    let (best, mut verdict) = tries.swap_remove(chosen.unwrap_or(0));
    let span = game
        .moves
        .iter()
        .find_map(|e| match e {
            Element::Turn(t) => Some(t.span),
            _ => None,
        })
        .unwrap_or(Span::new(game.span.start, game.span.start));
    let (code, message, help) = match fitting.as_slice() {
        [] => (
            Code::RulesInferred,
            format!("the game is legal under no preset; it is checked under {best}, which gets furthest"),
            "Add a Rules tag naming the game's rules, with options if it needs them: `[Rules \"standard chain=none\"]`.".to_owned(),
        ),
        [one] => (
            Code::RulesInferred,
            format!("the game is legal under the {one} preset only"),
            format!("Add `[Rules \"{one}\"]` to the game to say so."),
        ),
        many => (
            Code::RulesAmbiguous,
            format!("the game is legal under several presets: {}", many.join(", ")),
            format!("Add a Rules tag to say which; it is checked under {best}."),
        ),
    };
    verdict.problems.insert(
        0,
        Problem {
            code,
            message,
            help,
            span,
            label: format!("game {index}, rules {best}"),
            game: index,
            turn: None,
            also: None,
            fix: None,
        },
    );
    verdict
}
