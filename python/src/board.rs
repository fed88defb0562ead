//! `seega.Board`: a game being played, mutable as python-chess's board, on the library's
//! referee (`GameState`), with the stack of the turns pushed.
//!
//! The stack keeps the state after each turn beside the turn, so that `pop` takes the last one
//! off and the state before it is the one below: no replay.

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyTuple};
use seega::{GameState, Ply};

use crate::pickle;
use crate::position::{Position, game_of, outcome_pair, ruleset, same_position};
use crate::turn::{Turn, play_on, ply_of};

/// A game replayed by the library (`GameObject::replay`): its start, and each turn as
/// played with the game after it.
pub type Replayed = (GameState, Vec<(Ply, GameState)>);

/// A game being played, mutable as python-chess's `Board`: `push` plays a turn, `pop` takes
/// the last one back, `move_stack` holds the turns pushed (as played, every capture written).
///
/// `Board(rules="standard")` is the start of a game; `Board.from_string` and
/// `Board.from_position` start from a position. Two boards are equal when their positions are
/// (as `Position`s are: rules, position string, end), whatever turns led there, as
/// python-chess compares boards; not hashable (a board changes). Pickling and `copy()` keep
/// the stack.
#[pyclass(module = "seega")]
pub struct Board {
    /// The game before the first turn of the stack.
    root: GameState,
    /// Each turn pushed, as played, with the game after it.
    stack: Vec<(Ply, GameState)>,
}

impl Board {
    /// The record of the game on the board, written by the library (`seega::record_text`),
    /// with the tags `tags` besides those the game calls for.
    pub fn record(&self, tags: &[(&str, &str)]) -> String {
        let plys: Vec<Ply> = self.stack.iter().map(|(p, _)| p.clone()).collect();
        // The stack's turns were played from the root: they play again.
        seega::record_text(&self.root, &plys, tags).unwrap_or_default()
    }

    /// A board at `root`, with no turn pushed.
    pub fn at(root: GameState) -> Board {
        Board {
            root,
            stack: Vec::new(),
        }
    }

    /// The board of a replayed game: its start, then its turns as played with the game after
    /// each (`GameObject::replay`).
    pub fn replayed(root: GameState, stack: Vec<(Ply, GameState)>) -> Board {
        Board { root, stack }
    }

    /// The game now.
    fn state(&self) -> &GameState {
        self.stack.last().map_or(&self.root, |(_, s)| s)
    }

    /// The last turn pushed, or an `IndexError` that says what `what` cannot do.
    fn last(&self, what: &str) -> PyResult<Turn> {
        match self.stack.last() {
            Some((ply, _)) => Ok(Turn::from(ply.clone())),
            None => Err(PyIndexError::new_err(format!(
                "{what} an empty move_stack: no turn was pushed"
            ))),
        }
    }
}

/// How many turns `copy(stack=…)` keeps of `len`: all for `True`, none for `False`, the last
/// `n` for a whole number `n`.
fn kept(stack: &Bound<'_, PyAny>, len: usize) -> PyResult<usize> {
    if let Ok(b) = stack.cast::<PyBool>() {
        return Ok(if b.is_true() { len } else { 0 });
    }
    if !stack.is_instance_of::<pyo3::types::PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "stack must be a bool or an int, not {}",
            stack.get_type().name()?
        )));
    }
    if stack.lt(0)? {
        return Err(PyValueError::new_err(format!(
            "stack is {stack}: give True, False or a number of turns from 0"
        )));
    }
    // A number past the stack's length (however large) keeps it all.
    Ok(stack.extract::<usize>().map_or(len, |n| n.min(len)))
}

#[pymethods]
impl Board {
    /// The start of a game under `rules` (a preset, then key=value options): an empty board,
    /// full hands, no turn pushed.
    #[new]
    #[pyo3(signature = (rules = "standard"))]
    fn new(rules: &str) -> PyResult<Board> {
        Ok(Board::at(GameState::new(ruleset(rules)?)))
    }

    /// The board at the position string `text` under `rules`, as `Position.from_string`
    /// reads it, no turn pushed.
    #[staticmethod]
    #[pyo3(signature = (text, rules = "standard"))]
    fn from_string(text: &str, rules: &str) -> PyResult<Board> {
        Ok(Board::at(game_of(text, rules)?))
    }

    /// The board at `position`, no turn pushed.
    #[staticmethod]
    fn from_position(position: &Position) -> Board {
        Board::at(position.state().clone())
    }

    /// Plays `turn` (a `Turn` or its notation; captures may be left out) and gives it as
    /// played, every capture written, which `move_stack` keeps. Raises `IllegalTurn`, with the
    /// code and message of `seega check`, when it cannot be played: the board is then as it
    /// was.
    fn push(&mut self, py: Python<'_>, turn: &Bound<'_, PyAny>) -> PyResult<Turn> {
        let ply = ply_of(turn)?;
        let mut next = self.state().clone();
        let played = play_on(py, &mut next, &ply)?;
        self.stack.push((played.clone(), next));
        Ok(Turn::from(played))
    }

