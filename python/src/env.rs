//! The game under `seega.env`: a game on the library's referee (`GameState`) played one atom
//! at a time, with the action mask and the observation as bytes for NumPy. Its names start
//! with `_`: the public face is `seega.env`, which wraps it in PettingZoo's AEC API.
//!
//! The actions of a board of n×n squares, a square's index being `rank * n + file` (`a1` is 0):
//! `place(square)` is `square` (n² actions), `step(square, direction)` is
//! `n² + 4 * square + direction` with the directions up (toward rank n), right, down, left
//! (4·n² actions), and `end` is `5 * n²`, the last. A turn of the library's `legal_turns()` is
//! a sequence of them: a placement is its two squares in either order; a movement is a step
//! from its start, then one from each square it reaches, then `end` when a longer turn goes on
//! from there (else the turn is complete at its last step); a pass is `end` alone. The mask
//! holds the actions that extend the turn so far toward some legal turn, so that every legal
//! turn, and nothing else, can be played.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use seega::render::ascii::{Glyphs, Highlight, board, summary};
use seega::{Color, GameState, Ply, Setup, Square};

use crate::position::{color, ruleset};
use crate::turn::Turn;

/// The directions of a step as (file, rank) deltas, in the order of their actions.
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The names of the directions, in the same order.
const DIRECTION_NAMES: [&str; 4] = ["up", "right", "down", "left"];
/// The planes of the observation, in order (see `observation`).
const PLANES: usize = 7;

/// A legal turn with the sequences of actions that play it.
struct Line {
    /// The turn, with its captures, as the referee listed it.
    ply: Ply,
    /// Its action sequences: two for a placement (either order), one otherwise.
    atoms: Vec<Vec<u16>>,
}

/// A game of Seega played one action at a time.
#[pyclass(module = "seega._seega", name = "_EnvGame")]
pub struct EnvGame {
    start: GameState,
    state: GameState,
    /// The turns played, each with every capture.
    plys: Vec<Ply>,
    /// The legal turns of `state`, with their actions.
    lines: Vec<Line>,
    /// The actions of the turn so far.
    partial: Vec<u16>,
    /// The legal actions after them, in order.
    actions: Vec<u16>,
}

impl EnvGame {
    fn n(&self) -> usize {
        usize::from(self.state.position().size().get())
    }

    fn square_index(&self, sq: Square) -> u16 {
        (usize::from(sq.rank()) * self.n() + usize::from(sq.file())) as u16
    }

    fn end_action(&self) -> u16 {
        (5 * self.n() * self.n()) as u16
    }

    /// The action of the step from `from` to `to`, a neighbour.
    fn step_action(&self, from: Square, to: Square) -> Option<u16> {
        let delta = (
            to.file() as i8 - from.file() as i8,
            to.rank() as i8 - from.rank() as i8,
        );
        let d = DIRECTIONS.iter().position(|&x| x == delta)?;
        let n2 = self.n() * self.n();
        Some((n2 + 4 * usize::from(self.square_index(from)) + d) as u16)
    }

    /// The action sequences of `ply`, without the `end` a movement may need.
    fn atoms_of(&self, ply: &Ply) -> Vec<Vec<u16>> {
        match ply {
            Ply::Place(a, b) => {
                let (a, b) = (self.square_index(*a), self.square_index(*b));
                vec![vec![a, b], vec![b, a]]
            }
            Ply::Pass => vec![vec![self.end_action()]],
            Ply::Move { .. } => {
                let squares = ply.squares();
                let steps = squares.windows(2).map(|w| self.step_action(w[0], w[1]));
                // Every step of the referee's turns goes to a neighbour: a step that did not
                // would have no action, and its turn is left out of the mask.
                match steps.collect::<Option<Vec<u16>>>() {
                    Some(atoms) => vec![atoms],
                    None => Vec::new(),
                }
            }
        }
    }

    /// Lists the legal turns of the game now, and starts a turn.
    fn refresh(&mut self) {
        let turns = self.state.legal_turns();
        self.lines = (turns.into_iter())
            .map(|ply| Line {
                atoms: self.atoms_of(&ply),
                ply,
            })
            .collect();
        self.partial.clear();
        self.actions = self.legal_actions();
    }

    /// The sequences of the legal turns that begin with the turn so far.
    fn extending(&self) -> impl Iterator<Item = (&Ply, &Vec<u16>)> {
        let p = &self.partial;
        (self.lines.iter())
            .flat_map(|l| l.atoms.iter().map(move |a| (&l.ply, a)))
            .filter(move |(_, a)| a.len() >= p.len() && a[..p.len()] == p[..])
    }

