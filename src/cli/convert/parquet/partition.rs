//! `convert --to parquet|parquet-turns --partition-by COLUMN -o DIR`: a table cut by the value
//! of one of its columns into Hive-style directories, `DIR/COLUMN=VALUE/part-0001.parquet`, as
//! Spark, DuckDB and polars write a partitioned table and read it back as one. Each file is the
//! table without that column (a reader takes its value from the directory's name), its row
//! groups cut as those of one file are.
//!
//! Each chunk's rows are routed to their partitions' leaves in one pass a leaf
//! ([`Leaf::route`]), and each partition has its own [`ParquetSink`], encoding on the printing
//! thread, writing to its own output of the run's [`Transaction`]: every file is committed
//! together at the end, or none.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use arrow_schema::{DataType, Schema};
use seega::archive::convert::{ChunkRows, RowMaker, Target};
use seega::render::game_json::GameObject;
use seega::render::game_view::visit_object;
use seega::render::terminal::escape;

use super::super::super::output::{Output, Transaction, ensure_dir};
use super::super::super::shown;
use super::super::print::{GamePrinter, NotWritten};
use super::ParquetSink;
use seega::table::{Leaf, Values};
use seega::table::{Part, Rows, Table, part_of};

/// The most partitions a run writes: each holds an open file until the end.
pub const MAX_PARTITIONS: usize = 256;

/// The directory name's value of a null (or empty) value, as Hive and Spark write it.
pub const NULL_PARTITION: &str = "__HIVE_DEFAULT_PARTITION__";

/// What a partitioned run writes to: its transaction, and the directories it made (removed
/// again, when empty, if the run fails).
#[derive(Default)]
pub struct Written {
    pub tx: Transaction,
    pub made: Vec<PathBuf>,
}

/// The columns of `table` a run can be partitioned by: those holding one text, integer or
/// boolean a row.
pub fn partition_columns(table: Table) -> Vec<String> {
    let schema = table.schema();
    (schema.fields().iter())
        .filter(|f| scalar(f.data_type()))
        .map(|f| f.name().clone())
        .collect()
}

fn scalar(t: &DataType) -> bool {
    matches!(t, DataType::Utf8 | DataType::Int64 | DataType::Boolean)
}

/// The leaf columns of a field of type `t`.
fn leaves_of(t: &DataType) -> usize {
    match t {
        DataType::List(item) => leaves_of(item.data_type()),
        DataType::Map(entries, _) => leaves_of(entries.data_type()),
        DataType::Struct(fields) => fields.iter().map(|f| leaves_of(f.data_type())).sum(),
        _ => 1,
    }
}

