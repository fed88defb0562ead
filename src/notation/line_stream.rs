//! Lines and columns of offsets taken in increasing order across a whole chunk, found without
//! indexing the chunk's lines first: for `seega convert`, which asks for the place of every
//! turn of every game, in order.

use std::cell::OnceCell;

use super::source::{LineCol, LineIndex};

/// [`LineIndex::line_col`] for offsets taken in increasing order, reading each byte of the
/// text about once. In a text without a lone CR (the common case; a CR before an LF is a byte
/// of its line like any other) the answer is found here: from an offset whose line and column
/// are known, the bytes up to the next LF or byte that is not ASCII are found in one pass,
/// eight at a time, and every later offset up to there is on the same line, its column grown
/// by the bytes between. Past there, the line grows by the LFs in between, and the column
/// counts the bytes since the last one when they are ASCII. Anything else (a lone CR in the
/// text, a column after bytes that are not ASCII, an offset before the last one) is asked of
/// the text's [`LineIndex`], built the first time it is needed; the answers are always those
/// of [`LineIndex::line_col`].
#[derive(Debug)]
pub struct LineStream<'i> {
    text: &'i str,
    index: &'i OnceCell<LineIndex>,
    base: usize,
    /// Whether the text holds no CR without an LF after it (otherwise every answer is the
    /// index's).
    lf_only: bool,
    /// Where the run of offsets answered without reading starts: the last offset the stream
    /// read to.
    from: usize,
    /// Where the run ends: the first LF or byte that is not ASCII at or after `from` (or the
    /// end of the text). Every offset of `from..=clear` is on the line of `from`.
    clear: usize,
    /// The line of the run, from 1 and counted in the file.
    line: usize,
    /// An offset `o` of the run has the column `o - origin`.
    origin: usize,
}

/// The top bit of every byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// A one in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// An LF in every byte of a word.
const LFS: u64 = 0x0a0a_0a0a_0a0a_0a0a;

/// The word of the eight bytes of `b` from `i`, if there are eight.
#[inline]
fn word(b: &[u8], i: usize) -> Option<u64> {
    let w = b.get(i..)?.first_chunk::<8>()?;
    Some(u64::from_le_bytes(*w))
}

/// The top bit of each byte of `v` that is an LF or not ASCII, exact up to the first such
/// byte (above it a byte may be marked that is neither).
#[inline]
fn lf_or_high(v: u64) -> u64 {
    let t = v ^ LFS;
    (t.wrapping_sub(ONES) & !t | v) & HIGH
}

/// The first LF or byte that is not ASCII in `b` from `i` on, or the length of `b`.
fn stop(b: &[u8], mut i: usize) -> usize {
    // 32 bytes at a time, then 16.
    while let Some(c) = b.get(i..).and_then(<[u8]>::first_chunk::<32>) {
        let m = c
            .chunks_exact(8)
            .fold(0, |m, w| m | lf_or_high(word(w, 0).unwrap_or(0)));
        if m != 0 {
            break;
        }
        i += 32;
    }
    while let (Some(v), Some(w)) = (word(b, i), word(b, i + 8)) {
        let (x, y) = (lf_or_high(v), lf_or_high(w));
        if x | y != 0 {
            return match x {
                0 => i + 8 + (y.trailing_zeros() / 8) as usize,
                x => i + (x.trailing_zeros() / 8) as usize,
            };
        }
        i += 16;
    }
    let rest = b.get(i..).unwrap_or_default();
    i + rest
        .iter()
        .position(|&c| c == b'\n' || !c.is_ascii())
        .unwrap_or(rest.len())
}

impl<'i> LineStream<'i> {
    /// A stream over `text`, a chunk of a file that starts at the file's 0-based line `base`;
    /// `index` holds (or will hold) `LineIndex::with_base(text, base)`. `lone_cr` says
    /// whether the text holds a CR that no LF follows, when that is known (`None`: the stream
    /// looks); a `Some(true)` that is not so only makes it slower.
    pub fn new(
        text: &'i str,
        base: usize,
        index: &'i OnceCell<LineIndex>,
        lone_cr: Option<bool>,
    ) -> LineStream<'i> {
        let b = text.as_bytes();
        // A CR that an LF follows is a byte of its line like any other, for lines and columns:
        // only a lone CR ends a line that the stream does not see.
        let lf_only = !lone_cr
            .unwrap_or_else(|| memchr::memchr(b'\r', b).is_some() && LineIndex::has_lone_cr(b));
        LineStream {
            text,
            index,
            base,
            lf_only,
            // With a CR in the text, a run that holds no offset.
            from: if lf_only { 0 } else { usize::MAX },
            clear: if lf_only { stop(b, 0) } else { 0 },
            line: base + 1,
            origin: 0usize.wrapping_sub(1),
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
        if offset >= self.from && offset <= self.clear {
            return LineCol {
                line: self.line,
                column: offset.wrapping_sub(self.origin),
            };
        }
        self.seek(offset)
    }

