//! Game objects written straight from a game and its verdict into a [`JsonBuf`], without
//! building the wire structs: `seega convert --to json|jsonl` spends most of its time here.
//!
//! The bytes are exactly those `serde_json` writes for the [`GameObject`] that
//! [`GameObject::new`] builds from the same game and verdict (same field order, same escaping,
//! same mapping of movetext items to fields); `tests/json_writer.rs` checks that on every game
//! of the test corpus. [`GameObject`] remains the type JSON is read back into, and the
//! reference this writer is tested against.
//!
//! [`GameObject`]: super::game_json::GameObject
//! [`GameObject::new`]: super::game_json::GameObject::new

use super::game_json::{Origin, RulesObject, Side};
use super::json_buf::{JsonBuf, is_plain};
use super::wire::DiagnosticLine;
use crate::engine::{Color, Outcome, Position, Ruleset, Square};
use crate::notation::{Comment, Element, Game, GameResult, Header, LineCursor, Turn, TurnKind};
use crate::validate::{Played, Verdict};

mod clean;

/// Writes game objects; keeps the JSON of the last ruleset seen, as most archives use one.
#[derive(Debug, Default)]
pub struct GameWriter {
    rules: Option<(Ruleset, Vec<u8>)>,
    /// `,"file":…` (and `,"file_bytes":[…]`) as written after every game number.
    file: Vec<u8>,
}

fn is_turn(e: &Element<'_>) -> bool {
    matches!(e, Element::Turn(_))
}

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

fn square(out: &mut JsonBuf, s: Square) {
    out.raw(&[b'"', b'a' + s.file(), b'1' + s.rank(), b'"']);
}

fn side(out: &mut JsonBuf, c: Option<Color>) {
    match c.map(Side::from) {
        Some(Side::Black) => out.raw(b"\"black\""),
        Some(Side::White) => out.raw(b"\"white\""),
        None => out.raw(b"null"),
    }
}

/// `[...]` of the `$N` glyphs among `items`.
fn nags(out: &mut JsonBuf, items: &[Element<'_>]) {
    out.raw(b"[");
    let mut list = List::new();
    for e in items {
        if let Element::Nag(n, _) = e {
            list.item(out);
            out.uint(u64::from(*n));
        }
    }
    out.raw(b"]");
}

/// A comment object whose text is under the key that `open` starts (`{"text":` for movetext
/// comments, `{"comment":` for header items).
fn comment_as<const N: usize>(out: &mut JsonBuf, open: &[u8; N], c: &Comment<'_>) {
    out.raw(open);
    out.str(c.text);
    if c.line {
        out.raw(b",\"line\":true}");
    } else {
        out.raw(b",\"line\":false}");
    }
}

fn comment(out: &mut JsonBuf, c: &Comment<'_>) {
    comment_as(out, b"{\"text\":", c);
}

/// `[...]` of the comments among `items`.
fn comments<'a>(out: &mut JsonBuf, items: impl IntoIterator<Item = &'a Comment<'a>>) {
    out.raw(b"[");
    let mut list = List::new();
    for c in items {
        list.item(out);
        comment(out, c);
    }
    out.raw(b"]");
}

