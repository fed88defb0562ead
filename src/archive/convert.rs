//! Converting an archive chunk by chunk on the worker threads of `super::pipeline`: every
//! game is checked (recording the engine's captures) and written, as a JSON object or as
//! canonical notation, into the chunk's own buffer; the buffers are written out in input order
//! with the game numbers filled in ([`Converted::write_to`]).
//!
//! ```
//! use seega::archive::convert::{ConvertWork, Converted, Target, convert_stream_in_blocks};
//! use seega::validate::Options;
//!
//! let text = "1. a1,b1 *\n\n1. c3,d1 *\n";
//! let opts = Options::default();
//! // Valid games only, written as notation, read in blocks of 8 bytes without the fast lane.
//! let work = ConvertWork::new(&opts, "cup.sgn", Target::Sgn { width: 80 }, true)
//!     .with_file_bytes(None)
//!     .without_fast_lane();
//! let (mut out, mut written, mut dropped) = (Vec::new(), 0, 0);
//! let mut each = |chunk: &mut Converted, before| {
//!     dropped += chunk.dropped;
//!     chunk.write_to(&mut out, Target::Sgn { width: 80 }, before, &mut written)
//! };
//! convert_stream_in_blocks(text.as_bytes(), &work, 1, 8, &mut each)?;
//! assert_eq!(String::from_utf8(out).unwrap(), "1. a1,b1 *\n");
//! assert_eq!((written, dropped), (1, 1));
//!
//! // JSON Lines, each chunk's games also read back into game objects on its worker.
//! let work = ConvertWork::new(&opts, "cup.sgn", Target::Jsonl, false).with_objects(true);
//! let mut objects = 0;
//! seega::archive::convert::convert_stream(text.as_bytes(), &work, 2, &mut |chunk, _| {
//!     objects += chunk.objects.as_ref().map_or(0, Vec::len);
//!     Ok(())
//! })?;
//! assert_eq!(objects, 2);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Inside
//!
//! `convert` of notation as a `ChunkWork`: each worker checks its chunk's games (recording
//! captures) and writes them into the chunk's reused buffer: as JSON (the fast lane's games by
//! `render::game_writer`, the others as `serde_json` of their `GameObject`,
//! `game_json::write_object`) or as canonical notation written from the syntax tree
//! (`canonical_doc`, or the game's own text when it has syntax errors); `Converted::write_to`
//! writes the buffers in input order with the game numbers and separators filled in (blocks of 64
//! KiB, as a chunk's JSON is about 19 times its size, and 58 times for the tiniest games). With
//! `with_rows`, nothing is written: each game is handed to the chunk's `ChunkRows` through
//! `render::game_view` (a lane's game by `CleanFeeder` from its `CleanGame`, any other by
//! `visit_object` from its `GameObject`), and the rows go back with the chunk.

use std::cell::OnceCell;
use std::io::{Read, Write};
use std::sync::Mutex;

use super::pipeline::{ChunkLines, ChunkWork, for_each_chunk};
use super::stream::{Boundary, Skipped};
use crate::notation::source::utf8;
use crate::notation::writer::{NotWritable, WriteOptions, write_game};
use crate::notation::{Game, LineStream, Scanner, Source};
use crate::render::game_json::{GameObject, Origin, verbatim, verbatim_bytes, write_object};
use crate::render::game_view::{CleanFeeder, visit_object};
use crate::render::game_writer::GameWriter;
use crate::render::json_buf::JsonBuf;
use crate::validate::canonical_doc;
use crate::validate::{
    CleanGame, GameRead, Games, Lane, Options, RulesCache, Verdict, check_game_at,
    clean_game_recorded, uncut_message,
};

mod rows;
pub use rows::{ChunkRows, RowMaker};

/// The size of one read when converting. The output of a chunk is about 19 times its input
/// (JSON Lines), and a few chunks per thread are in flight: small blocks keep memory low, and
/// large ones cost fewer hand-overs between threads. At 64 KiB a 129 MB archive converted on 2
/// threads in 7 % less time than at 32 KiB (half the system time) with a peak RSS of 14 MiB
/// instead of 10; 16 KiB and 8 KiB were slower still.
pub(crate) const CONVERT_BLOCK: usize = 1 << 16;

/// The largest buffer kept for reuse.
const MAX_SPARE: usize = 4 << 20;

