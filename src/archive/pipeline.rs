//! Chunks of a stream worked on by several threads and handed on in input order, in bounded
//! memory: the machinery under [`super::stream::check_stream`] and `seega convert`.
//!
//! A [`Splitter`] cuts the stream at likely game boundaries. The `jobs` workers share it: each
//! in turn takes the next chunk from it, reading it itself, and works on it (checks, converts:
//! a [`ChunkWork`]), so that a chunk is read into the cache of the core that works on it, and a
//! decoder or a pipe runs on a worker while the others work rather than as one thread more
//! than there are cores. The results are handed to the caller in input order, on the calling
//! thread, which for a work whose results are quick to hand on is one of the `jobs` and works
//! on chunks too ([`ChunkWork::COLLECTOR_WORKS`]). A chunk whose result says it does not end at
//! a true game boundary is joined with the next one and worked on again (see the module
//! documentation of [`super::stream`]). At most `2 × jobs + 2` chunks are read by the workers
//! and not yet handed on, and the calling thread reads one only below that count.
//!
//! # Inside
//!
//! the threads under both: `ChunkWork` (what a worker does with a chunk, whether it needs the
//! chunk's first line, whether its cut held, and `finish`, what the worker does next knowing the
//! chunk's number in the stream, and whether the main thread works on chunks too), `for_each_chunk`
//! (`jobs` threads, each reading the next chunk under a lock and counting its first line only for a
//! work that needs it, results handed on in input order by the main thread, chunks off a boundary
//! joined with the next, at most `2 × jobs + 2` chunks in flight; joined bytes that would pass
//! `MAX_UNCUT_BYTES` are given up as one stretch too long, `ChunkWork::too_long`).

use std::collections::BTreeMap;
use std::io::Read;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use super::split::{Piece, Skipped, Splitter};
use crate::notation::LineIndex;
use crate::notation::limits::MAX_UNCUT_BYTES;

/// Where a chunk stands among the lines of its file, as counted when it was read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ChunkLines {
    /// The file's 0-based line the chunk starts on (0 when the work does not need it, see
    /// [`ChunkWork::FIRST_LINE`]).
    pub first: usize,
    /// Whether the chunk holds a CR that no LF follows (a line break of its own), found while
    /// its lines were counted; `None` when they were not.
    pub lone_cr: Option<bool>,
}

impl ChunkLines {
    /// These lines followed by `next`, those of the chunk joined after this one. A lone CR is
    /// known only when both were looked for. A CR at the end of a chunk counts as lone, so a
    /// CRLF cut between the two still reads as one: joined, the answer may say yes for no,
    /// never no for yes.
    fn joined(self, next: ChunkLines) -> ChunkLines {
        let lone_cr = match (self.lone_cr, next.lone_cr) {
            (Some(a), Some(b)) => Some(a | b),
            _ => None,
        };
        ChunkLines { lone_cr, ..self }
    }
}

/// What is done with each chunk of an archive, on a worker thread.
pub trait ChunkWork: Sync {
    /// What working on one chunk gives.
    type Done: Send;

    /// Whether [`ChunkWork::work`] needs the line a chunk starts on. Counting the lines before
    /// each chunk is serial work (done while reading): a work that does not need them says so,
    /// and is then given 0.
    const FIRST_LINE: bool = true;

    /// Works on the bytes of a chunk that stands at `lines` among the file's lines, and that a
    /// line starting with `[` follows when `tag_next` is set.
    fn work(&self, bytes: &[u8], lines: ChunkLines, tag_next: bool) -> Self::Done;

    /// What a stretch of the stream that starts on the file's 0-based line `first_line` gives
    /// when it was skipped for running [`MAX_UNCUT_BYTES`] without a game boundary: one game,
    /// reported as too long.
    fn too_long(&self, skipped: &Skipped, first_line: usize) -> Self::Done;

    /// Whether the chunk ended at a true game boundary; if not, it is joined with the next
    /// chunk and worked on again.
    fn boundary(&self, done: &Self::Done) -> bool;

