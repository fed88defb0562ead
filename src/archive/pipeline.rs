//! Chunks of a stream worked on by several threads and handed on in input order, in bounded
//! memory: the machinery under [`super::stream::check_stream`] and `seega convert`.
//!
//! A [`Splitter`] cuts the stream at likely game boundaries. The `jobs` workers share it: each
//! in turn takes the next chunk from it, reading it itself, and works on it (checks, converts:
//! a [`ChunkWork`]), so that a chunk is read into the cache of the core that works on it, and a
//! decoder or a pipe runs on a worker while the others work rather than as one thread more
//! than there are cores. The results are handed to the caller in input order. A chunk whose
//! result says it does not end at a true game boundary is joined with the next one and worked
//! on again (see the module documentation of [`super::stream`]). At most `2 × jobs + 2` chunks
//! are read and not yet handed on.

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

    /// Goes on, on the worker thread, with what [`ChunkWork::work`] or [`ChunkWork::too_long`]
    /// gave for the stream's piece number `seq` (from 0, in input order), or learns that
    /// working on it panicked (`None`). Called on the workers of a run on several threads only,
    /// for every piece they take: a work that needs what the pieces before found (to number
    /// games as in the file) can learn it from the other workers here. Pieces joined or worked
    /// on by the calling thread skip it.
    fn finish(&self, _seq: u64, _done: Option<&mut Self::Done>) {}
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
/// Pieces worked on that arrived before their turn, by number.
type Waiting<D> = BTreeMap<u64, (ChunkLines, Piece, D)>;

/// The stream as the workers share it: each takes the next piece from it, reading it itself,
/// so that a chunk is read into the cache of the core that then works on it.
struct Shared<R> {
    splitter: Splitter<R>,
    /// The number of the next piece.
    seq: u64,
    /// The file's line the next piece starts on.
    line: usize,
    /// A credit for each piece that may be read before the consumer takes the ones before.
    credits: Receiver<()>,
    /// Buffers of pieces handed on, for reuse.
    recycled: Receiver<Vec<u8>>,
    /// Set once the stream ended, failed or the run stops: no worker reads any more.
    over: bool,
    /// The error that ended the reading, given after the pieces read before it.
    error: Option<std::io::Error>,
}

