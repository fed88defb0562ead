//! Cutting a byte stream into chunks at likely game boundaries (see the module documentation
//! of [`super::stream`]), in memory bounded by [`MAX_UNCUT_BYTES`]: text that runs that far
//! without a likely game boundary is skipped up to the next one and handed on as a
//! [`Piece::TooLong`], which is reported once.
//!
//! # Inside
//!
//! `Splitter`: blocks → chunks cut at likely game boundaries, each saying whether a tag line
//! follows it; text that runs `limits::MAX_UNCUT_BYTES` without one is skipped up to the next and
//! handed on as a `Piece::TooLong` (its first bytes, length and line breaks).

use std::io::Read;

use crate::notation::LineIndex;
use crate::notation::lex::is_space;
use crate::notation::limits::MAX_UNCUT_BYTES;

/// The first bytes of a skipped stretch kept to show where it starts.
const HEAD: usize = 256;

/// What a [`Splitter`] hands on.
#[derive(Debug)]
pub enum Piece {
    /// A chunk.
    Chunk {
        /// Its bytes.
        bytes: Vec<u8>,
        /// Whether a line starting with `[` follows it (it was cut before one): a comment left
        /// open at its end stops there, as at a tag line inside it.
        tag_next: bool,
    },
    /// A stretch of at least [`MAX_UNCUT_BYTES`] bytes without a likely game boundary, skipped.
    TooLong(Skipped),
}

/// A stretch of the stream skipped unread: its first bytes, its length and its line breaks.
#[derive(Debug, Clone, Default)]
pub struct Skipped {
    /// Its first bytes (up to 256), to show where it starts.
    pub head: Vec<u8>,
    /// Its length in bytes.
    pub bytes: usize,
    /// The line breaks in it (a CRLF counts once, as everywhere).
    pub breaks: usize,
}

impl Skipped {
    /// Adds `more`, the bytes that follow, to the stretch; a CRLF is never split between two
    /// calls.
    pub fn add(&mut self, more: &[u8]) {
        let room = HEAD.saturating_sub(self.head.len()).min(more.len());
        self.head.extend_from_slice(&more[..room]);
        self.bytes += more.len();
        self.breaks += LineIndex::count_breaks_in(more);
    }

    /// Adds `other`, the stretch that follows.
    pub fn join(&mut self, other: &Skipped) {
        let room = HEAD.saturating_sub(self.head.len()).min(other.head.len());
        self.head.extend_from_slice(&other.head[..room]);
        self.bytes += other.bytes;
        self.breaks += other.breaks;
    }
}

/// What the text before a line start ends with, for the tests of a likely game start: whether
/// its last non-blank text is a result token ([`follows_result`]), and whether its last
/// non-blank line is movetext ([`after_movetext`]).
#[derive(Debug, Clone, Copy, Default)]
struct Before {
    result: bool,
    movetext: bool,
}

impl Before {
    /// The state after `lines` (whole lines, or the start of one at the end), `self` being the
    /// state before them: unchanged when they are blank.
    fn after(self, lines: &[u8]) -> Before {
        match lines.iter().rposition(|&b| !is_space(b)) {
            None => self,
            Some(i) => Before {
                result: follows_result(&lines[..=i]),
                movetext: after_movetext(&lines[..=i]),
            },
        }
    }
}

/// The first likely game start in `buf`, read forward, the text before `buf` ending as
/// `before` says; when there is none, the state at the end of `buf`. Each line is looked at a
/// bounded number of times: linear in `buf`.
fn first_cut(buf: &[u8], mut before: Before) -> Result<usize, Before> {
    let mut from = 0;
    let starts = memchr::memchr2_iter(b'\n', b'\r', buf)
        .map(|i| i + 1)
        .filter(|&p| p < buf.len() && !(buf[p - 1] == b'\r' && buf[p] == b'\n'));
    for p in starts {
        before = before.after(&buf[from..p]);
        from = p;
        if before.result || (buf[p] == b'[' && before.movetext) {
            return Ok(p);
        }
    }
    Err(before.after(&buf[from..]))
}

/// The most chunk buffers a [`Splitter`] keeps for reuse (more than the chunks in flight of a
/// two-core run).
pub const MAX_SPARE: usize = 16;

