//! What the fast lane keeps of a clean game for `seega convert` ([`CleanGame`]), and the
//! interface through which the lane hands it over ([`Recorder`]): `seega check` keeps nothing,
//! so its lane compiles to the same code as without one.

use crate::engine::{Bitboard, Color, Outcome, Position, Ruleset, Setup, Square};
use crate::notation::{Annotation, GameResult};

/// What the lane tells about a game as it reads it, as a visitor: every call does nothing
/// unless a recorder says otherwise. The check keeps nothing (`()`); `seega convert` keeps a
/// [`CleanGame`].
pub(super) trait Recorder<'t> {
    /// Whether anything is kept: tags, comments and glyphs are handed over only then.
    const KEEPS: bool;
    /// Whether the game's positions are handed over ([`Recorder::start`], [`Recorder::last`]):
    /// for a verdict made by the lane ([`super::fast::clean_verdict`]).
    const POSITIONS: bool = false;
    /// The game's ruleset and its position before its first turn, before its movetext is read.
    fn start(&mut self, _rules: Ruleset, _start: &Position) {}
    /// At the result: the position after the last turn, the game there and how it ended.
    fn last(&mut self, _position: Position, _end: &Setup, _outcome: Option<Outcome>) {}
    /// A tag, in order; `escaped` when its value as written holds `\"` or `\\`.
    fn tag(&mut self, _name: &'t str, _value: &'t str, _escaped: bool) {}
    /// A comment before the result, in order (among the headers, or in the movetext).
    fn comment(&mut self, _comment: CleanComment<'t>) {}
    /// A numeric annotation glyph `$N`.
    fn nag(&mut self, _nag: u32) {}
    /// A comment after the result, on its line: the game's trailing comments.
    fn trailing(&mut self, _comment: CleanComment<'t>) {}
    /// A turn played, starting at byte `at`; a move's steps follow.
    fn turn(&mut self, _at: usize, _side: Color, _kind: CleanKind) {}
    /// Whether the game after each turn is wanted ([`Recorder::after`]).
    fn wants_after(&self) -> bool {
        false
    }
    /// The game after the turn just played (when [`Recorder::wants_after`]).
    fn after(&mut self, _setup: &Setup) {}
    /// The movetext is read again from its start (it holds variations, which the lane reads
    /// only then): forget the turns told so far. Never asked of a recorder that keeps.
    fn again(&mut self) {}
    /// A step of the last move, to `to`, capturing `captured`.
    fn step(&mut self, _to: Square, _captured: Bitboard) {}
    /// The annotation written after the last turn.
    fn annotation(&mut self, _annotation: Annotation) {}
    /// The end of the game, clean.
    fn end(
        &mut self,
        _rules: Ruleset,
        _result: GameResult,
        _outcome: Option<Outcome>,
        _last: &Setup,
    ) {
    }
}

impl Recorder<'_> for () {
    const KEEPS: bool = false;
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
    /// How many glyphs and comments follow the turn (up to the next turn): the next entries
    /// of [`CleanGame::notes`] after those of the turns before it.
    pub notes: u32,
    /// The side that played it.
    pub side: Color,
    /// What it was.
    pub kind: CleanKind,
    /// The annotation written after it.
    pub annotation: Option<Annotation>,
    /// Whether it has an annotation or notes (glyphs and comments): what a writer looks at
    /// first.
    pub noted: bool,
}

/// A comment of a clean game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CleanComment<'t> {
    /// The text inside the braces, or after the semicolon.
    pub text: &'t str,
    /// Whether it was written `; ...` to the end of the line.
    pub line: bool,
}

/// An item of a clean game's header, as the game object lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CleanHeader<'t> {
    /// A tag pair: its name and its value as written between the quotes, which holds escapes
    /// (`\"`, `\\`) when `escaped` is set.
    Tag {
        /// The name.
        name: &'t str,
        /// The value as written.
        value: &'t str,
        /// Whether `value` holds escapes.
        escaped: bool,
    },
    /// A comment among the tags, or in the movetext before the first turn and glyph.
    Comment(CleanComment<'t>),
}

/// What follows a turn: a glyph or a comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CleanNote<'t> {
    /// `$N`.
    Nag(u32),
    /// A comment.
    Comment(CleanComment<'t>),
}

