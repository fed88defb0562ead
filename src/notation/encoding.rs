//! The encodings an archive may be read in: UTF-8, Latin-1 (ISO-8859-1), Windows-1252, or
//! `auto` (UTF-8 up to the first byte that is not, Windows-1252 from there on).
//!
//! Latin-1 and Windows-1252 are single-byte encodings: each byte is one character, so lines
//! and columns are the same in the bytes and in the decoded text, and a streaming reader can
//! decode any block on its own ([`Transcode`]). Decoding is exact and reversible for the
//! characters these encodings have ([`Encoding::encode`]), which is what lets a writer give a
//! file back in the encoding it came in.

use std::io::{self, Read};

/// How the bytes of an archive are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// UTF-8: a byte that is not is an error (`seega::input::invalid-utf8`).
    #[default]
    Utf8,
    /// ISO-8859-1: each byte is the character of the same number.
    Latin1,
    /// Windows-1252: Latin-1 but for 0x80–0x9F, which hold `€`, `‚`, `ƒ`, curly quotes and
    /// the like (the WHATWG table; its five unassigned bytes stay the C1 controls of their
    /// number).
    Windows1252,
    /// UTF-8 up to the first byte that is not UTF-8, Windows-1252 from there on.
    Auto,
}

/// The characters of Windows-1252 at 0x80–0x9F.
const W1252: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2C6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}', '\u{17E}', '\u{178}',
];

impl Encoding {
    /// The encoding a name on the command line stands for: `utf-8`, `latin-1` (also
    /// `iso-8859-1`), `windows-1252` (also `cp1252`) or `auto`, in any case.
    ///
    /// ```
    /// use seega::Encoding;
    /// assert_eq!(Encoding::parse("Latin-1"), Some(Encoding::Latin1));
    /// assert_eq!(Encoding::parse("cp1252"), Some(Encoding::Windows1252));
    /// assert_eq!(Encoding::parse("ebcdic"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Encoding> {
        Some(match name.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Encoding::Utf8,
            "latin-1" | "latin1" | "iso-8859-1" => Encoding::Latin1,
            "windows-1252" | "cp1252" => Encoding::Windows1252,
            "auto" => Encoding::Auto,
            _ => return None,
        })
    }

    /// The encoding's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Latin1 => "Latin-1",
            Encoding::Windows1252 => "Windows-1252",
            Encoding::Auto => "auto",
        }
    }

    /// The character a byte stands for in a single-byte encoding (Windows-1252 for `Auto`).
    pub(crate) fn decode_byte(self, b: u8) -> char {
        match (self, b) {
            (Encoding::Windows1252 | Encoding::Auto, 0x80..=0x9F) => W1252[usize::from(b - 0x80)],
            _ => char::from(b),
        }
    }

    /// `text` written in this encoding, or `None` when a character of it has no byte here.
    /// UTF-8 is the text itself; `Auto` writes Windows-1252.
    ///
    /// ```
    /// use seega::Encoding;
    /// assert_eq!(Encoding::Latin1.encode("café"), Some(b"caf\xe9".to_vec()));
    /// assert_eq!(Encoding::Windows1252.encode("€"), Some(vec![0x80]));
    /// assert_eq!(Encoding::Latin1.encode("€"), None);
    /// ```
    pub fn encode(self, text: &str) -> Option<Vec<u8>> {
        if self == Encoding::Utf8 {
            return Some(text.as_bytes().to_vec());
        }
        text.chars()
            .map(|c| match u8::try_from(u32::from(c)) {
                Ok(b) if self.decode_byte(b) == c => Some(b),
                _ => W1252
                    .iter()
                    .position(|&w| w == c)
                    .filter(|_| self != Encoding::Latin1)
                    .map(|k| 0x80 + k as u8),
            })
            .collect()
    }
}

/// A reader that gives the UTF-8 text of bytes read in a single-byte encoding, or, for
/// [`Encoding::Auto`], passes UTF-8 through until the first byte that is not and decodes as
/// Windows-1252 from there on. For [`Encoding::Utf8`] it passes every byte through.
#[derive(Debug)]
pub struct Transcode<R> {
    inner: R,
    encoding: Encoding,
    /// Whether `Auto` has met a byte that is not UTF-8 (from then on: Windows-1252).
    switched: bool,
    /// Line breaks passed through before the switch, to say where it happened.
    lines_before: u64,
    /// Bytes read and not yet given out (decoded, or waiting for the rest of a sequence).
    raw: Vec<u8>,
    /// Decoded text not yet given out.
    out: Vec<u8>,
    at: usize,
    done: bool,
    /// Whether the start was looked at for a byte-order mark.
    started: bool,
    /// Where the switch of `Auto` is told (its 1-based line; 0 before it).
    told: Option<std::sync::Arc<std::sync::atomic::AtomicU64>>,
}

impl<R: Read> Transcode<R> {
    /// Reads `inner` in `encoding`.
    pub fn new(inner: R, encoding: Encoding) -> Transcode<R> {
        Transcode {
            inner,
            encoding,
            switched: false,
            lines_before: 0,
            raw: Vec::new(),
            out: Vec::new(),
            at: 0,
            done: false,
            started: false,
            told: None,
        }
    }

