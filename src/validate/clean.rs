//! What the fast lane keeps of a clean game for `seega convert` ([`CleanGame`]), and the
//! interface through which the lane hands it over ([`Recorder`]): `seega check` keeps nothing,
//! so its lane compiles to the same code as without one.

use crate::engine::{Bitboard, Color, Outcome, Position, Ruleset, Square};
use crate::notation::GameResult;

/// What the lane tells about a game as it reads it. The check keeps nothing (`()`);
/// `seega convert` keeps a [`CleanGame`].
pub(super) trait Recorder<'t> {
    /// Whether anything is kept: tags are handed over only then.
    const KEEPS: bool;
    /// A tag, in order.
    fn tag(&mut self, name: &'t str, value: &'t str);
    /// A turn played, starting at byte `at`; a move's steps follow.
    fn turn(&mut self, at: usize, side: Color, kind: CleanKind);
    /// A step of the last move, to `to`, capturing `captured`.
    fn step(&mut self, to: Square, captured: Bitboard);
    /// The end of the game, clean.
    fn end(
        &mut self,
        rules: Ruleset,
        result: GameResult,
        outcome: Option<Outcome>,
        last: &Position,
    );
}

impl Recorder<'_> for () {
    const KEEPS: bool = false;
    fn tag(&mut self, _: &str, _: &str) {}
    fn turn(&mut self, _: usize, _: Color, _: CleanKind) {}
    fn step(&mut self, _: Square, _: Bitboard) {}
    fn end(&mut self, _: Ruleset, _: GameResult, _: Option<Outcome>, _: &Position) {}
}

/// What kind of turn a clean game played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CleanKind {
    /// A placement on two squares.
    Place(Square, Square),
    /// A pass.
    Pass,
    /// A move from a square; its steps are in [`CleanGame::steps`] (see [`CleanTurn::steps`]).
    Move(Square),
    /// A move of one step that captured nothing, from a square to a square: the most common
    /// turn, kept without an entry in [`CleanGame::steps`]. The lane hands such a move over
    /// as [`CleanKind::Move`] and its step; the recorder keeps it so.
    Slide(Square, Square),
}

/// A turn of a clean game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CleanTurn {
    /// The byte where the turn is written (after any move number).
    pub at: usize,
    /// For a [`CleanKind::Move`], how many steps it made: the next entries of
    /// [`CleanGame::steps`] after those of the moves before it. 0 for any other turn.
    pub steps: u32,
    /// The side that played it.
    pub side: Color,
    /// What it was.
    pub kind: CleanKind,
}

/// A game the lane found clean, as much as a writer needs: tags, turns with what each step
/// captured, the result and the end. Its buffers are reused from game to game.
#[derive(Debug, Default)]
pub struct CleanGame<'t> {
    /// Tags in order: name and value (the lane reads no escapes, so the value is as written).
    pub tags: Vec<(&'t str, &'t str)>,
    /// Turns in order.
    pub turns: Vec<CleanTurn>,
    /// Steps of the moves but slides ([`CleanKind::Slide`]), in order: where each went and
    /// what it captured.
    pub steps: Vec<(Square, Bitboard)>,
    /// The ruleset played.
    pub rules: Option<Ruleset>,
    /// The result token.
    pub result: Option<GameResult>,
    /// How the game ended by rule, if it did.
    pub outcome: Option<Outcome>,
    /// The position after the last turn.
    pub last: Option<Position>,
}

impl CleanGame<'_> {
    pub(super) fn clear(&mut self) {
        self.tags.clear();
        self.turns.clear();
        self.steps.clear();
        self.rules = None;
        self.result = None;
        self.outcome = None;
        self.last = None;
    }
}

impl<'t> Recorder<'t> for CleanGame<'t> {
    const KEEPS: bool = true;
    fn tag(&mut self, name: &'t str, value: &'t str) {
        self.tags.push((name, value));
    }
    fn turn(&mut self, at: usize, side: Color, kind: CleanKind) {
        self.turns.push(CleanTurn {
            at,
            steps: 0,
            side,
            kind,
        });
    }
    fn step(&mut self, to: Square, captured: Bitboard) {
        let Some(t) = self.turns.last_mut() else {
            return;
        };
        match t.kind {
            // The first step, capturing nothing: a slide, unless another step follows.
            CleanKind::Move(from) if t.steps == 0 && captured.is_empty() => {
                t.kind = CleanKind::Slide(from, to);
                return;
            }
            CleanKind::Slide(from, first) => {
                t.kind = CleanKind::Move(from);
                t.steps = 1;
                self.steps.push((first, Bitboard::EMPTY));
            }
            _ => {}
        }
        t.steps += 1;
        self.steps.push((to, captured));
    }
    fn end(
        &mut self,
        rules: Ruleset,
        result: GameResult,
        outcome: Option<Outcome>,
        last: &Position,
    ) {
        self.rules = Some(rules);
        self.result = Some(result);
        self.outcome = outcome;
        self.last = Some(last.clone());
    }
}
