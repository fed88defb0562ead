//! `seega.Variation`: a line of a game that was not played, an alternative to one of its turns
//! (the library's `LineObject`), and what finds lines by their path and replays along them.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use seega::notation::LinePath;
use seega::render::game_json::{GameObject, LineObject, TurnObject};

use crate::board::Replayed;
use crate::pickle;
use crate::turn::RecordedTurn;

/// A variation: an alternative to one turn of the line it branches from, replayed from the
/// position before that turn, with its turns as written (each with its own variations), the
/// comments and glyphs before its first turn, and the result written at its end. Equal by
/// value (not hashable: its turns are a list).
#[pyclass(module = "seega", frozen, get_all, eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct Variation {
    /// Its line path: `"14.1"` is the first variation after turn 14 of the main line,
    /// `"14.1/16.2"` the second after turn 16 of that one.
    pub path: String,
    /// The number of the turn it is an alternative to (its first turn's number).
    pub parent_turn: u64,
    /// Its turns as written, legal or not, each with its own `variations`.
    pub turns: Vec<RecordedTurn>,
    /// The comments written before its first turn.
    pub comments: Vec<String>,
    /// The `$N` glyphs written before its first turn.
    pub nags: Vec<u32>,
    /// The result written at its end (`"*"`, `"1-0"`, …), or `None`.
    pub result: Option<String>,
}

impl From<&LineObject> for Variation {
    fn from(l: &LineObject) -> Variation {
        let path = l.path.parse::<LinePath>().ok();
        Variation {
            path: l.path.clone(),
            parent_turn: branch_turn(path.as_ref()).unwrap_or_default(),
            turns: l.turns.iter().map(RecordedTurn::from).collect(),
            comments: l.comments.iter().map(|c| c.text.clone()).collect(),
            nags: l.nags.clone(),
            result: l.result.clone(),
        }
    }
}

/// The turn the line `path` is an alternative to; `None` for the main line.
fn branch_turn(path: Option<&LinePath>) -> Option<u64> {
    path?.branches().last().map(|b| b.turn)
}

#[pymethods]
impl Variation {
    /// The path of the line it branches from (`""` for the main line): `"14.1"` for
    /// `"14.1/16.2"`, as python-chess's `parent` leads back up the tree.
    #[getter]
    fn parent_line(&self) -> String {
        let path = self.path.parse::<LinePath>().ok();
        path.and_then(|p| p.parent())
            .map(|p| p.to_string())
            .unwrap_or_default()
    }

    /// How deep it nests: 1 for a variation of the main line, 2 for one inside it, ...
    #[getter]
    fn depth(&self) -> usize {
        self.path.parse::<LinePath>().map_or(0, |p| p.depth())
    }
    /// What `pickle` keeps: every field.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let v = self.clone();
        let fields = (v.path, v.parent_turn, v.turns, v.comments, v.nags, v.result);
        pickle::reduce(py, "_variation", (fields,))
    }

    /// `Variation(path="14.1", turns=3)`.
    fn __repr__(&self) -> String {
        format!(
            "Variation(path={:?}, turns={})",
            self.path,
            self.turns.len()
        )
    }
}

/// Every variation of the turns `turns`, each followed by those inside it: in file order.
pub fn every_line(turns: &[TurnObject], out: &mut Vec<Variation>) {
    for t in turns {
        for line in &t.variations {
            out.push(Variation::from(line));
            every_line(&line.turns, out);
        }
    }
}

/// The line `line` names: a line path (a `str`, `""` for the main line, read by the library)
/// or a `Variation`; `ValueError` naming `line` for a path that does not read, `TypeError`
/// for anything else.
pub fn line_path(line: Option<&Bound<'_, PyAny>>) -> PyResult<LinePath> {
    let Some(line) = line else {
        return Ok(LinePath::main());
    };
    let text = match line.cast::<Variation>() {
        Ok(v) => v.get().path.clone(),
        Err(_) => line.extract::<String>().map_err(|_| {
            let kind = line.get_type().name().map(|n| n.to_string());
            PyTypeError::new_err(format!(
                "line must be a line path (a str) or a seega.Variation, not {}",
                kind.unwrap_or_default()
            ))
        })?,
    };
    (text.parse()).map_err(|e| PyValueError::new_err(format!("line {e}")))
}

/// The variation `path` of `game`; `ValueError` when the game has no such line (the main line
/// is no variation).
pub fn find_variation<'a>(game: &'a GameObject, path: &LinePath) -> PyResult<&'a LineObject> {
    if path.is_main() {
        return Err(PyValueError::new_err(
            "path is empty, the main line's: its turns are mainline(); give a variation's path (`14.1`)",
        ));
    }
    game.variation(path)
        .ok_or_else(|| no_line(game, path, "path"))
}

/// The `ValueError` for the line `path`, which `game` does not have, given as the argument
/// `arg`.
fn no_line(game: &GameObject, path: &LinePath, arg: &str) -> PyErr {
    PyValueError::new_err(format!(
        "{arg} `{path}` names no variation of game {}",
        game.game
    ))
}

/// `game` replayed by the library along the line `path` (`GameObject::replay_line`): its
/// start, then each turn played from the start to the end of the line, with the game after
/// it, and how many of them come before the line's own turns; `ValueError` when the game
/// cannot be set up, has no such line, or does not reach it.
pub fn replay_line(
    py: Python<'_>,
    game: &GameObject,
    path: &LinePath,
) -> PyResult<(Replayed, usize)> {
    let replayed = py.detach(|| {
        (game.replay_line(path)).map(|r| {
            let turns = r.turns.into_iter().map(|(_, ply, after)| (ply, after));
            (r.start, turns.collect())
        })
    });
    let before = branch_turn(Some(path)).map_or(0, |t| t - 1);
    match replayed {
        Some(r) => Ok((r, usize::try_from(before).unwrap_or(usize::MAX))),
        None if game.start().is_none() => Err(crate::board::unplayable(game)),
        None if !path.is_main() && game.variation(path).is_none() => {
            Err(no_line(game, path, "line"))
        }
        None => Err(PyValueError::new_err(format!(
            "line `{path}` of game {} is not reached: a turn before it, in a line it branches \
             from, is illegal, so it was not played",
            game.game
        ))),
    }
}
