//! The reader of a tag, `[Name "value"]` with the escapes `\"` and `\\` in its value, straight
//! from the text's bytes. It reads what the full way's tag parser (`scan/tag.rs`) reads
//! without error, with the same spans; anything else it refuses, and that parser words.

use std::ops::Range;

use super::swar;

/// A byte of a tag name, as a bit of [`CLASS`].
const NAME: u8 = 2;
/// A byte that ends a tag value the reader reads (`"`), or makes it refuse the tag.
const VALUE_STOP: u8 = 4;

const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        let c = k as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            t[k] |= NAME;
        }
        if matches!(c, b'"' | b'\\' | b'\n' | b'\r') {
            t[k] |= VALUE_STOP;
        }
        k += 1;
    }
    t
};

fn class_run(b: &[u8], mut i: usize, class: u8) -> usize {
    while i < b.len() && CLASS[b[i] as usize] & class != 0 {
        i += 1;
    }
    i
}

/// A tag the reader read: where it starts, where its name and its value (as written) are, where
/// it ends (after `]`), and whether the value holds escapes.
pub(crate) struct TagAt {
    /// Where its `[` is.
    pub(crate) start: usize,
    pub(crate) name: Range<usize>,
    pub(crate) value: Range<usize>,
    pub(crate) end: usize,
    pub(crate) escaped: bool,
}

/// Reads `[Name "value"]` at `at`, whose value may hold the escapes `\"` and `\\` (any other
/// backslash is an error the full path words). Out of line: the movetext loop, which runs far
/// more often, keeps the registers.
#[inline(never)]
pub(crate) fn tag(b: &[u8], at: usize) -> Option<TagAt> {
    let blank = |mut i: usize| {
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        i
    };
    // Tags are written `[Name "value"]` far more often than with other blank space: one test
    // each for that, the loop for the rest.
    let name_start = match b.get(at + 1) {
        Some(b' ' | b'\t') => blank(at + 1),
        _ => at + 1,
    };
    let name_end = name_end(b, name_start);
    let mut i = match b.get(name_end..name_end + 2) {
        Some(b" \"") => name_end + 1,
        _ => blank(name_end),
    };
    if name_end == name_start || b.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    let mut value_end = value_stop(b, value_start);
    let escaped = b.get(value_end) != Some(&b'"');
    if escaped {
        value_end = past_escapes(b, value_end)?;
    }
    i = match b.get(value_end + 1) {
        Some(b']') => value_end + 1,
        _ => blank(value_end + 1),
    };
    if b.get(i) != Some(&b']') {
        return None;
    }
    Some(TagAt {
        start: at,
        name: name_start..name_end,
        value: value_start..value_end,
        end: i + 1,
        escaped,
    })
}

/// Where a tag value ends (its closing `"`) when it stopped at `at` on anything else: a
/// backslash that starts an escape (`\"`, `\\`) goes on; any other, a line break or the end of
/// the text makes the reader refuse the tag.
#[cold]
#[inline(never)]
fn past_escapes(b: &[u8], mut at: usize) -> Option<usize> {
    while b.get(at) == Some(&b'\\') {
        if !matches!(b.get(at + 1), Some(b'"' | b'\\')) {
            return None;
        }
        at = value_stop(b, at + 2);
    }
    (b.get(at) == Some(&b'"')).then_some(at)
}

/// The end of the run of tag-name bytes (ASCII letters, digits, `_`) from `i`.
fn name_end(b: &[u8], i: usize) -> usize {
    match swar::word_at(b, i).map(swar::not_name) {
        Some(stops) => swar::first(stops).map_or_else(|| class_run(b, i + 8, NAME), |k| i + k),
        None => class_run(b, i, NAME),
    }
}

/// The first byte from `i` on that ends a tag value the reader reads (`"`) or makes it refuse
/// the tag (`\`, a line break), or the end of `b`.
fn value_stop(b: &[u8], mut i: usize) -> usize {
    while let Some(x) = swar::word_at(b, i) {
        if let Some(k) = swar::first(swar::value_stops(x)) {
            return i + k;
        }
        i += 8;
    }
    while i < b.len() && CLASS[b[i] as usize] & VALUE_STOP == 0 {
        i += 1;
    }
    i
}
