//! A table's rows as an Arrow record batch: the leaves ([`Leaf`]: repetition and definition
//! levels and the non-null values, as Parquet stores a column) assembled into Arrow arrays
//! along the schema, the inverse of the shredding that made them.
//!
//! Each field of the schema is a node with the definition level at which a slot of it exists
//! and the repetition level of the innermost list around it. Walking a leaf's entries, an
//! entry whose definition level reaches a node's makes a slot of it, and, for a list, one
//! whose repetition level is at most the level around the list starts a new list while one at
//! the list's own level adds an item to it; the items are the node below, one level deeper.
//! Structs share their parent's slots; a leaf's slot is a value when its definition level is
//! the column's highest and a null otherwise. The tables' schemas hold no nullable list or
//! struct; such a field is refused with an error, as is a leaf that disagrees with its field.
//!
//! ```
//! use seega::render::game_view::visit_object;
//! use seega::table::{Table, arrow::record_batch};
//!
//! let text = "1. a1,b1 e5,d5 *\n";
//! let opts = seega::validate::Options::default();
//! let mut rows = Table::Turns.rows();
//! seega::archive::for_each_object(&seega::notation::Source::from_text(text), "cup.sgn", &opts,
//!     &mut |o| { visit_object(&o, rows.as_mut()); Ok::<(), ()>(()) }).unwrap();
//! let part = rows.finish(0);
//! let batch = record_batch(&Table::Turns.schema(), part.leaves)?;
//! assert_eq!(batch.num_rows(), 2);
//! # Ok::<(), arrow_schema::ArrowError>(())
//! ```

use std::sync::Arc;

use arrow_array::{
    ArrayRef, BooleanArray, Int64Array, ListArray, MapArray, RecordBatch, StringArray, StructArray,
};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, Fields, Schema};

use super::column::{Leaf, Values};

/// The record batch of `schema` that `leaves` (one per leaf column of `schema`, in order)
/// hold; an error when they do not fit it.
pub fn record_batch(schema: &Schema, leaves: Vec<Leaf>) -> Result<RecordBatch, ArrowError> {
    let mut leaves = leaves.into_iter();
    let mut columns = Vec::with_capacity(schema.fields().len());
    for field in schema.fields() {
        columns.push(node(field, Level { def: 0, rep: 0 }, &mut leaves)?);
    }
    if leaves.next().is_some() {
        return Err(misfit("more leaves than the schema's columns"));
    }
    let rows = columns.first().map_or(0, |c| c.len());
    let options = arrow_array::RecordBatchOptions::new().with_row_count(Some(rows));
    RecordBatch::try_new_with_options(Arc::new(schema.clone()), columns, &options)
}

/// Where a node's slots are: the definition level a slot of it exists at, and the repetition
/// level of the innermost list around it.
#[derive(Debug, Clone, Copy)]
struct Level {
    def: u8,
    rep: u8,
}

fn misfit(what: &str) -> ArrowError {
    ArrowError::InvalidArgumentError(format!("the rows do not fit the table's schema: {what}"))
}

/// The array of the field `field`, whose slots are at `at`, from the leaves under it.
fn node(
    field: &Field,
    at: Level,
    leaves: &mut std::vec::IntoIter<Leaf>,
) -> Result<ArrayRef, ArrowError> {
    match field.data_type() {
        DataType::List(item) => {
            let (offsets, child) = list(field, item, at, leaves)?;
            Ok(Arc::new(ListArray::try_new(
                item.clone(),
                offsets,
                child,
                None,
            )?))
        }
        DataType::Map(entries, sorted) => {
            let (offsets, child) = list(field, entries, at, leaves)?;
            let DataType::Struct(_) = entries.data_type() else {
                return Err(misfit("a map whose entries are not a struct"));
            };
            let child = child
                .as_any()
                .downcast_ref::<StructArray>()
                .ok_or_else(|| misfit("a map's entries"))?
                .clone();
            let map = MapArray::try_new(entries.clone(), offsets, child, None, *sorted)?;
            Ok(Arc::new(map))
        }
        DataType::Struct(fields) => {
            if field.is_nullable() {
                return Err(misfit("a nullable struct"));
            }
            structure(fields, at, leaves)
        }
        _ => {
            let leaf = leaves
                .next()
                .ok_or_else(|| misfit("fewer leaves than columns"))?;
            let def = at.def + u8::from(field.is_nullable());
            if leaf.max_def != def || leaf.max_rep != at.rep {
                return Err(misfit(&format!("the levels of `{}`", field.name())));
            }
            primitive(field, at, leaf)
        }
    }
}

/// The struct of `fields` whose slots are at `at`.
fn structure(
    fields: &Fields,
    at: Level,
    leaves: &mut std::vec::IntoIter<Leaf>,
) -> Result<ArrayRef, ArrowError> {
    let mut arrays = Vec::with_capacity(fields.len());
    for f in fields {
        arrays.push(node(f, at, leaves)?);
    }
    Ok(Arc::new(StructArray::try_new(
        fields.clone(),
        arrays,
        None,
    )?))
}

