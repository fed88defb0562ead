//! `--rules auto`: for a game without a Rules tag, try every preset and say which fit.

use super::code::Code;
use super::place::{Place, Players};
use super::problem::{Kind, Problem};
use super::replay::{Options, Verdict, replay_game};
use crate::engine::PRESETS;
use crate::notation::lex::is_space;
use crate::notation::{Element, Game, Span};

/// Checks `game`, which has no Rules tag, under each preset; keeps the verdict of the preset it
/// is legal under (the first of several, with a warning naming them all), or of the preset that
/// got furthest when none fits.
pub(crate) fn check_auto(game: &Game<'_>, text: &str, index: usize, opts: &Options) -> Verdict {
    let fixed = Options {
        auto_rules: false,
        ..*opts
    };
    let tries: Vec<(&'static str, Verdict)> = PRESETS
        .iter()
        .map(|(name, rules)| {
            let o = Options {
                default_rules: *rules,
                ..fixed
            };
            (*name, replay_game(game, text, index, &o))
        })
        .collect();
    let fitting: Vec<&'static str> = tries
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
    let (best, verdict) = tries.swap_remove(chosen.unwrap_or(0));
    let span = game
        .moves
        .iter()
        .find_map(|e| match e {
            Element::Turn(t) => Some(t.span),
            _ => None,
        })
        .unwrap_or(Span::new(game.span.start, game.span.start));
    let mut verdict = verdict;
    verdict
        .problems
        .insert(0, rules_problem(&fitting, best, span, index));
    verdict
}

/// `--rules auto` for the game whose text starts at byte `start` of `text`, numbered `index`,
/// played on the fast lane ([`super::clean_game`]) under each preset: the offset just after
/// its result and its one problem (the presets it fits), when the lane finds it clean under
/// one preset at least; `None` sends it the full way. No suggestion is looked for.
///
/// A preset the lane refuses is one the full way finds an error under: the lane reads the
/// game alike under every preset, so what it refuses under one and not under another depends
/// on the rules (an illegal turn, a turn after the end, a result the outcome contradicts, a
/// position the preset cannot set up, a square off its board), and every such refusal is an
/// error. A game with a Rules tag, which the lane reads under its tag, is clean under all
/// presets or none: `None`.
pub fn clean_auto(
    text: &str,
    start: usize,
    index: usize,
    opts: &Options,
    cache: &mut super::RulesCache,
) -> Option<(usize, Problem)> {
    let mut fitting = Vec::new();
    let mut end = None;
    for (name, rules) in PRESETS {
        let o = Options {
            default_rules: rules,
            auto_rules: false,
            ..*opts
        };
        if let Some(found) = super::fast::clean_game_first_turn(text, start, &o, cache) {
            fitting.push(name);
            end = Some(found);
        }
    }
    let (end, first_turn) = end?;
    // The turn's token, as the scanner cuts it; a game without turns goes the full way (its
    // problem is placed where the scanner starts it).
    let at = first_turn?;
    let b = text.as_bytes();
    let mut token_end = at;
    while token_end < b.len() && !is_space(b[token_end]) && !matches!(b[token_end], b'{' | b';') {
        token_end += 1;
    }
    let span = Span::new(at, token_end);
    Some((end, rules_problem(&fitting, fitting[0], span, index)))
}

/// The problem that says which presets a game without a Rules tag `fits` (none: it is checked
/// under `best`, which gets furthest), at `span`, its first turn.
fn rules_problem(fits: &[&'static str], best: &'static str, span: Span, index: usize) -> Problem {
    let code = match fits {
        [_, _, ..] => Code::RulesAmbiguous,
        _ => Code::RulesInferred,
    };
    let fits = PRESETS
        .iter()
        .enumerate()
        .filter(|(_, (name, _))| fits.contains(name))
        .fold(0u8, |set, (k, _)| set | 1 << k);
    Problem {
        code,
        kind: Kind::Presets(PresetFit {
            fits,
            best,
            notes: String::new(),
        }),
        span,
        place: Place::Game {
            players: Players::default(),
            rules: Some(best),
        },
        game: index,
        turn: None,
        also: None,
        fix: None,
        line: None,
    }
}

// Every preset has a bit of `PresetFit::fits`.
const _: () = assert!(PRESETS.len() <= 8);

/// The presets a game without a Rules tag is legal under, and the one it is checked under,
/// worded when rendered ([`PresetFit::message`], [`PresetFit::help`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PresetFit {
    /// The presets it is legal under, as bits of their places in [`PRESETS`].
    fits: u8,
    /// The preset it is checked under.
    best: &'static str,
    /// Sentences added to the help.
    pub(crate) notes: String,
}

impl PresetFit {
    /// The names of the presets it is legal under, in the order of [`PRESETS`].
    fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        PRESETS
            .iter()
            .enumerate()
            .filter(|(k, _)| self.fits & 1 << k != 0)
            .map(|(_, (name, _))| *name)
    }

    /// What the problem says (each half apart: one is worded for every game of a tagless
    /// archive).
    pub(crate) fn message(&self) -> String {
        let mut names = self.names();
        match (names.next(), self.fits.count_ones()) {
            (None, _) => [
                "the game is legal under no preset; it is checked under ",
                self.best,
                ", which gets furthest",
            ]
            .concat(),
            (Some(one), 1) => ["the game is legal under the ", one, " preset only"].concat(),
            (Some(_), _) => {
                let many: Vec<&str> = self.names().collect();
                [
                    "the game is legal under several presets: ",
                    &many.join(", "),
                ]
                .concat()
            }
        }
    }

    /// The help.
    pub(crate) fn help(&self) -> String {
        let notes = self.notes.as_str();
        match (self.names().next(), self.fits.count_ones()) {
            (None, _) => ["Add a Rules tag naming the game's rules, with options if it needs them: `[Rules \"standard chain=none\"]`.", notes].concat(),
            (Some(one), 1) => ["Add `[Rules \"", one, "\"]` to the game to say so.", notes].concat(),
            (Some(_), _) => ["Add a Rules tag to say which; it is checked under ", self.best, ".", notes].concat(),
        }
    }
}
