//! The games of a text, each taken by the fast lane when it can and read the full way when it
//! cannot: the one loop of `check`, `convert` and the library's reader of records.

use crate::notation::{Game, Scanner};

/// A way to take a game at an offset of a text without a syntax tree: the fast lane, as one
/// command wants it (checked only, recorded for `convert`, or under each preset).
pub(crate) trait Lane<'t> {
    /// What the lane tells of a game it took, besides where it ends.
    type Took;
    /// Takes the game at `at` of `text`, the `number`th of the text (from 1): where it ends
    /// and what the lane tells of it, or `None` for the full way.
    fn take(&mut self, text: &'t str, at: usize, number: usize) -> Option<(usize, Self::Took)>;
}

/// A game of the text, as it was read.
pub(crate) enum GameRead<'t, T> {
    /// A game the lane took, from `start` (blank space may come first) to `end`.
    Lane {
        /// Where the lane began.
        start: usize,
        /// Where the game ends, for the scanner: after its result and its trailing comments.
        end: usize,
        /// What the lane told of it.
        took: T,
    },
    /// A game the lane did not take, read by the scanner.
    Full(Game<'t>),
}

/// The games of a text, in order: the lane's, or the scanner's where the lane gives up.
pub(crate) struct Games<'t, L> {
    text: &'t str,
    scanner: Scanner<'t>,
    /// The lane, when it is to be tried.
    lane: Option<L>,
    /// How many games were read.
    read: usize,
}

impl<'t, L: Lane<'t>> Games<'t, L> {
    /// The games `scanner` reads in `text`, each offered to `lane` first when there is one.
    pub(crate) fn new(text: &'t str, scanner: Scanner<'t>, lane: Option<L>) -> Self {
        Games {
            text,
            scanner,
            lane,
            read: 0,
        }
    }

    /// The same games, counted from `games` read before them (a game's number is the count
    /// after it).
    pub(crate) fn after(mut self, games: usize) -> Self {
        self.read = games;
        self
    }

    /// The lane, to read what it kept of the game it took last.
    pub(crate) fn lane(&mut self) -> Option<&mut L> {
        self.lane.as_mut()
    }

    /// The scanner, once the games are read (for [`Scanner::outside_games`]).
    pub(crate) fn scanner(&self) -> &Scanner<'t> {
        &self.scanner
    }
}

impl<'t, L: Lane<'t>> Iterator for Games<'t, L> {
    type Item = GameRead<'t, L::Took>;

    fn next(&mut self) -> Option<Self::Item> {
        let start = self.scanner.offset();
        let number = self.read + 1;
        let taken = (self.lane.as_mut()).and_then(|lane| lane.take(self.text, start, number));
        let read = match taken {
            Some((end, took)) => {
                self.scanner.seek(end);
                GameRead::Lane { start, end, took }
            }
            None => GameRead::Full(self.scanner.next()?),
        };
        self.read = number;
        Some(read)
    }
}
