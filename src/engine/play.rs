//! Playing turns on a position seen through its board's type: the one place where the rules of
//! a turn (R3–R11) and the tests of the end of a game (R13–R16) are carried out; the rules of
//! the game around them (R12, R17, R18) are the referee's (`super::referee`).
//!
//! A [`Play`] holds the pieces of the side to move and of its opponent in words of the board
//! `B` (a `u64` up to 7×7), so that a replay keeps them in registers and the kernels fold the
//! board's masks into the code. [`Position`]'s turn methods load a `Play`, call it and store it
//! back; the fast lane of `seega check` plays a whole game on one.

use std::marker::PhantomData;

use super::bitboard::Bitboard;
use super::kernel::{self, Board, Word};
use super::outcome::{Outcome, Termination};
use super::position::{Phase, Position};
use super::referee::can_open_for;
use super::ruleset::{Barrier, Blocked, Centre, Chain, Ruleset};
use super::setup::Setup;
use super::turn::{IllegalTurn, Move};
use crate::board::{Color, Square};

/// A position in the words of board `B`, which must be its rules' board.
#[derive(Debug)]
pub(crate) struct Play<B: Board> {
    /// The pieces of the side to move.
    mine: B::W,
    /// The pieces of the other side.
    theirs: B::W,
    to_move: Color,
    hands: [u8; 2],
    /// Whether a hand still holds pieces: the placement phase. Kept beside `hands` so that the
    /// phase is one byte read: read as the two bytes of `hands` right after one of them was
    /// written by a placement, it waited for the write (a load the store before it cannot
    /// forward to), 4 % of the time `check` took on the standard archive.
    placing: bool,
    /// The pieces no capture removes: the centre under `centre=immune` (R8), else none.
    shield: B::W,
    /// By side, a square that showed in an earlier position that the side had no wall
    /// ([`kernel::has_wall_seen`]); a hint only, tested again before it is believed.
    witness: [u8; 2],
    rules: Ruleset,
    board: PhantomData<B>,
}

// By hand: derived, it would ask `B`, which is only a type name, to be `Clone` too.
impl<B: Board> Clone for Play<B> {
    fn clone(&self) -> Play<B> {
        Play { ..*self }
    }
}

impl<B: Board> Play<B> {
    /// `pos` in the words of its board (`B` must be that board).
    #[inline(always)]
    pub(crate) fn of(pos: &Position) -> Play<B> {
        let me = pos.to_move.index();
        Play {
            mine: B::W::narrow(pos.pieces[me].0),
            theirs: B::W::narrow(pos.pieces[1 - me].0),
            to_move: pos.to_move,
            hands: pos.hands,
            placing: pos.hands != [0, 0],
            shield: shield::<B>(&pos.rules),
            witness: [0; 2],
            rules: pos.rules,
            board: PhantomData,
        }
    }

    /// Writes this position back into `pos`.
    #[inline(always)]
    pub(crate) fn store(&self, pos: &mut Position) {
        let me = self.to_move.index();
        pos.pieces[me].0 = self.mine.widen();
        pos.pieces[1 - me].0 = self.theirs.widen();
        pos.to_move = self.to_move;
        pos.hands = self.hands;
    }

    /// This position as a [`Setup`]: what [`Position::setup`] gives of
    /// [`Play::to_position`], without making the position (the turns table asks it after
    /// every turn).
    #[inline]
    pub(crate) fn setup(&self) -> Setup {
        let me = self.to_move.index();
        let mut pieces = [Bitboard::EMPTY; 2];
        pieces[me].0 = self.mine.widen();
        pieces[1 - me].0 = self.theirs.widen();
        Setup {
            size: self.rules.size,
            pieces,
            to_move: self.to_move,
            in_hand: self.hands,
            opening_owed: false,
            quiet_turns: 0,
        }
    }

    /// This position as a [`Position`].
    pub(crate) fn to_position(&self) -> Position {
        let mut pos = Position::new(self.rules);
        self.store(&mut pos);
        pos
    }

    /// The rules in force.
    #[inline(always)]
    pub(crate) fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The side whose turn it is.
    #[inline(always)]
    pub(crate) fn to_move(&self) -> Color {
        self.to_move
    }

