//! Where `fmt` writes a formatted file as its games come, comparing it on the way with the
//! file's own bytes: standard output, nowhere (`--check`), or the file itself (`--in-place`),
//! whose rewrite is opened only at the first byte that differs, so that a file already in
//! canonical form is never touched and nothing but the game being written is held.

use std::io::{self, Write};
use std::path::Path;

use seega::input::compress::Compression;

use crate::cli::output::{Output, OutputError, Stamp, Transaction};

/// Where the formatted bytes go.
pub(super) enum To<'a> {
    /// To standard output, after a blank line when `gap` (a file was printed before).
    Print { out: &'a mut dyn Write, gap: bool },
    /// Nowhere: only compared.
    Check,
    /// To a rewrite of the file at `path`, in the run's transaction.
    Rewrite {
        tx: &'a mut Transaction,
        path: &'a Path,
        stamp: Stamp,
        compression: Option<Compression>,
        output: Option<Output>,
    },
}

/// A formatted file being written.
pub(super) struct Sink<'a> {
    own: &'a [u8],
    /// The bytes written so far; while `same`, they are `own[..at]`.
    at: usize,
    same: bool,
    to: To<'a>,
    /// The rewrite that could not be opened or written, which stops the run.
    pub(super) failed: Option<OutputError>,
}

impl<'a> Sink<'a> {
    /// A file whose own bytes are `own`, written to `to`.
    pub(super) fn new(own: &'a [u8], to: To<'a>) -> Sink<'a> {
        Sink {
            own,
            at: 0,
            same: true,
            to,
            failed: None,
        }
    }

    /// Whether anything was written.
    pub(super) fn wrote(&self) -> bool {
        self.at > 0
    }

    /// Ends the file: whether what was written is its own bytes exactly (then a rewrite was
    /// never opened).
    pub(super) fn canonical(&mut self) -> io::Result<bool> {
        if self.same && self.at == self.own.len() {
            return Ok(true);
        }
        if self.same {
            self.differs()?;
        }
        Ok(false)
    }

    /// The first difference: a rewrite opens, and takes the bytes that were the same.
    fn differs(&mut self) -> io::Result<()> {
        self.same = false;
        let To::Rewrite {
            tx,
            path,
            stamp,
            compression,
            output,
        } = &mut self.to
        else {
            return Ok(());
        };
        let opened = tx.rewrite(path, *stamp, *compression).and_then(|o| {
            *output = Some(o);
            tx.writer(o)
                .write_all(&self.own[..self.at])
                .map_err(|e| OutputError {
                    path: path.to_path_buf(),
                    why: e.into(),
                })
        });
        opened.map_err(|e| self.fail(e))
    }

    fn fail(&mut self, e: OutputError) -> io::Error {
        let err = io::Error::other(e.why.message());
        self.failed = Some(e);
        err
    }
}

impl Write for Sink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let end = self.at + buf.len();
        if self.same && self.own.get(self.at..end) != Some(buf) {
            self.differs()?;
        }
        match &mut self.to {
            To::Print { out, gap } => {
                if std::mem::take(gap) {
                    out.write_all(b"\n")?;
                }
                out.write_all(buf)?;
            }
            To::Check => {}
            To::Rewrite {
                tx, path, output, ..
            } => {
                if let Some(o) = output {
                    let written = tx.writer(*o).write_all(buf);
                    if let Err(e) = written {
                        let path = path.to_path_buf();
                        return Err(self.fail(OutputError {
                            path,
                            why: e.into(),
                        }));
                    }
                }
            }
        }
        self.at = end;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.to {
            To::Print { out, .. } => out.flush(),
            To::Check | To::Rewrite { .. } => Ok(()),
        }
    }
}