/// What games are converted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Target {
    /// A JSON array of game objects (`[`, `]` and separators are the caller's, see
    /// [`Converted::write_to`]).
    Json,
    /// One game object per line.
    Jsonl,
    /// Notation in canonical layout, wrapped at `width` columns.
    Sgn {
        /// The column to wrap movetext at.
        width: usize,
    },
}

/// How to convert the chunks of one input.
#[derive(Debug)]
pub struct ConvertWork<'a> {
    opts: Options,
    file: &'a str,
    /// The file's bytes, when its name is not UTF-8.
    file_bytes: Option<&'a [u8]>,
    target: Target,
    valid_only: bool,
    /// Whether clean games take the fast lane (on; off only to compare the two in tests).
    fast: bool,
    /// Whether each chunk's games are read back into game objects on its worker
    /// ([`ConvertWork::with_objects`]).
    objects: bool,
    /// What makes each chunk's rows on its worker ([`ConvertWork::with_rows`]).
    rows: Option<&'a dyn RowMaker>,
    spare: Mutex<Vec<Vec<u8>>>,
    /// The writers and rulesets of earlier chunks, reused with the JSON of the rulesets they
    /// wrote and the rulesets they read.
    writers: Mutex<Vec<(GameWriter, RulesCache)>>,
}

/// One chunk converted. Game numbers are the chunk's own until [`Converted::write_to`].
#[derive(Debug)]
#[non_exhaustive]
pub struct Converted {
    out: JsonBuf,
    boundary: bool,
    /// Games found.
    pub games: usize,
    /// Invalid games left out (with `valid_only`).
    pub dropped: usize,
    /// Games written from what the fast lane read (the others went the full way).
    pub fast: usize,
    /// Games whose Rules tag named other rules than the default ones, which it won over.
    pub tag_ruled: usize,
    /// Whether the chunk holds anything but blank space.
    pub text: bool,
    /// Games that cannot be converted (a stretch too long, whose text is not kept): their
    /// number in the chunk, and why.
    pub refused: Vec<(usize, String)>,
    /// The chunk's games as game objects, numbered in the chunk, when the work makes them
    /// ([`ConvertWork::with_objects`]; its JSON is then not written); `None` otherwise (the
    /// caller reads [`Converted::write_to`]'s lines).
    pub objects: Option<Vec<GameObject>>,
    /// The chunk's games handed to the rows of [`ConvertWork::with_rows`], when the work
    /// makes rows (its JSON is then not written); `None` otherwise.
    pub rows: Option<Box<dyn ChunkRows>>,
}

impl<'a> ConvertWork<'a> {
    /// The same work making each chunk's games into game objects on its worker
    /// ([`Converted::objects`]) instead of their JSON, for a printer that takes objects
    /// (Parquet): a clean game's from what the fast lane kept (`GameObject::from_clean`),
    /// any other's from its syntax tree and verdict, so that no JSON is written and read back.
    /// The target must be JSON Lines.
    pub fn with_objects(self, yes: bool) -> Self {
        ConvertWork {
            objects: yes && self.target == Target::Jsonl,
            ..self
        }
    }

