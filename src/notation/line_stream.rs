//! Lines and columns of offsets taken in increasing order across a whole chunk, found without
//! indexing the chunk's lines first: for `seega convert`, which asks for the place of every
//! turn of every game, in order.

use std::cell::OnceCell;

use super::source::{LineCol, LineIndex};

/// [`LineIndex::line_col`] for offsets taken in increasing order, counting line feeds only
/// between one offset and the next. On an ASCII line of a text without CR (the common case)
/// the answer is found here: the line is the number of LFs before the offset, the column the
/// bytes since the last one. Anything else (a CR in the text, a line that is not ASCII, an
/// offset before the last one) is asked of the text's [`LineIndex`], built the first time it
/// is needed; the answers are always those of [`LineIndex::line_col`].
#[derive(Debug)]
pub struct LineStream<'i> {
    text: &'i str,
    index: &'i OnceCell<LineIndex>,
    base: usize,
    /// Whether the text holds no CR (otherwise every answer is the index's).
    lf_only: bool,
    /// The last offset answered here, its 0-based line, the start of that line and where the
    /// next starts (`usize::MAX` on the last line).
    offset: usize,
    line: usize,
    start: usize,
    next: usize,
    /// Whether the line of `offset` is ASCII.
    ascii: bool,
}

impl<'i> LineStream<'i> {
    /// A stream over `text`, a chunk of a file that starts at the file's 0-based line `base`;
    /// `index` holds (or will hold) `LineIndex::with_base(text, base)`.
    pub fn new(text: &'i str, base: usize, index: &'i OnceCell<LineIndex>) -> LineStream<'i> {
        let b = text.as_bytes();
        let (next, ascii) = line_end(b, 0);
        LineStream {
            text,
            index,
            base,
            lf_only: memchr::memchr(b'\r', b).is_none(),
            offset: 0,
            line: 0,
            start: 0,
            next,
            ascii,
        }
    }

    /// The text's line index.
    pub fn index(&self) -> &'i LineIndex {
        self.index
            .get_or_init(|| LineIndex::with_base(self.text, self.base))
    }

    /// The line and column of byte `offset` of the text.
    #[inline]
    pub fn line_col(&mut self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        if offset >= self.offset && offset < self.next && self.ascii {
            self.offset = offset;
            return LineCol {
                line: self.base + self.line + 1,
                column: offset - self.start + 1,
            };
        }
        self.advance(offset)
    }

    /// [`LineStream::line_col`] of an offset on another line, or on a line that is not ASCII.
    fn advance(&mut self, offset: usize) -> LineCol {
        if !self.lf_only || offset < self.offset {
            return self.index().line_col(self.text, offset);
        }
        let b = self.text.as_bytes();
        if offset >= self.next {
            // The LFs from the start of the next line to `offset` start the lines after it:
            // mostly none or a few bytes away, counted byte by byte.
            let gap = b.get(self.next..offset).unwrap_or_default();
            self.line += 1;
            self.start = self.next;
            if gap.len() <= 64 {
                for (i, &x) in gap.iter().enumerate() {
                    if x == b'\n' {
                        self.line += 1;
                        self.start = self.next + i + 1;
                    }
                }
            } else {
                self.line += LineIndex::count_breaks_in(gap);
                if let Some(i) = memchr::memrchr(b'\n', gap) {
                    self.start = self.next + i + 1;
                }
            }
            let (next, ascii) = line_end(b, offset);
            self.next = next;
            self.ascii = ascii && b.get(self.start..offset).is_some_and(<[u8]>::is_ascii);
        }
        self.offset = offset;
        if self.ascii {
            LineCol {
                line: self.base + self.line + 1,
                column: offset - self.start + 1,
            }
        } else {
            self.index().line_col(self.text, offset)
        }
    }
}

/// Where the line after the one holding `from` starts (`usize::MAX` on the last line), and
/// whether the bytes of the line from `from` are ASCII: eight bytes at a time in a word.
fn line_end(b: &[u8], from: usize) -> (usize, bool) {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const LF: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let rest = b.get(from..).unwrap_or_default();
    let words = rest.chunks_exact(8);
    let tail = words.remainder();
    let whole = rest.len() - tail.len();
    let mut high = 0;
    for (k, w) in words.enumerate() {
        let mut word = [0; 8];
        word.copy_from_slice(w);
        let v = u64::from_le_bytes(word);
        let t = v ^ LF;
        // The top bit of each byte of `t` that is zero (an LF in `v`), and no other.
        let lf = !(((t & LOW) + LOW) | t | LOW);
        if lf != 0 {
            let i = (lf.trailing_zeros() / 8) as usize;
            // The bytes before the LF.
            let before = if i == 0 {
                0
            } else {
                v & (u64::MAX >> (64 - 8 * i))
            };
            return (from + 8 * k + i + 1, (high | before) & !LOW == 0);
        }
        high |= v;
    }
    let ascii = high & !LOW == 0;
    match tail.iter().position(|&x| x == b'\n') {
        Some(i) => (
            from + whole + i + 1,
            ascii && tail.get(..i).is_some_and(<[u8]>::is_ascii),
        ),
        None => (usize::MAX, ascii && tail.is_ascii()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every offset of `text`, in order and by jumps, answers as the index does.
    fn answers_as_the_index(text: &str, base: usize) {
        let index = LineIndex::with_base(text, base);
        let every: Vec<usize> = (0..=text.len() + 2).collect();
        let cell = OnceCell::new();
        let mut s = LineStream::new(text, base, &cell);
        for &o in &every {
            assert_eq!(s.line_col(o), index.line_col(text, o), "offset {o}");
        }
        for step in [3, 7, 61, 613] {
            let cell = OnceCell::new();
            let mut s = LineStream::new(text, base, &cell);
            for &o in every
                .iter()
                .step_by(step)
                .chain(every.iter().rev().step_by(389))
            {
                assert_eq!(s.line_col(o), index.line_col(text, o), "offset {o}");
            }
        }
    }

    #[test]
    fn a_stream_answers_as_the_index_does() {
        answers_as_the_index("", 0);
        answers_as_the_index("\n\n", 3);
        answers_as_the_index("ab\ncd e\n\nfgh", 0);
        answers_as_the_index("[Site \"Aïcha\"]\n\n1. a1,b2 c3,d4\n2. e5,a2 *\nx", 40);
        answers_as_the_index("ab\r\nḥé x\ry\n\nz", 7);
        // Line feeds at every place in a word, non-ASCII text just before and after them.
        let mut mixed = String::new();
        for n in 0..20 {
            mixed += &"x".repeat(n);
            mixed += if n % 3 == 0 { "é\n" } else { "\n" };
            mixed += if n % 4 == 1 { "ḥ y\n" } else { "a b\n" };
        }
        answers_as_the_index(&mixed, 2);
        let long = "ab ".repeat(3000) + "\n" + &"é".repeat(5000) + "\nx y\n";
        answers_as_the_index(&long, 1);
    }
}
