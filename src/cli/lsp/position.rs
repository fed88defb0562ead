//! Byte offsets of a document's text and the protocol's positions (a line and a character in
//! the encoding the client and the server agreed on), both ways.

use lsp_types::{Position, Range};

/// How a position's character counts: UTF-16 code units (the protocol's default) or bytes
/// (UTF-8, when the client offers it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Units {
    /// UTF-16 code units.
    Utf16,
    /// Bytes of UTF-8.
    Utf8,
}

/// Where each line of a text starts (a line ends at LF, CRLF or a lone CR, as the protocol
/// and seega's reader both count).
#[derive(Debug, Clone, Default)]
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    /// The lines of `text`.
    pub fn new(text: &str) -> Lines {
        let b = text.as_bytes();
        let mut starts = vec![0];
        let mut at = 0;
        while let Some(k) = memchr::memchr2(b'\n', b'\r', &b[at..]) {
            let p = at + k;
            at = if b[p] == b'\r' && b.get(p + 1) == Some(&b'\n') {
                p + 2
            } else {
                p + 1
            };
            starts.push(at);
        }
        Lines { starts }
    }

    /// The position of byte `offset` of `text` (clamped to the text, and back to a character's
    /// first byte).
    pub fn position(&self, text: &str, offset: usize, units: Units) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let before = &text[self.starts[line]..offset];
        let character = match units {
            Units::Utf8 => before.len(),
            Units::Utf16 => before.chars().map(char::len_utf16).sum(),
        };
        Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(character).unwrap_or(u32::MAX),
        )
    }

    /// The range of bytes `start..end` of `text`.
    pub fn range(&self, text: &str, start: usize, end: usize, units: Units) -> Range {
        Range::new(
            self.position(text, start, units),
            self.position(text, end.max(start), units),
        )
    }

    /// The byte offsets of `range`'s start and end in `text` (the inverse of
    /// [`Lines::range`]).
    pub fn offsets(&self, text: &str, range: Range, units: Units) -> (usize, usize) {
        (
            self.offset(text, range.start, units),
            self.offset(text, range.end, units),
        )
    }

    /// The byte offset of `pos` in `text`: a line past the last is the end of the text, a
    /// character past the line's end is its end, and one within a character its first byte.
    pub fn offset(&self, text: &str, pos: Position, units: Units) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(text.len(), |&next| {
                let line = &text.as_bytes()[start..next];
                next - (line.ends_with(b"\r\n") as usize + 1).min(line.len())
            });
        let wanted = pos.character as usize;
        let mut counted = 0;
        for (i, c) in text[start..end].char_indices() {
            let width = match units {
                Units::Utf8 => c.len_utf8(),
                Units::Utf16 => c.len_utf16(),
            };
            if counted + width > wanted {
                return start + i;
            }
            counted += width;
        }
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_offsets_agree_in_both_units() {
        let text = "ab\r\nc\u{1F600}d\rée\n";
        let lines = Lines::new(text);
        let at = |l, c| Position::new(l, c);
        for (offset, utf16, utf8) in [
            (0, at(0, 0), at(0, 0)),
            (4, at(1, 0), at(1, 0)),
            (5, at(1, 1), at(1, 1)),
            (9, at(1, 3), at(1, 5)),
            (11, at(2, 0), at(2, 0)),
            (13, at(2, 1), at(2, 2)),
            (text.len(), at(3, 0), at(3, 0)),
        ] {
            assert_eq!(
                lines.position(text, offset, Units::Utf16),
                utf16,
                "{offset}"
            );
            assert_eq!(lines.position(text, offset, Units::Utf8), utf8, "{offset}");
            assert_eq!(lines.offset(text, utf16, Units::Utf16), offset);
            assert_eq!(lines.offset(text, utf8, Units::Utf8), offset);
        }
        // Past a line's end, within a character, past the last line.
        assert_eq!(lines.offset(text, at(0, 9), Units::Utf16), 2);
        assert_eq!(lines.offset(text, at(1, 2), Units::Utf16), 5);
        assert_eq!(lines.offset(text, at(9, 0), Units::Utf16), text.len());
    }
}
