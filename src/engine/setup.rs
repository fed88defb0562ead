//! A setup: everything a position string says — the board, the side to move, the pieces in
//! hand and the state of the game between turns (the opening owed after a pass, the turns
//! counted toward a limit) — read and written as text, and checked against a ruleset by
//! [`crate::GameState::from_setup`].

use std::sync::OnceLock;

use super::bitboard::Bitboard;
use super::ruleset::MAX_LIMIT;
use crate::board::{Color, Size, Square};

mod check;
#[cfg(test)]
mod tests;

/// Everything a position string says, unchecked: the pieces of each side on the board, the side
/// to move, the pieces each side has in hand, whether the side to move owes its opponent an
/// opening after a pass (R12), and the turns in a row without a capture counted toward a
/// `limit` (R16a).
///
/// A setup knows no ruleset: [`crate::GameState::from_setup`] checks it against one and is the
/// one way from a setup to a game (and its [`crate::Position`]). Read one from a position string
/// with [`Setup::parse`] (or [`str::parse`]); [`std::fmt::Display`] writes the shortest string
/// that reads back as the same setup: `<ranks> <side>` when nothing is in hand and no game-level
/// state is pending, then the hands (`<black>/<white>`), the pass (`--` when an opening is owed,
/// `-` otherwise) and the count, each only as far as needed (`spec/notation.md`, N3).
///
/// ```
/// use seega::{Color, GameState, Ruleset, Setup};
///
/// let setup: Setup = "bb3/5/5/5/5 w 10/12".parse()?;
/// assert_eq!(setup.in_hand, [10, 12]);
/// assert_eq!(setup.to_move, Color::White);
/// let game = GameState::from_setup(Ruleset::parse("standard")?, &setup)?;
/// assert_eq!(game.position().in_hand(Color::White), 12);
/// assert_eq!(game.setup().to_string(), "bb3/5/5/5/5 w 10/12");
///
/// // The start of a game writes its hands; the two-field form is a board without them.
/// let start = Setup::start(Ruleset::parse("standard")?);
/// assert_eq!(start.to_string(), "5/5/5/5/5 b 12/12");
/// assert_eq!("5/5/5/5/5 b".parse::<Setup>()?.in_hand, [0, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Setup {
    /// The board's size.
    pub size: Size,
    /// The pieces on the board, black's then white's (indexed by [`Color::index`]).
    pub pieces: [Bitboard; 2],
    /// The side whose turn it is.
    pub to_move: Color,
    /// The pieces in hand, black's then white's.
    pub in_hand: [u8; 2],
    /// Whether the previous turn was a pass of the side not to move, after which the turn to
    /// play owes it an opening (R12; only under `blocked=open`).
    pub opening_owed: bool,
    /// The turns of the movement phase in a row, up to here, that captured nothing, as a
    /// `limit=N` ruleset counts them (R16a; 0 under no limit).
    pub quiet_turns: u16,
}

/// Why a position string or a [`Setup`] was refused. [`SetupError::Malformed`] is a string that
/// does not follow the grammar (`seega::position::malformed`); every other variant a setup that
/// no game under the rules can be in (`seega::position::impossible`).
///
/// ```
/// use seega::{GameState, Ruleset, Setup, SetupError};
///
/// let err = "5/5/5/5/5 x".parse::<Setup>().unwrap_err();
/// assert_eq!(err.to_string(), "malformed position: the side to move must be `b` or `w`");
/// let setup: Setup = "bbbbb/bbbbb/bb3/5/5 w 2/0".parse()?;
/// let err = GameState::from_setup(Ruleset::parse("standard")?, &setup).unwrap_err();
/// assert!(matches!(err, SetupError::TooMany { count: 14, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// The string does not follow the grammar.
    #[error("malformed position: {0}")]
    Malformed(String),
    /// The string has a number of ranks that no board has.
    #[error("the position has {0} ranks but a board has 5, 7 or 9")]
    NotABoard(usize),
    /// The setup is of a board of another size than the ruleset's.
    #[error("the position has {found} ranks but the rules play on {expected}×{expected}")]
    WrongSize {
        /// Ranks in the setup.
        found: usize,
        /// The ruleset's board size.
        expected: u8,
    },
    /// A side has more pieces, on the board and in hand, than it starts the game with.
    #[error("{color} has {count} pieces but a side starts with only {max}")]
    TooMany {
        /// The side.
        color: Color,
        /// Its pieces on the board and in hand.
        count: u32,
        /// Pieces per side.
        max: u8,
    },
    /// The setup follows the grammar but no game under the rules reaches it.
    #[error("impossible position: {0}")]
    Impossible(String),
}

