//! The leaves of a turn's head, which both tables hold (the games table in its `turns` list,
//! the turns table as its own columns): its number, side, kind, start, annotation and whether
//! it was legal, filled a turn at a time from the visitor's [`TurnHead`].

use crate::render::game_json::Side;
use crate::render::game_view::{TurnHead, kind_of};
use crate::validate::CleanTurn;

use super::column::{Leaf, Names, Values};

/// A count or a number as a column value (they are far below `i64::MAX`).
pub fn i64_of(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

/// The number of square `s`'s name in [`Names::Squares`] (at most 80).
pub fn square_code(s: crate::engine::Square) -> u32 {
    s.index() as u32
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
/// are made once, when the leaves are taken, from the few entries that differ from the most
/// (a game's first turn, a game with none, a turn of no side).
#[derive(Debug)]
pub struct HeadLeaves {
    /// The highest repetition level, and the definition level of a required field.
    max_rep: u8,
    required: u8,
    /// The entries so far (turns, and empty lists of turns).
    entries: usize,
    /// The entries whose repetition level is not the highest, with theirs.
    reps: Vec<(usize, u8)>,
    /// The empty lists of turns, and the turns of no side.
    empty: Vec<usize>,
    no_side: Vec<usize>,
    number: Vec<i64>,
    kind: Vec<u32>,
    legal: Vec<bool>,
    /// The sides by [`side_code`].
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
        HeadLeaves {
            max_rep: rep,
            required: def,
            entries: 0,
            reps: Vec::new(),
            empty: Vec::new(),
            no_side: Vec::new(),
            number: Vec::with_capacity(n),
            kind: Vec::with_capacity(n),
            legal: Vec::with_capacity(n),
            side: Vec::with_capacity(n),
            from: Leaf::coded(rep, def + 1, Names::Squares).with_room(n, 0),
            annotation: Leaf::texts(rep, def + 1),
        }
    }

    /// An entry at repetition level `rep`.
    #[inline(always)]
    fn entry(&mut self, rep: u8) {
        if rep != self.max_rep {
            self.reps.push((self.entries, rep));
        }
        self.entries += 1;
    }

    /// Adds `turn`'s head at repetition level `rep`.
    #[inline]
    pub fn push(&mut self, rep: u8, turn: &TurnHead<'_>) {
        self.number.push(i64_of(turn.number));
        self.kind.push(turn.kind as u32);
        self.legal.push(turn.legal);
        match turn.side {
            Some(side) => self.side.push(side_code(side)),
            None => self.no_side.push(self.entries),
        }
        let top = self.required + 1;
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
        self.entry(rep);
    }

    /// Adds the heads of a clean game's turns, numbered from 1, each legal: in a list of
    /// repetition level 1, the first at repetition level 0 and the others at 1; or each a row
    /// of its own (what [`HeadLeaves::push`] does for each, at once).
    pub fn push_clean(&mut self, turns: &[CleanTurn]) {
        debug_assert!(self.max_rep <= 1, "turns in a list, or rows");
        if turns.is_empty() {
            return;
        }
        // A vector at a time, each from an iterator of known length: no check of room per
        // value, and no reload of a vector's length after each byte written.
        let top = self.required + 1;
        self.number.extend((1..=turns.len()).map(i64_of));
        self.legal.resize(self.legal.len() + turns.len(), true);
        self.side
            .extend(turns.iter().map(|t| side_code(Side::from(t.side))));
        self.kind
            .extend(turns.iter().map(|t| kind_of(t.kind).0 as u32));
        let from = |t: &CleanTurn| kind_of(t.kind).1;
        (self.from.def).extend(turns.iter().map(|t| top - u8::from(from(t).is_none())));
        if let Values::Coded { codes, .. } = &mut self.from.values {
            codes.extend(turns.iter().filter_map(|t| from(t).map(square_code)));
        }
        (self.annotation.def).extend(turns.iter().map(|t| top - u8::from(t.annotation.is_none())));
        for a in turns.iter().filter_map(|t| t.annotation) {
            self.annotation.values.push_text(a.as_str());
        }
        if self.max_rep > 0 {
            self.reps.push((self.entries, 0));
        }
        self.entries += turns.len();
    }

    /// An empty list of turns (the game has none).
    pub fn none(&mut self) {
        self.empty.push(self.entries);
        self.from.def.push(0);
        self.annotation.def.push(0);
        self.entry(0);
    }

    /// The levels of every entry: `most`, but `level` at `at`.
    fn levels(&self, most: u8, at: &[usize], level: u8) -> Vec<u8> {
        let mut levels = vec![most; self.entries];
        for &i in at {
            levels[i] = level;
        }
        levels
    }

    /// The leaves' entries taken out, each with its levels, leaving them empty: number, side,
    /// kind, from, annotation, legal.
    pub fn take(&mut self) -> [Leaf; 6] {
        let (max_rep, required) = (self.max_rep, self.required);
        let rep = if max_rep > 0 {
            let mut rep = vec![max_rep; self.entries];
            for &(i, r) in &self.reps {
                rep[i] = r;
            }
            rep
        } else {
            Vec::new()
        };
        // A required field has no definition levels in a table whose turns are not in a
        // list (the turns table's): none are made for it.
        let def = if required > 0 {
            self.levels(required, &self.empty, 0)
        } else {
            Vec::new()
        };
        let mut side_def = self.levels(required + 1, &self.no_side, required);
        for &i in &self.empty {
            side_def[i] = 0;
        }
        let leaf = |def: Vec<u8>, max_def: u8, values: Values| Leaf {
            max_rep,
            max_def,
            rep: rep.clone(),
            def: if max_def == 0 { Vec::new() } else { def },
            values,
        };
        let coded = |names: Names, codes: Vec<u32>| Values::Coded {
            names,
            codes,
            other: Box::new(Values::Text {
                bytes: Vec::new(),
                ends: Vec::new(),
            }),
        };
        let number = Values::Int(take(&mut self.number));
        let side = coded(Names::Sides, take(&mut self.side));
        let kind = coded(Names::Kinds, take(&mut self.kind));
        let legal = Values::Bool(take(&mut self.legal));
        let (mut from, mut annotation) = (self.from.take(), self.annotation.take());
        from.rep.clone_from(&rep);
        annotation.rep.clone_from(&rep);
        let leaves = [
            leaf(def.clone(), required, number),
            leaf(side_def, required + 1, side),
            leaf(def.clone(), required, kind),
            from,
            annotation,
            leaf(def, required, legal),
        ];
        self.entries = 0;
        self.reps.clear();
        self.empty.clear();
        self.no_side.clear();
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
