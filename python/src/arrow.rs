//! `seega.read_arrow`: an archive's games table or turns table as a stream of Arrow record
//! batches, made by the library (`seega::table::Batches`, the rows and schema of
//! `seega convert --to parquet`) and handed to Python through the Arrow C stream interface
//! (`__arrow_c_stream__`, a PyCapsule of an `ArrowArrayStream`): the consumer (pyarrow,
//! DuckDB, polars) reads the batches' buffers where the library made them.

use std::sync::{Arc, Mutex};

use arrow_array::ffi::FFI_ArrowSchema;
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use seega::table::{BatchOptions, Batches, Table};
use seega::{Encoding, Options};

use crate::input::{Inputs, Interrupt, PathReads};

/// The archives of one call and where their reading is: an Arrow record batch reader over
/// them all, one after another, in the order `seega check` reads a directory.
struct Stream {
    inputs: Inputs,
    /// Keeps the exception a Python file's `read` raises (which stops its read).
    interrupt: Arc<Interrupt>,
    current: Option<Batches>,
    schema: SchemaRef,
    options: Options,
    encoding: Encoding,
    how: BatchOptions,
}

impl Stream {
    /// The batches of the next input, `None` when none is left; for an input that cannot be
    /// opened, its name and why (`Unopened::into_parts`).
    fn open_next(&mut self) -> Option<Result<Batches, (String, String)>> {
        // A Python file is read on the converting thread, which takes the GIL for each read;
        // a path is read as it is, without the GIL.
        let opened = self.inputs.open(&self.interrupt, PathReads::AsTheyAre)?;
        Some(match opened {
            Ok(opened) => {
                let (reader, _) = seega::input::read_in(opened.text, self.encoding);
                let (name, shown, how) = (&opened.name, &opened.shown, &self.how);
                Ok(Batches::shown_as(reader, name, shown, &self.options, how))
            }
            Err(unopened) => Err(unopened.into_parts()),
        })
    }

    /// The batches of the next input, `None` when none is left; for an input that cannot be
    /// opened, its problem row or its error (`Batches::unreadable`).
    fn next_batches(&mut self) -> Option<Batches> {
        Some(match self.open_next()? {
            Ok(batches) => batches,
            Err((name, why)) => Batches::unreadable(&name, why, &self.how),
        })
    }
}

impl Iterator for Stream {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(batches) = &mut self.current {
                match batches.next() {
                    Some(batch) => return Some(batch),
                    None => self.current = None,
                }
            }
            self.current = Some(self.next_batches()?);
        }
    }
}

impl RecordBatchReader for Stream {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// The record batches of an archive, not yet read: an object of the Arrow PyCapsule
/// interface (`__arrow_c_stream__`, `__arrow_c_schema__`), read once; or only a table's
/// schema (`_arrow_schema`), which has no stream.
#[pyclass(module = "seega", frozen)]
pub struct ArrowStream {
    stream: Mutex<Option<Stream>>,
    schema: SchemaRef,
    /// The stream's [`Stream::interrupt`].
    interrupt: Arc<Interrupt>,
    /// Whether the stream may end with the exception of a Python file's `read`.
    python_errors: bool,
}

#[pymethods]
impl ArrowStream {
    /// The batches as a PyCapsule named `arrow_array_stream`: the stream is handed over and
    /// read by the consumer; a second call raises `ValueError`. `requested_schema` is ignored
    /// (the batches have the table's schema).
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let stream = (self.stream.lock().ok())
            .and_then(|mut s| s.take())
            .ok_or_else(|| PyValueError::new_err("the stream has been read already"))?;
        let ffi = FFI_ArrowArrayStream::new(Box::new(stream));
        PyCapsule::new_with_value(py, ffi, c"arrow_array_stream")
    }