fn malformed(why: impl Into<String>) -> SetupError {
    SetupError::Malformed(why.into())
}

impl Setup {
    /// Appends the position string [`std::fmt::Display`] writes to `out`, with no formatter
    /// in between: for a writer of many positions (the Parquet turns table writes one a turn).
    ///
    /// ```
    /// let setup: seega::Setup = "bb3/5/5/5/5 w 10/12".parse()?;
    /// let mut out = b"after: ".to_vec();
    /// setup.append_text(&mut out);
    /// assert_eq!(out, b"after: bb3/5/5/5/5 w 10/12");
    /// assert_eq!(out[7..], *setup.to_string().as_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn append_text(&self, out: &mut Vec<u8>) {
        // Written in place, in room for the longest string, then cut to its length.
        let start = out.len();
        out.extend_from_slice(&[0; SetupText::MAX]);
        let mut t = SetupText {
            bytes: &mut out[start..],
            len: 0,
        };
        t.put_setup(self);
        let len = t.len;
        out.truncate(start + len);
    }

    /// An empty board of `size`, nothing in hand, black to move, no game-level state.
    ///
    /// ```
    /// use seega::{Setup, Size};
    ///
    /// assert_eq!(Setup::empty(Size::SEVEN).to_string(), "7/7/7/7/7/7/7 b");
    /// ```
    pub fn empty(size: Size) -> Setup {
        Setup {
            size,
            pieces: [Bitboard::EMPTY; 2],
            to_move: Color::Black,
            in_hand: [0, 0],
            opening_owed: false,
            quiet_turns: 0,
        }
    }

    /// The start of a game under `rules`: an empty board, full hands, the first placer to move.
    ///
    /// ```
    /// use seega::{Ruleset, Setup};
    ///
    /// assert_eq!(Setup::start(Ruleset::parse("seesa")?).to_string(), "7/7/7/7/7/7/7 w 24/24");
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    pub fn start(rules: super::Ruleset) -> Setup {
        let n = rules.size.pieces_per_side();
        Setup {
            to_move: rules.first_placer,
            in_hand: [n, n],
            ..Setup::empty(rules.size)
        }
    }

    /// Reads a position string: `<ranks> <side>`, then optionally the hands, the pass and the
    /// count (`spec/notation.md`, N3). Whatever a ruleset decides (the board's size against the
    /// rules', the limit, the opening) is left to [`crate::GameState::from_setup`].
    ///
    /// ```
    /// use seega::{Color, Setup};
    ///
    /// let s = Setup::parse("b4/5/2w2/5/4b w 0/0 -- 3")?;
    /// assert_eq!(s.pieces[Color::Black.index()].count(), 2);
    /// assert!(s.opening_owed);
    /// assert_eq!(s.quiet_turns, 3);
    /// assert!(Setup::parse("b4/5/2w2/5/4b w 0/0 -- 3 x").is_err());
    /// # Ok::<(), seega::SetupError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Setup, SetupError> {
        let mut fields = text.split_ascii_whitespace();
        let board = fields.next().ok_or_else(|| malformed("it is empty"))?;
        let side = fields
            .next()
            .ok_or_else(|| malformed("the side to move (`b` or `w`) is missing"))?;
        let to_move = match side {
            "b" => Color::Black,
            "w" => Color::White,
            _ => return Err(malformed("the side to move must be `b` or `w`")),
        };
        let (size, pieces) = parse_board(board)?;
        let mut setup = Setup {
            to_move,
            pieces,
            ..Setup::empty(size)
        };
        if let Some(hands) = fields.next() {
            setup.in_hand = parse_hands(hands, size)?;
        }
        if let Some(pass) = fields.next() {
            setup.opening_owed = match pass {
                "--" => true,
                "-" => false,
                _ => {
                    return Err(malformed(format!(
                        "the pass field must be `--` (an opening is owed) or `-`, not `{pass}`"
                    )));
                }
            };
        }
        if let Some(count) = fields.next() {
            setup.quiet_turns = parse_count(count)?;
        }
        if let Some(extra) = fields.next() {
            return Err(malformed(format!(
                "`{extra}` follows the count of turns without a capture, the last field"
            )));
        }
        Ok(setup)
    }

    /// The setup's position string, in a buffer of fixed size, without allocating.
    pub(crate) fn text(&self) -> SetupText {
        let mut t = SetupText::EMPTY;
        t.put_setup(self);
        t
    }
}

