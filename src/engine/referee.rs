//! The referee: the one place where the rules of a whole game are carried out — whose turn it
//! is and its number, the opening owed after a pass (R12), the end of the game after every turn
//! (R13–R16), no turn after the end (R17) and the result the end calls for (R18) — around the
//! rules of one turn, which [`Play`] carries out (R3–R11).
//!
//! Every replay drives a [`Referee`]: the full path of `seega check`, its fast lane (which
//! plays a whole game on one, in registers), `seega generate`, the suggestion search, the
//! reading of mismatched move numbers and `--rules auto`. A turn is played in its words:
//! [`Referee::begin_turn`] first (R17), then [`Referee::place`], [`Referee::pass`], or a move
//! ([`Referee::begin_move`] or [`Referee::first_step`], [`Referee::step`]s,
//! [`Referee::end_move`]), each of which ends the turn when it is the last word of it.

use super::kernel::{Board, Word};
use super::outcome::{Outcome, Termination};
use super::play::Play;
use super::position::Position;
use super::ruleset::Blocked;
use super::square::{Color, Square};
use super::turn::{IllegalTurn, Move};

/// A game under way on board `B`: the position, the number of the next turn, the side that
/// passed on the turn before, and how the game ended, once it has.
#[derive(Debug)]
pub(crate) struct Referee<B: Board> {
    play: Play<B>,
    /// The number of the next turn, from 1.
    number: u64,
    /// The side that passed on the previous turn (R12).
    passer: Option<Color>,
    outcome: Option<Outcome>,
    /// Whether the position before this turn was tested for an end in the movement phase and
    /// had none (what [`Play::outcome_after_move`] needs). For a move this is the same as "not
    /// the game's first turn", but testing that compiled to more instructions per byte in the
    /// fast lane (42.5 against 41.4, callgrind), so the flag stays.
    clear: bool,
    /// Whether the next move, if it is one, is a plain turn: the position before it is clear
    /// (as `clear` says), no pass owes an opening and the rules set no limit. Such a move needs
    /// only its own end tested: one test of this flag in place of three, on the turn the fast
    /// lane plays most.
    plain: bool,
    /// The rules' `limit=N` (R16a).
    limit: Option<u16>,
    /// The turns of the movement phase in a row, up to this one, that captured nothing (kept
    /// only under a limit).
    quiet: u16,
}

// By hand, as for `Play`.
impl<B: Board> Clone for Referee<B> {
    fn clone(&self) -> Referee<B> {
        Referee {
            play: self.play.clone(),
            ..*self
        }
    }
}

/// A referee's game as plain values, for a game kept between turns on no particular board
/// (the library's `GameState`): [`Referee::save`] and [`Referee::resume`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Between {
    /// The position.
    pub(crate) position: Position,
    /// The number of the next turn, from 1.
    pub(crate) number: u64,
    /// The side that passed on the previous turn.
    pub(crate) passer: Option<Color>,
    /// How the game ended, once it has.
    pub(crate) outcome: Option<Outcome>,
    /// The turns of the movement phase in a row that captured nothing (R16a).
    pub(crate) quiet: u16,
}

impl Between {
    /// A game whose next turn, numbered 1, is played from `position`: ended already when the
    /// position is an end (R13), as [`Referee::of`] says.
    pub(crate) fn new(position: Position) -> Between {
        let outcome = position.outcome_after_turn(false);
        Between {
            position,
            number: 1,
            passer: None,
            outcome,
            quiet: 0,
        }
    }
}

/// A turn written after the game ended (R17).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AfterEnd {
    /// How the game ended.
    pub(crate) outcome: Outcome,
    /// The number of the turn that ended it.
    pub(crate) ended_on: u64,
}

impl<B: Board> Referee<B> {
    /// A game whose next turn, numbered 1, is played from `pos` (`B` must be its board). A
    /// position in the middle of a game starts a referee that knows nothing of the turns before
    /// it: no pass owes an opening, and no turn without a capture has been counted (R16a). But
    /// a position that is an end — a side without pieces, a barrier standing — has ended the
    /// game already (R13): a setup is tested as the position after a turn.
    #[inline(always)]
    pub(crate) fn of(pos: &Position) -> Referee<B> {
        let play = Play::of(pos);
        let outcome = play.outcome_after_turn(false);
        Referee {
            limit: pos.rules.limit,
            play,
            number: 1,
            passer: None,
            outcome,
            clear: false,
            plain: false,
            quiet: 0,
        }
    }

    /// The game kept as `between` says.
    pub(crate) fn resume(between: &Between) -> Referee<B> {
        Referee {
            play: Play::of(&between.position),
            number: between.number,
            passer: between.passer,
            outcome: between.outcome,
            clear: false,
            plain: false,
            limit: between.position.rules.limit,
            quiet: between.quiet,
        }
    }

