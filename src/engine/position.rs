//! A position: the board, the pieces in hand, the side to move and the rules in force.

use super::bitboard::Bitboard;
use super::ruleset::Ruleset;
use super::square::{Color, Size, Square};

/// The two phases of a game (rules R3 and R5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Pieces are still in hand and are put on the board two at a time.
    Placement,
    /// Every piece is on the board and pieces step.
    Movement,
}

impl Phase {
    /// `placement` or `movement`.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Movement => "movement",
        }
    }
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A legal position under a [`Ruleset`].
///
/// Built only by [`Position::new`] (the empty board of a new game) or
/// [`Position::from_setup`] (a position string), so that its invariants hold: pieces lie on the
/// board, no square holds both colours, and no side has more pieces than it started with.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) rules: Ruleset,
    pub(crate) pieces: [Bitboard; 2],
    pub(crate) hands: [u8; 2],
    pub(crate) to_move: Color,
}

/// Why a position string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The string does not follow the grammar.
    #[error("malformed position: {0}")]
    Malformed(String),
    /// The string describes a board of another size than the ruleset's.
    #[error("the position has {found} ranks but the rules play on {expected}×{expected}")]
    WrongSize {
        /// Ranks in the string.
        found: usize,
        /// The ruleset's board size.
        expected: u8,
    },
    /// A side has more pieces than it starts the game with.
    #[error("{color} has {count} pieces but a side starts with only {max}")]
    TooMany {
        /// The side.
        color: Color,
        /// Pieces in the string.
        count: u32,
        /// Pieces per side.
        max: u8,
    },
}

impl Position {
    /// The start of a game: an empty board, full hands, the first placer to move.
    ///
    /// ```
    /// use seega::{Color, Phase, Position, Ruleset};
    ///
    /// let pos = Position::new(Ruleset::parse("seesa")?);
    /// assert_eq!(pos.phase(), Phase::Placement);
    /// assert_eq!(pos.in_hand(Color::Black), 24);
    /// assert_eq!(pos.to_setup_string(), "7/7/7/7/7/7/7 w");
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    pub fn new(rules: Ruleset) -> Position {
        let n = rules.size.pieces_per_side();
        Position {
            rules,
            pieces: [Bitboard::EMPTY; 2],
            hands: [n, n],
            to_move: rules.first_placer,
        }
    }

    /// A movement-phase position from a position string (`ranks side`), as in a `Position` tag.
    ///
    /// Fields after the side to move are accepted and ignored.
    ///
    /// ```
    /// use seega::{Color, Position, Ruleset, SetupError};
    ///
    /// let rules = Ruleset::parse("standard")?;
    /// let pos = Position::from_setup(rules, "b4/5/2w2/5/4b w")?;
    /// assert_eq!(pos.to_move(), Color::White);
    /// assert_eq!(pos.pieces(Color::Black).count(), 2);
    /// assert!(matches!(
    ///     Position::from_setup(rules, "5/5/5/5 w"),
    ///     Err(SetupError::WrongSize { found: 4, expected: 5 })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(rules: Ruleset, text: &str) -> Result<Position, SetupError> {
        let malformed = |why: &str| SetupError::Malformed(why.to_owned());
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
        let size = rules.size;
        let n = size.get() as usize;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != n {
            return Err(SetupError::WrongSize {
                found: ranks.len(),
                expected: size.get(),
            });
        }
        let mut pieces = [Bitboard::EMPTY; 2];
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = (n - 1 - i) as u8;
            let mut file = 0usize;
            // Whether the previous character was a count: one run of empty squares is one digit.
            let mut after_count = false;
            for c in rank_text.chars() {
                if let Some(color) = Color::from_char(c) {
                    if file >= n {
                        return Err(malformed(&format!("rank {} is too long", rank + 1)));
                    }
                    pieces[color.index()].insert(Square::new(file as u8, rank));
                    file += 1;
                    after_count = false;
                } else if c == '0' {
                    return Err(malformed(&format!(
                        "rank {} holds `0`, but a run of empty squares is counted from 1 to 9",
                        rank + 1
                    )));
                } else if let Some(d) = c.to_digit(10) {
                    if after_count {
                        return Err(malformed(&format!(
                            "rank {} has two counts of empty squares in a row: one run is one digit",
                            rank + 1
                        )));
                    }
                    file += d as usize;
                    after_count = true;
                } else {
                    return Err(malformed(&format!(
                        "`{c}` is not `b`, `w` or a count of empty squares (1–9)"
                    )));
                }
            }
            if file != n {
                return Err(malformed(&format!(
                    "rank {} covers {file} squares, not {n}",
                    rank + 1
                )));
            }
        }
        let max = size.pieces_per_side();
        for color in [Color::Black, Color::White] {
            let count = pieces[color.index()].count();
            if count > max as u32 {
                return Err(SetupError::TooMany { color, count, max });
            }
        }
        Ok(Position {
            rules,
            pieces,
            hands: [0, 0],
            to_move,
        })
    }

    /// The rules in force.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.rules.size
    }

    /// The side whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The pieces of `color` on the board.
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// All pieces on the board.
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// The empty squares of the board.
    pub fn empty(&self) -> Bitboard {
        Bitboard::full(self.size()) & !self.occupied()
    }

    /// Pieces of `color` still in hand.
    pub fn in_hand(&self, color: Color) -> u8 {
        self.hands[color.index()]
    }

    /// Pieces of `color` on the board and in hand.
    pub fn material(&self, color: Color) -> u32 {
        self.pieces(color).count() + self.in_hand(color) as u32
    }

    /// The colour of the piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        if self.pieces[0].contains(sq) {
            Some(Color::Black)
        } else if self.pieces[1].contains(sq) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        if self.hands == [0, 0] {
            Phase::Movement
        } else {
            Phase::Placement
        }
    }

    /// The board as rows of squares, the top rank first and each from file `a`: the piece on
    /// each square, if any (as the position string reads them).
    ///
    /// ```
    /// use seega::{Color, Position, Ruleset};
    ///
    /// let pos = Position::from_setup(Ruleset::parse("standard")?, "b4/5/5/5/4w w")?;
    /// let rows = pos.rows();
    /// assert_eq!(rows[0][0], Some(Color::Black)); // a5
    /// assert_eq!(rows[4][4], Some(Color::White)); // e1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rows(&self) -> Vec<Vec<Option<Color>>> {
        let n = self.size().get();
        (0..n)
            .rev()
            .map(|rank| {
                (0..n)
                    .map(|file| self.piece_at(Square::new(file, rank)))
                    .collect()
            })
            .collect()
    }

    /// The position string: ranks from the top, `/` between them, then the side to move.
    pub fn to_setup_string(&self) -> String {
        self.setup_text().as_str().to_owned()
    }

    /// [`Position::to_setup_string`] in a buffer of fixed size, without allocating.
    #[doc(hidden)]
    pub fn setup_text(&self) -> SetupText {
        let mut t = SetupText {
            bytes: [0; SetupText::MAX],
            len: 0,
        };
        let n = u32::from(self.size().get());
        let (black, white) = (self.pieces[0].0, self.pieces[1].0);
        let row = (1u32 << n) - 1;
        for rank in (0..n).rev() {
            let (b, w) = (
                (black >> (rank * 9)) as u32 & row,
                (white >> (rank * 9)) as u32 & row,
            );
            // From piece to piece of the rank, the empty squares between them as a digit.
            let (mut occupied, mut file) = (b | w, 0);
            while occupied != 0 {
                let at = occupied.trailing_zeros();
                if at > file {
                    t.push(b'0' + (at - file) as u8);
                }
                let piece = if b >> at & 1 == 1 {
                    Color::Black
                } else {
                    Color::White
                };
                t.push(piece.char() as u8);
                file = at + 1;
                occupied &= occupied - 1;
            }
            if n > file {
                t.push(b'0' + (n - file) as u8);
            }
            if rank > 0 {
                t.push(b'/');
            }
        }
        t.push(b' ');
        t.push(self.to_move.char() as u8);
        t
    }
}

