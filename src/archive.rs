//! Checking whole archives: the scanner and the validator, one game at a time.

pub mod convert;
pub mod pipeline;
mod split;
pub mod stream;

use crate::notation::{Game, Scanner, Source};
use crate::validate::{Options, Verdict, check_game};

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
            let verdict = check_game(&game, text, i + 1, opts);
            Checked {
                index: i + 1,
                game,
                verdict,
            }
        })
}
