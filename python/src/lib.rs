//! `seega._seega`: the Python face of the seega library (its public API only). The package
//! `seega` (the folder `seega/` beside this crate) re-exports it with its type stubs.
//!
//! Every call that does work in Rust releases the GIL while it does it; no Rust panic reaches
//! Python (errors are exceptions: `ValueError`, `OSError`, `seega.IllegalTurn`).

mod arrow;
mod board;
mod env;
mod errors;
mod game;
mod input;
mod notebook;
mod pickle;
mod position;
mod reader;
mod summary;
mod turn;
mod variation;

use std::sync::Arc;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use seega::{Encoding, GameReader, GenOptions, Options};

use input::{Inputs, Interrupt};

use board::Board;
use errors::IllegalTurn;
use game::{Game, Problem, Verdict};
use position::{Position, ruleset};
use reader::GameIterator;
use summary::CheckSummary;
use turn::{RecordedTurn, Turn};
use variation::Variation;

/// The options of a reader for `rules`: the rules of games without a Rules tag (a preset,
/// then key=value options, or `"auto"` to try every preset), `standard` when `None`.
fn options(rules: Option<&str>) -> PyResult<Options> {
    Ok(match rules.map(str::trim) {
        None => Options::default(),
        Some("auto") => Options::default().auto_rules(true),
        Some(text) => Options::default().default_rules(ruleset(text)?),
    })
}

/// The whole number `value` of the argument `name`, from 0 to `max`: a `ValueError` naming
/// the argument for an `int` out of that range (as the command refuses a negative count), a
/// `TypeError` for what is no `int`.
pub(crate) fn whole<'py, T>(value: &Bound<'py, PyAny>, name: &str, max: T) -> PyResult<T>
where
    T: FromPyObjectOwned<'py> + std::fmt::Display,
{
    value.extract::<T>().map_err(|e| {
        if value.is_instance_of::<PyInt>() {
            PyValueError::new_err(format!(
                "{name} must be a whole number from 0 to {max}, not {value}"
            ))
        } else {
            e.into()
        }
    })
}

/// The encoding `name` names (`utf-8`, `latin-1`, `windows-1252`, `auto`), UTF-8 for `None`.
fn encoding(name: Option<&str>) -> PyResult<Encoding> {
    match name {
        None => Ok(Encoding::Utf8),
        Some(n) => Encoding::parse(n).ok_or_else(|| {
            PyValueError::new_err(format!(
                "`{n}` is not an encoding seega reads: give utf-8, latin-1, windows-1252 or auto"
            ))
        }),
    }
}

/// Reads the games of an archive, one at a time.
///
/// `path_or_file` is a path or a file object opened for reading (binary, or text read as
/// UTF-8); `rules` the rules of games without a Rules tag (a preset then key=value options,
/// or `"auto"`), `standard` by default; `encoding` how the bytes are read (`utf-8`,
/// `latin-1`, `windows-1252`, `auto`). Returns an iterator of `Game` that reads the input in
/// blocks as it goes: memory does not grow with the archive.
#[pyfunction]
#[pyo3(signature = (path_or_file, rules = None, encoding = None))]
fn read_games(
    path_or_file: &Bound<'_, PyAny>,
    rules: Option<&str>,
    encoding: Option<&str>,
) -> PyResult<GameIterator> {
    let options = options(rules)?;
    let enc = self::encoding(encoding)?;
    GameIterator::new(Inputs::of(path_or_file)?, options, enc)
}

/// Every game of `text` (an archive as a `str`), in order, as a list of `Game`; `rules` as
/// for `read_games`.
#[pyfunction]
#[pyo3(signature = (text, rules = None))]
fn parse(py: Python<'_>, text: &str, rules: Option<&str>) -> PyResult<Vec<Game>> {
    let options = options(rules)?;
    // A text too long to cut into games comes back as records of its stretches, each with
    // its `seega::limit::too-long` error (`Game.skipped`).
    let file: std::sync::Arc<str> = std::sync::Arc::from("<text>");
    let records = py.detach(|| GameReader::new(text.as_bytes()).collect::<Result<Vec<_>, _>>());
    let records = records.map_err(|e| PyOSError::new_err(e.to_string()))?;
    Ok(records
        .into_iter()
        .map(|r| Game::new(r, options, file.clone()))
        .collect())
}

