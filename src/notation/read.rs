//! The one reader of movetext: reads a game's tokens from the text's bytes with the window
//! reader ([`super::window`]) and hands each piece it reads to a [`Visitor`] as it reads it,
//! without building anything of its own and without allocating.
//!
//! Three visitors read through it: the fast lane of `seega check` and `seega convert`, which
//! plays each piece on the referee as it comes (and records it for `convert`), and gives up at
//! the first it cannot take; the token parser's fast path ([`tree`]), which builds the syntax
//! tree's [`Token`](super::token::Token) of one token; and so the scanner, which reads every
//! well-formed token through that path. A visitor answers `None` to give up: the reader then
//! stops where it is, and what the visitor was told means nothing.
//!
//! # Architecture invariant
//!
//! What a token is, and where it ends, is decided here and in [`super::window`] alone; the
//! visitors judge what is written (the lane: whether it is legal), never how it is written.
//! The nom parser ([`super::token`]) stays the grammar's reference and the wording of what this
//! reader refuses; `tests/grammar.rs` holds the two to agree on every token.

use super::ast::{Comment, MoveNumber, ResultToken, Span, SquareAt};
use super::scan::{brace_comment_end, line_end, same_line_comments};
use super::window::{self, Window, is_space};
use super::{Annotation, GameResult};

pub mod tree;
mod turn;

/// What a reader of movetext hands each piece of a game to, as it reads it. Every method
/// answers `Some(())` to go on, `None` to give up.
pub(crate) trait Visitor<'t> {
    /// A move as it is read, from its first step to its end.
    type Move;
    /// A step as it is read, with the captures written after it.
    type Step;
    /// A turn is written at byte `at` (after any move number).
    fn begin_turn(&mut self, at: usize) -> Option<()>;
    /// A pass, written at `span`, with its annotation.
    fn pass(&mut self, span: Span, marks: Option<Annotation>) -> Option<()>;
    /// A placement on `a` and `b`, written at `span`, with its annotation.
    fn place(
        &mut self,
        a: SquareAt,
        b: SquareAt,
        span: Span,
        marks: Option<Annotation>,
    ) -> Option<()>;
    /// The first step of a move, from `from` to `to`.
    fn first_step(&mut self, from: SquareAt, to: SquareAt) -> Option<(Self::Move, Self::Step)>;
    /// A further step of the move, to `to`.
    fn step(&mut self, mv: &mut Self::Move, to: SquareAt) -> Option<Self::Step>;
    /// A capture written after the step.
    fn capture(&mut self, step: &mut Self::Step, square: SquareAt) -> Option<()>;
    /// The end of the step, written at `span` (its `-`, square and captures).
    fn end_step(&mut self, mv: &mut Self::Move, step: Self::Step, span: Span) -> Option<()>;
    /// The end of the move, written at `span`, with its annotation.
    fn end_move(&mut self, mv: Self::Move, span: Span, marks: Option<Annotation>) -> Option<()>;
    /// A move number.
    fn number(&mut self, number: MoveNumber) -> Option<()>;
    /// A numeric annotation glyph `$N`, written at `span`.
    fn nag(&mut self, value: u32, span: Span) -> Option<()>;
    /// The game's result token.
    fn result(&mut self, result: ResultToken) -> Option<()>;
    /// A comment in the movetext (`{...}` or `;...`).
    fn comment(&mut self, _comment: Comment<'t>) -> Option<()> {
        Some(())
    }
    /// A comment after the result, on its line: one of the game's trailing comments.
    fn trailing(&mut self, _comment: Comment<'t>) {}
}

/// What the token at the start of a window was: where the next token may start, or the result
/// and where it ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Read {
    /// A turn, a move number or a glyph; the next token may start here.
    Next(usize),
    /// The result, which ends here.
    Result(usize),
}

/// Reads the token at `i` of `b` (`w` is the window there), handing its pieces to `v`: a turn,
/// a move number (and the turn glued to it), a glyph or the result. `None` when the reader
/// refuses it, or `v` gives up. (The movetext's loop tells the kinds apart itself, with the
/// comments and blank space between tokens, in one test of the first byte.)
#[inline(always)]
pub(crate) fn token<'t, V: Visitor<'t>>(b: &[u8], i: usize, w: &Window, v: &mut V) -> Option<Read> {
    match w[0] {
        b'a'..=b'z' | b'-' => turn::turn(b, i, w, v).map(Read::Next),
        b'0'..=b'9' | b'*' => match window::result(w) {
            Some((result, len)) => result_token(i, result, len, v).map(Read::Result),
            None => numbered(b, i, w, v).map(Read::Next),
        },
        b'$' => nag(i, w, v).map(Read::Next),
        _ => None,
    }
}

/// Hands `v` the result token at `i`, `len` bytes long; returns where it ends.
#[inline(always)]
fn result_token<'t, V: Visitor<'t>>(
    i: usize,
    result: GameResult,
    len: usize,
    v: &mut V,
) -> Option<usize> {
    let span = Span::new(i, i + len);
    v.result(ResultToken { result, span })?;
    Some(i + len)
}