    /// The table's schema as a PyCapsule named `arrow_schema`.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        let ffi = FFI_ArrowSchema::try_from(self.schema.as_ref())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        PyCapsule::new_with_value(py, ffi, c"arrow_schema")
    }

    /// Whether the stream may end with the exception of a Python file's `read` (a file object
    /// read with `problems="raise"`), which `_raised` then gives: `read_arrow` raises it in
    /// place of the stream's error, as `read_games` does.
    #[getter]
    fn _python_errors(&self) -> bool {
        self.python_errors
    }

    /// The exception a Python file's `read` raised, which ended the stream, once; `None` when
    /// none did.
    fn _raised(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        (self.interrupt.take()).map(|e| e.into_value(py).into_any())
    }
}

/// The record batches of `table` (`games` or `turns`) of the archives of `path_or_file`, as
/// `seega.read_arrow` reads them: `batch_size` games a batch; `rules`, `encoding` and `jobs`
/// as for `check_file`; `problems` `raise` (an input that cannot be read ends the stream with
/// its error) or `rows` (the games table holds a row for it).
#[pyfunction]
#[pyo3(signature = (path_or_file, table, batch_size, rules = None, encoding = None, jobs = None, problems = "raise"))]
pub fn _arrow_stream(
    path_or_file: &Bound<'_, PyAny>,
    table: &str,
    batch_size: i64,
    rules: Option<&str>,
    encoding: Option<&str>,
    jobs: Option<i64>,
    problems: &str,
) -> PyResult<ArrowStream> {
    let table = table_named(table)?;
    if !(1..=1 << 20).contains(&batch_size) {
        return Err(PyValueError::new_err(format!(
            "batch_size is {batch_size}: give a number of games from 1 to 1048576"
        )));
    }
    let problem_rows = match (problems, table) {
        ("raise", _) => false,
        ("rows", Table::Games) => true,
        ("rows", Table::Turns) => {
            return Err(PyValueError::new_err(
                "the turns table has no row for a problem: read the games table, or give problems=\"raise\"",
            ));
        }
        (p, _) => {
            return Err(PyValueError::new_err(format!(
                "problems is `{p}`: give raise or rows"
            )));
        }
    };
    let schema = SchemaRef::new(table.schema());
    let inputs = Inputs::of(path_or_file)?;
    let python_errors = matches!(inputs, Inputs::File(_)) && !problem_rows;
    let mut stream = Stream {
        inputs,
        interrupt: Arc::default(),
        current: None,
        schema: schema.clone(),
        options: crate::options(rules)?,
        encoding: crate::encoding(encoding)?,
        how: BatchOptions {
            table,
            batch_size: batch_size as usize,
            jobs: crate::jobs(jobs)?,
            problem_rows,
        },
    };
    // The first input is opened at once, so that a path that cannot be read raises here
    // (unless its problem is a row), and a Python file whose `read` raised raises that.
    stream.current = match stream.open_next() {
        None => None,
        Some(Ok(batches)) => Some(batches),
        Some(Err((_, why))) if !problem_rows => {
            return Err((stream.interrupt.take()).unwrap_or_else(|| PyOSError::new_err(why)));
        }
        Some(Err((name, why))) => Some(Batches::unreadable(&name, why, &stream.how)),
    };
    Ok(ArrowStream {
        interrupt: Arc::clone(&stream.interrupt),
        stream: Mutex::new(Some(stream)),
        schema,
        python_errors,
    })
}

/// The schema of `table` (`games` or `turns`), as an object of the Arrow PyCapsule interface
/// with no stream (`pyarrow.schema()` reads it).
#[pyfunction]
pub fn _arrow_schema(table: &str) -> PyResult<ArrowStream> {
    let table = table_named(table)?;
    Ok(ArrowStream {
        stream: Mutex::new(None),
        schema: SchemaRef::new(table.schema()),
        interrupt: Arc::default(),
        python_errors: false,
    })
}

/// The table named `name`: `games` or `turns`.
fn table_named(name: &str) -> PyResult<Table> {
    match name {
        "games" => Ok(Table::Games),
        "turns" => Ok(Table::Turns),
        t => Err(PyValueError::new_err(format!(
            "`{t}` is not a table: give games or turns"
        ))),
    }
}
