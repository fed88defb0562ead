//! `convert --to parquet` and `--to parquet-turns`: game objects as the rows of a Parquet
//! file (`spec/parquet.md`), zstd-compressed, written a row group at a time.
//!
//! The printer keeps at most one row group's games; each full group is built into Arrow
//! arrays, encoded by the `parquet` crate's [`ArrowWriter`] into a buffer, and the buffer's
//! bytes handed to the output (the file of `cli::output`'s transaction, or a pipe), so that
//! memory follows the row group, not the archive.

mod arrays;
mod encode;
mod games;
mod turns;

use std::any::Any;
use std::io::Write;

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use seega::archive::convert::{ChunkRows, RowMaker, Target};
use seega::render::game_json::{GameObject, HeaderItem};
use seega::render::game_view::visit_object;

use super::print::{GamePrinter, NotWritten};
use encode::Encoder;
use games::GamesRows;
use turns::TurnsRows;

/// The games of one row group, unless `--row-group` says otherwise.
pub const ROW_GROUP_GAMES: usize = 1024;

/// The text a row group holds at most, about: a row group is cut early when its games' text
/// reaches it, so that memory stays bounded for games with long comments, and no column's text
/// comes near the 2 GiB an Arrow string array can hold.
const ROW_GROUP_TEXT: usize = 64 << 20;

/// About how much text `g` puts in the table's columns (as the rows count it as they fill).
fn weight(g: &GameObject) -> usize {
    let headers: usize = (g.headers.iter())
        .map(|h| match h {
            HeaderItem::Tag { name, value } => name.len() + value.len(),
            HeaderItem::Comment { .. } => 0,
        })
        .sum();
    let turns: usize = (g.turns.iter())
        .map(|t| 32 + t.steps.len() * 8 + t.comments.iter().map(|c| c.text.len()).sum::<usize>())
        .sum();
    let errors: usize = g.errors.iter().map(|e| 64 + e.message.len()).sum();
    g.file.len() + 128 + headers + turns + errors
}

/// Which table a Parquet file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    /// One row per game.
    Games,
    /// One row per turn.
    Turns,
}

impl Table {
    /// Empty rows of this table.
    fn rows(self) -> Box<dyn Rows> {
        match self {
            Table::Games => Box::new(GamesRows::default()),
            Table::Turns => Box::new(TurnsRows::default()),
        }
    }
}

impl RowMaker for Table {
    fn chunk_rows(&self) -> Box<dyn ChunkRows> {
        match self {
            Table::Games => Box::new(GamesRows::default()),
            Table::Turns => Box::new(TurnsRows::default()),
        }
    }
}

/// The rows of some games, as a table's columns fill them.
pub trait Rows: ChunkRows {
    /// The rows of the games so far as Arrow arrays, their game numbers (as they were handed
    /// over) after the `before` games of earlier chunks; empties the rows.
    fn finish(&mut self, before: usize) -> Result<Part, ArrowError>;
}

/// The rows `any` holds, made by [`Table::chunk_rows`].
fn rows_of(any: Box<dyn Any + Send>) -> Option<Box<dyn Rows>> {
    match any.downcast::<GamesRows>() {
        Ok(rows) => Some(rows),
        Err(any) => any.downcast::<TurnsRows>().ok().map(|r| r as Box<dyn Rows>),
    }
}

/// Rows of consecutive games, encoded or not yet.
#[derive(Debug)]
pub struct Part {
    batch: RecordBatch,
    /// The rows and the weight of each game, in order.
    games: Vec<(usize, usize)>,
}

impl Part {
    /// The rows of its first `n` games, the others left in it.
    fn split_off_front(&mut self, n: usize) -> RecordBatch {
        let rows: usize = self.games[..n].iter().map(|(r, _)| r).sum();
        let front = self.batch.slice(0, rows);
        self.batch = self.batch.slice(rows, self.batch.num_rows() - rows);
        self.games.drain(..n);
        front
    }
}

/// Writes games as the rows of a Parquet table, a row group every `row_group` games (or
/// sooner, at [`ROW_GROUP_TEXT`]).
pub struct ParquetSink {
    table: Table,
    /// Rows of games read from JSON, handed over one at a time, not yet in `parts`.
    own: Box<dyn Rows>,
    /// Their games, and their [`weight`].
    own_games: usize,
    own_weight: usize,
    /// Rows waiting for their row group, in order, and their games and weight in all.
    parts: Vec<Part>,
    held: usize,
    held_weight: usize,
    row_group: usize,
    /// The encoder, made at the first row group (or at the end, for a file with none).
    writer: Option<Encoder>,
    /// Threads encoding row groups.
    jobs: usize,
    written: usize,
}

fn io_error(e: impl std::error::Error + Send + Sync + 'static) -> std::io::Error {
    std::io::Error::other(e)
}

impl ParquetSink {
    /// A printer of `table`, `row_group` games (at least one) to a row group, encoding on
    /// `jobs` threads.
    pub fn new(table: Table, row_group: usize, jobs: usize) -> ParquetSink {
        ParquetSink {
            table,
            own: table.rows(),
            own_games: 0,
            own_weight: 0,
            parts: Vec::new(),
            held: 0,
            held_weight: 0,
            row_group: row_group.max(1),
            writer: None,
            jobs,
            written: 0,
        }
    }