    /// The legal actions now, in order.
    fn legal_actions(&self) -> Vec<u16> {
        let len = self.partial.len();
        let mut actions: Vec<u16> = Vec::new();
        let mut complete = false;
        for (_, a) in self.extending() {
            match a.get(len) {
                Some(&x) => actions.push(x),
                None => complete = true,
            }
        }
        // A movement that is a legal turn and goes on in a longer one ends by `end`.
        if complete && len > 0 && !actions.is_empty() {
            actions.push(self.end_action());
        }
        actions.sort_unstable();
        actions.dedup();
        actions
    }

    /// The legal turn the actions so far play in full, when no other goes on from them.
    fn completed(&self) -> Option<Ply> {
        let len = self.partial.len();
        let mut done = None;
        for (ply, a) in self.extending() {
            if a.len() > len {
                return None;
            }
            done = Some(ply.clone());
        }
        done
    }

    /// The square the moving piece of the turn so far stands on, with the squares it has
    /// been on; or the square a placement put its first piece on.
    fn path(&self) -> Vec<usize> {
        let n2 = self.n() * self.n();
        let mut squares = Vec::new();
        for &a in &self.partial {
            let a = usize::from(a);
            if a < n2 {
                squares.push(a);
            } else if a < 5 * n2 {
                let (from, d) = ((a - n2) / 4, (a - n2) % 4);
                let (df, dr) = DIRECTIONS[d];
                let to_file = (from % self.n()) as i64 + i64::from(df);
                let to_rank = (from / self.n()) as i64 + i64::from(dr);
                if squares.is_empty() {
                    squares.push(from);
                }
                squares.push((to_rank * self.n() as i64 + to_file) as usize);
            }
        }
        squares
    }

    /// Plays a turn that the actions completed, and lists the next turns.
    fn finish(&mut self, ply: Ply) -> PyResult<()> {
        let played = (self.state.play(&ply))
            .map_err(|e| PyValueError::new_err(format!("the turn {ply} was refused: {e}")))?;
        self.plys.push(played);
        self.refresh();
        Ok(())
    }
}

/// The observation of `state` for `side`, with the turn so far at `path` (square indices):
/// n×n×7 bytes, rank n first, each square's planes in a row: `side`'s pieces, the other
/// side's, the empty squares, `side`'s pieces in hand and the other side's (the count on every
/// square), the squares of the turn so far (a placement's first square, or a moving piece's
/// start and each square it reached), and the square the moving piece stands on.
fn observation(state: &GameState, side: Color, path: &[usize], placing: bool) -> Vec<u8> {
    // The position's planes as `Position.to_array()` gives them (black's, white's, the empty
    // squares, black's and white's hands), the observing side's first.
    let (board, n) = crate::notebook::planes(state);
    let order = match side {
        Color::Black => [0, 1, 2, 3, 4],
        Color::White => [1, 0, 2, 4, 3],
    };
    let mut out = vec![0u8; n * n * PLANES];
    for row in 0..n {
        for file in 0..n {
            let cell = &mut out[(row * n + file) * PLANES..][..PLANES];
            for (k, p) in order.into_iter().enumerate() {
                cell[k] = board[(p * n + row) * n + file];
            }
            let index = (n - 1 - row) * n + file;
            cell[5] = u8::from(path.contains(&index));
            cell[6] = u8::from(!placing && path.last() == Some(&index));
        }
    }
    out
}

#[pymethods]
impl EnvGame {
    /// A game under `rules` from its start, or from the position string `position`.
    #[new]
    #[pyo3(signature = (rules = "standard", position = None))]
    fn new(rules: &str, position: Option<&str>) -> PyResult<EnvGame> {
        let rules = ruleset(rules)?;
        let start = match position {
            None => GameState::new(rules),
            Some(text) => Setup::parse(text)
                .and_then(|setup| GameState::from_setup(rules, &setup))
                .map_err(|e| PyValueError::new_err(format!("position: {e}")))?,
        };
        if let Some(o) = start.outcome() {
            return Err(PyValueError::new_err(format!(
                "position: the game is over there ({}, {}): give a position with a turn to play",
                o.termination.as_str(),
                o.result_token()
            )));
        }
        let mut game = EnvGame {
            state: start.clone(),
            start,
            plys: Vec::new(),
            lines: Vec::new(),
            partial: Vec::new(),
            actions: Vec::new(),
        };
        game.refresh();
        Ok(game)
    }

    /// The board's size n.
    #[getter]
    fn size(&self) -> usize {
        self.n()
    }

    /// The number of actions, 5·n² + 1.
    #[getter]
    fn action_count(&self) -> usize {
        5 * self.n() * self.n() + 1
    }

    /// The number of planes of the observation.
    #[getter]
    fn planes(&self) -> usize {
        PLANES
    }

    /// The most pieces a side has, the largest count of the observation.
    #[getter]
    fn pieces_per_side(&self) -> u8 {
        self.state.position().size().pieces_per_side()
    }

