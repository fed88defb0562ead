//! Playing turns: placements (R3–R4), steps and chains (R5–R10), passes (R11); the opening
//! owed after a pass (R12) is the referee's.

use super::bitboard::Bitboard;
use super::kernel::{self, B9, Word, with_board};
use super::play::Play;
use super::position::{Phase, Position};
use super::ruleset::Centre;
use crate::board::{Color, Square};

/// Why a turn, or one step of it, is illegal. Each variant is one rule of `spec/rules.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalTurn {
    /// A square lies off the board of this game (R1).
    #[error("{0} is not on this board")]
    OffBoard(Square),
    /// A turn of the wrong kind for the phase (R3, R5).
    #[error("a {found} turn in the {phase} phase")]
    WrongPhase {
        /// The phase the game is in.
        phase: Phase,
        /// The kind of turn written: `placement`, `movement` or `pass`.
        found: &'static str,
    },
    /// Both pieces of a placement on one square (R4).
    #[error("both pieces are placed on {0}")]
    PlaceSame(Square),
    /// A placement on the centre (R4).
    #[error("pieces may not be placed on the centre {0}")]
    PlaceCentre(Square),
    /// A placement on an occupied square (R4).
    #[error("{0} is already occupied")]
    PlaceOccupied(Square),
    /// A move starts from an empty square (R5).
    #[error("there is no piece on {0}")]
    MoveEmpty(Square),
    /// A move starts from an enemy piece (R5).
    #[error("the piece on {0} belongs to the opponent")]
    MoveEnemy(Square),
    /// A step goes diagonally (R6).
    #[error("{from}-{to} is a diagonal step")]
    MoveDiagonal {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// A step goes further than one square (R6).
    #[error("{from}-{to} is not a step to a neighbouring square")]
    MoveFar {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// A step onto an occupied square (R6).
    #[error("{0} is occupied")]
    MoveOccupied(Square),
    /// A second step where the chain mode allows none, or after a step that captured nothing (R9).
    #[error("the piece may not go on: {0}")]
    ChainOn(&'static str),
    /// A capture was compulsory and was not made (R10).
    #[error("capture is compulsory: {0}")]
    Forced(&'static str),
    /// A pass while a step exists (R11).
    #[error("a pass while {0} has a legal step")]
    PassIllegal(Color),
    /// The turn after a pass leaves the passer still without a step (R12, the referee's).
    #[error("this turn leaves {0}, who passed, still without a legal step")]
    NoOpening(Color),
}

/// A movement turn under way: the moving piece, where it stands, and how its steps went.
///
/// Made by [`Position::begin_move`], advanced by [`Position::step`] and finished by
/// [`Position::end_move`]: the engine's own way of playing a movement one step at a time, which
/// [`crate::GameState::play`] runs for a whole [`crate::Ply`].
///
/// ```
/// use seega::{GameState, Move, Ruleset};
///
/// let rules = Ruleset::parse("standard chain=any")?;
/// let game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse()?)?;
/// let mut pos = game.position().clone();
/// let mut mv: Move = pos.begin_move("b1".parse()?)?;
/// assert_eq!((mv.at().to_string(), mv.steps()), ("b1".to_owned(), 0));
/// pos.step(&mut mv, "b2".parse()?)?;
/// assert_eq!((mv.at().to_string(), mv.steps()), ("b2".to_owned(), 1));
/// // It captured, so under `chain=any` it may go on, and need not.
/// assert_eq!(pos.continuation(&mv), (true, false));
/// pos.end_move(mv)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub(super) at: Square,
    pub(super) steps: u32,
    pub(super) last_captured: bool,
}

impl Move {
    /// Where the moving piece stands now.
    pub fn at(&self) -> Square {
        self.at
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// A move of the piece on `from`, before its first step.
    pub(super) fn start(from: Square) -> Move {
        Move {
            at: from,
            steps: 0,
            last_captured: false,
        }
    }

    /// A move after its first step, to `to`, which captured or not.
    #[inline(always)]
    pub(super) fn after_first_step(to: Square, captured: bool) -> Move {
        Move {
            at: to,
            steps: 1,
            last_captured: captured,
        }
    }
}

/// Runs `$body` on a [`Play`] loaded from `$pos` (bound to `$p`), for the board of `$pos`'s
/// size, and stores the play back into `$pos` when the body returns `Ok`.
macro_rules! on_play {
    ($pos:expr, $p:ident => $body:expr) => {
        with_board!($pos.size(), B => {
            let mut $p = Play::<B>::of($pos);
            let out = $body;
            if out.is_ok() {
                $p.store($pos);
            }
            out
        })
    };
}

impl Position {
    /// Places two pieces of the side to move on `a` and `b` (R3, R4).
    pub fn place(&mut self, a: Square, b: Square) -> Result<(), IllegalTurn> {
        on_play!(self, p => p.place(a, b))
    }

    /// Starts a movement turn with the piece on `from` (R5); the position is unchanged until
    /// the first [`Position::step`].
    ///
    /// A movement played step by step, as a board interface plays it while a player drags a
    /// piece:
    ///
    /// ```
    /// use seega::{GameState, Ruleset};
    ///
    /// let rules = Ruleset::parse("standard")?;
    /// let game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse()?)?;
    /// let mut pos = game.position().clone();
    /// let b1 = "b1".parse()?;
    /// let mut mv = pos.begin_move(b1)?;
    /// let captured = pos.step(&mut mv, "b2".parse()?)?;
    /// assert_eq!(captured.squares().map(|s| s.to_string()).collect::<Vec<_>>(), ["b3"]);
    /// assert_eq!(pos.continuation(&mv), (false, false)); // one step per turn in `standard`
    /// pos.end_move(mv)?;
    /// assert_eq!(pos.to_setup_string(), "5/1b3/5/1b3/5 w");
    /// assert!(pos.begin_move(b1).is_err()); // no piece there now
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn begin_move(&self, from: Square) -> Result<Move, IllegalTurn> {
        with_board!(self.size(), B => Play::<B>::of(self).begin_move(from))
    }

    /// The enemy pieces a step from `from` to the empty neighbour `to` would capture (R7, R8).
    pub fn captures_of_step(&self, from: Square, to: Square) -> Bitboard {
        let pieces = [self.pieces[0].0, self.pieces[1].0];
        let (f, t) = (from.index(), to.index());
        let on_board = with_board!(self.size(), B => {
            kernel::captures_of_step::<B>(f, t, pieces, super::play::shield::<B>(&self.rules).widen())
        });
        Bitboard(on_board.unwrap_or_else(|| self.captures_off_board(from, to)))
    }

    /// [`Position::captures_of_step`] for a `to` off the board, which no caller asks for: the
    /// 9×9 kernel's file masks keep every shift on its rank, so the pieces of this board next to
    /// `to` are still found as the rule says.
    fn captures_off_board(&self, from: Square, to: Square) -> u128 {
        let Some(me) = self.piece_at(from) else {
            return 0;
        };
        let mine = self.pieces(me).0;
        let mut theirs = self.pieces(me.other());
        if self.rules.centre == Centre::Immune {
            theirs.remove(self.size().centre());
        }
        kernel::captures::<B9>(1u128 << to.index(), mine, theirs.0)
    }

    /// Whether the piece on `at` has a step that captures.
    pub fn piece_can_capture(&self, at: Square) -> bool {
        with_board!(self.size(), B => Play::<B>::of(self).piece_can_capture(at))
    }

    /// Whether any piece of the side to move has a step that captures.
    pub fn can_capture(&self) -> bool {
        with_board!(self.size(), B => Play::<B>::of(self).can_capture())
    }

    /// Whether the side to move has any step at all (R11).
    pub fn has_step(&self) -> bool {
        self.has_step_for(self.to_move)
    }

    /// Whether `color` would have a step if it were its turn.
    pub fn has_step_for(&self, color: Color) -> bool {
        with_board!(self.size(), B => Play::<B>::of(self).has_step_for(color))
    }

    /// Takes one step of `mv` to `to`, returning what it captured (R6–R10); the example is
    /// [`Position::begin_move`]'s.
    pub fn step(&mut self, mv: &mut Move, to: Square) -> Result<Bitboard, IllegalTurn> {
        on_play!(self, p => p.step(mv, to).map(|c| Bitboard(c.widen())))
    }

    /// Whether `mv` may take another step, and whether it must (R9, R10).
    ///
    /// ```
    /// use seega::{GameState, Ruleset};
    ///
    /// for (chain, may_go_on) in [("capture", false), ("any", true)] {
    ///     let rules = Ruleset::parse(&format!("standard chain={chain}"))?;
    ///     let game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse()?)?;
    ///     let mut pos = game.position().clone();
    ///     let mut mv = pos.begin_move("b1".parse()?)?;
    ///     // It captures b3; no step from b2 captures again, which `chain=capture` asks for.
    ///     pos.step(&mut mv, "b2".parse()?)?;
    ///     assert_eq!(pos.continuation(&mv), (may_go_on, false));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn continuation(&self, mv: &Move) -> (bool, bool) {
        with_board!(self.size(), B => Play::<B>::of(self).continuation(mv))
    }

    /// Ends a movement turn (R10): the move must not stop while a capture is compulsory; the
    /// example is [`Position::begin_move`]'s.
    pub fn end_move(&mut self, mv: Move) -> Result<(), IllegalTurn> {
        on_play!(self, p => p.end_move(mv))
    }

    /// Passes: legal only for a side in the movement phase without any step (R11).
    pub fn pass(&mut self) -> Result<(), IllegalTurn> {
        on_play!(self, p => p.pass())
    }
}
