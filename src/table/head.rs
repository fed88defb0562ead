//! The leaves of a turn's head, which both tables hold (the games table in its `turns` list,
//! the turns table as its own columns): its number, side, kind, start, annotation and whether
//! it was legal, filled a turn at a time from the visitor's [`TurnHead`].

use crate::render::game_json::Side;
use crate::render::game_view::TurnHead;

use super::column::{Leaf, Names, Values};

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

/// The leaves of [`TurnHead`]s, kept as plain vectors while the turns come. Their repetition
/// levels, and the definition levels of the required fields, are the same for all six: they
/// are kept once and given to each leaf when the leaves are taken.
#[derive(Debug)]
pub struct HeadLeaves {
    /// The highest repetition level, and the definition level of a required field.
    max_rep: u8,
    required: u8,
    /// The turns' repetition levels, and the definition levels of a required field.
    rep: Vec<u8>,
    def: Vec<u8>,
    number: Vec<i64>,
    kind: Vec<u32>,
    legal: Vec<bool>,
    /// The sides' definition levels, and the sides by [`side_code`].
    side_def: Vec<u8>,
    side: Vec<u32>,
    from: Leaf,
    annotation: Leaf,
}

/// `v` taken out, leaving room for as many.
fn take<T>(v: &mut Vec<T>) -> Vec<T> {
    let room = v.len();
    std::mem::replace(v, Vec::with_capacity(room))
}

impl HeadLeaves {
    /// The leaves of turns in lists of repetition level `rep` (0: not in a list), whose
    /// required fields have definition level `def`, with room for `n` turns.
    pub fn new(rep: u8, def: u8, n: usize) -> HeadLeaves {
        let room = |max: u8| if max > 0 { n } else { 0 };
        HeadLeaves {
            max_rep: rep,
            required: def,
            rep: Vec::with_capacity(room(rep)),
            def: Vec::with_capacity(room(def)),
            number: Vec::with_capacity(n),
            kind: Vec::with_capacity(n),
            legal: Vec::with_capacity(n),
            side_def: Vec::with_capacity(n),
            side: Vec::with_capacity(n),
            from: Leaf::coded(rep, def + 1, Names::Squares).with_room(n, 0),
            annotation: Leaf::texts(rep, def + 1),
        }
    }

    /// The levels of an entry of the required fields.
    #[inline(always)]
    fn levels(&mut self, rep: u8, def: u8) {
        if self.max_rep > 0 {
            self.rep.push(rep);
        }
        if self.required > 0 {
            self.def.push(def);
        }
    }

    /// Adds `turn`'s head at repetition level `rep`.
    #[inline]
    pub fn push(&mut self, rep: u8, turn: &TurnHead<'_>) {
        self.levels(rep, self.required);
        self.number.push(i64_of(turn.number));
        self.kind.push(turn.kind as u32);
        self.legal.push(turn.legal);
        let top = self.required + 1;
        self.side_def.push(top - u8::from(turn.side.is_none()));
        if let Some(side) = turn.side {
            self.side.push(side_code(side));
        }
        self.from.def.push(top - u8::from(turn.from.is_none()));
        if let Some(from) = turn.from {
            self.from.values.push_square(from);
        }
        self.annotation
            .def
            .push(top - u8::from(turn.annotation.is_none()));
        if let Some(a) = turn.annotation {
            self.annotation.values.push_text(a);
        }
    }

    /// An empty list of turns (the game has none).
    pub fn none(&mut self) {
        self.levels(0, 0);
        self.side_def.push(0);
        self.from.def.push(0);
        self.annotation.def.push(0);
    }

    /// The leaves' entries taken out, each with its levels, leaving them empty: number, side,
    /// kind, from, annotation, legal.
    pub fn take(&mut self) -> [Leaf; 6] {
        let (max_rep, required) = (self.max_rep, self.required);
        let leaf = |def: Vec<u8>, max_def: u8, values: Values| Leaf {
            max_rep,
            max_def,
            rep: Vec::new(),
            def,
            values,
        };
        let side = Values::Coded {
            names: Names::Sides,
            codes: take(&mut self.side),
            other: Box::new(Values::Text {
                bytes: Vec::new(),
                ends: Vec::new(),
            }),
        };
        let kind = Values::Coded {
            names: Names::Kinds,
            codes: take(&mut self.kind),
            other: Box::new(Values::Text {
                bytes: Vec::new(),
                ends: Vec::new(),
            }),
        };
        let mut leaves = [
            leaf(
                self.def.clone(),
                required,
                Values::Int(take(&mut self.number)),
            ),
            leaf(take(&mut self.side_def), required + 1, side),
            leaf(self.def.clone(), required, kind),
            self.from.take(),
            self.annotation.take(),
            leaf(
                take(&mut self.def),
                required,
                Values::Bool(take(&mut self.legal)),
            ),
        ];
        for leaf in &mut leaves {
            if max_rep > 0 {
                leaf.rep.clone_from(&self.rep);
            }
            if leaf.max_def == 0 {
                leaf.def.clear();
            }
        }
        self.rep.clear();
        leaves
    }
}

#[cfg(test)]
mod tests {
    use crate::render::game_json::KindName;

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
            let name = crate::Square::from_index(i as u8)
                .expect("a square")
                .to_string();
            assert_eq!(Names::Squares.name(i), name.as_bytes());
            assert_eq!(Names::square(name.as_bytes()), Some(i));
        }
        for not_one in ["j1", "a0", "a10", "", "A1"] {
            assert_eq!(Names::square(not_one.as_bytes()), None, "{not_one}");
        }
    }
}
