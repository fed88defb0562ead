//! A hand-written reader for well-formed tokens, byte by byte and without backtracking. It
//! accepts a token only when it reads all of it, and then gives the same [`Token`] as the nom
//! parser; anything else (every malformed token) is left to nom, which words the error.

use super::{Body, Token};
use crate::engine::Square;
use crate::notation::ast::{
    Annotation, Captures, GameResult, MoveNumber, ResultToken, Span, SquareAt, Step, Steps, Turn,
    TurnKind,
};

/// A well-formed move number at `b[i..]`: 1 to 9 digits, not 0, then `.` or `...`. Returns the
/// number, whether it was written with `...` (the second turn of a pair), and where it ends.
/// Anything else is `None` (the nom parser words the error).
pub fn move_number(b: &[u8], mut i: usize) -> Option<(u32, bool, usize)> {
    let from = i;
    let mut n = 0u32;
    while let Some(digit) = b.get(i).map(|c| c.wrapping_sub(b'0')).filter(|&d| d <= 9) {
        // Nine digits fit a u32; longer numbers are refused below.
        n = n.wrapping_mul(10).wrapping_add(u32::from(digit));
        i += 1;
    }
    if i == from || i - from > 9 || b.get(i) != Some(&b'.') {
        return None;
    }
    let second = b.get(i + 1) == Some(&b'.') && b.get(i + 2) == Some(&b'.');
    i += if second { 3 } else { 1 };
    (n != 0).then_some((n, second, i))
}

pub(super) fn token(b: &[u8], base: usize) -> Option<Token> {
    let span = |from: usize, to: usize| Span::new(base + from, base + to);
    if let Some(result) = GameResult::parse_bytes(b) {
        return Some(Token {
            number: None,
            body: Some(Body::Result(ResultToken {
                result,
                span: span(0, b.len()),
            })),
        });
    }
    let mut i = 0;
    let mut number = None;
    if b.first().is_some_and(u8::is_ascii_digit) {
        let (n, second, end) = move_number(b, 0)?;
        i = end;
        number = Some(MoveNumber {
            number: n,
            second,
            span: span(0, i),
        });
        if i == b.len() {
            return Some(Token { number, body: None });
        }
    }
    let start = i;
    let kind = if b[i..].starts_with(b"--") {
        i += 2;
        TurnKind::Pass
    } else {
        let first = square(b, &mut i, base)?;
        if b.get(i) == Some(&b',') {
            i += 1;
            TurnKind::Place(first, square(b, &mut i, base)?)
        } else {
            let mut steps = Steps::new();
            while b.get(i) == Some(&b'-') {
                let step_start = i;
                i += 1;
                let to = square(b, &mut i, base)?;
                let mut captures = Captures::new();
                while b.get(i) == Some(&b'x') {
                    i += 1;
                    captures.push(square(b, &mut i, base)?);
                }
                steps.push(Step {
                    to,
                    captures,
                    span: span(step_start, i),
                });
            }
            if steps.is_empty() {
                return None;
            }
            TurnKind::Move { from: first, steps }
        }
    };
    let rest = &b[i..];
    let annotation = match rest {
        b"" => None,
        _ => Some(Annotation::parse(std::str::from_utf8(rest).ok()?)?),
    };
    Some(Token {
        number,
        body: Some(Body::Turn(Turn {
            kind,
            annotation,
            span: span(start, b.len()),
        })),
    })
}

/// A square at `*i`, not followed by a digit.
fn square(b: &[u8], i: &mut usize, base: usize) -> Option<SquareAt> {
    let (f, r) = (*b.get(*i)?, *b.get(*i + 1)?);
    if !(b'a'..=b'i').contains(&f) || !(b'1'..=b'9').contains(&r) {
        return None;
    }
    if b.get(*i + 2).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let at = SquareAt {
        square: Square::new(f - b'a', r - b'1'),
        span: Span::new(base + *i, base + *i + 2),
    };
    *i += 2;
    Some(at)
}
