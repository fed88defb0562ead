//! Checking an archive of any size as a stream: read in blocks, cut at game boundaries, check
//! chunks on several threads, hand results back in input order, in flat memory.
//!
//! # How chunks are cut, and why the games come out as from one scan
//!
//! The `Splitter` reads blocks and cuts the text at the start of a line that follows a result
//! token and blank space, or before a line that starts with `[` and whose last non-blank line
//! before is no tag line: the usual starts of a game. That guess is
//! cheap (a backward `memmem` search) but blind to comments, so every chunk's scan is then
//! *verified*: the cut is a true game boundary when no comment in the chunk ran unclosed to the
//! chunk's end and the chunk's last game either ends with a result token followed by nothing but
//! blank space, or has no result but reached its movetext (the whole-file scan ends such a game
//! at the next `[` token, which is where the cut is). The scanner
//! looks past a position only to find a comment's `}` or the next line starting with `[`,
//! whichever comes first (a comment left open stops at that line), and to find the end of a
//! line; lines end before the cut, and a `}` sought past the cut shows as a comment that ran to
//! the chunk's end. So a verified chunk holds exactly the
//! games that a scan of the whole file finds there. A chunk cut before a line starting with `[`
//! is scanned knowing that such a line follows, so a comment left open at its end stops there,
//! as in the whole file. An unverified chunk is joined to the next one and scanned again; a
//! chunk is only as large as its longest game or comment needs, up to
//! [`crate::notation::limits::MAX_UNCUT_BYTES`], past which the stretch is reported as too long
//! and skipped (see `Splitter` and `super::pipeline`).
//!
//! Spans stay offsets into the chunk's text; a chunk knows the file line it starts on and the
//! number of games before it, and [`crate::notation::LineIndex::with_base`] and
//! `Problem::renumber` turn them into the file's lines and game numbers.
//!
//! ```
//! use seega::archive::stream::{
//!     CheckedChunk, Placed, check_chunk, check_chunk_with, check_stream, check_stream_in_blocks,
//!     check_stream_reported,
//! };
//! use seega::render::wire::SummaryLine;
//! use seega::validate::Options;
//!
//! let text = "1. a1,b1 *\n\n1. c3,d1 *\n";
//! let opts = Options::default();
//! let chunk: CheckedChunk = check_chunk(text.as_bytes(), &opts);
//! assert_eq!((chunk.games, chunk.valid, chunk.errors, chunk.problems[0].game), (2, 1, 1, 2));
//! let slow = check_chunk_with(text.as_bytes(), &opts, false); // without the fast lane
//! assert_eq!(slow.problems, chunk.problems);
//! let mut summary = SummaryLine::default();
//! chunk.count_into(&mut summary);
//! assert_eq!((summary.games, summary.invalid), (2, 1));
//!
//! // A stream cut into blocks of 8 bytes: the chunks are placed in the file as they come.
//! let mut lines = Vec::new();
//! check_stream_in_blocks(text.as_bytes(), &opts, 1, 8, &mut |placed: Placed| {
//!     let index = placed.line_index();
//!     for p in &placed.checked.problems {
//!         lines.push((p.game, index.line_col(placed.source.text(), p.span.start).line));
//!     }
//!     Ok(())
//! })?;
//! assert_eq!(lines, [(2, 3)]);
//! let mut games = 0;
//! check_stream_reported(text.as_bytes(), &opts, 2, None, &mut |placed| {
//!     games += placed.checked.games;
//!     Ok(())
//! })?;
//! assert_eq!(games, 2);
//! check_stream(text.as_bytes(), &opts, 2, &mut |_| Ok(()))?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Inside
//!
//! the same over a stream of any size: `check_chunk` (scan + check one chunk, and verify its cut
//! with `Boundary`), `check_stream` (chunks on `jobs` threads, results in input order, as `Placed`
//! chunks whose problems carry the file's game numbers and whose `line_index()` gives the file's
//! lines), `check_stream_reported` (the same, each chunk with its report already rendered, in
//! `Placed::report`).

use std::io::Read;

use super::pipeline::{ChunkLines, ChunkWork, for_each_chunk};
use super::report::{Ledger, Rendered, Report, render};
pub(crate) use super::split::{BLOCK, Piece, Skipped, Splitter};

