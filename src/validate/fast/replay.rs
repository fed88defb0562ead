//! The lane's replay: plays each turn on the engine as it reads it from a window.

use crate::engine::kernel::{Board, Word};
use crate::engine::play::Play;
use crate::engine::{Bitboard, Color, Outcome, Square};
use crate::notation::limits::MAX_TOKEN_BYTES;
use crate::notation::token::move_number;
use crate::notation::{Annotation, GameResult};

use super::super::clean::{CleanKind, Recorder};
use super::window::{self, Window, at, square, turn_end};

/// The replay state, as the full path keeps it.
pub(super) struct Replay<'r, B: Board, R> {
    pub(super) play: Play<B>,
    /// Where what was read goes.
    pub(super) rec: &'r mut R,
    /// The number of the next turn (from 1).
    pub(super) number: u64,
    pub(super) outcome: Option<Outcome>,
    /// The side that passed on the previous turn.
    pub(super) passer: Option<Color>,
    /// Whether the position before this turn was checked for an outcome in the movement phase
    /// and had none (what [`Play::outcome_after_move`] needs). For a move this is the same as
    /// "not the game's first turn" (`number > 1`), but testing that compiled to more
    /// instructions per byte (42.5 against 41.4, callgrind), so the flag stays.
    pub(super) clear: bool,
}