/// The size of one read, and so of a typical chunk. A chunk is read (copied) and then passed
/// over a few times (line breaks, UTF-8, the lane): one that stays in the core's cache between
/// the passes checks faster. Checking 8 MB in one thread
/// (`cargo bench --bench pipeline check_block_kib`, fastest of 360 samples) took 18.3–18.4 ms
/// with blocks of 128–512 KiB against 19.2 ms with 1 MiB and 19.3 ms with 2 MiB.
pub const BLOCK: usize = 256 << 10;

/// Cuts a byte stream into chunks at likely game boundaries.
#[derive(Debug)]
pub struct Splitter<R> {
    reader: R,
    buf: Vec<u8>,
    /// Buffers handed back by the consumer, for the next chunks.
    spare: Vec<Vec<u8>>,
    searched: usize,
    eof: bool,
    /// The error that ended the reading, given after the bytes read before it.
    error: Option<std::io::Error>,
    block: usize,
    /// The stretch being skipped, once the text ran [`MAX_UNCUT_BYTES`] without a likely game
    /// start, and what the text skipped so far ends with.
    skipping: Option<(Skipped, Before)>,
}

impl<R: Read> Splitter<R> {
    /// A splitter reading `reader` in blocks of `block` bytes.
    pub fn new(reader: R, block: usize) -> Splitter<R> {
        Splitter {
            reader,
            buf: Vec::new(),
            spare: Vec::new(),
            searched: 0,
            eof: false,
            error: None,
            block: block.max(64),
            skipping: None,
        }
    }

    /// The next piece, `None` at the end: a chunk's bytes, or a stretch skipped because it ran
    /// [`MAX_UNCUT_BYTES`] without a likely game start. The bytes of all pieces, in order, are
    /// the stream's bytes; no chunk holds more than [`MAX_UNCUT_BYTES`] and a block. A read
    /// error ends the stream where it happened: the bytes read before it are handed on as at
    /// the end of the stream (a corrupt or cut compressed stream has its text checked up to
    /// there), then the error is returned.
    pub fn next_chunk(&mut self) -> std::io::Result<Option<Piece>> {
        loop {
            if self.skipping.is_some() {
                if let Some(skipped) = self.skip()? {
                    return Ok(Some(Piece::TooLong(skipped)));
                }
                continue;
            }
            if let Some(p) = self.last_cut() {
                let mut rest = self.spare.pop().unwrap_or_default();
                rest.clear();
                rest.extend_from_slice(&self.buf[p..]);
                self.buf.truncate(p);
                self.searched = 0;
                let bytes = std::mem::replace(&mut self.buf, rest);
                let tag_next = self.buf.first() == Some(&b'[');
                return Ok(Some(Piece::Chunk { bytes, tag_next }));
            }
            if self.eof {
                if self.buf.is_empty() {
                    return self.error.take().map_or(Ok(None), Err);
                }
                self.searched = 0;
                let bytes = std::mem::take(&mut self.buf);
                return Ok(Some(Piece::Chunk {
                    bytes,
                    tag_next: false,
                }));
            }
            if self.buf.len() >= MAX_UNCUT_BYTES {
                self.searched = 0;
                self.skipping = Some((Skipped::default(), Before::default()));
                continue;
            }
            self.fill();
        }
    }

    /// Skips the buffer up to the first likely game start in it, and returns the whole
    /// stretch skipped; without one, skips all of it (but a last line break, whose line start
    /// comes with the next block) and reads the next block. At the end of the stream the
    /// stretch ends there.
    fn skip(&mut self) -> std::io::Result<Option<Skipped>> {
        let Some((mut skipped, before)) = self.skipping.take() else {
            return Ok(None);
        };
        match first_cut(&self.buf, before) {
            Ok(p) => {
                skipped.add(&self.buf[..p]);
                self.buf.drain(..p);
                Ok(Some(skipped))
            }
            Err(_) if self.eof => {
                skipped.add(&self.buf);
                self.buf.clear();
                Ok(Some(skipped))
            }
            Err(before) => {
                let keep = usize::from(matches!(self.buf.last(), Some(b'\n' | b'\r')));
                let end = self.buf.len() - keep;
                skipped.add(&self.buf[..end]);
                self.buf.drain(..end);
                // The stretch is read a block at a time: its memory is let go.
                self.buf.shrink_to(2 * self.block);
                self.skipping = Some((skipped, before));
                self.fill();
                Ok(None)
            }
        }
    }

