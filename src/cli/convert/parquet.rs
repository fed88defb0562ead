//! `convert --to parquet` and `--to parquet-turns`: games as the rows of a Parquet file
//! (`spec/parquet.md`), zstd-compressed, written a row group at a time.
//!
//! The rows are leaf columns in Parquet's terms (`column.rs`: levels and plain values) filled
//! from a [`seega::render::game_view::GameVisitor`]'s calls (`games.rs`, `turns.rs`, in the
//! order of `schema.rs`): on the library's workers, a chunk at a time, for games of notation
//! ([`RowMaker`]); on the printing thread for game objects read from JSON. The printer numbers
//! each chunk's rows, finds where a row group ends and hands them to the [`Encoder`]
//! (`encode.rs`) as ranges of the chunk's leaves, which encodes the column chunks on threads
//! (`page.rs`, `levels.rs`, `rle.rs`: seega's own pages) and appends each row group with the
//! `parquet` crate's file writer to a buffer whose bytes go to the output (the file of
//! `cli::output`'s transaction, or a pipe) as they come, so that memory follows the chunks in
//! flight, not the archive.

mod delta;
mod dictionary;
mod encode;
mod levels;
mod page;
pub mod partition;
mod rle;

use std::io::Write;

use std::sync::Arc;

use arrow_schema::Schema;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use parquet::schema::types::ColumnDescPtr;
use seega::archive::convert::{ChunkRows, RowMaker, Target};
use seega::render::game_json::GameObject;
use seega::render::game_view::visit_object;
use seega::table::{GroupCut, Part, Rows, Table, part_of};

use super::print::{GamePrinter, NotWritten};
use encode::Encoder;
use page::{Codec, Plan};

/// The games of one row group, unless `--row-group` says otherwise.
pub const ROW_GROUP_GAMES: usize = 1024;

/// Writes games as the rows of a Parquet table, a row group every `row_group` games (or
/// sooner, at [`seega::table::GROUP_TEXT`]). The rows of each chunk go to the encoder as they
/// come (cut where a row group ends), so that no row group is held whole.
pub struct ParquetSink {
    table: Table,
    /// Rows of games read from JSON, handed over one at a time, not yet encoded, and their
    /// games and weight ([`Rows::last_weight`]).
    own: Box<dyn Rows>,
    own_games: usize,
    own_weight: usize,
    /// Where row groups end.
    cut: GroupCut,
    /// The encoder, made at the first row group (or at the end, for a file with none).
    writer: Option<Encoder>,
    /// Threads encoding row groups.
    jobs: usize,
    written: usize,
    /// The schema written: the table's, or that of a partition (without its column).
    schema: Option<Schema>,
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
            cut: GroupCut::new(row_group),
            writer: None,
            jobs,
            written: 0,
            schema: None,
        }
    }

    /// A printer of `table`'s rows in `schema`, the table's without some columns (whose
    /// leaves the rows it is handed leave out), encoding on the caller's thread.
    pub fn with_schema(table: Table, schema: Schema, row_group: usize) -> ParquetSink {
        ParquetSink {
            schema: Some(schema),
            ..ParquetSink::new(table, row_group, 1)
        }
    }

    /// The encoder, made with the table's schema on first use.
    fn writer(&mut self) -> Result<&mut Encoder, ParquetError> {
        if self.writer.is_none() {
            let schema = Arc::new(self.schema.clone().unwrap_or_else(|| self.table.schema()));
            let props = properties();
            self.writer = Some(Encoder::new(schema, props, plan, self.jobs)?);
        }
        Ok(self.writer.as_mut().expect("made above"))
    }

    /// Moves the rows of games read from JSON to the encoder.
    fn write_own(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        if self.own_games == 0 {
            return Ok(());
        }
        let part = self.own.finish(0);
        self.own_games = 0;
        self.own_weight = 0;
        self.write(w, part)
    }

    /// Hands the rows of `part` to the encoder, ending a row group where its games or its
    /// text reach the limit, and the bytes encoded so far to `w`. The rows of the part's
    /// games in one row group and in the next are handed over as ranges of its leaves, which
    /// are not cut.
    fn write(&mut self, w: &mut dyn Write, part: Part) -> std::io::Result<()> {
        let leaves = Arc::new(part.leaves);
        let mut starts = vec![(0, 0); leaves.len()];
        let mut games = &part.games[..];
        while !games.is_empty() {
            let ended = self.cut.end(games);
            let n = ended.unwrap_or(games.len()).min(games.len());
            let rows: usize = games[..n].iter().map(|(r, _)| r).sum();
            games = &games[n..];
            // Where the next row begins in each leaf: its end after the part's last row.
            let ends: Vec<(usize, usize)> = if games.is_empty() {
                let end = |l: &seega::table::Leaf| (l.entries(), l.values.len());
                leaves.iter().map(end).collect()
            } else {
                (leaves.iter().zip(&starts))
                    .map(|(l, from)| l.rows_after(*from, rows))
                    .collect()
            };
            let spans = (starts.iter().zip(&ends))
                .map(|(&(e0, v0), &(e1, v1))| (e0..e1, v0..v1))
                .collect();
            let writer = self.writer().map_err(io_error)?;
            if rows > 0 {
                writer.piece(&leaves, spans, rows).map_err(io_error)?;
            }
            if ended.is_some() {
                writer.end_row_group().map_err(io_error)?;
            }
            starts = ends;
        }
        match self.writer.as_mut().and_then(Encoder::bytes) {
            Some(bytes) => drain(bytes, w),
            None => Ok(()),
        }
    }
}

