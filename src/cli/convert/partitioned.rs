//! `convert --partition-by`: the run that writes a partitioned table, every file of it or none.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use super::super::args::DataFormat;
use super::super::output::{Transaction, ensure_dir};
use super::super::{Exit, shown, trouble};
use super::parquet::partition::{PartitionedSink, Written};
use super::{Config, Converter, Tally};
use seega::table::Table;

/// Writes the games or the turns table into the new directory `dir`, partitioned by
/// `--partition-by`'s column (`parquet::partition`): every file or none, the directories made removed again when
/// the run fails.
pub(super) fn partitioned(config: &Config, dir: &Path, tally: &mut Tally) -> Result<(), Exit> {
    let column = config.partition_by.as_deref().unwrap_or_default();
    let table = match config.to {
        DataFormat::Parquet => Table::Games,
        DataFormat::ParquetTurns => Table::Turns,
        _ => {
            trouble(format_args!(
                "`--partition-by` writes a Parquet table: it needs `--to parquet` or `--to parquet-turns`"
            ));
            return Err(Exit::Trouble);
        }
    };
    let empty = |d: &Path| std::fs::read_dir(d).is_ok_and(|mut e| e.next().is_none());
    if std::fs::symlink_metadata(dir).is_ok() && !empty(dir) {
        trouble(format_args!(
            "`{}` exists: `--partition-by` writes a new directory (or an empty one), whose partitions are the table",
            shown(dir)
        ));
        return Err(Exit::Trouble);
    }
    let written = Rc::new(RefCell::new(Written {
        tx: Transaction::new(config.sources.stamps()),
        made: Vec::new(),
    }));
    let sink = PartitionedSink::new(table, column, dir, config.row_group, Rc::clone(&written))
        .map_err(|why| {
            trouble(format_args!("{why}"));
            Exit::Trouble
        })?;
    let converted = Converter {
        config,
        printer: Box::new(sink),
        w: &mut std::io::sink(),
        tally,
        begun: false,
    }
    .all();
    // The printer is gone with the converter: the outputs are this function's alone.
    let Ok(written) = Rc::try_unwrap(written) else {
        trouble(format_args!("nothing was written to `{}`", shown(dir)));
        return Err(Exit::Trouble);
    };
    let Written { tx, made } = written.into_inner();
    let failed = match converted {
        Err(e) => Some(e),
        Ok(()) if tally.trouble => None,
        Ok(()) => {
            let Err(e) = tx.commit() else {
                // (With no game, no partition made the directory: the table is then the
                // empty directory.)
                return ensure_dir(dir).map_err(|e| {
                    trouble(format_args!("cannot make `{}`: {e}", shown(dir)));
                    Exit::Trouble
                });
            };
            e.report();
            return Err(unmade(&made, dir));
        }
    };
    // Dropped uncommitted, the transaction takes its files with it.
    drop(tx);
    if let Some(e) = failed {
        trouble(format_args!("{e}"));
    }
    Err(unmade(&made, dir))
}

/// Removes the directories `made` (the empty ones: all, once their files are gone) and says
/// that nothing was written to `dir`.
fn unmade(made: &[PathBuf], dir: &Path) -> Exit {
    for d in made.iter().rev() {
        let _ = std::fs::remove_dir(d);
    }
    trouble(format_args!("nothing was written to `{}`", shown(dir)));
    Exit::Trouble
}
