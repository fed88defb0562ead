//! The reader of a turn: a pass, a placement or a move of any number of steps with their
//! captures, read from the window at the turn and, for each further step of a move, a window
//! of its own. Where it refuses a turn it tells the visitor where and why
//! ([`Visitor::token_refused`]), as the grammar's wording wants it.

use crate::notation::Annotation;
use crate::notation::ast::{Span, SquareAt, SyntaxKind};
use crate::notation::limits::MAX_TOKEN_BYTES;
use crate::notation::window::{
    self, Window, at, digit_after, is_space, marks_end, square, turn_end,
};

use super::Visitor;

/// Reads the turn at `i` of `b` (`w` is the window there), handing its pieces to `v`; returns
/// where the next token may start ([`window::next`]).
#[inline(always)]
pub(super) fn turn<'t, V: Visitor<'t>, const N: usize>(
    b: &[u8],
    i: usize,
    w: &Window<N>,
    v: &mut V,
) -> Option<usize> {
    v.begin_turn(i)?;
    if w[0] == b'-' {
        return pass(i, w, v);
    }
    let first = at_square(w, i, 0, v)?;
    if w[2] == b',' {
        let second = at_square(w, i, 3, v)?;
        let (next, marks) = end(w, i, 5, SyntaxKind::BadPlacement, v)?;
        v.place(first, second, span(i, w, i, next), marks)?;
        return Some(i + next);
    }
    movement(first, b, i, w, v)
}

/// Reads the pass at `i` (`w` is the window there).
#[cold]
#[inline(never)]
fn pass<'t, V: Visitor<'t>, const N: usize>(i: usize, w: &Window<N>, v: &mut V) -> Option<usize> {
    if w[1] != b'-' {
        // No pass, and `-` is no square.
        v.token_refused(|| (i, SyntaxKind::BadSquare));
        return None;
    }
    let Some((next, marks)) = turn_end(w, 2) else {
        v.token_refused(|| (i + 2, SyntaxKind::UnknownToken));
        return None;
    };
    v.pass(span(i, w, i, next), marks)?;
    Some(i + next)
}

/// Reads the steps of a move from `from`, whose token starts at `i` (`w` is the window there).
/// The first step is read in `w`, every further one in a window of its own.
#[inline(always)]
fn movement<'t, V: Visitor<'t>, const N: usize>(
    from: SquareAt,
    b: &[u8],
    i: usize,
    w: &Window<N>,
    v: &mut V,
) -> Option<usize> {
    if w[2] != b'-' {
        v.token_refused(|| match digit_after(w, 2) {
            true => (i, SyntaxKind::BadSquare),
            false => (i + 2, SyntaxKind::BadTurn),
        });
        return None;
    }
    let to = at_square(w, i, 3, v)?;
    let (mut mv, mut step) = v.first_step(from, to)?;
    let mut k = captures(w, i, 5, &mut step, v)?;
    v.end_step(&mut mv, step, Span::new(i + 2, i + k))?;
    if at(w, k) != b'-' {
        // One step, the common case, apart.
        let (next, marks) = end(w, i, k, SyntaxKind::BadMove, v)?;
        v.end_move(mv, span(i, w, i, next), marks)?;
        return Some(i + next);
    }
    let mut pad = [0; N];
    let (mut base, mut s) = (i, w);
    while at(s, k) == b'-' {
        base += k;
        s = window::window(b, base, &mut pad);
        let to = at_square(s, base, 1, v)?;
        let mut step = v.step(&mut mv, to)?;
        k = captures(s, base, 3, &mut step, v)?;
        v.end_step(&mut mv, step, Span::new(base, base + k))?;
    }
    let (next, marks) = end(s, base, k, SyntaxKind::BadMove, v)?;
    // Only such a move can make a token longer than the scanner reads; a move number before
    // it (read in one window) is shorter than a window. The wide window reads only tokens
    // the scanner has measured.
    if N == window::WIDTH && base + next - i > MAX_TOKEN_BYTES - window::WIDTH {
        return None;
    }
    v.end_move(mv, span(i, s, base, next), marks)?;
    Some(base + next)
}

/// Reads the captures written from `k` of `s` (the window at `base`), each `x` and a square,
/// handing each to `v`; returns where they end.
#[inline(always)]
fn captures<'t, V: Visitor<'t>, const N: usize>(
    s: &Window<N>,
    base: usize,
    mut k: usize,
    step: &mut V::Step,
    v: &mut V,
) -> Option<usize> {
    while at(s, k) == b'x' {
        let square = at_square(s, base, k + 1, v)?;
        v.capture(step, square)?;
        k += 3;
    }
    Some(k)
}

/// The square at `k` of `w`, the window at `base`; refused as a bad square there.
#[inline(always)]
fn at_square<'t, V: Visitor<'t>, const N: usize>(
    w: &Window<N>,
    base: usize,
    k: usize,
    v: &mut V,
) -> Option<SquareAt> {
    match square(w, k) {
        Some(square) => Some(SquareAt {
            square,
            span: Span::new(base + k, base + k + 2),
        }),
        None => refused(v, || (base + k, SyntaxKind::BadSquare)),
    }
}

/// Tells `v` where and why the turn is refused ([`Visitor::token_refused`]); `None`.
#[cold]
#[inline(always)]
fn refused<'t, V: Visitor<'t>, T>(
    v: &mut V,
    why: impl FnOnce() -> (usize, SyntaxKind),
) -> Option<T> {
    v.token_refused(why);
    None
}

/// The end of the turn written up to `k` of `w` (the window at `base`), right after a square
/// ([`turn_end`]). Refused as `kind` where what follows the turn's marks starts, or as a bad
/// square when a digit follows the square.
#[inline(always)]
fn end<'t, V: Visitor<'t>, const N: usize>(
    w: &Window<N>,
    base: usize,
    k: usize,
    kind: SyntaxKind,
    v: &mut V,
) -> Option<(usize, Option<Annotation>)> {
    let end = turn_end(w, k);
    if end.is_none() {
        v.token_refused(|| match digit_after(w, k) {
            true => (base + k - 2, SyntaxKind::BadSquare),
            false => (base + marks_end(w, k), kind),
        });
    }
    end
}

/// Where the turn that starts at `i` is written, when the next token may start at `next` of
/// `w` (the window at `base`): up to one blank byte before that, or up to the comment there.
#[inline(always)]
fn span<const N: usize>(i: usize, w: &Window<N>, base: usize, next: usize) -> Span {
    Span::new(i, base + next - usize::from(is_space(at(w, next - 1))))
}
