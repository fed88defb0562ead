//! Source text: bytes decoded once, and the one place that maps byte offsets to lines and
//! columns.

use super::ast::Span;
use super::encoding::Encoding;

mod cursor;

pub use cursor::LineCursor;

/// The UTF-8 byte-order mark, which a text may start with.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// `bytes` as text when they are UTF-8: the answer of [`std::str::from_utf8`], found with
/// vector instructions where the processor has them. Every chunk of an archive is checked so
/// before the fast lane reads it; std's check took 2.4 % of the time of checking the standard
/// archive on one thread, this one 1.0 %.
#[inline]
pub(crate) fn utf8(bytes: &[u8]) -> Option<&str> {
    simdutf8::basic::from_utf8(bytes).ok()
}

/// An archive's text, decoded from bytes.
///
/// A leading byte-order mark is dropped. Each maximal run of bytes that is not UTF-8 is replaced
/// by U+FFFD and its span remembered, so that offsets stay meaningful and the scanner can report
/// the bad bytes where they were.
///
/// ```
/// use seega::notation::{BOM, Encoding, Source, Span};
///
/// let bytes = [BOM, b"1. a1,b1 {caf\xE9} *\n"].concat();
/// let source = Source::from_bytes(&bytes);
/// assert_eq!(source.text(), "1. a1,b1 {caf\u{FFFD}} *\n");
/// let bad = source.invalid()[0];
/// assert!(source.holds_invalid(Span::new(0, source.text().len())));
/// assert!(!source.holds_invalid(Span::new(0, 3)));
/// assert_eq!(source.encoding_of(bad), Encoding::Utf8);
/// assert_eq!(source.into_text().len(), 20); // U+FFFD is three bytes
///
/// // Text that is UTF-8 keeps its buffer; a `String` is taken as it is.
/// assert_eq!(Source::from_vec(b"1. a1,b1 *".to_vec()).text(), "1. a1,b1 *");
/// assert!(Source::from_text("1. a1,b1 *").invalid().is_empty());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Source {
    text: String,
    invalid: Vec<Span>,
    /// Where the text is longer than the input bytes it came from (a run of bad bytes became
    /// U+FFFD, a byte of a single-byte encoding a character of several): the text offset just
    /// after each such place, and how many bytes longer the text is up to there.
    shifts: Vec<(usize, usize)>,
    /// Whether a byte-order mark was dropped from the front.
    bom: bool,
    /// Where the text was decoded in another encoding than UTF-8: from this offset on, in this
    /// encoding (see [`Source::decode`]).
    decoded: Option<(usize, Encoding)>,
}

