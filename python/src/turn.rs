//! `seega.Turn`, a turn as a value (the library's `Ply`), and `seega.RecordedTurn`, a turn of a
//! game as written with what the referee found (the library's `TurnObject`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use seega::render::game_json::{KindName, TurnObject};
use seega::{GameState, Ply};

use crate::errors::{illegal_turn, unreadable_turn};
use crate::pickle;
use crate::variation::Variation;

/// One turn of one side as a value: two squares placed, a movement's steps with what each
/// captured, or a pass. `str()` is its notation (`"a1,b1"`, `"b2-b3xb4"`, `"--"`) and
/// `Turn.from_string` reads it back. Equal and hashed by value: a turn read from notation holds
/// the captures as written, one that `legal_turns` lists or `push` plays holds every capture
/// it makes, and a placement's squares keep their order (`"b1,a1"` is not `"a1,b1"`, which is
/// how `legal_turns` lists it).
#[pyclass(module = "seega", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The library's value of the turn.
    pub ply: Ply,
}

impl From<Ply> for Turn {
    fn from(ply: Ply) -> Turn {
        Turn { ply }
    }
}

/// The turn `turn` names, a `Turn` or its notation (a `str`, read by the library's parser):
/// `IllegalTurn` with the syntax code for text that is no turn, `TypeError` for anything else.
pub fn ply_of(turn: &Bound<'_, PyAny>) -> PyResult<Ply> {
    if let Ok(t) = turn.cast::<Turn>() {
        return Ok(t.get().ply.clone());
    }
    match turn.extract::<String>() {
        Ok(text) => text.parse().map_err(|e| unreadable_turn(turn.py(), &e)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "turn must be a seega.Turn or its notation (a str), not {}",
            turn.get_type().name()?
        ))),
    }
}

/// Plays `ply` on `state` (left as it was when the turn is illegal) and gives it as played,
/// every capture written; `IllegalTurn`, with the code and message of `seega check`, when it
/// cannot be played.
pub fn play_on(py: Python<'_>, state: &mut GameState, ply: &Ply) -> PyResult<Ply> {
    py.detach(|| state.play(ply))
        .map_err(|e| illegal_turn(py, e.code().as_str(), &e.to_string(), e.help()))
}

#[pymethods]
impl Turn {
    /// The turn written `text` in the notation (`"a1,b1"`, `"b2-b3xb4"`, `"--"`), read by the
    /// library's parser; raises `IllegalTurn` (a `ValueError`) with the syntax code of
    /// `seega check` when it is no turn.
    #[staticmethod]
    fn from_string(py: Python<'_>, text: &str) -> PyResult<Turn> {
        let ply: Ply = text.parse().map_err(|e| unreadable_turn(py, &e))?;
        Ok(Turn { ply })
    }

    /// `"place"`, `"move"` or `"pass"`, as `RecordedTurn.kind` and the JSON of
    /// `seega convert` write it.
    #[getter]
    fn kind(&self) -> &'static str {
        KindName::from(&self.ply).as_str()
    }

    /// A placement's two squares, in the order written; empty for a movement or a pass.
    #[getter]
    fn squares(&self) -> Vec<String> {
        match &self.ply {
            Ply::Place(..) => self.ply.squares().iter().map(|s| s.to_string()).collect(),
            _ => Vec::new(),
        }
    }

    /// The square a movement starts on; `None` for a placement or a pass.
    #[getter(from_square)]
    fn start_square(&self) -> Option<String> {
        match &self.ply {
            Ply::Move { from, .. } => Some(from.to_string()),
            _ => None,
        }
    }

    /// A movement's steps, each `(to, captures)`: the square it goes to and the squares it
    /// captures; empty for a placement or a pass.
    #[getter]
    fn steps(&self) -> Vec<(String, Vec<String>)> {
        let Ply::Move { steps, .. } = &self.ply else {
            return Vec::new();
        };
        let names = |sq: &[seega::Square]| sq.iter().map(|s| s.to_string()).collect();
        steps
            .iter()
            .map(|s| (s.to.to_string(), names(&s.captures)))
            .collect()
    }

    /// Every square its steps capture, in step order.
    #[getter]
    fn captures(&self) -> Vec<String> {
        self.ply.captures().iter().map(|s| s.to_string()).collect()
    }

    /// The turn in the notation, as the library writes it.
    fn __str__(&self) -> String {
        self.ply.to_string()
    }

    /// `Turn.from_string('…')`, which evaluates to an equal turn.
    fn __repr__(&self) -> String {
        format!("Turn.from_string({:?})", self.ply.to_string())
    }

    /// What `pickle` keeps: `Turn.from_string(str(self))`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_string = slf.get_type().getattr("from_string")?;
        let args = (slf.get().__str__(),).into_pyobject(py)?;
        PyTuple::new(py, [from_string, args.into_any()])
    }

    /// `copy.copy` support (turns are immutable: the same turn).
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    /// `copy.deepcopy` support (the same turn).
    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}

/// One turn of a game as written (a node of one of its lines), with what the referee found
/// when it was played, the comments after it and the variations that are alternatives to it.
/// Equal by value (not hashable: its captures and comments are lists).
#[pyclass(module = "seega", frozen, get_all, eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct RecordedTurn {
    /// The turn number, from 1 (each side's turn counts one).
    pub number: u64,
    /// The side that played it, `"black"` or `"white"`; `None` for a turn not played (the
    /// illegal one, or one after it).
    pub side: Option<String>,
    /// `"place"`, `"move"` or `"pass"`.
    pub kind: String,
    /// The turn in canonical notation, every capture the referee found written out when it
    /// was played (as written otherwise).
    pub notation: String,
    /// The squares it captured (as written when it was not played).
    pub captures: Vec<String>,
    /// The comments written after it, before the next turn.
    pub comments: Vec<String>,
    /// Whether it was played as legal.
    pub legal: bool,
    /// The turn as a value (`str(turn)` is `notation`); `None` when the record's turn cannot
    /// be read as one.
    pub turn: Option<Turn>,
    /// The variations written after it, each an alternative to it, in file order.
    pub variations: Vec<Variation>,
}

impl From<&TurnObject> for RecordedTurn {
    fn from(t: &TurnObject) -> RecordedTurn {
        RecordedTurn {
            number: t.number,
            side: t.side.map(|s| s.as_str().to_owned()),
            kind: t.kind.as_str().to_owned(),
            notation: t.notation(),
            captures: t.captured().map(str::to_owned).collect(),
            comments: t.comments.iter().map(|c| c.text.clone()).collect(),
            legal: t.legal,
            turn: t.ply().ok().map(Turn::from),
            variations: t.variations.iter().map(Variation::from).collect(),
        }
    }
}

#[pymethods]
impl RecordedTurn {
    /// The turn's notation.
    fn __str__(&self) -> String {
        self.notation.clone()
    }

    /// What `pickle` keeps: every field.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let t = self.clone();
        let fields = (
            t.number,
            t.side,
            t.kind,
            t.notation,
            t.captures,
            t.comments,
            t.legal,
            t.turn,
            t.variations,
        );
        pickle::reduce(py, "_recorded_turn", (fields,))
    }

    /// `RecordedTurn(number, side, notation)`.
    fn __repr__(&self) -> String {
        format!(
            "RecordedTurn(number={}, side={:?}, notation={:?})",
            self.number,
            self.side.as_deref().unwrap_or("None"),
            self.notation
        )
    }
}
