//! An archive as a stream of Arrow record batches of one table: the games converted on the
//! library's workers (as `seega convert --to parquet` converts them), their rows cut into
//! batches and assembled on a thread of their own, in input order, and the batches handed over
//! a bounded channel.

use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};

use super::arrow::record_batch;
use super::{GROUP_TEXT, Part, Table, part_of};
use crate::archive::convert::{ConvertWork, Target, convert_stream};
use crate::validate::Options;

/// What the converting thread hands over: a chunk's rows, or why it stopped.
type Message = Result<RecordBatch, ArrowError>;

/// The record batches of one table of an archive's games, in input order: `batch_size` games
/// a batch (the turns of that many, for the turns table; fewer when their text reaches
/// [`GROUP_TEXT`], and the rest in the last), with the schema and the values of
/// `seega convert --to parquet` (or `--to parquet-turns`) of the same input. An iterator of
/// batches and an Arrow [`RecordBatchReader`].
///
/// The input is read and checked on `jobs` worker threads, and the batches assembled on a
/// thread of their own, ahead of the reader by at most two; memory follows the batch size and
/// the chunks in flight, not the archive. Invalid games are rows,
/// with their errors; an input that cannot be read, or a game too long to be kept, ends the
/// stream with an error that names the file.
///
/// ```
/// use arrow_array::RecordBatchReader;
/// use seega::table::{Batches, Table};
///
/// let text = "1. a1,b1 e5,d5 *\n\n1. c2,d4 *\n\n1. a1,b1 *\n";
/// let opts = seega::validate::Options::default();
/// let mut batches = Batches::new(Box::new(text.as_bytes()), "cup.sgn", &opts, Table::Games, 2, 2);
/// assert_eq!(batches.schema().fields().len(), 35);
/// let sizes: Vec<usize> = batches.map(|b| b.map(|b| b.num_rows())).collect::<Result<_, _>>()?;
/// assert_eq!(sizes, [2, 1]);
/// # Ok::<(), arrow_schema::ArrowError>(())
/// ```
#[derive(Debug)]
pub struct Batches {
    table: Table,
    schema: SchemaRef,
    from: Receiver<Message>,
    thread: Option<JoinHandle<()>>,
}

impl Batches {
    /// The batches of `table` of the games `reader` holds (text, decompressed and decoded),
    /// from the file named `file`, checked with `opts`, `batch_size` games a batch (at least
    /// one), read on `jobs` worker threads (at least one).
    pub fn new(
        reader: Box<dyn Read + Send>,
        file: &str,
        opts: &Options,
        table: Table,
        batch_size: usize,
        jobs: usize,
    ) -> Batches {
        let (to, from) = sync_channel(2);
        let schema = SchemaRef::new(table.schema());
        let cut = Cutter {
            schema: schema.clone(),
            batch_size: batch_size.max(1),
            pending: None,
            to,
        };
        let (file, opts) = (file.to_owned(), *opts);
        let jobs = jobs.max(1);
        let thread = std::thread::spawn(move || convert(reader, &file, &opts, table, jobs, cut));
        Batches {
            table,
            schema,
            from,
            thread: Some(thread),
        }
    }

    /// The table the batches hold.
    pub fn table(&self) -> Table {
        self.table
    }
}

impl Iterator for Batches {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.from.recv() {
            Ok(batch) => Some(batch),
            Err(_) => {
                if let Some(thread) = self.thread.take() {
                    // A panic of the thread ends the stream as its closed channel does.
                    let _ = thread.join();
                }
                None
            }
        }
    }
}

impl RecordBatchReader for Batches {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// Cuts the rows handed over into batches and hands them on.
struct Cutter {
    schema: SchemaRef,
    batch_size: usize,
    /// The rows handed over and not yet in a batch.
    pending: Option<Part>,
    to: SyncSender<Message>,
}

impl Cutter {
    /// Adds a chunk's rows to those pending, and hands on every full batch; an error once
    /// the batches are dropped.
    fn add(&mut self, part: Part) -> std::io::Result<()> {
        match &mut self.pending {
            None => self.pending = Some(part),
            Some(pending) => pending.append(part),
        }
        while let Some(full) = self.full() {
            self.send(full)?;
        }
        Ok(())
    }

    /// The rows of a full batch, if the pending rows make one.
    fn full(&mut self) -> Option<Part> {
        let pending = self.pending.as_mut()?;
        let (mut n, mut weight) = (0, 0);
        for (_, w) in &pending.games {
            n += 1;
            weight += w;
            if n >= self.batch_size || weight >= GROUP_TEXT {
                return Some(pending.split_games(n));
            }
        }
        None
    }

    /// Hands on the batch of `part`.
    fn send(&self, part: Part) -> std::io::Result<()> {
        let batch = record_batch(&self.schema, part.leaves);
        (self.to.send(batch)).map_err(|_| std::io::Error::other("the batches were dropped"))
    }

    /// Hands on the rows left, then `failure` if the input could not be read to its end.
    fn end(mut self, failure: Option<String>) {
        if let Some(part) = self.pending.take().filter(|p| !p.games.is_empty()) {
            let _ = self.send(part);
        }
        if let Some(why) = failure {
            let _ = self.to.send(Err(ArrowError::ExternalError(why.into())));
        }
    }
}

/// Converts the games of `reader` on `jobs` threads, handing each chunk's rows to `cut` in
/// input order, then the rest, then an error if the input could not be read to its end.
fn convert(
    reader: Box<dyn Read + Send>,
    file: &str,
    opts: &Options,
    table: Table,
    jobs: usize,
    mut cut: Cutter,
) {
    let work = ConvertWork::new(opts, file, Target::Jsonl, false).with_rows(Some(table.maker()));
    let mut failure = None;
    let read = convert_stream(reader, &work, jobs, &mut |c, before| {
        if let Some((n, why)) = c.refused.first() {
            failure = Some(format!("`{file}`, game {}: {why}", before + n));
            return Err(std::io::Error::other("refused"));
        }
        match c.rows.take() {
            Some(rows) => cut.add(part_of(rows, before)?),
            None => Ok(()),
        }
    });
    if let Err(e) = read {
        failure.get_or_insert_with(|| format!("cannot read `{file}`: {e}"));
    }
    cut.end(failure);
}