    /// Gives back a chunk's buffer once its bytes are no longer needed, so that later chunks
    /// reuse its memory instead of asking the allocator (and the kernel) for more: after the
    /// first few chunks, no buffer is allocated. Buffers more than twice a block (a long
    /// game's) are let go, and no more are kept than [`MAX_SPARE`].
    pub(crate) fn recycle(&mut self, buf: Vec<u8>) {
        if buf.capacity() <= 2 * self.block && self.spare.len() < MAX_SPARE {
            self.spare.push(buf);
        }
    }

    /// Reads one more block (or up to the end of the stream, or up to a read error, which
    /// ends it).
    fn fill(&mut self) {
        // Exactly: doubling here would make recycled buffers grow chunk after chunk.
        self.buf.reserve_exact(self.block);
        // `read_to_end` fills the spare capacity without zeroing it first, and keeps the bytes
        // read before an error.
        match (&mut self.reader)
            .take(self.block as u64)
            .read_to_end(&mut self.buf)
        {
            Ok(got) if got < self.block => self.eof = true,
            Ok(_) => {}
            Err(e) => {
                self.error = Some(e);
                self.eof = true;
            }
        }
    }

    /// The last likely game start in the part of the buffer not searched yet, once at least a
    /// block is buffered.
    fn last_cut(&mut self) -> Option<usize> {
        // At the end of the stream the rest goes whole: cut after the last result, comments
        // after it would make a chunk of their own, while they are the last game's.
        if self.buf.len() < self.block || self.eof {
            return None;
        }
        let from = self.searched.saturating_sub(1);
        let hay = &self.buf[from..];
        self.searched = self.buf.len();
        // Candidates are line starts: after LF, or after a lone CR (never between the two
        // bytes of a CRLF, which would count as two line breaks, one in each chunk). They come
        // from the end; `blank_from` keeps where the blank space before the last one starts
        // and whether a result ends the text there, the same for every line start of a run
        // of blank lines, so such a run is looked through once, not once per line.
        let mut blank_from: Option<(usize, bool)> = None;
        memchr::memrchr2_iter(b'\n', b'\r', hay)
            .map(|i| from + i + 1)
            .filter(|&p| p < self.buf.len() && !(self.buf[p - 1] == b'\r' && self.buf[p] == b'\n'))
            .find(|&p| {
                let before = &self.buf[..p];
                let after_result = match blank_from {
                    Some((e, after)) if e <= p => after,
                    _ => {
                        let e = before
                            .iter()
                            .rposition(|&b| !is_space(b))
                            .map_or(0, |i| i + 1);
                        let after = follows_result(&before[..e]);
                        blank_from = Some((e, after));
                        after
                    }
                };
                after_result || (self.buf[p] == b'[' && after_movetext(before))
            })
    }
}

/// Whether `before` (which ends with no blank space) ends with a result token: any line after
/// it starts afresh. Not when the token's line holds a `;`, whose comment may hold the token
/// (then the scan of the chunk would end that game there without its result, as at a real
/// cut).
fn follows_result(before: &[u8]) -> bool {
    let result = [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"].iter().any(|r| {
        before.ends_with(r)
            && before[..before.len() - r.len()]
                .last()
                .is_none_or(|&b| is_space(b))
    });
    let line = || memchr::memrchr2(b'\n', b'\r', before).map_or(0, |i| i + 1);
    result && memchr::memchr(b';', &before[line()..]).is_none()
}

/// Whether the last line of `before` that is not blank is no tag line and starts no comment:
/// then a `[` line after it likely starts a game (after a result token, or after a game that
/// lacks one). A comment line before a tag line is likely the next game's first (comments
/// before a game's tags are that game's): the cut goes before it, after the result.
fn after_movetext(before: &[u8]) -> bool {
    // Each `[` line looks back through the blank space before it only: linear in all.
    let end = before
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(0, |i| i + 1);
    let before = &before[..end];
    let start = memchr::memrchr2(b'\n', b'\r', before).map_or(0, |i| i + 1);
    let line = before[start..].trim_ascii_start();
    !line.is_empty() && !matches!(line[0], b'[' | b';' | b'{')
}
