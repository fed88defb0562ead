//! The fast lane: proves a plainly written, valid game clean straight from its bytes.
//!
//! Most games of a large archive are well formed and legal, and for those `seega check` has
//! nothing to say. This lane reads such a game byte by byte and plays each turn on the engine
//! as it reads it, without building a syntax tree, without spans and without allocating. It
//! answers only "clean" (the full path would report nothing, and would split the archive at the
//! same place) or "don't know". On "don't know" the caller checks the game the full way
//! ([`super::check_game`] on the scanner's [`crate::notation::Game`]), which alone words
//! diagnostics.
//!
//! # Architecture invariant
//!
//! The lane accepts a subset of what the full path calls clean, never more. It gives up at
//! anything it does not read itself: escapes in tags, a token and a comment with no space
//! between them, comments that end the text after the result (the text's trailing ones), any
//! comment, annotation or glyph when recording for `convert`, a glyph of more than nine digits
//! or after a move number, `--rules auto` without a Rules tag, a mismatched move number, an
//! illegal turn, a limit reached, a wrong result. Comments, annotations and glyphs are skipped
//! as the scanner reads them and counted as it counts them. `tests/fast_lane.rs` checks, over
//! every corpus we have and over random mutations, that the two paths give identical results.

use std::ops::Range;

use crate::engine::kernel::{Board, Word, with_board};
use crate::engine::play::Play;
use crate::engine::{Bitboard, Color, Outcome, Position, Ruleset, Square};
use crate::notation::GameResult;
use crate::notation::limits::{MAX_HEADERS, MAX_MOVETEXT, MAX_TOKEN_BYTES};
use crate::notation::scan::line_end;
use crate::notation::token::move_number;

use super::clean::{CleanGame, CleanKind, Recorder};
use super::replay::Options;
use super::swar;

/// The rulesets of recently read Rules tags, so that an archive parses each text once.
#[derive(Debug, Default)]
pub struct RulesCache {
    entries: Vec<(Box<str>, Ruleset)>,
}

impl RulesCache {
    /// The ruleset a Rules tag's text names, or `None` when it names none.
    fn get(&mut self, text: &str) -> Option<Ruleset> {
        if let Some((_, r)) = self.entries.iter().find(|(t, _)| &**t == text) {
            return Some(*r);
        }
        let r = Ruleset::parse(text).ok()?;
        if self.entries.len() >= 16 {
            self.entries.remove(0);
        }
        self.entries.push((text.into(), r));
        Some(r)
    }
}

/// Classes of bytes, as bits of one table.
const SPACE: u8 = 1;
/// A byte of a tag name.
const NAME: u8 = 2;
/// A byte that ends a tag value the lane reads (`"`), or makes it give up.
const VALUE_STOP: u8 = 4;

const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut k = 0;
    while k < 256 {
        let c = k as u8;
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'\x0b') {
            t[k] |= SPACE;
        }
        if c.is_ascii_alphanumeric() || c == b'_' {
            t[k] |= NAME;
        }
        if matches!(c, b'"' | b'\\' | b'\n' | b'\r') {
            t[k] |= VALUE_STOP;
        }
        k += 1;
    }
    t
};

/// The scanner's idea of blank space.
fn is_space(b: u8) -> bool {
    CLASS[b as usize] & SPACE != 0
}

fn class_run(b: &[u8], mut i: usize, class: u8) -> usize {
    while i < b.len() && CLASS[b[i] as usize] & class != 0 {
        i += 1;
    }
    i
}

#[inline(always)]
fn skip_space(b: &[u8], i: usize) -> usize {
    // Most tokens are followed by one space or line break and then a token.
    if let Some(&[c, next]) = b.get(i..i + 2) {
        if is_space(c) && !is_space(next) {
            return i + 1;
        }
    }
    class_run(b, i, SPACE)
}

/// Tries the game whose text starts at byte `start` of `text` (blank space may come first).
/// When the game is clean, returns the offset just after its result token, where the scanner
/// will look for the next game. `None` means "check it the full way", also at the end of the
/// text.
pub fn clean_game(
    text: &str,
    start: usize,
    opts: &Options,
    cache: &mut RulesCache,
) -> Option<usize> {
    if opts.record {
        return None;
    }
    lane(text, start, opts, cache, &mut ())
}

/// [`clean_game`], also keeping in `game` what a writer needs to write the game (for
/// `seega convert`). `game` is cleared first; its content means nothing when `None` is
/// returned.
pub fn clean_game_recorded<'t>(
    text: &'t str,
    start: usize,
    opts: &Options,
    cache: &mut RulesCache,
    game: &mut CleanGame<'t>,
) -> Option<usize> {
    game.clear();
    lane(text, start, opts, cache, game)
}

