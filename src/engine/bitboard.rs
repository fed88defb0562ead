//! A set of squares as the bits of a `u128` (81 bits used).

use super::square::{Size, Square};

/// A set of squares; bit `i` stands for the square with index `i`.
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
        let mut bb = Bitboard::EMPTY;
        for sq in size.squares() {
            bb.insert(sq);
        }
        bb
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

/// Iterator over the squares of a [`Bitboard`].
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
