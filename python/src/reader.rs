//! `seega.read_games`: the games of a path, a directory or a Python stream, read in bounded
//! memory.

use std::io::Read;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use seega::{Encoding, GameReader, Options};

use crate::game::Game;
use crate::input::{Inputs, Interrupt};

/// The input being read, its name on games and its name in messages (`Opened::shown`).
type Current = (GameReader<Box<dyn Read + Send>>, Arc<str>, Arc<str>);

/// Where a `GameIterator` is: the input it reads and those left.
struct Reading {
    current: Option<Current>,
    left: Inputs,
}

/// The games of an archive, one at a time: an iterator of `Game`, reading the input in
/// blocks as it goes, so that memory does not grow with the archive. A directory's archives
/// are read one after another, in the order `seega check` reads them.
#[pyclass(module = "seega", frozen)]
pub struct GameIterator {
    reading: Mutex<Reading>,
    options: Options,
    encoding: Encoding,
    interrupt: Arc<Interrupt>,
}

impl GameIterator {
    /// The games of `inputs`, read in `encoding` and checked under `options`; the first input
    /// is opened at once, so that a path that cannot be read raises here.
    pub fn new(inputs: Inputs, options: Options, encoding: Encoding) -> PyResult<GameIterator> {
        let it = GameIterator {
            reading: Mutex::new(Reading {
                current: None,
                left: inputs,
            }),
            options,
            encoding,
            interrupt: Arc::new(Interrupt::default()),
        };
        if let Ok(mut r) = it.reading.lock() {
            it.open_next(&mut r)?;
        }
        Ok(it)
    }

    /// Opens the next input, if any is left.
    fn open_next(&self, r: &mut Reading) -> PyResult<()> {
        r.current = match r.left.open_next(&self.interrupt)? {
            Some(opened) => Some((
                GameReader::with_encoding(opened.text, self.encoding),
                Arc::from(opened.name.as_str()),
                Arc::from(opened.shown.as_str()),
            )),
            None => None,
        };
        Ok(())
    }
}

#[pymethods]
impl GameIterator {
    /// The iterator itself.
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game; `OSError` when an input cannot be read, `KeyboardInterrupt` (or any
    /// exception a signal handler raises) when a signal comes during a long read.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        py.check_signals()?;
        let mut r = self
            .reading
            .lock()
            .map_err(|_| PyOSError::new_err("the reader failed earlier"))?;
        loop {
            let Some((games, name, shown)) = r.current.as_mut() else {
                return Ok(None);
            };
            let (name, shown) = (name.clone(), shown.clone());
            match py.detach(|| games.next()) {
                Some(Ok(record)) => return Ok(Some(Game::new(record, self.options, name))),
                Some(Err(e)) => {
                    r.current = None;
                    if let Some(stop) = self.interrupt.take() {
                        return Err(stop);
                    }
                    return Err(PyOSError::new_err(format!("cannot read `{shown}`: {e}")));
                }
                None => self.open_next(&mut r)?,
            }
        }
    }
}