impl std::str::FromStr for Setup {
    type Err = SetupError;

    /// [`Setup::parse`].
    fn from_str(text: &str) -> Result<Setup, SetupError> {
        Setup::parse(text)
    }
}

impl std::fmt::Display for Setup {
    /// The shortest position string that reads back as this setup.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text().as_str())
    }
}

/// The ranks of a position string: the board's size (its number of ranks) and the pieces.
fn parse_board(board: &str) -> Result<(Size, [Bitboard; 2]), SetupError> {
    let ranks = board.split('/').count();
    let size = u8::try_from(ranks)
        .ok()
        .and_then(Size::new)
        .ok_or(SetupError::NotABoard(ranks))?;
    let n = ranks;
    let mut pieces = [Bitboard::EMPTY; 2];
    for (i, rank_text) in board.split('/').enumerate() {
        let rank = (n - 1 - i) as u8;
        let mut file = 0usize;
        // Whether the previous character was a count: one run of empty squares is one digit.
        let mut after_count = false;
        for c in rank_text.chars() {
            if let Some(color) = Color::from_char(c) {
                if file >= n {
                    return Err(malformed(format!("rank {} is too long", rank + 1)));
                }
                pieces[color.index()].insert(Square::new(file as u8, rank));
                file += 1;
                after_count = false;
            } else if c == '0' {
                return Err(malformed(format!(
                    "rank {} holds `0`, but a run of empty squares is counted from 1 to 9",
                    rank + 1
                )));
            } else if let Some(d) = c.to_digit(10) {
                if after_count {
                    return Err(malformed(format!(
                        "rank {} has two counts of empty squares in a row: one run is one digit",
                        rank + 1
                    )));
                }
                file += d as usize;
                after_count = true;
            } else {
                return Err(malformed(format!(
                    "`{c}` is not `b`, `w` or a count of empty squares (1–9)"
                )));
            }
        }
        if file != n {
            return Err(malformed(format!(
                "rank {} covers {file} squares, not {n}",
                rank + 1
            )));
        }
    }
    Ok((size, pieces))
}

/// A number of the string: decimal digits, without leading zeros; `None` when it is not one
/// or exceeds `max`.
fn number(text: &str, max: u16) -> Option<u16> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !plain || text.len() > 5 {
        return None;
    }
    text.parse::<u32>()
        .ok()
        .filter(|&v| v <= u32::from(max))
        .map(|v| v as u16)
}

/// The hands field, `<black>/<white>`: each at most what a side starts with on `size`.
fn parse_hands(text: &str, size: Size) -> Result<[u8; 2], SetupError> {
    let form = || {
        malformed(format!(
            "the pieces in hand must be written as black's and white's counts, as `12/12`, not `{text}`"
        ))
    };
    let (b, w) = text.split_once('/').ok_or_else(form)?;
    let max = size.pieces_per_side();
    let mut hands = [0u8; 2];
    for (color, count) in [(Color::Black, b), (Color::White, w)] {
        let n = number(count, u16::MAX).ok_or_else(form)?;
        if n > u16::from(max) {
            return Err(SetupError::Impossible(format!(
                "{color} has {n} pieces in hand but a side starts with only {max}"
            )));
        }
        hands[color.index()] = n as u8;
    }
    Ok(hands)
}