impl<'t, B: Board, R: Recorder<'t>> Replay<'_, B, R> {
    /// Reads the move number at the start of `w` (the window of `b` at `i`) and plays the turn
    /// written right after it, if any; returns where the next token may start
    /// ([`window::next`]).
    #[inline(always)]
    pub(super) fn numbered(&mut self, b: &[u8], i: usize, w: &Window) -> Option<usize> {
        let (n, second, end) = move_number(w, 0)?;
        if 2 * u64::from(n) - u64::from(!second) != self.number {
            return None;
        }
        if let Some(next) = window::next(w, end) {
            return Some(i + next);
        }
        let mut pad = [0; window::WIDTH];
        self.turn(b, i + end, window::window(b, i + end, &mut pad))
    }

    /// Reads and plays the turn written from `i` (`w` is the window there); returns where the
    /// next token may start ([`window::next`]).
    ///
    /// Each kind of turn has its own ending, with what it needs: a placement cannot follow a
    /// pass (a pass leaves the game in the movement phase), and after a move the game is in the
    /// movement phase.
    #[inline(always)]
    pub(super) fn turn(&mut self, b: &[u8], i: usize, w: &Window) -> Option<usize> {
        if self.outcome.is_some() {
            return None;
        }
        if w[0] == b'-' {
            return self.pass(i, w);
        }
        let side = self.play.to_move();
        let first = square(w, 0)?;
        let end = if w[2] == b',' {
            let second = square(w, 3)?;
            let (end, marks) = turn_end(w, 5)?;
            self.play.place(first, second).ok()?;
            self.rec.turn(i, side, CleanKind::Place(first, second));
            self.annotate(marks);
            self.outcome = self.play.outcome_after_turn(false);
            self.clear = self.outcome.is_none() && self.play.in_movement();
            i + end
        } else {
            self.rec.turn(i, side, CleanKind::Move(first));
            let (end, captured) = self.movement(first, b, i, w)?;
            self.after_pass()?;
            self.outcome = if self.clear {
                self.play.outcome_after_move(captured)
            } else {
                self.play.outcome_after_turn(false)
            };
            // What `outcome_after_move` needs of the position before the next turn.
            self.clear = self.outcome.is_none();
            end
        };
        self.number += 1;
        Some(end)
    }

    /// Hands over the annotation of the last turn, if it has one ([`turn_end`] read it).
    #[inline(always)]
    fn annotate(&mut self, marks: Option<Annotation>) {
        if let Some(a) = marks.filter(|_| R::KEEPS) {
            self.rec.annotation(a);
        }
    }

    /// Reads and plays the pass written from `i` (`w` is the window there); returns where the
    /// next token may start.
    #[cold]
    #[inline(never)]
    fn pass(&mut self, i: usize, w: &Window) -> Option<usize> {
        let side = self.play.to_move();
        let (end, marks) = turn_end(w, 2).filter(|_| w[1] == b'-')?;
        self.play.pass().ok()?;
        self.rec.turn(i, side, CleanKind::Pass);
        self.annotate(marks);
        self.after_pass()?;
        self.passer = Some(side);
        self.outcome = self.play.outcome_after_turn(true);
        self.clear = self.outcome.is_none() && self.play.in_movement();
        self.number += 1;
        Some(i + end)
    }

    /// Ends the pass of the previous turn, if it was one (R11): when the game goes on and the
    /// side that passed still has no step, the lane gives up (`None`) and the full path judges
    /// the turn. (Inline: a call here, even a cold one, measured 5–10 % slower.)
    #[inline(always)]
    fn after_pass(&mut self) -> Option<()> {
        if let Some(p) = self.passer.take() {
            if self.play.outcome_after_turn(false).is_none() && !self.play.has_step_for(p) {
                return None;
            }
        }
        Some(())
    }

    /// Plays the steps of a movement from `from`, whose token starts at `i` (`w` is the window
    /// there); returns where the next token may start and whether the move captured. The first
    /// step is read in `w`, every further one in a window of its own.
    #[inline(always)]
    fn movement(&mut self, from: Square, b: &[u8], i: usize, w: &Window) -> Option<(usize, bool)> {
        if w[2] != b'-' {
            return None;
        }
        let to = square(w, 3)?;
        let (mut mv, got) = self.play.first_step(from, to).ok()?;
        let (mut k, mut any) = self.captures(to, got, w, 5)?;
        if at(w, k) != b'-' {
            // One step, the common case, apart: the move's state is known here.
            let (k, marks) = turn_end(w, k)?;
            self.annotate(marks);
            self.play.end_move(mv).ok()?;
            return Some((i + k, any));
        }
        let mut pad = [0; window::WIDTH];
        let (mut base, mut s) = (i, w);
        while at(s, k) == b'-' {
            base += k;
            s = window::window(b, base, &mut pad);
            let to = square(s, 1)?;
            let got = self.play.step(&mut mv, to).ok()?;
            let captured;
            (k, captured) = self.captures(to, got, s, 3)?;
            any |= captured;
        }
        let (k, marks) = turn_end(s, k)?;
        self.annotate(marks);
        // Only such a move can make a token longer than the full path reads; a move number
        // before it (read in one window) is shorter than a window.
        if base + k - i > MAX_TOKEN_BYTES - window::WIDTH {
            return None;
        }
        self.play.end_move(mv).ok()?;
        Some((base + k, any))
    }

    /// Reads the captures written from `k` of `s` (each `x` and a square) of a step to `to`
    /// that captured `got`; returns where they end and whether the step captured.
    #[inline(always)]
    fn captures(
        &mut self,
        to: Square,
        got: B::W,
        s: &Window,
        mut k: usize,
    ) -> Option<(usize, bool)> {
        let zero = B::W::ZERO;
        let mut written = zero;
        while at(s, k) == b'x' {
            let c = B::BIT[square(s, k + 1)?.index()];
            if got & c == zero || written & c != zero {
                return None;
            }
            written = written | c;
            k += 3;
        }
        if written != zero && written != got {
            return None;
        }
        self.rec.step(to, Bitboard(got.widen()));
        Some((k, got != zero))
    }

    /// Whether the full path's result checks (R18, N8) find nothing.
    pub(super) fn result_is_clean(&self, token: GameResult, tag: Option<&str>) -> bool {
        if let Some(o) = self.outcome {
            if token.as_str() != o.result_token() {
                return false;
            }
        }
        tag.is_none_or(|t| GameResult::parse(t) == Some(token))
    }
}
