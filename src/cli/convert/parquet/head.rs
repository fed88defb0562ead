//! The leaves of a turn's head, which both tables hold (the games table in its `turns` list,
//! the turns table as its own columns): its number, side, kind, start, annotation and whether
//! it was legal, filled a turn at a time from the visitor's [`TurnHead`].

use seega::render::game_json::Side;
use seega::render::game_view::TurnHead;

use super::column::{Leaf, Names};

/// A count or a number as a column value (they are far below `i64::MAX`).
pub fn i64_of(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

/// The number of `side`'s name in [`Names::Sides`].
pub fn side_code(side: Side) -> u32 {
    match side {
        Side::Black => 0,
        Side::White => 1,
    }
}

/// The leaves of [`TurnHead`]s.
#[derive(Debug)]
pub struct HeadLeaves {
    pub number: Leaf,
    pub side: Leaf,
    pub kind: Leaf,
    pub from: Leaf,
    pub annotation: Leaf,
    pub legal: Leaf,
}

impl HeadLeaves {
    /// The leaves of turns in lists of repetition level `rep` (0: not in a list), whose
    /// required fields have definition level `def`.
    /// They have room for `n` turns.
    pub fn new(rep: u8, def: u8, n: usize) -> HeadLeaves {
        HeadLeaves {
            number: Leaf::ints(rep, def).with_room(n, 0),
            side: Leaf::coded(rep, def + 1, Names::Sides).with_room(n, 0),
            kind: Leaf::coded(rep, def, Names::Kinds).with_room(n, 0),
            from: Leaf::coded(rep, def + 1, Names::Squares).with_room(n, 0),
            annotation: Leaf::texts(rep, def + 1),
            legal: Leaf::bools(rep, def).with_room(n, 0),
        }
    }

    /// Adds `turn`'s head at repetition level `rep`.
    #[inline]
    pub fn push(&mut self, rep: u8, turn: &TurnHead<'_>) {
        self.number.int(rep, i64_of(turn.number));
        match turn.side {
            Some(side) => self.side.code(rep, side_code(side)),
            None => self.side.null(rep, self.side.max_def - 1),
        }
        self.kind.code(rep, turn.kind as u32);
        self.from.opt_text(rep, turn.from);
        self.annotation.opt_text(rep, turn.annotation);
        self.legal.bool(rep, turn.legal);
    }

    /// An empty list of turns (the game has none).
    pub fn none(&mut self) {
        for leaf in self.leaves_mut() {
            leaf.null(0, 0);
        }
    }

    fn leaves_mut(&mut self) -> [&mut Leaf; 6] {
        [
            &mut self.number,
            &mut self.side,
            &mut self.kind,
            &mut self.from,
            &mut self.annotation,
            &mut self.legal,
        ]
    }
}

#[cfg(test)]
mod tests {
    use seega::render::game_json::KindName;

    use super::*;

    #[test]
    fn sides_and_kinds_are_numbered_as_their_names() {
        for side in [Side::Black, Side::White] {
            assert_eq!(Names::Sides.name(side_code(side)), side.as_str().as_bytes());
        }
        for kind in [KindName::Place, KindName::Move, KindName::Pass] {
            assert_eq!(Names::Kinds.name(kind as u32), kind.as_str().as_bytes());
        }
        for (i, name) in (0..81).map(|i| (i, seega::Square::from_index(i as usize))) {
            let name = name.expect("a square").to_string();
            assert_eq!(Names::Squares.name(i), name.as_bytes());
            assert_eq!(Names::square(name.as_bytes()), Some(i));
        }
        assert_eq!(Names::square(b"j1"), None);
        assert_eq!(Names::square(b"a10"), None);
    }
}
