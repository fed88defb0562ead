//! How the notation counts a game's turns (N5.1): turn numbers from 1, across placements,
//! movements and passes alike, and the move numbers written before them, `n.` for the first
//! turn of the pair `n` and `n...` for its second.
//!
//! The count is the referee's rule (`engine::referee` re-exports these functions as its own,
//! and numbers its turns with them). The functions live here, below both `engine` and
//! `notation`, because the notation's reader (a move number's turn) and its canonical writer
//! (the `n.` before every odd turn) need them too, and `notation` does not import `engine`:
//! pure arithmetic on numbers, they need nothing of either.
//!
//! The count does not depend on the side: a game from a `Position` tag with white to move
//! starts at `1.` too, and a side may play two turns in a row where the movement phase begins
//! (R5), so which half of a pair a turn is says nothing of whose it is.

/// The number of the turn at `index` (from 0) among a game's turns: turns are numbered from 1.
///
/// ```
/// assert_eq!(seega::turn_number(0), 1);
/// assert_eq!(seega::turn_number(11), 12);
/// ```
#[inline(always)]
pub fn turn_number(index: usize) -> u64 {
    u64::try_from(index).map_or(u64::MAX, |i| i.saturating_add(1))
}

/// The number of the turn that a move number `number` announces (N5.1): `n.` the first turn
/// of the pair `n` (turn 2n − 1), `n...` its second (turn 2n). The one reading of move numbers:
/// `1.` announces turn 1, `7...` turn 14 (tested below).
#[inline(always)]
pub fn turn_of_move_number(number: u32, second: bool) -> u64 {
    2 * u64::from(number) - u64::from(!second)
}

/// The move number of turn `turn` (from 1) and whether it is the second of its pair (written
/// `n...`): the inverse of `turn_of_move_number`. The one writing of move numbers: the
/// canonical writer writes `n.` before each turn that is the first of its pair.
///
/// ```
/// assert_eq!(seega::move_number_of_turn(1), (1, false));
/// assert_eq!(seega::move_number_of_turn(14), (7, true));
/// assert_eq!(seega::move_number_of_turn(seega::turn_number(2)), (2, false));
/// ```
#[inline(always)]
pub fn move_number_of_turn(turn: u64) -> (u64, bool) {
    (turn.div_ceil(2), turn % 2 == 0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn move_numbers_announce_their_turns() {
        assert_eq!(super::turn_of_move_number(1, false), 1);
        assert_eq!(super::turn_of_move_number(7, true), 14);
        for turn in 1..100 {
            let (n, second) = super::move_number_of_turn(turn);
            assert_eq!(
                super::turn_of_move_number(u32::try_from(n).unwrap(), second),
                turn
            );
        }
    }
}
