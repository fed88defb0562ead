//! A byte buffer that JSON is written into by hand: constant fragments as byte strings,
//! integers without formatting machinery, strings escaped exactly as `serde_json` escapes them.
//!
//! Game numbers are the one thing a worker thread cannot know when it writes a chunk of an
//! archive (they depend on how many games the chunks before it hold), so the buffer records
//! where each game starts and where a game number goes ([`JsonBuf::game_start`],
//! [`JsonBuf::game_number`]); [`JsonBuf::write_to`] fills them in once the chunk is placed.

use std::io::{IoSlice, Write};

/// A place in the buffer where something is inserted when the buffer is written out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// A game starts here: the output format's separator goes here.
    Start,
    /// A game number, counted from 1 within the chunk, goes here.
    Game(usize),
}

/// JSON text under construction, with its marks.
#[derive(Debug, Default)]
pub struct JsonBuf {
    bytes: Vec<u8>,
    marks: Vec<(usize, Mark)>,
}

/// A short piece of JSON built in a fixed array, then written with one copy of constant size
/// ([`JsonBuf::piece`]): for a few fields whose strings need no escaping, cheaper than a write
/// for each. Whether it fits and needs no escape is known at the end ([`Piece::fits`]).
#[derive(Debug)]
pub struct Piece<const N: usize> {
    bytes: [u8; N],
    len: usize,
    fits: bool,
}

impl<const N: usize> Default for Piece<N> {
    fn default() -> Self {
        Piece {
            bytes: [0; N],
            len: 0,
            fits: true,
        }
    }
}

impl<const N: usize> Piece<N> {
    /// Appends bytes as they are.
    #[inline]
    pub fn raw(&mut self, s: &[u8]) {
        match self.bytes.get_mut(self.len..self.len + s.len()) {
            Some(to) => {
                to.copy_from_slice(s);
                self.len += s.len();
            }
            None => self.fits = false,
        }
    }

    /// Appends the characters of a JSON string, without its quotes, if none needs escaping.
    #[inline]
    pub fn plain(&mut self, s: &str) {
        let b = s.as_bytes();
        let Some(to) = self.bytes.get_mut(self.len..self.len + b.len()) else {
            self.fits = false;
            return;
        };
        let mut escape = 0;
        for (t, &c) in to.iter_mut().zip(b) {
            *t = c;
            escape |= ESCAPE[c as usize];
        }
        self.len += b.len();
        self.fits &= escape == 0;
    }

    /// Whether everything appended fitted and needed no escaping.
    pub fn fits(&self) -> bool {
        self.fits
    }
}

/// How `serde_json` writes each byte inside a string: 0 as is, `u` as `\u00XX`, any other
/// byte `e` as a backslash followed by `e`.
const ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = b'u';
        b += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0A] = b'n';
    t[0x0C] = b'f';
    t[0x0D] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};

const HEX: &[u8; 16] = b"0123456789abcdef";

impl JsonBuf {
    /// An empty buffer that reuses `bytes`' allocation.
    pub fn with_bytes(mut bytes: Vec<u8>) -> JsonBuf {
        bytes.clear();
        JsonBuf {
            bytes,
            marks: Vec::new(),
        }
    }

