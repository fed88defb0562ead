//! The layer between the arguments and a run: what every command shares, resolved once from
//! the arguments. Each command's own configuration (`check::Config`, `convert::Config`, …) is
//! built from its arguments and these, and its `run` takes nothing else.

use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use seega::Encoding;

use super::args::{ColorChoice, EncodingArg, InputArgs};
use super::inputs::{Input, resolve};
use super::output::Stamp;

/// Settings every command shares.
#[derive(Debug, Clone, Copy)]
pub struct Global {
    /// Whether to colour stdout.
    pub color: bool,
    /// Columns to wrap reports at.
    pub width: usize,
}

impl Global {
    /// The settings `--color` asks for, on this standard output and terminal (`COLUMNS`).
    pub fn new(color: ColorChoice) -> Global {
        let stdout_tty = std::io::stdout().is_terminal();
        let color = match color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => stdout_tty && std::env::var_os("NO_COLOR").is_none(),
        };
        let width = if stdout_tty {
            terminal_width().unwrap_or(80)
        } else {
            80
        };
        Global { color, width }
    }
}

fn terminal_width() -> Option<usize> {
    std::env::var("COLUMNS").ok()?.parse().ok()
}

/// The archives a run reads, resolved once (directories walked for their `*.sgn` files), and
/// how their bytes are read.
#[derive(Debug)]
pub struct Sources {
    /// Each input in order, or one that cannot be read, with why.
    pub inputs: Vec<Result<Input, (Input, std::io::Error)>>,
    /// How their bytes are read.
    pub encoding: Encoding,
}

impl Sources {
    /// The inputs `input` names (standard input when it names none), read in `encoding`.
    pub fn new(input: &InputArgs, encoding: EncodingArg) -> Sources {
        Sources {
            inputs: resolve(&input.paths),
            encoding: encoding.encoding,
        }
    }

    /// The inputs, each that cannot be read with why.
    pub fn resolved(&self) -> impl Iterator<Item = Result<&Input, (&Input, &std::io::Error)>> {
        self.inputs
            .iter()
            .map(|r| r.as_ref().map_err(|(i, e)| (i, e)))
    }

    /// Whether standard input is one of the inputs.
    pub fn reads_stdin(&self) -> bool {
        self.inputs.iter().any(|i| matches!(i, Ok(Input::Stdin)))
    }

    /// The identities of every input that is a file, taken now: what no output of the run may
    /// overwrite.
    pub fn stamps(&self) -> Vec<Stamp> {
        self.resolved()
            .filter_map(|i| i.ok().and_then(super::inputs::stamp))
            .collect()
    }

    /// Reads each input in turn and hands it to `each`; inputs that cannot be read are
    /// reported on standard error and skipped. Returns whether any could not be read, and
    /// whether any could.
    pub fn for_each(
        &self,
        each: &mut dyn FnMut(&Input, Vec<u8>) -> std::io::Result<()>,
    ) -> std::io::Result<Reads> {
        let (mut trouble, mut opened) = (false, 0);
        for input in self.resolved() {
            let read = match input {
                Ok(i) => i
                    .read()
                    .map(|bytes| (i, bytes))
                    .map_err(|e| (i, e.to_string())),
                Err((i, e)) => Err((i, e.to_string())),
            };
            match read {
                Ok((input, bytes)) => {
                    opened += 1;
                    each(input, bytes)?
                }
                Err((input, e)) => {
                    super::trouble(format_args!("cannot read `{}`: {e}", input.name()));
                    trouble = true;
                }
            }
        }
        Ok(Reads {
            trouble,
            none: opened == 0,
        })
    }
}

impl Sources {
    /// Opens each input in turn as a stream of its text (decompressed, not decoded) and hands
    /// it to `each`; inputs that cannot be opened, or whose reading fails on the way, are
    /// reported on standard error (the latter after what `each` did with the start). An error
    /// of `each`'s own (an output that cannot be written) stops the run.
    pub fn for_each_stream(
        &self,
        each: &mut dyn FnMut(&Input, Stream) -> std::io::Result<()>,
    ) -> std::io::Result<Reads> {
        let (mut trouble, mut opened) = (false, 0);
        for input in self.resolved() {
            let opened_input = match input {
                Ok(i) => i
                    .open()
                    .map(|(r, _)| (i, r))
                    .map_err(|e| (i, e.to_string())),
                Err((i, e)) => Err((i, e.to_string())),
            };
            match opened_input {
                Ok((input, reader)) => {
                    opened += 1;
                    let failed = Arc::new(AtomicBool::new(false));
                    let reader = Watched {
                        inner: reader,
                        failed: Arc::clone(&failed),
                    };
                    match each(input, Box::new(reader)) {
                        Err(e) if failed.load(Ordering::Relaxed) => {
                            super::trouble(format_args!("cannot read `{}`: {e}", input.name()));
                            trouble = true;
                        }
                        r => r?,
                    }
                }
                Err((input, e)) => {
                    super::trouble(format_args!("cannot read `{}`: {e}", input.name()));
                    trouble = true;
                }
            }
        }
        Ok(Reads {
            trouble,
            none: opened == 0,
        })
    }
}

/// An input opened as a stream of its text.
pub type Stream = Box<dyn std::io::Read + Send>;

/// A reader that remembers whether reading failed, to tell a failing input from a failing
/// output.
struct Watched {
    inner: Box<dyn std::io::Read + Send>,
    failed: Arc<AtomicBool>,
}

impl std::io::Read for Watched {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buf);
        if read
            .as_ref()
            .is_err_and(|e| e.kind() != std::io::ErrorKind::Interrupted)
        {
            self.failed.store(true, Ordering::Relaxed);
        }
        read
    }
}

/// How reading the inputs went ([`Sources::for_each`]).
#[derive(Debug, Clone, Copy)]
pub struct Reads {
    /// An input could not be read.
    pub trouble: bool,
    /// No input could be read: a command then prints no result (an empty table or report
    /// would read as an empty archive), only the errors.
    pub none: bool,
}