/// The file's properties: zstd by default, and seega as its writer (the columns are encoded
/// and compressed as [`plan`] says), named as every writer names itself (`parquet-cpp-arrow
/// version 14.0.0`): `seega version 0.1.0`. Parquet's Java reader parses the name to tell its
/// own old versions, which wrote some encodings wrong, from other writers.
fn properties() -> WriterProperties {
    WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::default()))
        .set_created_by(format!("seega version {}", env!("CARGO_PKG_VERSION")))
        // Row groups are cut by game count ([`ParquetSink::write`]), not by rows.
        .set_max_row_group_row_count(None)
        .build()
}

/// How a column is written (`spec/parquet.md`, measured in `docs/performance.md`):
/// - delta-encoded: `game` (numbers that count up);
/// - plain, with no dictionary: booleans (`page.rs`), the games table's `final` and the turns
///   table's `position_after` (positions seldom repeat in a row group) and the comments of the
///   turns;
/// - every other column through a dictionary (until it grows past 1 MiB in a column chunk);
/// - compressed with zstd, but for the turns table's `position_after`, with Snappy: zstd
///   spent about 85 of the table's 245 instructions a byte of input on them, Snappy about 28,
///   for a file about 1.5 times as large, still smaller than pyarrow's and DuckDB's default
///   writers make of the same table;
/// - statistics (minimum, maximum, null count) per column chunk for every top-level column but
///   the turns table's `notation` and `position_after`; none for the items of lists and maps
///   (the turns, the errors, the other tags): a minimum and a maximum of a row group's
///   squares, turns or positions rule nothing out.
fn plan(column: &ColumnDescPtr) -> Plan {
    let parts = column.path().parts();
    let delta = matches!(parts, [p] if p == "game");
    let plain = matches!(parts, [p] if p == "final" || p == "position_after")
        || parts.iter().any(|p| p == "comments");
    let top = parts.len() == 1;
    Plan {
        dictionary: !plain && !delta,
        statistics: top && !matches!(parts, [p] if p == "notation" || p == "position_after"),
        delta,
        codec: if matches!(parts, [p] if p == "position_after") {
            Codec::Snappy
        } else {
            Codec::Zstd
        },
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
        self.own_weight += self.own.last_weight();
        self.written += 1;
        if self.cut.ends_with(self.own_games, self.own_weight) {
            self.write_own(w).map_err(Err)?;
        }
        Ok(())
    }

    fn rows(&self) -> Option<&'static dyn RowMaker> {
        Some(self.table.maker())
    }

    fn take_rows(
        &mut self,
        w: &mut dyn Write,
        rows: Box<dyn ChunkRows>,
        before: usize,
    ) -> std::io::Result<()> {
        let part = part_of(rows, before)?;
        self.written += part.games.len();
        self.write_own(w)?;
        self.write(w, part)
    }

    fn end(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        self.write_own(w)?;
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
