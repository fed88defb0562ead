//! `seega.Game` and what it is made of: `RecordedTurn` (in `turn.rs`), `Verdict`, `Problem`.

use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList, PyTuple};
use seega::notation::{Header, LinePath};
use seega::render::game_json::GameObject;
use seega::{DiagnosticLine, GameReader, Options, RecordedGame, Verdict as EngineVerdict};

use crate::board::Board;
use crate::pickle::{self, GameState};
use crate::position::{Position, outcome_pair};
use crate::turn::{RecordedTurn, Turn};
use crate::variation::{Variation, every_line, find_variation, line_path, replay_line};

/// One problem `seega check` reports, with its stable code and the words it prints. Equal and
/// hashed by value: by every field.
#[pyclass(module = "seega", frozen, get_all, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Problem {
    /// The stable code, e.g. `"seega::place::centre"` (`seega explain CODE` tells the rule).
    pub code: String,
    /// `"error"` or `"warning"`.
    pub severity: String,
    /// What is wrong, lowercase without a trailing period.
    pub message: String,
    /// How to fix it, in full sentences.
    pub help: String,
    /// The file, as the reader was given it (`"<text>"` for `seega.parse`).
    pub file: String,
    /// The game, from 1, within its file.
    pub game: usize,
    /// The turn, from 1, when the problem is about a turn.
    pub turn: Option<u64>,
    /// The variation the problem is in, as its line path (`"14.1"`); `None` for the main line.
    pub variation: Option<String>,
    /// The line of its first character, from 1, in the file.
    pub line: usize,
    /// The column of its first character, from 1, in characters.
    pub column: usize,
    /// The line of its last character.
    pub end_line: usize,
    /// The column of its last character.
    pub end_column: usize,
}

impl From<DiagnosticLine> for Problem {
    fn from(d: DiagnosticLine) -> Problem {
        Problem {
            code: d.code,
            severity: d.severity,
            message: d.message,
            help: d.help,
            file: d.file,
            game: d.game,
            turn: d.turn,
            variation: d.variation,
            line: d.line,
            column: d.column,
            end_line: d.end_line,
            end_column: d.end_column,
        }
    }
}

#[pymethods]
impl Problem {
    /// The problem as `seega check --format jsonl` writes it, as a dict (`variation` only for a
    /// problem in a variation).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("type", "diagnostic")?;
        d.set_item("severity", &self.severity)?;
        d.set_item("code", &self.code)?;
        d.set_item("message", &self.message)?;
        d.set_item("help", &self.help)?;
        d.set_item("file", &self.file)?;
        d.set_item("game", self.game)?;
        d.set_item("turn", self.turn)?;
        if let Some(v) = &self.variation {
            d.set_item("variation", v)?;
        }
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("end_line", self.end_line)?;
        d.set_item("end_column", self.end_column)?;
        Ok(d)
    }

    /// What `pickle` keeps: every field.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let p = self.clone();
        let fields = (
            p.code,
            p.severity,
            p.message,
            p.help,
            p.file,
            p.game,
            p.turn,
            p.variation,
            p.line,
            p.column,
            p.end_line,
            p.end_column,
        );
        pickle::reduce(py, "_problem", (fields,))
    }

    /// `file:line:column: severity[code]: message`, as `seega check --format short`.
    fn __str__(&self) -> String {
        format!(
            "{}:{}:{}: {}[{}]: {}",
            self.file, self.line, self.column, self.severity, self.code, self.message
        )
    }

    /// `Problem(code=…, line=…, column=…, message=…)`.
    fn __repr__(&self) -> String {
        format!(
            "Problem(code={:?}, line={}, column={}, message={:?})",
            self.code, self.line, self.column, self.message
        )
    }
}

/// What replaying a game found: whether it is valid, and its problems. Equal by value (not
/// hashable: its problems are a list).
#[pyclass(module = "seega", frozen, get_all, eq)]
#[derive(Clone, PartialEq)]
pub struct Verdict {
    /// Whether the game has no error (warnings allowed).
    pub valid: bool,
    /// Errors and warnings, in the order found.
    pub problems: Vec<Problem>,
    /// How many of its turns were legal (played before any error).
    pub legal_turns: u64,
}