    /// Goes on, on the thread that worked on it, with what [`ChunkWork::work`] or
    /// [`ChunkWork::too_long`] gave for the stream's piece number `seq` (from 0, in input
    /// order), or learns that working on it panicked (`None`). Called in a run on several
    /// threads only, for every piece read: a work that needs what the pieces before
    /// found (to number games as in the file) can learn it from the other threads here. Pieces
    /// joined by the thread that hands results on skip it.
    fn finish(&self, _seq: u64, _done: Option<&mut Self::Done>) {}

    /// Whether the thread that hands the results on in input order also works on chunks
    /// while none is ready to hand on, in place of one of the `jobs` workers: for a work whose
    /// results are quick to hand on (`check`), so that `jobs` threads run in all and no thread
    /// is woken for each chunk. A work whose results take long to hand on (`convert`, which
    /// writes them) keeps `jobs` workers beside that thread.
    const COLLECTOR_WORKS: bool = false;
}

/// Reads `reader` in blocks of `block` bytes, works on every chunk with `work` on `jobs`
/// threads, and calls `each` with the results in input order.
///
/// Stops at the first error of `each` or of reading, and returns it.
pub(crate) fn for_each_chunk<R: Read + Send, W: ChunkWork>(
    reader: R,
    block: usize,
    jobs: usize,
    work: &W,
    each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut splitter = Splitter::new(reader, block);
    if jobs <= 1 {
        let mut pending = Pending::default();
        let mut line = 0;
        while let Some(piece) = splitter.next_chunk()? {
            let lines = count::<W>(&piece, &mut line);
            if let Some(done) = pending.settle(&piece, lines, || run(work, &piece, lines), work) {
                each(done)?;
            }
            if let Piece::Chunk { bytes, .. } = piece {
                splitter.recycle(bytes);
            }
        }
        if let Some(done) = pending.finish(work) {
            each(done)?;
        }
        return Ok(());
    }
    parallel(splitter, jobs, work, each)
}

/// Where `piece` stands among the file's lines when the work needs to know, `line` being the
/// file's line it starts on; moves `line` past its line breaks.
fn count<W: ChunkWork>(piece: &Piece, line: &mut usize) -> ChunkLines {
    if !W::FIRST_LINE {
        return ChunkLines::default();
    }
    let first = *line;
    let (breaks, lone_cr) = match piece {
        Piece::Chunk { bytes, .. } => {
            let (breaks, lone_cr) = LineIndex::count_breaks_and_lone_cr(bytes);
            (breaks, Some(lone_cr))
        }
        Piece::TooLong(skipped) => (skipped.breaks, None),
    };
    *line += breaks;
    ChunkLines { first, lone_cr }
}

/// `work` on a piece: a chunk worked on, a stretch skipped reported.
fn run<W: ChunkWork>(work: &W, piece: &Piece, lines: ChunkLines) -> W::Done {
    match piece {
        Piece::Chunk { bytes, tag_next } => work.work(bytes, lines, *tag_next),
        Piece::TooLong(skipped) => work.too_long(skipped, lines.first),
    }
}

/// Bytes that did not end at a game boundary, waiting for more. They are worked on again only
/// once they have doubled, so that a long game or comment costs linear time; once they would
/// pass [`MAX_UNCUT_BYTES`] they are given up as one stretch too long, and the next chunk
/// starts afresh at its cut.
#[derive(Debug, Default)]
struct Pending {
    bytes: Vec<u8>,
    lines: ChunkLines,
    checked_len: usize,
    /// Whether a tag line follows the last chunk joined.
    tag_next: bool,
}

