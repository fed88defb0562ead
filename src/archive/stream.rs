//! Checking an archive of any size as a stream: read in blocks, cut at game boundaries, check
//! chunks on several threads, hand results back in input order, in flat memory.
//!
//! # How chunks are cut, and why the games come out as from one scan
//!
//! The [`Splitter`] reads blocks and cuts the text at the start of a line that follows a result
//! token and blank space, or before a line that starts with `[` and whose last non-blank line
//! before is no tag line: the usual starts of a game. That guess is
//! cheap (a backward `memmem` search) but blind to comments, so every chunk's scan is then
//! *verified*: the cut is a true game boundary when no comment in the chunk was left
//! unterminated and the chunk's last game either ends with a result token followed by nothing but
//! blank space, or has no result but reached its movetext (the whole-file scan ends such a game
//! at the next `[` token, which is where the cut is). The scanner
//! looks past a position only to find a comment's `}` (or, failing that, the next line starting
//! with `[`) and to find the end of a line; lines end before the cut, and a `}` sought past the
//! cut shows as an unterminated comment in the chunk. So a verified chunk holds exactly the
//! games that a scan of the whole file finds there. An unverified chunk is joined to the next
//! one and scanned again; a chunk is only as large as its longest game or comment needs.
//!
//! Spans stay offsets into the chunk's text; a chunk knows the file line it starts on and the
//! number of games before it, and [`crate::notation::LineIndex::with_base`] and
//! [`crate::validate::Problem::renumber`] turn them into the file's lines and game numbers.

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

use crate::notation::{Element, Game, Header, LineIndex, Scanner, Source, SyntaxError, SyntaxKind};
use crate::validate::{Options, Problem, RulesCache, check_game, clean_game};

/// The size of one read, and so of a typical chunk.
pub const BLOCK: usize = 1 << 20;

/// Cuts a byte stream into chunks at likely game boundaries.
#[derive(Debug)]
pub struct Splitter<R> {
    reader: R,
    buf: Vec<u8>,
    /// A buffer handed back by the consumer, for the next chunk.
    spare: Vec<u8>,
    searched: usize,
    eof: bool,
    block: usize,
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
            block: block.max(64),
        }
    }

    /// The next chunk's bytes, `None` at the end. The bytes of all chunks, in order, are the
    /// stream's bytes.
    pub fn next_chunk(&mut self) -> std::io::Result<Option<Vec<u8>>> {
        loop {
            if let Some(p) = self.last_cut() {
                let mut rest = std::mem::take(&mut self.spare);
                rest.clear();
                rest.extend_from_slice(&self.buf[p..]);
                self.buf.truncate(p);
                self.searched = 0;
                return Ok(Some(std::mem::replace(&mut self.buf, rest)));
            }
            if self.eof {
                if self.buf.is_empty() {
                    return Ok(None);
                }
                self.searched = 0;
                return Ok(Some(std::mem::take(&mut self.buf)));
            }
            self.fill()?;
        }
    }

    /// Gives back a chunk's buffer once its bytes are no longer needed, so that the next chunk
    /// reuses its memory instead of asking the allocator (and the kernel) for more.
    pub fn recycle(&mut self, buf: Vec<u8>) {
        if buf.capacity() > self.spare.capacity() {
            self.spare = buf;
        }
    }

    /// Reads one more block (or up to the end of the stream).
    fn fill(&mut self) -> std::io::Result<()> {
        let start = self.buf.len();
        self.buf.reserve(self.block);
        // `read_to_end` fills the spare capacity without zeroing it first.
        let got = (&mut self.reader)
            .take(self.block as u64)
            .read_to_end(&mut self.buf)?;
        if got < self.block {
            self.eof = true;
        }
        debug_assert_eq!(self.buf.len(), start + got);
        Ok(())
    }

    /// The last likely game start in the part of the buffer not searched yet, once at least a
    /// block is buffered.
    fn last_cut(&mut self) -> Option<usize> {
        if self.buf.len() < self.block && !self.eof {
            return None;
        }
        let from = self.searched.saturating_sub(1);
        let hay = &self.buf[from..];
        self.searched = self.buf.len();
        memchr::memrchr_iter(b'\n', hay)
            .map(|i| from + i + 1)
            .filter(|&p| p < self.buf.len())
            .find(|&p| {
                let before = &self.buf[..p];
                follows_result(before) || (self.buf[p] == b'[' && after_movetext(before))
            })
    }
}