/// A position string (see [`Position::to_setup_string`]) held in a fixed buffer.
#[derive(Debug, Clone, Copy)]
pub struct SetupText {
    bytes: [u8; SetupText::MAX],
    len: usize,
}

impl SetupText {
    /// The longest position string: nine ranks of nine squares, eight `/`, a space and the side.
    pub const MAX: usize = 9 * 9 + 8 + 2;

    fn push(&mut self, b: u8) {
        if let Some(to) = self.bytes.get_mut(self.len) {
            *to = b;
            self.len += 1;
        }
    }

    /// The buffer, of which the first [`SetupText::len`] bytes are the string.
    pub fn buffer(&self) -> &[u8; SetupText::MAX] {
        &self.bytes
    }

    /// The length of the string in bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the string is empty (never, for a position).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The string.
    pub fn as_str(&self) -> &str {
        // Only ASCII is pushed.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_strings_round_trip() {
        let rules = Ruleset::preset("standard").unwrap();
        for text in [
            "wwwwb/2w1b/w1wb1/2w1b/wwwwb b",
            "5/5/5/5/5 w",
            "b4/4b/b1bbb/5/b2b1 w",
        ] {
            let p = Position::from_setup(rules, text).unwrap();
            assert_eq!(p.to_setup_string(), text);
            assert_eq!(p.phase(), Phase::Movement);
        }
    }

    #[test]
    fn bad_setup_strings_are_refused() {
        let rules = Ruleset::preset("standard").unwrap();
        let bad = |t: &str| Position::from_setup(rules, t).unwrap_err();
        assert!(matches!(
            bad("5/5/5/5 w"),
            SetupError::WrongSize { found: 4, .. }
        ));
        assert!(matches!(bad("5/5/5/5/6 w"), SetupError::Malformed(_)));
        assert!(matches!(bad("5/5/5/5/4 w"), SetupError::Malformed(_)));
        assert!(matches!(bad("5/5/5/5/5 x"), SetupError::Malformed(_)));
        assert!(matches!(bad("5/5/5/5/5"), SetupError::Malformed(_)));
        assert!(matches!(
            bad("bbbbb/bbbbb/bbb2/5/5 w"),
            SetupError::TooMany { .. }
        ));
    }

    #[test]
    fn a_new_game_starts_in_placement() {
        let p = Position::new(Ruleset::preset("seesa").unwrap());
        assert_eq!(p.phase(), Phase::Placement);
        assert_eq!(p.to_move(), Color::White);
        assert_eq!(p.in_hand(Color::Black), 24);
        assert_eq!(p.to_setup_string(), "7/7/7/7/7/7/7 w");
    }
}