use crate::notation::lex::{brace_comment_end, is_space, same_line_comments_end};
use crate::notation::source::utf8;
use crate::notation::{
    Element, Game, Header, LineIndex, Scanner, Source, Span, SyntaxError, SyntaxKind,
};
use crate::validate::{
    GameRead, Games, Lane, Options, Problem, RulesCache, check_game_at, clean_auto, clean_game,
    outside_games, uncut,
};

/// What checking one chunk found. Game numbers and lines are still the chunk's own.
#[derive(Debug)]
pub struct CheckedChunk {
    /// The chunk's text, kept only when some game went the full way (empty when the fast lane
    /// found every game clean: nothing will be reported from it).
    pub source: Source,
    /// Line breaks in the chunk.
    pub breaks: usize,
    /// Bytes of input it came from.
    pub bytes: usize,
    /// Games found.
    pub games: usize,
    /// Games without errors.
    pub valid: usize,
    /// Errors reported.
    pub errors: usize,
    /// Warnings reported.
    pub warnings: usize,
    /// Problems, game by game, numbered from 1 within the chunk.
    pub problems: Vec<Problem>,
    /// Games whose Rules tag named other rules than the default ones, which it won over
    /// (`--rules` applies to games without a tag unless `--force-rules`).
    pub tag_ruled: usize,
    /// Whether the chunk ends at a true game boundary (see the module documentation).
    pub boundary: bool,
}

impl CheckedChunk {
    /// Counts the chunk's games, errors and warnings into `summary`, as `check` counts them.
    pub fn count_into(&self, summary: &mut crate::render::wire::SummaryLine) {
        summary.games += self.games;
        summary.valid += self.valid;
        summary.invalid += self.games - self.valid;
        summary.errors += self.errors;
        summary.warnings += self.warnings;
    }
}

/// Scans and checks the games of one chunk's bytes.
pub fn check_chunk(bytes: &[u8], opts: &Options) -> CheckedChunk {
    check_chunk_with(bytes, opts, true)
}

/// [`check_chunk`] of a chunk that a line starting with `[` follows when `tag_next` is set (the
/// chunk was cut before one): a comment left open at its end stops at that line, and the cut
/// is a true game boundary as far as the comment goes.
pub(crate) fn check_chunk_cut(bytes: &[u8], opts: &Options, tag_next: bool) -> CheckedChunk {
    check_piece(bytes, opts, true, tag_next)
}

/// [`check_chunk`], with the fast lane (`validate::clean_game`) on or off: the result is the same
/// either way (tests compare the two).
pub fn check_chunk_with(bytes: &[u8], opts: &Options, fast: bool) -> CheckedChunk {
    check_piece(bytes, opts, fast, false)
}

fn check_piece(bytes: &[u8], opts: &Options, fast: bool, tag_next: bool) -> CheckedChunk {
    let mut c = CheckedChunk {
        source: Source::default(),
        breaks: LineIndex::count_breaks_in(bytes),
        bytes: bytes.len(),
        games: 0,
        valid: 0,
        errors: 0,
        warnings: 0,
        problems: Vec::new(),
        tag_ruled: 0,
        boundary: false,
    };
    let mut rules = RulesCache::default();
    let mut boundary = Boundary::cut_before_tag_line(tag_next);
    // First the lane alone, on the bytes themselves when they are their own text (UTF-8, no
    // byte-order mark): a chunk of clean games is never copied.
    let mut at = 0;
    let plain = utf8(bytes).filter(|_| fast && !bytes.starts_with(b"\xEF\xBB\xBF"));
    if let Some(text) = plain {
        while let Some(end) = clean_game(text, at, opts, &mut rules) {
            c.games += 1;
            c.valid += 1;
            c.tag_ruled += usize::from(rules.tag_ruled);
            boundary.see_clean(text, end);
            at = end;
        }
        if text[at..].bytes().all(is_space) {
            c.boundary = boundary.verified();
            return c;
        }
    }
    // Then the rest, game by game: the lane where it can, the full way where it cannot. The
    // decoded text of a plain chunk is its bytes, so `at` is an offset in it too.
    let source = plain.map_or_else(|| Source::from_bytes(bytes), Source::from_text);
    let text = source.text();
    // The lane reads no undecodable bytes: a chunk with any goes the full way.
    let fast = fast && source.invalid().is_empty();
    let mut scanner = Scanner::new(text, source.invalid()).tag_line_next(tag_next);
    scanner.seek(at);
    let lane = fast.then_some(CheckLane { opts, rules });
    let mut games = Games::new(text, scanner, lane).after(c.games);
    while let Some(read) = games.next() {
        c.games += 1;
        match read {
            GameRead::Lane { end, took, .. } => {
                c.valid += 1;
                c.tag_ruled += usize::from(games.lane().is_some_and(|l| l.rules.tag_ruled));
                if let Some(p) = took {
                    c.warnings += 1;
                    c.problems.push(p);
                }
                boundary.see_clean(text, end);
            }
            GameRead::Full(game) => {
                let v = check_game_at(&game, c.games, opts);
                c.tag_ruled += usize::from(opts.tag_overrode(&game, &v));
                let errors = v.errors();
                c.errors += errors;
                c.warnings += v.problems.len() - errors;
                if errors == 0 {
                    c.valid += 1;
                }
                c.problems.extend(v.problems);
                boundary.see(&game, text);
            }
        }
    }
    for e in games.scanner().outside_games() {
        c.errors += 1;
        c.problems.push(outside_games(e));
    }
    c.boundary = boundary.verified();
    c.source = source;
    c
}