/// A game the lane found clean, as much as a writer needs: headers, turns with what each step
/// captured and what follows each, the result and the end. Its buffers are reused from game
/// to game.
#[derive(Debug, Default)]
pub struct CleanGame<'t> {
    /// Tags and header comments in order.
    pub headers: Vec<CleanHeader<'t>>,
    /// Glyphs before the first turn.
    pub nags: Vec<u32>,
    /// Comments before the first turn that follow such a glyph.
    pub comments: Vec<CleanComment<'t>>,
    /// Turns in order.
    pub turns: Vec<CleanTurn>,
    /// Glyphs and comments after the turns, in order (see [`CleanTurn::notes`]).
    pub notes: Vec<CleanNote<'t>>,
    /// Comments after the result on its line.
    pub trailing: Vec<CleanComment<'t>>,
    /// Whether some turn has an annotation, glyphs or comments.
    pub noted: bool,
    /// Steps of the moves but slides ([`CleanKind::Slide`]), in order: where each went and
    /// what it captured.
    pub steps: Vec<(Square, Bitboard)>,
    /// The ruleset played.
    pub rules: Option<Ruleset>,
    /// The result token.
    pub result: Option<GameResult>,
    /// How the game ended by rule, if it did.
    pub outcome: Option<Outcome>,
    /// The game after the last turn, as `final` writes it: the position and the game-level
    /// state.
    pub last: Option<Setup>,
    /// Whether the game after each turn is kept, in [`CleanGame::afters`].
    pub keep_afters: bool,
    /// The game after each turn, when [`CleanGame::keep_afters`] is set.
    pub afters: Vec<Setup>,
}

impl CleanGame<'_> {
    pub(super) fn clear(&mut self) {
        self.headers.clear();
        self.nags.clear();
        self.comments.clear();
        self.notes.clear();
        self.trailing.clear();
        self.noted = false;
        self.turns.clear();
        self.steps.clear();
        self.rules = None;
        self.result = None;
        self.outcome = None;
        self.last = None;
        self.afters.clear();
    }
}

impl<'t> Recorder<'t> for CleanGame<'t> {
    const KEEPS: bool = true;
    fn tag(&mut self, name: &'t str, value: &'t str, escaped: bool) {
        self.headers.push(CleanHeader::Tag {
            name,
            value,
            escaped,
        });
    }
    fn comment(&mut self, comment: CleanComment<'t>) {
        // Where the game object puts it: after the last turn, or before the first among the
        // headers, unless a glyph came first.
        match self.turns.last_mut() {
            Some(t) => {
                t.notes += 1;
                t.noted = true;
                self.noted = true;
                self.notes.push(CleanNote::Comment(comment));
            }
            None if self.nags.is_empty() => self.headers.push(CleanHeader::Comment(comment)),
            None => self.comments.push(comment),
        }
    }
    fn nag(&mut self, nag: u32) {
        match self.turns.last_mut() {
            Some(t) => {
                t.notes += 1;
                t.noted = true;
                self.noted = true;
                self.notes.push(CleanNote::Nag(nag));
            }
            None => self.nags.push(nag),
        }
    }
    fn trailing(&mut self, comment: CleanComment<'t>) {
        self.trailing.push(comment);
    }
    #[inline(always)]
    fn turn(&mut self, at: usize, side: Color, kind: CleanKind) {
        self.turns.push(CleanTurn {
            at,
            steps: 0,
            notes: 0,
            side,
            kind,
            annotation: None,
            noted: false,
        });
    }
    #[inline(always)]
    fn wants_after(&self) -> bool {
        self.keep_afters
    }
    fn after(&mut self, setup: &Setup) {
        self.afters.push(*setup);
    }
    #[inline(always)]
    fn annotation(&mut self, annotation: Annotation) {
        if let Some(t) = self.turns.last_mut() {
            t.annotation = Some(annotation);
            t.noted = true;
            self.noted = true;
        }
    }
    #[inline(always)]
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
    fn end(&mut self, rules: Ruleset, result: GameResult, outcome: Option<Outcome>, last: &Setup) {
        self.rules = Some(rules);
        self.result = Some(result);
        self.outcome = outcome;
        self.last = Some(*last);
    }
}
