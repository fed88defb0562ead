//! `seega.Position`: a game in progress on the library's referee (`GameState`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use seega::{Color, GameState, Position as EnginePosition, Ruleset, Setup};

use crate::turn::{Turn, play_on, ply_of};

/// The side named `side`: `"black"`/`"b"` or `"white"`/`"w"`.
pub fn color(side: &str) -> PyResult<Color> {
    match side {
        "black" | "b" => Ok(Color::Black),
        "white" | "w" => Ok(Color::White),
        _ => Err(PyValueError::new_err(format!(
            "`{side}` is not a side: give \"black\" or \"white\""
        ))),
    }
}

/// The game a position string `text` describes under `rules` (see `Position.from_string`), or
/// a `ValueError` saying why there is none.
pub fn game_of(text: &str, rules: &str) -> PyResult<GameState> {
    let rules = ruleset(rules)?;
    Setup::parse(text)
        .and_then(|setup| GameState::from_setup(rules, &setup))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The ruleset `text` names (a preset, then key=value options), or a `ValueError`.
pub fn ruleset(text: &str) -> PyResult<Ruleset> {
    Ruleset::parse(text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// How a game ended, as `(termination, winner)`: winner `"black"`, `"white"` or `None` for a
/// draw.
pub fn outcome_pair(outcome: Option<seega::Outcome>) -> Option<(String, Option<String>)> {
    outcome.map(|o| {
        (
            o.termination.as_str().to_owned(),
            o.winner.map(|c| c.name().to_owned()),
        )
    })
}

/// A position of a game of Seega under a ruleset, with what the rules of a whole game remember
/// beyond the board: the side that passed last, and how the game ended.
///
/// `Position(rules="standard")` is the start of a game; `Position.from_string` reads a
/// position string such as `"5/1b3/1w3/5/1b3 b"` or `"5/5/5/5/bb3 w 10/12"`. Positions are
/// immutable: `play` returns a new one. Two positions are equal when their rules and position
/// strings are (the turns that led there do not count).
#[pyclass(module = "seega", frozen, eq)]
#[derive(Clone)]
pub struct Position {
    state: GameState,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        same_position(&self.state, &other.state)
    }
}

/// Whether the games `a` and `b` are at equal positions: the same position under the same
/// rules, the same position string, and the same end (the turns that led there do not count).
pub fn same_position(a: &GameState, b: &GameState) -> bool {
    a.position() == b.position() && a.setup() == b.setup() && a.outcome() == b.outcome()
}

impl Position {
    fn position(&self) -> &EnginePosition {
        self.state.position()
    }

    /// The position of the game `state`.
    pub fn of(state: GameState) -> Position {
        Position { state }
    }

    /// The game this is the position of.
    pub fn state(&self) -> &GameState {
        &self.state
    }
}

#[pymethods]
impl Position {
    /// The start of a game under `rules`: an empty board, full hands.
    #[new]
    #[pyo3(signature = (rules = "standard"))]
    fn new(rules: &str) -> PyResult<Position> {
        Ok(Position {
            state: GameState::new(ruleset(rules)?),
        })
    }

    /// The position of a position string under `rules`, as a game with a `Position` tag
    /// starts from it: `<ranks> <side to move>` (rank N first), then optionally the pieces in
    /// hand (`<black>/<white>`), the pass (`--` when the side to move owes an opening, `-`
    /// otherwise) and the turns without a capture counted toward a limit.
    #[staticmethod]
    #[pyo3(signature = (text, rules = "standard"))]
    fn from_string(text: &str, rules: &str) -> PyResult<Position> {
        Ok(Position {
            state: game_of(text, rules)?,
        })
    }

    /// The turns the side to move may play, as `Turn` values: each movement with its
    /// captures (`b2-b3xb4`), placements as two squares in board order (`a1,b1`), a pass
    /// (`--`); none once the game is over.
    fn legal_turns(&self, py: Python<'_>) -> Vec<Turn> {
        let plies = py.detach(|| self.state.legal_turns());
        plies.into_iter().map(Turn::from).collect()
    }

    /// The position after `turn`, a `Turn` or its notation (captures may be left out); raises
    /// `IllegalTurn`, with the code and message of `seega check`, when it cannot be played.
    fn play(&self, py: Python<'_>, turn: &Bound<'_, PyAny>) -> PyResult<Position> {
        let mut state = self.state.clone();
        play_on(py, &mut state, &ply_of(turn)?)?;
        Ok(Position { state })
    }

    /// `turn` (a `Turn` or its notation) as the referee plays it here, a `Turn` with every
    /// capture written (`"b1-b2"` → `b1-b2xb3`); raises `IllegalTurn` as `play` does.
    fn played(&self, py: Python<'_>, turn: &Bound<'_, PyAny>) -> PyResult<Turn> {
        let mut state = self.state.clone();
        Ok(Turn::from(play_on(py, &mut state, &ply_of(turn)?)?))
    }

    /// The ruleset, as a `Rules` tag writes it.
    #[getter]
    fn rules(&self) -> String {
        self.position().rules().to_string()
    }

    /// The board's size: 5, 7 or 9.
    #[getter]
    fn size(&self) -> u8 {
        self.position().size().get()
    }

    /// The side whose turn it is: `"black"` or `"white"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.state.to_move().name()
    }

    /// `"placement"` or `"movement"`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase().as_str()
    }

    /// The squares of `side`'s pieces on the board, in board order (`a1` first).
    fn pieces(&self, side: &str) -> PyResult<Vec<String>> {
        let pieces = self.position().pieces(color(side)?);
        Ok(pieces.squares().map(|s| s.to_string()).collect())
    }

    /// How many pieces `side` still has in hand.
    fn in_hand(&self, side: &str) -> PyResult<u8> {
        Ok(self.position().in_hand(color(side)?))
    }

    /// Whether the game has ended by rule.
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// How the game ended, `(termination, winner)` (`winner` `None` for a draw), or `None`.
    #[getter]
    fn outcome(&self) -> Option<(String, Option<String>)> {
        outcome_pair(self.state.outcome())
    }

    /// The result token the end calls for (`"1-0"`, `"0-1"`, `"1/2-1/2"`), or `None`.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.state.outcome().map(|o| o.result_token())
    }

    /// The board, rank N first: each square `"b"`, `"w"` or `""`.
    fn board(&self) -> Vec<Vec<&'static str>> {
        let rows = self.position().rows();
        let cell = |c: &Option<Color>| match c {
            Some(Color::Black) => "b",
            Some(Color::White) => "w",
            None => "",
        };
        rows.iter().map(|r| r.iter().map(cell).collect()).collect()
    }

    /// The position's diagram as SVG, as `seega show --svg --position STRING` draws it for its
    /// position string: what a notebook shows of a position.
    fn _repr_svg_(&self) -> String {
        crate::notebook::svg(&self.state)
    }

    /// The position as a NumPy array of shape `(5, size, size)`, `uint8` unless `dtype` says
    /// otherwise: planes of black's pieces, white's, the empty squares (1 where so, rank N
    /// first, file a first), then black's and white's pieces in hand (the count on every
    /// square). Needs NumPy (`pip install seega[numpy]`): an `ImportError` without it.
    #[pyo3(signature = (dtype = None))]
    fn to_array<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::notebook::to_array(py, &self.state, dtype)
    }

    /// A copy (positions are immutable, so this is the same position).
    fn copy(&self) -> Position {
        self.clone()
    }

    /// What `pickle` keeps: `Position.from_string(str(self), rules=self.rules)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_string = slf.get_type().getattr("from_string")?;
        let me = slf.get();
        let args = (me.__str__(), me.rules()).into_pyobject(py)?;
        PyTuple::new(py, [from_string, args.into_any()])
    }

    /// `copy.copy` support.
    fn __copy__(&self) -> Position {
        self.clone()
    }

    /// `copy.deepcopy` support.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.clone()
    }

    /// A hash of the position string and the rules.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.state.setup().hash(&mut h);
        self.rules().hash(&mut h);
        h.finish()
    }

    /// The position string: the shortest that `from_string` reads back as this position.
    fn __str__(&self) -> String {
        self.state.setup().to_string()
    }

    /// `Position.from_string('…', rules='…')`, which evaluates to an equal position.
    fn __repr__(&self) -> String {
        format!(
            "Position.from_string({:?}, rules={:?})",
            self.state.setup().to_string(),
            self.rules()
        )
    }
}
