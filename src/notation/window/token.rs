//! The window reader as a token reader of its own: the token parser's fast path, and what
//! `tests/grammar.rs` holds to the nom parser. It puts the readers of [`super`] together as
//! the lane's movetext loop and replay do, without the referee: it reads what the lane would
//! read, and refuses what the lane would refuse for the text's sake alone.

use crate::notation::ast::{
    Captures, MoveNumber, ResultToken, Span, SquareAt, Step, Steps, Turn, TurnKind,
};
use crate::notation::limits::MAX_TOKEN_BYTES;
use crate::notation::scan::is_space;
use crate::notation::token::{Body, Token};

use super::{self as window, Window, at, move_number, square, turn_end};

/// The token the lane reads at `i` of `b`: what it holds (with spans in `b`), and where it ends
/// (at blank space, a comment or the end of `b`). `None` when the lane would give up there.
#[doc(hidden)]
pub fn read_token(b: &[u8], i: usize) -> Option<(Token, usize)> {
    let mut pad = [0; window::WIDTH];
    let w = window::window(b, i, &mut pad);
    match w[0] {
        b'a'..=b'z' | b'-' => {
            let (turn, end) = turn(b, i, w)?;
            Some((token(None, Body::Turn(turn)), end))
        }
        b'0'..=b'9' | b'*' => match window::result(w) {
            Some((result, len)) => {
                let span = Span::new(i, i + len);
                let body = Body::Result(ResultToken { result, span });
                Some((token(None, body), i + len))
            }
            None => {
                let (n, second, end) = move_number(w, 0)?;
                let number = Some(MoveNumber {
                    number: n,
                    second,
                    span: Span::new(i, i + end),
                });
                if window::next(w, end).is_some() {
                    return Some((Token { number, body: None }, i + end));
                }
                let mut pad = [0; window::WIDTH];
                let (turn, to) = turn(b, i + end, window::window(b, i + end, &mut pad))?;
                let body = Some(Body::Turn(turn));
                Some((Token { number, body }, to))
            }
        },
        b'$' => {
            let (digits, _) = window::nag(w)?;
            let value = w[1..=digits]
                .iter()
                .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
            let end = i + 1 + digits;
            Some((token(None, Body::Nag(value, Span::new(i, end))), end))
        }
        _ => None,
    }
}

/// The token `tok`, which starts at byte `base` of its text, when the window reader reads all
/// of it: the token parser's fast path ([`crate::notation::token::parse_token`]).
pub fn read_whole(tok: &str, base: usize) -> Option<Token> {
    let (token, end) = read_token(tok.as_bytes(), 0)?;
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

fn token(number: Option<MoveNumber>, body: Body) -> Token {
    Token {
        number,
        body: Some(body),
    }
}

/// The square at `k` of `w`, the window at `base`.
fn at_square(w: &Window, base: usize, k: usize) -> Option<SquareAt> {
    Some(SquareAt {
        square: square(w, k)?,
        span: Span::new(base + k, base + k + 2),
    })
}

/// The end of a turn written up to `k` of `w` (the window at `base`), as `turn_end` reads it:
/// the turn with its annotation, where it ends and where the next token may start.
fn done(
    kind: TurnKind,
    i: usize,
    w: &Window,
    base: usize,
    k: usize,
) -> Option<(Turn, usize, usize)> {
    let (next, annotation) = turn_end(w, k)?;
    // One blank byte before where the next token may start, or right there at a comment.
    let end = next - usize::from(is_space(at(w, next - 1)));
    let turn = Turn {
        kind,
        annotation,
        span: Span::new(i, base + end),
    };
    Some((turn, base + end, base + next))
}

/// The turn at `i` (`w` is the window there), as `Replay::turn` reads it, and where it ends.
fn turn(b: &[u8], i: usize, w: &Window) -> Option<(Turn, usize)> {
    if w[0] == b'-' {
        let (turn, end, _) = done(TurnKind::Pass, i, w, i, 2).filter(|_| w[1] == b'-')?;
        return Some((turn, end));
    }
    let first = at_square(w, i, 0)?;
    if w[2] == b',' {
        let second = at_square(w, i, 3)?;
        let (turn, end, _) = done(TurnKind::Place(first, second), i, w, i, 5)?;
        return Some((turn, end));
    }
    if w[2] != b'-' {
        return None;
    }
    let mut steps = Steps::new();
    let (mut base, mut k) = (i, 2);
    let mut pad = [0; window::WIDTH];
    let mut s = w;
    loop {
        let to = at_square(s, base, k + 1)?;
        let (captures, end) = captures(s, base, k + 3)?;
        steps.push(Step {
            to,
            captures,
            span: Span::new(base + k, base + end),
        });
        k = end;
        if at(s, k) != b'-' {
            break;
        }
        base += k;
        k = 0;
        s = window::window(b, base, &mut pad);
    }
    let kind = TurnKind::Move { from: first, steps };
    let (turn, end, next) = done(kind, i, s, base, k)?;
    // As the lane, a move whose token may be longer than the full path reads is refused.
    (next - i <= MAX_TOKEN_BYTES - window::WIDTH).then_some((turn, end))
}

/// The captures written from `k` of `s` (the window at `base`), as `Replay::captures` reads
/// them, and where they end.
fn captures(s: &Window, base: usize, mut k: usize) -> Option<(Captures, usize)> {
    let mut captures = Captures::new();
    while at(s, k) == b'x' {
        captures.push(at_square(s, base, k + 1)?);
        k += 3;
    }
    Some((captures, k))
}