fn lane<'t, R: Recorder<'t>>(
    text: &'t str,
    start: usize,
    opts: &Options,
    cache: &mut RulesCache,
    rec: &mut R,
) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = skip_space(b, start);
    let mut rules_tag: Option<&str> = None;
    let mut position_tag: Option<&str> = None;
    let mut result_tag: Option<&str> = None;
    let mut headers = 0usize;
    loop {
        match b.get(i) {
            Some(b'[') => {}
            // Comments before the first token count among the headers, as the scanner counts.
            Some(b'{' | b';') if !R::KEEPS => {
                headers += 1;
                if headers > MAX_HEADERS {
                    return None;
                }
                i = skip_space(b, comment_end(b, i)?);
                continue;
            }
            _ => break,
        }
        let (name, value, end) = tag(b, i)?;
        let name_text = &b[name.clone()];
        headers += 1;
        if headers > MAX_HEADERS {
            return None;
        }
        if R::KEEPS {
            rec.tag(text.get(name)?, text.get(value.clone())?);
        }
        let slot = match name_text {
            b"Rules" => &mut rules_tag,
            b"Result" => &mut result_tag,
            b"Position" => &mut position_tag,
            _ => {
                i = skip_space(b, end);
                continue;
            }
        };
        if slot.is_none() {
            *slot = Some(text.get(value)?);
        }
        i = skip_space(b, end);
    }
    let rules = match rules_tag {
        Some(t) => cache.get(t)?,
        None if opts.auto_rules => return None,
        None => opts.default_rules,
    };
    let pos = match position_tag {
        None => Position::new(rules),
        Some(setup) => Position::from_setup(rules, setup).ok()?,
    };
    with_board!(rules.size, B => {
        let mut game = Replay {
            play: Play::<B>::of(&pos),
            number: 1,
            outcome: None,
            passer: None,
            clear: false,
            rec,
        };
        movetext::<B, R>(b, i, &mut game, rules, result_tag)
    })
}

/// Reads and plays the movetext from `b[i..]` to the result on board `B`, the board of
/// `game`'s position; returns the offset after the result token.
#[inline(always)]
fn movetext<'t, B: Board, R: Recorder<'t>>(
    b: &[u8],
    mut i: usize,
    game: &mut Replay<'_, B, R>,
    rules: Ruleset,
    result_tag: Option<&str>,
) -> Option<usize> {
    // Movetext items (move numbers, turns, comments and glyphs) read so far. The full path stops reading at
    // `MAX_MOVETEXT` of them, so the lane gives up when it has read as many by the result
    // (the count only grows: testing it once there is testing it at every token).
    let mut items = 0usize;
    loop {
        // Turns start with a file letter; results with `*`, `0` or `1`.
        if let Some((result, end)) = (!b.get(i).is_some_and(u8::is_ascii_lowercase))
            .then(|| result_at(b, i))
            .flatten()
        {
            if items >= MAX_MOVETEXT || !game.result_is_clean(result, result_tag) {
                return None;
            }
            if R::KEEPS {
                game.rec
                    .end(rules, result, game.outcome, &game.play.to_position());
            }
            return after_result(b, end);
        }
        let (end, n) = match game.token(b, i) {
            // A token longer than the full path reads (a comment has no such limit).
            Some((end, _)) if end - i > MAX_TOKEN_BYTES => return None,
            Some(read) => read,
            // A comment or a glyph (which read as no turn, and change nothing) is a movetext
            // item; `convert` would have to keep it, and gives up.
            None if !R::KEEPS && matches!(b.get(i), Some(b'{' | b';')) => (comment_end(b, i)?, 1),
            None if !R::KEEPS && b.get(i) == Some(&b'$') => (nag_end(b, i)?, 1),
            None => return None,
        };
        items += n;
        i = skip_space(b, end);
    }
}

/// Where a game whose result ends at `end` ends for the scanner. Comments after a result belong
/// to the next game, unless nothing but comments follows: then they are the text's trailing
/// comments and belong to this game, which the lane leaves to the full path (so does an
/// unclosed `{`). The comments are read again as the next game's.
fn after_result(b: &[u8], end: usize) -> Option<usize> {
    let mut next = skip_space(b, end);
    let mut comments = false;
    while matches!(b.get(next), Some(b'{' | b';')) {
        comments = true;
        next = skip_space(b, comment_end(b, next)?);
    }
    (!comments || next < b.len()).then_some(end)
}