/// The count field: the turns without a capture, at most the greatest limit.
fn parse_count(text: &str) -> Result<u16, SetupError> {
    let n = number(text, u16::MAX).ok_or_else(|| {
        malformed(format!(
            "the count of turns without a capture must be a number without leading zeros, not `{text}`"
        ))
    })?;
    if n > MAX_LIMIT {
        return Err(SetupError::Impossible(format!(
            "{n} turns without a capture are more than any limit ({MAX_LIMIT})"
        )));
    }
    Ok(n)
}

/// The text of every rank of 5 or of 7 squares and the `/` after it, at `b | w << n` for
/// black's pieces on the bits of `b` and white's on those of `w` (up to eight bytes,
/// little-endian, and the length);
/// `None` for 9 squares, whose table would take 4 MiB: those ranks are written piece by piece.
fn rank_table(n: u32) -> Option<&'static [(u64, u8)]> {
    static TABLES: [OnceLock<Vec<(u64, u8)>>; 2] = [OnceLock::new(), OnceLock::new()];
    let table = match n {
        5 => &TABLES[0],
        7 => &TABLES[1],
        _ => return None,
    };
    let made = table.get_or_init(|| {
        (0..1u32 << (2 * n))
            .map(|key| {
                let (b, w) = (key & ((1 << n) - 1), key >> n);
                let mut t = SetupText::EMPTY;
                // Squares held by both sides are no position's: their entry is never read.
                t.rank(n, b, w & !b);
                t.push(b'/');
                let mut text = [0u8; 8];
                text.copy_from_slice(&t.bytes[..8]);
                (u64::from_le_bytes(text), t.len as u8)
            })
            .collect()
    });
    Some(made)
}

/// The longest position string: nine ranks of nine squares, eight `/`, a space and the side,
/// then ` 40/40 -- 1000`.
const TEXT_MAX: usize = 9 * 9 + 8 + 2 + 6 + 3 + 5;

/// A position string (see [`Setup`]) held in a fixed buffer (or written in place, in the
/// bytes `B` of another buffer, [`Setup::append_text`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SetupText<B = [u8; TEXT_MAX]> {
    bytes: B,
    len: usize,
}

impl SetupText {
    /// The longest position string ([`TEXT_MAX`]).
    pub const MAX: usize = TEXT_MAX;

    /// No text yet.
    const EMPTY: SetupText = SetupText {
        bytes: [0; SetupText::MAX],
        len: 0,
    };

    /// The first two fields: the ranks of a board of `size` holding `pieces`, and the side.
    #[inline]
    pub(crate) fn board(size: Size, pieces: [Bitboard; 2], to_move: Color) -> SetupText {
        let mut t = SetupText::EMPTY;
        t.put_board(size, pieces, to_move);
        t
    }

    /// The buffer, of which the first [`SetupText::len`] bytes are the string.
    pub fn buffer(&self) -> &[u8; SetupText::MAX] {
        &self.bytes
    }

