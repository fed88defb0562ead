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
use super::{GroupCut, Part, Table, part_of};
use crate::archive::convert::{ConvertWork, Target, convert_stream};
use crate::render::game_view::GameEnd;
use crate::render::terminal::escape;
use crate::render::wire::DiagnosticLine;
use crate::validate::Options;

/// What the converting thread hands over: a chunk's rows, or why it stopped.
type Message = Result<RecordBatch, ArrowError>;

/// How [`Batches`] read an archive.
///
/// ```
/// let how = seega::table::BatchOptions::default();
/// assert_eq!((how.batch_size, how.jobs, how.problem_rows), (1024, 1, false));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchOptions {
    /// The table the batches hold.
    pub table: Table,
    /// The games of a batch (at least one).
    pub batch_size: usize,
    /// The worker threads that read and check the games (at least one).
    pub jobs: usize,
    /// Whether a problem that stops a game or the input from being read becomes a row of the
    /// games table (an invalid game with one error) rather than ending the stream with an
    /// error: an input that cannot be read to its end (`seega::input::unreadable`) or a
    /// stretch too long to be kept (`seega::limit::too-long`). The turns table has no row for
    /// them: it always ends with the error.
    pub problem_rows: bool,
}

impl Default for BatchOptions {
    fn default() -> BatchOptions {
        BatchOptions {
            table: Table::Games,
            batch_size: 1024,
            jobs: 1,
            problem_rows: false,
        }
    }
}

