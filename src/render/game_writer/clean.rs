//! Game objects of games the fast lane found clean, written from the [`CleanGame`] it kept.
//!
//! Almost every byte of such a game is a turn, and a turn is almost all constant text: most
//! turns are written into one window of the output ([`JsonBuf::window`]) as three copies of
//! constant size (the start up to its number, one template per kind of turn and side with its
//! squares filled in, the end from its annotation with the line's digits) and a column, so that
//! the cost per turn is a few moves and one test of the room rather than a capacity check and a
//! length update for each of twenty fragments.

use super::super::json_buf::JsonBuf;
use super::{GameWriter, List, begin, ending, result};
use crate::engine::{Bitboard, Setup, Square};
use crate::notation::{LineCol, LineStream};
use crate::validate::{CleanGame, CleanKind, CleanTurn};
use notes::{comments, header, nags};

/// The `n`th placeholder `..` of a template (found when compiling).
const fn placeholder(t: &[u8], mut n: usize) -> usize {
    let mut i = 0;
    while i + 1 < t.len() {
        if t[i] == b'.' && t[i + 1] == b'.' {
            if n == 0 {
                return i;
            }
            n -= 1;
            i += 1;
        }
        i += 1;
    }
    panic!("a template without enough `..`")
}

/// Where a template that starts `,"side":"` names the side.
const SIDE: usize = 9;

/// `template`, which starts `,"side":"black"`, for each side in the order of
/// [`Color::index`].
const fn sided<const N: usize>(template: &[u8; N]) -> [[u8; N]; 2] {
    let black = *template;
    let mut white = *template;
    let name = b"white";
    let mut i = 0;
    while i < name.len() {
        white[SIDE + i] = name[i];
        i += 1;
    }
    [black, white]
}

/// The names of the squares by index (`rank * 9 + file`): file letter, rank digit. A square's
/// index is a byte: with an entry for each byte, looking one up needs no bounds test.
const NAMES: [[u8; 2]; 256] = {
    let mut t = [[0; 2]; 256];
    let mut i = 0;
    while i < 81 {
        t[i] = [b'a' + (i % 9) as u8, b'1' + (i / 9) as u8];
        i += 1;
    }
    t
};

/// `template` with the name of square `s` written at `at`.
#[inline]
fn put(template: &mut [u8], at: usize, s: Square) {
    if let Some(to) = template.get_mut(at..at + 2) {
        to.copy_from_slice(&NAMES[usize::from(s.index() as u8)]);
    }
}

const PLACE_T: &[u8; 75] = b",\"side\":\"black\",\"kind\":\"place\",\"squares\":[\"..\",\"..\"],\
\"from\":null,\"steps\":[]";
/// A placement after its number, up to its annotation.
const PLACE: [[u8; 75]; 2] = sided(PLACE_T);
const PLACE_A: usize = placeholder(PLACE_T, 0);
const PLACE_B: usize = placeholder(PLACE_T, 1);

/// A pass after its number, up to its annotation.
const PASS: [[u8; 65]; 2] =
    sided(b",\"side\":\"black\",\"kind\":\"pass\",\"squares\":[],\"from\":null,\"steps\":[]");

const MOVE1_T: &[u8; 90] = b",\"side\":\"black\",\"kind\":\"move\",\"squares\":[],\"from\":\"..\",\
\"steps\":[{\"to\":\"..\",\"captures\":[]}]";
/// A move of one step that captures nothing (a slide), after its number, up to its annotation.
const MOVE1: [[u8; 90]; 2] = sided(MOVE1_T);
const MOVE1_FROM: usize = placeholder(MOVE1_T, 0);
const MOVE1_TO: usize = placeholder(MOVE1_T, 1);

const MOVE_T: &[u8; 63] =
    b",\"side\":\"black\",\"kind\":\"move\",\"squares\":[],\"from\":\"..\",\"steps\":";
/// Any other move after its number, up to its steps.
const MOVE: [[u8; 63]; 2] = sided(MOVE_T);
const MOVE_FROM: usize = placeholder(MOVE_T, 0);

