//! `convert --to parquet` and `--to parquet-turns`: game objects as the rows of a Parquet
//! file (`spec/parquet.md`), zstd-compressed, written a row group at a time.
//!
//! The printer keeps at most one row group's games; each full group is built into Arrow
//! arrays, encoded by the `parquet` crate's [`ArrowWriter`] into a buffer, and the buffer's
//! bytes handed to the output (the file of `cli::output`'s transaction, or a pipe), so that
//! memory follows the row group, not the archive.

mod arrays;
mod games;
mod turns;

use std::io::Write;

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;
use seega::archive::convert::Target;
use seega::render::game_json::{GameObject, HeaderItem};

use super::print::{GamePrinter, NotWritten};

/// The games of one row group, unless `--row-group` says otherwise.
pub const ROW_GROUP_GAMES: usize = 1024;

/// The text a row group holds at most, about: a row group is cut early when its games' text
/// reaches it, so that memory stays bounded for games with long comments, and no column's text
/// comes near the 2 GiB an Arrow string array can hold.
const ROW_GROUP_TEXT: usize = 64 << 20;

/// About how much text `g` puts in the table's columns.
fn weight(g: &GameObject) -> usize {
    let headers: usize = (g.headers.iter())
        .map(|h| match h {
            HeaderItem::Tag { name, value } => name.len() + value.len(),
            HeaderItem::Comment { comment, .. } => comment.len(),
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
    /// The rows of `games` in this table.
    fn batch(self, games: &[GameObject]) -> Result<RecordBatch, ArrowError> {
        match self {
            Table::Games => games::batch(games),
            Table::Turns => turns::batch(games),
        }
    }
}

/// Writes games as the rows of a Parquet table, a row group every `row_group` games (or
/// sooner, at [`ROW_GROUP_TEXT`]).
pub struct ParquetSink {
    table: Table,
    /// The games of the row group being filled.
    games: Vec<GameObject>,
    /// Their [`weight`].
    held: usize,
    row_group: usize,
    /// The encoder, made at the first row group (or at the end, for a file with none).
    writer: Option<ArrowWriter<Vec<u8>>>,
    written: usize,
}

fn io_error(e: impl std::error::Error + Send + Sync + 'static) -> std::io::Error {
    std::io::Error::other(e)
}

impl ParquetSink {
    /// A printer of `table`, `row_group` games (at least one) to a row group.
    pub fn new(table: Table, row_group: usize) -> ParquetSink {
        ParquetSink {
            table,
            games: Vec::new(),
            held: 0,
            row_group: row_group.max(1),
            writer: None,
            written: 0,
        }
    }

    /// The encoder, made with the table's schema on first use.
    fn writer(&mut self) -> Result<&mut ArrowWriter<Vec<u8>>, ParquetError> {
        if self.writer.is_none() {
            let schema = self.table.batch(&[])?.schema();
            let props = WriterProperties::builder()
                .set_compression(Compression::ZSTD(ZstdLevel::default()))
                .set_created_by(format!("seega {}", env!("CARGO_PKG_VERSION")))
                // Row groups are cut by game count ([`ParquetSink::flush`]), not by rows.
                .set_max_row_group_row_count(None)
                .build();
            self.writer = Some(ArrowWriter::try_new(Vec::new(), schema, Some(props))?);
        }
        Ok(self.writer.as_mut().expect("made above"))
    }

    /// Encodes the games held as one row group and hands its bytes to `w`.
    fn flush(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        if self.games.is_empty() {
            return Ok(());
        }
        let batch = self.table.batch(&self.games).map_err(io_error)?;
        self.games.clear();
        self.held = 0;
        let writer = self.writer().map_err(io_error)?;
        writer.write(&batch).map_err(io_error)?;
        writer.flush().map_err(io_error)?;
        drain(writer.inner_mut(), w)
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
        self.take(w, g.clone())
    }

    fn take(&mut self, w: &mut dyn Write, g: GameObject) -> Result<(), NotWritten> {
        self.held += weight(&g);
        self.games.push(g);
        self.written += 1;
        if self.games.len() >= self.row_group || self.held >= ROW_GROUP_TEXT {
            self.flush(w).map_err(Err)?;
        }
        Ok(())
    }

    fn end(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        self.flush(w)?;
        self.writer().map_err(io_error)?;
        let Some(writer) = self.writer.take() else {
            return Ok(());
        };
        let mut buffer = writer.into_inner().map_err(io_error)?;
        drain(&mut buffer, w)
    }

    fn target(&self) -> Target {
        Target::Jsonl
    }

    fn objects(&self) -> bool {
        true
    }

    fn written(&mut self) -> &mut usize {
        &mut self.written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of one pass followed by a comment of `comment` bytes.
    fn game(comment: usize) -> GameObject {
        let text = "c".repeat(comment);
        serde_json::from_value(serde_json::json!({
            "game": 1, "file": "t.sgn", "rules": null, "result": "*", "outcome": null,
            "final": null, "source": null,
            "turns": [{"number": 1, "side": null, "kind": "pass", "from": null,
                       "annotation": null, "comments": [{"text": text}]}],
        }))
        .expect("a game object")
    }

    /// The row groups `sink` encoded so far.
    fn groups(sink: &ParquetSink) -> usize {
        sink.writer
            .as_ref()
            .map_or(0, |w| w.flushed_row_groups().len())
    }

    #[test]
    fn a_row_group_is_cut_at_its_games_or_at_its_text() {
        let mut out = Vec::new();
        let mut sink = ParquetSink::new(Table::Games, 3);
        for _ in 0..2 {
            assert!(sink.take(&mut out, game(10)).is_ok());
        }
        assert_eq!(groups(&sink), 0, "nothing encoded before the group is full");
        assert!(sink.take(&mut out, game(10)).is_ok());
        assert_eq!(groups(&sink), 1, "three games: a row group");
        // Games of long comments: a row group well before its game count.
        let mut out = Vec::new();
        let mut sink = ParquetSink::new(Table::Turns, 1000);
        let big = 1 << 20;
        for _ in 0..ROW_GROUP_TEXT / big - 1 {
            assert!(sink.take(&mut out, game(big)).is_ok());
        }
        assert_eq!(groups(&sink), 0);
        assert!(sink.take(&mut out, game(big)).is_ok());
        assert_eq!(groups(&sink), 1, "cut at {ROW_GROUP_TEXT} bytes of text");
        assert!(sink.end(&mut out).is_ok());
        assert!(out.starts_with(b"PAR1") && out.ends_with(b"PAR1"));
    }
}