/// Whether `before` ends with a result token and blank space: any line after it starts afresh.
fn follows_result(before: &[u8]) -> bool {
    let end = before
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    let before = &before[..end];
    [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"].iter().any(|r| {
        before.ends_with(r)
            && before[..before.len() - r.len()]
                .last()
                .is_none_or(|b| b.is_ascii_whitespace())
    })
}

/// Whether the last line of `before` that is not blank is no tag line: then a `[` line after it
/// likely starts a game (after a result token, or after a game that lacks one).
fn after_movetext(before: &[u8]) -> bool {
    let end = before
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    let before = &before[..end];
    let start = memchr::memrchr2(b'\n', b'\r', before).map_or(0, |i| i + 1);
    let line = before[start..].trim_ascii_start();
    !line.is_empty() && !line.starts_with(b"[")
}

/// What checking one chunk found. Game numbers and lines are still the chunk's own.
#[derive(Debug)]
pub struct Checked {
    /// The chunk's text.
    pub source: Source,
    /// Bytes of input it came from.
    pub bytes: usize,
    /// Games found.
    pub games: usize,
    /// Games without errors.
    pub valid: usize,
    /// Errors reported.
    pub errors: usize,
    /// Warnings reported.
    pub warnings: usize,
    /// Problems, game by game, numbered from 1 within the chunk.
    pub problems: Vec<Problem>,
    /// Whether the chunk ends at a true game boundary (see the module documentation).
    pub boundary: bool,
}

/// Scans and checks the games of one chunk's bytes.
pub fn check_chunk(bytes: &[u8], opts: &Options) -> Checked {
    check_chunk_with(bytes, opts, true)
}

/// [`check_chunk`], with the fast lane ([`clean_game`]) on or off: the result is the same
/// either way (tests compare the two).
pub fn check_chunk_with(bytes: &[u8], opts: &Options, fast: bool) -> Checked {
    let source = Source::from_bytes(bytes);
    let mut c = Checked {
        source: Source::default(),
        bytes: bytes.len(),
        games: 0,
        valid: 0,
        errors: 0,
        warnings: 0,
        problems: Vec::new(),
        boundary: false,
    };
    let text = source.text();
    // The lane reads no undecodable bytes: a chunk with any goes the full way.
    let fast = fast && source.invalid().is_empty();
    let mut rules = RulesCache::default();
    let mut scanner = Scanner::new(text, source.invalid());
    let mut unterminated = false;
    let mut ends_well = false;
    loop {
        let at = scanner.offset();
        if let Some(end) = fast
            .then(|| clean_game(text, at, opts, &mut rules))
            .flatten()
        {
            c.games += 1;
            c.valid += 1;
            ends_well = after_result(text, end);
            scanner.seek(end);
            continue;
        }
        let Some(game) = scanner.next() else { break };
        c.games += 1;
        let v = check_game(&game, text, c.games, opts);
        let errors = v.errors();
        c.errors += errors;
        c.warnings += v.problems.len() - errors;
        if errors == 0 {
            c.valid += 1;
        }
        c.problems.extend(v.problems);
        unterminated |= has_unterminated_comment(&game);
        ends_well = match game.result {
            Some(r) => after_result(text, r.span.end),
            // A game without a result that reached its movetext ends at the next `[` token,
            // as the cut is; one still in its tags would go on with the tags after the cut.
            None => game.moves.iter().any(|m| !is_missing_result(m)),
        };
    }
    c.boundary = !unterminated && ends_well;
    c.source = source;
    c
}

/// Whether a game whose result ends at `end` ends the chunk well: the scan of the whole file
/// would start the next game at the cut only if nothing but blank space (no comment) lies in
/// between.
fn after_result(text: &str, end: usize) -> bool {
    text[end..].bytes().all(|b| b.is_ascii_whitespace())
}

