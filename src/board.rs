//! Board sizes, colours and squares: what the notation and the rules engine both speak of,
//! below both, so that the notation knows no rule (`f2` is a square here on any board; whether
//! it is on a 5×5 one is the engine's question).
//!
//! # Inside
//!
//! `Square`, `Size`, `Color` and `DIRECTIONS`, below the engine and the notation; the engine
//! re-exports them.

use std::fmt;

/// The side length of a board: 5, 7 or 9.
///
/// ```
/// use seega::{Size, Square};
///
/// let size = Size::new(7).unwrap();
/// assert_eq!((size, size.get(), Size::new(6)), (Size::SEVEN, 7, None));
/// assert_eq!(size.pieces_per_side(), 24);
/// assert_eq!(size.centre(), Square::new(3, 3));
/// assert!(size.contains("g7".parse().unwrap()) && !Size::FIVE.contains("g7".parse().unwrap()));
/// assert_eq!(Size::NINE.squares().count(), 81);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Size(u8);

impl Size {
    /// The 5×5 board.
    pub const FIVE: Size = Size(5);
    /// The 7×7 board.
    pub const SEVEN: Size = Size(7);
    /// The 9×9 board.
    pub const NINE: Size = Size(9);

    /// The size with side `n`, when `n` is 5, 7 or 9.
    pub fn new(n: u8) -> Option<Size> {
        matches!(n, 5 | 7 | 9).then_some(Size(n))
    }

    /// The side length.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Pieces each side starts with in hand: (N²−1)/2.
    pub fn pieces_per_side(self) -> u8 {
        let n = self.0 as u16;
        ((n * n - 1) / 2) as u8
    }

    /// The centre square.
    pub fn centre(self) -> Square {
        Square::new(self.0 / 2, self.0 / 2)
    }

    /// Whether `sq` lies on a board of this size.
    pub fn contains(self, sq: Square) -> bool {
        // The smallest board holding `sq` is at most this one (a square index is below 81).
        SMALLEST_BOARD.get(sq.index()).is_some_and(|&m| m <= self.0)
    }

    /// Every square of the board, rank by rank from a1.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let n = self.0;
        (0..n).flat_map(move |r| (0..n).map(move |f| Square::new(f, r)))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// For each square index, the side of the smallest board that holds the square: 5, 7 or 9.
const SMALLEST_BOARD: [u8; 81] = {
    let mut t = [0u8; 81];
    let mut i = 0;
    while i < 81 {
        let (file, rank) = (i % 9, i / 9);
        let far = if file > rank { file } else { rank };
        t[i] = if far < 5 {
            5
        } else if far < 7 {
            7
        } else {
            9
        };
        i += 1;
    }
    t
};

/// One of the two sides.
///
/// ```
/// use seega::Color;
///
/// assert_eq!(Color::Black.other(), Color::White);
/// assert_eq!((Color::White.index(), Color::White.char(), Color::White.name()), (1, 'w', "white"));
/// assert_eq!(Color::from_char('b'), Some(Color::Black));
/// assert_eq!(Color::from_char('x'), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, written `b`.
    Black,
    /// White, written `w`.
    White,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter used in position strings: `b` or `w`.
    pub fn char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// The colour written as `b` or `w`.
    pub fn from_char(c: char) -> Option<Color> {
        match c {
            'b' => Some(Color::Black),
            'w' => Some(Color::White),
            _ => None,
        }
    }

    /// The lowercase English name.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square, `a1` to `i9`, independent of the board size (files and ranks 0–8).
///
/// The index is `rank * 9 + file`, so that one bit layout serves every board size. `Debug`
/// writes it as `Display` does, `c3`.
///
/// ```
/// use seega::{Size, Square};
///
/// let c3: Square = "c3".parse().unwrap();
/// assert_eq!((c3, c3.file(), c3.rank(), c3.index()), (Square::new(2, 2), 2, 2, 20));
/// assert_eq!(Square::from_index(20), Some(c3));
/// assert_eq!(c3.offset(2, 0, Size::FIVE).map(|s| s.to_string()), Some("e3".to_owned()));
/// assert_eq!(c3.offset(3, 0, Size::FIVE), None); // f3 is off a 5×5 board
/// let a1: Square = "a1".parse().unwrap();
/// let around: Vec<String> = a1.neighbours(Size::FIVE).map(|s| s.to_string()).collect();
/// assert_eq!(around, ["a2", "b1"]);
/// assert!(c3.is_orthogonal_neighbour("c4".parse().unwrap()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = 1); both must be below 9.
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < 9 && rank < 9);
        Square(rank * 9 + file)
    }

    /// The square with index `i` (`rank * 9 + file`), when below 81.
    pub fn from_index(i: u8) -> Option<Square> {
        (i < 81).then_some(Square(i))
    }

    /// The index `rank * 9 + file`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 for `a`.
    pub fn file(self) -> u8 {
        self.0 % 9
    }

    /// The rank, 0 for `1`.
    pub fn rank(self) -> u8 {
        self.0 / 9
    }

    /// The square `df` files and `dr` ranks away, when it lies on a board of `size`.
    pub fn offset(self, df: i8, dr: i8, size: Size) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        let n = size.get() as i8;
        (0..n).contains(&f).then_some(())?;
        (0..n).contains(&r).then_some(())?;
        Some(Square::new(f as u8, r as u8))
    }

    /// The orthogonal neighbours on a board of `size`.
    pub fn neighbours(self, size: Size) -> impl Iterator<Item = Square> {
        DIRECTIONS
            .into_iter()
            .filter_map(move |(df, dr)| self.offset(df, dr, size))
    }

    /// Whether `other` is one square up, down, left or right.
    pub fn is_orthogonal_neighbour(self, other: Square) -> bool {
        let df = (self.file() as i8 - other.file() as i8).abs();
        let dr = (self.rank() as i8 - other.rank() as i8).abs();
        df + dr == 1
    }
}

/// The four orthogonal directions as (file, rank) deltas.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_print_in_algebraic_form() {
        assert_eq!(Square::new(0, 0).to_string(), "a1");
        assert_eq!(Square::new(8, 8).to_string(), "i9");
        assert_eq!(Size::FIVE.centre().to_string(), "c3");
        assert_eq!(Size::SEVEN.centre().to_string(), "d4");
        assert_eq!(Size::NINE.centre().to_string(), "e5");
    }

    #[test]
    fn pieces_per_side_follow_the_board() {
        assert_eq!(Size::FIVE.pieces_per_side(), 12);
        assert_eq!(Size::SEVEN.pieces_per_side(), 24);
        assert_eq!(Size::NINE.pieces_per_side(), 40);
    }

    #[test]
    fn corner_has_two_neighbours() {
        let n: Vec<_> = Square::new(0, 0).neighbours(Size::FIVE).collect();
        assert_eq!(n.len(), 2);
        assert!(Size::FIVE.contains(Square::new(4, 4)));
        assert!(!Size::FIVE.contains(Square::new(5, 1)));
        for n in [5, 7, 9] {
            let size = Size::new(n).unwrap();
            for i in 0..81 {
                let sq = Square::from_index(i).unwrap();
                assert_eq!(
                    size.contains(sq),
                    sq.file() < n && sq.rank() < n,
                    "{sq} on {n}"
                );
            }
        }
    }
}