    /// [`LineStream::line_col`] of an offset past the run (or before it).
    #[cold]
    #[inline(never)]
    fn seek(&mut self, offset: usize) -> LineCol {
        let offset = offset.min(self.text.len());
        if !self.lf_only || offset < self.from {
            return self.index().line_col(self.text, offset);
        }
        let b = self.text.as_bytes();
        // Mostly the run ended at the LF of its line, and the next line is plain up to the
        // offset: its run starts after the LF.
        if b.get(self.clear) == Some(&b'\n') {
            let next = self.clear + 1;
            let clear = stop(b, next);
            if clear >= offset {
                self.line += 1;
                self.origin = self.clear;
                self.from = next;
                self.clear = clear;
                return LineCol {
                    line: self.line,
                    column: offset - self.origin,
                };
            }
        }
        // The bytes after the run, on the offset's line.
        let gap = b.get(self.clear..offset).unwrap_or_default();
        let last = if gap.len() <= 32 {
            // Mostly the LF that ended the run and a move number: byte by byte.
            let mut last = None;
            for (i, &c) in gap.iter().enumerate() {
                if c == b'\n' {
                    self.line += 1;
                    last = Some(i);
                }
            }
            last
        } else {
            let last = memchr::memrchr(b'\n', gap);
            if last.is_some() {
                self.line += count_lf(gap);
            }
            last
        };
        let tail = match last {
            Some(last) => {
                self.origin = self.clear + last;
                gap.get(last + 1..).unwrap_or_default()
            }
            None => gap,
        };
        let lc = if tail.is_ascii() {
            LineCol {
                line: self.line,
                column: offset.wrapping_sub(self.origin),
            }
        } else {
            let lc = self.index().line_col(self.text, offset);
            self.origin = offset.wrapping_sub(lc.column);
            lc
        };
        self.from = offset;
        self.clear = stop(b, offset);
        lc
    }
}

/// The LFs in `b`.
fn count_lf(b: &[u8]) -> usize {
    // Counted 64 bytes at a time in a loop the compiler vectorises.
    b.chunks(64)
        .map(|c| c.iter().map(|&x| u8::from(x == b'\n')).sum::<u8>() as usize)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every offset of `text`, in order and by jumps, answers as the index does, whether the
    /// stream looks for a lone CR itself, is told the truth or is told there is one.
    fn answers_as_the_index(text: &str, base: usize) {
        let lone_cr = LineIndex::has_lone_cr(text.as_bytes());
        for told in [None, Some(lone_cr), Some(true)] {
            answers_as_the_index_told(text, base, told);
        }
    }

    fn answers_as_the_index_told(text: &str, base: usize, lone_cr: Option<bool>) {
        let index = LineIndex::with_base(text, base);
        let every: Vec<usize> = (0..=text.len() + 2).collect();
        let cell = OnceCell::new();
        let mut s = LineStream::new(text, base, &cell, lone_cr);
        for &o in &every {
            assert_eq!(s.line_col(o), index.line_col(text, o), "offset {o}");
        }

        for step in [3, 7, 61, 613] {
            let cell = OnceCell::new();
            let mut s = LineStream::new(text, base, &cell, lone_cr);
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
        answers_as_the_index(&mixed.replace('\n', "\r\n"), 2);
        answers_as_the_index(&mixed.replace("a b\n", "a\rb\r\n"), 2);
        let long = "ab ".repeat(3000) + "\n" + &"é".repeat(5000) + "\nx y\n";
        answers_as_the_index(&long, 1);
        answers_as_the_index(&long.replace('\n', "\r\n"), 1);
    }
}
