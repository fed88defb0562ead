//! An archive as a stream of Arrow record batches of one table: the games converted on the
//! library's workers (as `seega convert --to parquet` converts them) on a thread of their own,
//! their rows handed over a bounded channel, in input order, and cut into batches.

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
type Message = Result<Part, String>;

/// The record batches of one table of an archive's games, in input order: `batch_size` games
/// a batch (the turns of that many, for the turns table; fewer when their text reaches
/// [`GROUP_TEXT`], and the rest in the last), with the schema and the values of
/// `seega convert --to parquet` (or `--to parquet-turns`) of the same input. An iterator of
/// batches and an Arrow [`RecordBatchReader`].
///
/// The input is read and checked on `jobs` worker threads, on a thread of its own; memory
/// follows the batch size and the chunks in flight, not the archive. Invalid games are rows,
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
    batch_size: usize,
    /// The rows handed over and not yet given out.
    pending: Option<Part>,
    from: Receiver<Message>,
    thread: Option<JoinHandle<()>>,
    /// Why the input could not be read to its end: given out after the rows read before.
    failed: Option<String>,
    /// Whether the stream has ended (the thread is done and every row given out).
    done: bool,
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
        let jobs = jobs.max(1);
        let (to, from) = sync_channel(jobs + 1);
        let (file, opts) = (file.to_owned(), *opts);
        let thread = std::thread::spawn(move || convert(reader, &file, &opts, table, jobs, &to));
        Batches {
            table,
            schema: SchemaRef::new(table.schema()),
            batch_size: batch_size.max(1),
            pending: None,
            from,
            thread: Some(thread),
            failed: None,
            done: false,
        }
    }

    /// The table the batches hold.
    pub fn table(&self) -> Table {
        self.table
    }

    /// The next batch's rows, `None` at the end; once the input has failed, the rows read
    /// before the failure, then the failure.
    fn next_part(&mut self) -> Result<Option<Part>, ArrowError> {
        while !self.done {
            if let Some(part) = self.cut() {
                return Ok(Some(part));
            }
            match self.from.recv() {
                Ok(Ok(part)) => self.add(part),
                Ok(Err(why)) => {
                    self.failed = Some(why);
                    self.finish();
                }
                Err(_) => self.finish(),
            }
        }
        if let Some(part) = self.cut().or_else(|| self.pending.take()) {
            if !part.games.is_empty() {
                return Ok(Some(part));
            }
        }
        match self.failed.take() {
            Some(why) => Err(ArrowError::ExternalError(why.into())),
            None => Ok(None),
        }
    }

    /// Adds a chunk's rows to those pending.
    fn add(&mut self, part: Part) {
        match &mut self.pending {
            None => self.pending = Some(part),
            Some(pending) => pending.append(part),
        }
    }

    /// The rows of a full batch, if the pending rows make one.
    fn cut(&mut self) -> Option<Part> {
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

    /// Waits for the converting thread once the stream has ended.
    fn finish(&mut self) {
        self.done = true;
        if let Some(thread) = self.thread.take() {
            // A panic of the thread ends the stream as its closed channel did.
            let _ = thread.join();
        }
    }
}

impl Iterator for Batches {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_part() {
            Ok(Some(part)) => Some(record_batch(&self.schema, part.leaves)),
            Ok(None) => None,
            Err(e) => Some(Err(e)),
        }
    }
}

impl RecordBatchReader for Batches {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// Converts the games of `reader` on `jobs` threads, handing each chunk's rows to `to` in
/// input order, then an error if the input could not be read to its end.
fn convert(
    reader: Box<dyn Read + Send>,
    file: &str,
    opts: &Options,
    table: Table,
    jobs: usize,
    to: &SyncSender<Message>,
) {
    let work = ConvertWork::new(opts, file, Target::Jsonl, false).with_rows(Some(table.maker()));
    let mut told = false;
    let read = convert_stream(reader, &work, jobs, &mut |c, before| {
        if let Some((n, why)) = c.refused.first() {
            told = true;
            let _ = to.send(Err(format!("`{file}`, game {}: {why}", before + n)));
            return Err(std::io::Error::other("refused"));
        }
        let Some(rows) = c.rows.take() else {
            return Ok(());
        };
        let part = part_of(rows, before)?;
        to.send(Ok(part))
            .map_err(|_| std::io::Error::other("the batches were dropped"))
    });
    if let Err(e) = read {
        if !told {
            let _ = to.send(Err(format!("cannot read `{file}`: {e}")));
        }
    }
}