impl Pending {
    /// Appends `more`; returns the results when the bytes are worth working on again and end
    /// at a boundary.
    fn push<W: ChunkWork>(
        &mut self,
        more: &[u8],
        lines: ChunkLines,
        tag_next: bool,
        work: &W,
    ) -> Option<W::Done> {
        if self.bytes.len() + more.len() > MAX_UNCUT_BYTES {
            return Some(self.give_up(more, &Skipped::default(), work));
        }
        self.bytes.extend_from_slice(more);
        self.lines = self.lines.joined(lines);
        self.tag_next = tag_next;
        if self.bytes.len() < 2 * self.checked_len {
            return None;
        }
        self.checked_len = self.bytes.len();
        let done = work.work(&self.bytes, self.lines, self.tag_next);
        if work.boundary(&done) {
            self.bytes = Vec::new();
            self.checked_len = 0;
            Some(done)
        } else {
            None
        }
    }

    /// Where a chunk's results go: handed on now when nothing waits before it and it ends at a
    /// game boundary (`alone` works on it by itself); otherwise its bytes wait, or join those
    /// waiting.
    fn settle<W: ChunkWork>(
        &mut self,
        piece: &Piece,
        lines: ChunkLines,
        alone: impl FnOnce() -> W::Done,
        work: &W,
    ) -> Option<W::Done> {
        let (bytes, tag_next) = match piece {
            Piece::Chunk { bytes, tag_next } => (bytes, *tag_next),
            // A stretch skipped after bytes that wait is one stretch with them.
            Piece::TooLong(skipped) if !self.bytes.is_empty() => {
                return Some(self.give_up(&[], skipped, work));
            }
            Piece::TooLong(_) => return Some(alone()),
        };
        if !self.bytes.is_empty() {
            return self.push(bytes, lines, tag_next, work);
        }
        let done = alone();
        if work.boundary(&done) {
            return Some(done);
        }
        self.checked_len = bytes.len();
        self.bytes = bytes.to_vec();
        self.lines = lines;
        self.tag_next = tag_next;
        None
    }

    /// Gives up the bytes waiting, then `more`, then the stretch `skipped` as one stretch too
    /// long, and waits for nothing.
    fn give_up<W: ChunkWork>(&mut self, more: &[u8], skipped: &Skipped, work: &W) -> W::Done {
        let mut all = Skipped::default();
        all.add(&self.bytes);
        all.add(more);
        all.join(skipped);
        let first_line = self.lines.first;
        *self = Pending::default();
        work.too_long(&all, first_line)
    }

    /// The results of whatever is left, at the end of the stream.
    fn finish<W: ChunkWork>(self, work: &W) -> Option<W::Done> {
        (!self.bytes.is_empty()).then(|| work.work(&self.bytes, self.lines, self.tag_next))
    }
}

/// A piece worked on: its number, lines, bytes and results.
type Done<D> = (u64, ChunkLines, Piece, D);
/// Pieces worked on that arrived before their turn, by number, and whether each was read on a
/// credit.
type Waiting<D> = BTreeMap<u64, (ChunkLines, Piece, D, bool)>;

/// The stream as the threads share it: each takes the next piece from it, reading it itself,
/// so that a chunk is read into the cache of the core that then works on it. Nobody waits for
/// anything while holding it.
struct Shared<R> {
    splitter: Splitter<R>,
    /// The number of the next piece.
    seq: u64,
    /// The file's line the next piece starts on.
    line: usize,
    /// Buffers of pieces handed on, for reuse.
    recycled: Receiver<Vec<u8>>,
    /// Set once the stream ended, failed or the run stops: no worker reads any more.
    over: bool,
    /// The error that ended the reading, given after the pieces read before it.
    error: Option<std::io::Error>,
}

impl<R: Read> Shared<R> {
    /// Reads the next piece: its number, lines and bytes; `None` once there is none to work
    /// on.
    fn next<W: ChunkWork>(&mut self) -> Option<(u64, ChunkLines, Piece)> {
        if self.over {
            return None;
        }
        while let Ok(buf) = self.recycled.try_recv() {
            self.splitter.recycle(buf);
        }
        match self.splitter.next_chunk() {
            Ok(Some(piece)) => {
                let lines = count::<W>(&piece, &mut self.line);
                self.seq += 1;
                Some((self.seq - 1, lines, piece))
            }
            Ok(None) => {
                self.over = true;
                None
            }
            Err(e) => {
                self.error = Some(e);
                self.over = true;
                None
            }
        }
    }
}

