//! The one reader of a game: reads its tags, comments and tokens from the text's bytes (tokens
//! with the window reader, [`super::window`]) and hands each piece it reads to a visitor as it
//! reads it, without building anything of its own and without allocating.
//!
//! A game is read in two phases: its headers (`headers`, to a `Headers` visitor), then
//! its movetext up to the result and the trailing comments (`movetext`, to a `Visitor`),
//! so that a visitor may choose what reads the movetext from what the headers said (the fast
//! lane picks its board). The visitors:
//!
//! - the fast lane of `seega check` and `seega convert` (`validate::fast`), which plays each
//!   piece on the referee as it comes (and records it for `convert`), and gives up at the first
//!   thing it cannot take: a visitor answers `None` to give up, and the reader stops there;
//! - the scanner's syntax tree (`scan/tree.rs`), which recovers
//!   (`Visitor::RECOVERS`): whatever the reader refuses (a malformed tag, token or comment,
//!   a limit passed) it words — a tag from the reader's [`tag::Refusal`], a comment from
//!   [`comment_end`]'s, a token from this reader's refusal of it alone
//!   ([`Visitor::token_refused`]) — and tells the reader where to go on;
//! - the token parser's builder ([`tree`]), which builds the syntax tree's token of one
//!   token, or keeps where and why the reader refused it.
//!
//! # Architecture invariant
//!
//! Where a game, a tag, a comment or a token starts and ends is decided here and in
//! [`super::window`] alone, for the lane and the syntax tree alike, so the two cannot cut an
//! archive differently; the visitors judge what is written (the lane: whether it is legal),
//! never how it is written. This reader is the grammar's one definition of a token: read in
//! the narrow window ([`window::WIDTH`]) by the lane and the syntax tree, and in the wide one
//! by the token parser ([`super::token`], a nom parser), which words what it refuses;
//! `src/notation/tests.rs` holds the two windows to agree on every token.

use super::ast::{Comment, MoveNumber, ResultToken, Span, SquareAt, SyntaxKind};
use super::lex::{brace_comment_end, line_end};
use super::window::{self, Window, is_space};
use super::{Annotation, GameResult};

mod swar;
pub(crate) mod tag;
mod trailing;
pub mod tree;
mod turn;

pub(crate) use tag::{TagAt, unescaped};

/// Where reading goes on after what the reader refused was read by a visitor that recovers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Resume {
    /// At this byte.
    At(usize),
    /// After the game's result, which ends here.
    Result(usize),
}

