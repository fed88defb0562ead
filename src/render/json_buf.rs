//! A byte buffer that JSON is written into by hand: constant fragments as byte strings,
//! integers without formatting machinery, strings escaped exactly as `serde_json` escapes them.
//!
//! Game numbers are the one thing a worker thread cannot know when it writes a chunk of an
//! archive (they depend on how many games the chunks before it hold), so the buffer records
//! where each game starts and where a game number goes ([`JsonBuf::game_start`],
//! [`JsonBuf::game_number`]); [`JsonBuf::write_to`] fills them in once the chunk is placed.

use std::io::Write;

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

    /// Appends bytes as they are (a constant fragment, or text known to need no escaping).
    #[inline]
    pub fn raw(&mut self, s: &[u8]) {
        self.bytes.extend_from_slice(s);
    }

    /// Appends an unsigned integer in decimal.
    #[inline]
    pub fn uint(&mut self, n: u64) {
        let mut b = itoa::Buffer::new();
        self.bytes.extend_from_slice(b.format(n).as_bytes());
    }

    /// Appends `true` or `false`.
    #[inline]
    pub fn bool(&mut self, b: bool) {
        self.raw(if b { b"true" } else { b"false" });
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
    /// `games_before + n` for the game number `n`.
    pub fn write_to(
        &self,
        w: &mut dyn Write,
        games_before: usize,
        separator: &mut dyn FnMut() -> &'static [u8],
    ) -> std::io::Result<()> {
        let mut from = 0;
        for &(at, mark) in &self.marks {
            w.write_all(&self.bytes[from..at])?;
            match mark {
                Mark::Start => w.write_all(separator())?,
                Mark::Game(n) => {
                    let mut b = itoa::Buffer::new();
                    w.write_all(b.format(games_before + n).as_bytes())?;
                }
            }
            from = at;
        }
        w.write_all(&self.bytes[from..])
    }
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