    /// The side to act: `"black"` or `"white"`.
    #[getter]
    fn to_move(&self) -> &'static str {
        self.state.to_move().name()
    }

    /// Turns played since the start.
    #[getter]
    fn turns_played(&self) -> u64 {
        self.state.turns_played()
    }

    /// Whether the game has ended by rule.
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The winner, `"black"` or `"white"`, or `None` (a draw or no end yet).
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.state.outcome().and_then(|o| o.winner).map(Color::name)
    }

    /// How the game ended, `(termination, result)`, or `None`.
    #[getter]
    fn outcome(&self) -> Option<(&'static str, &'static str)> {
        (self.state.outcome()).map(|o| (o.termination.as_str(), o.result_token()))
    }

    /// The mask of legal actions, one byte (0 or 1) for each action.
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        let mut mask = vec![0u8; self.action_count()];
        for &a in &self.actions {
            mask[usize::from(a)] = 1;
        }
        PyBytes::new(py, &mask)
    }

    /// Plays `action`; returns whether it completed a turn. A `ValueError` for an action the
    /// mask does not hold.
    fn act(&mut self, action: i64) -> PyResult<bool> {
        let legal = u16::try_from(action)
            .ok()
            .filter(|a| self.actions.contains(a));
        let Some(a) = legal else {
            return Err(PyValueError::new_err(format!(
                "action {action} is not legal here: give one of the action mask's"
            )));
        };
        let is_end = a == self.end_action();
        if !is_end {
            self.partial.push(a);
        }
        let done = match (is_end, self.partial.is_empty()) {
            // `end` alone is the pass; after steps, it ends the movement they are.
            (true, true) => Some(Ply::Pass),
            (true, false) => (self.extending())
                .find(|(_, x)| x.len() == self.partial.len())
                .map(|(p, _)| p.clone()),
            (false, _) => self.completed(),
        };
        match done {
            Some(ply) => self.finish(ply).map(|()| true),
            None => {
                self.actions = self.legal_actions();
                Ok(false)
            }
        }
    }

    /// The observation for `side` as bytes: see `observation`.
    fn observation<'py>(&self, py: Python<'py>, side: &str) -> PyResult<Bound<'py, PyBytes>> {
        let placing = self.state.phase() == seega::Phase::Placement;
        let obs = observation(&self.state, color(side)?, &self.path(), placing);
        Ok(PyBytes::new(py, &obs))
    }

    /// The legal turns now, as `Turn` values (the library's `legal_turns()`).
    fn legal_turns(&self) -> Vec<Turn> {
        self.lines
            .iter()
            .map(|l| Turn::from(l.ply.clone()))
            .collect()
    }

    /// The turns played, as `Turn` values with every capture.
    fn turns(&self) -> Vec<Turn> {
        self.plys.iter().cloned().map(Turn::from).collect()
    }

    /// What `action` does: `"place c2"`, `"step c1 up"`, `"end"`.
    fn action_text(&self, action: i64) -> PyResult<String> {
        let n = self.n();
        let Some(action) = usize::try_from(action).ok().filter(|&a| a <= 5 * n * n) else {
            return Err(PyValueError::new_err(format!(
                "action {action} is not an action: give one from 0 to {}",
                5 * n * n
            )));
        };
        let square = |i: usize| Square::new((i % n) as u8, (i / n) as u8);
        match action {
            a if a < n * n => Ok(format!("place {}", square(a))),
            a if a < 5 * n * n => {
                let (from, d) = ((a - n * n) / 4, (a - n * n) % 4);
                Ok(format!("step {} {}", square(from), DIRECTION_NAMES[d]))
            }
            a if a == 5 * n * n => Ok("end".to_owned()),
            a => Err(PyValueError::new_err(format!(
                "action {a} is not an action: give one from 0 to {}",
                5 * n * n
            ))),
        }
    }

    /// The game as a record that `seega check` reads: the library's `record_text`.
    fn record(&self) -> PyResult<String> {
        seega::record_text(&self.start, &self.plys, &[])
            .map_err(|e| PyValueError::new_err(format!("the game cannot be written: {e}")))
    }

    /// The board as text, with the last turn's squares and captures marked, and the summary.
    fn render(&self) -> String {
        let mut hl = Highlight::default();
        if let Some(last) = self.plys.last() {
            for sq in last.squares() {
                hl.touched.insert(sq);
            }
            for sq in last.captures() {
                hl.captured.insert(sq);
            }
            if matches!(last, Ply::Move { .. }) {
                hl.path = last.squares();
            }
        }
        let pos = self.state.position();
        format!(
            "{}{}",
            board(pos, &hl, Glyphs::default()),
            summary(pos, self.state.outcome())
        )
    }
}