    /// The same reader, telling `line` the 1-based line from which `Auto` read Windows-1252
    /// once it switched (it stays 0 otherwise): a caller that hands the reader on can still ask.
    pub fn telling(self, line: std::sync::Arc<std::sync::atomic::AtomicU64>) -> Transcode<R> {
        Transcode {
            told: Some(line),
            ..self
        }
    }

    /// For `Auto`, the 1-based line from which the text was read as Windows-1252, once it was.
    #[cfg(test)]
    fn switched_at_line(&self) -> Option<u64> {
        self.switched.then_some(self.lines_before + 1)
    }

    /// Decodes what can be decoded of `raw` into `out`.
    fn decode(&mut self) {
        self.out.clear();
        self.at = 0;
        if !self.started && (self.raw.len() >= 3 || self.done) {
            // A byte-order mark stays one, whatever the encoding of the rest.
            self.started = true;
            if self.raw.starts_with(b"\xEF\xBB\xBF") {
                self.out.extend_from_slice(&self.raw[..3]);
                self.raw.drain(..3);
            }
        } else if !self.started {
            return;
        }
        let single = matches!(self.encoding, Encoding::Latin1 | Encoding::Windows1252)
            || (self.encoding == Encoding::Auto && self.switched);
        if single {
            for &b in &self.raw {
                let c = self.encoding.decode_byte(b);
                let mut buf = [0; 4];
                self.out
                    .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
            self.raw.clear();
            return;
        }
        // UTF-8 (passed through), or Auto before its switch.
        let valid = match std::str::from_utf8(&self.raw) {
            Ok(_) => self.raw.len(),
            Err(e) if e.error_len().is_none() && !self.done => e.valid_up_to(),
            Err(e) if self.encoding == Encoding::Auto => {
                let upto = e.valid_up_to();
                self.lines_before += memchr::memchr_iter(b'\n', &self.raw[..upto]).count() as u64;
                self.out.extend_from_slice(&self.raw[..upto]);
                self.raw.drain(..upto);
                self.switched = true;
                if let Some(told) = &self.told {
                    told.store(self.lines_before + 1, std::sync::atomic::Ordering::Relaxed);
                }
                let rest = std::mem::take(&mut self.raw);
                for &b in &rest {
                    let c = Encoding::Windows1252.decode_byte(b);
                    let mut buf = [0; 4];
                    self.out
                        .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                return;
            }
            // UTF-8 proper: bad bytes pass through, to be reported where they stand.
            Err(_) => self.raw.len(),
        };
        if self.encoding == Encoding::Auto {
            self.lines_before += memchr::memchr_iter(b'\n', &self.raw[..valid]).count() as u64;
        }
        self.out.extend_from_slice(&self.raw[..valid]);
        self.raw.drain(..valid);
    }
}

impl<R: Read> Read for Transcode<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            if self.at < self.out.len() {
                let n = buf.len().min(self.out.len() - self.at);
                buf[..n].copy_from_slice(&self.out[self.at..self.at + n]);
                self.at += n;
                return Ok(n);
            }
            if self.done && self.raw.is_empty() {
                return Ok(0);
            }
            let mut block = [0u8; 64 * 1024];
            let n = self.inner.read(&mut block)?;
            if n == 0 {
                self.done = true;
            }
            self.raw.extend_from_slice(&block[..n]);
            self.decode();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn through(bytes: &[u8], e: Encoding) -> (String, Option<u64>) {
        let mut t = Transcode::new(bytes, e);
        let mut out = Vec::new();
        t.read_to_end(&mut out).unwrap();
        (
            String::from_utf8_lossy(&out).into_owned(),
            t.switched_at_line(),
        )
    }

    #[test]
    fn single_byte_encodings_decode_every_byte_and_encode_back() {
        let all: Vec<u8> = (0..=255).collect();
        for e in [Encoding::Latin1, Encoding::Windows1252] {
            let (text, _) = through(&all, e);
            assert_eq!(text.chars().count(), 256);
            assert_eq!(e.encode(&text), Some(all.clone()), "{e:?}");
        }
        assert_eq!(through(b"caf\xe9", Encoding::Latin1).0, "café");
        assert_eq!(
            through(b"\x93x\x94", Encoding::Windows1252).0,
            "\u{201C}x\u{201D}"
        );
    }

    #[test]
    fn auto_reads_utf8_until_a_byte_that_is_not() {
        assert_eq!(
            through("é\n".as_bytes(), Encoding::Auto),
            ("é\n".into(), None)
        );
        let (text, line) = through(b"\xc3\xa9\nok\ncaf\xe9\n", Encoding::Auto);
        assert_eq!(text, "é\nok\ncafé\n");
        assert_eq!(line, Some(3));
        // A sequence cut at the end of the input is not UTF-8 either.
        assert_eq!(through(b"a\xc3", Encoding::Auto).0, "aÃ");
        // UTF-8 proper passes bad bytes through for the reader to report.
        let mut out = Vec::new();
        Transcode::new(&b"a\xe9"[..], Encoding::Utf8)
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"a\xe9");
    }
}
