//! Games copied as they were written: the input's own bytes, line ends, byte-order mark and
//! bytes that are not UTF-8 included.
//!
//! A file is cut into one piece per game: a game's piece runs from its first item to the first
//! item of the next game, so the blank lines and stray comments after a game go with it; the
//! first piece starts at the file's start (after a byte-order mark) and the last ends at the
//! file's end. Writing every piece of a file in order gives back the file. A writer starts with
//! a byte-order mark when the first piece it writes comes from a file that has one, and ends a
//! piece that does not end its line with the line end of the piece's file before another piece
//! that does not follow it in that file.

use std::io::{self, Write};
use std::ops::Range;

use seega::notation::BOM;
use seega::notation::Source;

/// One input file, read whole, with what its pieces need.
pub struct File<'a> {
    /// Which input of the run it is.
    pub id: usize,
    /// Its bytes.
    pub bytes: &'a [u8],
    /// Whether it starts with a byte-order mark.
    pub bom: bool,
    /// Its line end, taken from its first line: LF, CRLF or CR.
    pub line_end: &'static [u8],
}

impl<'a> File<'a> {
    /// The file `bytes`, input `id` of the run.
    pub fn new(id: usize, bytes: &'a [u8]) -> File<'a> {
        File {
            id,
            bytes,
            bom: bytes.starts_with(BOM),
            line_end: line_end_of(bytes),
        }
    }

    /// The byte ranges of the games that start at the text offsets `starts` (in order) of
    /// `source`, this file decoded.
    pub fn pieces(&self, source: &Source, starts: &[usize]) -> Vec<Range<usize>> {
        let first = if self.bom { BOM.len() } else { 0 };
        let mut bounds: Vec<usize> = starts.iter().map(|&s| source.byte_offset(s)).collect();
        if let Some(b) = bounds.first_mut() {
            *b = first;
        }
        bounds.push(self.bytes.len());
        bounds.windows(2).map(|w| w[0]..w[1]).collect()
    }
}

/// The line end of a text's first line: CRLF, a lone CR, or LF (also when it has none).
pub fn line_end_of(bytes: &[u8]) -> &'static [u8] {
    match memchr::memchr2(b'\n', b'\r', bytes) {
        Some(i) if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') => b"\r\n",
        Some(i) if bytes[i] == b'\r' => b"\r",
        _ => b"\n",
    }
}

/// Writes pieces of files one after another into one output.
#[derive(Debug, Default)]
pub struct Copier {
    /// Where the last piece written ended: its file and byte offset, and whether it ended a
    /// line.
    last: Option<(usize, u64, bool)>,
}

impl Copier {
    /// A copier that has written nothing yet.
    pub fn new() -> Copier {
        Copier::default()
    }

    /// Writes the bytes `range` of `file`, preceded by `note` (whole lines in the file's line
    /// end, for example a comment that says why the game was set apart).
    pub fn piece(
        &mut self,
        w: &mut dyn Write,
        file: &File<'_>,
        range: Range<usize>,
        note: Option<&str>,
    ) -> io::Result<()> {
        self.piece_at(w, file, 0, range, note)
    }

    /// [`Copier::piece`] of bytes that stand at `at` in their file: `file.bytes` is the part of
    /// the file that starts there (a game of a stream).
    pub fn piece_at(
        &mut self,
        w: &mut dyn Write,
        file: &File<'_>,
        at: u64,
        range: Range<usize>,
        note: Option<&str>,
    ) -> io::Result<()> {
        let (start, end) = (at + range.start as u64, at + range.end as u64);
        match self.last {
            None if file.bom => w.write_all(BOM)?,
            Some((id, last, false)) if note.is_some() || id != file.id || last != start => {
                w.write_all(file.line_end)?;
            }
            _ => {}
        }
        if let Some(note) = note {
            for line in note.lines() {
                w.write_all(line.as_bytes())?;
                w.write_all(file.line_end)?;
            }
        }
        let bytes = &file.bytes[range.clone()];
        w.write_all(bytes)?;
        let ends_line = bytes.is_empty() || bytes.ends_with(b"\n") || bytes.ends_with(b"\r");
        self.last = Some((file.id, end, ends_line));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_are_read_from_the_first_line() {
        assert_eq!(line_end_of(b"a\r\nb\n"), b"\r\n");
        assert_eq!(line_end_of(b"a\rb"), b"\r");
        assert_eq!(line_end_of(b"a\nb\r\n"), b"\n");
        assert_eq!(line_end_of(b"a"), b"\n");
    }

    #[test]
    fn pieces_of_a_file_give_it_back() {
        let bytes = b"\xEF\xBB\xBF; caf\xE9\r\n1. c2,d4 *\r\n\r\n1. e1,e2 *";
        let source = Source::from_bytes(bytes);
        let text = source.text();
        let starts = [0, text.find("1. e1").unwrap()];
        let file = File::new(0, bytes);
        let pieces = file.pieces(&source, &starts);
        let mut out = Vec::new();
        let mut c = Copier::new();
        for p in &pieces {
            c.piece(&mut out, &file, p.clone(), None).unwrap();
        }
        assert_eq!(out, bytes);
        // The second game alone, then the first: each ends its line in the file's way.
        let mut out = Vec::new();
        let mut c = Copier::new();
        c.piece(&mut out, &file, pieces[1].clone(), None).unwrap();
        c.piece(&mut out, &file, pieces[0].clone(), Some("{ why }"))
            .unwrap();
        assert_eq!(
            out,
            b"\xEF\xBB\xBF1. e1,e2 *\r\n{ why }\r\n; caf\xE9\r\n1. c2,d4 *\r\n\r\n"
        );
    }
}