/// The lane of `check`: a game proved clean, or, under `--rules auto`, a game without a Rules
/// tag clean under the presets it fits (the warning that says which).
struct CheckLane<'o> {
    opts: &'o Options,
    rules: RulesCache,
}

impl<'t> Lane<'t> for CheckLane<'_> {
    type Took = Option<Problem>;

    fn take(&mut self, text: &'t str, at: usize, number: usize) -> Option<(usize, Self::Took)> {
        if let Some(end) = clean_game(text, at, self.opts, &mut self.rules) {
            return Some((end, None));
        }
        if !self.opts.auto_rules {
            return None;
        }
        let (end, p) = clean_auto(text, at, number, self.opts, &mut self.rules)?;
        Some((end, Some(p)))
    }
}

/// Whether a chunk's scan ends at a true game boundary (see the module documentation), seen
/// game by game.
#[derive(Debug, Default)]
pub(crate) struct Boundary {
    unterminated: bool,
    ends_well: bool,
    tag_next: bool,
}

impl Boundary {
    /// The boundary test of a chunk that a line starting with `[` follows when `tag_next` is
    /// set: a comment left open that runs to its end stops at that line, in the whole file too.
    pub(crate) fn cut_before_tag_line(tag_next: bool) -> Boundary {
        Boundary {
            tag_next,
            ..Boundary::default()
        }
    }

    /// Takes the chunk's next game, scanned from the chunk's `text`.
    pub fn see(&mut self, game: &Game<'_>, text: &str) {
        self.unterminated |= comment_runs_to_the_end(game, text);
        self.ends_well = match game.result {
            // After a result, the scan of the whole file would start the next game at the cut
            // only if nothing but blank space (no comment) lies in between.
            Some(r) => after_result(text, same_line_comments_end(text.as_bytes(), r.span.end)),
            // A game without a result that reached its movetext ends at the next `[` token,
            // as the cut is; one still in its tags would go on with the tags after the cut.
            // One with a variation left open at the chunk's end (a cut after the result that
            // ends a variation's line, which ends no game) goes on past the cut, unless a tag
            // line follows it; so may one whose tree a limit cut short, which keeps no
            // variation opened past the limit.
            None => {
                game.moves.iter().any(|m| !is_missing_result(m))
                    && (self.tag_next
                        || !(game.moves.iter().any(is_open_variation) || cut_short(&game.moves)))
            }
        };
    }

    /// Takes a game the fast lane found clean, whose result token ends at `end`: it has no
    /// comment, and ends as a game with that result does.
    pub(crate) fn see_clean(&mut self, text: &str, end: usize) {
        self.ends_well = after_result(text, end);
    }

    /// Whether the games seen end at a true game boundary: no comment left unterminated, and
    /// the last game ended as a scan of the whole file would end it.
    pub fn verified(&self) -> bool {
        (!self.unterminated || self.tag_next) && self.ends_well
    }
}