fn element_comments<'a>(items: &'a [Element<'a>]) -> impl Iterator<Item = &'a Comment<'a>> {
    items.iter().filter_map(|e| match e {
        Element::Comment(c) => Some(c),
        _ => None,
    })
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
fn ending(out: &mut JsonBuf, outcome: Option<Outcome>, last: Option<&Position>) {
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

fn header_comment(out: &mut JsonBuf, c: &Comment<'_>) {
    comment_as(out, b"{\"comment\":", c);
}

impl GameWriter {
    /// A writer for the games of an unnamed file (`"file":""`).
    pub fn new() -> GameWriter {
        GameWriter::for_file("", None)
    }

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
            rules: None,
            file: b.into_text(),
        }
    }

    /// Writes the object of game number `index` of its chunk (a [`JsonBuf::game_number`] mark,
    /// filled in when the chunk is placed in its file), checked with `verdict` (made with
    /// `Options::record`). Marks the game's start first.
    pub fn write(
        &mut self,
        out: &mut JsonBuf,
        game: &Game<'_>,
        verdict: &Verdict,
        index: usize,
        at: Origin<'_>,
    ) {
        begin(out, index, &self.file);
        let mut headers = List::new();
        let mut broken = false;
        for h in &game.headers {
            match h {
                Header::Tag(t) => {
                    headers.item(out);
                    tag(out, t.name, &t.value);
                }
                Header::Comment(c) => {
                    headers.item(out);
                    header_comment(out, c);
                }
                Header::Error(_) => broken = true,
            }
        }
        broken |= game.moves.iter().any(|e| matches!(e, Element::Error(_)));
        // Before the first turn, comments that precede any `$N` glyph belong to the headers;
        // the glyphs and the comments after them go to `nags` and `comments`.
        let moves = &game.moves[..];
        let first_turn = moves.iter().position(is_turn).unwrap_or(moves.len());
        let lead = &moves[..first_turn];
        let first_nag = lead
            .iter()
            .position(|e| matches!(e, Element::Nag(..)))
            .unwrap_or(lead.len());
        for c in element_comments(&lead[..first_nag]) {
            headers.item(out);
            header_comment(out, c);
        }
        out.raw(b"],\"rules\":");
        self.rules(out, verdict.rules.as_ref());
        out.raw(b",\"nags\":");
        nags(out, lead);
        out.raw(b",\"comments\":");
        comments(out, element_comments(&lead[first_nag..]));
        out.raw(b",\"turns\":[");
        let mut lines = at.lines.cursor(at.text);
        let mut played = verdict.played.iter().peekable();
        let mut turns = List::new();
        let mut number = 0;
        let mut k = first_turn;
        while k < moves.len() {
            let end = moves[k + 1..]
                .iter()
                .position(is_turn)
                .map_or(moves.len(), |p| k + 1 + p);
            if let Element::Turn(t) = &moves[k] {
                number += 1;
                let legal = played.next_if(|p| p.element == k);
                turns.item(out);
                turn(out, t, number, legal, &moves[k + 1..end], &mut lines);
            }
            k = end;
        }
        out.raw(b"],\"result\":");
        result(out, game.result.map(|r| r.result));
        out.raw(b",\"trailing\":");
        comments(out, &game.trailing);
        ending(out, verdict.outcome, verdict.position.as_ref());
        out.raw(b",\"valid\":");
        out.bool(verdict.is_valid());
        out.raw(b",\"errors\":[");
        let mut errors = List::new();
        for p in &verdict.problems {
            errors.item(out);
            diagnostic(out, &at.diagnostic(p));
        }
        out.raw(b"],\"source\":");
        if broken || game.result.is_none() {
            out.str(super::game_json::verbatim(game, at.text));
            if let Some(bytes) = at.verbatim_bytes(game) {
                out.raw(b",\"source_bytes\":");
                byte_array(out, &bytes);
            }
        } else {
            out.raw(b"null");
        }
        out.raw(b"}");
    }

    /// The ruleset object, or null.
    fn rules(&mut self, out: &mut JsonBuf, r: Option<&Ruleset>) {
        let Some(r) = r else {
            out.raw(b"null");
            return;
        };
        match &self.rules {
            Some((seen, json)) if seen == r => out.raw_slice(json),
            _ => {
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
                b.raw(b"}");
                out.raw_slice(b.bytes());
                self.rules = Some((*r, b.into_text()));
            }
        }
    }
}

fn color(s: Side) -> Color {
    match s {
        Side::Black => Color::Black,
        Side::White => Color::White,
    }
}

/// Where the placeholder `..` of a template stands (found when compiling).
const fn placeholder(t: &[u8]) -> usize {
    let mut i = 0;
    while i + 1 < t.len() {
        if t[i] == b'.' && t[i + 1] == b'.' {
            return i;
        }
        i += 1;
    }
    panic!("a template without `..`")
}

/// `template` with the square `s` written at `at` (the file letter, then the rank digit).
#[inline]
fn with_square<const N: usize>(mut template: [u8; N], at: usize, s: Square) -> [u8; N] {
    template[at] = b'a' + s.file();
    template[at + 1] = b'1' + s.rank();
    template
}

/// A constant fragment whose placeholder `..` is replaced by a square.
macro_rules! filled {
    ($template:literal, $square:expr) => {{
        const AT: usize = placeholder($template);
        with_square(*$template, AT, $square)
    }};
}

/// A turn's number and side, up to its `kind`.
fn turn_head(out: &mut JsonBuf, number: u64, side: Option<Color>) {
    out.raw(b"{\"number\":");
    out.uint(number);
    match side.map(Side::from) {
        Some(Side::Black) => out.raw(b",\"side\":\"black\",\"kind\":"),
        Some(Side::White) => out.raw(b",\"side\":\"white\",\"kind\":"),
        None => out.raw(b",\"side\":null,\"kind\":"),
    }
}

