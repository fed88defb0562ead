//! The eight symmetries of the square board (rotations and reflections).

use super::bitboard::Bitboard;
use crate::board::{Size, Square};

/// One of the eight symmetries of the board: `transpose` then `flip_file` then `flip_rank`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Symmetry {
    transpose: bool,
    flip_file: bool,
    flip_rank: bool,
}

impl Symmetry {
    /// The identity and the seven others.
    pub const ALL: [Symmetry; 8] = {
        let mut all = [Symmetry {
            transpose: false,
            flip_file: false,
            flip_rank: false,
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Symmetry {
                transpose: i & 4 != 0,
                flip_file: i & 2 != 0,
                flip_rank: i & 1 != 0,
            };
            i += 1;
        }
        all
    };

    /// The image of `sq` on a board of `size`.
    pub fn square(self, sq: Square, size: Size) -> Square {
        let last = size.get().saturating_sub(1);
        let (mut f, mut r) = (sq.file().min(last), sq.rank().min(last));
        if self.transpose {
            (f, r) = (r, f);
        }
        if self.flip_file {
            f = last - f;
        }
        if self.flip_rank {
            r = last - r;
        }
        Square::new(f, r)
    }

    /// The image of a set of squares.
    pub fn bitboard(self, bb: Bitboard, size: Size) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for sq in bb.squares() {
            out.insert(self.square(sq, size));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_distinct_images_of_a_corner_neighbour() {
        let sq = Square::new(1, 0); // b1
        let mut images: Vec<String> = Symmetry::ALL
            .iter()
            .map(|s| s.square(sq, Size::FIVE).to_string())
            .collect();
        images.sort();
        images.dedup();
        assert_eq!(images, ["a2", "a4", "b1", "b5", "d1", "d5", "e2", "e4"]);
        let centre = Size::SEVEN.centre();
        assert!(
            Symmetry::ALL
                .iter()
                .all(|s| s.square(centre, Size::SEVEN) == centre)
        );
    }
}
