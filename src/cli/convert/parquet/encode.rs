//! Row groups encoded off the printing thread: the `parquet` crate's writer split into its
//! file writer, which the printer keeps and appends each encoded row group to in input order,
//! and the factory of column writers, with which row groups are encoded on threads of their
//! own (`jobs` of them; on the printing thread itself with one job). The file's bytes are those
//! [`ArrowWriter`] writes of the same batches, one batch a row group: it does the same, on
//! one thread.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_writer::{ArrowColumnChunk, ArrowRowGroupWriterFactory, compute_leaves};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;

/// A row group's rows, in pieces of consecutive rows, and its number in the file.
type Job = (usize, Vec<RecordBatch>);

/// A row group's encoded columns.
type Encoded = Result<Vec<ArrowColumnChunk>, ParquetError>;

/// What encodes a row group: the schema and the column writers' factory.
#[derive(Debug, Clone)]
struct Columns {
    schema: SchemaRef,
    factory: Arc<ArrowRowGroupWriterFactory>,
}

impl Columns {
    /// Encodes row group number `index`, whose rows are `pieces` (joined first).
    fn encode(&self, (index, pieces): Job) -> Encoded {
        let batch = match pieces.as_slice() {
            [one] => one.clone(),
            _ => arrow_select::concat::concat_batches(&self.schema, &pieces)?,
        };
        drop(pieces);
        let mut writers = self.factory.create_column_writers(index)?;
        let mut next = writers.iter_mut();
        for (field, column) in self.schema.fields().iter().zip(batch.columns()) {
            for leaf in compute_leaves(field, column)? {
                let writer = next
                    .next()
                    .ok_or_else(|| ParquetError::General("a leaf too many".into()))?;
                writer.write(&leaf)?;
            }
        }
        writers.into_iter().map(|w| w.close()).collect()
    }
}

/// A thread that encodes the row groups sent to it, in the order they come.
#[derive(Debug)]
struct Thread {
    jobs: Option<SyncSender<Job>>,
    done: Receiver<Encoded>,
    handle: Option<JoinHandle<()>>,
}

/// Writes row groups into a Parquet file held in memory, encoding them on `threads`.
#[derive(Debug)]
pub struct Encoder {
    /// The file (taken at its end).
    file: Option<SerializedFileWriter<Vec<u8>>>,
    columns: Columns,
    threads: Vec<Thread>,
    /// Row groups sent to be encoded, and those appended to the file.
    sent: usize,
    appended: usize,
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
        };
        let threads = if jobs > 1 {
            (0..jobs).map(|_| spawn(columns.clone())).collect()
        } else {
            Vec::new()
        };
        Ok(Encoder {
            file: Some(file),
            columns,
            threads,
            sent: 0,
            appended: 0,
        })
    }

    /// Adds a row group of the rows `pieces`; the bytes of the row groups encoded so far are
    /// in [`Encoder::bytes`].
    pub fn row_group(&mut self, pieces: Vec<RecordBatch>) -> Result<(), ParquetError> {
        let job = (self.sent, pieces);
        self.sent += 1;
        if self.threads.is_empty() {
            let encoded = self.columns.encode(job);
            return self.append(encoded);
        }
        // Row group n goes to thread n, modulo their number; once every thread has one, the
        // oldest is appended before another is sent.
        if self.sent - self.appended > self.threads.len() {
            self.append_next()?;
        }
        let thread = &self.threads[job.0 % self.threads.len()];
        let sent = thread.jobs.as_ref().map(|s| s.send(job));
        sent.and_then(Result::ok).ok_or_else(stopped)
    }

    /// Appends the oldest row group sent, once encoded.
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

    /// Appends every row group sent.
    pub fn finish_row_groups(&mut self) -> Result<(), ParquetError> {
        while self.appended < self.sent {
            self.append_next()?;
        }
        Ok(())
    }

    /// Appends every row group sent, then the footer; the file's last bytes.
    pub fn end(mut self) -> Result<Vec<u8>, ParquetError> {
        self.finish_row_groups()?;
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
fn spawn(columns: Columns) -> Thread {
    let (jobs, inbox) = sync_channel::<Job>(1);
    let (outbox, done) = sync_channel::<Encoded>(1);
    let handle = std::thread::spawn(move || {
        for job in inbox {
            if outbox.send(columns.encode(job)).is_err() {
                return;
            }
        }
    });
    Thread {
        jobs: Some(jobs),
        done,
        handle: Some(handle),
    }
}
