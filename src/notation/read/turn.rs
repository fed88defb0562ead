//! The reader of a turn: a pass, a placement or a move of any number of steps with their
//! captures, read from the window at the turn and, for each further step of a move, a window
//! of its own.

use crate::notation::ast::{Span, SquareAt};
use crate::notation::limits::MAX_TOKEN_BYTES;
use crate::notation::window::{self, Window, at, is_space, square, turn_end};

use super::Visitor;

/// Reads the turn at `i` of `b` (`w` is the window there), handing its pieces to `v`; returns
/// where the next token may start ([`window::next`]).
#[inline(always)]
pub(super) fn turn<'t, V: Visitor<'t>>(b: &[u8], i: usize, w: &Window, v: &mut V) -> Option<usize> {
    v.begin_turn(i)?;
    if w[0] == b'-' {
        return pass(i, w, v);
    }
    let first = at_square(w, i, 0)?;
    if w[2] == b',' {
        let second = at_square(w, i, 3)?;
        let (next, marks) = turn_end(w, 5)?;
        v.place(first, second, span(i, w, i, next), marks)?;
        return Some(i + next);
    }
    movement(first, b, i, w, v)
}

/// Reads the pass at `i` (`w` is the window there).
#[cold]
#[inline(never)]
fn pass<'t, V: Visitor<'t>>(i: usize, w: &Window, v: &mut V) -> Option<usize> {
    let (next, marks) = turn_end(w, 2).filter(|_| w[1] == b'-')?;
    v.pass(span(i, w, i, next), marks)?;
    Some(i + next)
}

/// Reads the steps of a move from `from`, whose token starts at `i` (`w` is the window there).
/// The first step is read in `w`, every further one in a window of its own.
#[inline(always)]
fn movement<'t, V: Visitor<'t>>(
    from: SquareAt,
    b: &[u8],
    i: usize,
    w: &Window,
    v: &mut V,
) -> Option<usize> {
    if w[2] != b'-' {
        return None;
    }
    let to = at_square(w, i, 3)?;
    let (mut mv, mut step) = v.first_step(from, to)?;
    let mut k = captures(w, i, 5, &mut step, v)?;
    v.end_step(&mut mv, step, Span::new(i + 2, i + k))?;
    if at(w, k) != b'-' {
        // One step, the common case, apart.
        let (next, marks) = turn_end(w, k)?;
        v.end_move(mv, span(i, w, i, next), marks)?;
        return Some(i + next);
    }
    let mut pad = [0; window::WIDTH];
    let (mut base, mut s) = (i, w);
    while at(s, k) == b'-' {
        base += k;
        s = window::window(b, base, &mut pad);
        let to = at_square(s, base, 1)?;
        let mut step = v.step(&mut mv, to)?;
        k = captures(s, base, 3, &mut step, v)?;
        v.end_step(&mut mv, step, Span::new(base, base + k))?;
    }
    let (next, marks) = turn_end(s, k)?;
    // Only such a move can make a token longer than the full path reads; a move number
    // before it (read in one window) is shorter than a window.
    if base + next - i > MAX_TOKEN_BYTES - window::WIDTH {
        return None;
    }
    v.end_move(mv, span(i, s, base, next), marks)?;
    Some(base + next)
}

/// Reads the captures written from `k` of `s` (the window at `base`), each `x` and a square,
/// handing each to `v`; returns where they end.
#[inline(always)]
fn captures<'t, V: Visitor<'t>>(
    s: &Window,
    base: usize,
    mut k: usize,
    step: &mut V::Step,
    v: &mut V,
) -> Option<usize> {
    while at(s, k) == b'x' {
        v.capture(step, at_square(s, base, k + 1)?)?;
        k += 3;
    }
    Some(k)
}

/// The square at `k` of `w`, the window at `base`.
#[inline(always)]
fn at_square(w: &Window, base: usize, k: usize) -> Option<SquareAt> {
    Some(SquareAt {
        square: square(w, k)?,
        span: Span::new(base + k, base + k + 2),
    })
}

/// Where the turn that starts at `i` is written, when the next token may start at `next` of
/// `w` (the window at `base`): up to one blank byte before that, or up to the comment there.
#[inline(always)]
fn span(i: usize, w: &Window, base: usize, next: usize) -> Span {
    Span::new(i, base + next - usize::from(is_space(at(w, next - 1))))
}
