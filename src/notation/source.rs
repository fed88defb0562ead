//! Source text: bytes decoded once, and the one place that maps byte offsets to lines and
//! columns.

use super::ast::Span;

/// An archive's text, decoded from bytes.
///
/// A leading byte-order mark is dropped. Each maximal run of bytes that is not UTF-8 is replaced
/// by U+FFFD and its span remembered, so that offsets stay meaningful and the scanner can report
/// the bad bytes where they were.
#[derive(Debug, Clone, Default)]
pub struct Source {
    text: String,
    invalid: Vec<Span>,
}

impl Source {
    /// Decodes `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Source {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        match std::str::from_utf8(bytes) {
            Ok(s) => Source {
                text: s.to_owned(),
                invalid: Vec::new(),
            },
            Err(_) => {
                let mut text = String::with_capacity(bytes.len() + 16);
                let mut invalid = Vec::new();
                for chunk in bytes.utf8_chunks() {
                    text.push_str(chunk.valid());
                    if !chunk.invalid().is_empty() {
                        let start = text.len();
                        text.push(char::REPLACEMENT_CHARACTER);
                        invalid.push(Span::new(start, text.len()));
                    }
                }
                Source { text, invalid }
            }
        }
    }

    /// Text that is known to be UTF-8.
    pub fn from_text(text: impl Into<String>) -> Source {
        let text = text.into();
        let text = match text.strip_prefix('\u{feff}') {
            Some(t) => t.to_owned(),
            None => text,
        };
        Source {
            text,
            invalid: Vec::new(),
        }
    }

    /// The decoded text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where invalid bytes stood, in order.
    pub fn invalid(&self) -> &[Span] {
        &self.invalid
    }

    /// Gives the text up.
    pub fn into_text(self) -> String {
        self.text
    }
}

/// Line starts of a text; maps byte offsets to 1-based lines and character columns.
///
/// A line ends at LF, at CRLF, or at a lone CR. The text may be a chunk of a larger file that
/// starts at the beginning of a line: [`LineIndex::with_base`] then numbers lines as in the file.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
    base: usize,
}

/// A 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

impl LineIndex {
    /// Indexes `text`.
    pub fn new(text: &str) -> LineIndex {
        LineIndex::with_base(text, 0)
    }

    /// Indexes `text`, a chunk of a file that starts at the beginning of the file's 0-based line
    /// `base`: every line reported is a line of the file.
    pub fn with_base(text: &str, base: usize) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(line_breaks(text.as_bytes()));
        LineIndex { starts, base }
    }

    /// How many lines start after the beginning of `text` (its line breaks): the `base` of the
    /// chunk that follows it.
    pub fn count_breaks(text: &str) -> usize {
        line_breaks(text.as_bytes()).count()
    }

    /// The file line (0-based) of this index's 0-based line `line`.
    pub fn file_line(&self, line: usize) -> usize {
        self.base + line
    }

    /// The line and column of byte `offset` of `text` (the text this index was built from).
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        let start = self.starts[line];
        let column = text
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        LineCol {
            line: self.base + line + 1,
            column,
        }
    }

    /// Number of lines of the indexed text.
    pub fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line of the indexed text holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// The byte where 0-based line `line` starts (the text's length past the last line).
    pub fn line_start(&self, line: usize, text: &str) -> usize {
        self.starts.get(line).copied().unwrap_or(text.len())
    }
}

/// The offsets where a line starts after a break: after LF, after CRLF, after a lone CR.
fn line_breaks(b: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr2_iter(b'\n', b'\r', b)
        .filter(move |&i| !(b[i] == b'\r' && b.get(i + 1) == Some(&b'\n')))
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let t = "ab\r\nḥé x\ry";
        let idx = LineIndex::new(t);
        assert_eq!(idx.line_col(t, 0), LineCol { line: 1, column: 1 });
        let x = t.find('x').unwrap();
        assert_eq!(idx.line_col(t, x), LineCol { line: 2, column: 4 });
        let y = t.find('y').unwrap();
        assert_eq!(idx.line_col(t, y), LineCol { line: 3, column: 1 });
    }

    #[test]
    fn chunks_number_lines_as_in_the_file() {
        let t = "a\r\nb\rc\nd\n";
        let cut = t.find('c').unwrap();
        let (head, tail) = t.split_at(cut);
        let whole = LineIndex::new(t);
        let part = LineIndex::with_base(tail, LineIndex::count_breaks(head));
        assert_eq!(part.line_col(tail, 2), whole.line_col(t, cut + 2));
        assert_eq!(part.line_col(tail, 2), LineCol { line: 4, column: 1 });
    }

    #[test]
    fn invalid_bytes_are_marked() {
        let s = Source::from_bytes(b"\xEF\xBB\xBFab\xFFc");
        assert_eq!(s.text(), "ab\u{FFFD}c");
        assert_eq!(s.invalid(), &[Span::new(2, 5)]);
    }
}
