//! The lane's replay: plays each turn on the engine as it reads it from a window.

use crate::engine::kernel::{Board, Word};
use crate::engine::referee::{Referee, WrittenCaptures, turn_of_move_number};
use crate::engine::{Bitboard, Square};
use crate::notation::limits::MAX_TOKEN_BYTES;
use crate::notation::{Annotation, GameResult};

use super::super::clean::{CleanKind, Recorder};
use crate::notation::window::{self, Window, at, move_number, square, turn_end};

/// The replay: the game's referee, and where what was read goes.
pub(super) struct Replay<'r, B: Board, R> {
    /// The game, as the full path's referee keeps it.
    pub(super) referee: Referee<B>,
    /// Where what was read goes.
    pub(super) rec: &'r mut R,
}

impl<'t, B: Board, R: Recorder<'t>> Replay<'_, B, R> {
    /// Reads the move number at the start of `w` (the window of `b` at `i`) and plays the turn
    /// written right after it, if any; returns where the next token may start
    /// ([`window::next`]).
    #[inline(always)]
    pub(super) fn numbered(&mut self, b: &[u8], i: usize, w: &Window) -> Option<usize> {
        let (n, second, end) = move_number(w, 0)?;
        if turn_of_move_number(n, second) != self.referee.number() {
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
        self.referee.begin_turn().ok()?;
        if w[0] == b'-' {
            return self.pass(i, w);
        }
        let side = self.referee.play().to_move();
        let first = square(w, 0)?;
        if w[2] == b',' {
            let second = square(w, 3)?;
            let (end, marks) = turn_end(w, 5)?;
            self.referee.place(first, second).ok()?;
            self.rec.turn(i, side, CleanKind::Place(first, second));
            self.annotate(marks);
            Some(i + end)
        } else {
            self.rec.turn(i, side, CleanKind::Move(first));
            self.movement(first, b, i, w)
        }
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
        let side = self.referee.play().to_move();
        let (end, marks) = turn_end(w, 2).filter(|_| w[1] == b'-')?;
        self.referee.pass().ok()?;
        self.rec.turn(i, side, CleanKind::Pass);
        self.annotate(marks);
        Some(i + end)
    }

    /// Plays the steps of a movement from `from`, whose token starts at `i` (`w` is the window
    /// there), and ends the turn; returns where the next token may start. The first step is
    /// read in `w`, every further one in a window of its own.
    #[inline(always)]
    fn movement(&mut self, from: Square, b: &[u8], i: usize, w: &Window) -> Option<usize> {
        if w[2] != b'-' {
            return None;
        }
        let to = square(w, 3)?;
        let (mut mv, got) = self.referee.first_step(from, to).ok()?;
        let (mut k, mut any) = self.captures(to, got, w, 5)?;
        if at(w, k) != b'-' {
            // One step, the common case, apart: the move's state is known here.
            let (k, marks) = turn_end(w, k)?;
            self.annotate(marks);
            self.referee.end_move(mv, any).ok()?;
            return Some(i + k);
        }
        let mut pad = [0; window::WIDTH];
        let (mut base, mut s) = (i, w);
        while at(s, k) == b'-' {
            base += k;
            s = window::window(b, base, &mut pad);
            let to = square(s, 1)?;
            let got = self.referee.step(&mut mv, to).ok()?;
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
        self.referee.end_move(mv, any).ok()?;
        Some(base + k)
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
        let mut written = WrittenCaptures::<B>::of(got);
        while at(s, k) == b'x' {
            if !written.add(square(s, k + 1)?) {
                return None;
            }
            k += 3;
        }
        if written.missing() != B::W::ZERO {
            return None;
        }
        self.rec.step(to, Bitboard(got.widen()));
        Some((k, got != B::W::ZERO))
    }

    /// Whether the full path's result checks (R18, N8) find nothing.
    pub(super) fn result_is_clean(&self, token: GameResult, tag: Option<&str>) -> bool {
        crate::validate::result_check::result_slip(&self.referee, token, tag).is_none()
    }
}