    /// The encoder, made with the table's schema on first use.
    fn writer(&mut self) -> Result<&mut Encoder, ParquetError> {
        if self.writer.is_none() {
            let schema = self.table.rows().finish(0)?.batch.schema();
            let props = WriterProperties::builder()
                .set_compression(Compression::ZSTD(ZstdLevel::default()))
                .set_created_by(format!("seega {}", env!("CARGO_PKG_VERSION")))
                // Row groups are cut by game count ([`ParquetSink::cut`]), not by rows.
                .set_max_row_group_row_count(None)
                .build();
            self.writer = Some(Encoder::new(schema, props, self.jobs)?);
        }
        Ok(self.writer.as_mut().expect("made above"))
    }

    /// Adds `part` after the rows held.
    fn hold(&mut self, part: Part) {
        self.held += part.games.len();
        self.held_weight += part.games.iter().map(|(_, w)| w).sum::<usize>();
        self.parts.push(part);
    }

    /// Moves the rows of games read from JSON after the rows held.
    fn hold_own(&mut self) -> Result<(), ArrowError> {
        if self.own_games > 0 {
            let part = self.own.finish(0)?;
            self.own_games = 0;
            self.own_weight = 0;
            self.hold(part);
        }
        Ok(())
    }

    /// Encodes every full row group held, and with `all` the rest too, handing their bytes to
    /// `w`.
    fn cut(&mut self, w: &mut dyn Write, all: bool) -> std::io::Result<()> {
        while self.held >= self.row_group
            || self.held_weight >= ROW_GROUP_TEXT
            || (all && self.held > 0)
        {
            let pieces = self.next_group();
            let writer = self.writer().map_err(io_error)?;
            writer.row_group(pieces).map_err(io_error)?;
            if let Some(bytes) = writer.bytes() {
                drain(bytes, w)?;
            }
        }
        Ok(())
    }

    /// The rows of the next row group, taken from those held: `row_group` games, or fewer
    /// once their weight reaches [`ROW_GROUP_TEXT`], or all that are held.
    fn next_group(&mut self) -> Vec<RecordBatch> {
        let (mut games, mut weight, mut pieces) = (0, 0, Vec::new());
        while games < self.row_group && weight < ROW_GROUP_TEXT && !self.parts.is_empty() {
            let part = &mut self.parts[0];
            let mut n = 0;
            for (_, w) in &part.games {
                if games + n >= self.row_group || weight >= ROW_GROUP_TEXT {
                    break;
                }
                n += 1;
                weight += w;
            }
            games += n;
            if n == part.games.len() {
                pieces.push(self.parts.remove(0).batch);
            } else {
                pieces.push(part.split_off_front(n));
            }
        }
        self.held -= games;
        self.held_weight -= weight;
        pieces
    }
}
/// Hands the encoded bytes in `buffer` to `w`. The encoder counts the bytes it wrote, not the
/// buffer's length, so emptying the buffer between row groups is safe (bytes it still holds in
/// its own small buffer come after, in order).
fn drain(buffer: &mut Vec<u8>, w: &mut dyn Write) -> std::io::Result<()> {
    w.write_all(buffer)?;
    buffer.clear();
    if buffer.capacity() > 64 << 20 {
        buffer.shrink_to(0);
    }
    Ok(())
}

impl GamePrinter for ParquetSink {
    fn game(&mut self, w: &mut dyn Write, g: &GameObject) -> Result<(), NotWritten> {
        visit_object(g, self.own.as_mut());
        self.own_games += 1;
        self.own_weight += weight(g);
        self.written += 1;
        if self.held + self.own_games >= self.row_group
            || self.held_weight + self.own_weight >= ROW_GROUP_TEXT
        {
            self.hold_own().map_err(|e| Err(io_error(e)))?;
            self.cut(w, false).map_err(Err)?;
        }
        Ok(())
    }

    fn rows(&self) -> Option<&'static dyn RowMaker> {
        const GAMES: Table = Table::Games;
        const TURNS: Table = Table::Turns;
        Some(match self.table {
            Table::Games => &GAMES,
            Table::Turns => &TURNS,
        })
    }

    fn take_rows(
        &mut self,
        w: &mut dyn Write,
        rows: Box<dyn ChunkRows>,
        before: usize,
    ) -> std::io::Result<()> {
        let mut rows = rows_of(rows.into_any())
            .ok_or_else(|| std::io::Error::other("rows of another table"))?;
        let part = rows.finish(before).map_err(io_error)?;
        self.written += part.games.len();
        self.hold_own().map_err(io_error)?;
        self.hold(part);
        self.cut(w, false)
    }

    fn end(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        self.hold_own().map_err(io_error)?;
        self.cut(w, true)?;
        self.writer().map_err(io_error)?;
        let Some(writer) = self.writer.take() else {
            return Ok(());
        };
        let mut buffer = writer.end().map_err(io_error)?;
        drain(&mut buffer, w)
    }

    fn target(&self) -> Target {
        Target::Jsonl
    }

    fn written(&mut self) -> &mut usize {
        &mut self.written
    }
}

#[cfg(test)]
mod tests;
