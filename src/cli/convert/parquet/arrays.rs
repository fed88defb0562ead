//! Small helpers that build the Arrow arrays of the two tables' columns.

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::{Array, ArrayRef, ListArray, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{DataType, Field, FieldRef, Fields};

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
