//! The reader as a token parser: a visitor that builds the syntax tree's [`Token`] of one
//! token from the pieces the reader hands it, or keeps where and why the reader refused it.
//! The token parser ([`crate::notation::token`]) reads every token through it, in the narrow
//! window first and, what that refuses, in the wide one.

use crate::notation::Annotation;
use crate::notation::ast::{
    Body, Captures, MoveNumber, ResultToken, Span, SquareAt, Step, Steps, SyntaxKind, Token, Turn,
    TurnKind,
};
use crate::notation::window::{self, Window};

use super::{Read, Visitor};

/// The token being built.
#[derive(Debug, Default)]
pub(crate) struct Builder {
    number: Option<MoveNumber>,
    body: Option<Body>,
    /// Where and why the reader refused the token, if it did.
    refused: Option<(usize, SyntaxKind)>,
}

impl Builder {
    /// The token built, and the builder empty again.
    pub(crate) fn take(&mut self) -> Token {
        Token {
            number: self.number.take(),
            body: self.body.take(),
        }
    }

    fn turn(&mut self, kind: TurnKind, span: Span, annotation: Option<Annotation>) -> Option<()> {
        self.body = Some(Body::Turn(Turn {
            kind,
            annotation,
            span,
        }));
        Some(())
    }
}

impl Visitor<'_> for Builder {
    type Move = (SquareAt, Steps);
    type Step = (SquareAt, Captures);

    fn begin_turn(&mut self, _: usize) -> Option<()> {
        Some(())
    }

    fn pass(&mut self, span: Span, marks: Option<Annotation>) -> Option<()> {
        self.turn(TurnKind::Pass, span, marks)
    }

    fn place(
        &mut self,
        a: SquareAt,
        b: SquareAt,
        span: Span,
        marks: Option<Annotation>,
    ) -> Option<()> {
        self.turn(TurnKind::Place(a, b), span, marks)
    }

    fn first_step(&mut self, from: SquareAt, to: SquareAt) -> Option<(Self::Move, Self::Step)> {
        Some(((from, Steps::new()), (to, Captures::new())))
    }

    fn step(&mut self, _: &mut Self::Move, to: SquareAt) -> Option<Self::Step> {
        Some((to, Captures::new()))
    }

    fn capture(&mut self, step: &mut Self::Step, square: SquareAt) -> Option<()> {
        step.1.push(square);
        Some(())
    }

    fn end_step(&mut self, mv: &mut Self::Move, step: Self::Step, span: Span) -> Option<()> {
        let (to, captures) = step;
        mv.1.push(Step { to, captures, span });
        Some(())
    }

    fn end_move(&mut self, mv: Self::Move, span: Span, marks: Option<Annotation>) -> Option<()> {
        let (from, steps) = mv;
        self.turn(TurnKind::Move { from, steps }, span, marks)
    }

    fn number(&mut self, number: MoveNumber) -> Option<()> {
        self.number = Some(number);
        Some(())
    }

    fn nag(&mut self, value: u32, span: Span) -> Option<()> {
        self.body = Some(Body::Nag(value, span));
        Some(())
    }

    fn result(&mut self, result: ResultToken) -> Option<()> {
        self.body = Some(Body::Result(result));
        Some(())
    }

    fn token_refused(&mut self, why: impl FnOnce() -> (usize, SyntaxKind)) {
        self.refused.get_or_insert_with(why);
    }
}

/// The token the reader reads at `i` of `text` in windows of `N` bytes: what it holds (with
/// spans in `text`) and where it ends (at blank space, a comment or the end of `text`), or
/// where and why the reader refuses it (nothing said when the narrow window cannot hold it).
pub(crate) fn read_token<const N: usize>(
    text: &str,
    i: usize,
) -> Result<(Token, usize), Option<(usize, SyntaxKind)>> {
    let b = text.as_bytes();
    let mut pad: Window<N> = [0; N];
    let w = window::window(b, i, &mut pad);
    let mut t = Builder::default();
    let end = match super::token(b, i, w, &mut t) {
        Some(Read::Result(end)) => end,
        // The token ends one blank byte before where the next may start, or at a comment.
        Some(Read::Next(next)) => super::token_end(b, next),
        None => return Err(t.refused),
    };
    Ok((t.take(), end))
}

/// The token `tok`, which starts at byte `base` of its text, when the reader reads all of it
/// in the narrow window: the token parser's fast path.
pub(crate) fn read_whole(tok: &str, base: usize) -> Option<Token> {
    let (token, end) = read_token::<{ window::WIDTH }>(tok, 0).ok()?;
    (end == tok.len()).then(|| shifted(token, base))
}

/// `t` with every span moved `by` bytes on.
pub(crate) fn shifted(mut t: Token, by: usize) -> Token {
    let shift = |s: &mut Span| *s = Span::new(s.start + by, s.end + by);
    if let Some(n) = &mut t.number {
        shift(&mut n.span);
    }
    match &mut t.body {
        None => {}
        Some(Body::Nag(_, s)) => shift(s),
        Some(Body::Result(r)) => shift(&mut r.span),
        Some(Body::Turn(turn)) => {
            shift(&mut turn.span);
            match &mut turn.kind {
                TurnKind::Pass => {}
                TurnKind::Place(a, b) => {
                    shift(&mut a.span);
                    shift(&mut b.span);
                }
                TurnKind::Move { from, steps } => {
                    shift(&mut from.span);
                    for step in steps.iter_mut() {
                        shift(&mut step.span);
                        shift(&mut step.to.span);
                        for c in step.captures.iter_mut() {
                            shift(&mut c.span);
                        }
                    }
                }
            }
        }
    }
    t
}