/// The first step of a move, up to its captures.
const STEP: &[u8; 23] = b"{\"to\":\"..\",\"captures\":[";
/// A later step of a move, up to its captures.
const NEXT_STEP: &[u8; 24] = b",{\"to\":\"..\",\"captures\":[";
const STEP_TO: usize = placeholder(STEP, 0);
const NEXT_STEP_TO: usize = placeholder(NEXT_STEP, 0);

/// What every turn of a clean game has after its steps, up to its line.
const AFTER_STEPS: &[u8; 63] =
    b",\"annotation\":null,\"nags\":[],\"comments\":[],\"legal\":true,\"line\":";

/// The room a turn's start takes in a window: `,{"number":` and up to 20 digits.
const HEAD: usize = 32;

/// The starts of the first 999 turn objects up to their number's last digit, 16 bytes each:
/// `[{"number":1` for the first (a game's turns are numbered from 1), then `,{"number":N`;
/// the last byte holds the start's length (the template written after it covers it).
const HEADS: [[u8; 16]; 999] = {
    let mut t = [[0; 16]; 999];
    let mut k = 0;
    while k < 999 {
        let key = b",{\"number\":";
        let mut i = 0;
        while i < key.len() {
            t[k][i] = key[i];
            i += 1;
        }
        let n = k + 1;
        let digits = if n < 10 {
            1
        } else if n < 100 {
            2
        } else {
            3
        };
        t[k][15] = (key.len() + digits) as u8;
        let (mut d, mut m) = (digits, n);
        while d > 0 {
            t[k][key.len() + d - 1] = b'0' + (m % 10) as u8;
            m /= 10;
            d -= 1;
        }
        k += 1;
    }
    t[0][0] = b'[';
    t
};

/// Writes the start of the turn object of the `k`th turn (from 0) into `w`, up to its
/// number's last digit; returns the bytes written.
#[inline(always)]
fn head(w: &mut [u8; TURN_ROOM], k: usize) -> usize {
    if let (Some(h), Some(to)) = (HEADS.get(k), w.first_chunk_mut::<16>()) {
        // In two registers, of which the length is the top byte.
        let h = u128::from_le_bytes(*h);
        *to = h.to_le_bytes();
        // At most 14 (the mask tells the compiler it is below `HEAD`).
        return (h >> 120) as usize & (HEAD - 1);
    }
    head_long(w, k).min(HEAD - 1)
}

/// [`head`] of a turn numbered from 1000 on.
#[cold]
#[inline(never)]
fn head_long(w: &mut [u8; TURN_ROOM], k: usize) -> usize {
    let key = b",{\"number\":";
    w[..key.len()].copy_from_slice(key);
    let mut n = 0;
    if let Some(digits) = w.get_mut(key.len()..).and_then(<[u8]>::first_chunk_mut) {
        n = decimal(digits, k as u64 + 1);
    }
    key.len() + n
}

/// Writes `n` in decimal at the start of `to`, digit by digit (no copy of a length known only
/// when running, which would be a call to `memcpy`); returns how many digits.
#[inline]
fn decimal(to: &mut [u8; 20], mut n: u64) -> usize {
    let len = n.checked_ilog10().map_or(1, |l| l as usize + 1).min(20);
    for d in to[..len].iter_mut().rev() {
        *d = b'0' + (n % 10) as u8;
        n /= 10;
    }
    len
}

/// Columns below 100 followed by the `}` that closes the turn, and how many bytes they take,
/// four bytes each: the digits and `}`, then the length (a byte written past the end, that
/// the next write covers).
const COLUMNS: [[u8; 4]; 100] = {
    let mut t = [[0; 4]; 100];
    let mut n = 0;
    while n < 100 {
        t[n] = if n < 10 {
            [b'0' + n as u8, b'}', b'}', 2]
        } else {
            [b'0' + (n / 10) as u8, b'0' + (n % 10) as u8, b'}', 3]
        };
        n += 1;
    }
    t
};

