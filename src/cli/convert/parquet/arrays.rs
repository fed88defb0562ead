//! Small helpers that build the Arrow arrays of the two tables' columns.

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::{Array, ArrayRef, BooleanArray, Int64Array, ListArray, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{DataType, Field, FieldRef, Fields};
use seega::render::game_json::Side;
use seega::render::game_view::TurnHead;

/// A count or a number as a column value (they are far below `i64::MAX`).
pub fn i64_of(n: impl TryInto<i64>) -> i64 {
    n.try_into().unwrap_or(i64::MAX)
}

/// The field of a list's items.
pub fn item(data_type: DataType, nullable: bool) -> FieldRef {
    Arc::new(Field::new("item", data_type, nullable))
}

/// A list column (no null lists, an empty list instead) of `values` cut into lists of
/// `lengths` items, whose items are described by `item`.
pub fn list(item: FieldRef, lengths: impl Iterator<Item = usize>, values: ArrayRef) -> ArrayRef {
    Arc::new(ListArray::new(
        item,
        OffsetBuffer::from_lengths(lengths),
        values,
        None,
    ))
}

/// A column of lists of strings that are always there, filled a list at a time.
#[derive(Debug, Default)]
pub struct Texts {
    lengths: Vec<usize>,
    values: StringBuilder,
}

impl Texts {
    /// Room for `n` lists and as many items.
    pub fn with_capacity(n: usize) -> Texts {
        Texts {
            lengths: Vec::with_capacity(n),
            values: StringBuilder::with_capacity(n, 2 * n),
        }
    }

    /// Starts a list.
    pub fn start(&mut self) {
        self.lengths.push(0);
    }

    /// Adds `s` to the last list.
    pub fn push(&mut self, s: &str) {
        self.values.append_value(s);
        if let Some(n) = self.lengths.last_mut() {
            *n += 1;
        }
    }

    /// The lists so far, as a list column; empties the builder.
    pub fn list(&mut self) -> ArrayRef {
        list(
            item(DataType::Utf8, false),
            std::mem::take(&mut self.lengths).into_iter(),
            Arc::new(self.values.finish()),
        )
    }
}

/// A list column of structs of `columns` (name, array, nullable), the list of row `k` holding
/// `lengths[k]` of them; empties `lengths`.
pub fn list_of_structs(columns: Vec<(&str, ArrayRef, bool)>, lengths: &mut Vec<usize>) -> ArrayRef {
    let values = structs(columns);
    let field = item(values.data_type().clone(), false);
    list(field, std::mem::take(lengths).into_iter(), Arc::new(values))
}

/// A struct array of `columns` (name, array, nullable), none of whose rows is null.
pub fn structs(columns: Vec<(&str, ArrayRef, bool)>) -> StructArray {
    let fields: Fields = (columns.iter())
        .map(|(name, a, nullable)| Field::new(*name, a.data_type().clone(), *nullable))
        .collect();
    let arrays = columns.into_iter().map(|(_, a, _)| a).collect();
    StructArray::new(fields, arrays, None)
}

/// The columns of a turn's head, which both tables hold (the games table in its `turns` list,
/// the turns table as its own columns): its number, side, kind, start, annotation and whether
/// it was legal, filled a turn at a time from the visitor's [`TurnHead`].
#[derive(Debug, Default)]
pub struct HeadColumns {
    number: Vec<i64>,
    side: StringBuilder,
    kind: StringBuilder,
    from: StringBuilder,
    annotation: StringBuilder,
    legal: Vec<bool>,
}

/// The arrays of [`HeadColumns`], to be placed in a table's order.
pub struct HeadArrays {
    pub number: ArrayRef,
    pub side: ArrayRef,
    pub kind: ArrayRef,
    pub from: ArrayRef,
    pub annotation: ArrayRef,
    pub legal: ArrayRef,
}

impl HeadColumns {
    /// Room for `n` turns, their texts `bytes` bytes each.
    pub fn with_capacity(n: usize, bytes: usize) -> HeadColumns {
        let text = || StringBuilder::with_capacity(n, bytes * n);
        HeadColumns {
            number: Vec::with_capacity(n),
            side: text(),
            kind: text(),
            from: text(),
            annotation: text(),
            legal: Vec::with_capacity(n),
        }
    }

    /// Adds `turn`'s head.
    pub fn push(&mut self, turn: &TurnHead<'_>) {
        self.number.push(i64_of(turn.number));
        self.side.append_option(turn.side.map(Side::as_str));
        self.kind.append_value(turn.kind.as_str());
        self.from.append_option(turn.from);
        self.annotation.append_option(turn.annotation);
        self.legal.push(turn.legal);
    }

    /// The arrays of the turns added since the last call.
    pub fn finish(&mut self) -> HeadArrays {
        HeadArrays {
            number: Arc::new(Int64Array::from(std::mem::take(&mut self.number))),
            side: Arc::new(self.side.finish()),
            kind: Arc::new(self.kind.finish()),
            from: Arc::new(self.from.finish()),
            annotation: Arc::new(self.annotation.finish()),
            legal: Arc::new(BooleanArray::from(std::mem::take(&mut self.legal))),
        }
    }
}
