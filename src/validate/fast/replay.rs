//! The lane's replay: a visitor of the movetext reader ([`crate::notation::read`]) that plays
//! each piece of a turn on the referee as it is read, and hands it to a recorder.

use crate::engine::kernel::{Board, Word};
use crate::engine::referee::{Referee, WrittenCaptures, turn_of_move_number};
use crate::engine::{Bitboard, Move, Ruleset, Square};
use crate::notation::Annotation;
use crate::notation::ast::{Comment, MoveNumber, ResultToken, Span, SquareAt};
use crate::notation::limits::{MAX_MOVETEXT, MAX_VARIATION_DEPTH};
use crate::notation::read::Visitor;

use super::super::clean::{CleanComment, CleanKind, Recorder};
use super::bidi::has_bidi;

/// The replay: the game's referee, and where what was read goes. The recorder is told the
/// main line's turns only.
pub(super) struct Replay<'r, 't, B: Board, R> {
    /// The game, as the full path's referee keeps it.
    pub(super) referee: Referee<B>,
    /// Where what was read goes.
    pub(super) rec: &'r mut R,
    /// The game's ruleset.
    pub(super) rules: Ruleset,
    /// The value of the game's Result tag, if it has one.
    pub(super) result_tag: Option<&'t str>,
    /// Where the movetext starts.
    pub(super) start: usize,
    /// Whether a trailing comment holds a bidirectional control (a comment in the movetext
    /// that holds one makes the lane give up at once).
    pub(super) bidi: bool,
    /// The lines around the variation being read, innermost last: each one's referee and
    /// [`Replay::before`] where the variation branched off it.
    pub(super) outer: Vec<(Referee<B>, Option<Referee<B>>)>,
    /// The referee before the last turn of the line being read, where a variation after that
    /// turn starts; `None` before its first turn. Kept only when `lines` is set.
    pub(super) before: Option<Referee<B>>,
    /// Whether variations are read: a copy of the referee is kept before every turn. The lane
    /// reads a game without it first (most games have none, and the copy costs 15 % of
    /// `check`'s instructions), and again with it when a variation comes (`wants_lines`).
    pub(super) lines: bool,
    /// Set when a variation came while `lines` was not.
    pub(super) wants_lines: bool,
    /// Whether the variation being read has its own result (only its `)` may follow).
    pub(super) line_ended: bool,
    /// Whether the recorder wants the game after each turn ([`Recorder::wants_after`]).
    pub(super) afters: bool,
}

impl<'t, B: Board, R: Recorder<'t>> Replay<'_, 't, B, R> {
    /// Keeps the referee before the turn about to be played, for a variation after it; `None`
    /// after the line's own result, where no turn may come.
    #[cold]
    #[inline(never)]
    fn keep_before(&mut self) -> Option<()> {
        if self.line_ended {
            return None;
        }
        match &mut self.before {
            Some(before) => before.clone_from(&self.referee),
            None => self.before = Some(self.referee.clone()),
        }
        Some(())
    }

    /// Makes the replay read its movetext again from `start`, keeping what variations need
    /// (see `lines`); the recorder forgets the turns it was told.
    pub(super) fn again(&mut self, start: Referee<B>) {
        self.referee = start;
        self.rec.again();
        (self.lines, self.wants_lines, self.line_ended) = (true, false, false);
        (self.before, self.bidi) = (None, false);
        self.outer.clear();
    }

    /// Hands over the annotation of the turn just played, if it has one, and the game after
    /// it when the recorder wants it.
    #[inline(always)]
    fn annotate(&mut self, marks: Option<Annotation>) {
        if let Some(a) = marks.filter(|_| R::KEEPS) {
            self.rec.annotation(a);
        }
        if R::KEEPS && self.afters {
            self.rec.after(&self.referee.setup());
        }
    }
}