fn is_missing_result(m: &Element<'_>) -> bool {
    matches!(m, Element::Error(e) if e.kind == SyntaxKind::MissingResult)
}

fn has_unterminated_comment(game: &Game<'_>) -> bool {
    let bad = |e: &SyntaxError| e.kind == SyntaxKind::UnterminatedComment;
    game.headers
        .iter()
        .any(|h| matches!(h, Header::Error(e) if bad(e)))
        || game
            .moves
            .iter()
            .any(|m| matches!(m, Element::Error(e) if bad(e)))
}

/// A chunk's results placed in its file: problems renumbered, the first line known.
#[derive(Debug)]
pub struct Placed {
    /// The chunk's text.
    pub source: Source,
    /// The file's 0-based line on which the chunk starts.
    pub first_line: usize,
    /// Games in the file before this chunk.
    pub games_before: usize,
    /// The chunk's results, problems numbered as games of the file.
    pub checked: Checked,
}

impl Placed {
    /// The line index of the chunk, numbering lines as in the file.
    pub fn line_index(&self) -> LineIndex {
        LineIndex::with_base(self.source.text(), self.first_line)
    }
}

/// Puts verified chunks in their place: counts lines and games of the chunks before.
#[derive(Debug, Default)]
struct Placer {
    lines: usize,
    games: usize,
}

impl Placer {
    fn place(&mut self, mut checked: Checked) -> Placed {
        let source = std::mem::take(&mut checked.source);
        let placed_lines = self.lines;
        let placed_games = self.games;
        for p in &mut checked.problems {
            p.renumber(placed_games + p.game);
        }
        self.lines += LineIndex::count_breaks(source.text());
        self.games += checked.games;
        Placed {
            source,
            first_line: placed_lines,
            games_before: placed_games,
            checked,
        }
    }
}

/// Bytes that did not end at a game boundary, waiting for more. They are checked again only
/// once they have doubled, so that a long game or comment costs linear time.
#[derive(Debug, Default)]
struct Pending {
    bytes: Vec<u8>,
    checked_len: usize,
}

impl Pending {
    /// Appends `more`; returns the results when the bytes are worth checking again.
    fn push(&mut self, more: &[u8], opts: &Options) -> Option<Checked> {
        self.bytes.extend_from_slice(more);
        if self.bytes.len() < 2 * self.checked_len {
            return None;
        }
        self.checked_len = self.bytes.len();
        let checked = check_chunk(&self.bytes, opts);
        if checked.boundary {
            self.bytes = Vec::new();
            self.checked_len = 0;
            Some(checked)
        } else {
            None
        }
    }

    /// Where a chunk's results go: placed now when nothing waits before it and it ends at a game
    /// boundary (`alone` checks it by itself); otherwise its bytes wait, or join those waiting.
    fn settle(
        &mut self,
        bytes: &[u8],
        alone: impl FnOnce() -> Checked,
        opts: &Options,
    ) -> Option<Checked> {
        if !self.is_empty() {
            return self.push(bytes, opts);
        }
        let checked = alone();
        if checked.boundary {
            return Some(checked);
        }
        self.start(bytes.to_vec());
        None
    }

    /// Starts waiting with `bytes`, already checked and found off a boundary.
    fn start(&mut self, bytes: Vec<u8>) {
        self.checked_len = bytes.len();
        self.bytes = bytes;
    }

    fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The results of whatever is left, at the end of the stream.
    fn finish(self, opts: &Options) -> Option<Checked> {
        (!self.bytes.is_empty()).then(|| check_chunk(&self.bytes, opts))
    }
}

/// Checks every game read from `reader`, on `jobs` threads, and calls `each` with every chunk's
/// results in input order. Memory stays within a few chunks per thread, plus the longest game.
///
/// Stops at the first error of `each` or of reading, and returns it.
pub fn check_stream<R: Read + Send>(
    reader: R,
    opts: &Options,
    jobs: usize,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    check_stream_in_blocks(reader, opts, jobs, BLOCK, each)
}