#[pymethods]
impl Verdict {
    /// Whether the game is valid.
    fn __bool__(&self) -> bool {
        self.valid
    }

    /// What `pickle` keeps: every field.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let args = (self.valid, self.problems.clone(), self.legal_turns);
        pickle::reduce(py, "_verdict", args)
    }

    /// `Verdict(valid=…, problems=[…])`.
    fn __repr__(&self) -> String {
        let problems: Vec<String> = self.problems.iter().map(Problem::__repr__).collect();
        format!(
            "Verdict(valid={}, problems=[{}])",
            if self.valid { "True" } else { "False" },
            problems.join(", ")
        )
    }
}

/// A game read from an archive: its tags, turns (with their variations) and result as written,
/// and what the referee finds when it replays it (`check()`, `final`, `outcome`). Two games are equal when their
/// text, file, number, line and column, and the options they were read with are; hashed by
/// text, file, number and line.
#[pyclass(module = "seega", frozen)]
pub struct Game {
    record: RecordedGame,
    options: Options,
    file: Arc<str>,
    /// The replay (through `check`'s fast lane when it proves the game clean), made once when
    /// first asked for.
    verdict: OnceLock<EngineVerdict>,
    /// The game as the library's model of a recorded game (the object of `seega convert`),
    /// made once when first asked for: its turns and JSON come from it.
    object: OnceLock<GameObject>,
}

impl Game {
    /// The game `record` of the file named `file`, checked under `options`.
    pub fn new(record: RecordedGame, options: Options, file: Arc<str>) -> Game {
        Game {
            record,
            options,
            file,
            verdict: OnceLock::new(),
            object: OnceLock::new(),
        }
    }

    fn verdict(&self, py: Python<'_>) -> &EngineVerdict {
        if let Some(v) = self.verdict.get() {
            return v;
        }
        let v = py.detach(|| self.record.check(&self.options));
        self.verdict.get_or_init(|| v)
    }

    /// The game replayed by the library from its object along the line `line` (the main line
    /// for `None`; `GameObject::replay_line`): its start, each turn played from the start to
    /// the line's end with the game after it, and how many come before the line's own turns;
    /// `ValueError` when the game cannot be set up or does not have or reach the line.
    fn replayed(
        &self,
        py: Python<'_>,
        line: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<(crate::board::Replayed, usize)> {
        let path = line_path(line)?;
        replay_line(py, self.object(py), &path)
    }

    fn object(&self, py: Python<'_>) -> &GameObject {
        if let Some(o) = self.object.get() {
            return o;
        }
        let o = py.detach(|| self.record.object(&self.options, &self.file));
        self.object.get_or_init(|| o)
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        let (a, b) = (&self.options, &other.options);
        self.record.text() == other.record.text()
            && self.record.line() == other.record.line()
            && self.record.column() == other.record.column()
            && self.record.skipped() == other.record.skipped()
            && self.record.number() == other.record.number()
            && self.file == other.file
            && (a.default_rules, a.auto_rules, a.force_rules)
                == (b.default_rules, b.auto_rules, b.force_rules)
    }
}

#[pymethods]
impl Game {
    /// The game's number in its file, from 1.
    #[getter]
    fn number(&self) -> usize {
        self.record.number()
    }

    /// The file line of its first item, from 1.
    #[getter]
    fn line(&self) -> usize {
        self.record.line()
    }

