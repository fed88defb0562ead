//! What the package reads, through the library's reading layer (`seega::input`): paths and
//! directories as the command resolves them, files decompressed by their content, Python file
//! objects; and reads that a signal stops, so that Ctrl-C raises `KeyboardInterrupt` however
//! long the input is.

use std::io::Read;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use seega::input::{self, Input, Resolved};
use seega::render::terminal;

/// How often a long read looks for a signal.
const POLL: Duration = Duration::from_millis(20);

/// What stopped the reads of one call: a signal (its Python exception, such as
/// `KeyboardInterrupt`) or an exception raised by a Python file's `read`.
#[derive(Default)]
pub struct Interrupt {
    cancelled: AtomicBool,
    error: Mutex<Option<PyErr>>,
}

impl Interrupt {
    /// Stops every read of the call, keeping `error` to raise.
    pub fn cancel(&self, error: PyErr) {
        if let Ok(mut e) = self.error.lock() {
            e.get_or_insert(error);
        }
        self.cancelled.store(true, Ordering::Release);
    }

    /// The exception that stopped the reads, once: what the call raises in place of the read
    /// error it caused.
    pub fn take(&self) -> Option<PyErr> {
        let error = self.error.lock().ok().and_then(|mut e| e.take());
        if error.is_some() {
            self.cancelled.store(false, Ordering::Release);
        }
        error
    }

    fn stopped() -> std::io::Error {
        std::io::Error::other("the read was interrupted")
    }
}

/// A reader that stops when its call is interrupted, and looks for signals itself every
/// [`POLL`] when it runs on Python's main thread (elsewhere Python gives none).
pub struct Interruptible<R> {
    inner: R,
    interrupt: Arc<Interrupt>,
    polled: Instant,
}

impl<R: Read> Interruptible<R> {
    /// `inner`, stopped by `interrupt`.
    pub fn new(inner: R, interrupt: Arc<Interrupt>) -> Interruptible<R> {
        Interruptible {
            inner,
            interrupt,
            polled: Instant::now(),
        }
    }

    fn poll(&mut self, now: bool) -> std::io::Result<()> {
        if now || self.polled.elapsed() >= POLL {
            self.polled = Instant::now();
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                self.interrupt.cancel(e);
            }
        }
        if self.interrupt.cancelled.load(Ordering::Acquire) {
            return Err(Interrupt::stopped());
        }
        Ok(())
    }
}

impl<R: Read> Read for Interruptible<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.poll(false)?;
        loop {
            match self.inner.read(buf) {
                // A signal cut the system call short: look for it at once.
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => self.poll(true)?,
                other => return other,
            }
        }
    }
}

/// A Python object with a `read(n)` method (a binary or text file), read as bytes; text is
/// read as UTF-8. An exception raised by `read` stops the call and is raised by it (kept by
/// its [`Interrupt`]); the read error it causes says what it was (`ValueError: boom`), for a
/// caller that reports it rather than raise it.
pub struct PyReader {
    file: Py<PyAny>,
    /// Text read from a text file and not yet handed on.
    left: Vec<u8>,
    interrupt: Arc<Interrupt>,
}

impl PyReader {
    /// A reader of `file`, whose exceptions go to `interrupt`.
    pub fn new(file: Py<PyAny>, interrupt: Arc<Interrupt>) -> PyReader {
        PyReader {
            file,
            left: Vec::new(),
            interrupt,
        }
    }

    /// The bytes of one call of the file's `read(n)`.
    fn chunk(&self, py: Python<'_>, n: usize) -> PyResult<Vec<u8>> {
        let chunk = self.file.bind(py).call_method1("read", (n,))?;
        if let Ok(b) = chunk.cast::<PyBytes>() {
            Ok(b.as_bytes().to_vec())
        } else if chunk.is_instance_of::<PyString>() {
            Ok(chunk.extract::<String>()?.into_bytes())
        } else {
            Err(PyTypeError::new_err(
                "read() returned neither bytes nor str",
            ))
        }
    }
}

