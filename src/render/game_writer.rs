//! Game objects of the games the fast lane found clean, written straight from what it read
//! into a [`JsonBuf`], without building the wire structs: `seega convert --to json|jsonl`
//! spends most of its time here. This module holds the fragments; the games are written by
//! `GameWriter::write_clean` (`clean`).
//!
//! The bytes are exactly those `serde_json` writes for the [`GameObject`] that
//! [`GameObject::new`] builds from the same game's syntax tree and verdict (same field order,
//! same escaping); `tests/json_writer.rs` and `src/validate/fast/tests/lane.rs` check that. Every other game
//! is written from its [`GameObject`] by `serde_json`, which stays the reference and the type
//! JSON is read back into.
//!
//! [`GameObject`]: super::game_json::GameObject
//! [`GameObject::new`]: super::game_json::GameObject::new

use super::game_json::{RulesObject, Side};
use super::json_buf::{JsonBuf, is_plain};
use crate::engine::{Color, Outcome, Ruleset, Setup};
use crate::notation::GameResult;

mod clean;

/// Writes game objects; keeps the JSON of the last few rulesets seen, as an archive uses one
/// or a few, often in turn.
#[derive(Debug, Default)]
pub struct GameWriter {
    /// The rulesets seen and their objects' JSON, the most recent first, at most
    /// [`RULES_KEPT`].
    rules: Vec<(Ruleset, Vec<u8>)>,
    /// `,"file":…` (and `,"file_bytes":[…]`) as written after every game number.
    file: Vec<u8>,
}

/// How many rulesets' JSON a [`GameWriter`] keeps.
const RULES_KEPT: usize = 8;

/// Writes `,` before every item of a list but the first.
struct List(bool);

impl List {
    fn new() -> List {
        List(true)
    }

    #[inline]
    fn item(&mut self, out: &mut JsonBuf) {
        if self.0 {
            self.0 = false;
        } else {
            out.raw(b",");
        }
    }
}

fn side(out: &mut JsonBuf, c: Option<Color>) {
    match c.map(Side::from) {
        Some(Side::Black) => out.raw(b"\"black\""),
        Some(Side::White) => out.raw(b"\"white\""),
        None => out.raw(b"null"),
    }
}

/// The start of a game object, up to its first header item: the game number is a mark (see
/// [`JsonBuf::game_number`]), and the game's start is marked first; `file` is the file's
/// members, written once per writer.
fn begin(out: &mut JsonBuf, index: usize, file: &[u8]) {
    out.game_start();
    out.raw(b"{\"game\":");
    out.game_number(index);
    out.raw_slice(file);
    out.raw(b",\"headers\":[");
}

/// Copies `s` (at most 32 bytes) to the start of `to` in two copies of constant size that may
/// overlap: for short strings, cheaper than a call to `memcpy`.
#[inline]
fn copy_short(to: &mut [u8; 32], s: &[u8]) {
    let n = s.len();
    match n {
        16..=32 => {
            to[..16].copy_from_slice(&s[..16]);
            to[n - 16..n].copy_from_slice(&s[n - 16..]);
        }
        8..=15 => {
            to[..8].copy_from_slice(&s[..8]);
            to[n - 8..n].copy_from_slice(&s[n - 8..]);
        }
        4..=7 => {
            to[..4].copy_from_slice(&s[..4]);
            to[n - 4..n].copy_from_slice(&s[n - 4..]);
        }
        _ => {
            for (t, &c) in to.iter_mut().zip(s) {
                *t = c;
            }
        }
    }
}

/// A tag as a header item.
fn tag(out: &mut JsonBuf, name: &str, value: &str) {
    // Mostly short and plain: one window, of which the constant parts are copied whole.
    let (n, v) = (name.as_bytes(), value.as_bytes());
    if n.len() <= 32 && v.len() <= 32 && is_plain(n) && is_plain(v) {
        let w = out.window::<{ 9 + 32 + 11 + 32 + 2 }>();
        w[..9].copy_from_slice(b"{\"name\":\"");
        let mut at = 9;
        if let Some(to) = w.get_mut(at..).and_then(<[u8]>::first_chunk_mut) {
            copy_short(to, n);
        }
        at += n.len();
        if let Some(to) = w.get_mut(at..).and_then(<[u8]>::first_chunk_mut) {
            *to = *b"\",\"value\":\"";
        }
        at += 11;
        if let Some(to) = w.get_mut(at..).and_then(<[u8]>::first_chunk_mut) {
            copy_short(to, v);
        }
        at += v.len();
        if let Some(to) = w.get_mut(at..).and_then(<[u8]>::first_chunk_mut) {
            *to = *b"\"}";
        }
        out.advance(at + 2);
        return;
    }
    out.raw(b"{\"name\":");
    out.str(name);
    out.raw(b",\"value\":");
    out.str(value);
    out.raw(b"}");
}

