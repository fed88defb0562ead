//! A set of squares as the bits of a `u128` (81 bits used).

use crate::board::{Size, Square};

/// The squares of file `a` on every rank of the 9×9 grid.
pub(crate) const FILE_A: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (r * 9);
        r += 1;
    }
    m
};

/// The squares of file `i` on every rank.
const FILE_I: u128 = FILE_A << 8;

/// The squares of an `n`×`n` board (in the 9-wide layout).
pub(super) const fn full_mask(n: u32) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < n {
        m |= ((1u128 << n) - 1) << (r * 9);
        r += 1;
    }
    m
}

/// Full boards indexed by `n / 2` (5 → 2, 7 → 3, 9 → 4).
const FULL: [u128; 5] = [0, 0, full_mask(5), full_mask(7), full_mask(9)];

/// A set of squares; bit `i` stands for the square with index `i`.
///
/// ```
/// use seega::{Bitboard, Size, Square};
///
/// let c3: Square = "c3".parse().unwrap();
/// let mut set = Bitboard::from_square(c3);
/// assert!(set.contains(c3) && !set.is_empty() && Bitboard::EMPTY.is_empty());
/// let names = |b: Bitboard| b.squares().map(|s| s.to_string()).collect::<Vec<_>>();
/// assert_eq!(names(set.spread(Size::FIVE)), ["c2", "b3", "d3", "c4"]);
/// assert_eq!(names(set.shift(0, Size::FIVE)), ["c4"]); // up, the first of the directions
/// set.insert("e5".parse().unwrap());
/// assert_eq!(names(set.shift(1, Size::FIVE)), ["d3"]); // e5 leaves the board to the right
/// set.remove(c3);
/// assert_eq!((set.count(), Bitboard::full(Size::FIVE).count()), (1, 25));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding only `sq`.
    pub fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Every square of a board of `size`.
    pub fn full(size: Size) -> Bitboard {
        Bitboard(FULL[(size.get() as usize / 2).min(4)])
    }

    /// The squares orthogonally next to some square of the set, on a board of `size`.
    pub fn spread(self, size: Size) -> Bitboard {
        let b = self.0;
        let s = b << 9 | b >> 9 | (b & !FILE_I) << 1 | (b & !FILE_A) >> 1;
        Bitboard(s & FULL[(size.get() as usize / 2).min(4)])
    }

    /// The set moved one square in direction `d` (an index into
    /// `crate::board::DIRECTIONS`: up, right, down, left), dropping squares that leave the
    /// board of `size`.
    pub fn shift(self, d: usize, size: Size) -> Bitboard {
        let b = self.0;
        let s = match d {
            0 => b << 9,
            1 => (b & !FILE_I) << 1,
            2 => b >> 9,
            _ => (b & !FILE_A) >> 1,
        };
        Bitboard(s & FULL[(size.get() as usize / 2).min(4)])
    }

    /// Whether `sq` is in the set.
    pub fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 == 1
    }

    /// Adds `sq`.
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes `sq`.
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many squares the set holds.
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The squares in index order.
    pub fn squares(self) -> Squares {
        Squares(self.0)
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first (a1, b1, … rank by rank).
///
/// ```
/// let board = seega::Bitboard::full(seega::Size::FIVE);
/// let squares: seega::Squares = board.squares();
/// let first: Vec<String> = squares.map(|s| s.to_string()).take(6).collect();
/// assert_eq!(first, ["a1", "b1", "c1", "d1", "e1", "a2"]);
/// ```
#[derive(Debug, Clone)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Square::from_index(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_board_counts() {
        assert_eq!(Bitboard::full(Size::FIVE).count(), 25);
        assert_eq!(Bitboard::full(Size::NINE).count(), 81);
        let slow = |n: u8| {
            let mut bb = Bitboard::EMPTY;
            for sq in Size::new(n).unwrap().squares() {
                bb.insert(sq);
            }
            bb
        };
        for n in [5, 7, 9] {
            assert_eq!(Bitboard::full(Size::new(n).unwrap()), slow(n));
        }
    }

    #[test]
    fn shifts_follow_the_directions() {
        use crate::engine::DIRECTIONS;
        for n in [5, 7, 9] {
            let size = Size::new(n).unwrap();
            for sq in size.squares() {
                for (d, (df, dr)) in DIRECTIONS.into_iter().enumerate() {
                    let want = sq
                        .offset(df, dr, size)
                        .map_or(Bitboard::EMPTY, Bitboard::from_square);
                    assert_eq!(Bitboard::from_square(sq).shift(d, size), want, "{sq} {d}");
                }
            }
        }
    }

    #[test]
    fn squares_iterate_in_order() {
        let mut bb = Bitboard::EMPTY;
        bb.insert(Square::new(8, 8));
        bb.insert(Square::new(1, 0));
        let v: Vec<String> = bb.squares().map(|s| s.to_string()).collect();
        assert_eq!(v, ["b1", "i9"]);
        bb.remove(Square::new(1, 0));
        assert_eq!(bb.count(), 1);
    }
}
