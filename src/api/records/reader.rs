//! The reader of records: a stream cut into games in blocks, as `seega check` cuts it, each game
//! handed out as a [`RecordedGame`] owning its text.

use std::collections::VecDeque;
use std::io::Read;

use super::RecordedGame;
use crate::api::visiting::Visitor;
use crate::archive::stream::{BLOCK, Boundary, Piece, Skipped, Splitter};
use crate::notation::encoding::{Encoding, Transcode};
use crate::notation::lex::is_space;
use crate::notation::limits::MAX_UNCUT_BYTES;
use crate::notation::source::LineCursor;
use crate::notation::{LineIndex, Scanner, Source, Span};
use crate::validate::{GameRead, Games, Lane, Options, RulesCache, Verdict, clean_verdict};

/// Reads the games of a stream of any size one at a time, in bounded memory: the stream is
/// read in blocks and cut at game boundaries as `seega check` cuts it, so a game's text is
/// held only until its [`RecordedGame`] is handed out. The games, their numbers and their
/// lines are those of a reading of the whole text. A stretch of more than
/// [`MAX_UNCUT_BYTES`] without a game boundary is skipped, as `check` skips it, and comes in
/// its place as a record that carries its error ([`RecordedGame::skipped`]): no byte of the
/// input goes unreported. A read error ends the games with that error.
///
/// ```
/// let archive = "1. a1,b1 *\n\n".repeat(1000);
/// let mut reader = seega::GameReader::new(archive.as_bytes());
/// assert_eq!(reader.by_ref().count(), 1000);
/// ```
#[derive(Debug)]
pub struct GameReader<R> {
    splitter: Splitter<Transcode<R>>,
    /// Bytes of a chunk that did not end at a true game boundary, waiting for the next.
    pending: Vec<u8>,
    /// Whether a line starting with `[` follows the pending bytes.
    tag_next: bool,
    ready: VecDeque<RecordedGame>,
    /// Lines and games before the pending bytes.
    lines: usize,
    games: usize,
    done: bool,
}

impl<R: Read> GameReader<R> {
    /// A reader of the UTF-8 text of `reader` (bytes that are not UTF-8 are kept as U+FFFD
    /// and reported by [`RecordedGame::check`], as by `seega check`).
    pub fn new(reader: R) -> GameReader<R> {
        GameReader::with_encoding(reader, Encoding::Utf8)
    }

    /// A reader of `reader`'s text in `encoding`, as `seega check --encoding` reads it.
    ///
    /// ```
    /// use seega::Encoding;
    ///
    /// let bytes = b"[Event \"F\xeate\"]\n\n1. a1,b1 *\n";
    /// let mut games = seega::GameReader::with_encoding(&bytes[..], Encoding::Latin1);
    /// let game = games.next().unwrap()?;
    /// assert!(game.text().starts_with("[Event \"Fête\"]"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn with_encoding(reader: R, encoding: Encoding) -> GameReader<R> {
        GameReader {
            splitter: Splitter::new(Transcode::new(reader, encoding), BLOCK),
            pending: Vec::new(),
            tag_next: false,
            ready: VecDeque::new(),
            lines: 0,
            games: 0,
            done: false,
        }
    }

    /// Reads the next game, handing its pieces to `visitor` ([`RecordedGame::visit`]): what the
    /// visitor made of it, or `None` after the last game.
    ///
    /// ```
    /// struct Turns(usize);
    ///
    /// impl seega::Visitor for Turns {
    ///     type Output = usize;
    ///     fn turn(&mut self, _: &seega::notation::Turn) {
    ///         self.0 += 1;
    ///     }
    ///     fn end_game(&mut self) -> usize {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    ///
    /// let text = "1. a1,b1 a2,b2 *\n\n1. c3,d4 *\n\n1. a1,b1 *\n";
    /// let mut reader = seega::GameReader::new(text.as_bytes());
    /// assert_eq!(reader.read_game(&mut Turns(0))?, Some(2));
    /// assert!(reader.skip_game()?);
    /// assert_eq!(reader.read_game(&mut Turns(0))?, Some(1));
    /// assert_eq!(reader.read_game(&mut Turns(0))?, None);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> std::io::Result<Option<V::Output>> {
        self.next().transpose().map(|g| g.map(|g| g.visit(visitor)))
    }

    /// Skips the next game without handing its pieces to anyone; `false` after the last game.
    ///
    /// ```
    /// let mut reader = seega::GameReader::new(&b"1. a1,b1 *\n\n1. c1,d1 *\n"[..]);
    /// assert!(reader.skip_game()?);
    /// assert_eq!(reader.next().transpose()?.map(|g| g.number()), Some(2));
    /// assert!(!reader.skip_game()?);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn skip_game(&mut self) -> std::io::Result<bool> {
        self.next().transpose().map(|g| g.is_some())
    }

    /// Reads pieces until some games are ready or the stream ends.
    fn fill(&mut self) -> std::io::Result<()> {
        while self.ready.is_empty() && !self.done {
            match self.splitter.next_chunk()? {
                None => {
                    self.done = true;
                    self.take_pending(true);
                }
                Some(Piece::Chunk { bytes, tag_next }) => {
                    if self.pending.len() + bytes.len() > MAX_UNCUT_BYTES {
                        self.take_pending(true);
                    }
                    self.pending.extend_from_slice(&bytes);
                    self.tag_next = tag_next;
                    self.take_pending(false);
                }
                Some(Piece::TooLong(skipped)) => {
                    self.take_pending(true);
                    self.games += 1;
                    let record = skipped_record(&skipped, (self.lines, self.games));
                    self.ready.push_back(record);
                    self.lines += skipped.breaks;
                }
            }
        }
        Ok(())
    }

    /// Scans the pending bytes and makes their games ready, when they end at a true game
    /// boundary or `anyway`. Games that the fast lane reads clean (under `standard` for games
    /// without a Rules tag) are found by it, the others by the scanner, as `check` finds them.
    fn take_pending(&mut self, anyway: bool) {
        if self.pending.is_empty() {
            return;
        }
        let source = Source::from_bytes(&self.pending);
        let text = source.text();
        let (spans, verified) = game_spans(&source, self.tag_next);
        if !anyway && !verified {
            return;
        }
        let lines = LineIndex::new(text);
        let mut place = lines.cursor(text);
        for (start, end, clean) in spans {
            self.games += 1;
            let at = (self.lines, self.games);
            let mut record = record(&source, start, end, at, &mut place);
            record.clean = clean;
            self.ready.push_back(record);
        }
        self.lines += lines.lines() - 1;
        self.pending.clear();
    }
}