    /// The bytes written so far (marks not filled in).
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Gives the byte buffer back, to be reused.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// Whether nothing was written.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty() && self.marks.is_empty()
    }

    /// Appends a constant fragment. Its length is known when compiling, so that the copy is a
    /// few moves rather than a call to `memcpy`.
    #[inline]
    pub fn raw<const N: usize>(&mut self, s: &[u8; N]) {
        self.bytes.extend_from_slice(s);
    }

    /// Appends the first `len` bytes of `s` (all of them if `len` is larger): a copy of
    /// constant size, for text of a few lengths built in a fixed array.
    #[inline]
    pub fn raw_prefix<const N: usize>(&mut self, s: &[u8; N], len: usize) {
        let keep = self.bytes.len() + len.min(N);
        self.bytes.extend_from_slice(s);
        self.bytes.truncate(keep);
    }

    /// Appends a constant fragment, then lets `fill` change it where it now stands (a
    /// template whose blanks are filled in place, without a copy of it on the stack).
    #[inline]
    pub fn raw_with<const N: usize>(&mut self, s: &[u8; N], fill: impl FnOnce(&mut [u8; N])) {
        self.bytes.extend_from_slice(s);
        if let Some(t) = self.bytes.last_chunk_mut::<N>() {
            fill(t);
        }
    }

    /// Appends `piece` (which [`Piece::fits`]).
    #[inline]
    pub fn piece<const N: usize>(&mut self, piece: &Piece<N>) {
        self.raw_prefix(&piece.bytes, piece.len);
    }

    /// Appends bytes as they are (text known to need no escaping, JSON written before).
    #[inline]
    pub fn raw_slice(&mut self, s: &[u8]) {
        self.bytes.extend_from_slice(s);
    }

    /// Appends an unsigned integer in decimal.
    #[inline]
    pub fn uint(&mut self, n: u64) {
        // Turn numbers and columns are mostly below 100.
        if n < 10 {
            self.bytes.push(b'0' + n as u8);
        } else if n < 100 {
            self.raw(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
        } else {
            let mut b = itoa::Buffer::new();
            self.bytes.extend_from_slice(b.format(n).as_bytes());
        }
    }

    /// Appends `true` or `false`.
    #[inline]
    pub fn bool(&mut self, b: bool) {
        if b {
            self.raw(b"true");
        } else {
            self.raw(b"false");
        }
    }

    /// Appends `s` as a JSON string, quoted and escaped as `serde_json` does (the control
    /// characters, `"` and `\`; nothing else).
    pub fn str(&mut self, s: &str) {
        let b = s.as_bytes();
        self.bytes.reserve(b.len() + 2);
        self.bytes.push(b'"');
        if b.iter().all(|&c| ESCAPE[c as usize] == 0) {
            self.bytes.extend_from_slice(b);
        } else {
            let mut from = 0;
            for (i, &c) in b.iter().enumerate() {
                let e = ESCAPE[c as usize];
                if e == 0 {
                    continue;
                }
                self.bytes.extend_from_slice(&b[from..i]);
                if e == b'u' {
                    self.bytes.extend_from_slice(b"\\u00");
                    self.bytes.push(HEX[(c >> 4) as usize]);
                    self.bytes.push(HEX[(c & 0xF) as usize]);
                } else {
                    self.bytes.push(b'\\');
                    self.bytes.push(e);
                }
                from = i + 1;
            }
            self.bytes.extend_from_slice(&b[from..]);
        }
        self.bytes.push(b'"');
    }

    /// Appends `s` as a JSON string, or `null`.
    pub fn opt_str(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.str(s),
            None => self.raw(b"null"),
        }
    }

    /// Marks the start of a game, where [`JsonBuf::write_to`] puts a separator.
    pub fn game_start(&mut self) {
        self.marks.push((self.bytes.len(), Mark::Start));
    }

    /// Marks the place of a game number, `game` counted from 1 within the chunk.
    pub fn game_number(&mut self, game: usize) {
        self.marks.push((self.bytes.len(), Mark::Game(game)));
    }

    /// Writes the buffer to `w` with the marks filled in: `separator()` at each game start, and
    /// `games_before + n` for the game number `n`. The pieces go out in vectored writes, so
    /// that the bytes are not copied once more on the way.
    pub fn write_to(
        &self,
        w: &mut dyn Write,
        games_before: usize,
        separator: &mut dyn FnMut() -> &'static [u8],
    ) -> std::io::Result<()> {
        let mut numbers = Vec::with_capacity(8 * self.marks.len());
        let mut inserts = Vec::with_capacity(self.marks.len());
        for &(_, mark) in &self.marks {
            inserts.push(match mark {
                Mark::Start => Insert::Fixed(separator()),
                Mark::Game(n) => {
                    let start = numbers.len();
                    let mut b = itoa::Buffer::new();
                    numbers.extend_from_slice(b.format(games_before + n).as_bytes());
                    Insert::Number(start, numbers.len())
                }
            });
        }
        let mut slices = Vec::with_capacity(2 * self.marks.len() + 1);
        let mut from = 0;
        for (&(at, _), insert) in self.marks.iter().zip(&inserts) {
            slices.push(IoSlice::new(&self.bytes[from..at]));
            slices.push(IoSlice::new(match *insert {
                Insert::Fixed(b) => b,
                Insert::Number(a, b) => &numbers[a..b],
            }));
            from = at;
        }
        slices.push(IoSlice::new(&self.bytes[from..]));
        slices.retain(|s| !s.is_empty());
        write_all_vectored(w, &mut slices)
    }
}

/// What a mark is replaced with.
#[derive(Debug, Clone, Copy)]
enum Insert {
    Fixed(&'static [u8]),
    /// A range of the formatted numbers.
    Number(usize, usize),
}

/// Writes all of `slices` to `w` with as few calls as `w` allows.
fn write_all_vectored(w: &mut dyn Write, mut slices: &mut [IoSlice<'_>]) -> std::io::Result<()> {
    while !slices.is_empty() {
        match w.write_vectored(slices) {
            Ok(0) => return Err(std::io::ErrorKind::WriteZero.into()),
            Ok(n) => IoSlice::advance_slices(&mut slices, n),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(buf: &JsonBuf, before: usize) -> String {
        let mut out = Vec::new();
        let mut n = 0;
        buf.write_to(&mut out, before, &mut || {
            n += 1;
            if n == 1 { b"" } else { b"," }
        })
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut all = String::new();
        for c in (0u8..0x80)
            .map(char::from)
            .chain(['é', 'ḥ', '\u{7f}', '\u{2028}', '😀'])
        {
            all.push(c);
        }
        for s in [
            "",
            "plain text",
            "a\"b\\c/d",
            "\u{0}\u{1f}\t\n\r\u{8}\u{c}",
            &all,
        ] {
            let mut b = JsonBuf::default();
            b.str(s);
            assert_eq!(
                String::from_utf8(b.bytes().to_vec()).unwrap(),
                serde_json::to_string(s).unwrap()
            );
        }
    }

    #[test]
    fn integers_and_marks_are_filled_in() {
        let mut b = JsonBuf::default();
        for (i, n) in [0u64, 7, 10, 99, u64::MAX].into_iter().enumerate() {
            b.game_start();
            b.raw(b"{\"game\":");
            b.game_number(i + 1);
            b.raw(b",\"n\":");
            b.uint(n);
            b.raw(b"}");
        }
        assert_eq!(
            written(&b, 41),
            format!(
                "{{\"game\":42,\"n\":0}},{{\"game\":43,\"n\":7}},{{\"game\":44,\"n\":10}},\
                 {{\"game\":45,\"n\":99}},{{\"game\":46,\"n\":{}}}",
                u64::MAX
            )
        );
        assert_eq!(&written(&b, 0)[..10], "{\"game\":1,");
    }
}
