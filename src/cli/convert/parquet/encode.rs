//! Row groups encoded off the printing thread: the `parquet` crate's file writer, which the
//! printer keeps and appends each encoded column chunk to in input order, and seega's own
//! column chunk encoders (`page.rs`). The printer hands each piece of rows' leaves as the
//! chunks bring them to the threads, column n's to thread n modulo `jobs`, which adds them to
//! that column's chunk; with one job it encodes them itself. So every thread works on every
//! row group, and no row group is held whole. A column's chunk is given the same leaves in the
//! same order whatever `jobs` is, so the file's bytes do not depend on it.

use std::ops::Range;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use arrow_schema::SchemaRef;
use bytes::Bytes;
use parquet::arrow::ArrowWriter;
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnDescPtr;

use super::page::{ChunkEncoder, Plan, Scratch};
use seega::table::Leaf;

/// What an encoding thread is sent: pieces of rows, as the leaves of every column (each
/// thread adds its share of them) and which of their rows go in the row group; and the end
/// of each row group.
enum Job {
    Leaves(Arc<Vec<Leaf>>, Arc<Spans>, usize),
    End,
}

/// Where a piece's rows are in each leaf: the entries and the values of each, in the
/// schema's order.
pub type Spans = Vec<(Range<usize>, Range<usize>)>;

/// Encoded column chunks, each with its column's number.
type Encoded = Result<Vec<(usize, Bytes, ColumnCloseResult)>, ParquetError>;

/// Column chunks being encoded, each with its column's number (the encoders and their room
/// are kept from row group to row group).
#[derive(Default)]
struct Writers {
    writers: Vec<(usize, ChunkEncoder)>,
    /// The compressor, made on first use.
    zstd: Option<Scratch>,
    /// The first error, given at the row group's end.
    failed: Option<ParquetError>,
}

impl Writers {
    fn zstd(zstd: &mut Option<Scratch>) -> Result<&mut Scratch, ParquetError> {
        if zstd.is_none() {
            *zstd = Some(Scratch::new()?);
        }
        zstd.as_mut().ok_or_else(stopped)
    }

    /// Adds the entries `spans` of `leaves` (every column's), `rows` rows, to the chunks of
    /// the columns these writers encode.
    fn write(&mut self, leaves: &[Leaf], spans: &Spans, rows: usize) {
        if self.failed.is_some() {
            return;
        }
        for (column, w) in &mut self.writers {
            let leaf = leaves.get(*column).zip(spans.get(*column));
            let written = match (leaf, Self::zstd(&mut self.zstd)) {
                (Some((leaf, span)), Ok(z)) => w.write(leaf, span.clone(), rows, z),
                (None, _) => Err(ParquetError::General("a writer without its leaf".into())),
                (_, Err(e)) => Err(e),
            };
            if let Err(e) = written {
                self.failed = Some(e);
                return;
            }
        }
    }

    /// The encoded chunks.
    fn end(&mut self) -> Encoded {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let z = Self::zstd(&mut self.zstd)?;
        (self.writers.iter_mut())
            .map(|(n, w)| w.close(z).map(|(bytes, close)| (*n, bytes, close)))
            .collect()
    }
}

/// A thread that encodes its share of the columns of the row groups sent to it.
#[derive(Debug)]
struct Thread {
    jobs: Option<SyncSender<Job>>,
    done: Receiver<Encoded>,
    handle: Option<JoinHandle<()>>,
}

/// The pieces of leaves waiting for an encoding thread at most before the printer waits for
/// it: on two threads, four took 2.20–2.33 s on the 129 MB archive of `docs/performance.md`
/// with a peak RSS of 58 MiB, one 2.33–2.61 s and 52 MiB.
const PIECES: usize = 4;

/// Writes row groups into a Parquet file held in memory. Each row group's columns are shared
/// among threads of their own, column n on thread n modulo their number, so that every thread
/// works on every piece of rows as it comes, and no row group is held whole.
pub struct Encoder {
    /// The file (taken at its end).
    file: Option<SerializedFileWriter<Vec<u8>>>,
    /// The leaf columns.
    columns: usize,
    /// The columns being encoded on the printer's thread, without threads.
    writers: Writers,
    threads: Vec<Thread>,
    /// Whether the last row group is still open; whether the one before it
    /// waits for its columns to be appended.
    open: bool,
    pending: bool,
}

/// Why an encoding thread gave no row group.
fn stopped() -> ParquetError {
    ParquetError::General("a thread encoding row groups stopped".into())
}

