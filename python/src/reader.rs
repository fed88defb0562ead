//! `seega.read_games`: the games of a file or a Python stream, read in bounded memory.

use std::io::Read;
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use seega::{GameReader, Options};

use crate::game::Game;

/// A Python object with a `read(n)` method (a binary or text file), read as bytes; text is
/// read as UTF-8.
pub struct PyReader {
    file: Py<PyAny>,
    /// Text read from a text file and not yet handed on.
    left: Vec<u8>,
}

impl PyReader {
    /// A reader of `file`.
    pub fn new(file: Py<PyAny>) -> PyReader {
        PyReader {
            file,
            left: Vec::new(),
        }
    }
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left.is_empty() {
            let got = Python::attach(|py| -> PyResult<Vec<u8>> {
                let chunk = self.file.bind(py).call_method1("read", (buf.len(),))?;
                if let Ok(b) = chunk.cast::<PyBytes>() {
                    Ok(b.as_bytes().to_vec())
                } else if chunk.is_instance_of::<PyString>() {
                    Ok(chunk.extract::<String>()?.into_bytes())
                } else {
                    Err(PyTypeError::new_err(
                        "read() returned neither bytes nor str",
                    ))
                }
            });
            self.left = got.map_err(|e| std::io::Error::other(e.to_string()))?;
            self.left.reverse();
        }
        let n = buf.len().min(self.left.len());
        for b in buf.iter_mut().take(n) {
            // Reversed, so that taking from the end costs nothing.
            *b = self.left.pop().unwrap_or_default();
        }
        Ok(n)
    }
}

/// What a `GameIterator` reads from.
pub type Source = GameReader<Box<dyn Read + Send>>;

/// The games of an archive, one at a time: an iterator of `Game`, reading the input in
/// blocks as it goes, so that memory does not grow with the archive.
#[pyclass(module = "seega", frozen)]
pub struct GameIterator {
    reader: Mutex<Source>,
    options: Options,
    file: Arc<str>,
}

impl GameIterator {
    /// The games of `reader`, named `file`, checked under `options`.
    pub fn new(reader: Source, options: Options, file: &str) -> GameIterator {
        GameIterator {
            reader: Mutex::new(reader),
            options,
            file: Arc::from(file),
        }
    }
}

#[pymethods]
impl GameIterator {
    /// The iterator itself.
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next game; `OSError` when the input cannot be read.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        let next = py.detach(|| match self.reader.lock() {
            Ok(mut r) => r.next(),
            Err(_) => Some(Err(std::io::Error::other("the reader failed earlier"))),
        });
        match next {
            None => Ok(None),
            Some(Ok(record)) => Ok(Some(Game::new(record, self.options, self.file.clone()))),
            Some(Err(e)) => Err(PyOSError::new_err(format!(
                "cannot read `{}`: {e}",
                self.file
            ))),
        }
    }
}