    /// The game as plain values, to keep between turns.
    pub(crate) fn save(&self) -> Between {
        Between {
            position: self.position(),
            number: self.number,
            passer: self.passer,
            outcome: self.outcome,
            quiet: self.quiet,
        }
    }

    /// The position.
    #[inline(always)]
    pub(crate) fn play(&self) -> &Play<B> {
        &self.play
    }

    /// The position as a [`Position`].
    pub(crate) fn position(&self) -> Position {
        self.play.to_position()
    }

    /// The game now as a setup: the position, the opening owed and the count toward a limit.
    pub(crate) fn setup(&self) -> super::setup::Setup {
        super::setup::Setup {
            opening_owed: self.passer.is_some(),
            quiet_turns: self.quiet,
            ..self.play.to_position().setup()
        }
    }

    /// The number of the next turn, from 1.
    #[inline(always)]
    pub(crate) fn number(&self) -> u64 {
        self.number
    }

    /// How the game ended by rule, once it has.
    #[inline(always)]
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is in the movement phase.
    #[inline(always)]
    pub(crate) fn in_movement(&self) -> bool {
        self.play.in_movement()
    }

    /// Opens a turn: the end of the game when it has ended (R17).
    #[inline(always)]
    pub(crate) fn begin_turn(&self) -> Result<(), AfterEnd> {
        match self.outcome {
            None => Ok(()),
            Some(outcome) => Err(AfterEnd {
                outcome,
                ended_on: self.number - 1,
            }),
        }
    }

    /// Plays a placement on `a` and `b` (R3, R4) and ends the turn. No opening is owed here
    /// (R12): a pass leaves the game in the movement phase, where a placement is refused.
    #[inline(always)]
    pub(crate) fn place(&mut self, a: Square, b: Square) -> Result<(), IllegalTurn> {
        self.play.place(a, b)?;
        self.outcome = self.play.outcome_after_turn(false);
        self.clear = self.outcome.is_none() && self.play.in_movement();
        self.plain = self.is_plain();
        self.number += 1;
        Ok(())
    }

    /// Plays a pass (R11) and ends the turn: under `blocked=open` the next turn owes the
    /// passer an opening (R12), and the game ends here when none can be given (R16).
    #[inline(always)]
    pub(crate) fn pass(&mut self) -> Result<(), IllegalTurn> {
        let side = self.play.to_move();
        self.play.pass()?;
        if self.limit.is_some() {
            self.count(false);
        }
        let quiet_reply_ends = self
            .limit
            .is_some_and(|n| self.quiet.saturating_add(1) >= n);
        let outcome = self.play.outcome_after(true, quiet_reply_ends);
        let outcome = outcome.or_else(|| self.limit_reached());
        self.opening(outcome)?;
        if self.play.rules().blocked == Blocked::Open {
            self.passer = Some(side);
        }
        self.outcome = outcome;
        self.clear = self.outcome.is_none() && self.play.in_movement();
        self.plain = self.is_plain();
        self.number += 1;
        Ok(())
    }

    /// Whether the next move is a plain turn (see the field `plain`).
    #[inline(always)]
    fn is_plain(&self) -> bool {
        self.clear && self.passer.is_none() && self.limit.is_none()
    }

    /// Counts a turn of the movement phase that `captured` or not (R16a; kept only under a
    /// limit).
    #[inline(always)]
    fn count(&mut self, captured: bool) {
        self.quiet = if captured {
            0
        } else {
            self.quiet.saturating_add(1)
        };
    }

    /// The end by the limit (R16a), when the turns without a capture have reached it.
    #[inline(always)]
    fn limit_reached(&self) -> Option<Outcome> {
        match self.limit {
            Some(n) if self.quiet >= n => Some(self.play.by_count(Termination::Limit)),
            _ => None,
        }
    }

    /// Starts a move with the piece on `from` (R5).
    #[inline(always)]
    pub(crate) fn begin_move(&self, from: Square) -> Result<Move, IllegalTurn> {
        self.play.begin_move(from)
    }

    /// [`Referee::begin_move`] and the move's first [`Referee::step`], to `to`, in one
    /// ([`Play::first_step`]).
    #[inline(always)]
    pub(crate) fn first_step(
        &mut self,
        from: Square,
        to: Square,
    ) -> Result<(Move, B::W), IllegalTurn> {
        self.play.first_step(from, to)
    }

    /// Takes a step of `mv` to `to`; returns what it captured (R6–R10).
    #[inline(always)]
    pub(crate) fn step(&mut self, mv: &mut Move, to: Square) -> Result<B::W, IllegalTurn> {
        self.play.step(mv, to)
    }