/// What `error` is, as the last line of its traceback says it (`ValueError: boom`, the type
/// alone when it has no text), made safe for a terminal.
fn raised(py: Python<'_>, error: &PyErr) -> String {
    let kind =
        (error.get_type(py).qualname()).map_or_else(|_| "an exception".into(), |k| k.to_string());
    let text = (error.value(py).str()).map_or_else(|_| String::new(), |t| t.to_string());
    let said = if text.is_empty() {
        kind
    } else {
        format!("{kind}: {text}")
    };
    terminal::escape(&said).into_owned()
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left.is_empty() {
            let got = Python::attach(|py| {
                self.chunk(py, buf.len()).map_err(|e| {
                    let why = raised(py, &e);
                    (e, why)
                })
            });
            match got {
                Ok(bytes) => self.left = bytes,
                Err((e, why)) => {
                    self.interrupt.cancel(e);
                    return Err(std::io::Error::other(why));
                }
            }
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

/// What a call reads: the inputs of a path (a directory stands for its archives, walked as
/// the command walks it), or one Python file object.
pub enum Inputs {
    /// The inputs of a path, in order, each resolved or not.
    Paths(std::collections::VecDeque<Resolved>),
    /// A file object, and the name its problems are reported under.
    File(Option<(Py<PyAny>, String)>),
}

impl Inputs {
    /// The inputs of `obj`: a path (`str` or `os.PathLike`) or a file with `read()`.
    pub fn of(obj: &Bound<'_, PyAny>) -> PyResult<Inputs> {
        if obj.hasattr("read")? {
            let name = obj
                .getattr("name")
                .and_then(|n| n.extract::<String>())
                .unwrap_or_else(|_| "<stream>".to_owned());
            return Ok(Inputs::File(Some((obj.clone().unbind(), name))));
        }
        // os.fspath's str or bytes (of a str, bytes or os.PathLike); bytes are read as
        // os.fsdecode reads them, and a str with the lone surrogates of undecodable bytes (as
        // os.fsdecode gives them) is taken as the bytes it stands for, as the command takes a
        // path that is not UTF-8.
        let not_a_path = |_| {
            PyTypeError::new_err(
                "expected a path (str, bytes or os.PathLike) or a file with read()",
            )
        };
        let os = obj.py().import("os")?;
        let mut path = os.call_method1("fspath", (obj,)).map_err(not_a_path)?;
        if path.is_instance_of::<PyBytes>() {
            path = os.call_method1("fsdecode", (path,))?;
        }
        let path: PathBuf = path.extract().map_err(not_a_path)?;
        Ok(Inputs::Paths(input::resolve(&[path]).into()))
    }

    /// Opens the next input, as a stream of text (decompressed), with its names; `None` when
    /// none is left; `OSError` when it cannot be opened (or the exception that stopped its
    /// read, kept by `interrupt`).
    pub fn open_next(&mut self, interrupt: &Arc<Interrupt>) -> PyResult<Option<Opened>> {
        match self.open(interrupt, PathReads::Interruptible) {
            None => Ok(None),
            Some(Ok(opened)) => Ok(Some(opened)),
            Some(Err(unopened)) => {
                // Nothing of an unresolved path was read: no interrupt to raise in its place.
                let read = !matches!(unopened, Unopened::Unresolved(..));
                let stop = if read { interrupt.take() } else { None };
                Err(stop.unwrap_or_else(|| PyOSError::new_err(unopened.into_parts().1)))
            }
        }
    }

    /// Opens the next input, as a stream of text (decompressed), with its names; `None` when
    /// none is left. A Python file is read through [`PyReader`], its exceptions kept by
    /// `interrupt`; a path is read as `paths` says.
    pub fn open(
        &mut self,
        interrupt: &Arc<Interrupt>,
        paths: PathReads,
    ) -> Option<Result<Opened, Unopened>> {
        match self {
            Inputs::File(file) => {
                let (file, name) = file.take()?;
                let reader = PyReader::new(file, Arc::clone(interrupt));
                Some(match input::text(Box::new(reader)) {
                    Ok(text) => Ok(Opened {
                        text,
                        shown: terminal::escape(&name).into_owned(),
                        name,
                    }),
                    Err(e) => Err(Unopened::File(name, e)),
                })
            }
            Inputs::Paths(queue) => Some(match queue.pop_front()? {
                Err((input, e)) => Err(Unopened::Unresolved(input, e)),
                Ok(input) => {
                    let text = match paths {
                        PathReads::Interruptible => opened(&input, interrupt),
                        PathReads::AsTheyAre => input.open().map(|(text, _)| text),
                    };
                    match text {
                        Ok(text) => Ok(Opened {
                            text,
                            name: input.json_name().file,
                            shown: input.name(),
                        }),
                        Err(e) => Err(Unopened::Path(input, e)),
                    }
                }
            }),
        }
    }
}

/// How [`Inputs::open`] reads a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathReads {
    /// Through [`Interruptible`]: stopped by the call's interrupt, and looking for signals
    /// when read on Python's main thread.
    Interruptible,
    /// As they are, without the GIL: for `seega.read_arrow`, whose reads run on threads of
    /// their own that nothing stops.
    AsTheyAre,
}

/// An input opened by [`Inputs::open`].
pub struct Opened {
    /// Its text, decompressed.
    pub text: Box<dyn Read + Send>,
    /// Its name in tables and on games: a path's JSON name (`Input::json_name`, U+FFFD for
    /// bytes that are not UTF-8), or the Python file's.
    pub name: String,
    /// Its name in messages, as the command names an input: a path's `Input::name` (controls
    /// escaped, bytes that are not UTF-8 as `\xNN`), or the Python file's escaped.
    pub shown: String,
}

/// An input that [`Inputs::open`] cannot open, and why.
pub enum Unopened {
    /// A path that `input::resolve` gave as an error (a directory that cannot be listed or
    /// holds no archive, a special file met while walking one): nothing of it was read.
    Unresolved(Input, std::io::Error),
    /// A path that cannot be opened or read, or holds no notation.
    Path(Input, std::io::Error),
    /// A Python file, by its name, whose first bytes cannot be read or hold no notation.
    File(String, std::io::Error),
}

impl Unopened {
    /// Its name in tables (as [`Opened::name`]) and the message that says why it cannot be
    /// read, naming it as [`Opened::shown`] does (as the command names an input).
    pub fn into_parts(self) -> (String, String) {
        match self {
            Unopened::Unresolved(input, e) | Unopened::Path(input, e) => {
                let why = format!("cannot read `{}`: {e}", input.name());
                (input.json_name().file, why)
            }
            Unopened::File(name, e) => {
                let why = format!("cannot read `{}`: {e}", terminal::escape(&name));
                (name, why)
            }
        }
    }
}

/// `input` opened as a stream of text that stops when `interrupt` says so: the file is read
/// through the interruptible reader, and decompressed after it.
fn opened(input: &Input, interrupt: &Arc<Interrupt>) -> std::io::Result<Box<dyn Read + Send>> {
    let interrupt = Arc::clone(interrupt);
    input
        .open_through(|raw| Box::new(Interruptible::new(raw, interrupt)))
        .map(|(reader, _)| reader)
}

/// The `OSError` of an input that cannot be read, named as the command names it (bytes that
/// are not UTF-8 as `\xNN`).
pub fn cannot_read(input: &Input, e: &std::io::Error) -> PyErr {
    PyOSError::new_err(format!("cannot read `{}`: {e}", input.name()))
}

/// Runs `work` on a thread of its own while this thread waits with the GIL released and
/// looks for signals every [`POLL`]: a signal cancels `interrupt`, which stops the work's reads,
/// and is raised once the work has returned.
pub fn interruptibly<T: Send>(
    py: Python<'_>,
    interrupt: &Arc<Interrupt>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    std::thread::scope(|s| {
        let (tx, rx) = mpsc::channel();
        s.spawn(move || {
            let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            let _ = tx.send(done);
        });
        // Shared with the waits, which run without the GIL on this thread.
        let rx = Mutex::new(rx);
        loop {
            let got = py.detach(|| match rx.lock() {
                Ok(rx) => rx.recv_timeout(POLL),
                Err(_) => Err(mpsc::RecvTimeoutError::Disconnected),
            });
            match got {
                Ok(Ok(done)) => {
                    return match interrupt.take() {
                        Some(e) => Err(e),
                        None => Ok(done),
                    };
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        interrupt.cancel(e);
                    }
                }
                Ok(Err(_)) | Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(interrupt.take().unwrap_or_else(|| {
                        PyOSError::new_err("the reading thread failed: this is a bug of seega")
                    }));
                }
            }
        }
    })
}

/// The archives of `path` as `seega check` reads them (a directory walked, in its order), as
/// paths: what `seega.spark` makes a partition of each. `OSError` for a path that cannot be
/// walked or is not UTF-8.
#[pyfunction]
pub fn _archives(path: PathBuf) -> PyResult<Vec<String>> {
    let mut out = Vec::new();
    for resolved in input::resolve(&[path]) {
        match resolved {
            Ok(Input::File(p)) => match p.to_str() {
                Some(s) => out.push(s.to_owned()),
                None => {
                    let name = Input::File(p.clone()).name();
                    return Err(PyOSError::new_err(format!(
                        "cannot read `{name}`: its path is not UTF-8"
                    )));
                }
            },
            Ok(Input::Stdin) => {
                return Err(PyOSError::new_err("give a path, not standard input"));
            }
            Err((input, e)) => return Err(cannot_read(&input, &e)),
        }
    }
    Ok(out)
}