/// Reads `[Name "value"]` at `at`, with no escape in the value; returns the ranges of the
/// name and of the value, and the offset after `]`. Out of line: the movetext loop, which runs
/// far more often, keeps the registers.
#[inline(never)]
fn tag(b: &[u8], at: usize) -> Option<(Range<usize>, Range<usize>, usize)> {
    let blank = |mut i: usize| {
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        i
    };
    let name_start = blank(at + 1);
    let name_end = name_end(b, name_start);
    let mut i = blank(name_end);
    if name_end == name_start || b.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    let value_end = value_stop(b, value_start);
    if b.get(value_end) != Some(&b'"') {
        return None;
    }
    i = blank(value_end + 1);
    if b.get(i) != Some(&b']') {
        return None;
    }
    Some((name_start..name_end, value_start..value_end, i + 1))
}

/// The end of the run of tag-name bytes (ASCII letters, digits, `_`) from `i`.
fn name_end(b: &[u8], i: usize) -> usize {
    match swar::word_at(b, i).map(swar::not_name) {
        Some(stops) => swar::first(stops).map_or_else(|| class_run(b, i + 8, NAME), |k| i + k),
        None => class_run(b, i, NAME),
    }
}

/// The first byte from `i` on that ends a tag value the lane reads (`"`) or makes it give up
/// (`\`, a line break), or the end of `b`.
fn value_stop(b: &[u8], mut i: usize) -> usize {
    while let Some(x) = swar::word_at(b, i) {
        if let Some(k) = swar::first(swar::value_stops(x)) {
            return i + k;
        }
        i += 8;
    }
    while i < b.len() && CLASS[b[i] as usize] & VALUE_STOP == 0 {
        i += 1;
    }
    i
}

/// The end of the comment at `i` (`{` to `}`, or `;` to the end of the line), as the scanner
/// reads it. `None` for a `{` not closed before the next line that starts with `[`: unclosed
/// or not, the full path decides (and the search never runs past the next game).
fn comment_end(b: &[u8], i: usize) -> Option<usize> {
    if b[i] == b';' {
        return Some(line_end(b, i));
    }
    let mut j = i + 1;
    loop {
        j += memchr::memchr2(b'}', b'\n', b.get(j..)?)?;
        if b[j] == b'}' {
            return Some(j + 1);
        }
        if b.get(j + 1) == Some(&b'[') {
            return None;
        }
        j += 1;
    }
}

/// Where the token of a turn written up to `i` ends: at `i`, or after an annotation (`!`, `?`,
/// `!!`, `??`, `!?`, `?!`) when checking; `None` when anything else follows. `convert` would
/// have to keep the annotation, and gives up.
#[inline(always)]
fn turn_end<'t, R: Recorder<'t>>(b: &[u8], i: usize) -> Option<usize> {
    if ends(b, i) {
        return Some(i);
    }
    if R::KEEPS {
        return None;
    }
    let marks = b[i..]
        .iter()
        .take(2)
        .take_while(|&&c| c == b'!' || c == b'?');
    let end = i + marks.count();
    (end > i && ends(b, end)).then_some(end)
}

/// The end of the numeric annotation glyph (`$` and 1 to 9 digits, a token of its own) at `i`.
fn nag_end(b: &[u8], i: usize) -> Option<usize> {
    let digits = b
        .get(i + 1..)?
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let end = i + 1 + digits;
    ((1..=9).contains(&digits) && ends(b, end)).then_some(end)
}

/// Whether a token ends at `i`: blank space or the end of the text follows.
fn ends(b: &[u8], i: usize) -> bool {
    b.get(i).is_none_or(|&c| is_space(c))
}

/// The result token at `i`, if one is written there, and where it ends.
fn result_at(b: &[u8], i: usize) -> Option<(GameResult, usize)> {
    let rest = b.get(i..)?;
    // A move number (the common case here) has a digit or `.` second, which no result has.
    let (result, len) = match rest {
        [b'*', ..] => (GameResult::Unknown, 1),
        [b'0', b'-', b'1', ..] => (GameResult::BlackWins, 3),
        [b'1', b'-', b'0', ..] => (GameResult::WhiteWins, 3),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => (GameResult::Draw, 7),
        _ => return None,
    };
    ends(b, i + len).then_some((result, i + len))
}

/// A square at `b[*i..]` (`a`–`i` then `1`–`9`), moving `*i` past it. Every caller then
/// wants a byte that is not a digit (`,`, `-`, `x` or the token's end), so `c10` is refused as
/// the token parser refuses it.
#[inline(always)]
fn square(b: &[u8], i: &mut usize) -> Option<Square> {
    let &[f, r] = b.get(*i..)?.first_chunk::<2>()?;
    let (f, r) = (f.wrapping_sub(b'a'), r.wrapping_sub(b'1'));
    if f > 8 || r > 8 {
        return None;
    }
    *i += 2;
    Some(Square::new(f, r))
}