/// A game's span in a text, and its verdict when the lane proved it clean.
type GameSpan = (usize, usize, Option<Box<Verdict>>);

/// Where each game of `source` starts and ends (its first item, its last) with the lane's
/// verdict of a clean one, and whether the text ends at a true game boundary (a line starting
/// with `[` follows it when `tag_next`).
fn game_spans(source: &Source, tag_next: bool) -> (Vec<GameSpan>, bool) {
    let text = source.text();
    // The lane reads no undecodable bytes nor a byte-order mark.
    let fast = source.invalid().is_empty() && !text.starts_with('\u{feff}');
    let lane = fast.then(|| CheckedOnly(Options::default(), RulesCache::default()));
    let mut boundary = Boundary::cut_before_tag_line(tag_next);
    let scanner = Scanner::new(text, source.invalid()).tag_line_next(tag_next);
    let mut spans = Vec::new();
    for read in Games::new(text, scanner, lane) {
        match read {
            GameRead::Lane { start, end, took } => {
                let blank = text[start..end]
                    .bytes()
                    .take_while(|&b| is_space(b))
                    .count();
                spans.push((start + blank, end, Some(took)));
                boundary.see_clean(text, end);
            }
            GameRead::Full(game) => {
                boundary.see(&game, text);
                let last = game.trailing.last();
                let end = last.map_or(game.span.end, |c| c.span.end.max(game.span.end));
                spans.push((game.span.start, end, None));
            }
        }
    }
    (spans, boundary.verified())
}

/// The lane of the reader of records: a game proved clean under the default options, of
/// which its end and its verdict are kept.
struct CheckedOnly(Options, RulesCache);

impl<'t> Lane<'t> for CheckedOnly {
    type Took = Box<Verdict>;

    fn take(&mut self, text: &'t str, at: usize, _: usize) -> Option<(usize, Box<Verdict>)> {
        let (end, verdict) = clean_verdict(text, at, &self.0, &mut self.1)?;
        Some((end, Box::new(verdict)))
    }
}

/// The record of the game from `start` to `end` of `source`, whose text starts on the 0-based
/// file line `at.0`, numbered `at.1`; `place` finds the line and column of `start` in the text
/// (asked in increasing order, so that a chunk of many games costs its bytes once).
fn record(
    source: &Source,
    start: usize,
    end: usize,
    at: (usize, usize),
    place: &mut LineCursor<'_>,
) -> RecordedGame {
    let text = source.text();
    let end = end.min(text.len());
    let start = start.min(end);
    let lc = place.line_col(start);
    let invalid = source.invalid();
    let first = invalid.partition_point(|s| s.start < start);
    let invalid = (invalid[first..].iter())
        .take_while(|s| s.start < end)
        .filter(|s| s.end <= end)
        .map(|s| Span::new(s.start - start, s.end - start))
        .collect();
    RecordedGame {
        text: text[start..end].to_owned(),
        invalid,
        start: 0,
        base: at.0 + lc.line - 1,
        column: lc.column - 1,
        number: at.1,
        skipped: 0,
        clean: None,
    }
}

/// The record of a stretch skipped unread, starting on the 0-based file line `at.0`, numbered
/// `at.1`: its first bytes, placed in the file as a game's text is.
fn skipped_record(skipped: &Skipped, at: (usize, usize)) -> RecordedGame {
    let source = Source::from_bytes(&skipped.head);
    let text = source.text();
    let start = text.len()
        - text
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
            .len();
    let lines = LineIndex::new(text);
    let mut record = record(&source, start, text.len(), at, &mut lines.cursor(text));
    record.skipped = skipped.bytes.max(1);
    record
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = std::io::Result<RecordedGame>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Err(e) = self.fill() {
            self.done = true;
            return Some(Err(e));
        }
        self.ready.pop_front().map(Ok)
    }
}