/// Whether a game whose result ends at `end` ends the chunk well: the scan of the whole file
/// would start the next game at the cut only if nothing but blank space (no comment) lies in
/// between.
fn after_result(text: &str, end: usize) -> bool {
    text[end..].bytes().all(is_space)
}

fn is_open_variation(m: &Element<'_>) -> bool {
    matches!(m, Element::Variation(v) if v.close.is_none())
}

/// Whether a line holds a `seega::limit::too-long` error, in it or in a variation of it: past
/// a limit, the scanner keeps no items, and so no variation it opens.
fn cut_short(moves: &[Element<'_>]) -> bool {
    moves.iter().any(|m| match m {
        Element::Error(e) => e.kind == SyntaxKind::TooLong,
        Element::Variation(v) => cut_short(&v.moves),
        _ => false,
    })
}

fn is_missing_result(m: &Element<'_>) -> bool {
    matches!(m, Element::Error(e) if e.kind == SyntaxKind::MissingResult)
}

/// Whether `game`, scanned from `text`, has a `{` comment that ran to the end of the text
/// without its `}`: the `}` may lie past the cut. (A comment left open that stopped at a tag
/// line stopped there in the whole file too; only the game's last one can reach the end.)
fn comment_runs_to_the_end(game: &Game<'_>, text: &str) -> bool {
    let open =
        |e: &SyntaxError| (e.kind == SyntaxKind::UnterminatedComment).then_some(e.span.start);
    let headers = game.headers.iter().filter_map(|h| match h {
        Header::Error(e) => open(e),
        _ => None,
    });
    let moves = game.moves.iter().filter_map(|m| match m {
        Element::Error(e) => open(e),
        _ => None,
    });
    headers
        .chain(moves)
        .last()
        .is_some_and(|start| brace_comment_end(text.as_bytes(), start) == Err(text.len()))
}

/// A chunk's results placed in its file: problems renumbered, the first line known.
#[derive(Debug)]
pub struct Placed {
    /// The chunk's text.
    pub source: Source,
    /// The file's 0-based line on which the chunk starts.
    pub first_line: usize,
    /// Games in the file before this chunk.
    pub games_before: usize,
    /// The chunk's results, problems numbered as games of the file.
    pub checked: CheckedChunk,
    /// The report of its problems, when the run was given a [`Report`]: mostly rendered by
    /// the worker that checked the chunk.
    pub report: Vec<u8>,
}

impl Placed {
    /// The line index of the chunk, numbering lines as in the file.
    pub fn line_index(&self) -> LineIndex {
        LineIndex::with_base(self.source.text(), self.first_line)
    }
}

/// Puts verified chunks in their place: counts lines and games of the chunks before.
#[derive(Debug, Default)]
struct Placer {
    lines: usize,
    games: usize,
}

impl Placer {
    fn place(&mut self, mut checked: CheckedChunk) -> Placed {
        let source = std::mem::take(&mut checked.source);
        let placed_lines = self.lines;
        let placed_games = self.games;
        for p in &mut checked.problems {
            p.renumber(placed_games + p.game);
        }
        self.lines += checked.breaks;
        self.games += checked.games;
        Placed {
            source,
            first_line: placed_lines,
            games_before: placed_games,
            checked,
            report: Vec::new(),
        }
    }

    /// [`Placer::place`], with the chunk's report: the one its worker rendered when the worker
    /// assumed the chunk's true place, else rendered here.
    fn place_reported(
        &mut self,
        (checked, rendered): (CheckedChunk, Option<Rendered>),
        report: &dyn Report,
    ) -> Placed {
        let mut placed = self.place(checked);
        let at = (placed.first_line, placed.games_before);
        placed.report = match rendered {
            Some(r) if r.placed_at == at => r.bytes,
            _ if placed.checked.problems.is_empty() => Vec::new(),
            _ => {
                let mut out = Vec::new();
                let text = placed.source.text();
                report.report(&placed.checked.problems, text, placed.first_line, &mut out);
                out
            }
        };
        placed
    }
}

/// Checks every game read from `reader`, on `jobs` threads, and calls `each` with every chunk's
/// results in input order. Memory stays within a few chunks per thread, plus the longest game.
///
/// Stops at the first error of `each` or of reading, and returns it.
pub fn check_stream<R: Read + Send>(
    reader: R,
    opts: &Options,
    jobs: usize,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    check_stream_in_blocks(reader, opts, jobs, BLOCK, each)
}

/// [`check_stream`] reading blocks of `block` bytes (small blocks make tests cut often).
pub fn check_stream_in_blocks<R: Read + Send>(
    reader: R,
    opts: &Options,
    jobs: usize,
    block: usize,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    check_stream_reported_in_blocks(reader, opts, jobs, block, None, each)
}

/// [`check_stream`], each chunk handed on with the `report` of its problems in
/// [`Placed::report`], rendered on the worker threads (see [`super::report`]).
pub fn check_stream_reported<R: Read + Send>(
    reader: R,
    opts: &Options,
    jobs: usize,
    report: Option<&dyn Report>,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    check_stream_reported_in_blocks(reader, opts, jobs, BLOCK, report, each)
}

/// [`check_stream_reported`] reading blocks of `block` bytes.
pub(crate) fn check_stream_reported_in_blocks<R: Read + Send>(
    reader: R,
    opts: &Options,
    jobs: usize,
    block: usize,
    report: Option<&dyn Report>,
    each: &mut dyn FnMut(Placed) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut placer = Placer::default();
    let work = CheckWork {
        opts,
        report,
        ledger: Ledger::default(),
    };
    for_each_chunk(reader, block, jobs, &work, &mut |done| match report {
        Some(r) => each(placer.place_reported(done, r)),
        None => each(placer.place(done.0)),
    })
}

/// Checking chunks: [`check_chunk`] on the worker threads, and the report of each chunk's
/// problems when there is one to write.
struct CheckWork<'o> {
    opts: &'o Options,
    report: Option<&'o dyn Report>,
    /// What the chunks hold, told by the workers, so that each knows its chunk's place.
    ledger: Ledger,
}

