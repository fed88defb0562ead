//! The lane's window reader as a token reader of its own, for the test that it agrees with the
//! nom parser (`tests/grammar.rs`). It puts the readers of [`super::window`] and
//! [`move_number`] together as the lane's movetext loop and replay do, without the referee:
//! it reads what the lane would read, and refuses what the lane would refuse for the text's
//! sake alone.

use crate::notation::ast::{
    Captures, MoveNumber, ResultToken, Span, SquareAt, Step, Steps, Turn, TurnKind,
};
use crate::notation::limits::MAX_TOKEN_BYTES;
use crate::notation::token::{Body, Token, move_number};

use super::text::is_space;
use super::window::{self, Window, at, square, turn_end};

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
