//! JSON text as every seega output writes it: `serde_json`'s, with each character that a
//! terminal obeys rather than shows and that JSON would pass raw escaped as `\uXXXX` too: the C1
//! controls (U+0080–U+009F: U+009B starts an escape sequence as `ESC [` does), the
//! bidirectional controls and marks, the line and paragraph separators
//! ([`terminal::is_hidden`] beyond the C0 controls, which JSON escapes already). The value is
//! the same, the text is valid JSON, and whatever the destination (a terminal, a pipe, a file)
//! it holds none of them raw. The hand-written writer of games (`json_buf`) escapes the same
//! characters the same way; its tests hold it to these functions.
//!
//! ```
//! let json = seega::render::json_text::to_string(&"a\u{9b}31m b\u{202e}c").unwrap();
//! assert_eq!(json, r#""a\u009b31m b\u202ec""#);
//! let back: String = serde_json::from_str(&json).unwrap();
//! assert_eq!(back, "a\u{9b}31m b\u{202e}c");
//! ```

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter, Serializer};

use super::terminal;

/// Writes `value` as compact JSON to `writer`.
pub fn to_writer<W: Write, T: Serialize + ?Sized>(writer: W, value: &T) -> serde_json::Result<()> {
    value.serialize(&mut Serializer::with_formatter(writer, Compact))
}

/// Writes `value` as indented JSON (two spaces, as `serde_json::to_writer_pretty`) to `writer`.
///
/// ```
/// let mut out = Vec::new();
/// seega::render::json_text::to_writer_pretty(&mut out, &["\u{2066}"]).unwrap();
/// assert_eq!(out, b"[\n  \"\\u2066\"\n]");
/// ```
pub fn to_writer_pretty<W: Write, T: Serialize + ?Sized>(
    writer: W,
    value: &T,
) -> serde_json::Result<()> {
    value.serialize(&mut Serializer::with_formatter(
        writer,
        Pretty(PrettyFormatter::new()),
    ))
}

/// `value` as compact JSON text. The example is the module's.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut out = Vec::with_capacity(128);
    to_writer(&mut out, value)?;
    // The serializer writes UTF-8 only.
    String::from_utf8(out).map_err(serde::ser::Error::custom)
}

/// The UTF-8 lead bytes of the characters escaped beyond `serde_json`'s: C1 controls (`C2`),
/// U+061C (`D8`), the marks, bidirectional controls and separators of U+2000–U+2FFF (`E2`).
pub(crate) fn may_hide(b: u8) -> bool {
    matches!(b, 0xC2 | 0xD8 | 0xE2)
}

/// Whether `c` is escaped beyond `serde_json`'s escapes.
pub(crate) fn escaped(c: char) -> bool {
    !c.is_ascii() && terminal::is_hidden(c)
}

/// Writes `fragment` (text `serde_json` writes as it is) with the characters [`escaped`] says
/// as `\uXXXX`: what every formatter of seega's JSON writes a string's fragment with.
pub(crate) fn write_fragment<W: Write + ?Sized>(writer: &mut W, fragment: &str) -> io::Result<()> {
    if !fragment.bytes().any(may_hide) {
        return writer.write_all(fragment.as_bytes());
    }
    let mut from = 0;
    for (i, c) in fragment.char_indices() {
        if escaped(c) {
            writer.write_all(&fragment.as_bytes()[from..i])?;
            write!(writer, "\\u{:04x}", u32::from(c))?;
            from = i + c.len_utf8();
        }
    }
    writer.write_all(&fragment.as_bytes()[from..])
}

/// `serde_json`'s compact formatter, escaping as the module says.
struct Compact;

impl Formatter for Compact {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        write_fragment(writer, fragment)
    }
}

/// `serde_json`'s pretty formatter, escaping as the module says.
struct Pretty<'a>(PrettyFormatter<'a>);

impl Formatter for Pretty<'_> {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        write_fragment(writer, fragment)
    }
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_value(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_terminal_obeys_is_escaped_and_the_value_is_kept() {
        let hidden = [
            '\u{80}', '\u{9b}', '\u{9f}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}',
            '\u{200e}', '\u{200f}', '\u{61c}', '\u{2028}', '\u{2029}',
        ];
        let shown = ['é', '\u{a0}', '–', '“', '\u{2030}', 'ب', '\u{600}'];
        for c in hidden {
            let s = format!("a{c}b");
            let json = to_string(&s).unwrap();
            assert_eq!(json, format!("\"a\\u{:04x}b\"", u32::from(c)), "{c:?}");
            assert_eq!(serde_json::from_str::<String>(&json).unwrap(), s);
        }
        for c in shown {
            let s = format!("a{c}b\u{1b}");
            assert_eq!(
                to_string(&s).unwrap(),
                serde_json::to_string(&s).unwrap(),
                "{c:?}"
            );
        }
        let mut pretty = Vec::new();
        to_writer_pretty(&mut pretty, &serde_json::json!({"a": [1, "\u{9b}"]})).unwrap();
        let mut plain = Vec::new();
        serde_json::to_writer_pretty(&mut plain, &serde_json::json!({"a": [1, "\\u009b"]}))
            .unwrap();
        assert_eq!(
            String::from_utf8(pretty).unwrap(),
            String::from_utf8(plain)
                .unwrap()
                .replace("\\\\u009b", "\\u009b")
        );
    }
}
