//! Checking whole archives: the scanner and the validator, one game at a time.
//!
//! A text checked game by game ([`check_source`]), a stream checked on threads chunk by chunk
//! ([`stream::check_stream`]) and converted ([`convert::convert_stream`]):
//!
//! ```
//! use seega::archive::convert::{ConvertWork, Target, convert_stream};
//! use seega::archive::{Checked, check_source, outside_problems, stream};
//! use seega::notation::Source;
//! use seega::validate::Options;
//!
//! let archive = seega::generate(&seega::GenOptions::default(), 30);
//! let opts = Options::default();
//!
//! let source = Source::from_text(archive.clone());
//! let checked: Vec<Checked<'_>> = check_source(&source, &opts).collect();
//! assert_eq!(checked.len(), 30);
//! assert!(checked.iter().all(|c| c.verdict.is_valid() && c.index == c.game.number()));
//! assert!(outside_problems(&source).is_empty());
//!
//! let (mut games, mut valid) = (0, 0);
//! stream::check_stream(archive.as_bytes(), &opts, 2, &mut |placed| {
//!     assert_eq!(placed.games_before, games);
//!     games += placed.checked.games;
//!     valid += placed.checked.valid;
//!     Ok(())
//! })?;
//! assert_eq!((games, valid), (30, 30));
//!
//! let work = ConvertWork::new(&opts, "archive.sgn", Target::Jsonl, false);
//! let (mut lines, mut written) = (Vec::new(), 0);
//! convert_stream(archive.as_bytes(), &work, 2, &mut |chunk, before| {
//!     chunk.write_to(&mut lines, Target::Jsonl, before, &mut written)
//! })?;
//! assert_eq!((written, lines.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count()), (30, 30));
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Inside
//!
//! scanner plus validator over a whole source, lazily (`check_source`), and the bad bytes of a text
//! of no game (`outside_problems`).

pub mod convert;
pub mod copying;
mod objects;
pub(crate) mod pipeline;
pub mod report;
mod split;
pub mod stream;

pub use objects::{for_each_object, for_each_object_of_bytes};

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
    /// Whether its Rules tag won over the options' rules ([`Options::tag_overrode`]).
    pub tag_ruled: bool,
}

/// Checks every game of `source`, lazily and in order.
pub fn check_source<'a>(
    source: &'a Source,
    opts: &'a Options,
) -> impl Iterator<Item = Checked<'a>> + 'a {
    check_source_scanned(Scanner::new(source.text(), source.invalid()), opts)
}

/// [`check_source`] of the games `scanner` finds.
pub(crate) fn check_source_scanned<'a>(
    scanner: Scanner<'a>,
    opts: &'a Options,
) -> impl Iterator<Item = Checked<'a>> + 'a {
    scanner.enumerate().map(move |(i, game)| {
        let verdict = check_game_at(&game, i + 1, opts);
        Checked {
            index: i + 1,
            tag_ruled: opts.tag_overrode(&game, &verdict),
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