/// What the workers share besides the stream: a credit for each piece they may read before
/// the pieces before it are handed on. A worker takes its credit before it takes the stream,
/// so that it never waits for one while holding the stream.
struct Credits(Mutex<Receiver<()>>);

impl Credits {
    /// Waits for a credit; `false` when there will be none (the run stops).
    fn take(&self) -> bool {
        self.0.lock().is_ok_and(|credits| credits.recv().is_ok())
    }
}

fn parallel<R: Read + Send, W: ChunkWork>(
    splitter: Splitter<R>,
    jobs: usize,
    work: &W,
    each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let in_flight = 2 * jobs + 2;
    let (done_tx, done_rx) = sync_channel::<Done<W::Done>>(in_flight);
    // Credits bound the chunks the workers read but not yet handed to `each`.
    let (credit_tx, credit_rx) = sync_channel::<()>(in_flight);
    // Buffers of chunks handed on go back to the readers for reuse.
    let (recycle_tx, recycle_rx) = sync_channel::<Vec<u8>>(in_flight + 1);
    for _ in 0..in_flight {
        let _ = credit_tx.send(());
    }
    let credits = Credits(Mutex::new(credit_rx));
    let shared = Mutex::new(Shared {
        splitter,
        seq: 0,
        line: 0,
        recycled: recycle_rx,
        over: false,
        error: None,
    });
    let workers = if W::COLLECTOR_WORKS { jobs - 1 } else { jobs };
    std::thread::scope(|s| {
        for _ in 0..workers {
            let tx = done_tx.clone();
            let (shared, credits) = (&shared, &credits);
            s.spawn(move || worker(shared, credits, &tx, work));
        }
        // Only the workers hold senders of results: when they are gone, collecting ends.
        drop(done_tx);
        let mut collector = Collector {
            waiting: BTreeMap::new(),
            next: 0,
            pending: Pending::default(),
            credits: &credit_tx,
            recycle: &recycle_tx,
            work,
        };
        let collected = if W::COLLECTOR_WORKS {
            collect_working(&done_rx, &mut collector, &shared, in_flight, each)
        } else {
            collect(&done_rx, &mut collector, each)
        };
        let collected = collected.and_then(|()| collector.finish(each));
        // Unblock the workers if collecting stopped early: a worker waiting for a credit
        // gets none, one sending its results finds no receiver.
        drop(credit_tx);
        drop(done_rx);
        collected
    })?;
    let error = match shared.into_inner() {
        Ok(shared) => shared.error,
        Err(_) => Some(std::io::Error::other("a worker failed while reading")),
    };
    error.map_or(Ok(()), Err)
}

fn worker<R: Read, W: ChunkWork>(
    shared: &Mutex<Shared<R>>,
    credits: &Credits,
    tx: &SyncSender<Done<W::Done>>,
    work: &W,
) {
    loop {
        // No credit (the consumer stopped) ends the run as the end of the stream does.
        if !credits.take() {
            return;
        }
        let next = match shared.lock() {
            Ok(mut shared) => shared.next::<W>(),
            Err(_) => return,
        };
        let Some((seq, lines, bytes)) = next else {
            return;
        };
        let done = work_on(work, seq, lines, &bytes);
        if tx.send((seq, lines, bytes, done)).is_err() {
            return;
        }
    }
}

/// Works on the piece `seq`, then lets the work go on with what it gave
/// ([`ChunkWork::finish`]).
fn work_on<W: ChunkWork>(work: &W, seq: u64, lines: ChunkLines, bytes: &Piece) -> W::Done {
    let unfinished = Unfinished { work, seq };
    let mut done = run(work, bytes, lines);
    std::mem::forget(unfinished);
    work.finish(seq, Some(&mut done));
    done
}

