//! Archive text on a terminal: what `fmt`, `convert --to sgn`, `select`, `dedupe --drop` and
//! `check --fix` copy from a file reaches a terminal with every character it would obey rather
//! than show written visibly ([`terminal::is_hidden`]: ESC as `\u{1b}`, a C1 or bidirectional
//! control, a lone carriage return as `\r`, a byte that is not UTF-8 as `\xNN`); line feeds,
//! CRLF and tabs stay. To a pipe or a file the same commands write every byte as it is: this
//! writer is put in front of standard output only when it is a terminal.

use std::io::{self, Write};

use seega::render::terminal;

/// A writer that shows archive text visibly on the terminal behind it.
pub struct Visible<W: Write> {
    inner: W,
    /// The end of what was written that may still be the start of a character or of a CRLF.
    pending: Vec<u8>,
}

impl<W: Write> Visible<W> {
    /// Shows what is written to it on `inner`, a terminal.
    pub fn new(inner: W) -> Visible<W> {
        Visible {
            inner,
            pending: Vec::new(),
        }
    }
}

/// How many bytes at the end of `b` may be the start of what bytes still to come complete: a
/// carriage return (CRLF), or the first bytes of a character.
fn unfinished(b: &[u8]) -> usize {
    if b.last() == Some(&b'\r') {
        return 1;
    }
    for back in 1..=b.len().min(3) {
        let c = b[b.len() - back];
        if c & 0xC0 != 0x80 {
            // The lead byte: how many bytes its character needs.
            let need = match c {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                _ => 1,
            };
            return if need > back { back } else { 0 };
        }
    }
    0
}

/// `b` as it is shown: see the module.
fn shown(b: &[u8], out: &mut Vec<u8>) {
    for chunk in b.utf8_chunks() {
        let text = chunk.valid();
        let mut chars = text.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\n' | '\t' => out.push(c as u8),
                '\r' if chars.peek().is_some_and(|&(_, n)| n == '\n') => out.push(b'\r'),
                '\r' => out.extend_from_slice(b"\\r"),
                c if terminal::is_hidden(c) => {
                    out.extend_from_slice(c.escape_unicode().to_string().as_bytes())
                }
                c => out.extend_from_slice(&text.as_bytes()[i..i + c.len_utf8()]),
            }
        }
        for byte in chunk.invalid() {
            out.extend_from_slice(format!("\\x{byte:02x}").as_bytes());
        }
    }
}

impl<W: Write> Write for Visible<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let keep = unfinished(&self.pending);
        let done = self.pending.len() - keep;
        let mut out = Vec::with_capacity(done + 16);
        shown(&self.pending[..done], &mut out);
        self.pending.drain(..done);
        self.inner.write_all(&out)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let mut out = Vec::new();
        shown(&self.pending, &mut out);
        self.pending.clear();
        self.inner.write_all(&out)?;
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `Visible` shows of `pieces`, written one after the other.
    fn visible(pieces: &[&[u8]]) -> String {
        let mut v = Visible::new(Vec::new());
        for p in pieces {
            v.write_all(p).unwrap();
        }
        v.flush().unwrap();
        String::from_utf8(v.inner).unwrap()
    }

    #[test]
    fn what_a_terminal_obeys_is_shown_and_the_rest_is_as_written() {
        for (pieces, want) in [
            (
                &[&b"[Event \"x\"]\n1. c2,d4 *\n"[..]][..],
                "[Event \"x\"]\n1. c2,d4 *\n",
            ),
            (&[b"a\x1b[2Jb\x07"], "a\\u{1b}[2Jb\\u{7}"),
            (&[b"crlf\r\nlone\rcr"], "crlf\r\nlone\\rcr"),
            (&[b"split\r", b"\nline"], "split\r\nline"),
            (&[b"end\r"], "end\\r"),
            (&["c1 \u{9b}31m".as_bytes()], "c1 \\u{9b}31m"),
            (&[b"c1 \xc2", b"\x9b split"], "c1 \\u{9b} split"),
            (&["bidi \u{202e}x".as_bytes()], "bidi \\u{202e}x"),
            (&[b"\xe2\x80", b"\xaex"], "\\u{202e}x"),
            (
                &["caf\u{e9} \u{201c}x\u{201d}\t".as_bytes()],
                "caf\u{e9} \u{201c}x\u{201d}\t",
            ),
            (&[b"F\xeate"], "F\\xeate"),
            (&[b"cut \xe2\x80"], "cut \\xe2\\x80"),
        ] {
            assert_eq!(visible(pieces), want, "{pieces:?}");
        }
    }
}
