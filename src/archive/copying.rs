//! The games of a stream of any size with the input's own bytes, for the commands that copy
//! games as they were written (`select`, `split`): the stream is cut into chunks at game
//! boundaries as `check` cuts it ([`super::stream`]), each chunk decoded and its games checked
//! on the `jobs` workers, where `map` turns each game into what the caller keeps of it; the
//! games come back in input order with their own bytes (decompressed, not decoded), so that the
//! caller copies them exactly, in memory bounded by the chunks in flight.
//!
//! A game's bytes run from its first item to the next game's first item (the blank lines and
//! stray comments after it go with it), the first from the stream's start (after a byte-order
//! mark) and the last to the stream's end, as [`super::check_source`]'s pieces of a whole
//! text: writing every game's bytes in order gives back the stream. The games are those a scan
//! of the whole input finds (the cuts are verified as `check`'s are). Each chunk is decoded
//! alone: under `auto`, a chunk of UTF-8 is read as UTF-8 even after one that was not. A
//! stretch of [`crate::notation::limits::MAX_UNCUT_BYTES`] without a game boundary is not held:
//! it comes back as [`Copied::TooLong`], its bytes counted but not kept.
//!
//! ```
//! use seega::Encoding;
//! use seega::archive::copying::{Copied, for_each_game};
//! use seega::validate::Options;
//!
//! let text = "[Event \"a\"]\n\n1. a1,b1 *\n\n[Event \"b\"]\n\n1. c3,d1 *\n";
//! let mut games = Vec::new();
//! let map = |c: &seega::archive::Checked<'_>, _: &seega::notation::Source, _: &seega::notation::LineIndex| {
//!     c.verdict.is_valid()
//! };
//! for_each_game(text.as_bytes(), Encoding::Auto, &Options::default(), 2, &map, &mut |piece| {
//!     if let Copied::Game { value, bytes, .. } = piece {
//!         games.push((String::from_utf8(bytes).unwrap(), value));
//!     }
//!     Ok(())
//! })?;
//! assert_eq!(games[0], ("[Event \"a\"]\n\n1. a1,b1 *\n\n".to_owned(), true));
//! assert_eq!(games[1], ("[Event \"b\"]\n\n1. c3,d1 *\n".to_owned(), false));
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::Read;

use super::pipeline::{ChunkLines, ChunkWork, for_each_chunk};
use super::split::{BLOCK, Skipped};
use super::stream::Boundary;
use super::{Checked, check_source_scanned};
use crate::notation::{BOM, Encoding, LineIndex, Scanner, Source};
use crate::validate::Options;

/// A chunk of the stream and its games, as a worker gives it.
#[derive(Debug)]
struct Chunk<T> {
    /// Its own bytes.
    bytes: Vec<u8>,
    /// Whether it is the stream's first (a byte-order mark at its start is the stream's).
    first: bool,
    /// Where each game starts in `bytes`.
    starts: Vec<usize>,
    /// What `map` gave for each game.
    games: Vec<T>,
    /// Under `auto`, the file's 1-based line from which the chunk was read as Windows-1252.
    switched: Option<u64>,
}

/// What the stream gives, in order.
#[derive(Debug)]
pub enum Copied<T> {
    /// A game.
    Game {
        /// What `map` gave for it.
        value: T,
        /// Its number in the stream, from 1.
        number: usize,
        /// Where its bytes start in the stream.
        at: u64,
        /// Its bytes.
        bytes: Vec<u8>,
        /// Whether the stream starts with a byte-order mark (which no game's bytes hold).
        bom: bool,
    },
    /// Bytes that belong to no game: a text that holds none (comments, blank space), or what
    /// follows a stretch too long before the next game.
    Outside {
        /// Where they start in the stream.
        at: u64,
        /// The bytes.
        bytes: Vec<u8>,
    },
    /// A stretch without a game boundary, skipped (the game before it ends where it starts).
    TooLong {
        /// The stream's 0-based line it starts on.
        first_line: usize,
        /// Its length in bytes.
        bytes: usize,
    },
    /// Under `auto`, the stream is read as Windows-1252 from this 1-based line of a chunk on
    /// (said once for each chunk that is).
    Switched {
        /// The line.
        line: u64,
    },
}

/// What `map` is given for each game: the game checked, the chunk's text and its lines (the
/// stream's line numbers).
pub type GameMap<'m, T> = dyn Fn(&Checked<'_>, &Source, &LineIndex) -> T + Sync + 'm;

