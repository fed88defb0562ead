//! The window reader of tokens: the next `N` bytes of the text as a fixed array, so that a
//! well-formed token is read with no bounds to test at every byte. Every token is read through
//! these functions and [`super::read`]'s, in one of two windows: the fast lane of `seega check`
//! and the syntax tree read tokens in the text through a window of [`WIDTH`] bytes, and what
//! that refuses is read again alone through a window of [`WHOLE`] bytes, wide enough for any
//! token, which reads it as the grammar does and says where and why it refuses it
//! ([`super::token`] words that). `src/notation/tests.rs` holds the narrow window to read
//! nothing otherwise than the wide one.
//!
//! A turn's token is read in the window that starts at it, and each further step of a move in
//! a window of its own; a step with all its captures (`-d4xd3xc4xe4` and the byte after it) fits
//! in a narrow one. Past the end of the text a window holds blank space, which reads as the end
//! does: it ends a token and starts none. A byte asked for past the window's end reads as `0`,
//! which ends nothing and starts nothing, so a token that would need more of the text than a
//! narrow window holds is refused (and read in the wide one): a window never makes the lane
//! accept what the text does not say.

use crate::board::Square;
use crate::notation::ast::SyntaxKind;
use crate::notation::lex;
use crate::notation::limits::MAX_TOKEN_BYTES;
use crate::notation::{Annotation, GameResult};
/// Blank space, as a bit of [`CLASS`].
const SPACE: u8 = 1;
/// A byte that ends a movetext token: blank space, or the start of a comment.
const TOKEN_END: u8 = 2;

/// The classes of every byte ([`lex::is_space`], [`lex::ends_token`]) as bits of one table.
const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        let c = k as u8;
        if lex::is_space(c) {
            t[k] |= SPACE;
        }
        if lex::ends_token(c) {
            t[k] |= TOKEN_END;
        }
        k += 1;
    }
    t
};

/// Whether `b` is blank space ([`lex::is_space`]), told by the table: fewer instructions
/// than the tests of each byte.
#[inline(always)]
pub(crate) fn is_space(b: u8) -> bool {
    CLASS[b as usize] & SPACE != 0
}

/// Whether `b` ends a movetext token, as the scanner reads one ([`lex::ends_token`]).
#[inline(always)]
fn ends_token(b: u8) -> bool {
    CLASS[b as usize] & TOKEN_END != 0
}

/// When `b` ends a movetext token, how far past it the next token may start: 1 past blank
/// space, 0 at a comment.
#[inline(always)]
fn step_past_end(b: u8) -> Option<usize> {
    // A space first, without the table: almost every token ends there.
    if b == b' ' {
        return Some(1);
    }
    let c = CLASS[b as usize];
    if c & SPACE != 0 {
        Some(1)
    } else if c & TOKEN_END != 0 {
        Some(0)
    } else {
        None
    }
}

/// The move number at the start of `w`: digits, then `.` or `...`. Returns the number, whether
/// it was written with `...` (the second turn of a pair), and where it ends; or why it is
/// refused: no number ([`SyntaxKind::UnknownToken`]), or one that is 0 or no turn of any game
/// ([`SyntaxKind::NumberOverflow`]).
#[inline(always)]
pub(crate) fn move_number<const N: usize>(w: &Window<N>) -> Result<(u32, bool, usize), SyntaxKind> {
    let mut i = 0;
    // Nine digits fit a u32 with room to spare; longer numbers are read again, exactly.
    let mut n = 0u32;
    while let Some(digit) = Some(at(w, i).wrapping_sub(b'0')).filter(|&d| d <= 9) {
        n = n.wrapping_mul(10).wrapping_add(u32::from(digit));
        i += 1;
    }
    if i == 0 || i > 9 || at(w, i) != b'.' {
        return long_number(w, i);
    }
    let second = at(w, i + 1) == b'.' && at(w, i + 2) == b'.';
    if n == 0 {
        return Err(SyntaxKind::NumberOverflow);
    }
    Ok((n, second, i + if second { 3 } else { 1 }))
}

/// [`move_number`] of a number of `digits` digits that is no number, or longer than nine
/// digits: taken if it is below `u32::MAX / 2`, the turns no game reaches.
#[cold]
#[inline(never)]
fn long_number<const N: usize>(
    w: &Window<N>,
    digits: usize,
) -> Result<(u32, bool, usize), SyntaxKind> {
    if digits == 0 || at(w, digits) != b'.' {
        return Err(SyntaxKind::UnknownToken);
    }
    let n = w[..digits].iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    });
    let second = at(w, digits + 1) == b'.' && at(w, digits + 2) == b'.';
    match n {
        Some(n) if n != 0 && n < u32::MAX / 2 => {
            Ok((n, second, digits + if second { 3 } else { 1 }))
        }
        _ => Err(SyntaxKind::NumberOverflow),
    }
}