    /// The same work handing each chunk's games to rows that `maker` makes, on the chunk's
    /// worker ([`Converted::rows`]), instead of writing their JSON: a clean game from what the
    /// fast lane kept, any other from its game object (`game_view`). The target must be JSON
    /// Lines.
    ///
    /// ```
    /// use std::any::Any;
    /// use seega::archive::convert::{ChunkRows, ConvertWork, RowMaker, Target, convert_stream};
    /// use seega::render::game_view::{GameVisitor, TurnHead};
    ///
    /// /// Counts turns.
    /// #[derive(Debug, Default)]
    /// struct Turns(usize);
    /// impl GameVisitor for Turns {
    ///     fn turn(&mut self, _: &TurnHead<'_>) {
    ///         self.0 += 1;
    ///     }
    /// }
    /// impl ChunkRows for Turns {
    ///     fn into_any(self: Box<Self>) -> Box<dyn Any + Send> {
    ///         self
    ///     }
    /// }
    /// #[derive(Debug)]
    /// struct Maker;
    /// impl RowMaker for Maker {
    ///     fn chunk_rows(&self) -> Box<dyn ChunkRows> {
    ///         Box::new(Turns::default())
    ///     }
    /// }
    ///
    /// let text = "1. a1,b1 e5,d5 *\n\n1. c2,d4 *\n";
    /// let opts = seega::validate::Options::default();
    /// let work = ConvertWork::new(&opts, "cup.sgn", Target::Jsonl, false).with_rows(Some(&Maker));
    /// let mut turns = 0;
    /// convert_stream(text.as_bytes(), &work, 2, &mut |chunk, _| {
    ///     let rows = chunk.rows.take().expect("rows").into_any();
    ///     turns += rows.downcast::<Turns>().expect("the rows made").0;
    ///     Ok(())
    /// })?;
    /// assert_eq!(turns, 3);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn with_rows(self, maker: Option<&'a dyn RowMaker>) -> Self {
        ConvertWork {
            rows: maker.filter(|_| self.target == Target::Jsonl),
            ..self
        }
    }

    /// The same work for a file whose name is not UTF-8: `bytes` are the name's bytes, which
    /// the diagnostics' `file_bytes` hold.
    pub fn with_file_bytes(self, bytes: Option<&'a [u8]>) -> Self {
        ConvertWork {
            file_bytes: bytes,
            // Writers keep the file's name they were made for.
            writers: Mutex::new(Vec::new()),
            ..self
        }
    }

    /// Converts the games of the file named `file` to `target`, checked with `opts`; with
    /// `valid_only`, invalid games are left out.
    pub fn new(opts: &Options, file: &'a str, target: Target, valid_only: bool) -> Self {
        ConvertWork {
            opts: Options {
                record: true,
                ..*opts
            },
            file,
            file_bytes: None,
            target,
            valid_only,
            fast: true,
            objects: false,
            rows: None,
            spare: Mutex::new(Vec::new()),
            writers: Mutex::new(Vec::new()),
        }
    }

    /// The same work with the fast lane off: every game the full way. The output is the same
    /// bytes (tested); only the time differs.
    pub fn without_fast_lane(mut self) -> Self {
        self.fast = false;
        self
    }

    /// Hands a chunk's buffer back once it is written, to be reused by a later chunk (unless a
    /// long game made it large: memory stays flat after it).
    pub(crate) fn recycle(&self, done: Converted) {
        let bytes = done.out.into_bytes();
        if bytes.capacity() > MAX_SPARE {
            return;
        }
        if let Ok(mut spare) = self.spare.lock() {
            spare.push(bytes);
        }
    }

    /// Checks `game`, the chunk's last game found, and writes it the full way: as the
    /// `serde_json` of its [`GameObject`], or as notation written from its syntax tree.
    /// With `objects`, the game's object goes there instead.
    fn full_way(&self, c: &mut Converted, game: &Game<'_>, chunk: &ChunkText<'_>, made: Made<'_>) {
        let index = c.games;
        let verdict = check_game_at(game, index, &self.opts);
        c.tag_ruled += usize::from(self.opts.tag_overrode(game, &verdict));
        if self.valid_only && !verdict.is_valid() {
            c.dropped += 1;
            return;
        }
        let raw = chunk.decoded.map(|source| (chunk.bytes, source));
        let at = |lines| Origin {
            file: self.file,
            file_bytes: self.file_bytes,
            text: chunk.text,
            lines,
            raw,
        };
        match self.target {
            Target::Json | Target::Jsonl => {
                let object = GameObject::new(game, &verdict, index, at(chunk.lines.index()));
                match made {
                    Made::Objects(objects) => objects.push(object),
                    Made::Rows(rows) => visit_object(&object, rows),
                    Made::Json => {
                        write_object(&mut c.out, &object);
                        if self.target == Target::Jsonl {
                            c.out.raw(b"\n");
                        }
                    }
                }
            }
            Target::Sgn { width } => {
                c.out.game_start();
                write_notation(&mut c.out, game, &verdict, chunk.text, raw, width);
            }
        }
    }

    /// A writer of games and a cache of rulesets, kept from an earlier chunk or new.
    fn writer(&self) -> (GameWriter, RulesCache) {
        (self.writers.lock().ok())
            .and_then(|mut w| w.pop())
            .unwrap_or_else(|| {
                let writer = GameWriter::for_file(self.file, self.file_bytes);
                (writer, RulesCache::default())
            })
    }

    /// A chunk with nothing converted yet, in a reused buffer.
    fn converted(&self) -> Converted {
        let bytes = self
            .spare
            .lock()
            .ok()
            .and_then(|mut s| s.pop())
            .unwrap_or_default();
        Converted {
            out: JsonBuf::with_bytes(bytes),
            boundary: false,
            games: 0,
            dropped: 0,
            fast: 0,
            text: false,
            refused: Vec::new(),
            tag_ruled: 0,
            objects: None,
            rows: None,
        }
    }
}