    /// The pieces of `color`.
    #[inline(always)]
    fn pieces(&self, color: Color) -> B::W {
        if color == self.to_move {
            self.mine
        } else {
            self.theirs
        }
    }

    /// Whether the game is in the movement phase.
    #[inline(always)]
    pub(crate) fn in_movement(&self) -> bool {
        self.phase() == Phase::Movement
    }

    fn phase(&self) -> Phase {
        if self.placing {
            Phase::Placement
        } else {
            Phase::Movement
        }
    }

    fn expect_phase(&self, phase: Phase, found: &'static str) -> Result<(), IllegalTurn> {
        if self.phase() == phase {
            Ok(())
        } else {
            Err(IllegalTurn::WrongPhase {
                phase: self.phase(),
                found,
            })
        }
    }

    /// Hands the turn to `next`, which may be the side already to move.
    #[inline(always)]
    fn hand_over(&mut self, next: Color) {
        if next != self.to_move {
            std::mem::swap(&mut self.mine, &mut self.theirs);
            self.to_move = next;
        }
    }

    /// The square's bit when it lies on the board.
    #[inline(always)]
    fn on_board(sq: Square) -> Result<B::W, IllegalTurn> {
        let bit = B::BIT[sq.index()];
        if bit == B::W::ZERO {
            Err(IllegalTurn::OffBoard(sq))
        } else {
            Ok(bit)
        }
    }

    /// Places two pieces of the side to move on `a` and `b` (R3, R4).
    #[inline(always)]
    pub(crate) fn place(&mut self, a: Square, b: Square) -> Result<(), IllegalTurn> {
        let bit_a = Self::on_board(a)?;
        let bit_b = Self::on_board(b)?;
        self.expect_phase(Phase::Placement, "placement")?;
        let occupied = self.mine | self.theirs;
        for (sq, bit) in [(a, bit_a), (b, bit_b)] {
            if bit == B::CENTRE {
                return Err(IllegalTurn::PlaceCentre(sq));
            }
            if occupied & bit != B::W::ZERO {
                return Err(IllegalTurn::PlaceOccupied(sq));
            }
        }
        if a == b {
            return Err(IllegalTurn::PlaceSame(a));
        }
        let me = self.to_move;
        let left = self.hands[me.index()].saturating_sub(2);
        self.hands[me.index()] = left;
        self.placing = left != 0 || self.hands[me.other().index()] != 0;
        self.mine = self.mine | bit_a | bit_b;
        let next = if self.phase() == Phase::Movement {
            self.rules.first_mover
        } else {
            me.other()
        };
        self.hand_over(next);
        Ok(())
    }

    /// Starts a movement turn with the piece on `from` (R5).
    #[inline(always)]
    pub(crate) fn begin_move(&self, from: Square) -> Result<Move, IllegalTurn> {
        let bit = Self::on_board(from)?;
        self.expect_phase(Phase::Movement, "movement")?;
        if self.mine & bit != B::W::ZERO {
            Ok(Move::start(from))
        } else if self.theirs & bit != B::W::ZERO {
            Err(IllegalTurn::MoveEnemy(from))
        } else {
            Err(IllegalTurn::MoveEmpty(from))
        }
    }

    /// [`Play::begin_move`] from `from`, then its first [`Play::step`] to `to`: the same result
    /// and the same position after, in one test when the step is plainly legal (a piece of the
    /// side to move, in the movement phase, steps to an empty square next to it, and no rule
    /// forces captures). Anything else is left to the two, which word the error.
    #[inline(always)]
    pub(crate) fn first_step(
        &mut self,
        from: Square,
        to: Square,
    ) -> Result<(Move, B::W), IllegalTurn> {
        let zero = B::W::ZERO;
        let (bit_from, bit_to) = (B::BIT[from.index()], B::BIT[to.index()]);
        let (mine, theirs) = (self.mine, self.theirs);
        let empty = B::FULL & !(mine | theirs);
        // `mine` and `empty` lie on the board, so both squares do.
        if mine & bit_from == zero
            || B::NEXT[from.index()] & empty & bit_to == zero
            || self.placing
            || self.rules.forced
        {
            return self.first_step_slow(from, to);
        }
        let captured = kernel::captures_at::<B>(to.index(), mine, theirs & !self.shield);
        self.mine = mine & !bit_from | bit_to;
        self.theirs = theirs & !captured;
        Ok((Move::after_first_step(to, captured != zero), captured))
    }