/// How many bytes the narrow window holds: a move number written `123456789...` and the byte
/// after it, a turn's first step with three captures and a one-mark annotation and the byte
/// after it, or a further step with three captures and a two-mark annotation. (A first step
/// with three captures and a two-mark annotation does not fit: that token is read in the wide
/// window.)
pub const WIDTH: usize = 16;

/// How many bytes the wide window holds: any token the scanner reads
/// ([`MAX_TOKEN_BYTES`]) and blank space after it.
pub(crate) const WHOLE: usize = MAX_TOKEN_BYTES + WIDTH;

/// `N` bytes of the text from a token or a step on: [`WIDTH`] or [`WHOLE`].
pub(crate) type Window<const N: usize = WIDTH> = [u8; N];

/// The window of `b` from `i`: the text itself, or near its end a copy in `pad`. (Reading the
/// text in place, rather than a copy of the window, measured faster.)
#[inline(always)]
pub(crate) fn window<'a, const N: usize>(
    b: &'a [u8],
    i: usize,
    pad: &'a mut Window<N>,
) -> &'a Window<N> {
    // One test: `i + N` cannot overflow, as `i` is at most one past the text's end.
    match b.get(i..i.wrapping_add(N)) {
        Some(w) => w.first_chunk::<N>().unwrap_or_else(|| tail(b, i, pad)),
        None => tail(b, i, pad),
    }
}

/// Copies the last bytes of `b` (fewer than `N` from `i`) into `pad`, blank space after them.
#[cold]
#[inline(never)]
fn tail<'a, const N: usize>(b: &[u8], i: usize, pad: &'a mut Window<N>) -> &'a Window<N> {
    let rest = b.get(i..).unwrap_or_default();
    let n = rest.len().min(N);
    pad.fill(b' ');
    pad[..n].copy_from_slice(&rest[..n]);
    pad
}

/// The byte at `k` of `w`; `0` past its end.
#[inline(always)]
pub(crate) fn at<const N: usize>(w: &Window<N>, k: usize) -> u8 {
    w.get(k).copied().unwrap_or(0)
}

/// Whether a token ends at `k` of `w`: at blank space, or at a comment glued to it.
#[inline(always)]
pub(crate) fn ends<const N: usize>(w: &Window<N>, k: usize) -> bool {
    ends_token(at(w, k))
}

/// Where the next token may start when the token ends at `k` of `w` (see [`ends`]): after one
/// blank byte, or at the comment glued to it. `None` when no token ends there.
#[inline(always)]
pub(crate) fn next<const N: usize>(w: &Window<N>, k: usize) -> Option<usize> {
    Some(k + step_past_end(at(w, k))?)
}

/// The square written at `k` of `w` (`a`–`i` then `1`–`9`). Every caller then wants a byte that
/// is not a digit (`,`, `-`, `x` or the token's end), so `c10` is refused; [`digit_after`]
/// tells that refusal from others.
#[inline(always)]
pub(crate) fn square<const N: usize>(w: &Window<N>, k: usize) -> Option<Square> {
    let (f, r) = (at(w, k).wrapping_sub(b'a'), at(w, k + 1).wrapping_sub(b'1'));
    if f > 8 || r > 8 {
        return None;
    }
    Some(Square::new(f, r))
}

/// Whether the byte at `k` of `w`, right after a square, is a digit: then the square was not
/// one (`c10`, `d44`).
#[inline(always)]
pub(crate) fn digit_after<const N: usize>(w: &Window<N>, k: usize) -> bool {
    at(w, k).is_ascii_digit()
}

/// Where the next token may start (see [`next`]) after the turn written up to `k` of `w`,
/// which ends at `k` or after an annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`), and the
/// annotation; `None` when anything else follows (it is at [`marks_end`]).
#[inline(always)]
pub(crate) fn turn_end<const N: usize>(
    w: &Window<N>,
    k: usize,
) -> Option<(usize, Option<Annotation>)> {
    if let Some(n) = next(w, k) {
        return Some((n, None));
    }
    marked_turn_end(w, k)
}

/// Where the marks written from `k` of `w` end: after at most two of `!` and `?`.
#[inline(always)]
pub(crate) fn marks_end<const N: usize>(w: &Window<N>, k: usize) -> usize {
    let mark = |c: u8| c == b'!' || c == b'?';
    k + usize::from(mark(at(w, k))) + usize::from(mark(at(w, k)) && mark(at(w, k + 1)))
}

/// [`turn_end`] of a turn that does not end at `k`: only marks may follow it.
#[cold]
#[inline(never)]
fn marked_turn_end<const N: usize>(w: &Window<N>, k: usize) -> Option<(usize, Option<Annotation>)> {
    let end = marks_end(w, k);
    let marks = Annotation::parse(std::str::from_utf8(w.get(k..end)?).ok()?)?;
    Some((next(w, end)?, Some(marks)))
}