/// A list's offsets (from the first leaf under it) and its items' array.
fn list(
    field: &Field,
    item: &Field,
    at: Level,
    leaves: &mut std::vec::IntoIter<Leaf>,
) -> Result<(OffsetBuffer<i32>, ArrayRef), ArrowError> {
    if field.is_nullable() {
        return Err(misfit("a nullable list"));
    }
    let first = leaves
        .as_slice()
        .first()
        .ok_or_else(|| misfit("fewer leaves than columns"))?;
    let own = at.rep + 1;
    if first.max_rep < own || first.def.len() != first.rep.len() {
        return Err(misfit(&format!("the levels of `{}`", field.name())));
    }
    let mut offsets = Vec::with_capacity(first.rep.len() + 1);
    let mut items: i32 = 0;
    for (&def, &rep) in first.def.iter().zip(&first.rep) {
        if def < at.def {
            continue;
        }
        if rep <= at.rep {
            offsets.push(items);
        }
        if def > at.def && rep <= own {
            items += 1;
        }
    }
    offsets.push(items);
    let items_at = Level {
        def: at.def + 1,
        rep: own,
    };
    let child = node(item, items_at, leaves)?;
    if child.len() != items as usize {
        return Err(misfit(&format!("the items of `{}`", field.name())));
    }
    Ok((OffsetBuffer::new(ScalarBuffer::from(offsets)), child))
}

/// Which slots of a leaf at `at` hold a value (`None` when every one does), and how many
/// slots there are.
fn slots(leaf: &Leaf, at: Level) -> (Option<BooleanBuffer>, usize) {
    if leaf.max_def == 0 {
        return (None, leaf.values.len());
    }
    let max = leaf.max_def;
    let n = if at.def == 0 {
        leaf.def.len()
    } else {
        leaf.def.iter().filter(|&&d| d >= at.def).count()
    };
    if leaf.values.len() == n {
        return (None, n);
    }
    let present = (leaf.def.iter())
        .filter(|&&d| d >= at.def)
        .map(|&d| d == max)
        .collect();
    (Some(present), n)
}

/// The array of a leaf column's values, a null in each slot with none. The values are moved
/// into the array where they are laid out as Arrow lays them (integers, and texts with no
/// null among them).
fn primitive(field: &Field, at: Level, leaf: Leaf) -> Result<ArrayRef, ArrowError> {
    let (present, n) = slots(&leaf, at);
    let values = present.as_ref().map_or(n, BooleanBuffer::count_set_bits);
    if values != leaf.values.len() {
        return Err(misfit(&format!("the values of `{}`", field.name())));
    }
    let nulls = present.clone().map(NullBuffer::new);
    let present = present.as_ref();
    // The value number of each slot, `None` for a null.
    let numbers = || {
        let mut next = 0;
        (0..n).map(move |i| {
            let here = present.is_none_or(|p| p.value(i));
            here.then(|| {
                next += 1;
                next - 1
            })
        })
    };
    let array: ArrayRef = match (leaf.values, field.data_type()) {
        (Values::Int(v), DataType::Int64) => {
            let all: Vec<i64> = match &nulls {
                None => v,
                Some(_) => numbers().map(|k| k.map_or(0, |k| v[k])).collect(),
            };
            Arc::new(Int64Array::try_new(ScalarBuffer::from(all), nulls)?)
        }
        (Values::Bool(v), DataType::Boolean) => {
            let all: BooleanBuffer = numbers().map(|k| k.is_some_and(|k| v[k])).collect();
            Arc::new(BooleanArray::new(all, nulls))
        }
        (Values::Text { bytes, ends }, DataType::Utf8) if nulls.is_none() => {
            let mut offsets = Vec::with_capacity(ends.len() + 1);
            offsets.push(0i32);
            for end in ends {
                offsets.push(i32::try_from(end).map_err(|_| too_long())?);
            }
            let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
            Arc::new(StringArray::try_new(offsets, Buffer::from(bytes), None)?)
        }
        (values @ (Values::Text { .. } | Values::Coded { .. }), DataType::Utf8) => {
            Arc::new(texts(&values, present, n, nulls)?)
        }
        _ => return Err(misfit(&format!("the type of `{}`", field.name()))),
    };
    Ok(array)
}

/// The string array of `n` slots of texts or coded texts, `present` saying which slots hold
/// the next value (every one when `None`).
fn texts(
    values: &Values,
    present: Option<&BooleanBuffer>,
    n: usize,
    nulls: Option<NullBuffer>,
) -> Result<StringArray, ArrowError> {
    // Coded values' names, by number; texts that name none are looked up in the values.
    let names: Vec<&[u8]> = match values {
        Values::Coded { names, .. } => (0..names.len()).map(|c| names.name(c)).collect(),
        _ => Vec::new(),
    };
    let codes = match values {
        Values::Coded { codes, .. } => codes.as_slice(),
        _ => &[],
    };
    let (mut bytes, mut offsets) = (Vec::with_capacity(2 * n), Vec::with_capacity(n + 1));
    offsets.push(0i32);
    let mut k = 0;
    for i in 0..n {
        if present.is_none_or(|p| p.value(i)) {
            let text = match codes.get(k).and_then(|c| names.get(*c as usize)) {
                Some(name) => name,
                None => values.text(k),
            };
            match *text {
                [a, b] => bytes.extend([a, b]),
                _ => bytes.extend_from_slice(text),
            }
            k += 1;
        }
        // Checked once at the end: the lengths only grow.
        offsets.push(bytes.len() as i32);
    }
    if i32::try_from(bytes.len()).is_err() {
        return Err(too_long());
    }
    let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
    StringArray::try_new(offsets, Buffer::from(bytes), nulls)
}

fn too_long() -> ArrowError {
    misfit("a column's text past 2 GiB")
}