    /// [`Play::first_step`] the long way.
    #[cold]
    #[inline(never)]
    fn first_step_slow(&mut self, from: Square, to: Square) -> Result<(Move, B::W), IllegalTurn> {
        let mut mv = self.begin_move(from)?;
        let captured = self.step(&mut mv, to)?;
        Ok((mv, captured))
    }

    /// Whether a piece of `mine` standing on a square of `from` has a step that captures a piece
    /// of `theirs`.
    #[inline(always)]
    fn capture_from(&self, from: B::W, mine: B::W, theirs: B::W) -> bool {
        kernel::can_capture_from::<B>(
            from.widen(),
            mine.widen(),
            theirs.widen(),
            self.shield.widen(),
        )
    }

    /// Whether the piece on `at` has a step that captures.
    pub(crate) fn piece_can_capture(&self, at: Square) -> bool {
        let bit = B::W::bit(at.index());
        if self.mine & bit != B::W::ZERO {
            self.capture_from(bit, self.mine, self.theirs)
        } else if self.theirs & bit != B::W::ZERO {
            self.capture_from(bit, self.theirs, self.mine)
        } else {
            false
        }
    }

    /// Whether any piece of the side to move has a step that captures.
    pub(crate) fn can_capture(&self) -> bool {
        self.capture_from(self.mine, self.mine, self.theirs)
    }

    /// Whether `color` would have a step if it were its turn (R11).
    #[inline(always)]
    pub(crate) fn has_step_for(&self, color: Color) -> bool {
        kernel::has_step::<B>(
            self.pieces(color).widen(),
            (self.mine | self.theirs).widen(),
        )
    }

    /// Takes one step of `mv` to `to`, returning what it captured (R6–R10).
    #[inline(always)]
    pub(crate) fn step(&mut self, mv: &mut Move, to: Square) -> Result<B::W, IllegalTurn> {
        let zero = B::W::ZERO;
        let bit_to = Self::on_board(to)?;
        let from = mv.at;
        if mv.steps > 0 {
            match self.rules.chain {
                Chain::None => {
                    return Err(IllegalTurn::ChainOn("these rules allow one step per turn"));
                }
                _ if !mv.last_captured => {
                    return Err(IllegalTurn::ChainOn(
                        "a piece goes on only after a step that captured",
                    ));
                }
                _ => {}
            }
        }
        let bit_from = B::BIT[from.index()];
        if B::NEXT[from.index()] & bit_to == zero {
            return Err(not_next_to(from, to));
        }
        let (mine, theirs) = (self.mine, self.theirs);
        if (mine | theirs) & bit_to != zero {
            return Err(IllegalTurn::MoveOccupied(to));
        }
        // The captures of the piece on `from`, whichever side it belongs to (R7, R8).
        let captured = if mine & bit_from != zero {
            kernel::captures_at::<B>(to.index(), mine, theirs & !self.shield)
        } else if theirs & bit_from != zero {
            kernel::captures_at::<B>(to.index(), theirs, mine & !self.shield)
        } else {
            zero
        };
        // The rules' and the move's conditions first: they are the same from turn to turn,
        // whether a step captures is not.
        if (mv.steps > 0 || self.rules.forced) && captured == zero {
            if mv.steps > 0 && self.rules.chain == Chain::Capture {
                return Err(IllegalTurn::ChainOn(
                    "under chain=capture every further step must capture",
                ));
            }
            if self.rules.forced {
                if mv.steps == 0 && self.can_capture() {
                    return Err(IllegalTurn::Forced("a capturing step is available"));
                }
                if mv.steps > 0 && self.piece_can_capture(from) {
                    return Err(IllegalTurn::Forced(
                        "the moving piece has a capturing step and must take it",
                    ));
                }
            }
        }
        self.mine = mine & !bit_from | bit_to;
        self.theirs = theirs & !captured;
        mv.at = to;
        mv.steps += 1;
        mv.last_captured = captured != zero;
        Ok(captured)
    }