/// A placement's kind, squares, from and steps.
fn placement(out: &mut JsonBuf, a: Square, b: Square) {
    out.raw(&filled!(b"\"place\",\"squares\":[\"..\",\"", a));
    out.raw(&filled!(b"..\"],\"from\":null,\"steps\":[]", b));
}

/// A pass's kind, squares, from and steps.
fn pass(out: &mut JsonBuf) {
    out.raw(b"\"pass\",\"squares\":[],\"from\":null,\"steps\":[]");
}

/// A move's kind, squares and from, opening its steps (closed by the caller with `]`).
fn move_from(out: &mut JsonBuf, from: Square) {
    out.raw(&filled!(
        b"\"move\",\"squares\":[],\"from\":\"..\",\"steps\":[",
        from
    ));
}

/// Step number `k` (from 0) of a move: where it went and what it captured.
fn step(out: &mut JsonBuf, k: usize, to: Square, captures: impl Iterator<Item = Square>) {
    if k == 0 {
        out.raw(&filled!(b"{\"to\":\"..\",\"captures\":[", to));
    } else {
        out.raw(&filled!(b",{\"to\":\"..\",\"captures\":[", to));
    }
    let mut caps = List::new();
    for c in captures {
        caps.item(out);
        square(out, c);
    }
    out.raw(b"]}");
}

/// One turn; `tail` holds the movetext items after it, up to the next turn. Most turns are
/// written in a few constant fragments with their squares filled in.
fn turn(
    out: &mut JsonBuf,
    t: &Turn,
    number: u64,
    legal: Option<&Played>,
    tail: &[Element<'_>],
    lines: &mut LineCursor<'_>,
) {
    turn_head(out, number, legal.map(|p| p.side));
    match &t.kind {
        TurnKind::Place(a, b) => placement(out, a.square, b.square),
        TurnKind::Pass => pass(out),
        TurnKind::Move { from, steps } => {
            move_from(out, from.square);
            for (k, s) in steps.iter().enumerate() {
                // Legal turns show what the engine captured, the others what was written.
                match legal.and_then(|p| p.captures.get(k)) {
                    Some(b) => step(out, k, s.to.square, b.squares()),
                    None => step(out, k, s.to.square, s.captures.iter().map(|c| c.square)),
                }
            }
            out.raw(b"]");
        }
    }
    if t.annotation.is_none() && tail.iter().all(|e| matches!(e, Element::Number(_))) {
        if legal.is_some() {
            out.raw(b",\"annotation\":null,\"nags\":[],\"comments\":[],\"legal\":true,\"line\":");
        } else {
            out.raw(b",\"annotation\":null,\"nags\":[],\"comments\":[],\"legal\":false,\"line\":");
        }
    } else {
        out.raw(b",\"annotation\":");
        out.opt_str(t.annotation.map(|a| a.as_str()));
        out.raw(b",\"nags\":");
        nags(out, tail);
        out.raw(b",\"comments\":");
        comments(out, element_comments(tail));
        if legal.is_some() {
            out.raw(b",\"legal\":true,\"line\":");
        } else {
            out.raw(b",\"legal\":false,\"line\":");
        }
    }
    let lc = lines.line_col(t.span.start);
    out.uint(lc.line as u64);
    out.raw(b",\"column\":");
    out.uint(lc.column as u64);
    out.raw(b"}");
}

/// A diagnostic, as `check --format jsonl` writes it; its game number is a mark.
fn diagnostic(out: &mut JsonBuf, d: &DiagnosticLine) {
    out.raw(b"{\"type\":");
    out.str(&d.kind);
    out.raw(b",\"severity\":");
    out.str(&d.severity);
    out.raw(b",\"code\":");
    out.str(&d.code);
    out.raw(b",\"message\":");
    out.str(&d.message);
    out.raw(b",\"help\":");
    out.str(&d.help);
    out.raw(b",\"file\":");
    out.str(&d.file);
    if let Some(bytes) = &d.file_bytes {
        out.raw(b",\"file_bytes\":");
        byte_array(out, bytes);
    }
    out.raw(b",\"game\":");
    out.game_number(d.game);
    out.raw(b",\"turn\":");
    match d.turn {
        Some(t) => out.uint(t),
        None => out.raw(b"null"),
    }
    out.raw(b",\"line\":");
    out.uint(d.line as u64);
    out.raw(b",\"column\":");
    out.uint(d.column as u64);
    out.raw(b",\"end_line\":");
    out.uint(d.end_line as u64);
    out.raw(b",\"end_column\":");
    out.uint(d.end_column as u64);
    out.raw(b"}");
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