/// The result token, or null.
fn result(out: &mut JsonBuf, r: Option<GameResult>) {
    match r {
        Some(r) => {
            out.raw(b"\"");
            out.raw_slice(r.as_str().as_bytes());
            out.raw(b"\"");
        }
        None => out.raw(b"null"),
    }
}

/// The `outcome` and `final` fields, from their leading comma.
fn ending(out: &mut JsonBuf, outcome: Option<Outcome>, last: Option<&Setup>) {
    out.raw(b",\"outcome\":");
    match outcome {
        Some(o) => {
            out.raw(b"{\"termination\":");
            out.str(o.termination.as_str());
            out.raw(b",\"winner\":");
            side(out, o.winner);
            out.raw(b"}");
        }
        None => out.raw(b"null"),
    }
    out.raw(b",\"final\":");
    match last {
        Some(p) => clean::setup_string(out, p),
        None => out.raw(b"null"),
    }
}

/// Bytes as a JSON array of integers, as serde writes a `Vec<u8>`.
fn byte_array(out: &mut JsonBuf, bytes: &[u8]) {
    out.raw(b"[");
    for (k, b) in bytes.iter().enumerate() {
        if k > 0 {
            out.raw(b",");
        }
        out.uint(u64::from(*b));
    }
    out.raw(b"]");
}

impl GameWriter {
    /// A writer for the games of the file named `file` (with `file_bytes`, its name's bytes
    /// when they are not UTF-8), as the objects' `file` and `file_bytes` say.
    pub(crate) fn for_file(file: &str, file_bytes: Option<&[u8]>) -> GameWriter {
        let mut b = JsonBuf::default();
        b.raw(b",\"file\":");
        b.str(file);
        if let Some(bytes) = file_bytes {
            b.raw(b",\"file_bytes\":");
            byte_array(&mut b, bytes);
        }
        GameWriter {
            rules: Vec::new(),
            file: b.into_text(),
        }
    }

    /// The ruleset object, or null.
    fn rules(&mut self, out: &mut JsonBuf, r: Option<&Ruleset>) {
        let Some(r) = r else {
            out.raw(b"null");
            return;
        };
        if let Some(k) = self.rules.iter().position(|(seen, _)| seen == r) {
            if k > 0 {
                self.rules.swap(0, k);
            }
            out.raw_slice(&self.rules[0].1);
            return;
        }
        let mut b = JsonBuf::default();
        let o = RulesObject::from(r);
        b.raw(b"{\"text\":");
        b.str(&o.text);
        b.raw(b",\"size\":");
        b.uint(u64::from(o.size));
        b.raw(b",\"first_placer\":");
        side(&mut b, Some(color(o.first_placer)));
        b.raw(b",\"first_mover\":");
        side(&mut b, Some(color(o.first_mover)));
        b.raw(b",\"chain\":");
        b.str(&o.chain);
        b.raw(b",\"forced\":");
        b.bool(o.forced);
        b.raw(b",\"barrier\":");
        b.str(&o.barrier);
        b.raw(b",\"centre\":");
        b.str(&o.centre);
        b.raw(b",\"blocked\":");
        b.str(&o.blocked);
        b.raw(b",\"limit\":");
        match o.limit {
            Some(n) => b.uint(u64::from(n)),
            None => b.raw(b"null"),
        }
        b.raw(b"}");
        out.raw_slice(b.bytes());
        self.rules.truncate(RULES_KEPT - 1);
        self.rules.insert(0, (*r, b.into_text()));
    }
}

fn color(s: Side) -> Color {
    match s {
        Side::Black => Color::Black,
        Side::White => Color::White,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_written_as_serde_json_writes_them() {
        let long = "v".repeat(32);
        let longer = "v".repeat(33);
        let sizes: Vec<String> = (0..=33)
            .map(|n| "é".repeat(n / 2) + &"x".repeat(n % 2))
            .collect();
        let name = "N".repeat(33);
        for (n, v) in [
            ("Event", "Village cup"),
            ("", ""),
            ("Site", "Aïcha 😀"),
            ("Site", "tab\there"),
            ("Site", "a \"quote\" and a \\"),
            ("Site", &long),
            ("Site", &longer),
            (&name, "x"),
            (&name[1..], &long),
        ]
        .into_iter()
        .chain(sizes.iter().map(|s| ("Site", s.as_str())))
        .chain(sizes.iter().map(|s| (s.as_str(), "x")))
        {
            let mut b = JsonBuf::default();
            tag(&mut b, n, v);
            let want = serde_json::json!({"name": n, "value": v}).to_string();
            assert_eq!(String::from_utf8(b.bytes().to_vec()).unwrap(), want);
        }
    }
}
