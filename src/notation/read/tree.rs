//! The reader as a token parser: a visitor that builds the syntax tree's [`Token`] of one
//! token from the pieces the reader hands it. It is the token parser's fast path, which the
//! scanner reads every well-formed token through, and what `src/notation/tests.rs` holds to the nom
//! parser: it reads what the fast lane reads, and refuses what the lane refuses for the
//! text's sake alone.

use crate::notation::Annotation;
use crate::notation::ast::SyntaxError;
use crate::notation::ast::{
    Captures, MoveNumber, ResultToken, Span, SquareAt, Step, Steps, Turn, TurnKind,
};
use crate::notation::token::{Body, Token, parse_token_nom};
use crate::notation::window;

use super::{Read, Visitor};

/// The token being built.
#[derive(Debug, Default)]
pub(crate) struct Builder {
    number: Option<MoveNumber>,
    body: Option<Body>,
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
}

/// The token the reader reads at `i` of `text`: what it holds (with spans in `text`), and where it
/// ends (at blank space, a comment or the end of `text`). `None` when the reader refuses it.
pub(crate) fn read_token(text: &str, i: usize) -> Option<(Token, usize)> {
    let b = text.as_bytes();
    let mut pad = [0; window::WIDTH];
    let w = window::window(b, i, &mut pad);
    let mut t = Builder::default();
    let end = match super::token(b, i, w, &mut t)? {
        Read::Result(end) => end,
        // The token ends one blank byte before where the next may start, or at a comment.
        Read::Next(next) => super::token_end(b, next),
    };
    Some((t.take(), end))
}

/// The token `tok`, which starts at byte `base` of its text, when the reader reads all of it:
/// the token parser's fast path ([`parse_token`]).
pub fn read_whole(tok: &str, base: usize) -> Option<Token> {
    let (token, end) = read_token(tok, 0)?;
    (end == tok.len()).then(|| shifted(token, base))
}

/// `t` with every span moved `by` bytes on.
fn shifted(mut t: Token, by: usize) -> Token {
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

/// Parses one whitespace-free token that starts at byte `base` of the source.
///
/// A well-formed token is read by the window reader ([`crate::notation::window`]), which the fast lane
/// reads every token with; anything it refuses, every malformed token among them, by the nom
/// parser, the grammar's reference, which words the error.
pub fn parse_token(tok: &str, base: usize) -> Result<Token, SyntaxError> {
    if let Some(t) = read_whole(tok, base) {
        return Ok(t);
    }
    parse_token_nom(tok, base)
}

/// [`parse_token`] of the token from `start` to `end` of `text`, read in place: the window
/// reader reads the text itself rather than a copy of the token's last bytes.
pub(crate) fn parse_token_in(text: &str, start: usize, end: usize) -> Result<Token, SyntaxError> {
    match read_token(text, start) {
        Some((t, to)) if to == end => Ok(t),
        _ => parse_token_nom(&text[start..end], start),
    }
}

#[cfg(test)]
mod tests;