    /// Whether `mv` may take another step, and whether it must (R9, R10).
    #[inline(always)]
    pub(crate) fn continuation(&self, mv: &Move) -> (bool, bool) {
        if mv.steps == 0 {
            return (true, true);
        }
        if self.rules.chain == Chain::None || !mv.last_captured {
            return (false, false);
        }
        self.continuation_after_capture(mv)
    }

    /// [`Play::continuation`] after a capturing step under a chain mode, kept out of line so
    /// that the common case (no capture) stays small.
    #[inline(never)]
    fn continuation_after_capture(&self, mv: &Move) -> (bool, bool) {
        let can_capture = self.piece_can_capture(mv.at);
        let may = match self.rules.chain {
            Chain::Any => kernel::has_empty_neighbour::<B>(
                B::W::bit(mv.at.index()).widen(),
                (self.mine | self.theirs).widen(),
            ),
            _ => can_capture,
        };
        (may, self.rules.forced && can_capture)
    }

    /// Whether `mv` must take another step: [`Play::continuation`]'s second half, which only a
    /// move with no step yet or a rule that forces captures can make true. Without that rule it
    /// is known without looking for a capture.
    #[inline(always)]
    fn must_go_on(&self, mv: &Move) -> bool {
        if self.rules.forced {
            self.continuation(mv).1
        } else {
            mv.steps == 0
        }
    }

    /// Ends a movement turn (R10): the move must not stop while a capture is compulsory.
    #[inline(always)]
    pub(crate) fn end_move(&mut self, mv: Move) -> Result<(), IllegalTurn> {
        if mv.steps == 0 {
            return Err(IllegalTurn::ChainOn("a move takes at least one step"));
        }
        if self.must_go_on(&mv) {
            return Err(IllegalTurn::Forced(
                "the moving piece can capture again and must go on",
            ));
        }
        self.hand_over(self.to_move.other());
        Ok(())
    }

    /// Passes: legal only for a side in the movement phase without any step (R11).
    #[inline(always)]
    pub(crate) fn pass(&mut self) -> Result<(), IllegalTurn> {
        self.expect_phase(Phase::Movement, "pass")?;
        if self.has_step_for(self.to_move) {
            return Err(IllegalTurn::PassIllegal(self.to_move));
        }
        self.hand_over(self.to_move.other());
        Ok(())
    }

    /// Whether the game is over after a turn (R13): capture-all, then barrier, then — when the
    /// turn was a pass — blocked. (The limit, R16a, counts turns: the referee's.)
    #[inline(always)]
    pub(crate) fn outcome_after_turn(&self, was_pass: bool) -> Option<Outcome> {
        self.outcome_after(was_pass, false)
    }

    /// [`Play::outcome_after_turn`], where `quiet_reply_ends` tells whether a reply to a pass
    /// that captures nothing would end the game by the limit (R16a), and so answer it (R16).
    #[inline(always)]
    pub(crate) fn outcome_after(&self, was_pass: bool, quiet_reply_ends: bool) -> Option<Outcome> {
        if self.phase() != Phase::Movement {
            return None;
        }
        for color in [Color::Black, Color::White] {
            // material is zero: nothing on the board and nothing in hand
            if self.pieces(color) == B::W::ZERO && self.hands[color.index()] == 0 {
                return Some(Outcome {
                    termination: Termination::CaptureAll,
                    winner: Some(color.other()),
                });
            }
        }
        let pieces = [self.mine.widen(), self.theirs.widen()];
        let barrier = match self.rules.barrier {
            Barrier::None => false,
            Barrier::Wall => kernel::either_barrier::<B>(false, pieces),
            Barrier::Line => kernel::either_barrier::<B>(true, pieces),
        };
        if barrier {
            return Some(self.by_count(Termination::Barrier));
        }
        if was_pass
            && self.rules.blocked == Blocked::Open
            && !self.can_open_for(self.to_move.other(), quiet_reply_ends)
        {
            return Some(self.by_count(Termination::Blocked));
        }
        None
    }

    /// Whether the side to move, whose opponent `passer` has just passed, has a turn that
    /// gives it an opening (R12, R16): the referee's [`can_open_for`], which tries every turn,
    /// after a test that answers most positions at once ([`Play::opens_by_a_quiet_step`]).
    #[cold]
    #[inline(never)]
    fn can_open_for(&self, passer: Color, quiet_reply_ends: bool) -> bool {
        self.opens_by_a_quiet_step()
            || can_open_for::<B>(&self.to_position(), passer, quiet_reply_ends)
    }

