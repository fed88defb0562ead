//! Standard output and standard error, which may close or fill under a run: neither may panic
//! it or make it claim what did not happen.
//!
//! A closed standard output (`seega check | head -1`) is not an error: what is written after
//! it closed is dropped, the run goes on quietly (commands that only produce output stop early,
//! asking [`stdout_closed`]), and the exit status still says what was found. Standard error is
//! written with every failure ignored: a report that cannot be shown changes nothing of what
//! the run does to files or of its exit status.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

mod visible;

use seega::render::terminal;

pub use visible::Visible;

/// Set when standard output was found closed.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether standard output was found closed: nobody reads what is written to it any more.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// A writer that drops what it is given once its reader has gone (broken pipe), instead of
/// failing; other errors (a full disk behind a redirection) are still errors. It goes above
/// the buffer of standard output, so that slices written at once (`write_vectored`) reach the
/// buffer, and through it the file, without being copied one by one.
#[derive(Debug)]
pub struct Quiet<W>(pub W);

impl<W: Write> Write for Quiet<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if stdout_closed() {
            return Ok(buf.len());
        }
        match self.0.write(buf) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
                Ok(buf.len())
            }
            r => r,
        }
    }

    fn write_vectored(&mut self, bufs: &[io::IoSlice<'_>]) -> io::Result<usize> {
        let all = bufs.iter().map(|b| b.len()).sum();
        if stdout_closed() {
            return Ok(all);
        }
        match self.0.write_vectored(bufs) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
                Ok(all)
            }
            r => r,
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        if stdout_closed() {
            return Ok(());
        }
        match self.0.flush() {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
                Ok(())
            }
            r => r,
        }
    }
}

/// Writes one line on standard error (a message and the lines of its help), ignoring any
/// failure. Whatever the message quotes (an argument, a file's text, a library's error) reaches
/// the terminal escaped ([`visibly`]).
pub fn line(args: std::fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_all(visibly(&args.to_string()).as_bytes());
    let _ = err.write_all(b"\n");
}

/// `text` with each of its lines escaped for a terminal ([`terminal::escape`]): the line
/// breaks it is laid out with stay, any other control character is written visibly.
pub fn visibly(text: &str) -> String {
    text.split('\n')
        .map(|l| terminal::escape(l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Writes bytes on standard error, ignoring any failure.
pub fn raw(bytes: &[u8]) {
    let _ = io::stderr().lock().write_all(bytes);
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Gone;

    impl Write for Gone {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_reader_is_not_an_error() {
        let mut w = Quiet(Gone);
        assert!(w.write_all(b"lost").is_ok());
        assert!(stdout_closed());
    }
}