/// Reads `reader` (text in `encoding`) in chunks, checks their games under `opts` on `jobs`
/// threads, turns each into a `T` with `map` there, and hands the chunks to `each` in input
/// order. Stops at the first error of `each` or of reading, and returns it.
pub fn for_each_game<R: Read + Send, T: Send>(
    reader: R,
    encoding: Encoding,
    opts: &Options,
    jobs: usize,
    map: &GameMap<'_, T>,
    each: &mut dyn FnMut(Copied<T>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    for_each_game_in_blocks(reader, encoding, opts, jobs, BLOCK, map, each)
}

/// [`for_each_game`], reading blocks of `block` bytes.
pub(crate) fn for_each_game_in_blocks<R: Read + Send, T: Send>(
    reader: R,
    encoding: Encoding,
    opts: &Options,
    jobs: usize,
    block: usize,
    map: &GameMap<'_, T>,
    each: &mut dyn FnMut(Copied<T>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let work = CopyWork {
        encoding,
        opts,
        map,
    };
    let mut joiner = Joiner::default();
    for_each_chunk(reader, block, jobs.max(1), &work, &mut |done| match done {
        Done::Chunk(chunk, _) => joiner.chunk(chunk, each),
        Done::TooLong(first_line, bytes) => {
            joiner.flush(each)?;
            joiner.at += bytes as u64;
            each(Copied::TooLong { first_line, bytes })
        }
    })?;
    joiner.flush(each)
}

/// Joins the chunks into games: the last game of a chunk is held until the next chunk gives
/// the bytes that still belong to it (those before its first game).
#[derive(Debug)]
struct Joiner<T> {
    /// The last game so far: what `map` gave, its number, where it starts and its bytes.
    held: Option<(T, usize, u64, Vec<u8>)>,
    /// Where the next chunk starts in the stream.
    at: u64,
    games: usize,
    bom: bool,
}

impl<T> Default for Joiner<T> {
    fn default() -> Self {
        Joiner {
            held: None,
            at: 0,
            games: 0,
            bom: false,
        }
    }
}

type Each<'e, T> = dyn FnMut(Copied<T>) -> std::io::Result<()> + 'e;

impl<T> Joiner<T> {
    fn chunk(&mut self, chunk: Chunk<T>, each: &mut Each<'_, T>) -> std::io::Result<()> {
        let Chunk {
            bytes,
            first,
            starts,
            games,
            switched,
        } = chunk;
        if let Some(line) = switched {
            each(Copied::Switched { line })?;
        }
        if first {
            self.bom = bytes.starts_with(BOM);
        }
        let head = starts.first().copied().unwrap_or(bytes.len());
        match &mut self.held {
            Some((_, _, _, held)) => held.extend_from_slice(&bytes[..head]),
            // With no game before (a chunk cut off a boundary is joined with the next, so only
            // the last can hold no game): a text of none, or what follows a stretch too long.
            None if games.is_empty() => {
                let skip = if first && self.bom { BOM.len() } else { 0 };
                let at = self.at + skip as u64;
                self.at += bytes.len() as u64;
                return each(Copied::Outside {
                    at,
                    bytes: bytes[skip..].to_vec(),
                });
            }
            // After a stretch too long, the bytes before the next game belong to none.
            None if !first && head > 0 => each(Copied::Outside {
                at: self.at,
                bytes: bytes[..head].to_vec(),
            })?,
            None => {}
        }
        if !games.is_empty() {
            self.flush(each)?;
        }
        let n = games.len();
        for (k, value) in games.into_iter().enumerate() {
            // The stream's first game starts at its start, after a byte-order mark.
            let start = match (k, first) {
                (0, true) if self.bom => BOM.len(),
                (0, true) => 0,
                _ => starts[k],
            };
            let end = starts.get(k + 1).copied().unwrap_or(bytes.len());
            self.games += 1;
            let game = (
                value,
                self.games,
                self.at + start as u64,
                bytes[start..end].to_vec(),
            );
            if k + 1 == n {
                self.held = Some(game);
            } else {
                self.emit(game, each)?;
            }
        }
        self.at += bytes.len() as u64;
        Ok(())
    }

    fn flush(&mut self, each: &mut Each<'_, T>) -> std::io::Result<()> {
        match self.held.take() {
            Some(game) => self.emit(game, each),
            None => Ok(()),
        }
    }

    fn emit(&self, game: (T, usize, u64, Vec<u8>), each: &mut Each<'_, T>) -> std::io::Result<()> {
        let (value, number, at, bytes) = game;
        each(Copied::Game {
            value,
            number,
            at,
            bytes,
            bom: self.bom,
        })
    }
}

struct CopyWork<'a, 'm, T> {
    encoding: Encoding,
    opts: &'a Options,
    map: &'a GameMap<'m, T>,
}

enum Done<T> {
    /// A chunk, and whether its cut held.
    Chunk(Chunk<T>, bool),
    TooLong(usize, usize),
}

impl<T: Send> ChunkWork for CopyWork<'_, '_, T> {
    type Done = Done<T>;

    fn work(&self, bytes: &[u8], lines: ChunkLines, tag_next: bool) -> Done<T> {
        let (source, switched) = Source::decode(bytes, self.encoding);
        let text = source.text();
        let index = LineIndex::with_base(text, lines.first);
        let mut boundary = Boundary::cut_before_tag_line(tag_next);
        let scanner = Scanner::new(text, source.invalid()).tag_line_next(tag_next);
        let (mut starts, mut games) = (Vec::new(), Vec::new());
        for checked in check_source_scanned(scanner, self.opts) {
            boundary.see(&checked.game, text);
            starts.push(source.byte_offset(checked.game.span.start));
            games.push((self.map)(&checked, &source, &index));
        }
        let verified = boundary.verified();
        let chunk = Chunk {
            bytes: bytes.to_vec(),
            first: lines.first == 0,
            starts,
            games,
            switched: switched.map(|line| line + lines.first as u64),
        };
        Done::Chunk(chunk, verified)
    }

    fn too_long(&self, skipped: &Skipped, first_line: usize) -> Done<T> {
        Done::TooLong(first_line, skipped.bytes)
    }

    fn boundary(&self, done: &Done<T>) -> bool {
        match done {
            Done::Chunk(_, verified) => *verified,
            Done::TooLong(..) => true,
        }
    }
}

#[cfg(test)]
mod tests;
