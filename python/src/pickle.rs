//! Pickling: the private constructors `pickle` calls back (`seega._seega._problem`, …) and the
//! `__reduce__` values that name them, so that a `Game`, a `Verdict` and what they hold cross
//! process boundaries (`multiprocessing`) and come back equal.

use std::sync::Arc;

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use seega::{Options, RecordedGame, RecordedParts};

use crate::game::{Game, Problem, Verdict};
use crate::position::ruleset;
use crate::turn::{RecordedTurn, Turn};
use crate::variation::Variation;

/// The fields of a `Problem`, in the order of its declaration.
pub type ProblemFields = (
    String,
    String,
    String,
    String,
    String,
    usize,
    Option<u64>,
    Option<String>,
    usize,
    usize,
    usize,
    usize,
);

/// The fields of a `RecordedTurn`, in the order of its declaration.
pub type TurnFields = (
    u64,
    Option<String>,
    String,
    String,
    Vec<String>,
    Vec<String>,
    bool,
    Option<Turn>,
    Vec<Variation>,
);

/// The fields of a `Variation`, in the order of its declaration.
pub type VariationFields = (
    String,
    u64,
    Vec<RecordedTurn>,
    Vec<String>,
    Vec<u32>,
    Option<String>,
);

/// What a pickled `Game` holds: its text as read (with the bytes that were not UTF-8 as they
/// were), its file line and the characters before it on that line, its number, file
/// name, the length of a stretch skipped unread (0 for a game), and its reader's options (the
/// rules for games without a Rules tag, `auto`, `force`).
pub type GameState = (RecordParts, String, (String, bool, bool));

/// A record's parts (`seega::RecordedParts`): text, invalid stretches, start, line, column,
/// number and skipped length.
pub type RecordParts = (
    String,
    Vec<(usize, usize)>,
    usize,
    usize,
    usize,
    usize,
    usize,
);

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
    let (
        code,
        severity,
        message,
        help,
        file,
        game,
        turn,
        variation,
        line,
        column,
        end_line,
        end_column,
    ) = fields;
    Problem {
        code,
        severity,
        message,
        help,
        file,
        game,
        turn,
        variation,
        line,
        column,
        end_line,
        end_column,
    }
}

/// The recorded turn of `fields` (pickle's constructor of `RecordedTurn`).
#[pyfunction]
pub fn _recorded_turn(fields: TurnFields) -> RecordedTurn {
    let (number, side, kind, notation, captures, comments, legal, turn, variations) = fields;
    RecordedTurn {
        number,
        side,
        kind,
        notation,
        captures,
        comments,
        legal,
        turn,
        variations,
    }
}

/// The variation of `fields` (pickle's constructor of `Variation`).
#[pyfunction]
pub fn _variation(fields: VariationFields) -> Variation {
    let (path, parent_turn, turns, comments, nags, result) = fields;
    Variation {
        path,
        parent_turn,
        turns,
        comments,
        nags,
        result,
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

/// The record's parts a pickle holds: those [`GameState`] writes, or those of a pickle made
/// before the column was kept, six parts without it, whose text was preceded by a space for
/// each character before it on its first line (`start` of them): the column is then 0.
#[derive(FromPyObject)]
pub enum PickledParts {
    /// Text, invalid stretches, start, line, column, number and skipped length.
    Now(RecordParts),
    /// Text, invalid stretches, start, line, number and skipped length.
    Padded((String, Vec<(usize, usize)>, usize, usize, usize, usize)),
}

/// The game of `state` (pickle's constructor of `Game`): its record made again from its parts
/// (`RecordedGame::from_parts`), so that its lines, columns and problems are the file's.
#[pyfunction]
pub fn _game(state: (PickledParts, String, (String, bool, bool))) -> PyResult<Game> {
    let (parts, file, (rules, auto, force)) = state;
    let (text, invalid, start, line, column, number, skipped) = match parts {
        PickledParts::Now(p) => p,
        PickledParts::Padded((text, invalid, start, line, number, skipped)) => {
            (text, invalid, start, line, 0, number, skipped)
        }
    };
    let options = Options::default()
        .default_rules(ruleset(&rules)?)
        .auto_rules(auto)
        .force_rules(force);
    let parts = RecordedParts {
        text,
        invalid,
        start,
        line,
        column,
        number,
        skipped,
    };
    let record = RecordedGame::from_parts(parts)
        .map_err(|why| PyValueError::new_err(format!("a pickled game of `{file}`: {why}")))?;
    Ok(Game::new(record, options, Arc::from(file)))
}