/// [`check_stream`] reading blocks of `block` bytes (small blocks make tests cut often).
pub fn check_stream_in_blocks<R: Read + Send>(
    reader: R,
    opts: &Options,
    jobs: usize,
    block: usize,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut splitter = Splitter::new(reader, block);
    let mut placer = Placer::default();
    if jobs <= 1 {
        let mut pending = Pending::default();
        while let Some(bytes) = splitter.next_chunk()? {
            if let Some(done) = pending.settle(&bytes, || check_chunk(&bytes, opts), opts) {
                each(placer.place(done))?;
            }
            splitter.recycle(bytes);
        }
        if let Some(c) = pending.finish(opts) {
            each(placer.place(c))?;
        }
        return Ok(());
    }
    parallel(splitter, opts, jobs, placer, each)
}

type Job = (u64, Arc<Vec<u8>>);
type Done = (u64, Arc<Vec<u8>>, Checked);

fn parallel<R: Read + Send>(
    mut splitter: Splitter<R>,
    opts: &Options,
    jobs: usize,
    mut placer: Placer,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let in_flight = 2 * jobs + 2;
    let (job_tx, job_rx) = sync_channel::<Job>(jobs);
    let job_rx = Arc::new(Mutex::new(job_rx));
    let (done_tx, done_rx) = sync_channel::<Done>(in_flight);
    // Credits bound the chunks read but not yet handed to `each`.
    let (credit_tx, credit_rx) = sync_channel::<()>(in_flight);
    // Buffers of placed chunks go back to the reader for reuse.
    let (recycle_tx, recycle_rx) = sync_channel::<Vec<u8>>(in_flight);
    for _ in 0..in_flight {
        let _ = credit_tx.send(());
    }
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let rx = Arc::clone(&job_rx);
            let tx = done_tx.clone();
            s.spawn(move || work(&rx, &tx, opts));
        }
        drop(done_tx);
        let reader = s.spawn(move || -> std::io::Result<u64> {
            let mut seq = 0;
            loop {
                while let Ok(buf) = recycle_rx.try_recv() {
                    splitter.recycle(buf);
                }
                let Some(bytes) = splitter.next_chunk()? else {
                    break;
                };
                if credit_rx.recv().is_err() {
                    break;
                }
                if job_tx.send((seq, Arc::new(bytes))).is_err() {
                    break;
                }
                seq += 1;
            }
            Ok(seq)
        });
        let collected = collect(&done_rx, &credit_tx, &recycle_tx, opts, &mut placer, each);
        // Unblock the reader and the workers if collecting stopped early.
        drop(credit_tx);
        drop(done_rx);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("the reading thread failed")));
        collected.and(read.map(|_| ()))
    })
}

fn work(rx: &Mutex<Receiver<Job>>, tx: &SyncSender<Done>, opts: &Options) {
    loop {
        let job = match rx.lock() {
            Ok(guard) => guard.recv(),
            Err(_) => return,
        };
        let Ok((seq, bytes)) = job else { return };
        let checked = check_chunk(&bytes, opts);
        if tx.send((seq, bytes, checked)).is_err() {
            return;
        }
    }
}

/// Takes results in input order; joins a chunk that ends off a game boundary with the next.
fn collect(
    done: &Receiver<Done>,
    credits: &SyncSender<()>,
    recycle: &SyncSender<Vec<u8>>,
    opts: &Options,
    placer: &mut Placer,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut waiting: BTreeMap<u64, (Arc<Vec<u8>>, Checked)> = BTreeMap::new();
    let mut next = 0u64;
    let mut pending = Pending::default();
    loop {
        let (bytes, checked) = match waiting.remove(&next) {
            Some(x) => x,
            None => match done.recv() {
                Ok((seq, bytes, checked)) => {
                    waiting.insert(seq, (bytes, checked));
                    continue;
                }
                Err(_) => break,
            },
        };
        next += 1;
        let _ = credits.send(());
        if let Some(done) = pending.settle(&bytes, || checked, opts) {
            each(placer.place(done))?;
        }
        if let Ok(buf) = Arc::try_unwrap(bytes) {
            let _ = recycle.try_send(buf);
        }
    }
    if let Some(c) = pending.finish(opts) {
        each(placer.place(c))?;
    }
    Ok(())
}
