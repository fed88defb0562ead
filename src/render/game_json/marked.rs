//! A game object written by `serde_json` into a chunk's [`JsonBuf`], its game numbers left as
//! marks: `convert` writes the games the fast lane does not take this way, on the worker that
//! converts their chunk, before the games of the chunks before are counted.

use std::cell::Cell;
use std::io::Write;

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter};

use super::GameObject;
use crate::render::json_buf::JsonBuf;

/// Writes the object `obj` as `serde_json::to_writer` writes it, after a game-start mark, with
/// a [`JsonBuf::game_number`] mark in place of the value of every `"game"` member (the game's
/// own and its diagnostics'): the number written there is `games_before` plus that value.
pub fn write_object(out: &mut JsonBuf, obj: &GameObject) {
    out.game_start();
    let number = Cell::new(None);
    let writer = Marking {
        out,
        number: &number,
    };
    let formatter = GameNumbers {
        number: &number,
        key: Key::Other,
    };
    let mut ser = serde_json::Serializer::with_formatter(writer, formatter);
    // Writing into memory cannot fail, and a game object always serializes.
    let _ = obj.serialize(&mut ser);
    if let Some(n) = number.take() {
        out.game_number(n);
    }
}

/// Where the formatter is among an object's keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    /// In a key, whose text so far is `game`'s first `n` bytes.
    Reading(usize),
    /// In a key that is not `game`.
    NotGame,
    /// Just after the key `game`: the next number is a game number.
    Game,
    /// Anywhere else.
    Other,
}

/// The compact formatter, except that the number after a `"game"` key is not written but handed
/// to the writer, which marks its place.
struct GameNumbers<'c> {
    number: &'c Cell<Option<usize>>,
    key: Key,
}

impl Formatter for GameNumbers<'_> {
    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.key = Key::Reading(0);
        CompactFormatter.begin_object_key(writer, first)
    }

    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> std::io::Result<()> {
        if let Key::Reading(n) = self.key {
            self.key = match b"game".get(n..n + fragment.len()) {
                Some(part) if part == fragment.as_bytes() => Key::Reading(n + fragment.len()),
                _ => Key::NotGame,
            };
        }
        crate::render::json_text::write_fragment(writer, fragment)
    }

    fn end_object_key<W: ?Sized + Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        self.key = if self.key == Key::Reading(4) {
            Key::Game
        } else {
            Key::Other
        };
        CompactFormatter.end_object_key(writer)
    }

    fn write_u64<W: ?Sized + Write>(&mut self, writer: &mut W, value: u64) -> std::io::Result<()> {
        if self.key == Key::Game {
            self.key = Key::Other;
            self.number.set(Some(value as usize));
            return Ok(());
        }
        CompactFormatter.write_u64(writer, value)
    }
}

/// Appends to the buffer, marking first where a game number was handed over: the number's
/// place is where the next bytes start.
struct Marking<'b, 'c> {
    out: &'b mut JsonBuf,
    number: &'c Cell<Option<usize>>,
}

impl Marking<'_, '_> {
    /// Appends `bytes`. Most writes are a few bytes (punctuation, keys, squares): they are
    /// copied into a window of constant size in two copies of constant size that may overlap,
    /// rather than by a call to `memcpy`.
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        if let Some(n) = self.number.take() {
            self.out.game_number(n);
        }
        let n = bytes.len();
        match n {
            1 => self.out.raw(&[bytes[0]]),
            2..=3 => self.overlapping::<2>(bytes),
            4..=7 => self.overlapping::<4>(bytes),
            8..=16 => self.overlapping::<8>(bytes),
            _ => self.out.raw_slice(bytes),
        }
    }

    /// Appends `bytes`, `N` to `2 × N` of them, as two copies of `N` bytes.
    #[inline]
    fn overlapping<const N: usize>(&mut self, bytes: &[u8]) {
        let n = bytes.len();
        let w = self.out.window::<16>();
        if let (Some(to), Some(from)) = (w.first_chunk_mut::<N>(), bytes.first_chunk::<N>()) {
            *to = *from;
        }
        let tail = w.get_mut(n - N..).and_then(<[u8]>::first_chunk_mut::<N>);
        if let (Some(to), Some(from)) = (tail, bytes.last_chunk::<N>()) {
            *to = *from;
        }
        self.out.advance(n);
    }
}

impl Write for Marking<'_, '_> {
    #[inline]
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.put(bytes);
        Ok(bytes.len())
    }

    #[inline]
    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.put(bytes);
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::for_each_object;
    use crate::notation::Source;
    use crate::validate::Options;

    /// The objects of `text`, as `serde_json` writes them with their numbers moved on by
    /// `before`, and as [`write_object`] writes them with the marks filled in.
    fn both(text: &str, before: usize) -> (String, String) {
        let mut want = String::new();
        let mut buf = JsonBuf::default();
        for_each_object::<()>(
            &Source::from_text(text),
            "m\"game\".sgn",
            &Options::default(),
            &mut |mut o| {
                write_object(&mut buf, &o);
                o.game += before;
                for e in &mut o.errors {
                    e.game += before;
                }
                want += &crate::render::json_text::to_string(&o).expect("serializes");
                Ok(())
            },
        )
        .expect("the sink never fails");
        let mut got = Vec::new();
        buf.write_to(&mut got, before, &mut || b"")
            .expect("writes to memory");
        (String::from_utf8(got).expect("UTF-8"), want)
    }

    #[test]
    fn writes_of_every_length_are_appended_whole() {
        let mut out = JsonBuf::with_bytes(vec![b'#'; 100]);
        let number = Cell::new(None);
        let mut w = Marking {
            out: &mut out,
            number: &number,
        };
        let mut want = Vec::new();
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|k| b'a' + (n + k) % 26).collect();
            w.write_all(&bytes).expect("writes to memory");
            want.extend_from_slice(&bytes);
        }
        assert_eq!(out.bytes(), &want[..]);
    }

    #[test]
    fn game_numbers_are_marks_and_nothing_else_is() {
        // Tags named and valued `game`, a comment `"game":1`, errors with their game number.
        let text = "[game \"game\"]\n{\"game\":1}\n1. c2,d4 a1,a2 *\n\n[Rules \"x\"]\n1. b2b3 *\n";
        for before in [0, 9, 123_456] {
            let (got, want) = both(text, before);
            assert_eq!(got, want);
            assert!(got.contains("\"errors\":[{"), "{got}");
        }
    }
}
