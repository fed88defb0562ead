//! The one reader of a tag, `[Name "value"]` with the escapes `\"` and `\\` in its value,
//! straight from the text's bytes. What it refuses it says where and at which part
//! ([`Refusal`]), which the scanner words (`scan/tag.rs`) without reading the tag again. It
//! also tells whether the value holds a bidirectional control, found in the same scan of the
//! value (the fast lane gives such a game up: the full path warns of it).

use std::borrow::Cow;
use std::ops::Range;

use super::swar;
use crate::notation::ast::{Span, Tag};

/// A byte of a tag name, as a bit of [`CLASS`].
const NAME: u8 = 2;
/// A byte where the scan of a tag value stops: its end (`"`), an escape (`\\`), what makes the
/// reader refuse the tag (a line break), or the first byte of a bidirectional control (`0xE2`).
const VALUE_STOP: u8 = 4;

const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        let c = k as u8;
        if c.is_ascii_alphanumeric() || c == b'_' {
            t[k] |= NAME;
        }
        if matches!(c, b'"' | b'\\' | b'\n' | b'\r' | 0xe2) {
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
/// it ends (after `]`), whether the value holds escapes, and whether it holds a bidirectional
/// control.
pub(crate) struct TagAt {
    /// Where its `[` is.
    pub(crate) start: usize,
    pub(crate) name: Range<usize>,
    pub(crate) value: Range<usize>,
    pub(crate) end: usize,
    pub(crate) escaped: bool,
    pub(crate) bidi: bool,
}

impl TagAt {
    /// The tag in the syntax tree's shape, its value unescaped, in `text` (the text it was read
    /// from).
    pub(crate) fn tag<'t>(&self, text: &'t str) -> Tag<'t> {
        let raw = &text[self.value.clone()];
        Tag {
            name: &text[self.name.clone()],
            value: if self.escaped {
                Cow::Owned(unescaped(raw))
            } else {
                Cow::Borrowed(raw)
            },
            span: Span::new(self.start, self.end),
            value_span: Span::new(self.value.start, self.value.end),
        }
    }
}

/// A tag value as written, its escapes (`\"`, `\\`) decoded.
pub(crate) fn unescaped(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        out.push(if c == '\\' {
            chars.next().unwrap_or(c)
        } else {
            c
        });
    }
    out
}

/// Where and at which part the reader refused a tag that starts at a `[`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// The part it was reading.
    pub(crate) part: Part,
    /// Where it stopped: the first byte it does not take.
    pub(crate) at: usize,
    /// The tag's name, as far as it was read (empty when there is none).
    pub(crate) name: Range<usize>,
}

/// The part of a tag the reader refused at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// No name of ASCII letters, digits or `_` follows the `[`.
    Name,
    /// No `"` opens the value after the name.
    Value,
    /// Inside the value: at a backslash that starts no escape, a line break or the end.
    InValue,
    /// No `]` closes the tag after the value.
    Close,
}

/// Reads `[Name "value"]` at `at`, whose value may hold the escapes `\"` and `\\` (any other
/// backslash is an error the full path words). Inline in the reader of headers, which is itself
/// out of line: the movetext loop, which runs far more often, keeps the registers.
#[inline(always)]
pub(crate) fn tag(b: &[u8], at: usize) -> Result<TagAt, Refusal> {
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
    let refused = |part, at| Refusal {
        part,
        at,
        name: name_start..name_end,
    };
    if name_end == name_start {
        return Err(refused(Part::Name, name_start));
    }
    if b.get(i) != Some(&b'"') {
        return Err(refused(Part::Value, i));
    }
    let value_start = i + 1;
    let mut value_end = value_stop(b, value_start);
    let (mut escaped, mut bidi) = (false, false);
    if b.get(value_end) != Some(&b'"') {
        (value_end, escaped, bidi) =
            past_stops(b, value_end).map_err(|at| refused(Part::InValue, at))?;
    }
    i = match b.get(value_end + 1) {
        Some(b']') => value_end + 1,
        _ => blank(value_end + 1),
    };
    if b.get(i) != Some(&b']') {
        return Err(refused(Part::Close, i));
    }
    Ok(TagAt {
        start: at,
        name: name_start..name_end,
        value: value_start..value_end,
        end: i + 1,
        escaped,
        bidi,
    })
}