    /// Ends the move `mv`, which `captured` or not (R10), and the turn.
    #[inline(always)]
    pub(crate) fn end_move(&mut self, mv: Move, captured: bool) -> Result<(), IllegalTurn> {
        self.play.end_move(mv)?;
        if self.plain {
            if let Some(outcome) = self.play.outcome_after_move(captured) {
                self.outcome = Some(outcome);
                (self.clear, self.plain) = (false, false);
            }
            self.number += 1;
            return Ok(());
        }
        let mut outcome = if self.clear {
            self.play.outcome_after_move(captured)
        } else {
            self.play.outcome_after_turn(false)
        };
        // One test on the common turn, under no limit.
        if self.limit.is_some() {
            self.count(captured);
            outcome = outcome.or_else(|| self.limit_reached());
        }
        self.opening(outcome)?;
        self.outcome = outcome;
        self.clear = self.outcome.is_none();
        self.plain = self.is_plain();
        self.number += 1;
        Ok(())
    }

    /// The opening owed after a pass (R12), tested once the turn after it is played and its
    /// `outcome` known: unless that turn ended the game, the side that passed must have a
    /// step. (Inline: a call here, even a cold one, measured 5–10 % slower in the fast lane.)
    #[inline(always)]
    fn opening(&mut self, outcome: Option<Outcome>) -> Result<(), IllegalTurn> {
        // Tested before it is cleared: no store on the common turn, which follows no pass.
        if let Some(p) = self.passer {
            self.passer = None;
            if outcome.is_none() && !self.play.has_step_for(p) {
                return Err(IllegalTurn::NoOpening(p));
            }
        }
        Ok(())
    }

    /// Whether a turn from here that leads to `after` gives the opening owed after a pass, if
    /// one is owed (R12): `after` leaves the passer a step or ends the game (by R14, R15, or
    /// by the limit, R16a, when the turn captured nothing and reaches it).
    pub(crate) fn gives_opening(&self, after: &Position) -> bool {
        let Some(p) = self.passer else {
            return true;
        };
        let play = Play::<B>::of(after);
        let quiet = after.pieces(p).count() == self.play.to_position().pieces(p).count();
        let by_limit = quiet
            && self
                .limit
                .is_some_and(|n| self.quiet.saturating_add(1) >= n);
        by_limit || play.outcome_after_turn(false).is_some() || play.has_step_for(p)
    }

    /// Whether `written`, the result token of the game, is the one its end calls for, when it
    /// ended by rule (R18).
    #[inline(always)]
    pub(crate) fn result_agrees(&self, written: &str) -> Result<(), Outcome> {
        match self.outcome {
            Some(o) if o.result_token() != written => Err(o),
            _ => Ok(()),
        }
    }
}

/// The captures written after a step, checked as they are read against what the step
/// captured: none at all, or each captured square once and nothing else. The one test of
/// written captures, for the full replay and the fast lane.
#[derive(Debug)]
pub(crate) struct WrittenCaptures<B: Board> {
    /// What the step captured.
    got: B::W,
    /// The squares written so far.
    seen: B::W,
}

impl<B: Board> WrittenCaptures<B> {
    /// The list of a step that captured `got`, before its first square.
    #[inline(always)]
    pub(crate) fn of(got: B::W) -> WrittenCaptures<B> {
        WrittenCaptures {
            got,
            seen: B::W::ZERO,
        }
    }

    /// What the step captured.
    #[inline(always)]
    pub(crate) fn got(&self) -> B::W {
        self.got
    }

    /// Adds the written square `sq`; false when the step does not capture it, or it was
    /// written already.
    #[inline(always)]
    pub(crate) fn add(&mut self, sq: Square) -> bool {
        let c = B::BIT[sq.index()];
        if self.got & c == B::W::ZERO || self.seen & c != B::W::ZERO {
            return false;
        }
        self.seen = self.seen | c;
        true
    }

    /// The squares the step captured that a list of at least one square leaves out (none when
    /// nothing was written).
    #[inline(always)]
    pub(crate) fn missing(&self) -> B::W {
        if self.seen == B::W::ZERO {
            B::W::ZERO
        } else {
            self.got & !self.seen
        }
    }
}

/// The number of the turn that a move number `number` announces (N5.1): `n.` the first turn
/// of the pair `n` (turn 2n − 1), `n...` its second (turn 2n). The one reading of move numbers.
#[inline(always)]
pub fn turn_of_move_number(number: u32, second: bool) -> u64 {
    2 * u64::from(number) - u64::from(!second)
}

/// The move number of turn `turn` (from 1) and whether it is the second of its pair (written
/// `n...`): the inverse of [`turn_of_move_number`].
pub fn move_number_of_turn(turn: u64) -> (u64, bool) {
    (turn.div_ceil(2), turn % 2 == 0)
}