/// Tells the work that the piece `seq` will never be finished, when dropped: while the work
/// on it unwinds from a panic, so that no other worker waits for it.
struct Unfinished<'w, W: ChunkWork> {
    work: &'w W,
    seq: u64,
}

impl<W: ChunkWork> Drop for Unfinished<'_, W> {
    fn drop(&mut self) {
        self.work.finish(self.seq, None);
    }
}

/// Takes results in input order; joins a chunk that ends off a game boundary with the next.
struct Collector<'a, W: ChunkWork> {
    waiting: Waiting<W::Done>,
    /// The number of the next piece to hand on.
    next: u64,
    pending: Pending,
    credits: &'a SyncSender<()>,
    recycle: &'a SyncSender<Vec<u8>>,
    work: &'a W,
}

impl<W: ChunkWork> Collector<'_, W> {
    /// Keeps a piece worked on, read on a credit when `credited`.
    fn take(&mut self, (seq, lines, bytes, result): Done<W::Done>, credited: bool) {
        self.waiting.insert(seq, (lines, bytes, result, credited));
    }

    /// Hands on every piece whose turn has come.
    fn hand_on(
        &mut self,
        each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        while let Some((lines, bytes, result, credited)) = self.waiting.remove(&self.next) {
            self.next += 1;
            if let Some(d) = self.pending.settle(&bytes, lines, || result, self.work) {
                each(d)?;
            }
            // The buffer first, so that the worker the credit lets read finds it.
            if let Piece::Chunk { bytes, .. } = bytes {
                let _ = self.recycle.try_send(bytes);
            }
            if credited {
                let _ = self.credits.send(());
            }
        }
        Ok(())
    }

    /// Hands on what is left once no piece will come any more.
    fn finish(
        &mut self,
        each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match std::mem::take(&mut self.pending).finish(self.work) {
            Some(d) => each(d),
            None => Ok(()),
        }
    }
}

/// Hands on the workers' results as they come.
fn collect<W: ChunkWork>(
    done: &Receiver<Done<W::Done>>,
    collector: &mut Collector<'_, W>,
    each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
) -> std::io::Result<()> {
    loop {
        collector.hand_on(each)?;
        match done.recv() {
            Ok(piece) => collector.take(piece, true),
            Err(_) => return Ok(()),
        }
    }
}

/// [`collect`], working on pieces itself while none is ready to hand on (see
/// [`ChunkWork::COLLECTOR_WORKS`]). It reads without credits, only while fewer than
/// `in_flight` pieces are read and not handed on, and waits for the workers' results only when
/// it cannot read: then a worker has a piece in hand, or every piece read is ready to hand on.
fn collect_working<R: Read, W: ChunkWork>(
    done: &Receiver<Done<W::Done>>,
    collector: &mut Collector<'_, W>,
    shared: &Mutex<Shared<R>>,
    in_flight: usize,
    each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut reading = true;
    loop {
        collector.hand_on(each)?;
        if let Ok(piece) = done.try_recv() {
            collector.take(piece, true);
            continue;
        }
        // Whether as many pieces as may be are read and not handed on.
        let mut full = false;
        if reading {
            let next = match shared.lock() {
                Ok(mut shared) if shared.seq - collector.next < in_flight as u64 => {
                    Some(shared.next::<W>())
                }
                Ok(_) => None,
                Err(_) => Some(None),
            };
            match next {
                Some(Some((seq, lines, bytes))) => {
                    let result = work_on(collector.work, seq, lines, &bytes);
                    collector.take((seq, lines, bytes, result), false);
                    continue;
                }
                Some(None) => reading = false,
                None => full = true,
            }
        }
        match done.recv() {
            Ok(piece) => collector.take(piece, true),
            // The workers are gone: read on alone, unless a piece never came (a worker
            // panicked, which the end of the run reports).
            Err(_) if reading && !full => {}
            Err(_) => return Ok(()),
        }
    }
}

#[cfg(test)]
mod tests;