    /// Takes the last turn back and gives it; `IndexError` when no turn was pushed.
    fn pop(&mut self) -> PyResult<Turn> {
        let turn = self.last("pop from")?;
        self.stack.pop();
        Ok(turn)
    }

    /// The last turn pushed; `IndexError` when none was.
    fn peek(&self) -> PyResult<Turn> {
        self.last("peek at")
    }

    /// The turns pushed, first first, as played (every capture written).
    #[getter]
    fn move_stack(&self) -> Vec<Turn> {
        self.stack
            .iter()
            .map(|(p, _)| Turn::from(p.clone()))
            .collect()
    }

    /// The turns the side to move may play, as `Position.legal_turns` lists them; none once
    /// the game is over.
    fn legal_turns(&self, py: Python<'_>) -> Vec<Turn> {
        let plies = py.detach(|| self.state().legal_turns());
        plies.into_iter().map(Turn::from).collect()
    }

    /// Whether the game has ended by rule.
    fn is_over(&self) -> bool {
        self.state().is_over()
    }

    /// How the game ended, `(termination, winner)` (`winner` `None` for a draw), or `None`.
    fn outcome(&self) -> Option<(String, Option<String>)> {
        outcome_pair(self.state().outcome())
    }

    /// The result token the end calls for (`"1-0"`, `"0-1"`, `"1/2-1/2"`), or `None`.
    fn result(&self) -> Option<&'static str> {
        self.state().outcome().map(|o| o.result_token())
    }

    /// The side whose turn it is: `"black"` or `"white"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        self.state().to_move().name()
    }

    /// `"placement"` or `"movement"`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.state().phase().as_str()
    }

    /// The ruleset, as a `Rules` tag writes it.
    #[getter]
    fn rules(&self) -> String {
        self.state().position().rules().to_string()
    }

    /// The position now, an immutable `Position`.
    fn position(&self) -> Position {
        Position::of(self.state().clone())
    }

    /// A board at the position before the first turn of the stack, no turn pushed.
    fn root(&self) -> Board {
        Board::at(self.root.clone())
    }

    /// A copy: with the whole stack (`stack=True`), none (`stack=False`: the copy starts at
    /// this position), or its last `stack` turns.
    #[pyo3(signature = (stack = None), text_signature = "($self, stack=True)")]
    fn copy(&self, stack: Option<&Bound<'_, PyAny>>) -> PyResult<Board> {
        let n = stack.map_or(Ok(self.stack.len()), |s| kept(s, self.stack.len()))?;
        let cut = self.stack.len() - n;
        let root = match cut.checked_sub(1) {
            Some(i) => self.stack[i].1.clone(),
            None => self.root.clone(),
        };
        Ok(Board::replayed(root, self.stack[cut..].to_vec()))
    }

    /// `copy.copy` support: `copy()`.
    fn __copy__(&self) -> Board {
        Board::replayed(self.root.clone(), self.stack.clone())
    }

    /// `copy.deepcopy` support: `copy()`.
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.__copy__()
    }

    /// Equal when the positions are (see the class); the stacks do not count.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        (other.cast::<Board>()).is_ok_and(|o| same_position(self.state(), o.borrow().state()))
    }

    /// What `pickle` keeps: the position string and rules of the root, and the turns pushed,
    /// played again on unpickling.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let turns: Vec<String> = self.stack.iter().map(|(p, _)| p.to_string()).collect();
        let rules = self.root.position().rules().to_string();
        pickle::reduce(py, "_board", (self.root.setup().to_string(), rules, turns))
    }

    /// The board's diagram as SVG, as `Position._repr_svg_` draws its position: what a
    /// notebook shows of a board.
    fn _repr_svg_(&self) -> String {
        crate::notebook::svg(self.state())
    }

    /// The position string now, as `Position`'s.
    fn __str__(&self) -> String {
        self.state().setup().to_string()
    }

    /// `Board.from_string('…', rules='…')` (the board now, without its stack).
    fn __repr__(&self) -> String {
        format!(
            "Board.from_string({:?}, rules={:?})",
            self.__str__(),
            self.rules()
        )
    }
}

/// The board of `root` with `turns` (their notations) pushed: pickle's constructor of `Board`.
#[pyfunction]
pub fn _board(py: Python<'_>, root: &str, rules: &str, turns: Vec<String>) -> PyResult<Board> {
    let mut board = Board::at(game_of(root, rules)?);
    for t in turns {
        let ply: Ply = t
            .parse()
            .map_err(|e| PyValueError::new_err(format!("a pickled board's turn `{t}`: {e}")))?;
        let mut next = board.state().clone();
        let played = play_on(py, &mut next, &ply)?;
        board.stack.push((played, next));
    }
    Ok(board)
}

/// The `ValueError` for `game`, which cannot be set up (its Rules or Position tag
/// unreadable): its number and first error.
pub fn unplayable(game: &seega::render::game_json::GameObject) -> PyErr {
    let why = (game.errors.iter().find(|d| d.severity == "error"))
        .map_or_else(String::new, |d| format!(": {} ({})", d.message, d.code));
    PyValueError::new_err(format!("game {} cannot be set up{why}", game.game))
}
