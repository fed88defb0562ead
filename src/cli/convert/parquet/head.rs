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

/// The leaves of [`TurnHead`]s. Their repetition levels, and the definition levels of the
/// required fields, are the same for all six: they are kept once, as the turns come, and
/// given to each leaf when the leaves are taken.
#[derive(Debug)]
pub struct HeadLeaves {
    pub number: Leaf,
    pub side: Leaf,
    pub kind: Leaf,
    pub from: Leaf,
    pub annotation: Leaf,
    pub legal: Leaf,
    /// The turns' repetition levels, and the definition levels of a required field.
    rep: Vec<u8>,
    def: Vec<u8>,
}

impl HeadLeaves {
    /// The leaves of turns in lists of repetition level `rep` (0: not in a list), whose
    /// required fields have definition level `def`, with room for `n` turns.
    pub fn new(rep: u8, def: u8, n: usize) -> HeadLeaves {
        let room = |max: u8| if max > 0 { n } else { 0 };
        HeadLeaves {
            number: Leaf::ints(rep, def).with_room(n, 0),
            side: Leaf::coded(rep, def + 1, Names::Sides).with_room(n, 0),
            kind: Leaf::coded(rep, def, Names::Kinds).with_room(n, 0),
            from: Leaf::coded(rep, def + 1, Names::Squares).with_room(n, 0),
            annotation: Leaf::texts(rep, def + 1),
            legal: Leaf::bools(rep, def).with_room(n, 0),
            rep: Vec::with_capacity(room(rep)),
            def: Vec::with_capacity(room(def)),
        }
    }

    /// The levels of an entry of the required fields.
    #[inline(always)]
    fn levels(&mut self, rep: u8, def: u8) {
        if self.number.max_rep > 0 {
            self.rep.push(rep);
        }
        if self.number.max_def > 0 {
            self.def.push(def);
        }
    }

    /// Adds `turn`'s head at repetition level `rep`.
    #[inline]
    pub fn push(&mut self, rep: u8, turn: &TurnHead<'_>) {
        self.levels(rep, self.number.max_def);
        self.number.values.push_int(i64_of(turn.number));
        self.kind.values.push_code(turn.kind as u32);
        self.legal.values.push_bool(turn.legal);
        let top = self.side.max_def;
        self.side.def.push(top - u8::from(turn.side.is_none()));
        if let Some(side) = turn.side {
            self.side.values.push_code(side_code(side));
        }
        self.from.def.push(top - u8::from(turn.from.is_none()));
        if let Some(from) = turn.from {
            self.from.values.push_square(from);
        }
        self.annotation.def.push(top - u8::from(turn.annotation.is_none()));
        if let Some(a) = turn.annotation {
            self.annotation.values.push_text(a);
        }
    }

    /// An empty list of turns (the game has none).
    pub fn none(&mut self) {
        self.levels(0, 0);
        for leaf in [&mut self.side, &mut self.from, &mut self.annotation] {
            leaf.def.push(0);
        }
    }

    /// The leaves' entries taken out, each with its levels, leaving them empty.
    pub fn take(&mut self) -> [Leaf; 6] {
        let mut leaves = [
            self.number.take(),
            self.side.take(),
            self.kind.take(),
            self.from.take(),
            self.annotation.take(),
            self.legal.take(),
        ];
        for (k, leaf) in leaves.iter_mut().enumerate() {
            if leaf.max_rep > 0 {
                leaf.rep.clone_from(&self.rep);
            }
            // The required fields: number, kind, legal.
            if leaf.max_def > 0 && matches!(k, 0 | 2 | 5) {
                leaf.def.clone_from(&self.def);
            }
        }
        self.rep.clear();
        self.def.clear();
        leaves
    }
}

#[cfg(test)]
mod tests {
    use seega::render::game_json::KindName;

    use super::*;

    #[test]
    fn sides_kinds_and_squares_are_numbered_as_their_names() {
        for side in [Side::Black, Side::White] {
            assert_eq!(Names::Sides.name(side_code(side)), side.as_str().as_bytes());
        }
        for kind in [KindName::Place, KindName::Move, KindName::Pass] {
            assert_eq!(Names::Kinds.name(kind as u32), kind.as_str().as_bytes());
        }
        for i in 0..81u32 {
            let name = seega::Square::from_index(i as u8).expect("a square").to_string();
            assert_eq!(Names::Squares.name(i), name.as_bytes());
            assert_eq!(Names::square(name.as_bytes()), Some(i));
        }
        for not_one in ["j1", "a0", "a10", "", "A1"] {
            assert_eq!(Names::square(not_one.as_bytes()), None, "{not_one}");
        }
    }
}