/// The replay state, as the full path keeps it.
struct Replay<'r, B: Board, R> {
    play: Play<B>,
    /// Where what was read goes.
    rec: &'r mut R,
    /// The number of the next turn (from 1).
    number: u64,
    outcome: Option<Outcome>,
    /// The side that passed on the previous turn.
    passer: Option<Color>,
    /// Whether the position before this turn was checked for an outcome in the movement phase
    /// and had none (what [`Play::outcome_after_move`] needs). For a move this is the same as
    /// "not the game's first turn" (`number > 1`), but testing that compiled to more
    /// instructions per byte (42.5 against 41.4, callgrind), so the flag stays.
    clear: bool,
}

impl<'t, B: Board, R: Recorder<'t>> Replay<'_, B, R> {
    /// Reads and plays the movetext token at `i`; returns where it ends and how many movetext
    /// items (a move number, a turn) it holds.
    fn token(&mut self, b: &[u8], mut i: usize) -> Option<(usize, usize)> {
        let mut items = 0;
        if b.get(i).is_some_and(u8::is_ascii_digit) {
            let (n, second, end) = move_number(b, i)?;
            i = end;
            if 2 * u64::from(n) - u64::from(!second) != self.number {
                return None;
            }
            items += 1;
            if ends(b, i) {
                return Some((i, items));
            }
        }
        Some((self.turn(b, i)?, items + 1))
    }

    /// Reads and plays the turn at `i` (the rest of a token); returns where it ends.
    fn turn(&mut self, b: &[u8], mut i: usize) -> Option<usize> {
        if self.outcome.is_some() {
            return None;
        }
        let side = self.play.to_move();
        let start = i;
        // Whether the turn was a move, and then whether it captured.
        let mut captured = None;
        let was_pass = if b[i..].starts_with(b"--") {
            i = turn_end::<R>(b, i + 2)?;
            self.play.pass().ok()?;
            self.rec.turn(start, side, CleanKind::Pass);
            true
        } else {
            let first = square(b, &mut i)?;
            if b.get(i) == Some(&b',') {
                i += 1;
                let second = square(b, &mut i)?;
                i = turn_end::<R>(b, i)?;
                self.play.place(first, second).ok()?;
                self.rec.turn(start, side, CleanKind::Place(first, second));
            } else {
                self.rec.turn(start, side, CleanKind::Move(first));
                let (end, any) = self.movement(first, b, i)?;
                (i, captured) = (end, Some(any));
            }
            false
        };
        if let Some(p) = self.passer.take() {
            if self.play.outcome_after_turn(false).is_none() && !self.play.has_step_for(p) {
                return None;
            }
        }
        if was_pass {
            self.passer = Some(side);
        }
        self.outcome = match captured {
            Some(captured) if self.clear => self.play.outcome_after_move(captured),
            _ => self.play.outcome_after_turn(was_pass),
        };
        // What `outcome_after_move` needs of the position before the next turn.
        self.clear = self.outcome.is_none() && self.play.in_movement();
        self.number += 1;
        Some(i)
    }

    /// Plays the steps of a movement from `from`, written from `b[i..]`; returns where the
    /// token ends and whether the move captured.
    fn movement(&mut self, from: Square, b: &[u8], mut i: usize) -> Option<(usize, bool)> {
        let mut mv = self.play.begin_move(from).ok()?;
        let mut any = false;
        while b.get(i) == Some(&b'-') {
            i += 1;
            let to = square(b, &mut i)?;
            let got = self.play.step(&mut mv, to).ok()?;
            let zero = B::W::ZERO;
            any |= got != zero;
            let mut written = zero;
            while b.get(i) == Some(&b'x') {
                i += 1;
                let c = B::W::bit(square(b, &mut i)?.index());
                if got & c == zero || written & c != zero {
                    return None;
                }
                written = written | c;
            }
            if written != zero && written != got {
                return None;
            }
            self.rec.step(to, Bitboard(got.widen()));
        }
        let i = turn_end::<R>(b, i)?;
        self.play.end_move(mv).ok()?;
        Some((i, any))
    }

    /// Whether the full path's result checks (R18, N8) find nothing.
    fn result_is_clean(&self, token: GameResult, tag: Option<&str>) -> bool {
        if let Some(o) = self.outcome {
            if token.as_str() != o.result_token() {
                return false;
            }
        }
        tag.is_none_or(|t| GameResult::parse(t) == Some(token))
    }
}