impl ChunkWork for CheckWork<'_> {
    type Done = (CheckedChunk, Option<Rendered>);

    /// [`check_chunk`] counts a chunk's lines itself ([`CheckedChunk::breaks`]), and [`Placer`]
    /// numbers them in order: nothing counts them while reading.
    const FIRST_LINE: bool = false;

    /// A chunk's results are counts and reports already drawn: quick to hand on.
    const COLLECTOR_WORKS: bool = true;

    fn work(&self, bytes: &[u8], _: ChunkLines, tag_next: bool) -> Self::Done {
        (check_chunk_cut(bytes, self.opts, tag_next), None)
    }

    fn boundary(&self, done: &Self::Done) -> bool {
        done.0.boundary
    }

    fn too_long(&self, skipped: &Skipped, _first_line: usize) -> Self::Done {
        (too_long_checked(skipped), None)
    }

    /// Renders the chunk's report where the chunks before put it.
    fn finish(&self, seq: u64, done: Option<&mut Self::Done>) {
        let Some(report) = self.report else { return };
        let Some((checked, rendered)) = done else {
            self.ledger.abandon();
            return;
        };
        let ask = !checked.problems.is_empty();
        self.ledger.tell(seq, checked.breaks, checked.games, ask);
        if !ask {
            return;
        }
        if let Some(at) = self.ledger.before(seq) {
            let text = checked.source.text();
            *rendered = Some(render(report, &checked.problems, text, at));
        }
    }
}

/// What a stretch skipped for running past [`crate::notation::limits::MAX_UNCUT_BYTES`]
/// gives: one game, invalid, with one error where it starts (its first bytes are its text).
pub(crate) fn too_long_checked(skipped: &Skipped) -> CheckedChunk {
    let source = Source::from_bytes(&skipped.head);
    let text = source.text();
    let start = text.find(|c: char| !c.is_ascii_whitespace()).unwrap_or(0);
    let len = text[start..].chars().next().map_or(0, char::len_utf8);
    CheckedChunk {
        problems: vec![uncut(Span::new(start, start + len), skipped.bytes)],
        source,
        breaks: skipped.breaks,
        bytes: skipped.bytes,
        games: 1,
        valid: 0,
        errors: 1,
        warnings: 0,
        tag_ruled: 0,
        boundary: true,
    }
}

#[cfg(test)]
mod tests;