/// The end of a turn from its annotation, for turns taken in order: the constant fields, the
/// line's digits and the `column` key are made once per line, and each turn's column is put
/// after them, all in one window of the output.
struct Place<'s, 'i> {
    lines: &'s mut LineStream<'i>,
    /// The line [`Place::text`] was made for (0 before the first turn).
    line: usize,
    /// [`AFTER_STEPS`], the line's digits and the `column` key, of which `len` bytes are
    /// made.
    text: [u8; TAIL],
    len: u8,
}

/// Where `,"legal"` starts in [`AFTER_STEPS`].
const LEGAL: usize = AFTER_STEPS.len() - b",\"legal\":true,\"line\":".len();

/// The room for [`Place::text`]: [`AFTER_STEPS`], 20 digits and the `column` key.
const TAIL: usize = 96;
/// The room a turn's end takes in a window: [`Place::text`], then a column and the `}`, after
/// any length of the text a byte can hold (so that where the column goes needs no test).
const TAIL_ROOM: usize = 256 + 24;

impl Place<'_, '_> {
    /// The line and column of byte `at`; the text before the column is made for its line.
    #[inline(always)]
    fn line_col(&mut self, at: usize) -> LineCol {
        let lc = self.lines.line_col(at);
        // Lines count from 1: the first turn makes the text.
        if lc.line != self.line {
            self.new_line(lc.line);
        }
        lc
    }

    /// Makes the text before the column for `line` (after [`AFTER_STEPS`], there from the
    /// start). Mostly the line after the last one: its digits are counted up in place.
    #[cold]
    fn new_line(&mut self, line: usize) {
        const AT: usize = AFTER_STEPS.len();
        let next = self.line != 0 && line == self.line + 1;
        self.line = line;
        if next {
            if let Some(digits) = self
                .text
                .get_mut(AT..usize::from(self.len).saturating_sub(10))
            {
                for d in digits.iter_mut().rev() {
                    if *d == b'9' {
                        *d = b'0';
                    } else {
                        *d += 1;
                        return;
                    }
                }
            }
            // All nines: one digit more, written whole below.
        }
        if let Some(digits) = self.text.get_mut(AT..).and_then(<[u8]>::first_chunk_mut) {
            let len = decimal(digits, line as u64);
            if let Some(key) = self.text.get_mut(AT + len..AT + len + 10) {
                key.copy_from_slice(b",\"column\":");
            }
            self.len = (AT + len + 10) as u8;
        }
    }

    /// Writes the line and column of byte `at` into `w` and closes the turn; returns the
    /// bytes written.
    #[inline(always)]
    fn put(&mut self, w: &mut [u8; TAIL_ROOM], at: usize) -> usize {
        self.put_from::<0>(w, at)
    }

    /// [`Place::put`] of the text from its byte `SKIP` on.
    #[inline(always)]
    fn put_from<const SKIP: usize>(&mut self, w: &mut [u8; TAIL_ROOM], at: usize) -> usize {
        let lc = self.line_col(at);
        let len = usize::from(self.len).saturating_sub(SKIP);
        if let (Some(to), Some(from)) = (w.get_mut(..TAIL - SKIP), self.text.get(SKIP..)) {
            to.copy_from_slice(from);
        }
        match (COLUMNS.get(lc.column), w.get_mut(len..len + 4)) {
            (Some(c), Some(to)) => {
                to.copy_from_slice(c);
                len + usize::from(c[3])
            }
            _ => {
                let mut n = 0;
                if let Some(digits) = w.get_mut(len..).and_then(<[u8]>::first_chunk_mut) {
                    n = decimal(digits, lc.column as u64);
                }
                if let Some(close) = w.get_mut(len + n) {
                    *close = b'}';
                }
                len + n + 1
            }
        }
    }

    /// [`Place::put`] into a window of its own.
    fn write(&mut self, out: &mut JsonBuf, at: usize) {
        let n = self.put(out.window(), at);
        out.advance(n);
    }

    /// The end of a turn from its `legal` field, after notes written piece by piece: the
    /// line and column of byte `at`, in a window of its own.
    fn write_legal(&mut self, out: &mut JsonBuf, at: usize) {
        let n = self.put_from::<LEGAL>(out.window(), at);
        out.advance(n);
    }
}

