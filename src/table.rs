//! Games as the rows of a table: the games table (one row per game) and the turns table (one
//! row per turn) of `spec/parquet.md`, filled by one producer from what a
//! [`GameVisitor`](crate::render::game_view::GameVisitor) is told, and given out as Arrow
//! record batches ([`Batches`]) or, by the command, encoded into Parquet pages. Only with the
//! `arrow` feature (on with the command's `cli`).
//!
//! The rows are leaf columns in Parquet's own terms ([`Leaf`]: repetition and definition
//! levels, and the non-null values), in the order of the table's schema ([`Table::schema`], an
//! Arrow schema): the command's Parquet encoder writes them as pages; [`arrow::record_batch`]
//! assembles them into Arrow arrays (the inverse of the Dremel shredding that made them).
//! Both outputs hold the same values for the same games (tested against each other).
//!
//! ```
//! use seega::table::{BatchOptions, Batches};
//!
//! let text = "[Event \"Cup\"]\n\n1. a1,b1 e5,d5 *\n\n1. c2,d4 *\n";
//! let opts = seega::validate::Options::default();
//! let batches = Batches::new(Box::new(text.as_bytes()), "cup.sgn", &opts, &BatchOptions::default());
//! let mut rows = 0;
//! for batch in batches {
//!     let batch = batch?;
//!     assert_eq!(batch.schema().field(0).name(), "file");
//!     rows += batch.num_rows();
//! }
//! assert_eq!(rows, 2);
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```

pub mod arrow;
mod batches;
pub mod column;
mod games;
mod head;
mod schema;
mod turns;

use std::any::Any;

use arrow_schema::Schema;

use crate::archive::convert::{CONVERT_BLOCK, ChunkRows, RowMaker};

pub use batches::{BatchOptions, Batches};
pub use column::{Leaf, Names, Values};
pub use games::GamesRows;
pub use turns::TurnsRows;

/// The size of one read when converting to the games table's rows ([`RowMaker::block`]),
/// whatever the threads (a Parquet file's pages end where the chunks' rows fill them, so its
/// bytes follow the chunks: one size keeps them the same for any `--jobs`). A chunk's rows are
/// handed over three times (worker, printer, the threads that encode or assemble them), and
/// each hand-over may wake a thread: at 64 KiB a 129 MB archive made about 10,000 context
/// switches to Parquet on 2 threads. Alternating rounds on that archive, 2 threads took 0.88 s
/// (median of 8) at 64 KiB and 0.78 s at 256 KiB, with a peak RSS of 37 and 46 MiB; 1 thread
/// 1.28 s and 1.37 s (at 64 KiB a chunk's rows stay in the processor's cache, when the thread
/// that filled them encodes them). The turns table's rows, a position string a turn, are about
/// four times the games table's for the same text: at 256 KiB its conversion was no faster on 2
/// threads (2.17 s against 2.19 s) and peaked at 86 MiB against 49, so it keeps
/// [`CONVERT_BLOCK`].
const ROWS_BLOCK: usize = 1 << 18;

/// The text a row group (or a record batch) holds at most, about: a row group is cut early
/// when its games' text reaches it, so that memory stays bounded for games with long comments,
/// and no column's text comes near the 2 GiB an Arrow string array (or a Parquet page) can
/// hold.
pub const GROUP_TEXT: usize = 64 << 20;

/// Where games are cut into groups (a Parquet file's row groups, Arrow record batches): after
/// `games` games, or sooner, once their weight ([`Rows::last_weight`]) reaches [`GROUP_TEXT`].
///
/// ```
/// use seega::table::GroupCut;
///
/// let mut cut = GroupCut::new(3);
/// // Each game's rows and weight: the third game of the group ends it, and the next group
/// // starts empty (the caller hands the games after it over again).
/// assert_eq!(cut.end(&[(1, 10), (1, 10)]), None);
/// assert_eq!(cut.end(&[(1, 10), (1, 10), (1, 10)]), Some(1));
/// assert_eq!(cut.end(&[(1, 10), (1, 10)]), None);
/// assert!(!cut.ends_with(0, 10));
/// assert!(cut.ends_with(1, 10));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct GroupCut {
    limit: usize,
    /// The games and their weight in the group being filled.
    games: usize,
    weight: usize,
}

impl GroupCut {
    /// Groups of `games` games at most (at least one).
    pub fn new(games: usize) -> GroupCut {
        GroupCut {
            limit: games.max(1),
            games: 0,
            weight: 0,
        }
    }

    /// How many of `games` (each its rows and weight, as [`Part::games`] holds them) go in
    /// the group being filled and end it; `None` when they all go in it and it is not full.
    /// The group after one that ends starts empty.
    pub fn end(&mut self, games: &[(usize, usize)]) -> Option<usize> {
        for (n, (_, weight)) in (1..).zip(games) {
            self.games += 1;
            self.weight += weight;
            if self.games >= self.limit || self.weight >= GROUP_TEXT {
                (self.games, self.weight) = (0, 0);
                return Some(n);
            }
        }
        None
    }