    /// The tags, name to value, in file order (a repeated tag keeps its first place and its
    /// last value).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for h in &self.record.parse().headers {
            if let Header::Tag(t) = h {
                d.set_item(t.name, t.value.as_ref())?;
            }
        }
        Ok(d)
    }

    /// The ruleset the game is played under, as a `Rules` tag writes it (its Rules tag, or the
    /// reader's rules without one); `None` when the Rules tag cannot be read.
    #[getter]
    fn rules(&self, py: Python<'_>) -> Option<String> {
        self.verdict(py).rules.map(|r| r.to_string())
    }

    /// The result token as written (`"1-0"`, `"0-1"`, `"1/2-1/2"`, `"*"`), or `None`.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.record.parse().result.map(|r| r.result.as_str())
    }

    /// The turns as written, legal or not.
    #[getter]
    fn turns(&self, py: Python<'_>) -> Vec<RecordedTurn> {
        self.object(py)
            .turns
            .iter()
            .map(RecordedTurn::from)
            .collect()
    }

    /// The turns as written, legal or not, as python-chess's `mainline()` gives a game's nodes:
    /// the same as `turns`.
    fn mainline(&self, py: Python<'_>) -> Vec<RecordedTurn> {
        self.turns(py)
    }

    /// Every variation of the game, at every depth, in file order (each followed by those
    /// inside it): an iterator of `Variation`. The main line is `mainline()`.
    fn variations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        let mut lines: Vec<Variation> = Vec::new();
        every_line(&self.object(py).turns, &mut lines);
        PyList::new(py, lines)?.try_iter()
    }

    /// The variation at the line path `path` (`"14.1"`, `"14.1/16.2"`), with its turns as
    /// written; `ValueError` for a path that does not read, the main line's (`""`: its turns
    /// are `mainline()`), or one that names no line of the game.
    fn variation(&self, py: Python<'_>, path: &str) -> PyResult<Variation> {
        let path: LinePath =
            (path.parse()).map_err(|e| PyValueError::new_err(format!("path {e}")))?;
        find_variation(self.object(py), &path).map(Variation::from)
    }

    /// The `Turn` values of the turns played as legal, in order (an invalid game's stop before
    /// its first illegal turn, as python-chess's `mainline_moves()` stop): the `move_stack` of
    /// `board()`, from the same replay; `ValueError` as for `board()`.
    fn mainline_turns(&self, py: Python<'_>) -> PyResult<Vec<Turn>> {
        let ((_, turns), _) = self.replayed(py, None)?;
        Ok(turns.into_iter().map(|(ply, _)| Turn::from(ply)).collect())
    }

    /// A `Board` after the legal turns of the line `line` (the main line by default; a line
    /// path or a `Variation`), its `move_stack` the turns played from the start (for a
    /// variation, those of the lines it branches from up to its branch point, then its own),
    /// as python-chess's `node.board()`; an invalid line's stop before its first illegal turn,
    /// as python-chess stops reading at an illegal move. With `turn`, the board after the turn
    /// of that number along the line (0 for the start). `ValueError` when the game cannot be
    /// set up (its Rules or Position tag unreadable), has no such line or does not reach it
    /// (a turn before it is illegal), or when `turn` is past the turns played.
    #[pyo3(signature = (line = None, turn = None))]
    fn board(
        &self,
        py: Python<'_>,
        line: Option<&Bound<'_, PyAny>>,
        turn: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Board> {
        let ((root, mut turns), _) = self.replayed(py, line)?;
        if let Some(turn) = turn {
            let n = crate::whole(turn, "turn", u64::MAX)?;
            match usize::try_from(n).ok().filter(|&n| n <= turns.len()) {
                Some(n) => turns.truncate(n),
                None => {
                    return Err(PyValueError::new_err(format!(
                        "turn {n} is past the turns played along the line: give 0 to {}",
                        turns.len()
                    )));
                }
            }
        }
        Ok(Board::replayed(root, turns))
    }

    /// The `Position` after each turn played of the line `line` (the main line by default,
    /// whose last is `final`; a line path or a `Variation`, whose own turns played these are,
    /// in order, from the position before the turn it is an alternative to); `ValueError` as
    /// for `board()`.
    #[pyo3(signature = (line = None))]
    fn positions(
        &self,
        py: Python<'_>,
        line: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Position>> {
        let ((_, turns), before) = self.replayed(py, line)?;
        let own = turns.into_iter().skip(before);
        Ok(own.map(|(_, s)| Position::of(s)).collect())
    }

    /// Replays the game as `seega check` does: its verdict, with the codes, messages and
    /// places `check --format jsonl` gives.
    fn check(&self, py: Python<'_>) -> Verdict {
        let v = self.verdict(py);
        let problems = (v.problems.iter())
            .map(|p| Problem {
                ..Problem::from(self.record.diagnostic(p, &self.file))
            })
            .collect();
        Verdict {
            valid: v.is_valid(),
            problems,
            legal_turns: v.legal_turns,
        }
    }

    /// The position string after the last legal turn, or `None` when the game cannot be set
    /// up (its Rules or Position tag unreadable).
    #[getter]
    #[pyo3(name = "final")]
    fn final_position(&self, py: Python<'_>) -> Option<String> {
        let v = self.verdict(py);
        v.final_setup().map(|s| s.to_string())
    }

    /// How the game ended by rule, `(termination, winner)` (`winner` `None` for a draw), or
    /// `None` when the record stops before an end.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> Option<(String, Option<String>)> {
        outcome_pair(self.verdict(py).outcome)
    }

    /// The game's JSON object, as `seega convert --to jsonl` writes it (a `str`; `json.loads`
    /// reads it).
    fn to_json(&self, py: Python<'_>) -> String {
        let object = self.object(py);
        py.detach(|| seega::render::json_text::to_string(object).unwrap_or_default())
    }

    /// The game's replay page, as `seega show --html --game N` writes it for this game alone,
    /// in an `<iframe>`: what a notebook shows of a game. Self-contained: it loads nothing.
    fn _repr_html_(&self, py: Python<'_>) -> String {
        let object = self.object(py);
        py.detach(|| crate::notebook::page_frame(object, &self.file))
    }

    /// The game as written, from its first item to its last; for a stretch skipped unread
    /// (`skipped`), its first bytes.
    #[getter]
    fn text(&self) -> &str {
        self.record.text()
    }

    /// For a stretch of the input that ran more than 64 MiB without a line where a game can
    /// start, skipped unread as `seega check` skips it: its length in bytes (its `check()` has
    /// its `seega::limit::too-long` error); `None` for a game.
    #[getter]
    fn skipped(&self) -> Option<usize> {
        self.record.skipped()
    }

    /// The game in canonical notation, as `seega fmt` writes it (as written when it holds a
    /// syntax error).
    fn __str__(&self, py: Python<'_>) -> String {
        py.detach(|| self.record.to_canonical(&self.options))
    }

    /// The game played on `board`, as python-chess's `Game.from_board`: its record written by
    /// the library (the tags `headers` as given, then Result, Rules and, for a board that did
    /// not start at the start, Position, as the game calls for; the turns with every capture
    /// and the result), read back as a `Game` of the file `"<board>"`. A header that is not a
    /// tag (a name other than letters, digits and `_`, a value with a line break), or one named
    /// Result, Rules or Position, is left out, so that the game always checks valid.
    #[staticmethod]
    #[pyo3(signature = (board, headers = None))]
    fn from_board(board: &Bound<'_, Board>, headers: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        let mut given: Vec<(String, String)> = Vec::new();
        for (k, v) in headers.into_iter().flat_map(|h| h.iter()) {
            match (k.extract::<String>(), v.extract::<String>()) {
                (Ok(k), Ok(v)) => given.push((k, v)),
                _ => {
                    return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                        "headers must map str to str, not {} to {}",
                        k.get_type().name()?,
                        v.get_type().name()?
                    )));
                }
            }
        }
        let tags: Vec<(&str, &str)> = given
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let text = board.borrow().record(&tags);
        let record = GameReader::new(text.as_bytes()).next();
        let record = record.and_then(Result::ok).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err("the board's record could not be read back")
        })?;
        Ok(Game::new(record, Options::default(), Arc::from("<board>")))
    }

    /// Equal when the text, file, number, place and options are (see the class).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Game>().is_ok_and(|o| self == o.get())
    }

    /// A hash of the text, file, number and line.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (
            self.record.text(),
            &*self.file,
            self.record.number(),
            self.record.line(),
        )
            .hash(&mut h);
        h.finish()
    }

    /// What `pickle` keeps: the record's parts (`RecordedGame::parts`: its text, place and
    /// number), its file and options; the game comes back with the same turns, verdict and JSON.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let o = &self.options;
        let p = self.record.parts();
        let state: GameState = (
            (
                p.text, p.invalid, p.start, p.line, p.column, p.number, p.skipped,
            ),
            self.file.to_string(),
            (o.default_rules.to_string(), o.auto_rules, o.force_rules),
        );
        pickle::reduce(py, "_game", (state,))
    }

    /// `<Game 3 of 'cup.sgn' at line 40>`.
    fn __repr__(&self) -> String {
        format!(
            "<Game {} of {:?} at line {}>",
            self.record.number(),
            &*self.file,
            self.record.line()
        )
    }
}