/// The room in a turn's window for the steps of a move that is not a slide, from the `[` that
/// opens them to the `]` that closes them.
const STEPS_ROOM: usize = 256;

/// The room a turn takes in a window, from its number to its end: its start, the longest
/// template and steps, the end.
const TURN_ROOM: usize = HEAD + MOVE_T.len() + STEPS_ROOM + TAIL_ROOM;

/// Copies `template` into `w` at `at` (at most [`HEAD`]) and lets `fill` fill in its blanks;
/// returns its length.
#[inline]
fn template<const N: usize>(
    w: &mut [u8; TURN_ROOM],
    at: usize,
    template: &[u8; N],
    fill: impl FnOnce(&mut [u8; N]),
) -> usize {
    if let Some(to) = w
        .get_mut(at.min(HEAD)..)
        .and_then(<[u8]>::first_chunk_mut::<N>)
    {
        *to = *template;
        fill(to);
    }
    N
}

/// Writes the steps of a move that is not a slide into `w`, from the `[` that opens them to
/// the `]` that closes them; returns the bytes written, or `None` when they do not fit.
fn steps_into(w: &mut [u8; STEPS_ROOM], steps: &[(Square, Bitboard)]) -> Option<usize> {
    if steps.is_empty() {
        w.get_mut(..2)?.copy_from_slice(b"[]");
        return Some(2);
    }
    let mut at = 0;
    // Every write below is tested to fit: steps that do not are refused at the first that
    // does not.
    for (to, captured) in steps {
        let step = w.get_mut(at..)?.first_chunk_mut::<24>()?;
        *step = *NEXT_STEP;
        put(step, NEXT_STEP_TO, *to);
        at += NEXT_STEP.len();
        // Each capture with a comma after it; the last comma gives way to `]`.
        for c in captured.squares() {
            let [f, r] = NAMES[usize::from(c.index() as u8)];
            w.get_mut(at..at + 5)?
                .copy_from_slice(&[b'"', f, r, b'"', b',']);
            at += 5;
        }
        at -= usize::from(!captured.is_empty());
        w.get_mut(at..at + 2)?.copy_from_slice(b"]}");
        at += 2;
    }
    // The first step's comma opens the steps.
    w[0] = b'[';
    w.get_mut(at..at + 1)?.copy_from_slice(b"]");
    Some(at + 1)
}

/// The steps of a move that is not a slide, one write for each piece (when they are too many
/// for [`steps_into`]).
fn steps(out: &mut JsonBuf, steps: &[(Square, Bitboard)]) {
    out.raw(b"[");
    for (k, (to, captured)) in steps.iter().enumerate() {
        if k == 0 {
            out.raw_with(STEP, |t| put(t, STEP_TO, *to));
        } else {
            out.raw_with(NEXT_STEP, |t| put(t, NEXT_STEP_TO, *to));
        }
        let mut caps = List::new();
        for c in captured.squares() {
            caps.item(out);
            out.raw_with(b"\"..\"", |t| put(t, 1, c));
        }
        out.raw(b"]}");
    }
    out.raw(b"]");
}

/// The final position as a JSON string (a position string needs no escaping).
pub(super) fn setup_string(out: &mut JsonBuf, s: &Setup) {
    let text = s.text();
    out.raw(b"\"");
    out.raw_prefix(text.buffer(), text.len());
    out.raw(b"\"");
}