impl Encoder {
    /// The writer of a file of `schema`, written with `props`, each column as `plan` says,
    /// encoding on `jobs` threads (none, on the caller's, for one).
    pub fn new(
        schema: SchemaRef,
        props: WriterProperties,
        plan: impl Fn(&ColumnDescPtr) -> Plan,
        jobs: usize,
    ) -> Result<Encoder, ParquetError> {
        let writer = ArrowWriter::try_new(Vec::new(), Arc::clone(&schema), Some(props))?;
        let (file, _) = writer.into_serialized_writer()?;
        let columns = file.schema_descr().columns();
        let shares = jobs.max(1);
        let mut split: Vec<Vec<(usize, ChunkEncoder)>> = (0..shares).map(|_| Vec::new()).collect();
        for (n, c) in columns.iter().enumerate() {
            split[n % shares].push((n, ChunkEncoder::new(Arc::clone(c), plan(c))));
        }
        let mut writers = Writers::default();
        let threads = if jobs > 1 {
            split.into_iter().map(spawn).collect()
        } else {
            writers.writers = split.into_iter().flatten().collect();
            Vec::new()
        };
        Ok(Encoder {
            columns: columns.len(),
            file: Some(file),
            writers,
            threads,
            open: false,
            pending: false,
        })
    }

    /// Adds `rows` rows, the entries `spans` of `leaves` (the leaves of every column in the
    /// schema's order), to the row group being written, beginning one if none is.
    pub fn piece(
        &mut self,
        leaves: &Arc<Vec<Leaf>>,
        spans: Spans,
        rows: usize,
    ) -> Result<(), ParquetError> {
        if leaves.len() != self.columns || spans.len() != self.columns {
            return Err(ParquetError::General(format!(
                "{} leaves for {} columns",
                leaves.len(),
                self.columns
            )));
        }
        self.open = true;
        if self.threads.is_empty() {
            self.writers.write(leaves, &spans, rows);
            return Ok(());
        }
        let spans = Arc::new(spans);
        for thread in &self.threads {
            send(
                thread,
                Job::Leaves(Arc::clone(leaves), Arc::clone(&spans), rows),
            )?;
        }
        Ok(())
    }

    /// Ends the row group being written; the bytes of the row groups encoded so far are in
    /// [`Encoder::bytes`].
    pub fn end_row_group(&mut self) -> Result<(), ParquetError> {
        if !std::mem::take(&mut self.open) {
            return Ok(());
        }
        if self.threads.is_empty() {
            let encoded = self.writers.end();
            return self.append(encoded);
        }
        // The row group before is appended once its columns are all encoded: the threads
        // work on this one meanwhile.
        self.append_pending()?;
        for thread in &self.threads {
            send(thread, Job::End)?;
        }
        self.pending = true;
        Ok(())
    }

    /// Appends the row group ended last, once the threads have encoded its columns.
    fn append_pending(&mut self) -> Result<(), ParquetError> {
        if !std::mem::take(&mut self.pending) {
            return Ok(());
        }
        let mut columns = Vec::new();
        for thread in &self.threads {
            columns.extend(thread.done.recv().map_err(|_| stopped())??);
        }
        columns.sort_by_key(|(n, _, _)| *n);
        self.append(Ok(columns))
    }

    /// Appends a row group's encoded columns to the file.
    fn append(&mut self, encoded: Encoded) -> Result<(), ParquetError> {
        let file = self.file.as_mut().ok_or_else(stopped)?;
        let mut row_group = file.next_row_group()?;
        for (_, bytes, close) in encoded? {
            row_group.append_column(&bytes, close)?;
        }
        row_group.close()?;
        Ok(())
    }

    /// The file's bytes written so far (the writer counts them, so emptying them is safe).
    pub fn bytes(&mut self) -> Option<&mut Vec<u8>> {
        self.file.as_mut().map(SerializedFileWriter::inner_mut)
    }

    /// Row groups appended so far.
    #[cfg(test)]
    pub fn row_groups(&self) -> usize {
        self.file
            .as_ref()
            .map_or(0, |f| f.flushed_row_groups().len())
    }

    /// Ends the row group being written, appends every row group, then the footer; the
    /// file's last bytes.
    pub fn end(mut self) -> Result<Vec<u8>, ParquetError> {
        self.end_row_group()?;
        self.append_pending()?;
        self.file.take().ok_or_else(stopped)?.into_inner()
    }
}

impl Drop for Encoder {
    fn drop(&mut self) {
        for t in &mut self.threads {
            t.jobs = None;
        }
        for t in &mut self.threads {
            if let Some(handle) = t.handle.take() {
                let _ = handle.join();
            }
        }
    }
}

/// Sends `job` to `thread`.
fn send(thread: &Thread, job: Job) -> Result<(), ParquetError> {
    let sent = thread.jobs.as_ref().map(|s| s.send(job));
    sent.and_then(Result::ok).ok_or_else(stopped)
}

/// A thread encoding the columns `share` (each with its number).
fn spawn(share: Vec<(usize, ChunkEncoder)>) -> Thread {
    let (jobs, inbox) = sync_channel::<Job>(PIECES);
    let (outbox, done) = sync_channel::<Encoded>(1);
    let handle = std::thread::spawn(move || {
        let mut writers = Writers {
            writers: share,
            ..Writers::default()
        };
        for job in inbox {
            match job {
                Job::Leaves(leaves, spans, rows) => writers.write(&leaves, &spans, rows),
                Job::End => {
                    if outbox.send(writers.end()).is_err() {
                        return;
                    }
                }
            }
        }
    });
    Thread {
        jobs: Some(jobs),
        done,
        handle: Some(handle),
    }
}