impl<R: Read> Shared<R> {
    /// The next piece, its number and lines; `None` once there is none to work on.
    fn next<W: ChunkWork>(&mut self) -> Option<(u64, ChunkLines, Piece)> {
        if self.over {
            return None;
        }
        // No credit (the consumer stopped) ends the run as the end of the stream does.
        let piece = match self.credits.recv() {
            Ok(()) => {
                while let Ok(buf) = self.recycled.try_recv() {
                    self.splitter.recycle(buf);
                }
                self.splitter.next_chunk()
            }
            Err(_) => Ok(None),
        };
        match piece {
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

fn parallel<R: Read + Send, W: ChunkWork>(
    splitter: Splitter<R>,
    jobs: usize,
    work: &W,
    each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let in_flight = 2 * jobs + 2;
    let (done_tx, done_rx) = sync_channel::<Done<W::Done>>(in_flight);
    // Credits bound the chunks read but not yet handed to `each`.
    let (credit_tx, credit_rx) = sync_channel::<()>(in_flight);
    // Buffers of chunks handed on go back to the workers for reuse.
    let (recycle_tx, recycle_rx) = sync_channel::<Vec<u8>>(in_flight);
    for _ in 0..in_flight {
        let _ = credit_tx.send(());
    }
    let shared = Mutex::new(Shared {
        splitter,
        seq: 0,
        line: 0,
        credits: credit_rx,
        recycled: recycle_rx,
        over: false,
        error: None,
    });
    std::thread::scope(|s| {
        for _ in 0..jobs {
            let tx = done_tx.clone();
            let shared = &shared;
            s.spawn(move || worker(shared, &tx, work));
        }
        // Only the workers hold senders of results: when they are gone, collecting ends.
        drop(done_tx);
        let collected = collect(&done_rx, &credit_tx, &recycle_tx, work, each);
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
    tx: &SyncSender<Done<W::Done>>,
    work: &W,
) {
    loop {
        let next = match shared.lock() {
            Ok(mut shared) => shared.next::<W>(),
            Err(_) => return,
        };
        let Some((seq, lines, bytes)) = next else {
            return;
        };
        let unfinished = Unfinished { work, seq };
        let mut done = run(work, &bytes, lines);
        std::mem::forget(unfinished);
        work.finish(seq, Some(&mut done));
        if tx.send((seq, lines, bytes, done)).is_err() {
            return;
        }
    }
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
fn collect<W: ChunkWork>(
    done: &Receiver<Done<W::Done>>,
    credits: &SyncSender<()>,
    recycle: &SyncSender<Vec<u8>>,
    work: &W,
    each: &mut dyn FnMut(W::Done) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut waiting: Waiting<W::Done> = BTreeMap::new();
    let mut next = 0u64;
    let mut pending = Pending::default();
    loop {
        let (lines, bytes, result) = match waiting.remove(&next) {
            Some(x) => x,
            None => match done.recv() {
                Ok((seq, lines, bytes, result)) => {
                    waiting.insert(seq, (lines, bytes, result));
                    continue;
                }
                Err(_) => break,
            },
        };
        next += 1;
        if let Some(d) = pending.settle(&bytes, lines, || result, work) {
            each(d)?;
        }
        // The buffer first, so that the worker the credit lets read finds it.
        if let Piece::Chunk { bytes, .. } = bytes {
            let _ = recycle.try_send(bytes);
        }
        let _ = credits.send(());
    }
    if let Some(d) = pending.finish(work) {
        each(d)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Says where each chunk starts, and that every chunk ends at a boundary.
    struct Lines;

    impl ChunkWork for Lines {
        type Done = (usize, usize);

        fn work(&self, bytes: &[u8], lines: ChunkLines, _: bool) -> (usize, usize) {
            // Every chunk ends at a boundary: none is joined, and each was counted whole.
            assert_eq!(lines.lone_cr, Some(LineIndex::has_lone_cr(bytes)));
            (lines.first, LineIndex::count_breaks_in(bytes))
        }

        fn boundary(&self, _: &(usize, usize)) -> bool {
            true
        }

        fn too_long(&self, skipped: &Skipped, first_line: usize) -> (usize, usize) {
            (first_line, skipped.breaks)
        }
    }

    fn archive(games: usize) -> Vec<u8> {
        "[Event \"x\"]\r\n\r1. c2,d4 *\n\n"
            .repeat(games)
            .into_bytes()
    }

    #[test]
    fn chunks_come_in_order_with_their_first_line() {
        let crlf = "[Event \"x\"]\r\n\r\n1. c2,d4 *\r\n\r\n".repeat(2000);
        for (bytes, jobs) in [archive(2000), crlf.into_bytes()]
            .iter()
            .flat_map(|b| [1, 2, 5].map(|jobs| (b, jobs)))
        {
            let mut line = 0;
            let mut chunks = 0;
            for_each_chunk(&bytes[..], 256, jobs, &Lines, &mut |(first, breaks)| {
                assert_eq!(first, line);
                line += breaks;
                chunks += 1;
                Ok(())
            })
            .unwrap();
            assert_eq!(line, LineIndex::count_breaks_in(bytes));
            assert!(chunks > 100, "{chunks} chunks");
        }
    }

    /// Takes its time, so that the reader fills the queue of jobs.
    struct Slow;

    impl ChunkWork for Slow {
        type Done = ();

        fn work(&self, _: &[u8], _: ChunkLines, _: bool) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }

        fn boundary(&self, _: &()) -> bool {
            true
        }

        fn too_long(&self, _: &Skipped, _: usize) {}
    }

    #[test]
    fn a_failing_consumer_stops_every_thread() {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let bytes = archive(2_000);
            let r = for_each_chunk(&bytes[..], 128, 2, &Slow, &mut |()| {
                Err(std::io::Error::other("the output failed"))
            });
            let _ = tx.send(r.is_err());
        });
        let stopped = rx.recv_timeout(std::time::Duration::from_secs(60));
        assert_eq!(stopped, Ok(true), "the run ends, with the consumer's error");
    }

    /// Gives `good` bytes, then fails.
    struct Failing<'a> {
        good: &'a [u8],
    }

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.good.is_empty() {
                return Err(std::io::Error::other("the disk failed"));
            }
            let n = buf.len().min(self.good.len());
            buf[..n].copy_from_slice(&self.good[..n]);
            self.good = &self.good[n..];
            Ok(n)
        }
    }

    #[test]
    fn a_failing_read_ends_the_run_with_its_error_after_the_chunks_read() {
        let bytes = archive(2000);
        for jobs in [1, 2, 5] {
            let mut line = 0;
            let r = for_each_chunk(
                Failing { good: &bytes },
                256,
                jobs,
                &Lines,
                &mut |(first, breaks)| {
                    assert_eq!(first, line);
                    line += breaks;
                    Ok(())
                },
            );
            let e = r.expect_err("the read error is returned");
            assert_eq!(e.to_string(), "the disk failed", "jobs {jobs}");
            assert_eq!(
                line,
                LineIndex::count_breaks_in(&bytes),
                "jobs {jobs}: every byte read before the error is handed on"
            );
        }
    }
}
