//! `convert`'s printers, one per `--to` format: how each opens and closes its output and writes
//! a game object read from JSON; notation read from a file is written by the library's workers
//! in the printer's [`Target`], or, for Parquet, handed to it as game objects.

use std::io::Write;

use seega::archive::convert::{ChunkRows, RowMaker, Target};
use seega::render::game_json::{GameObject, game_bytes};

use super::super::args::DataFormat;
use super::parquet::ParquetSink;
use seega::table::Table;

/// Why a game was not written: the words for a game that cannot be written in the format, or
/// the output's failure.
pub type NotWritten = Result<String, std::io::Error>;

/// Writes games in one format.
pub trait GamePrinter {
    /// What the output starts with.
    fn begin(&mut self, _w: &mut dyn Write) -> std::io::Result<()> {
        Ok(())
    }

    /// Writes one game object.
    fn game(&mut self, w: &mut dyn Write, g: &GameObject) -> Result<(), NotWritten>;

    /// Writes one game object that the caller no longer needs.
    fn take(&mut self, w: &mut dyn Write, g: GameObject) -> Result<(), NotWritten> {
        self.game(w, &g)
    }

    /// What makes the rows of each chunk of notation on the library's workers, for a printer
    /// that takes rows ([`GamePrinter::take_rows`]) rather than the workers' JSON or notation.
    fn rows(&self) -> Option<&'static dyn RowMaker> {
        None
    }

    /// Writes the rows of a chunk of notation made by [`GamePrinter::rows`]'s maker, whose
    /// games are numbered after the `before` games of earlier chunks.
    fn take_rows(
        &mut self,
        _w: &mut dyn Write,
        _rows: Box<dyn ChunkRows>,
        _before: usize,
    ) -> std::io::Result<()> {
        Err(std::io::Error::other("this format takes no rows"))
    }

    /// What the output ends with.
    fn end(&mut self, _w: &mut dyn Write) -> std::io::Result<()> {
        Ok(())
    }

    /// The format the library's workers write games of notation in.
    fn target(&self) -> Target;

    /// The games written so far, for the separators between them.
    fn written(&mut self) -> &mut usize;
}

/// The printer of `to`, wrapping notation at `width` columns, cutting Parquet into row groups
/// of `row_group` games encoded on `jobs` threads.
pub fn game_printer(
    to: DataFormat,
    width: usize,
    row_group: usize,
    jobs: usize,
) -> Box<dyn GamePrinter> {
    match to {
        DataFormat::Parquet => Box::new(ParquetSink::new(Table::Games, row_group, jobs)),
        DataFormat::ParquetTurns => Box::new(ParquetSink::new(Table::Turns, row_group, jobs)),
        DataFormat::Sgn => Box::new(Notation { width, written: 0 }),
        DataFormat::Json => Box::new(JsonArray { written: 0 }),
        DataFormat::Jsonl => Box::new(JsonLines { written: 0 }),
    }
}

/// Game notation, games a blank line apart.
struct Notation {
    width: usize,
    written: usize,
}

impl GamePrinter for Notation {
    fn game(&mut self, w: &mut dyn Write, g: &GameObject) -> Result<(), NotWritten> {
        let bytes = game_bytes(g, self.width).map_err(Ok)?;
        if self.written > 0 {
            w.write_all(b"\n").map_err(Err)?;
        }
        w.write_all(&bytes).map_err(Err)?;
        self.written += 1;
        Ok(())
    }

    fn target(&self) -> Target {
        Target::Sgn { width: self.width }
    }

    fn written(&mut self) -> &mut usize {
        &mut self.written
    }
}

/// One JSON array of game objects, one element per line.
struct JsonArray {
    written: usize,
}

impl GamePrinter for JsonArray {
    fn begin(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        w.write_all(b"[")
    }

    fn game(&mut self, w: &mut dyn Write, g: &GameObject) -> Result<(), NotWritten> {
        w.write_all(if self.written > 0 { b",\n" } else { b"\n" })
            .map_err(Err)?;
        seega::render::json_text::to_writer(&mut *w, g).map_err(|e| Err(e.into()))?;
        self.written += 1;
        Ok(())
    }

    fn end(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        w.write_all(if self.written > 0 { b"\n]\n" } else { b"]\n" })
    }

    fn target(&self) -> Target {
        Target::Json
    }

    fn written(&mut self) -> &mut usize {
        &mut self.written
    }
}

/// One game object per line.
struct JsonLines {
    written: usize,
}

impl GamePrinter for JsonLines {
    fn game(&mut self, w: &mut dyn Write, g: &GameObject) -> Result<(), NotWritten> {
        seega::render::json_text::to_writer(&mut *w, g).map_err(|e| Err(e.into()))?;
        w.write_all(b"\n").map_err(Err)?;
        self.written += 1;
        Ok(())
    }

    fn target(&self) -> Target {
        Target::Jsonl
    }

    fn written(&mut self) -> &mut usize {
        &mut self.written
    }
}