/// `value` as a directory name's value: `%XX` for the bytes Hive and Spark escape (controls,
/// `"#%'*/:=?\{[]^` and DEL), [`NULL_PARTITION`] for a null or empty value.
pub fn hive_value(value: Option<&str>) -> String {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return NULL_PARTITION.to_owned();
    };
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        let escaped = c.is_ascii_control() || "\"#%'*/:=?\\{[]^".contains(c);
        if escaped {
            out.push_str(&format!("%{:02X}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether two rows' values (their numbers among `values`, `None` for a null) are equal.
fn same(values: &Values, a: Option<usize>, b: Option<usize>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => values.same(a, b),
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// One partition: its rows' printer and its file.
struct Partition {
    sink: ParquetSink,
    out: Output,
    path: PathBuf,
}

impl Partition {
    /// Writes `part` to the partition's file.
    fn write(&mut self, tx: &mut Transaction, part: Part) -> std::io::Result<()> {
        let written = self.sink.write(tx.writer(self.out), part);
        written.map_err(|e| self.failed(&e))
    }

    /// Ends the partition's file.
    fn end(&mut self, tx: &mut Transaction) -> std::io::Result<()> {
        let ended = self.sink.end(tx.writer(self.out));
        ended.map_err(|e| self.failed(&e))
    }

    /// The error `e`, naming the file it happened to.
    fn failed(&self, e: &std::io::Error) -> std::io::Error {
        std::io::Error::other(format!("cannot write `{}`: {e}", shown(&self.path)))
    }
}

/// A table written partitioned by one column (see the module's documentation).
pub struct PartitionedSink {
    column: String,
    /// The table written.
    table: Table,
    /// The column's leaf among the table's leaves.
    leaf: usize,
    /// The table's schema without the column.
    schema: Schema,
    dir: PathBuf,
    row_group: usize,
    written_to: Rc<RefCell<Written>>,
    parts: Vec<Partition>,
    by_value: HashMap<Option<String>, usize>,
    /// Rows of a game read from JSON.
    own: Box<dyn Rows>,
    written: usize,
}

impl PartitionedSink {
    /// A printer of `table` into `dir`, partitioned by `column` (one of
    /// [`partition_columns`]), `row_group` games to a row group, writing through `written_to`;
    /// the reason `column` is none, if it is not.
    pub fn new(
        table: Table,
        column: &str,
        dir: &Path,
        row_group: usize,
        written_to: Rc<RefCell<Written>>,
    ) -> Result<PartitionedSink, String> {
        let full = table.schema();
        let at = (full.fields().iter())
            .position(|f| f.name() == column && scalar(f.data_type()))
            .ok_or_else(|| {
                format!(
                    "`{}` is not a column of the {} table that holds one value a row: `--partition-by` takes one of {}",
                    escape(column),
                    table.name(),
                    partition_columns(table).join(", ")
                )
            })?;
        let leaf = (full.fields().iter().take(at))
            .map(|f| leaves_of(f.data_type()))
            .sum();
        let fields: Vec<_> = (full.fields().iter())
            .filter(|f| f.name() != column)
            .cloned()
            .collect();
        Ok(PartitionedSink {
            column: column.to_owned(),
            table,
            leaf,
            schema: Schema::new_with_metadata(fields, full.metadata().clone()),
            dir: dir.to_path_buf(),
            row_group,
            written_to,
            parts: Vec::new(),
            by_value: HashMap::new(),
            own: table.rows(),
            written: 0,
        })
    }

    /// The partition of `value`, begun (its directory and file) when it is new.
    fn partition(&mut self, value: Option<String>) -> std::io::Result<usize> {
        if let Some(&k) = self.by_value.get(&value) {
            return Ok(k);
        }
        if self.parts.len() == MAX_PARTITIONS {
            return Err(std::io::Error::other(format!(
                "the games have more than {MAX_PARTITIONS} values of `{}`, the most partitions a run writes: partition by a column with fewer values",
                self.column
            )));
        }
        let name = format!("{}={}", self.column, hive_value(value.as_deref()));
        let dir = self.dir.join(name);
        let mut written = self.written_to.borrow_mut();
        for d in [&self.dir, &dir] {
            if !d.exists() {
                ensure_dir(d).map_err(|e| {
                    std::io::Error::other(format!("cannot make `{}`: {e}", shown(d)))
                })?;
                written.made.push(d.clone());
            }
        }
        let path = dir.join("part-0001.parquet");
        let out = (written.tx.create(&path)).map_err(|e| {
            std::io::Error::other(format!(
                "cannot write `{}`: {}",
                shown(&e.path),
                e.why.message()
            ))
        })?;
        let sink = ParquetSink::with_schema(self.table, self.schema.clone(), self.row_group);
        self.parts.push(Partition { sink, out, path });
        self.by_value.insert(value, self.parts.len() - 1);
        Ok(self.parts.len() - 1)
    }

    /// Hands each row of `part` to its partition.
    fn route(&mut self, mut part: Part) -> std::io::Result<()> {
        let Some(column) = part.leaves.get(self.leaf) else {
            return Err(std::io::Error::other("rows without the partition's column"));
        };
        let values = column.row_values();
        // Each row's partition, as a number among those of this part; a row's value is made
        // into text and looked up only when it is not the row before's.
        let (mut slots, mut touched) = (Vec::with_capacity(values.len()), Vec::new());
        let mut last: Option<(Option<usize>, usize)> = None;
        for value in values {
            let k = match last {
                Some((before, k)) if same(&column.values, before, value) => k,
                _ => self.partition(value.map(|i| column.values.shown(i)))?,
            };
            last = Some((value, k));
            let slot = match touched.iter().position(|&t| t == k) {
                Some(s) => s,
                None => {
                    touched.push(k);
                    touched.len() - 1
                }
            };
            slots.push(slot);
        }
        if let [k] = touched[..] {
            // Every game of the part in one partition (the common case): its leaves as they are.
            part.leaves.remove(self.leaf);
            return self.parts[k].write(&mut self.written_to.borrow_mut().tx, part);
        }
        let mut leaves: Vec<Vec<Leaf>> = touched.iter().map(|_| Vec::new()).collect();
        for (j, leaf) in part.leaves.iter().enumerate() {
            if j == self.leaf {
                continue;
            }
            let mut outs: Vec<Leaf> = touched.iter().map(|_| leaf.empty_like()).collect();
            leaf.route(&slots, &mut outs);
            for (into, out) in leaves.iter_mut().zip(outs) {
                into.push(out);
            }
        }
        // Each game's rows and weight, shared among the partitions its rows went to.
        let mut games: Vec<Vec<(usize, usize)>> = touched.iter().map(|_| Vec::new()).collect();
        let mut row = 0;
        for (rows, weight) in part.games.drain(..) {
            let mut counts = vec![0; touched.len()];
            for &slot in slots.iter().skip(row).take(rows) {
                counts[slot] += 1;
            }
            row += rows;
            for (slot, n) in counts.into_iter().enumerate().filter(|(_, n)| *n > 0) {
                games[slot].push((n, weight * n / rows.max(1)));
            }
        }
        let tx = &mut self.written_to.borrow_mut().tx;
        for ((k, leaves), games) in touched.iter().zip(leaves).zip(games) {
            self.parts[*k].write(tx, Part { leaves, games })?;
        }
        Ok(())
    }
}

impl GamePrinter for PartitionedSink {
    fn game(&mut self, _w: &mut dyn Write, g: &GameObject) -> Result<(), NotWritten> {
        visit_object(g, self.own.as_mut());
        self.written += 1;
        let part = self.own.finish(0);
        self.route(part).map_err(Err)
    }

    fn rows(&self) -> Option<&'static dyn RowMaker> {
        Some(self.table.maker())
    }

    fn take_rows(
        &mut self,
        _w: &mut dyn Write,
        rows: Box<dyn ChunkRows>,
        before: usize,
    ) -> std::io::Result<()> {
        let part = part_of(rows, before)?;
        self.written += part.games.len();
        self.route(part)
    }

    fn end(&mut self, _w: &mut dyn Write) -> std::io::Result<()> {
        let tx = &mut self.written_to.borrow_mut().tx;
        for p in &mut self.parts {
            p.end(tx)?;
        }
        Ok(())
    }

    fn target(&self) -> Target {
        Target::Jsonl
    }

    fn written(&mut self) -> &mut usize {
        &mut self.written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_as_hive_escapes_them() {
        for (value, name) in [
            (Some("standard"), "standard"),
            (Some("standard size=7"), "standard size%3D7"),
            (Some("a/b\\c:d"), "a%2Fb%5Cc%3Ad"),
            (Some("50% {x}"), "50%25 %7Bx}"),
            (Some("Fête"), "Fête"),
            (Some("tab\there"), "tab%09here"),
            (Some(""), NULL_PARTITION),
            (None, NULL_PARTITION),
        ] {
            assert_eq!(hive_value(value), name, "{value:?}");
        }
    }

    #[test]
    fn only_columns_of_one_value_a_game_partition() {
        let columns = partition_columns(Table::Games);
        for name in [
            "file",
            "rules",
            "rules_size",
            "valid",
            "result",
            "tag_event",
        ] {
            assert!(columns.iter().any(|c| c == name), "{name}");
        }
        for name in ["turns", "errors", "tags", "nothing"] {
            let written = Rc::new(RefCell::new(Written::default()));
            let why = PartitionedSink::new(Table::Games, name, Path::new("d"), 10, written).err();
            assert!(why.is_some_and(|w| w.contains("rules_size")), "{name}");
        }
    }
}