impl Source {
    /// Decodes `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> Source {
        let bom = bytes.starts_with(BOM);
        let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        match utf8(bytes) {
            Some(s) => Source {
                text: s.to_owned(),
                bom,
                ..Source::default()
            },
            None => {
                let mut text = String::with_capacity(bytes.len() + 16);
                let mut invalid = Vec::new();
                let mut shifts = Vec::new();
                let mut longer = 0;
                for chunk in bytes.utf8_chunks() {
                    text.push_str(chunk.valid());
                    if !chunk.invalid().is_empty() {
                        let start = text.len();
                        text.push(char::REPLACEMENT_CHARACTER);
                        invalid.push(Span::new(start, text.len()));
                        longer += text.len() - start;
                        longer -= chunk.invalid().len();
                        shifts.push((text.len(), longer));
                    }
                }
                Source {
                    text,
                    invalid,
                    shifts,
                    bom,
                    decoded: None,
                }
            }
        }
    }

    /// Decodes `bytes` read in `encoding` (see [`Encoding`]); for [`Encoding::Auto`], also the
    /// 1-based line from which the bytes were read as Windows-1252, when they were. Every
    /// offset of the text still maps to the input's bytes ([`Source::byte_offset`]).
    ///
    /// ```
    /// use seega::notation::Source;
    /// use seega::Encoding;
    /// let (s, _) = Source::decode(b"; caf\xe9\n", Encoding::Latin1);
    /// assert_eq!(s.text(), "; café\n");
    /// assert!(s.invalid().is_empty());
    /// assert_eq!(s.byte_offset(s.text().len()), 7);
    /// let (_, switched) = Source::decode(b"ok\ncaf\xe9\n", Encoding::Auto);
    /// assert_eq!(switched, Some(2));
    /// ```
    pub fn decode(bytes: &[u8], encoding: Encoding) -> (Source, Option<u64>) {
        let bom = bytes.starts_with(BOM);
        let body = bytes.strip_prefix(BOM).unwrap_or(bytes);
        let from = match encoding {
            Encoding::Utf8 => return (Source::from_bytes(bytes), None),
            Encoding::Latin1 | Encoding::Windows1252 => 0,
            Encoding::Auto => match std::str::from_utf8(body) {
                Ok(_) => return (Source::from_bytes(bytes), None),
                Err(e) => e.valid_up_to(),
            },
        };
        let mut text = String::with_capacity(body.len() + body.len() / 8);
        // Valid UTF-8 before the switch of `auto` is taken as it is.
        text.push_str(std::str::from_utf8(&body[..from]).unwrap_or_default());
        let mut shifts = Vec::new();
        let mut longer = 0;
        for &b in &body[from..] {
            let c = encoding.decode_byte(b);
            text.push(c);
            if c.len_utf8() > 1 {
                longer += c.len_utf8() - 1;
                shifts.push((text.len(), longer));
            }
        }
        let switched = (encoding == Encoding::Auto)
            .then(|| memchr::memchr_iter(b'\n', &body[..from]).count() as u64 + 1);
        let source = Source {
            text,
            invalid: Vec::new(),
            shifts,
            bom,
            decoded: Some((from, encoding)),
        };
        (source, switched)
    }

    /// The encoding the text of `span` was read in, which a writer writes it back in: for
    /// `auto`, Windows-1252 when any of it was read so.
    pub fn encoding_of(&self, span: Span) -> Encoding {
        match self.decoded {
            Some((from, Encoding::Auto)) if span.end > from => Encoding::Windows1252,
            Some((_, Encoding::Auto)) | None => Encoding::Utf8,
            Some((_, e)) => e,
        }
    }

    /// The offset in the input bytes of the text's byte `offset` (a character boundary that
    /// is not inside a replaced run): the byte-order mark and the lengths of the runs of bytes
    /// that were not UTF-8 counted back in. With it, a span of the text names the input's own
    /// bytes, which writers copy as they were.
    ///
    /// ```
    /// use seega::notation::Source;
    /// let bytes = b"\xEF\xBB\xBF; caf\xE9 !\n";
    /// let s = Source::from_bytes(bytes);
    /// assert_eq!(s.text(), "; caf\u{FFFD} !\n");
    /// assert_eq!(s.byte_offset(0), 3);
    /// assert_eq!(s.byte_offset(s.text().len()), bytes.len());
    /// ```
    pub fn byte_offset(&self, offset: usize) -> usize {
        let before = self.shifts.partition_point(|&(end, _)| end <= offset);
        let longer = before.checked_sub(1).map_or(0, |k| self.shifts[k].1);
        offset + if self.bom { BOM.len() } else { 0 } - longer
    }

    /// Whether the text of `span` holds bytes that were not UTF-8 (U+FFFD where they stood): a
    /// writer cannot give such text back from the decoded text, only from the input's bytes.
    pub fn holds_invalid(&self, span: Span) -> bool {
        self.invalid
            .iter()
            .any(|r| r.start < span.end && span.start < r.end)
    }

    /// [`Source::decode`] of bytes the caller gives up: text that is UTF-8 (in `utf-8`, or
    /// in `auto` throughout) keeps their buffer, so a big file is not held twice.
    ///
    /// ```
    /// use seega::{Encoding, notation::Source};
    ///
    /// let (s, switched) = Source::decode_vec(b"1. a1,b1 *\n".to_vec(), Encoding::Auto);
    /// assert_eq!((s.text(), switched), ("1. a1,b1 *\n", None));
    /// let (s, switched) = Source::decode_vec(b"{ F\xeate }\n".to_vec(), Encoding::Auto);
    /// assert_eq!((s.text(), switched), ("{ Fête }\n", Some(1)));
    /// ```
    pub fn decode_vec(bytes: Vec<u8>, encoding: Encoding) -> (Source, Option<u64>) {
        match encoding {
            Encoding::Utf8 | Encoding::Auto => match String::from_utf8(bytes) {
                Ok(text) => (Source::from_text(text), None),
                Err(e) => Source::decode(e.as_bytes(), encoding),
            },
            Encoding::Latin1 | Encoding::Windows1252 => Source::decode(&bytes, encoding),
        }
    }

    /// Decodes `bytes`, reusing the buffer when it is UTF-8 (no second copy of a big file).
    pub fn from_vec(bytes: Vec<u8>) -> Source {
        match String::from_utf8(bytes) {
            Ok(text) => Source::from_text(text),
            Err(e) => Source::from_bytes(e.as_bytes()),
        }
    }

    /// Text that is known to be UTF-8.
    pub fn from_text(text: impl Into<String>) -> Source {
        let text = text.into();
        let mut text = text;
        let bom = text.starts_with('\u{feff}');
        if bom {
            text.drain(..'\u{feff}'.len_utf8());
        }
        Source {
            text,
            bom,
            ..Source::default()
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
/// A line ends at LF, at CRLF, or at a lone CR. The text may be a chunk of a larger file:
/// [`LineIndex::with_base`] numbers lines as in the file, and [`LineIndex::first_column`]
/// counts the characters before the chunk on its first line when it starts within a line.
///
/// Lines longer than `CHECKPOINT` bytes carry checkpoints (a byte offset and its column)
/// every `CHECKPOINT` bytes, so that finding a column costs at most that many bytes of counting
/// however long the line is: many diagnostics on one 10 MB line stay linear.
///
/// ```
/// use seega::notation::{LineCol, LineIndex};
///
/// let file = "[Event \"x\"]\r\n\r\n1. a1,b1\r2. c1,d1 *\n";
/// let whole = LineIndex::new(file);
/// let at = file.find("c1").unwrap();
/// assert_eq!(whole.line_col(file, at), LineCol { line: 4, column: 4 }); // a lone CR ends a line
/// assert!(LineIndex::has_lone_cr(file.as_bytes()));
///
/// // A chunk of the file that starts at its 0-based line 2 numbers lines as the file does.
/// let start = file.find("1.").unwrap();
/// assert_eq!(LineIndex::count_breaks(&file[..start]), 2);
/// let chunk = LineIndex::with_base(&file[start..], 2);
/// assert_eq!(chunk.line_col(&file[start..], at - start), whole.line_col(file, at));
/// let part = LineIndex::part(file, start, file.len(), 2);
/// assert_eq!(part.line_col(file, at), whole.line_col(file, at));
///
/// // Offsets asked for in order, each from the one before.
/// let mut cursor = whole.cursor(file);
/// assert_eq!(cursor.line_col(start).line, 3);
/// assert_eq!(cursor.line_col(at), LineCol { line: 4, column: 4 });
/// ```
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// `(offset, 0-based column)` pairs in increasing offset, offsets on character boundaries.
    checkpoints: Vec<(usize, usize)>,
    base: usize,
    /// Characters before the text on its first line ([`LineIndex::first_column`]).
    column: usize,
}

/// Distance in bytes between column checkpoints on long lines.
pub const CHECKPOINT: usize = 4096;

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
        let starts = line_starts(text.as_bytes());
        let mut checkpoints = Vec::new();
        for (k, &start) in starts.iter().enumerate() {
            let end = starts.get(k + 1).copied().unwrap_or(text.len());
            let mut at = start;
            let mut column = 0;
            while end - at > CHECKPOINT {
                let mut next = at + CHECKPOINT;
                while !text.is_char_boundary(next) {
                    next += 1;
                }
                column += text.get(at..next).map_or(0, |s| s.chars().count());
                checkpoints.push((next, column));
                at = next;
            }
        }
        LineIndex {
            starts,
            checkpoints,
            base,
            column: 0,
        }
    }

    /// The same index of a text that starts `column` characters into its first line (a game
    /// cut from the middle of a line): columns on that line count them.
    ///
    /// ```
    /// use seega::notation::{LineCol, LineIndex};
    ///
    /// let file = "1. a1,b1 * 1. c1,d1 *\n2. e1";
    /// let at = file.find("1. c1").unwrap();
    /// let game = &file[at..];
    /// let index = LineIndex::with_base(game, 0).first_column(file[..at].chars().count());
    /// assert_eq!(index.line_col(game, 3), LineIndex::new(file).line_col(file, at + 3));
    /// assert_eq!(index.line_col(game, game.find("e1").unwrap()), LineCol { line: 2, column: 4 });
    /// ```
    pub fn first_column(mut self, column: usize) -> LineIndex {
        self.column = column;
        self
    }

    /// Indexes the lines of `text` from byte `from` to byte `to`, two line starts of it (or
    /// `to` its end), the first being the file's 0-based line `base`: it answers as an index
    /// of the whole text for every offset from `from` to `to`, at the cost of those bytes
    /// alone.
    pub fn part(text: &str, from: usize, to: usize, base: usize) -> LineIndex {
        let mut index = LineIndex::with_base(text.get(from..to).unwrap_or(""), base);
        for s in &mut index.starts {
            *s += from;
        }
        for c in &mut index.checkpoints {
            c.0 += from;
        }
        index
    }

    /// How many lines start after the beginning of `text` (its line breaks): the `base` of the
    /// chunk that follows it.
    pub fn count_breaks(text: &str) -> usize {
        LineIndex::count_breaks_in(text.as_bytes())
    }

    /// [`LineIndex::count_breaks`] of the text [`Source::from_bytes`] makes of `bytes` (line
    /// breaks are ASCII, which decoding never changes), counted without decoding.
    pub(crate) fn count_breaks_in(bytes: &[u8]) -> usize {
        if memchr::memchr(b'\r', bytes).is_none() {
            return count_pairs(bytes, |x, _| x == b'\n');
        }
        // A line ends at LF, and at a CR that no LF follows (a CRLF ends one line).
        // (`|` and `&`, not `||` and `&&`: no branch, so that the loop vectorises.)
        count_pairs(bytes, |x, next| (x == b'\n') | lone_cr(x, next))
    }

    /// [`LineIndex::count_breaks_in`] and [`LineIndex::has_lone_cr`] of `bytes`, in one pass.
    pub(crate) fn count_breaks_and_lone_cr(bytes: &[u8]) -> (usize, bool) {
        if memchr::memchr(b'\r', bytes).is_none() {
            return (count_pairs(bytes, |x, _| x == b'\n'), false);
        }
        let Some((&last, _)) = bytes.split_last() else {
            return (0, false);
        };
        let (xs, ys) = (&bytes[..bytes.len() - 1], &bytes[1..]);
        let (mut lf, mut lone) = (usize::from(last == b'\n'), usize::from(lone_cr(last, 0)));
        for (x, y) in xs.chunks(BLOCK).zip(ys.chunks(BLOCK)) {
            lf += count_block(x, y, |x, _| x == b'\n');
            lone += count_block(x, y, lone_cr);
        }
        (lf + lone, lone > 0)
    }

    /// Whether `bytes` hold a CR that no LF follows (a line break of its own).
    pub fn has_lone_cr(bytes: &[u8]) -> bool {
        count_pairs(bytes, lone_cr) > 0
    }

    /// The file line (0-based) of this index's 0-based line `line`.
    pub(crate) fn file_line(&self, line: usize) -> usize {
        self.base + line
    }

    /// The line and column of byte `offset` of `text` (the text this index was built from).
    pub fn line_col(&self, text: &str, offset: usize) -> LineCol {
        let offset = offset.min(text.len());
        let line = self.line_of(offset);
        LineCol {
            line: self.base + line + 1,
            column: self.column_in(text, line, offset) + 1,
        }
    }

    /// The 0-based character column of byte `offset`, which lies on 0-based line `line`.
    fn column_in(&self, text: &str, line: usize, offset: usize) -> usize {
        let start = self.starts.get(line).copied().unwrap_or(0).min(offset);
        let k = self.checkpoints.partition_point(|&(o, _)| o <= offset);
        let (from, base) = match k.checked_sub(1).map(|k| self.checkpoints[k]) {
            Some((o, c)) if o >= start => (o, c),
            _ => (start, 0),
        };
        let first = if line == 0 { self.column } else { 0 };
        first + base + text.get(from..offset).map_or(offset - from, chars)
    }

    /// A cursor for [`LineIndex::line_col`] of offsets of `text` taken in increasing order.
    pub fn cursor<'i>(&'i self, text: &'i str) -> LineCursor<'i> {
        LineCursor::new(self, text)
    }

    /// The 0-based character column of byte `offset` within its line.
    pub(crate) fn column0(&self, text: &str, offset: usize) -> usize {
        let offset = offset.min(text.len());
        self.column_in(text, self.line_of(offset), offset)
    }

    /// Number of lines of the indexed text.
    pub fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The 0-based line of the indexed text holding byte `offset`.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        // An index of a part of a text starts past 0: offsets before it take its first line.
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The byte where 0-based line `line` starts (the text's length past the last line).
    pub(crate) fn line_start(&self, line: usize, text: &str) -> usize {
        self.starts.get(line).copied().unwrap_or(text.len())
    }
}