    /// Whether `games` more games of `weight` would end the group being filled.
    pub fn ends_with(&self, games: usize, weight: usize) -> bool {
        self.games + games >= self.limit || self.weight + weight >= GROUP_TEXT
    }
}

/// Which table: the games table or the turns table (`spec/parquet.md`).
///
/// ```
/// use seega::table::Table;
///
/// assert_eq!(Table::Turns.name(), "turns");
/// assert_eq!(Table::Games.schema().field(1).name(), "game");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    /// One row per game.
    Games,
    /// One row per turn.
    Turns,
}

impl Table {
    /// The table as the maker of its rows on the library's workers
    /// ([`crate::archive::convert::ConvertWork::with_rows`]).
    pub fn maker(self) -> &'static dyn RowMaker {
        const GAMES: Table = Table::Games;
        const TURNS: Table = Table::Turns;
        match self {
            Table::Games => &GAMES,
            Table::Turns => &TURNS,
        }
    }

    /// The table's name in messages: `games` or `turns`.
    pub fn name(self) -> &'static str {
        match self {
            Table::Games => "games",
            Table::Turns => "turns",
        }
    }

    /// Empty rows of this table, for games handed over one at a time.
    pub fn rows(self) -> Box<dyn Rows> {
        match self {
            Table::Games => Box::new(GamesRows::for_chunk(0)),
            Table::Turns => Box::new(TurnsRows::for_chunk(0)),
        }
    }

    /// The table's schema, as an Arrow schema: its leaf columns are those of the rows'
    /// [`Leaf`]s, in order.
    pub fn schema(self) -> Schema {
        match self {
            Table::Games => schema::games(),
            Table::Turns => schema::turns(),
        }
    }
}

impl RowMaker for Table {
    /// Rows with room for a chunk of the table's own size ([`RowMaker::block`]).
    fn chunk_rows(&self) -> Box<dyn ChunkRows> {
        self.rows_for(self.block())
    }

    fn rows_for(&self, bytes: usize) -> Box<dyn ChunkRows> {
        match self {
            Table::Games => Box::new(GamesRows::for_chunk(bytes)),
            Table::Turns => Box::new(TurnsRows::for_chunk(bytes)),
        }
    }

    /// 256 KiB for the games table, 64 KiB for the turns table (whose rows, a position string
    /// a turn, are about four times as large for the same text): measured in
    /// `docs/performance.md`.
    fn block(&self) -> usize {
        match self {
            Table::Games => ROWS_BLOCK,
            Table::Turns => CONVERT_BLOCK,
        }
    }
}

/// The rows of some games, as a table's columns fill them.
pub trait Rows: ChunkRows {
    /// The rows of the games so far as leaves, their game numbers (as they were handed over)
    /// after the `before` games of earlier chunks; empties the rows.
    fn finish(&mut self, before: usize) -> Part;

    /// The weight of the last game handed over: about the text it puts in the columns, as
    /// [`GROUP_TEXT`] counts it.
    fn last_weight(&self) -> usize;
}

/// The rows `any` holds, made by [`Table::maker`]'s [`RowMaker::chunk_rows`].
fn rows_of(any: Box<dyn Any + Send>) -> Option<Box<dyn Rows>> {
    match any.downcast::<GamesRows>() {
        Ok(rows) => Some(rows),
        Err(any) => any.downcast::<TurnsRows>().ok().map(|r| r as Box<dyn Rows>),
    }
}

/// The rows a worker made of a chunk ([`Table::maker`]), their games numbered after the
/// `before` games of earlier chunks; an error for rows of another maker.
pub fn part_of(rows: Box<dyn ChunkRows>, before: usize) -> std::io::Result<Part> {
    let mut rows =
        rows_of(rows.into_any()).ok_or_else(|| std::io::Error::other("rows of another table"))?;
    Ok(rows.finish(before))
}

/// Rows of consecutive games.
#[derive(Debug)]
pub struct Part {
    /// The leaves of every column, in the schema's order.
    pub leaves: Vec<Leaf>,
    /// The rows and the weight of each game, in order.
    pub games: Vec<(usize, usize)>,
}

impl Part {
    /// The rows of the first `n` games, taken out (all of them when there are no more).
    pub fn split_games(&mut self, n: usize) -> Part {
        if n >= self.games.len() {
            return Part {
                leaves: std::mem::take(&mut self.leaves),
                games: std::mem::take(&mut self.games),
            };
        }
        let rows = self.games[..n].iter().map(|(r, _)| r).sum();
        let games = self.games.drain(..n).collect();
        let leaves = self.leaves.iter_mut().map(|l| l.split_rows(rows)).collect();
        Part { leaves, games }
    }

    /// Adds the rows of `other`, the games after these.
    pub fn append(&mut self, other: Part) {
        if self.leaves.is_empty() {
            self.leaves = other.leaves;
        } else {
            for (leaf, more) in self.leaves.iter_mut().zip(&other.leaves) {
                leaf.append(more);
            }
        }
        self.games.extend(other.games);
    }

    /// The rows of the part's games.
    pub fn rows(&self) -> usize {
        self.games.iter().map(|(r, _)| r).sum()
    }
}