    /// The length of the string in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The string.
    pub fn as_str(&self) -> &str {
        // Only ASCII is pushed.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl<B: AsMut<[u8]>> SetupText<B> {
    /// Writes the whole string of `setup`.
    #[inline]
    fn put_setup(&mut self, setup: &Setup) {
        self.put_board(setup.size, setup.pieces, setup.to_move);
        self.game_fields(setup.in_hand, setup.opening_owed, setup.quiet_turns);
    }

    /// Writes the first two fields ([`SetupText::board`]).
    #[inline]
    fn put_board(&mut self, size: Size, pieces: [Bitboard; 2], to_move: Color) {
        let n = u32::from(size.get());
        // A board of 5 or 7: its ranks fit in 64 bits, and each rank's text and its `/` in
        // eight bytes of a table.
        let narrow = (pieces[0].0 as u64, pieces[1].0 as u64);
        let tabled = match (rank_table(n), n) {
            (Some(table), 5) => self.ranks::<5, { 1 << 10 }>(table, narrow),
            (Some(table), 7) => self.ranks::<7, { 1 << 14 }>(table, narrow),
            _ => false,
        };
        if tabled {
            // The last rank's `/`.
            self.len = self.len.saturating_sub(1);
        } else {
            let (black, white, row) = (pieces[0].0, pieces[1].0, (1u32 << n) - 1);
            for rank in (0..n).rev() {
                let (b, w) = (
                    (black >> (rank * 9)) as u32 & row,
                    (white >> (rank * 9)) as u32 & row,
                );
                self.rank(n, b, w);
                if rank > 0 {
                    self.push(b'/');
                }
            }
        }
        self.push(b' ');
        self.push(to_move.char() as u8);
    }

    /// Writes the `N` ranks of a board of 5 or 7 (black's pieces, white's), each from `table`
    /// (of `ENTRIES`, `4^N`) with its `/`, unless the table is not of that size: the number
    /// of ranks known, the loop is unrolled, and an entry's index, of `2N` bits, needs no
    /// bounds check. Whether it wrote them.
    #[inline(always)]
    fn ranks<const N: u32, const ENTRIES: usize>(
        &mut self,
        table: &[(u64, u8)],
        (black, white): (u64, u64),
    ) -> bool {
        let Ok(table) = <&[(u64, u8); ENTRIES]>::try_from(table) else {
            return false;
        };
        let row = (1u64 << N) - 1;
        for rank in (0..N).rev() {
            let (b, w) = ((black >> (rank * 9)) & row, (white >> (rank * 9)) & row);
            let (text, len) = table[(b | w << N) as usize % ENTRIES];
            self.put(text, len);
        }
        true
    }

    /// One rank of `n` squares, black's pieces on the bits of `b`, white's on those of `w`:
    /// from piece to piece, the empty squares between them as a digit.
    fn rank(&mut self, n: u32, b: u32, w: u32) {
        let (mut occupied, mut file) = (b | w, 0);
        while occupied != 0 {
            let at = occupied.trailing_zeros();
            if at > file {
                self.push(b'0' + (at - file) as u8);
            }
            let piece = if b >> at & 1 == 1 {
                Color::Black
            } else {
                Color::White
            };
            self.push(piece.char() as u8);
            file = at + 1;
            occupied &= occupied - 1;
        }
        if n > file {
            self.push(b'0' + (n - file) as u8);
        }
    }

    /// The first `len` bytes of `text` (little-endian), at most eight; all eight are written,
    /// so the caller leaves room for them.
    #[inline]
    fn put(&mut self, text: u64, len: u8) {
        if let Some(to) = self.bytes.as_mut().get_mut(self.len..self.len + 8) {
            to.copy_from_slice(&text.to_le_bytes());
            self.len += usize::from(len);
        }
    }

    /// The further fields, each written only when it or a later one says something: the
    /// hands, the pass, the count.
    #[inline]
    pub(crate) fn game_fields(&mut self, hands: [u8; 2], opening_owed: bool, quiet: u16) {
        if hands == [0, 0] && !opening_owed && quiet == 0 {
            return;
        }
        self.push(b' ');
        self.number(u16::from(hands[0]));
        self.push(b'/');
        self.number(u16::from(hands[1]));
        if !opening_owed && quiet == 0 {
            return;
        }
        self.push(b' ');
        self.push(b'-');
        if opening_owed {
            self.push(b'-');
        }
        if quiet != 0 {
            self.push(b' ');
            self.number(quiet);
        }
    }

    fn number(&mut self, n: u16) {
        // The hands (at most 40) and most counts: one or two digits, without a call.
        if n < 100 {
            if n >= 10 {
                self.push(b'0' + (n / 10) as u8);
            }
            self.push(b'0' + (n % 10) as u8);
            return;
        }
        let mut buf = itoa::Buffer::new();
        for &b in buf.format(n).as_bytes() {
            self.push(b);
        }
    }

    fn push(&mut self, b: u8) {
        if let Some(to) = self.bytes.as_mut().get_mut(self.len) {
            *to = b;
            self.len += 1;
        }
    }
}