/// The numeric annotation glyph (`$` and digits, a token of its own) at the start of `w`: its
/// value, its length, and where the next token may start (see [`next`]). Refused, with where
/// and why: no digit, or a value past `u32` ([`SyntaxKind::BadNag`]), or anything after the
/// digits ([`SyntaxKind::UnknownToken`]).
#[inline(always)]
pub(crate) fn nag<const N: usize>(
    w: &Window<N>,
) -> Result<(u32, usize, usize), (usize, SyntaxKind)> {
    let mut k = 1;
    let mut value = Some(0u32);
    while at(w, k).is_ascii_digit() {
        let digit = u32::from(at(w, k) - b'0');
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(digit));
        k += 1;
    }
    if k == 1 {
        return Err((1, SyntaxKind::BadNag));
    }
    let value = value.ok_or((0, SyntaxKind::BadNag))?;
    let next = next(w, k).ok_or((k, SyntaxKind::UnknownToken))?;
    Ok((value, k, next))
}

/// The result token at the start of `w`, if one is written there, and its length. The tokens
/// are those of [`GameResult::parse_bytes`], matched here on the window's fixed bytes, which
/// runs fewer instructions (`src/notation/tests.rs` holds them to agree).
#[inline(always)]
pub(crate) fn result<const N: usize>(w: &Window<N>) -> Option<(GameResult, usize)> {
    // Every window holds at least the longest result.
    let head = w.first_chunk::<7>()?;
    let (result, len) = match head {
        [b'*', ..] => (GameResult::Unknown, 1),
        [b'0', b'-', b'1', ..] => (GameResult::BlackWins, 3),
        [b'1', b'-', b'0', ..] => (GameResult::WhiteWins, 3),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => (GameResult::Draw, 7),
        _ => return None,
    };
    ends(w, len).then_some((result, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_text_is_blank_and_past_the_window_is_nothing() {
        let b = b"e2-d2";
        let w = *window(b, 0, &mut [0; WIDTH]);
        assert_eq!(&w[..5], b"e2-d2");
        assert!(ends(&w, 5), "the end of the text ends a token");
        assert!(square(&w, 5).is_none());
        let w = *window(b"0123456789abcdefgh", 2, &mut [0; WIDTH]);
        assert_eq!(&w, b"23456789abcdefgh");
        assert_eq!(at(&w, WIDTH), 0);
        assert!(!ends(&w, WIDTH), "past the window nothing ends");
        assert!(window(b"ab", 7, &mut [0; WIDTH]).iter().all(|&c| c == b' '));
    }

    #[test]
    fn turn_ends_and_annotations() {
        let end = |text: &str| turn_end(window(text.as_bytes(), 0, &mut [0; WIDTH]), 5);
        let marked = |a| Some(a);
        assert_eq!(end("e2-d2 x"), Some((6, None)), "after the blank");
        assert_eq!(end("e2-d2{x}"), Some((5, None)), "at a comment glued to it");
        assert_eq!(end("e2-d2;x"), Some((5, None)));
        assert_eq!(end("e2-d2!? x"), Some((8, marked(Annotation::Interesting))));
        assert_eq!(end("e2-d2!{x}"), Some((6, marked(Annotation::Good))));
        assert_eq!(
            end("e2-d2?"),
            Some((7, marked(Annotation::Mistake))),
            "past the text is blank"
        );
        assert_eq!(end("e2-d2!!! x"), None, "three marks are no annotation");
        assert_eq!(end("e2-d2!x"), None);
        assert_eq!(end("e2-d2x"), None);
    }

    #[test]
    fn glyphs_have_digits_a_u32_and_their_end() {
        for (text, want) in [
            ("$1 x", Ok((1, 2, 3))),
            ("$1{x}", Ok((1, 2, 2))),
            ("$123456789", Ok((123_456_789, 10, 11))),
            ("$0004294967295", Ok((u32::MAX, 14, 15))),
            ("$4294967296", Err((0, SyntaxKind::BadNag))),
            ("$123456789012345678", Err((0, SyntaxKind::BadNag))),
            ("$00000000000001 ", Ok((1, 15, 16))),
            ("$000000000000001", Err((16, SyntaxKind::UnknownToken))),
            ("$", Err((1, SyntaxKind::BadNag))),
            ("$ 1", Err((1, SyntaxKind::BadNag))),
            ("$1x", Err((2, SyntaxKind::UnknownToken))),
        ] {
            assert_eq!(
                nag(window(text.as_bytes(), 0, &mut [0; WIDTH])),
                want,
                "{text}"
            );
        }
    }

    #[test]
    fn results_need_their_end() {
        for (text, want) in [
            ("* x", Some((GameResult::Unknown, 1))),
            ("1-0\n", Some((GameResult::WhiteWins, 3))),
            ("0-1", Some((GameResult::BlackWins, 3))),
            ("1/2-1/2 ", Some((GameResult::Draw, 7))),
            ("1-00", None),
            ("*x", None),
            ("1/2-1/", None),
            ("12.", None),
        ] {
            assert_eq!(
                result(window(text.as_bytes(), 0, &mut [0; WIDTH])),
                want,
                "{text}"
            );
        }
    }
}
