//! Row groups encoded off the printing thread: the `parquet` crate's writer split into its
//! file writer, which the printer keeps and appends each encoded row group to in input order,
//! and the factory of column writers. The printer works out each piece of rows' leaves (the
//! values with their levels) as the chunks bring them, and hands column n's to thread n modulo
//! `jobs`, which encodes it with that column's writer; with one job it encodes them itself.
//! So every thread works on every row group, and no row group is held whole as arrays. Each
//! column's writer is given the same leaves in the same order as [`ArrowWriter`] would give it
//! on one thread, so the file's bytes are those it writes of the same rows.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowLeafColumn, ArrowRowGroupWriterFactory,
    compute_leaves,
};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;

/// What an encoding thread is sent: the column writers of its share of a row group's columns
/// (each with the column's number), then their leaves piece by piece, then the row group's
/// end.
enum Job {
    Begin(Vec<(usize, ArrowColumnWriter)>),
    Leaves(Vec<(usize, ArrowLeafColumn)>),
    End,
}

/// Encoded columns, each with its number.
type Encoded = Result<Vec<(usize, ArrowColumnChunk)>, ParquetError>;

/// Column writers at work, each with its column's number.
#[derive(Debug, Default)]
struct Writers {
    writers: Vec<(usize, ArrowColumnWriter)>,
    /// The first error, given at the row group's end.
    failed: Option<ParquetError>,
}

impl Writers {
    /// Writes `leaves` with the writers of their columns, in the order of both.
    fn write(&mut self, leaves: Vec<(usize, ArrowLeafColumn)>) {
        if self.failed.is_some() {
            return;
        }
        let mut writers = self.writers.iter_mut();
        for (column, leaf) in leaves {
            let writer = writers.find(|(n, _)| *n == column);
            let written = match writer {
                Some((_, w)) => w.write(&leaf),
                None => Err(ParquetError::General("a leaf without its writer".into())),
            };
            if let Err(e) = written {
                self.failed = Some(e);
                return;
            }
        }
    }

    /// The encoded columns.
    fn end(&mut self) -> Encoded {
        let writers = std::mem::take(&mut self.writers);
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        (writers.into_iter())
            .map(|(n, w)| w.close().map(|chunk| (n, chunk)))
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
#[derive(Debug)]
pub struct Encoder {
    /// The file (taken at its end).
    file: Option<SerializedFileWriter<Vec<u8>>>,
    schema: SchemaRef,
    factory: ArrowRowGroupWriterFactory,
    /// The columns being encoded on the printer's thread, without threads.
    writers: Writers,
    threads: Vec<Thread>,
    /// Row groups begun; whether the last one is still open; whether the one before it
    /// waits for its columns to be appended.
    begun: usize,
    open: bool,
    pending: bool,
}

/// Why an encoding thread gave no row group.
fn stopped() -> ParquetError {
    ParquetError::General("a thread encoding row groups stopped".into())
}

impl Encoder {
    /// The writer of a file of `schema`, written with `props`, encoding on `jobs` threads
    /// (none, on the caller's, for one).
    pub fn new(
        schema: SchemaRef,
        props: WriterProperties,
        jobs: usize,
    ) -> Result<Encoder, ParquetError> {
        let writer = ArrowWriter::try_new(Vec::new(), Arc::clone(&schema), Some(props))?;
        let (file, factory) = writer.into_serialized_writer()?;
        let threads = if jobs > 1 {
            (0..jobs).map(|_| spawn()).collect()
        } else {
            Vec::new()
        };
        Ok(Encoder {
            file: Some(file),
            schema,
            factory,
            writers: Writers::default(),
            threads,
            begun: 0,
            open: false,
            pending: false,
        })
    }

    /// Adds the rows `batch` to the row group being written, beginning one if none is.
    pub fn piece(&mut self, batch: &RecordBatch) -> Result<(), ParquetError> {
        if !self.open {
            self.begin()?;
        }
        let shares = self.threads.len().max(1);
        let mut leaves: Vec<Vec<(usize, ArrowLeafColumn)>> =
            (0..shares).map(|_| Vec::new()).collect();
        let mut n = 0;
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, column)? {
                leaves[n % shares].push((n, leaf));
                n += 1;
            }
        }
        if self.threads.is_empty() {
            for share in leaves {
                self.writers.write(share);
            }
            return Ok(());
        }
        for (thread, share) in self.threads.iter().zip(leaves) {
            send(thread, Job::Leaves(share))?;
        }
        Ok(())
    }

    /// Begins a row group: its column writers, shared among the threads.
    fn begin(&mut self) -> Result<(), ParquetError> {
        let writers = self.factory.create_column_writers(self.begun)?;
        self.begun += 1;
        self.open = true;
        if self.threads.is_empty() {
            self.writers.writers = writers.into_iter().enumerate().collect();
            return Ok(());
        }
        let shares = self.threads.len();
        let mut split: Vec<Vec<(usize, ArrowColumnWriter)>> =
            (0..shares).map(|_| Vec::new()).collect();
        for (n, w) in writers.into_iter().enumerate() {
            split[n % shares].push((n, w));
        }
        for (thread, share) in self.threads.iter().zip(split) {
            send(thread, Job::Begin(share))?;
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
        columns.sort_by_key(|(n, _)| *n);
        self.append(Ok(columns))
    }

    /// Appends a row group's encoded columns to the file.
    fn append(&mut self, encoded: Encoded) -> Result<(), ParquetError> {
        let file = self.file.as_mut().ok_or_else(stopped)?;
        let mut row_group = file.next_row_group()?;
        for (_, chunk) in encoded? {
            chunk.append_to_row_group(&mut row_group)?;
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

/// A thread encoding the columns it is given.
fn spawn() -> Thread {
    let (jobs, inbox) = sync_channel::<Job>(PIECES);
    let (outbox, done) = sync_channel::<Encoded>(1);
    let handle = std::thread::spawn(move || {
        let mut writers = Writers::default();
        for job in inbox {
            match job {
                Job::Begin(share) => writers.writers = share,
                Job::Leaves(leaves) => writers.write(leaves),
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
