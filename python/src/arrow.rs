//! `seega.read_arrow`: an archive's games table or turns table as a stream of Arrow record
//! batches, made by the library (`seega::table::Batches`, the rows and schema of
//! `seega convert --to parquet`) and handed to Python through the Arrow C stream interface
//! (`__arrow_c_stream__`, a PyCapsule of an `ArrowArrayStream`): the consumer (pyarrow,
//! DuckDB, polars) reads the batches' buffers where the library made them.

use std::sync::Mutex;

use arrow_array::ffi::FFI_ArrowSchema;
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use seega::table::{Batches, Table};
use seega::{Encoding, Options};

use crate::input::{Inputs, Interrupt, PyReader};

/// The archives of one call and where their reading is: an Arrow record batch reader over
/// them all, one after another, in the order `seega check` reads a directory.
struct Stream {
    inputs: Inputs,
    current: Option<Batches>,
    table: Table,
    schema: SchemaRef,
    options: Options,
    encoding: Encoding,
    batch_size: usize,
    jobs: usize,
}

impl Stream {
    /// The batches of the next input, `None` when none is left; an error that names an input
    /// that cannot be opened.
    fn open_next(&mut self) -> Result<Option<Batches>, String> {
        let (raw, name) = match &mut self.inputs {
            Inputs::File(file) => match file.take() {
                None => return Ok(None),
                Some((file, name)) => {
                    // A Python file is read on the converting thread, which takes the GIL
                    // for each read.
                    let reader = PyReader::new(file, std::sync::Arc::new(Interrupt::default()));
                    let text = seega::input::text(Box::new(reader))
                        .map_err(|e| format!("cannot read `{name}`: {e}"))?;
                    (text, name)
                }
            },
            Inputs::Paths(paths) => match paths.pop_front() {
                None => return Ok(None),
                Some(Err((input, e))) => {
                    return Err(format!("cannot read `{}`: {e}", input.name()));
                }
                Some(Ok(input)) => {
                    let (text, _) = input
                        .open()
                        .map_err(|e| format!("cannot read `{}`: {e}", input.name()))?;
                    (text, input.json_name().file)
                }
            },
        };
        let (reader, _) = seega::input::read_in(raw, self.encoding);
        let batches = Batches::new(
            reader,
            &name,
            &self.options,
            self.table,
            self.batch_size,
            self.jobs,
        );
        Ok(Some(batches))
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
            match self.open_next() {
                Ok(Some(batches)) => self.current = Some(batches),
                Ok(None) => return None,
                Err(e) => return Some(Err(ArrowError::ExternalError(e.into()))),
            }
        }
    }
}

impl RecordBatchReader for Stream {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// The record batches of an archive, not yet read: an object of the Arrow PyCapsule
/// interface (`__arrow_c_stream__`, `__arrow_c_schema__`), read once.
#[pyclass(module = "seega", frozen)]
pub struct ArrowStream {
    stream: Mutex<Option<Stream>>,
    schema: SchemaRef,
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
}

/// The record batches of `table` (`games` or `turns`) of the archives of `path_or_file`, as
/// `seega.read_arrow` reads them: `batch_size` games a batch; `rules`, `encoding` and `jobs`
/// as for `check_file`.
#[pyfunction]
#[pyo3(signature = (path_or_file, table, batch_size, rules = None, encoding = None, jobs = None))]
pub fn _arrow_stream(
    path_or_file: &Bound<'_, PyAny>,
    table: &str,
    batch_size: i64,
    rules: Option<&str>,
    encoding: Option<&str>,
    jobs: Option<i64>,
) -> PyResult<ArrowStream> {
    let table = match table {
        "games" => Table::Games,
        "turns" => Table::Turns,
        t => {
            return Err(PyValueError::new_err(format!(
                "`{t}` is not a table: give games or turns"
            )));
        }
    };
    if !(1..=1 << 20).contains(&batch_size) {
        return Err(PyValueError::new_err(format!(
            "batch_size is {batch_size}: give a number of games from 1 to 1048576"
        )));
    }
    let schema = SchemaRef::new(table.schema());
    let mut stream = Stream {
        inputs: Inputs::of(path_or_file)?,
        current: None,
        table,
        schema: schema.clone(),
        options: crate::options(rules)?,
        encoding: crate::encoding(encoding)?,
        batch_size: batch_size as usize,
        jobs: crate::jobs(jobs)?,
    };
    // The first input is opened at once, so that a path that cannot be read raises here.
    stream.current = stream.open_next().map_err(PyOSError::new_err)?;
    Ok(ArrowStream {
        stream: Mutex::new(Some(stream)),
        schema,
    })
}
