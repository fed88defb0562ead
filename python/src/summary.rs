//! `seega.CheckSummary`: what `check_file` found, as `seega check --format jsonl` says it.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use seega::CheckReport;

use crate::game::Problem;

/// The counts of `seega check`'s summary line for one file, and every problem it reports.
#[pyclass(module = "seega", frozen, get_all)]
pub struct CheckSummary {
    /// Files read.
    pub files: usize,
    /// Games found.
    pub games: usize,
    /// Games without errors.
    pub valid: usize,
    /// Games with errors.
    pub invalid: usize,
    /// Errors reported.
    pub errors: usize,
    /// Warnings reported.
    pub warnings: usize,
    /// Every problem, in file order.
    pub problems: Vec<Problem>,
}

impl CheckSummary {
    /// The summary of no file.
    pub fn empty() -> CheckSummary {
        CheckSummary {
            files: 0,
            games: 0,
            valid: 0,
            invalid: 0,
            errors: 0,
            warnings: 0,
            problems: Vec::new(),
        }
    }

    /// Adds the report of one more file, as `seega check` adds up the files it reads.
    pub fn add(&mut self, report: CheckReport) {
        let s = report.summary;
        self.files += s.files;
        self.games += s.games;
        self.valid += s.valid;
        self.invalid += s.invalid;
        self.errors += s.errors;
        self.warnings += s.warnings;
        (self.problems).extend(report.diagnostics.into_iter().map(Problem::from));
    }
}

#[pymethods]
impl CheckSummary {
    /// The summary line of `seega check --format jsonl`, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("type", "summary")?;
        d.set_item("files", self.files)?;
        d.set_item("games", self.games)?;
        d.set_item("valid", self.valid)?;
        d.set_item("invalid", self.invalid)?;
        d.set_item("errors", self.errors)?;
        d.set_item("warnings", self.warnings)?;
        Ok(d)
    }

    /// Whether every game is valid.
    fn __bool__(&self) -> bool {
        self.invalid == 0 && self.errors == 0
    }

    /// `CheckSummary(games=…, valid=…, invalid=…, errors=…, warnings=…)`.
    fn __repr__(&self) -> String {
        format!(
            "CheckSummary(games={}, valid={}, invalid={}, errors={}, warnings={})",
            self.games, self.valid, self.invalid, self.errors, self.warnings
        )
    }
}