/// The record batches of one table of an archive's games, in input order: `batch_size` games
/// a batch (the turns of that many, for the turns table; fewer when their text reaches
/// [`GROUP_TEXT`](super::GROUP_TEXT), and the rest in the last), with the schema and the
/// values of `seega convert --to parquet` (or `--to parquet-turns`) of the same input. An
/// iterator of batches and an Arrow [`RecordBatchReader`].
///
/// The input is read and checked on `jobs` worker threads, and the batches assembled on a
/// thread of their own, ahead of the reader by at most two; memory follows the batch size and
/// the chunks in flight, not the archive. Invalid games are rows, with their errors; an input
/// that cannot be read to its end, or a game too long to be kept, ends the stream with an
/// error that names the file, after the rows of the games before it (or, with
/// [`BatchOptions::problem_rows`], is a row of its own).
///
/// ```
/// use arrow_array::RecordBatchReader;
/// use seega::table::{BatchOptions, Batches, Table};
///
/// let text = "1. a1,b1 e5,d5 *\n\n1. c2,d4 *\n\n1. a1,b1 *\n";
/// let opts = seega::validate::Options::default();
/// let how = BatchOptions { table: Table::Games, batch_size: 2, jobs: 2, problem_rows: false };
/// let mut batches = Batches::new(Box::new(text.as_bytes()), "cup.sgn", &opts, &how);
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
    /// The batches of the games `reader` holds (text, decompressed and decoded), from the
    /// file named `file`, checked with `opts`, read as `how` says.
    pub fn new(
        reader: Box<dyn Read + Send>,
        file: &str,
        opts: &Options,
        how: &BatchOptions,
    ) -> Batches {
        Batches::shown_as(reader, file, &escape(file), opts, how)
    }

    /// The batches of [`Batches::new`], whose errors name the file `shown` rather than `file`
    /// escaped: its name as the command shows it ([`Input::name`]), which keeps the bytes of a
    /// path that is not UTF-8 as `\xNN` where `file` ([`Input::json_name`], the `file` column)
    /// has lost them.
    ///
    /// [`Input::name`]: crate::input::Input::name
    /// [`Input::json_name`]: crate::input::Input::json_name
    ///
    /// ```
    /// use std::io::Read;
    /// use seega::table::{BatchOptions, Batches};
    ///
    /// /// A game, then a read that fails.
    /// struct Failing(&'static [u8]);
    /// impl Read for Failing {
    ///     fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
    ///         match self.0.read(buf)? {
    ///             0 => Err(std::io::Error::other("the disk fell over")),
    ///             n => Ok(n),
    ///         }
    ///     }
    /// }
    /// let failing = Box::new(Failing(b"1. a1,b1 *\n"));
    /// let opts = seega::validate::Options::default();
    /// let how = BatchOptions::default();
    /// let mut batches = Batches::shown_as(failing, "caf\u{fffd}", "caf\\xE9", &opts, &how);
    /// let error = batches.find_map(Result::err).unwrap().to_string();
    /// assert!(error.ends_with("cannot read `caf\\xE9`: the disk fell over"), "{error}");
    /// ```
    pub fn shown_as(
        reader: Box<dyn Read + Send>,
        file: &str,
        shown: &str,
        opts: &Options,
        how: &BatchOptions,
    ) -> Batches {
        let (to, from) = sync_channel(2);
        let cut = Cutter::new(file, how, to);
        let (table, schema) = (how.table, cut.schema.clone());
        let opts = *opts;
        let jobs = how.jobs.max(1);
        let shown = shown.to_owned();
        let thread = std::thread::spawn(move || convert(reader, &opts, jobs, cut, &shown));
        Batches {
            table,
            schema,
            from,
            thread: Some(thread),
        }
    }

    /// The batches of an input that cannot be read at all, for the reason `why`: with
    /// [`BatchOptions::problem_rows`] (and the games table), one batch of its one row, else
    /// the error alone.
    ///
    /// ```
    /// use seega::table::{BatchOptions, Batches};
    ///
    /// let how = BatchOptions { problem_rows: true, ..BatchOptions::default() };
    /// let rows: usize = Batches::unreadable("a.png", "it looks like a PNG image".into(), &how)
    ///     .map(|b| b.map(|b| b.num_rows()))
    ///     .sum::<Result<_, _>>()?;
    /// assert_eq!(rows, 1);
    /// let mut failed = Batches::unreadable("a.png", "it looks like a PNG image".into(),
    ///     &BatchOptions::default());
    /// assert!(failed.next().unwrap().is_err());
    /// # Ok::<(), arrow_schema::ArrowError>(())
    /// ```
    pub fn unreadable(file: &str, why: String, how: &BatchOptions) -> Batches {
        let (to, from) = sync_channel(2);
        let cut = Cutter::new(file, how, to);
        let (table, schema) = (how.table, cut.schema.clone());
        cut.end(Some(why));
        Batches {
            table,
            schema,
            from,
            thread: None,
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
                // A panic of the converting thread (a bug) ends the stream with an error, never
                // in silence.
                let thread = self.thread.take()?;
                thread.join().err().map(|_| Err(failed_thread()))
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
    table: Table,
    file: String,
    /// Where batches end.
    cut: GroupCut,
    problem_rows: bool,
    /// The games handed over so far.
    games: usize,
    /// The rows handed over and not yet in a batch.
    pending: Option<Part>,
    to: SyncSender<Message>,
}

impl Cutter {
    fn new(file: &str, how: &BatchOptions, to: SyncSender<Message>) -> Cutter {
        Cutter {
            schema: SchemaRef::new(how.table.schema()),
            table: how.table,
            file: file.to_owned(),
            cut: GroupCut::new(how.batch_size),
            problem_rows: how.problem_rows && how.table == Table::Games,
            games: 0,
            pending: None,
            to,
        }
    }

    /// Adds a chunk's rows to those pending, and hands on every full batch; an error once
    /// the batches are dropped.
    fn add(&mut self, part: Part) -> std::io::Result<()> {
        self.games += part.games.len();
        // The games of `part` are pending from `at` on.
        let mut at = self.pending.as_ref().map_or(0, |p| p.games.len());
        let pending = match &mut self.pending {
            Some(pending) => {
                pending.append(part);
                pending
            }
            None => self.pending.insert(part),
        };
        while let Some(n) = self.cut.end(pending.games.get(at..).unwrap_or_default()) {
            let batch = pending.split_games(at + n);
            at = 0;
            send(&self.schema, &self.to, batch)?;
        }
        Ok(())
    }

    /// Adds the row of a problem that kept game `game` from being read: an invalid game with
    /// that one error, no place in the text (line and column 0) and nothing else.
    fn problem(&mut self, game: usize, code: &str, message: String) -> std::io::Result<()> {
        let mut rows = self.table.rows();
        rows.game(&self.file, 1);
        rows.rules(None);
        rows.error(&DiagnosticLine {
            kind: "diagnostic".to_owned(),
            severity: "error".to_owned(),
            code: code.to_owned(),
            message,
            help: String::new(),
            file: self.file.clone(),
            file_bytes: None,
            game: 1,
            turn: None,
            variation: None,
            line: 0,
            column: 0,
            end_line: 0,
            end_column: 0,
        });
        rows.end(&GameEnd {
            result: None,
            termination: None,
            winner: None,
            final_position: None,
            valid: false,
        });
        self.games = game - 1;
        self.add(rows.finish(game - 1))
    }

    /// Hands on the rows left, then `failure` if the input could not be read to its end: as
    /// the row of a game after the others with [`BatchOptions::problem_rows`], else as the
    /// stream's error.
    fn end(mut self, failure: Option<String>) {
        if let Some(why) = &failure {
            if self.problem_rows {
                let game = self.games + 1;
                let _ = self.problem(game, "seega::input::unreadable", why.clone());
            }
        }
        if let Some(part) = self.pending.take().filter(|p| !p.games.is_empty()) {
            let _ = send(&self.schema, &self.to, part);
        }
        if let Some(why) = failure.filter(|_| !self.problem_rows) {
            let _ = self.to.send(Err(ArrowError::ExternalError(why.into())));
        }
    }
}

/// Hands on the batch of `part`, assembled in `schema`, to `to`; an error once the batches are
/// dropped.
fn send(schema: &SchemaRef, to: &SyncSender<Message>, part: Part) -> std::io::Result<()> {
    let batch = record_batch(schema, part.leaves);
    (to.send(batch)).map_err(|_| std::io::Error::other("the batches were dropped"))
}

/// What the converting thread hands to the thread that cuts and assembles the batches.
enum Piece {
    /// A chunk's rows.
    Rows(Part),
    /// A game too long to keep: its number and why.
    TooLong(usize, String),
}

/// Converts the games of `reader` on `jobs` threads, handing each chunk's rows in input order
/// to a thread of their own that cuts and assembles them (`cut`), so that the workers go on
/// while a batch is assembled; then the rest, then an error if the input could not be read to
/// its end, naming it `shown`.
fn convert(reader: Box<dyn Read + Send>, opts: &Options, jobs: usize, cut: Cutter, shown: &str) {
    let (table, file, problem_rows) = (cut.table, cut.file.clone(), cut.problem_rows);
    let alarm = cut.to.clone();
    let (to, from) = sync_channel::<Piece>(jobs + 1);
    let assembler = std::thread::spawn(move || assemble(cut, &from));
    let work = ConvertWork::new(opts, &file, Target::Jsonl, false).with_rows(Some(table.maker()));
    let mut failure = None;
    let gone = || std::io::Error::other("the batches were dropped");
    let read = convert_stream(reader, &work, jobs, &mut |c, before| {
        for (n, why) in &c.refused {
            if problem_rows {
                to.send(Piece::TooLong(before + n, why.clone()))
                    .map_err(|_| gone())?;
                continue;
            }
            failure = Some(format!("`{shown}`, game {}: {why}", before + n));
            return Err(std::io::Error::other("refused"));
        }
        match c.rows.take() {
            Some(rows) => to
                .send(Piece::Rows(part_of(rows, before)?))
                .map_err(|_| gone()),
            None => Ok(()),
        }
    });
    drop(to);
    if let Err(e) = read {
        failure.get_or_insert_with(|| format!("cannot read `{shown}`: {e}"));
    }
    // The rows handed over are cut and handed on before the failure, if any.
    match assembler.join() {
        Ok(cut) => cut.end(failure),
        Err(_) => {
            let _ = alarm.send(Err(failed_thread()));
        }
    }
}

/// The error of a thread of the batches that panicked (a bug), in place of the rows it did not
/// hand over.
fn failed_thread() -> ArrowError {
    ArrowError::ExternalError("a thread making the record batches failed: rows are missing".into())
}

/// Cuts and assembles the pieces `from` hands over until the converting thread is done (or
/// the batches are dropped), and gives the cutter back for the end.
fn assemble(mut cut: Cutter, from: &Receiver<Piece>) -> Cutter {
    for piece in from {
        let sent = match piece {
            Piece::Rows(part) => cut.add(part),
            Piece::TooLong(game, why) => cut.problem(game, "seega::limit::too-long", why),
        };
        if sent.is_err() {
            break;
        }
    }
    cut
}
