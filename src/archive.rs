//! Checking whole archives: the scanner and the validator, one game at a time.

pub mod convert;
pub(crate) mod pipeline;
pub mod report;
mod split;
pub mod stream;

use crate::notation::{Game, Scanner, Source};
use crate::validate::{Options, Problem, Verdict, check_game_at, outside_games};

/// A game and its verdict.
#[derive(Debug, Clone)]
pub struct Checked<'a> {
    /// The game, from 1, within its archive.
    pub index: usize,
    /// The syntax tree.
    pub game: Game<'a>,
    /// What checking it found.
    pub verdict: Verdict,
}

/// Checks every game of `source`, lazily and in order.
pub fn check_source<'a>(
    source: &'a Source,
    opts: &'a Options,
) -> impl Iterator<Item = Checked<'a>> + 'a {
    let text = source.text();
    Scanner::new(text, source.invalid())
        .enumerate()
        .map(move |(i, game)| {
            let verdict = check_game_at(&game, text, i + 1, opts);
            Checked {
                index: i + 1,
                game,
                verdict,
            }
        })
}

/// The problems of `source` that belong to no game (see [`Scanner::outside_games`]): bytes that
/// are not UTF-8 in the comments of a text that holds only comments. [`check_source`] yields
/// games only, so a caller that must not lose such bytes (a text of no game is kept as it is)
/// asks for them when it found no game; the text is scanned again.
pub fn outside_problems(source: &Source) -> Vec<Problem> {
    let mut scanner = Scanner::new(source.text(), source.invalid());
    scanner.by_ref().for_each(drop);
    scanner.outside_games().iter().map(outside_games).collect()
}