/// The characters of `s`. Movetext is mostly ASCII, and for a few bytes the ASCII test is
/// much cheaper than counting characters.
fn chars(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// The offsets where the lines of `b` start, 0 first. Without a CR, a line starts after each
/// LF, found by a search for one byte (cheaper than one for both).
fn line_starts(b: &[u8]) -> Vec<usize> {
    let mut starts = Vec::with_capacity(b.len() / 32 + 1);
    starts.push(0);
    if memchr::memchr(b'\r', b).is_some() {
        starts.extend(line_breaks(b));
    } else {
        starts.extend(memchr::memchr_iter(b'\n', b).map(|i| i + 1));
    }
    starts
}

/// Whether `x` is a CR that no LF follows, `next` being the byte after it: a line break of its
/// own. (`&`, not `&&`: no branch, so that the loops that count with it vectorise.)
#[inline(always)]
fn lone_cr(x: u8, next: u8) -> bool {
    (x == b'\r') & (next != b'\n')
}

/// How many bytes `x` of `b` make `hit(x, next)` true, `next` being the byte after `x` (0 after
/// the last).
#[inline(always)]
fn count_pairs(b: &[u8], hit: impl Fn(u8, u8) -> bool + Copy) -> usize {
    let Some((&last, _)) = b.split_last() else {
        return 0;
    };
    let (xs, ys) = (&b[..b.len() - 1], &b[1..]);
    let blocks = xs.chunks(BLOCK).zip(ys.chunks(BLOCK));
    usize::from(hit(last, 0)) + blocks.map(|(x, y)| count_block(x, y, hit)).sum::<usize>()
}

/// The bytes of a block that [`count_pairs`] counts in one byte: no more than 255, and a
/// multiple of 64 so that no block but the last has a tail the vector loop leaves (255 took
/// 1.7 times as long as 192).
const BLOCK: usize = 192;

/// How many bytes `x[i]` make `hit(x[i], y[i])` true, in a block of at most [`BLOCK`] bytes,
/// summed in one byte. A sum the compiler vectorises as it stands: a loop of 16 counters
/// updated in turn, which this replaces, was compiled to byte loads in some of its callers and
/// ran five times slower.
#[inline(always)]
fn count_block(x: &[u8], y: &[u8], hit: impl Fn(u8, u8) -> bool) -> usize {
    let hits = x.iter().zip(y).map(|(&x, &y)| u8::from(hit(x, y)));
    usize::from(hits.sum::<u8>())
}

/// The offsets where a line starts after a break: after LF, after CRLF, after a lone CR.
fn line_breaks(b: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr2_iter(b'\n', b'\r', b)
        .filter(move |&i| !(b[i] == b'\r' && b.get(i + 1) == Some(&b'\n')))
        .map(|i| i + 1)
}

#[cfg(test)]
mod tests;