/// The threads `jobs` asks for, from 1 to 256; every core (up to 256) for `None`.
fn jobs(jobs: Option<i64>) -> PyResult<usize> {
    match jobs {
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get().min(256))),
        Some(n @ 1..=256) => Ok(n as usize),
        Some(n) => Err(PyValueError::new_err(format!(
            "jobs is {n}: give a number of threads from 1 to 256"
        ))),
    }
}

/// Checks an archive as `seega check --format jsonl` does, on every core: the counts of its
/// summary line and every problem. `path_or_file` is a path, a directory (its archives, as the
/// command walks it) or a file object; `rules` and `encoding` as for `read_games`; `jobs` the
/// threads, from 1 to 256 (every core by default).
#[pyfunction]
#[pyo3(signature = (path_or_file, rules = None, encoding = None, jobs = None))]
fn check_file(
    py: Python<'_>,
    path_or_file: &Bound<'_, PyAny>,
    rules: Option<&str>,
    encoding: Option<&str>,
    jobs: Option<i64>,
) -> PyResult<CheckSummary> {
    let options = options(rules)?;
    let enc = self::encoding(encoding)?;
    let jobs = self::jobs(jobs)?;
    let mut inputs = Inputs::of(path_or_file)?;
    let interrupt = Arc::new(Interrupt::default());
    let mut summary = CheckSummary::empty();
    while let Some(opened) = inputs.open_next(&interrupt)? {
        let (reader, name, shown) = (opened.text, opened.name, opened.shown);
        let work = || seega::check_archive(reader, &name, &options, enc, jobs);
        let report = input::interruptibly(py, &interrupt, work)?
            .map_err(|e| PyOSError::new_err(format!("cannot read `{shown}`: {e}")))?;
        summary.add(report);
    }
    Ok(summary)
}

/// The archive text `seega generate` writes: `games` random games, deterministic for `seed`,
/// each under one of `rules` (a ruleset or a list of them) drawn at random; `invalid_rate` the
/// probability that a game gets one illegal turn, `max_turns` the movement turns after which
/// a game stops unfinished with `*`.
#[pyfunction]
#[pyo3(
    signature = (games, seed = None, rules = None, invalid_rate = 0.0, max_turns = None),
    text_signature = "(games, seed=0, rules=None, invalid_rate=0.0, max_turns=60)"
)]
fn generate(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    invalid_rate: f64,
    max_turns: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let games = whole(games, "games", u64::MAX)?;
    let seed = seed.map_or(Ok(0), |s| whole(s, "seed", u64::MAX))?;
    let max_turns = max_turns.map_or(Ok(60), |m| whole(m, "max_turns", u32::MAX))?;
    if !(0.0..=1.0).contains(&invalid_rate) {
        return Err(PyValueError::new_err(format!(
            "invalid_rate {invalid_rate} is not a probability: give a number from 0 to 1"
        )));
    }
    let texts: Vec<String> = match rules {
        None => vec!["standard".to_owned()],
        Some(r) => match r.extract::<String>() {
            Ok(one) => vec![one],
            Err(_) => r.extract::<Vec<String>>()?,
        },
    };
    if texts.is_empty() {
        return Err(PyValueError::new_err(
            "rules is empty: give at least one ruleset",
        ));
    }
    let rules = texts
        .iter()
        .map(|t| ruleset(t))
        .collect::<PyResult<Vec<_>>>()?;
    let options = GenOptions::default()
        .seed(seed)
        .rules(rules)
        .invalid_rate(invalid_rate)
        .max_turns(max_turns);
    Ok(py.detach(|| seega::generate(&options, games)))
}

/// The module `seega._seega`.
#[pymodule]
fn _seega(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Position>()?;
    m.add_class::<Game>()?;
    m.add_class::<Board>()?;
    m.add_class::<Turn>()?;
    m.add_class::<RecordedTurn>()?;
    m.add_class::<Variation>()?;
    m.add_class::<Verdict>()?;
    m.add_class::<Problem>()?;
    m.add_class::<GameIterator>()?;
    m.add_class::<CheckSummary>()?;
    m.add_class::<env::EnvGame>()?;
    m.add_class::<arrow::ArrowStream>()?;
    m.add("IllegalTurn", m.py().get_type::<IllegalTurn>())?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(check_file, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::_arrow_stream, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::_arrow_schema, m)?)?;
    m.add_function(wrap_pyfunction!(input::_archives, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_problem, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_recorded_turn, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_variation, m)?)?;
    m.add_function(wrap_pyfunction!(board::_board, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_verdict, m)?)?;
    m.add_function(wrap_pyfunction!(pickle::_game, m)?)?;
    // The package's version: the crate's, which pyproject.toml takes too.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