/// What a chunk's games are made into besides JSON or notation.
enum Made<'m> {
    /// Nothing else: their JSON or notation is written.
    Json,
    /// Game objects.
    Objects(&'m mut Vec<GameObject>),
    /// Rows.
    Rows(&'m mut dyn ChunkRows),
}

/// A chunk's text as it is converted: its decoded text, the bytes it was decoded from and the
/// decoding when they are not UTF-8, and its lines.
struct ChunkText<'t> {
    text: &'t str,
    bytes: &'t [u8],
    decoded: Option<&'t Source>,
    lines: LineStream<'t>,
}

impl ChunkWork for ConvertWork<'_> {
    type Done = Converted;

    fn work(&self, bytes: &[u8], at: ChunkLines, tag_next: bool) -> Converted {
        // UTF-8 text is read where it lies; other bytes are decoded into a copy.
        let decoded;
        let (text, invalid, raw) = match utf8(strip_bom(bytes)) {
            Some(text) => (text, &[][..], None),
            None => {
                decoded = Source::from_bytes(bytes);
                (decoded.text(), decoded.invalid(), Some(&decoded))
            }
        };
        // The line index is built only for games that take the full way.
        let line_index = OnceCell::new();
        let mut chunk = ChunkText {
            text,
            bytes,
            decoded: raw,
            lines: LineStream::new(text, at.first, &line_index, at.lone_cr),
        };
        let mut c = Converted {
            text: !text.trim().is_empty(),
            ..self.converted()
        };
        let (mut writer, mut rules) = self.writer();
        let mut boundary = Boundary::cut_before_tag_line(tag_next);
        // JSON of games the fast lane finds clean is written from what it read; notation, and
        // every other game, goes the full way.
        let fast = self.fast && !matches!(self.target, Target::Sgn { .. }) && invalid.is_empty();
        let mut rows = self.rows.map(|m| m.rows_for(text.len()));
        let lane = fast.then(|| RecordLane {
            opts: &self.opts,
            rules: std::mem::take(&mut rules),
            clean: CleanGame {
                keep_afters: rows.as_ref().is_some_and(|r| r.wants_after()),
                ..CleanGame::default()
            },
        });
        let scanner = Scanner::new(text, invalid).tag_line_next(tag_next);
        let mut games = Games::new(text, scanner, lane);
        let mut objects = self.objects.then(Vec::new);
        let mut feeder = CleanFeeder::default();
        while let Some(read) = games.next() {
            c.games += 1;
            match read {
                GameRead::Lane { end, .. } => {
                    c.fast += 1;
                    boundary.see_clean(text, end);
                    if let Some(lane) = games.lane() {
                        c.tag_ruled += usize::from(lane.rules.tag_ruled);
                        if let Some(rows) = &mut rows {
                            feeder.visit(&lane.clean, self.file, c.games, rows.as_mut());
                            continue;
                        }
                        if let Some(objects) = &mut objects {
                            let (file, bytes) = (self.file, self.file_bytes);
                            let g = GameObject::from_clean(
                                &lane.clean,
                                c.games,
                                file,
                                bytes,
                                &mut chunk.lines,
                            );
                            objects.push(g);
                            continue;
                        }
                        writer.write_clean(&mut c.out, &lane.clean, c.games, &mut chunk.lines);
                    }
                    if self.target == Target::Jsonl {
                        c.out.raw(b"\n");
                    }
                }
                GameRead::Full(game) => {
                    boundary.see(&game, text);
                    let made = match (&mut objects, &mut rows) {
                        (Some(objects), _) => Made::Objects(objects),
                        (None, Some(rows)) => Made::Rows(rows.as_mut()),
                        (None, None) => Made::Json,
                    };
                    self.full_way(&mut c, &game, &chunk, made);
                }
            }
        }
        if let Some(lane) = games.lane() {
            rules = std::mem::take(&mut lane.rules);
        }
        if let Ok(mut w) = self.writers.lock() {
            w.push((writer, rules));
        }
        c.boundary = boundary.verified();
        // A chunk that does not end at a boundary is worked on again, joined with the next.
        c.objects = objects;
        c.rows = rows;
        c
    }

    /// A stretch too long is one game that is not converted: left out as invalid with
    /// `valid_only`, refused otherwise (its text is not kept, so no object could hold it).
    fn too_long(&self, skipped: &Skipped, _first_line: usize) -> Converted {
        let mut c = Converted {
            boundary: true,
            games: 1,
            text: true,
            ..self.converted()
        };
        if self.valid_only {
            c.dropped = 1;
        } else {
            c.refused.push((
                1,
                format!("{}: it was skipped", uncut_message(skipped.bytes)),
            ));
        }
        c
    }

    fn boundary(&self, done: &Converted) -> bool {
        done.boundary
    }
}