/// Where a tag value ends (its closing `"`) when its scan stopped at `at` on anything else,
/// whether it holds escapes, and whether it holds a bidirectional control: a backslash that
/// starts an escape (`\"`, `\\`) goes on, and so does a `0xE2` byte; any other backslash, a
/// line break or the end of the text makes the reader refuse the tag there (`Err` with where).
#[cold]
#[inline(never)]
fn past_stops(b: &[u8], mut at: usize) -> Result<(usize, bool, bool), usize> {
    let (mut escaped, mut bidi) = (false, false);
    loop {
        match b.get(at).ok_or(at)? {
            b'"' => return Ok((at, escaped, bidi)),
            b'\\' if matches!(b.get(at + 1), Some(b'"' | b'\\')) => {
                escaped = true;
                at = value_stop(b, at + 2);
            }
            0xe2 => {
                bidi |= bidi_at(b, at);
                at = value_stop(b, at + 1);
            }
            _ => return Err(at),
        }
    }
}

/// Whether the bytes at `i` are a bidirectional control in UTF-8 (U+202A–U+202E: E2 80 AA–AE;
/// U+2066–U+2069: E2 81 A6–A9; see [`crate::notation::lex::is_bidi_control`]).
pub(crate) fn bidi_at(b: &[u8], i: usize) -> bool {
    matches!(
        b.get(i..i + 3),
        Some([0xe2, 0x80, 0xaa..=0xae] | [0xe2, 0x81, 0xa6..=0xa9])
    )
}

/// The end of the run of tag-name bytes (ASCII letters, digits, `_`) from `i`.
fn name_end(b: &[u8], i: usize) -> usize {
    match swar::word_at(b, i).map(swar::not_name) {
        Some(stops) => swar::first(stops).map_or_else(|| class_run(b, i + 8, NAME), |k| i + k),
        None => class_run(b, i, NAME),
    }
}

/// The first byte from `i` on where the scan of a tag value stops (see [`VALUE_STOP`]), or the
/// end of `b`.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_tells_its_escapes_and_bidirectional_controls() {
        // (text, value as written, escaped, bidi)
        for (text, value, escaped, bidi) in [
            ("[Event \"plain\"]", "plain", false, false),
            ("[Event \"a\\\"b\"]", "a\\\"b", true, false),
            (
                "[Event \"\u{2013} \u{201c}x\u{201d}\"]",
                "\u{2013} \u{201c}x\u{201d}",
                false,
                false,
            ),
            ("[Event \"x\u{202e}\"]", "x\u{202e}", false, true),
            (
                "[Event \"\u{2013}\u{2066}\"]",
                "\u{2013}\u{2066}",
                false,
                true,
            ),
            (
                "[Event \"\\\\\u{2069}\\\"\"]",
                "\\\\\u{2069}\\\"",
                true,
                true,
            ),
            (
                "[Event \"a long value past eight bytes \u{202a}\"]",
                "a long value past eight bytes \u{202a}",
                false,
                true,
            ),
        ] {
            let t = tag(text.as_bytes(), 0).unwrap_or_else(|e| panic!("{text:?} refused: {e:?}"));
            assert_eq!(&text[t.value.clone()], value, "{text:?}");
            assert_eq!((t.escaped, t.bidi), (escaped, bidi), "{text:?}");
            assert_eq!(t.end, text.len(), "{text:?}");
        }
    }

    #[test]
    fn a_value_broken_by_a_line_or_a_stray_backslash_is_refused() {
        for text in [
            "[Event \"\u{2013}\n\"]",
            "[Event \"\u{202e}\\x\"]",
            "[Event \"\u{2013}",
            "[Event \"x\u{e2}",
        ] {
            assert!(tag(text.as_bytes(), 0).is_err(), "{text:?}");
        }
    }
}
