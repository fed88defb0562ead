//! Eight bytes at a time: byte classes of a little-endian `u64` word, for the reader's
//! scans of short runs (tag names and values), where a byte loop would mispredict its exit
//! once per run. Each function gives the high bit of every byte of the class; the first such
//! byte is `(mask.trailing_zeros() / 8)`.

/// `1` in every byte of a word.
const ONES: u64 = u64::from_le_bytes([1; 8]);
/// The high bit of every byte of a word.
const HIGH: u64 = ONES << 7;

/// Eight bytes of `b` from `i` as a little-endian word, when there are eight.
#[inline(always)]
pub(super) fn word_at(b: &[u8], i: usize) -> Option<u64> {
    let chunk = b.get(i..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*chunk))
}

/// The index of the first byte marked in `mask` (a word of high bits), if any.
#[inline(always)]
pub(super) fn first(mask: u64) -> Option<usize> {
    (mask != 0).then(|| (mask.trailing_zeros() / 8) as usize)
}

/// The bytes of `x` equal to `c`, exactly (no borrow runs between bytes).
#[inline(always)]
fn equal(x: u64, c: u8) -> u64 {
    let y = x ^ (ONES * u64::from(c));
    let low = !HIGH;
    !(((y & low) + low) | y) & HIGH
}

/// The bytes of `x` that are not tag-name bytes (ASCII letters, digits and `_`).
#[inline(always)]
pub(super) fn not_name(x: u64) -> u64 {
    // Each byte without its high bit: no borrow crosses bytes below. Bytes that had the high
    // bit are not ASCII, so not name bytes.
    let x7 = x & !HIGH;
    let at_least = |lo: u8| (x7 | HIGH).wrapping_sub(ONES * u64::from(lo)) & HIGH;
    let at_most = |hi: u8| (ONES * u64::from(0x80 | hi)).wrapping_sub(x7) & HIGH;
    let name = (at_least(b'0') & at_most(b'9'))
        | (at_least(b'A') & at_most(b'Z'))
        | (at_least(b'a') & at_most(b'z'))
        | equal(x, b'_');
    !(name & !x) & HIGH
}

/// The bytes of `x` where the scan of a tag value stops: `"`, `\`, a line break, or `0xE2`
/// (the first byte of a bidirectional control). Exact for the first such byte; bytes after it
/// may be marked too.
#[inline(always)]
pub(super) fn value_stops(x: u64) -> u64 {
    // A zero byte sets its high bit, and a borrow may set those of bytes above it: the lowest
    // one is always a zero byte.
    let zero = |y: u64| y.wrapping_sub(ONES) & !y & HIGH;
    [b'"', b'\\', b'\n', b'\r', 0xe2]
        .iter()
        .fold(0, |acc, &c| acc | zero(x ^ (ONES * u64::from(c))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_name(c: u8) -> bool {
        c.is_ascii_alphanumeric() || c == b'_'
    }

    fn is_stop(c: u8) -> bool {
        matches!(c, b'"' | b'\\' | b'\n' | b'\r' | 0xe2)
    }

    /// Words with `c` at position `k` among neighbours `n` (all 256 × 8 × neighbours).
    fn words(mut test: impl FnMut([u8; 8])) {
        for n in [
            b'a', b'_', b'9', b'Z', b' ', b'"', 0, 0x7f, 0x80, 0xff, b'^', b'`', b'@',
        ] {
            for c in 0..=255u8 {
                for k in 0..8 {
                    let mut w = [n; 8];
                    w[k] = c;
                    test(w);
                }
            }
        }
    }

    #[test]
    fn not_name_finds_the_first_byte_outside_names() {
        words(|w| {
            let expected = w.iter().position(|&c| !is_name(c));
            assert_eq!(first(not_name(u64::from_le_bytes(w))), expected, "{w:?}");
        });
    }

    #[test]
    fn value_stops_finds_the_first_stop() {
        words(|w| {
            let expected = w.iter().position(|&c| is_stop(c));
            assert_eq!(first(value_stops(u64::from_le_bytes(w))), expected, "{w:?}");
        });
    }

    #[test]
    fn word_at_needs_eight_bytes() {
        assert_eq!(
            word_at(b"12345678", 0),
            Some(u64::from_le_bytes(*b"12345678"))
        );
        assert_eq!(word_at(b"12345678", 1), None);
        assert_eq!(word_at(b"", 3), None);
    }
}
