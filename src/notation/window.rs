//! The window reader of tokens: the next [`WIDTH`] bytes of the text as a fixed array, so that
//! a well-formed token is read with no bounds to test at every byte. The reader of games
//! ([`super::read`]) reads every token with it, for the fast lane of `seega check` as for the
//! syntax tree, and hands what it refuses to nom, which words the errors. `src/notation/tests.rs`
//! holds it to the nom parser on every token of the corpora.
//!
//! A turn's token is read in the window that starts at it, and each further step of a move in
//! a window of its own; a step with all its captures (`-d4xd3xc4xe4` and the byte after it) fits
//! in one. Past the end of the text a window holds blank space, which reads as the end does:
//! it ends a token and starts none. A byte asked for past the window's end reads as `0`,
//! which ends nothing and starts nothing, so a token that would need more of the text than its
//! window holds is refused (and the game is checked the full way): a window never makes the
//! lane accept what the text does not say.

use crate::board::Square;
use crate::notation::lex;
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

/// A well-formed move number at `b[i..]`: 1 to 9 digits, not 0, then `.` or `...`. Returns the
/// number, whether it was written with `...` (the second turn of a pair), and where it ends.
/// Anything else is `None` (the nom parser words the error).
#[inline(always)]
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

/// How many bytes a window holds: a move number written `123456789...` and the byte after it,
/// a turn's first step with three captures and a one-mark annotation and the byte after it,
/// or a further step with three captures and a two-mark annotation. (A first step with three
/// captures and a two-mark annotation does not fit: that game goes the full way.)
pub const WIDTH: usize = 16;

/// [`WIDTH`] bytes of the text from a token or a step on.
pub(crate) type Window = [u8; WIDTH];

/// The window of `b` from `i`: the text itself, or near its end a copy in `pad`. (Reading the
/// text in place, rather than a copy of the window, measured faster.)
#[inline(always)]
pub(crate) fn window<'a>(b: &'a [u8], i: usize, pad: &'a mut Window) -> &'a Window {
    // One test: `i + WIDTH` cannot overflow, as `i` is at most one past the text's end.
    match b.get(i..i.wrapping_add(WIDTH)) {
        Some(w) => w.first_chunk::<WIDTH>().unwrap_or_else(|| tail(b, i, pad)),
        None => tail(b, i, pad),
    }
}

/// Copies the last bytes of `b` (fewer than [`WIDTH`] from `i`) into `pad`, blank space after
/// them.
#[cold]
#[inline(never)]
fn tail<'a>(b: &[u8], i: usize, pad: &'a mut Window) -> &'a Window {
    let rest = b.get(i..).unwrap_or_default();
    let n = rest.len().min(WIDTH);
    pad.fill(b' ');
    pad[..n].copy_from_slice(&rest[..n]);
    pad
}

/// The byte at `k` of `w`; `0` past its end.
#[inline(always)]
pub(crate) fn at(w: &Window, k: usize) -> u8 {
    w.get(k).copied().unwrap_or(0)
}

/// Whether a token ends at `k` of `w`: at blank space, or at a comment glued to it.
#[inline(always)]
pub(crate) fn ends(w: &Window, k: usize) -> bool {
    ends_token(at(w, k))
}

/// Where the next token may start when the token ends at `k` of `w` (see [`ends`]): after one
/// blank byte, or at the comment glued to it. `None` when no token ends there.
#[inline(always)]
pub(crate) fn next(w: &Window, k: usize) -> Option<usize> {
    Some(k + step_past_end(at(w, k))?)
}

/// The square written at `k` of `w` (`a`–`i` then `1`–`9`). Every caller then wants a byte that
/// is not a digit (`,`, `-`, `x` or the token's end), so `c10` is refused as the token parser
/// refuses it.
#[inline(always)]
pub(crate) fn square(w: &Window, k: usize) -> Option<Square> {
    let (f, r) = (at(w, k).wrapping_sub(b'a'), at(w, k + 1).wrapping_sub(b'1'));
    if f > 8 || r > 8 {
        return None;
    }
    Some(Square::new(f, r))
}

/// Where the next token may start (see [`next`]) after the turn written up to `k` of `w`,
/// which ends at `k` or after an annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`), and the
/// annotation; `None` when anything else follows.
#[inline(always)]
pub(crate) fn turn_end(w: &Window, k: usize) -> Option<(usize, Option<Annotation>)> {
    if let Some(n) = next(w, k) {
        return Some((n, None));
    }
    marked_turn_end(w, k)
}

/// [`turn_end`] of a turn that does not end at `k`: only marks may follow it.
#[cold]
#[inline(never)]
fn marked_turn_end(w: &Window, k: usize) -> Option<(usize, Option<Annotation>)> {
    let mark = |c: u8| c == b'!' || c == b'?';
    let end = k + usize::from(mark(at(w, k))) + usize::from(mark(at(w, k)) && mark(at(w, k + 1)));
    let marks = Annotation::parse(std::str::from_utf8(w.get(k..end)?).ok()?)?;
    Some((next(w, end)?, Some(marks)))
}

/// The numeric annotation glyph (`$` and 1 to 9 digits, a token of its own) at the start of
/// `w`: its number of digits, and where the next token may start (see [`next`]).
#[inline(always)]
pub(crate) fn nag(w: &Window) -> Option<(usize, usize)> {
    let digits = w[1..]
        .iter()
        .take(10)
        .take_while(|c| c.is_ascii_digit())
        .count();
    if !(1..=9).contains(&digits) {
        return None;
    }
    Some((digits, next(w, 1 + digits)?))
}

/// The result token at the start of `w`, if one is written there, and its length. The tokens
/// are those of [`GameResult::parse_bytes`], matched here on the window's fixed bytes, which
/// runs fewer instructions (`src/notation/tests.rs` holds them to agree).
#[inline(always)]
pub(crate) fn result(w: &Window) -> Option<(GameResult, usize)> {
    let (result, len) = match w {
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
    fn glyphs_have_one_to_nine_digits_and_their_end() {
        for (text, want) in [
            ("$1 x", Some((1, 3))),
            ("$1{x}", Some((1, 2))),
            ("$123456789", Some((9, 11))),
            ("$1234567890", None),
            ("$123456789012345678", None),
            ("$", None),
            ("$ 1", None),
            ("$1x", None),
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
