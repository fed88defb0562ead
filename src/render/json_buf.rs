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
///
/// The text is `bytes[..end]`; the bytes after it are initialised room, whatever they hold.
/// Keeping room initialised lets a writer take a window of constant size at the end
/// ([`JsonBuf::window`]), write into it at places it computes, and keep what it wrote
/// ([`JsonBuf::advance`]): one test of the room for many fragments. A fragment is written with
/// a copy of constant size and the text then ends where the fragment does, so the bytes past
/// `end` may hold the rest of a longer copy.
#[derive(Debug, Default)]
pub struct JsonBuf {
    bytes: Vec<u8>,
    end: usize,
    marks: Vec<(usize, Mark)>,
}

/// Whether no byte of `s` needs escaping inside a JSON string.
#[inline]
pub(crate) fn is_plain(s: &[u8]) -> bool {
    s.iter().fold(0, |e, &c| e | ESCAPE[c as usize]) == 0
}

/// How each byte is written inside a string, as [`super::json_text`] writes it: 0 as is, `u` as
/// `\u00XX`, `?` the lead byte of a character that may be escaped as `\uXXXX`
/// ([`super::json_text::escaped`]), any other byte `e` as a backslash followed by `e`.
const ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[0xC2] = b'?';
    t[0xD8] = b'?';
    t[0xE2] = b'?';
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
    /// An empty buffer that reuses `bytes`' allocation (and the room already initialised in
    /// it).
    pub(crate) fn with_bytes(bytes: Vec<u8>) -> JsonBuf {
        JsonBuf {
            bytes,
            end: 0,
            marks: Vec::new(),
        }
    }

    /// The bytes written so far (marks not filled in).
    pub fn bytes(&self) -> &[u8] {
        self.bytes.get(..self.end).unwrap_or_default()
    }

    /// Gives the storage back, to be reused by [`JsonBuf::with_bytes`] (its length is that of
    /// the room initialised, not of the text).
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// The bytes written so far, as a vector of their own.
    pub fn into_text(mut self) -> Vec<u8> {
        self.bytes.truncate(self.end);
        self.bytes
    }

    /// Makes room for at least `n` more bytes after the text. The room is made (and its memory
    /// touched) a little at a time, as the text grows, while the allocation grows as a
    /// vector's does: memory follows what is written. Out of line: writers call it rarely.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        // Room made beyond what is asked for: as much as there is, from 256 bytes to 16 KiB.
        let slack = self.bytes.len().clamp(256, 16 << 10);
        let len = self.end.saturating_add(n).max(self.bytes.len() + slack);
        self.bytes.reserve(len - self.bytes.len());
        self.bytes.resize(len, 0);
    }

    /// The `N` bytes after the text, to write into; they become text with
    /// [`JsonBuf::advance`].
    #[inline]
    pub fn window<const N: usize>(&mut self) -> &mut [u8; N] {
        let end = self.end;
        // `end` never passes the room's end (`advance` keeps it there).
        if self.bytes.len().wrapping_sub(end) < N {
            return self.grown();
        }
        // The test above made these two tests known: the compiler leaves them out.
        match self.bytes.get_mut(end..).and_then(<[u8]>::first_chunk_mut) {
            Some(w) => w,
            None => unreachable!("a window tested to fit"),
        }
    }

    /// [`JsonBuf::window`] when the room is too small. Out of line: writers call it rarely, and
    /// their loops keep the registers.
    #[cold]
    #[inline(never)]
    fn grown<const N: usize>(&mut self) -> &mut [u8; N] {
        self.grow(N);
        match self
            .bytes
            .get_mut(self.end..)
            .and_then(<[u8]>::first_chunk_mut)
        {
            Some(w) => w,
            None => unreachable!("a window past the room grown for it"),
        }
    }

    /// Makes the first `n` bytes of the last window text (`n` at most the window's size).
    #[inline]
    pub fn advance(&mut self, n: usize) {
        debug_assert!(self.end + n <= self.bytes.len(), "advanced past the window");
        self.end += n;
    }

    /// Appends a constant fragment. Its length is known when compiling, so that the copy is a
    /// few moves rather than a call to `memcpy`.
    #[inline]
    pub fn raw<const N: usize>(&mut self, s: &[u8; N]) {
        *self.window::<N>() = *s;
        self.end += N;
    }

    /// Appends the first `len` bytes of `s` (all of them if `len` is larger): a copy of
    /// constant size, for text of a few lengths built in a fixed array.
    #[inline]
    pub(crate) fn raw_prefix<const N: usize>(&mut self, s: &[u8; N], len: usize) {
        *self.window::<N>() = *s;
        self.end += len.min(N);
    }

    /// Appends a constant fragment, then lets `fill` change it where it now stands (a
    /// template whose blanks are filled in place, without a copy of it on the stack).
    #[inline]
    pub(crate) fn raw_with<const N: usize>(
        &mut self,
        s: &[u8; N],
        fill: impl FnOnce(&mut [u8; N]),
    ) {
        let w = self.window::<N>();
        *w = *s;
        fill(w);
        self.end += N;
    }

    /// Appends bytes as they are (text known to need no escaping, JSON written before).
    #[inline]
    pub(crate) fn raw_slice(&mut self, s: &[u8]) {
        if self.bytes.len() - self.end < s.len() {
            self.grow(s.len());
        }
        if let Some(to) = self.bytes.get_mut(self.end..self.end + s.len()) {
            to.copy_from_slice(s);
            self.end += s.len();
        }
    }

    /// Appends one byte.
    #[inline]
    fn byte(&mut self, b: u8) {
        self.raw(&[b]);
    }

    /// Appends an unsigned integer in decimal.
    #[inline]
    pub(crate) fn uint(&mut self, n: u64) {
        // Turn numbers and columns are mostly below 100.
        if n < 10 {
            self.byte(b'0' + n as u8);
        } else if n < 100 {
            self.raw(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
        } else {
            let mut b = itoa::Buffer::new();
            self.raw_slice(b.format(n).as_bytes());
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

    /// Appends `s` as a JSON string, quoted and escaped as [`super::json_text`] escapes it (the
    /// control characters, `"` and `\`, as `serde_json` does; and the characters a terminal
    /// obeys rather than shows, as `\uXXXX`).
    pub fn str(&mut self, s: &str) {
        let b = s.as_bytes();
        self.byte(b'"');
        if b.iter().all(|&c| ESCAPE[c as usize] == 0) {
            self.raw_slice(b);
        } else {
            let mut from = 0;
            for (i, &c) in b.iter().enumerate() {
                let e = ESCAPE[c as usize];
                if e == 0 {
                    continue;
                }
                if e == b'?' {
                    // A lead byte: escaped when its character is one to escape.
                    let c = s[i..].chars().next().unwrap_or_default();
                    if !super::json_text::escaped(c) {
                        continue;
                    }
                    self.raw_slice(&b[from..i]);
                    let n = u32::from(c);
                    self.raw(&[
                        b'\\',
                        b'u',
                        HEX[(n >> 12) as usize & 0xF],
                        HEX[(n >> 8) as usize & 0xF],
                        HEX[(n >> 4) as usize & 0xF],
                        HEX[n as usize & 0xF],
                    ]);
                    from = i + c.len_utf8();
                    continue;
                }
                self.raw_slice(&b[from..i]);
                if e == b'u' {
                    self.raw(&[
                        b'\\',
                        b'u',
                        b'0',
                        b'0',
                        HEX[(c >> 4) as usize],
                        HEX[(c & 0xF) as usize],
                    ]);
                } else {
                    self.raw(&[b'\\', e]);
                }
                from = i + 1;
            }
            self.raw_slice(&b[from..]);
        }
        self.byte(b'"');
    }

    /// Marks the start of a game, where [`JsonBuf::write_to`] puts a separator.
    pub fn game_start(&mut self) {
        self.marks.push((self.end, Mark::Start));
    }

    /// Marks the place of a game number, `game` counted from 1 within the chunk.
    pub fn game_number(&mut self, game: usize) {
        self.marks.push((self.end, Mark::Game(game)));
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
        let bytes = self.bytes();
        let mut from = 0;
        for (&(at, _), insert) in self.marks.iter().zip(&inserts) {
            slices.push(IoSlice::new(&bytes[from..at]));
            slices.push(IoSlice::new(match *insert {
                Insert::Fixed(b) => b,
                Insert::Number(a, b) => &numbers[a..b],
            }));
            from = at;
        }
        // A line-buffered writer (standard output is one) looks for the last line break from the
        // start of the last slice that holds one: the text's final line break (JSON Lines) goes
        // in a slice of its own, so that it is found at once.
        let rest = bytes.get(from..).unwrap_or_default();
        match rest.split_last() {
            Some((b'\n', text)) => {
                slices.push(IoSlice::new(text));
                slices.push(IoSlice::new(b"\n"));
            }
            _ => slices.push(IoSlice::new(rest)),
        }
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
    fn strings_are_escaped_as_json_text_escapes_them() {
        let mut all = String::new();
        for c in (0u8..0x80).map(char::from).chain([
            'é', 'ḥ', '\u{7f}', '\u{2028}', '😀', '\u{80}', '\u{9b}', '\u{a0}', '\u{202e}', '–',
            '\u{2066}', '\u{61c}', 'ب', '\u{200f}',
        ]) {
            all.push(c);
        }
        for s in [
            "",
            "plain text",
            "a\"b\\c/d",
            "\u{0}\u{1f}\t\n\r\u{8}\u{c}",
            "\u{9b}[31m\u{202e}",
            &all,
        ] {
            let mut b = JsonBuf::default();
            b.str(s);
            assert_eq!(
                String::from_utf8(b.bytes().to_vec()).unwrap(),
                crate::render::json_text::to_string(s).unwrap()
            );
        }
    }

    #[test]
    fn windows_keep_what_was_advanced_over_across_growth_and_reuse() {
        // A buffer reused with its old bytes still in the room.
        let mut b = JsonBuf::with_bytes(vec![b'#'; 5000]);
        assert_eq!((b.end, b.marks.len()), (0, 0));
        let mut want = Vec::new();
        for k in 0..3000usize {
            let w = b.window::<40>();
            *w = [b'x'; 40];
            let n = k % 41;
            w[..n].fill(b'a' + (k % 26) as u8);
            b.advance(n);
            want.extend(std::iter::repeat_n(b'a' + (k % 26) as u8, n));
            b.raw_prefix(b"0123456789", k % 12);
            want.extend_from_slice(&b"0123456789"[..(k % 12).min(10)]);
            b.raw_slice(&vec![b'z'; k % 300]);
            want.extend(std::iter::repeat_n(b'z', k % 300));
        }
        assert_eq!(b.bytes(), &want[..]);
        assert_eq!(b.into_text(), want);
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
