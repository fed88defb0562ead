//! Row groups encoded off the printing thread: the `parquet` crate's writer split into its
//! file writer, which the printer keeps and appends each encoded row group to in input order,
//! and the factory of column writers, with which row groups are encoded on threads of their
//! own (`jobs` of them, row group n on thread n modulo `jobs`; on the printing thread itself
//! with one job). A thread takes a row group's rows piece by piece as the chunks bring them,
//! so no row group is held whole as arrays. The file's bytes are those [`ArrowWriter`] writes
//! of the same rows (it does the same on one thread; where the pieces are cut does not change
//! them, `tests.rs`).

use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;

/// What an encoding thread is sent: the rows of a row group, piece by piece, each with the row
/// group's number in the file; then the row group's end.
enum Job {
    Piece(usize, RecordBatch),
    End,
}

/// A row group's encoded columns.
type Encoded = Result<Vec<ArrowColumnChunk>, ParquetError>;

/// A row group being encoded: the schema, the column writers' factory, and the writers of the
/// row group begun.
#[derive(Debug)]
struct Columns {
    schema: SchemaRef,
    factory: Arc<ArrowRowGroupWriterFactory>,
    writers: Option<Vec<ArrowColumnWriter>>,
}

impl Columns {
    /// Encodes the rows `batch` of row group number `index`, after those before.
    fn piece(&mut self, index: usize, batch: &RecordBatch) -> Result<(), ParquetError> {
        if self.writers.is_none() {
            self.writers = Some(self.factory.create_column_writers(index)?);
        }
        let mut next = self.writers.iter_mut().flatten();
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, column)? {
                let writer = next
                    .next()
                    .ok_or_else(|| ParquetError::General("a leaf too many".into()))?;
                writer.write(&leaf)?;
            }
        }
        Ok(())
    }

    /// The encoded columns of the row group begun.
    fn end(&mut self) -> Encoded {
        let writers = self.writers.take().unwrap_or_default();
        writers.into_iter().map(ArrowColumnWriter::close).collect()
    }

    fn another(&self) -> Columns {
        Columns {
            schema: Arc::clone(&self.schema),
            factory: Arc::clone(&self.factory),
            writers: None,
        }
    }
}

/// A thread that encodes the row groups sent to it, in the order they come.
#[derive(Debug)]
struct Thread {
    jobs: Option<SyncSender<Job>>,
    done: Receiver<Encoded>,
    handle: Option<JoinHandle<()>>,
}

/// The pieces of rows waiting for an encoding thread at most before the printer waits for it.
/// One is enough to keep the threads busy, and holds the least: with four, the peak memory of
/// `--to parquet` on two threads was 63–70 MiB rather than 58–62 MiB
/// (`docs/performance.md`).
const PIECES: usize = 1;

/// Writes row groups into a Parquet file held in memory, encoding them on threads of their
/// own, one row group a thread, taking the rows of each as they come.
#[derive(Debug)]
pub struct Encoder {
    /// The file (taken at its end).
    file: Option<SerializedFileWriter<Vec<u8>>>,
    /// The row group being encoded on the printer's thread, without threads.
    columns: Columns,
    threads: Vec<Thread>,
    /// Row groups begun, whether the last one is still open, and row groups appended to the
    /// file.
    begun: usize,
    open: bool,
    appended: usize,
    /// The error of a piece encoded on the printer's thread, given at its row group's end.
    failed: Option<ParquetError>,
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
        let columns = Columns {
            schema,
            factory: Arc::new(factory),
            writers: None,
        };
        let threads = if jobs > 1 {
            (0..jobs).map(|_| spawn(columns.another())).collect()
        } else {
            Vec::new()
        };
        Ok(Encoder {
            file: Some(file),
            columns,
            threads,
            begun: 0,
            open: false,
            appended: 0,
            failed: None,
        })
    }

    /// Adds the rows `batch` to the row group being written, beginning one if none is.
    pub fn piece(&mut self, batch: RecordBatch) -> Result<(), ParquetError> {
        if !self.open {
            // Row group n goes to thread n, modulo their number: the one that encoded the
            // row group that many before, which is appended first.
            while self.begun - self.appended >= self.threads.len().max(1) {
                self.append_next()?;
            }
            self.begun += 1;
            self.open = true;
        }
        let index = self.begun - 1;
        if self.threads.is_empty() {
            if let Err(e) = self.columns.piece(index, &batch) {
                self.failed.get_or_insert(e);
            }
            return Ok(());
        }
        self.send(index, Job::Piece(index, batch))
    }

    /// Ends the row group being written; the bytes of the row groups encoded so far are in
    /// [`Encoder::bytes`].
    pub fn end_row_group(&mut self) -> Result<(), ParquetError> {
        if !std::mem::take(&mut self.open) {
            return Ok(());
        }
        if self.threads.is_empty() {
            let encoded = match self.failed.take() {
                Some(e) => Err(e),
                None => self.columns.end(),
            };
            return self.append(encoded);
        }
        self.send(self.begun - 1, Job::End)
    }

    /// Sends `job` to the thread of row group `index`.
    fn send(&self, index: usize, job: Job) -> Result<(), ParquetError> {
        let thread = &self.threads[index % self.threads.len()];
        let sent = thread.jobs.as_ref().map(|s| s.send(job));
        sent.and_then(Result::ok).ok_or_else(stopped)
    }

    /// Appends the oldest row group begun, once encoded.
    fn append_next(&mut self) -> Result<(), ParquetError> {
        let thread = &self.threads[self.appended % self.threads.len()];
        let encoded = thread.done.recv().map_err(|_| stopped())?;
        self.append(encoded)
    }

    /// Appends a row group's encoded columns to the file.
    fn append(&mut self, encoded: Encoded) -> Result<(), ParquetError> {
        let file = self.file.as_mut().ok_or_else(stopped)?;
        let mut row_group = file.next_row_group()?;
        for chunk in encoded? {
            chunk.append_to_row_group(&mut row_group)?;
        }
        row_group.close()?;
        self.appended += 1;
        Ok(())
    }

    /// The file's bytes written so far (the writer counts them, so emptying them is safe).
    pub fn bytes(&mut self) -> Option<&mut Vec<u8>> {
        self.file.as_mut().map(SerializedFileWriter::inner_mut)
    }

    /// Row groups appended so far.
    #[cfg(test)]
    pub fn row_groups(&self) -> usize {
        self.appended
    }

    /// Ends the row group being written, appends every row group, then the footer; the
    /// file's last bytes.
    pub fn end(mut self) -> Result<Vec<u8>, ParquetError> {
        self.end_row_group()?;
        while self.appended < self.begun {
            self.append_next()?;
        }
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

/// A thread encoding with `columns`.
fn spawn(mut columns: Columns) -> Thread {
    let (jobs, inbox) = sync_channel::<Job>(PIECES);
    let (outbox, done) = sync_channel::<Encoded>(1);
    let handle = std::thread::spawn(move || {
        let mut failed = None;
        for job in inbox {
            match job {
                Job::Piece(index, batch) => {
                    if failed.is_none() {
                        failed = columns.piece(index, &batch).err();
                    }
                }
                Job::End => {
                    let encoded = match failed.take() {
                        Some(e) => Err(e),
                        None => columns.end(),
                    };
                    if outbox.send(encoded).is_err() {
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