/// What the reader of headers hands each tag and comment before the movetext to. Every method
/// answers `Some(())` to go on, `None` to give up.
pub(crate) trait Headers<'t> {
    /// A tag read whole.
    fn tag(&mut self, tag: TagAt, text: &'t str) -> Option<()>;
    /// A comment among the headers.
    fn comment(&mut self, comment: Comment<'t>) -> Option<()>;
    /// What the reader refuses at `at` (a tag it does not read, a comment left open): `None`
    /// gives up; a visitor that recovers reads it itself and says where to go on.
    fn refused(&mut self, _at: usize) -> Option<usize> {
        None
    }
}

/// What a reader of movetext hands each piece of a game to, as it reads it. Every method
/// answers `Some(())` to go on, `None` to give up.
pub(crate) trait Visitor<'t> {
    /// Whether the visitor reads what the reader refuses itself ([`Visitor::refused`]) and
    /// takes the text's trailing comments, rather than giving up at them.
    const RECOVERS: bool = false;
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
    /// A comment after the result: one of the game's trailing comments.
    fn trailing(&mut self, _comment: Comment<'t>) {}
    /// The end of a token read whole (a move number and its turn, a turn, a glyph), from
    /// `start` to `end`; asked of a visitor that recovers only.
    fn end_token(&mut self, _start: usize, _end: usize) -> Option<()> {
        Some(())
    }
    /// What the reader refuses at `at` (a token it does not read, a comment left open, a
    /// line that starts with `[`, the end of the text): `None` gives up (or, for a visitor
    /// that recovers, ends the game there without a result); a visitor that recovers reads it
    /// itself and says where to go on.
    fn refused(&mut self, _at: usize) -> Option<Resume> {
        None
    }
    /// Where and why the reader refuses the token it is reading, for the visitor that words
    /// it; asked only as the reader gives up, and compiled away for the others.
    #[inline(always)]
    fn token_refused(&mut self, _why: impl FnOnce() -> (usize, SyntaxKind)) {}
    /// A variation's `(`, written at `open`, opens a variation `depth` deep (1: a variation of
    /// the main line). The reader counts the depth without a limit; a visitor keeps its own.
    fn variation(&mut self, _open: Span, _depth: u32) -> Option<()> {
        None
    }
    /// A `)`, written at `close`, ends the variation `depth` deep; at depth 0 it closes none.
    fn variation_end(&mut self, _close: Span, _depth: u32) -> Option<()> {
        None
    }
    /// A result token inside the variation `depth` deep: that line's own result, not the
    /// game's; the game goes on.
    fn line_result(&mut self, _result: ResultToken, _depth: u32) -> Option<()> {
        None
    }
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
/// a move number (and the turn or glyph glued to it), a glyph or the result. `None` when the
/// reader refuses it, or `v` gives up. (The movetext's loop tells the kinds apart itself, with
/// the comments and blank space between tokens, in one test of the first byte.)
#[inline(always)]
pub(crate) fn token<'t, V: Visitor<'t>, const N: usize>(
    b: &[u8],
    i: usize,
    w: &Window<N>,
    v: &mut V,
) -> Option<Read> {
    match w[0] {
        b'a'..=b'z' | b'-' => turn::turn(b, i, w, v).map(Read::Next),
        b'0'..=b'9' | b'*' => match window::result(w) {
            Some((result, len)) => result_token(i, result, len, v).map(Read::Result),
            None => numbered(b, i, w, v).map(Read::Next),
        },
        b'$' => nag(i, w, v).map(Read::Next),
        _ => {
            v.token_refused(|| (i, SyntaxKind::UnknownToken));
            None
        }
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
fn nag<'t, V: Visitor<'t>, const N: usize>(i: usize, w: &Window<N>, v: &mut V) -> Option<usize> {
    let (value, len, next) = match window::nag(w) {
        Ok(read) => read,
        Err((at, kind)) => {
            v.token_refused(|| (i + at, kind));
            return None;
        }
    };
    v.nag(value, Span::new(i, i + len))?;
    Some(i + next)
}

/// Reads the move number at the start of `w` (the window of `b` at `i`) and the turn or glyph
/// written right after it, if any; returns where the next token may start.
#[inline(always)]
fn numbered<'t, V: Visitor<'t>, const N: usize>(
    b: &[u8],
    i: usize,
    w: &Window<N>,
    v: &mut V,
) -> Option<usize> {
    let (number, second, end) = match window::move_number(w) {
        Ok(read) => read,
        Err(kind) => {
            v.token_refused(|| (i, kind));
            return None;
        }
    };
    v.number(MoveNumber {
        number,
        second,
        span: Span::new(i, i + end),
    })?;
    if let Some(next) = window::next(w, end) {
        return Some(i + next);
    }
    let mut pad = [0; N];
    let glued = window::window(b, i + end, &mut pad);
    if glued[0] == b'$' {
        return nag(i + end, glued, v);
    }
    turn::turn(b, i + end, glued, v)
}

/// Reads the headers from `text[i..]`: tags and comments, up to the first byte of anything
/// else, where the movetext starts, which it returns. `None` at the end of the text, and where
/// `v` gives up. Out of line, with the reader of tags inline in it: the movetext loop, which
/// runs far more often, keeps the registers.
#[inline(never)]
pub(crate) fn headers<'t, V: Headers<'t>>(text: &'t str, mut i: usize, v: &mut V) -> Option<usize> {
    let b = text.as_bytes();
    loop {
        i = skip_space(b, i);
        i = match b.get(i)? {
            b'[' => match tag::tag(b, i) {
                Ok(t) => {
                    let end = t.end;
                    v.tag(t, text)?;
                    end
                }
                Err(_) => v.refused(i)?,
            },
            b'{' | b';' => match comment_end(b, i) {
                Ok(end) => {
                    v.comment(comment(text, i, end))?;
                    end
                }
                Err(_) => v.refused(i)?,
            },
            _ => return Some(i),
        };
    }
}

/// Reads the movetext from `text[i..]` to the result, handing every piece to `v`; returns
/// where the game ends: after the result token and the comments on its line, or after the
/// text's trailing comments (see [`trailing::after_result`]). `None` at anything the reader
/// refuses (the text's end without a result, a line that starts with `[`, a comment left open,
/// a token the narrow window refuses) unless `v` recovers, and where `v` gives up.
#[inline(always)]
pub(crate) fn movetext<'t, V: Visitor<'t>>(
    text: &'t str,
    mut i: usize,
    v: &mut V,
) -> Option<usize> {
    let b = text.as_bytes();
    let mut pad = [0; window::WIDTH];
    // A token read whole, told to a visitor that recovers; else what the reader refuses at
    // `i`, read by it.
    macro_rules! read_or_refused {
        ($read:expr) => {
            match $read {
                Some(next) => {
                    if V::RECOVERS {
                        v.end_token(i, token_end(b, next))?;
                    }
                    next
                }
                None => match v.refused(i)? {
                    Resume::At(next) => next,
                    Resume::Result(end) => return trailing::after_result(text, end, v),
                },
            }
        };
    }
    // How deep in variations the reader is: a count, which costs nothing where there are none.
    let mut depth = 0u32;
    loop {
        let w = window::window(b, i, &mut pad);
        i = match w[0] {
            b'a'..=b'z' | b'-' => read_or_refused!(turn::turn(b, i, w, v)),
            b'0'..=b'9' | b'*' => match window::result(w) {
                None => read_or_refused!(numbered(b, i, w, v)),
                Some((result, len)) if depth == 0 => {
                    let end = result_token(i, result, len, v)?;
                    return trailing::after_result(text, end, v);
                }
                Some((result, len)) => {
                    let span = Span::new(i, i + len);
                    v.line_result(ResultToken { result, span }, depth)?;
                    skip_space(b, i + len)
                }
            },
            b'(' | b')' => {
                let span = Span::new(i, i + 1);
                if w[0] == b'(' {
                    depth = depth.saturating_add(1);
                    v.variation(span, depth)?;
                } else {
                    v.variation_end(span, depth)?;
                    depth = depth.saturating_sub(1);
                }
                skip_space(b, i + 1)
            }
            b'$' => read_or_refused!(nag(i, w, v)),
            b'{' | b';' => match comment_end(b, i) {
                Ok(end) => {
                    v.comment(comment(text, i, end))?;
                    skip_space(b, end)
                }
                Err(_) => read_or_refused!(None),
            },
            // More blank space between two tokens (past the end, the text has no result).
            c if is_space(c) && i < b.len() => skip_space(b, i),
            _ => read_or_refused!(None),
        };
    }
}

/// Where a token read whole ends, when the next may start at `next` of `b`: one blank byte
/// before that, or there (at a comment). Past the end of `b`, the window read blank space.
#[inline(always)]
pub(crate) fn token_end(b: &[u8], next: usize) -> usize {
    next - usize::from(b.get(next - 1).is_none_or(|&c| is_space(c)))
}

/// The comment from `start` to `end` of `text` (`{...}` or `;...`), where [`comment_end`] put
/// them: both ends are at ASCII bytes (`{` or `;`, and `}` or a line's end), so the text between
/// is cut on character boundaries.
#[inline]
pub(crate) fn comment(text: &str, start: usize, end: usize) -> Comment<'_> {
    let line = text.as_bytes()[start] == b';';
    Comment {
        text: &text[start + 1..end - usize::from(!line)],
        line,
        span: Span::new(start, end),
    }
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
/// reads it. `Err` for a `{` not closed before the next line that starts with `[` or the end,
/// with where that line starts (or the end): the full path reports it and goes on there.
#[inline]
pub(crate) fn comment_end(b: &[u8], i: usize) -> Result<usize, usize> {
    if b[i] == b';' {
        return Ok(line_end(b, i));
    }
    brace_comment_end(b, i)
}
