//! Small helpers that build Arrow arrays from iterators, for the two tables' columns.

use std::sync::Arc;

use arrow_array::{ArrayRef, BooleanArray, Int64Array, ListArray, StringArray, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{DataType, Field, FieldRef, Fields};

/// A column of strings that are always there.
pub fn text<'a>(values: impl Iterator<Item = &'a str>) -> ArrayRef {
    // Arrow wants an exact length up front, which a flattened iterator cannot give.
    Arc::new(StringArray::from_iter_values(values.collect::<Vec<_>>()))
}

/// A column of strings that may be null.
pub fn maybe_text<'a>(values: impl Iterator<Item = Option<&'a str>>) -> ArrayRef {
    Arc::new(values.collect::<StringArray>())
}

/// A column of integers that are always there.
pub fn int(values: impl Iterator<Item = i64>) -> ArrayRef {
    Arc::new(Int64Array::from_iter_values(values.collect::<Vec<_>>()))
}

/// A column of integers that may be null.
pub fn maybe_int(values: impl Iterator<Item = Option<i64>>) -> ArrayRef {
    Arc::new(values.collect::<Int64Array>())
}

/// A column of booleans that are always there.
pub fn boolean(values: impl Iterator<Item = bool>) -> ArrayRef {
    Arc::new(values.map(Some).collect::<BooleanArray>())
}

/// A column of booleans that may be null.
pub fn maybe_boolean(values: impl Iterator<Item = Option<bool>>) -> ArrayRef {
    Arc::new(values.collect::<BooleanArray>())
}

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

/// A list of strings that are always there.
pub fn text_list<'a, L>(lists: impl Iterator<Item = L>) -> ArrayRef
where
    L: IntoIterator<Item = &'a str>,
{
    let mut lengths = Vec::new();
    let mut values = Vec::new();
    for l in lists {
        let before = values.len();
        values.extend(l);
        lengths.push(values.len() - before);
    }
    list(
        item(DataType::Utf8, false),
        lengths.into_iter(),
        text(values.into_iter()),
    )
}

/// A struct array of `columns` (name, array, nullable), none of whose rows is null.
pub fn structs(columns: Vec<(&str, ArrayRef, bool)>) -> StructArray {
    let fields: Fields = (columns.iter())
        .map(|(name, a, nullable)| Field::new(*name, a.data_type().clone(), *nullable))
        .collect();
    let arrays = columns.into_iter().map(|(_, a, _)| a).collect();
    StructArray::new(fields, arrays, None)
}