/// A comment as the recorder keeps it.
#[inline(always)]
pub(super) fn clean_comment(c: Comment<'_>) -> CleanComment<'_> {
    CleanComment {
        text: c.text,
        line: c.line,
    }
}

impl<'t, B: Board, R: Recorder<'t>> Visitor<'t> for Replay<'_, 't, B, R> {
    /// The move on the engine, and whether a step of it captured.
    type Move = (Move, bool);
    /// Where the step went, and what it captured with the captures written after it.
    type Step = (Square, WrittenCaptures<B>);

    #[inline(always)]
    fn begin_turn(&mut self, _: usize) -> Option<()> {
        // (A recorder that keeps takes no variation: the lane reads its games once.)
        if !R::KEEPS && self.lines {
            self.keep_before()?;
        }
        self.referee.begin_turn().ok()
    }

    #[inline(always)]
    fn pass(&mut self, span: Span, marks: Option<Annotation>) -> Option<()> {
        let side = self.referee.play().to_move();
        self.referee.pass().ok()?;
        if R::KEEPS || self.outer.is_empty() {
            self.rec.turn(span.start, side, CleanKind::Pass);
        }
        self.annotate(marks);
        Some(())
    }

    #[inline(always)]
    fn place(
        &mut self,
        a: SquareAt,
        b: SquareAt,
        span: Span,
        marks: Option<Annotation>,
    ) -> Option<()> {
        let side = self.referee.play().to_move();
        self.referee.place(a.square, b.square).ok()?;
        if R::KEEPS || self.outer.is_empty() {
            (self.rec).turn(span.start, side, CleanKind::Place(a.square, b.square));
        }
        self.annotate(marks);
        Some(())
    }

    #[inline(always)]
    fn first_step(&mut self, from: SquareAt, to: SquareAt) -> Option<(Self::Move, Self::Step)> {
        let side = self.referee.play().to_move();
        if R::KEEPS || self.outer.is_empty() {
            (self.rec).turn(from.span.start, side, CleanKind::Move(from.square));
        }
        let (mv, got) = self.referee.first_step(from.square, to.square).ok()?;
        Some(((mv, false), (to.square, WrittenCaptures::of(got))))
    }

    #[inline(always)]
    fn step(&mut self, mv: &mut Self::Move, to: SquareAt) -> Option<Self::Step> {
        let got = self.referee.step(&mut mv.0, to.square).ok()?;
        Some((to.square, WrittenCaptures::of(got)))
    }

    #[inline(always)]
    fn capture(&mut self, step: &mut Self::Step, square: SquareAt) -> Option<()> {
        step.1.add(square.square).then_some(())
    }

    #[inline(always)]
    fn end_step(&mut self, mv: &mut Self::Move, step: Self::Step, _: Span) -> Option<()> {
        let (to, written) = step;
        let got = written.got();
        if written.missing() != B::W::ZERO {
            return None;
        }
        self.rec.step(to, Bitboard(got.widen()));
        mv.1 |= got != B::W::ZERO;
        Some(())
    }

    #[inline(always)]
    fn end_move(&mut self, mv: Self::Move, _: Span, marks: Option<Annotation>) -> Option<()> {
        self.referee.end_move(mv.0, mv.1).ok()?;
        self.annotate(marks);
        Some(())
    }

    #[inline(always)]
    fn number(&mut self, n: MoveNumber) -> Option<()> {
        let next = turn_of_move_number(n.number, n.second) == self.referee.number();
        // After a line's own result (read with `lines` only) no number may come.
        (next && !(!R::KEEPS && self.lines && self.line_ended)).then_some(())
    }

    #[inline(always)]
    fn nag(&mut self, value: u32, _: Span) -> Option<()> {
        if !R::KEEPS && self.line_ended {
            return None;
        }
        if R::KEEPS {
            self.rec.nag(value);
        }
        Some(())
    }

    /// The result, when the full path's result checks (R18, N8) find nothing in it. The full
    /// path stops reading at `MAX_MOVETEXT` movetext items (move numbers, turns, comments and
    /// glyphs). Each takes at least two bytes (`1.`, `--`, `{}`, `;` and its line break,
    /// `$1`), so a movetext shorter than twice that many bytes holds fewer: the lane counts
    /// none, and gives up on a longer one.
    #[inline(always)]
    fn result(&mut self, r: ResultToken) -> Option<()> {
        if r.span.start - self.start >= 2 * MAX_MOVETEXT {
            return None;
        }
        if crate::validate::result_check::result_slip(&self.referee, r.result, self.result_tag)
            .is_some()
        {
            return None;
        }
        if R::KEEPS {
            let (outcome, end) = (self.referee.outcome(), self.referee.setup());
            self.rec.end(self.rules, r.result, outcome, &end);
        }
        if R::POSITIONS {
            let (outcome, end) = (self.referee.outcome(), self.referee.setup());
            self.rec.last(self.referee.position(), &end, outcome);
        }
        Some(())
    }

    #[inline(always)]
    fn comment(&mut self, c: Comment<'t>) -> Option<()> {
        if has_bidi(c.text) {
            return None;
        }
        if R::KEEPS {
            self.rec.comment(clean_comment(c));
        }
        Some(())
    }

    /// A variation, replayed from the position before the last turn of its line, as the full
    /// path replays it. Not taken by a recorder that keeps the game (a clean game's record
    /// holds one line), before any turn of its line, after its line's result, nor deeper than
    /// the full path reads.
    #[cold]
    fn variation(&mut self, _: Span, depth: u32) -> Option<()> {
        if R::KEEPS || self.line_ended || depth > MAX_VARIATION_DEPTH {
            return None;
        }
        if !self.lines {
            self.wants_lines = true;
            return None;
        }
        let before = self.before.take()?;
        let line = std::mem::replace(&mut self.referee, before.clone());
        self.outer.push((line, Some(before)));
        Some(())
    }

    #[cold]
    fn variation_end(&mut self, _: Span, _: u32) -> Option<()> {
        // The line resumes: its referee, and the position before its last turn, where another
        // variation of that turn starts.
        (self.referee, self.before) = self.outer.pop()?;
        self.line_ended = false;
        Some(())
    }

    #[cold]
    fn line_result(&mut self, _: ResultToken, _: u32) -> Option<()> {
        if self.line_ended {
            return None;
        }
        self.line_ended = true;
        Some(())
    }

    #[inline(always)]
    fn trailing(&mut self, c: Comment<'t>) {
        self.bidi |= has_bidi(c.text);
        if R::KEEPS {
            self.rec.trailing(clean_comment(c));
        }
    }
}