    /// Whether the side to move has a step that captures nothing from a square next to a piece
    /// of the other side, and may take it as its turn (captures are not forced, or it has none).
    /// Such a turn is legal (R5, R10) and leaves the square it came from empty beside a piece
    /// that it did not capture, which then has a step (R11): it opens. So `true` is an answer of
    /// [`can_open_for`]; `false` says only that this test does not know.
    fn opens_by_a_quiet_step(&self) -> bool {
        if self.rules.forced && self.can_capture() {
            return false;
        }
        let (mine, theirs) = (self.mine, self.theirs);
        let empty = B::FULL & !(mine | theirs);
        let beside = kernel::spread::<B>(theirs) & kernel::spread::<B>(empty);
        let mut from = (mine & beside).widen();
        while from != 0 {
            let f = from.trailing_zeros() as usize;
            from &= from - 1;
            let mut to = (B::NEXT[f] & empty).widen();
            while to != 0 {
                let t = to.trailing_zeros() as usize;
                to &= to - 1;
                if kernel::captures_at::<B>(t, mine, theirs & !self.shield) == B::W::ZERO {
                    return true;
                }
            }
        }
        false
    }

    /// [`Play::outcome_after_turn`] after a movement turn, when the position before the turn
    /// was checked and had no outcome; `captured` tells whether the turn captured.
    ///
    /// Only what the turn can have changed is tested again. The mover keeps all its pieces, so
    /// only its opponent can have lost all of them (R14), and only by a capture. The opponent's
    /// barrier (R15) is unchanged by a move that captures nothing: the mover's piece goes from a
    /// square to an empty neighbour, both outside the opponent's pieces, so in R15a the squares
    /// reachable from the mover's pieces stay the same, and in R15b the piece stays on its side
    /// of every full line. A capture removes opponent pieces, which can never complete a line
    /// but can leave a wall (a wall piece that touched no square behind is gone), so a capturing
    /// move tests both walls.
    ///
    /// The walls are tested from the sides' witnesses ([`kernel::has_wall_seen`]), which this
    /// keeps up to date.
    #[inline(always)]
    pub(crate) fn outcome_after_move(&mut self, captured: bool) -> Option<Outcome> {
        let mover = self.to_move.other();
        if captured && self.mine == B::W::ZERO && self.hands[self.to_move.index()] == 0 {
            return Some(Outcome {
                termination: Termination::CaptureAll,
                winner: Some(mover),
            });
        }
        let barrier = match self.rules.barrier {
            Barrier::None => false,
            Barrier::Wall if captured => kernel::either_wall_seen::<B>(
                [self.pieces(Color::Black), self.pieces(Color::White)],
                &mut self.witness,
            ),
            Barrier::Wall => {
                kernel::has_wall_seen::<B>(self.theirs, self.mine, &mut self.witness[mover.index()])
            }
            Barrier::Line => kernel::has_line::<B>(self.theirs, self.mine),
        };
        if barrier {
            return Some(self.by_count(Termination::Barrier));
        }
        None
    }

    /// The outcome `termination` gives: the side with more pieces on the board wins.
    pub(crate) fn by_count(&self, termination: Termination) -> Outcome {
        let b = self.pieces(Color::Black).count();
        let w = self.pieces(Color::White).count();
        let winner = match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            termination,
            winner,
        }
    }
}

/// The pieces no capture removes under `rules` (R8): the centre, or none under `centre=plain`.
#[inline(always)]
pub(crate) fn shield<B: Board>(rules: &Ruleset) -> B::W {
    match rules.centre {
        Centre::Immune => B::CENTRE,
        Centre::Plain => B::W::ZERO,
    }
}

/// The error of a step from `from` to a square `to` that is not next to it (R6).
#[cold]
fn not_next_to(from: Square, to: Square) -> IllegalTurn {
    let df = (from.file() as i8 - to.file() as i8).abs();
    let dr = (from.rank() as i8 - to.rank() as i8).abs();
    if df == 1 && dr == 1 {
        IllegalTurn::MoveDiagonal { from, to }
    } else {
        IllegalTurn::MoveFar { from, to }
    }
}

#[cfg(test)]
mod tests;