impl GameWriter {
    /// Writes the object of game number `index` of its chunk, which the fast lane found clean
    /// (`crate::validate::clean_game_recorded`): the same bytes `serde_json` writes for the
    /// `GameObject` of its syntax tree and verdict (`src/validate/fast/tests/lane.rs` checks this). `lines`
    /// is the stream of the chunk's lines, at or before the game.
    pub(crate) fn write_clean(
        &mut self,
        out: &mut JsonBuf,
        game: &CleanGame<'_>,
        index: usize,
        lines: &mut LineStream<'_>,
    ) {
        begin(out, index, &self.file);
        let mut headers = List::new();
        for h in &game.headers {
            headers.item(out);
            header(out, h);
        }
        out.raw(b"],\"rules\":");
        self.rules(out, game.rules.as_ref());
        if game.nags.is_empty() && game.comments.is_empty() {
            out.raw(b",\"nags\":[],\"comments\":[],\"turns\":");
        } else {
            out.raw(b",\"nags\":");
            nags(out, &game.nags);
            out.raw(b",\"comments\":");
            comments(out, &game.comments);
            out.raw(b",\"turns\":");
        }
        let mut text = [0; TAIL];
        text[..AFTER_STEPS.len()].copy_from_slice(AFTER_STEPS);
        let mut place = Place {
            lines,
            line: 0,
            text,
            len: 0,
        };
        if game.noted {
            turns::<true>(out, game, &mut place);
        } else {
            turns::<false>(out, game, &mut place);
        }
        if game.turns.is_empty() {
            out.raw(b"[");
        }
        out.raw(b"],\"result\":");
        result(out, game.result);
        if game.trailing.is_empty() {
            out.raw(b",\"trailing\":[]");
        } else {
            out.raw(b",\"trailing\":");
            comments(out, &game.trailing);
        }
        ending(out, game.outcome, game.last.as_ref());
        out.raw(b",\"valid\":true,\"errors\":[],\"source\":null}");
    }
}

/// The turns of `game`, from the `[` that opens them (when there are any). `NOTED` when some
/// turn has an annotation, glyphs or comments: a game without any (most) is written without
/// looking for them.
fn turns<const NOTED: bool>(out: &mut JsonBuf, game: &CleanGame<'_>, place: &mut Place<'_, '_>) {
    let mut next_step = 0;
    let mut next_note = 0;
    for (k, t) in game.turns.iter().enumerate() {
        // A turn with an annotation, glyphs or comments ends piece by piece.
        let noted = NOTED && t.noted;
        let side = t.side.index() & 1;
        // Most turns go out in one window: number, kind, squares, line and column.
        let w = out.window::<TURN_ROOM>();
        let n = head(w, k);
        let body = match t.kind {
            CleanKind::Place(a, b) => template(w, n, &PLACE[side], |x| {
                put(x, PLACE_A, a);
                put(x, PLACE_B, b);
            }),
            CleanKind::Pass => template(w, n, &PASS[side], |_| {}),
            CleanKind::Slide(from, to) => template(w, n, &MOVE1[side], |x| {
                put(x, MOVE1_FROM, from);
                put(x, MOVE1_TO, to);
            }),
            CleanKind::Move(from) => {
                let end = next_step + t.steps as usize;
                let s = game.steps.get(next_step..end).unwrap_or_default();
                next_step = end;
                let body = template(w, n, &MOVE[side], |x| put(x, MOVE_FROM, from));
                match w
                    .get_mut(n + body..)
                    .and_then(<[u8]>::first_chunk_mut::<STEPS_ROOM>)
                    .and_then(|room| steps_into(room, s))
                {
                    Some(k) => body + k,
                    None => {
                        out.advance(n + body);
                        steps(out, s);
                        if noted {
                            noted_end(out, game, t, &mut next_note, place);
                        } else {
                            place.write(out, t.at);
                        }
                        continue;
                    }
                }
            }
        };
        let n = n + body;
        if noted {
            out.advance(n);
            noted_end(out, game, t, &mut next_note, place);
            continue;
        }
        if let Some(tail) = w
            .get_mut(n..)
            .and_then(<[u8]>::first_chunk_mut::<TAIL_ROOM>)
        {
            let len = place.put(tail, t.at);
            out.advance(n + len);
        }
    }
}

/// The end of turn `t` of `game` from its annotation, when it has an annotation or notes:
/// its notes are the next of the game's from `next_note`, which moves past them.
#[cold]
#[inline(never)]
fn noted_end(
    out: &mut JsonBuf,
    game: &CleanGame<'_>,
    t: &CleanTurn,
    next_note: &mut usize,
    place: &mut Place<'_, '_>,
) {
    let end = *next_note + t.notes as usize;
    let notes = game.notes.get(*next_note..end).unwrap_or_default();
    *next_note = end;
    notes::tail(out, t, notes);
    place.write_legal(out, t.at);
}

mod notes;
#[cfg(test)]
mod tests;