/// Writes `game`, checked with `verdict`, as `convert --to sgn` writes it: in canonical layout
/// with the engine's captures and the tags in their order, or, when it has syntax errors or no
/// result (it cannot be written from its parts), its own text, from the input's bytes when
/// they are not UTF-8; then a line end.
fn write_notation(
    out: &mut JsonBuf,
    game: &Game<'_>,
    verdict: &Verdict,
    text: &str,
    raw: Option<(&[u8], &Source)>,
    width: usize,
) {
    match canonical_doc(game, verdict) {
        Ok(doc) => {
            let mut notation = String::new();
            let opts = WriteOptions {
                width,
                reorder_tags: false,
            };
            write_game(&doc, &opts, &mut notation);
            out.raw_slice(notation.as_bytes());
        }
        Err(NotWritable) => {
            match verbatim_bytes(game, text, raw) {
                Some(bytes) => out.raw_slice(bytes),
                None => out.raw_slice(verbatim(game, text).as_bytes()),
            }
            out.raw(b"\n");
        }
    }
}

/// `bytes` without a leading byte-order mark, as [`Source::from_bytes`] decodes them.
fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes
        .strip_prefix(crate::notation::source::BOM)
        .unwrap_or(bytes)
}

impl Converted {
    /// Writes the chunk to `w`, its games numbered after `games_before`; `written` counts the
    /// games written to `w` so far (by earlier chunks and inputs), for the separators: `,` and
    /// a line break between the elements of a JSON array, a blank line between games of
    /// notation.
    pub fn write_to(
        &self,
        w: &mut dyn Write,
        target: Target,
        games_before: usize,
        written: &mut usize,
    ) -> std::io::Result<()> {
        self.out.write_to(w, games_before, &mut || {
            let first = *written == 0;
            *written += 1;
            match (target, first) {
                (Target::Json, true) => b"\n",
                (Target::Json, false) => b",\n",
                (Target::Jsonl, _) | (Target::Sgn { .. }, true) => b"",
                (Target::Sgn { .. }, false) => b"\n",
            }
        })
    }
}

/// Converts every game read from `reader` on `jobs` threads and hands each converted chunk, in
/// input order, to `each` with the number of games before it. Memory stays within a few chunks
/// per thread, plus the longest game.
pub fn convert_stream<R: Read + Send>(
    reader: R,
    work: &ConvertWork<'_>,
    jobs: usize,
    each: &mut dyn FnMut(&mut Converted, usize) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let block = work.rows.map_or(CONVERT_BLOCK, |m| m.block());
    convert_stream_in_blocks(reader, work, jobs, block, each)
}

/// [`convert_stream`] reading blocks of `block` bytes (small blocks make tests cut often).
pub fn convert_stream_in_blocks<R: Read + Send>(
    reader: R,
    work: &ConvertWork<'_>,
    jobs: usize,
    block: usize,
    each: &mut dyn FnMut(&mut Converted, usize) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut games = 0;
    for_each_chunk(reader, block, jobs, work, &mut |mut done| {
        let r = each(&mut done, games);
        games += done.games;
        work.recycle(done);
        r
    })
}

/// The lane of `convert`: a clean game, and what a writer needs to write it.
struct RecordLane<'o, 't> {
    opts: &'o Options,
    rules: RulesCache,
    /// The last game the lane took.
    clean: CleanGame<'t>,
}

impl<'t> Lane<'t> for RecordLane<'_, 't> {
    type Took = ();

    fn take(&mut self, text: &'t str, at: usize, _: usize) -> Option<(usize, ())> {
        let end = clean_game_recorded(text, at, self.opts, &mut self.rules, &mut self.clean)?;
        Some((end, ()))
    }
}

#[cfg(test)]
mod tests;
