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

use super::kernel::{Board, Word, with_board};
use super::outcome::{Outcome, Termination};
use super::play::Play;
use super::position::Position;
use super::ruleset::Blocked;
use super::turn::{IllegalTurn, Move};
use crate::board::{Color, Square};

/// How turns are numbered and how move numbers announce them (N5.1): the referee's count,
/// defined in `crate::numbering`, below this module and the notation, so that the notation's
/// reader and writer count as the referee does without importing the engine.
pub use crate::numbering::{move_number_of_turn, turn_number, turn_of_move_number};

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
        let outcome = setup_outcome(&position);
        Between {
            position,
            number: 1,
            passer: None,
            outcome,
            quiet: 0,
        }
    }
}

impl Between {
    /// Whether a turn of this game that leads to `after` gives the opening owed after a pass,
    /// if one is owed (R12): [`Referee::gives_opening`].
    pub(crate) fn gives_opening(&self, after: &Position) -> bool {
        with_board!(self.position.size(), B => Referee::<B>::resume(self).gives_opening(after))
    }
}

/// How a game from the setup `pos` has ended before its first turn, if it has (R13, R21): a
/// setup is tested as the position after a turn that was no pass. The one test of a setup's
/// end: the referee's start (`Referee::of`, `Between::new`) and `show` of a position string
/// ask it. A setup where white has no pieces has ended by capture-all; the start has not
/// (tested below).
pub fn setup_outcome(pos: &Position) -> Option<Outcome> {
    with_board!(pos.size(), B => setup_end(&Play::<B>::of(pos)))
}

/// [`setup_outcome`] on a board held in registers.
#[inline(always)]
fn setup_end<B: Board>(play: &Play<B>) -> Option<Outcome> {
    play.outcome_after_turn(false)
}

/// Whether `after`, the position after the reply to `passer`'s pass, gives the opening owed
/// (R12): the passer has a step, or the reply ended the game — by capture-all or a barrier
/// (R14, R15), or by the limit (R16a) when `quiet_reply_ends` says that a reply capturing
/// nothing reaches it and this one captured nothing (`passer` had `before` pieces on the board
/// before it). The one definition of an opening: [`Referee::gives_opening`] and the search of
/// [`can_open_for`] ask it.
fn opens<B: Board>(after: &Position, passer: Color, before: u32, quiet_reply_ends: bool) -> bool {
    let play = Play::<B>::of(after);
    play.has_step_for(passer)
        || play.outcome_after_turn(false).is_some()
        || (quiet_reply_ends && after.pieces(passer).count() == before)
}

/// Whether the side to move in `pos` (on board `B`), whose opponent `passer` has just passed,
/// has a turn that gives it the opening owed ([`opens`]); when it has none the game ends
/// blocked (R16). Every turn is tried: the cold path of [`Play`]'s test of a blocked end.
pub(crate) fn can_open_for<B: Board>(
    pos: &Position,
    passer: Color,
    quiet_reply_ends: bool,
) -> bool {
    let mut found = false;
    let before = pos.pieces(passer).count();
    pos.for_each_turn(&mut |after, _| {
        found = opens::<B>(after, passer, before, quiet_reply_ends);
        !found
    });
    found
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
        let outcome = setup_end(&play);
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
            ..self.play.setup()
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
        let outcome = self.play.outcome_after(true, self.quiet_reply_ends());
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
        let before = self.play.to_position().pieces(p).count();
        opens::<B>(after, p, before, self.quiet_reply_ends())
    }

    /// Whether a reply to a pass that captures nothing would end the game by the limit
    /// (R16a), and so answer the pass (R12).
    fn quiet_reply_ends(&self) -> bool {
        self.limit
            .is_some_and(|n| self.quiet.saturating_add(1) >= n)
    }

    /// Whether `written`, the result token of the game, is the one its end calls for, when it
    /// ended by rule (R18): [`result_of`].
    #[inline(always)]
    pub(crate) fn result_agrees(&self, written: &str) -> Result<(), Outcome> {
        result_of(self.outcome, Some(written), None).agrees()
    }
}

/// A game's result: the one its record gives and the one its end calls for ([`result_of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RecordResult<'a> {
    /// The result the record gives: its result token, else its Result tag's value, else `*`.
    pub(crate) written: &'a str,
    /// How the game ended by rule, once it has: its end then calls for a result (R18).
    pub(crate) due: Option<Outcome>,
}

impl<'a> RecordResult<'a> {
    /// The result that counts: the one the end calls for when the game ended by rule (R18),
    /// else the one written (a record may end earlier with any result, `*` included).
    pub(crate) fn counts(&self) -> &'a str {
        self.due.map_or(self.written, |o| o.result_token())
    }

    /// Whether the result written is the one that counts: else the end that calls for another.
    #[inline(always)]
    pub(crate) fn agrees(&self) -> Result<(), Outcome> {
        match self.due {
            Some(o) if o.result_token() != self.written => Err(o),
            _ => Ok(()),
        }
    }
}

/// Which result counts for a game that ended as `outcome` says (`None`: not by rule) and whose
/// record has the result token `token` and a Result tag of value `tag`: the token is the
/// record's result (N5.5), the tag stands in only for a missing token, and `*` for both; when
/// the game ended by rule, the result its end calls for counts, and the one written must be it
/// (R18). The one decision of a game's result: the check of the result token, the replay
/// page, `fmt --fix-results` and the Ludii import's winner ask it.
#[inline(always)]
pub(crate) fn result_of<'a>(
    outcome: Option<Outcome>,
    token: Option<&'a str>,
    tag: Option<&'a str>,
) -> RecordResult<'a> {
    RecordResult {
        written: token.or(tag).unwrap_or("*"),
        due: outcome,
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

#[cfg(test)]
mod setup_end_tests {
    use super::setup_outcome;
    use crate::engine::{Position, Ruleset, Setup, Termination};

    #[test]
    fn a_setup_without_white_pieces_has_ended_and_the_start_has_not() {
        let rules = Ruleset::parse("standard").unwrap();
        let setup: Setup = "b4/5/5/5/5 w".parse().unwrap();
        let over = crate::GameState::from_setup(rules, &setup).unwrap();
        assert_eq!(
            setup_outcome(over.position()).map(|o| o.termination),
            Some(Termination::CaptureAll)
        );
        assert_eq!(setup_outcome(&Position::new(rules)), None);
    }
}
