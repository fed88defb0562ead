//! Pickling: the private constructors `pickle` calls back (`seega._seega._problem`, …) and the
//! `__reduce__` values that name them, so that a `Game`, a `Verdict` and what they hold cross
//! process boundaries (`multiprocessing`) and come back equal.

use std::io::Read;
use std::sync::Arc;

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use seega::{GameReader, Options};

use crate::game::{Game, Problem, Turn, Verdict};
use crate::position::ruleset;

/// The fields of a `Problem`, in the order of its declaration.
pub type ProblemFields = (
    String,
    String,
    String,
    String,
    String,
    usize,
    Option<u64>,
    usize,
    usize,
    usize,
    usize,
);

/// The fields of a `Turn`, in the order of its declaration.
pub type TurnFields = (
    u64,
    Option<String>,
    String,
    String,
    Vec<String>,
    Vec<String>,
    bool,
);

/// What a pickled `Game` holds: its text as read (preceded by the spaces before it on its
/// first line, with the bytes that were not UTF-8 as they were), its file line, number, file
/// name, the length of a stretch skipped unread (0 for a game), and its reader's options (the
/// rules for games without a Rules tag, `auto`, `force`).
pub type GameState = (Vec<u8>, usize, usize, String, usize, (String, bool, bool));

/// `(constructor, args)`: what `__reduce__` returns for the private constructor `name`.
pub fn reduce<'py>(
    py: Python<'py>,
    name: &str,
    args: impl IntoPyObject<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let constructor = py.import("seega._seega")?.getattr(name)?;
    PyTuple::new(py, [constructor, args.into_bound_py_any(py)?])
}

/// The problem of `fields` (pickle's constructor of `Problem`).
#[pyfunction]
pub fn _problem(fields: ProblemFields) -> Problem {
    let (code, severity, message, help, file, game, turn, line, column, end_line, end_column) =
        fields;
    Problem {
        code,
        severity,
        message,
        help,
        file,
        game,
        turn,
        line,
        column,
        end_line,
        end_column,
    }
}

/// The turn of `fields` (pickle's constructor of `Turn`).
#[pyfunction]
pub fn _turn(fields: TurnFields) -> Turn {
    let (number, side, kind, notation, captures, comments, legal) = fields;
    Turn {
        number,
        side,
        kind,
        notation,
        captures,
        comments,
        legal,
    }
}

/// The verdict of its fields (pickle's constructor of `Verdict`).
#[pyfunction]
pub fn _verdict(valid: bool, problems: Vec<Bound<'_, Problem>>, legal_turns: u64) -> Verdict {
    Verdict {
        valid,
        problems: problems.iter().map(|p| p.get().clone()).collect(),
        legal_turns,
    }
}

/// The game of `state` (pickle's constructor of `Game`): its text read back by the library's
/// reader after as many line breaks as lines stood before it, so that its lines, columns and
/// problems are the file's. A stretch skipped unread is read back after a game of one `*` on
/// the first line (the line breaks after a game are its own), followed by as many bytes as it
/// had.
#[pyfunction]
pub fn _game(py: Python<'_>, state: GameState) -> PyResult<Game> {
    let (source, line, number, file, skipped, (rules, auto, force)) = state;
    let options = Options::default()
        .default_rules(ruleset(&rules)?)
        .auto_rules(auto)
        .force_rules(force);
    let before = line.saturating_sub(1);
    let star: &[u8] = if skipped > 0 && before > 0 { b"*" } else { b"" };
    let filler = skipped.saturating_sub(source.len() + 1);
    let records = py.detach(|| {
        let input = star
            .chain(std::io::repeat(b'\n').take(before as u64))
            .chain(&source[..])
            .chain(std::io::repeat(b'x').take(filler as u64))
            .chain(&b"\n"[..]);
        GameReader::new(input).collect::<Result<Vec<_>, _>>()
    });
    let wanted = 1 + star.len();
    match records {
        Ok(records) if records.len() == wanted && records[wanted - 1].line() == line => {
            let record = records[wanted - 1].clone();
            Ok(Game::numbered(record, number, options, Arc::from(file)))
        }
        _ => Err(PyValueError::new_err(format!(
            "the pickled game {number} of `{file}` does not read back as one game"
        ))),
    }
}
