//! [`LineCursor`]: lines and columns of offsets asked for in increasing order.

use super::{LineCol, LineIndex, chars};

/// [`LineIndex::line_col`] for offsets taken in increasing order (the turns of a game, the
/// games of a chunk): each costs the lines and characters since the one before rather than a
/// search and a count from the start of the line. Any offset may be asked for; one before the
/// previous one is looked up afresh. The answers are those of [`LineIndex::line_col`].
#[derive(Debug, Clone)]
pub struct LineCursor<'i> {
    index: &'i LineIndex,
    text: &'i str,
    /// 0-based line, byte offset and 0-based column of the last answer.
    line: usize,
    offset: usize,
    column: usize,
    /// Where the line after `line` starts (`usize::MAX` on the last line).
    next: usize,
    /// Whether `line` is ASCII: then its columns are byte counts.
    ascii: bool,
    /// The line `ascii` was found for (`usize::MAX` before the first answer): a line is looked
    /// at once, however many answers fall on it.
    ascii_of: usize,
}

impl<'i> LineCursor<'i> {
    /// A cursor at the start of `text`, which `index` indexes.
    pub(super) fn new(index: &'i LineIndex, text: &'i str) -> LineCursor<'i> {
        LineCursor {
            index,
            text,
            line: 0,
            next: index.starts.get(1).copied().unwrap_or(usize::MAX),
            offset: 0,
            column: index.column,
            ascii: false,
            ascii_of: usize::MAX,
        }
    }
}

impl LineCursor<'_> {
    /// The line and column of byte `offset` of the text.
    #[inline]
    pub fn line_col(&mut self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        // Mostly further on the same ASCII line: the column grows by the bytes between.
        if self.ascii && offset >= self.offset && offset < self.next {
            self.column += offset - self.offset;
            self.offset = offset;
        } else {
            self.seek(offset);
        }
        LineCol {
            line: self.index.base + self.line + 1,
            column: self.column + 1,
        }
    }

    /// [`LineCursor::line_col`] of any offset.
    fn seek(&mut self, offset: usize) {
        let starts = &self.index.starts;
        let bytes = self.text.as_bytes();
        let after = starts.get(self.line + 2).copied().unwrap_or(usize::MAX);
        if offset >= self.offset && self.next <= offset && offset < after {
            // The next line, mostly: its start is known.
            self.line += 1;
            self.ascii = bytes
                .get(self.next..after.min(bytes.len()))
                .is_some_and(<[u8]>::is_ascii);
            self.ascii_of = self.line;
            self.column = if self.ascii {
                offset - self.next
            } else {
                self.index.column_in(self.text, self.line, offset)
            };
            self.next = after;
            self.offset = offset;
            return;
        }
        if offset < self.offset {
            self.line = self.index.line_of(offset);
            self.column = self.index.column_in(self.text, self.line, offset);
        } else {
            let line = self.line;
            // Mostly the same line; a search when further.
            if self.next <= offset {
                self.line = self.index.line_of(offset);
            }
            // Characters add up between two character boundaries of one line.
            match self.text.get(self.offset..offset) {
                Some(between) if self.line == line => self.column += chars(between),
                _ => self.column = self.index.column_in(self.text, self.line, offset),
            }
        }
        self.offset = offset;
        self.next = starts.get(self.line + 1).copied().unwrap_or(usize::MAX);
        if self.ascii_of != self.line {
            // A line not looked at yet: is it ASCII? (Looking again at each answer on a long
            // line that is not would make a line of many games quadratic.)
            let start = starts.get(self.line).copied().unwrap_or(0);
            self.ascii = bytes
                .get(start..self.next.min(bytes.len()))
                .is_some_and(<[u8]>::is_ascii);
            self.ascii_of = self.line;
        }
    }
}