/// Reads the glyph at the start of `w` (the window at `i`); returns where the next token may
/// start.
#[inline(always)]
fn nag<'t, V: Visitor<'t>>(i: usize, w: &Window, v: &mut V) -> Option<usize> {
    let (digits, next) = window::nag(w)?;
    v.nag(nag_value(w, digits), Span::new(i, i + 1 + digits))?;
    Some(i + next)
}

/// The value of the glyph `$N` written in `w` (`digits` of them, at most nine).
#[inline(always)]
fn nag_value(w: &Window, digits: usize) -> u32 {
    w[1..=digits]
        .iter()
        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'))
}

/// Reads the move number at the start of `w` (the window of `b` at `i`) and the turn written
/// right after it, if any; returns where the next token may start.
#[inline(always)]
fn numbered<'t, V: Visitor<'t>>(b: &[u8], i: usize, w: &Window, v: &mut V) -> Option<usize> {
    let (number, second, end) = window::move_number(w, 0)?;
    v.number(MoveNumber {
        number,
        second,
        span: Span::new(i, i + end),
    })?;
    if let Some(next) = window::next(w, end) {
        return Some(i + next);
    }
    let mut pad = [0; window::WIDTH];
    turn::turn(b, i + end, window::window(b, i + end, &mut pad), v)
}

/// Reads the movetext from `text[i..]` to the result, handing every piece to `v`; returns the
/// offset after the result token and the comments on its line (which `v` is handed as its
/// trailing comments). `None` at anything the reader refuses (the text's end without a result,
/// a line that starts with `[`, a comment left open, a token the window reader refuses), where
/// `v` gives up, and when comments end the text after the result (the text's trailing comments,
/// which belong to the game).
#[inline(always)]
pub(crate) fn movetext<'t, V: Visitor<'t>>(
    text: &'t str,
    mut i: usize,
    v: &mut V,
) -> Option<usize> {
    let b = text.as_bytes();
    let mut pad = [0; window::WIDTH];
    loop {
        let w = window::window(b, i, &mut pad);
        i = match w[0] {
            b'a'..=b'z' | b'-' => turn::turn(b, i, w, v)?,
            b'0'..=b'9' | b'*' => match window::result(w) {
                None => numbered(b, i, w, v)?,
                Some((result, len)) => {
                    let end = result_token(i, result, len, v)?;
                    return after_result(b, end, |from, to| {
                        if let Some(c) = comment(text, from, to) {
                            v.trailing(c);
                        }
                    });
                }
            },
            b'$' => nag(i, w, v)?,
            b'{' | b';' => {
                let end = comment_end(b, i)?;
                v.comment(comment(text, i, end)?)?;
                skip_space(b, end)
            }
            // More blank space between two tokens (past the end, the text has no result).
            c if is_space(c) && i < b.len() => skip_space(b, i),
            _ => return None,
        };
    }
}

/// The comment from `start` to `end` of `text` (`{...}` or `;...`).
#[inline]
pub(crate) fn comment(text: &str, start: usize, end: usize) -> Option<Comment<'_>> {
    let line = text.as_bytes().get(start) == Some(&b';');
    Some(Comment {
        text: text.get(start + 1..end - usize::from(!line))?,
        line,
        span: Span::new(start, end),
    })
}

/// The first byte from `i` on that is not blank space, or the end of `b`.
#[inline(always)]
pub(crate) fn skip_space(b: &[u8], mut i: usize) -> usize {
    // Most tokens are followed by one space or line break and then a token.
    if let Some(&[c, next]) = b.get(i..i + 2) {
        if is_space(c) && !is_space(next) {
            return i + 1;
        }
    }
    while i < b.len() && is_space(b[i]) {
        i += 1;
    }
    i
}

/// The end of the comment at `i` (`{` to `}`, or `;` to the end of the line), as the scanner
/// reads it. `None` for a `{` not closed before the next line that starts with `[` or the end:
/// the full path reports it.
pub(crate) fn comment_end(b: &[u8], i: usize) -> Option<usize> {
    if b[i] == b';' {
        return Some(line_end(b, i));
    }
    brace_comment_end(b, i).ok()
}

/// Where a game whose result ends at `end` ends for the scanner. Comments that start on the
/// result's line are the game's own (its trailing comments, each handed to `own` with its start
/// and end): the game ends after them. Comments on later lines belong to the next game, unless
/// nothing but comments follows: then they are the text's trailing comments and belong to this
/// game, which is `None` here (so is an unclosed `{`). The comments of the next game are read
/// again as that game's.
fn after_result(b: &[u8], end: usize, own: impl FnMut(usize, usize)) -> Option<usize> {
    let end = same_line_comments(b, end, own);
    let mut next = skip_space(b, end);
    let mut comments = false;
    while matches!(b.get(next), Some(b'{' | b';')) {
        comments = true;
        next = skip_space(b, comment_end(b, next)?);
    }
    (!comments || next < b.len()).then_some(end)
}
