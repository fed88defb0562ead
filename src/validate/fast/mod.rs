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
//! anything it does not read itself: an escape in the value of a Rules, Result or Position tag,
//! comments that end the text after the result (the text's trailing ones), a token longer than
//! its window, a glyph of more than nine digits or glued to a move number, `--rules auto`
//! without a Rules tag, a mismatched move number, an illegal turn, a limit reached or one it
//! cannot rule out (a movetext of 2,000,000 bytes or more, which could hold the 1,000,000
//! items the full path allows), a wrong result, a bidirectional control anywhere in the game
//! (the full path warns of it). Comments, annotations and glyphs, also glued to tokens, are
//! read as the scanner reads them (a token ends at blank space or at a comment), and kept when
//! recording for `convert`; comments before the first token are counted as the scanner counts
//! them, among the headers. `tests/fast_lane.rs`
//! checks, over every corpus we have and over random mutations, that the two paths give
//! identical results.

use crate::engine::kernel::{Board, with_board};
use crate::engine::referee::Referee;
use crate::engine::{Position, Ruleset};
use crate::notation::limits::{MAX_HEADERS, MAX_MOVETEXT};
use crate::notation::window;

use super::clean::{CleanComment, CleanGame, Recorder};
use super::replay::Options;
use replay::Replay;
use text::{TagAt, after_result, comment_end, has_bidi, is_space, skip_space, tag};

mod replay;
mod swar;
mod text;

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
    let end = lane(text, start, opts, cache, &mut ())?;
    no_bidi(text, start, end)
}

/// `end` when the game read from `start` to `end` holds no bidirectional control, of which the
/// full path warns; looked for once the game is read, in one pass over its bytes (cheaper than
/// in each tag value and comment as they are read).
fn no_bidi(text: &str, start: usize, end: usize) -> Option<usize> {
    (!has_bidi(text.as_bytes().get(start..end)?)).then_some(end)
}

/// [`clean_game`], also giving where the game's first turn starts (`None` when it has none).
pub(crate) fn clean_game_first_turn(
    text: &str,
    start: usize,
    opts: &Options,
    cache: &mut RulesCache,
) -> Option<(usize, Option<usize>)> {
    if opts.record {
        return None;
    }
    let mut first = FirstTurn(None);
    let end = lane(text, start, opts, cache, &mut first)?;
    Some((no_bidi(text, start, end)?, first.0))
}

/// Keeps where the first turn starts, and nothing else.
struct FirstTurn(Option<usize>);

impl Recorder<'_> for FirstTurn {
    const KEEPS: bool = false;
    fn turn(&mut self, at: usize, _: crate::engine::Color, _: super::clean::CleanKind) {
        self.0.get_or_insert(at);
    }
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
    let end = lane(text, start, opts, cache, game)?;
    no_bidi(text, start, end)
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
            Some(b'{' | b';') => {
                headers += 1;
                if headers > MAX_HEADERS {
                    return None;
                }
                let end = comment_end(b, i)?;
                if R::KEEPS {
                    rec.comment(comment(text, i, end)?);
                }
                i = skip_space(b, end);
                continue;
            }
            _ => break,
        }
        let TagAt {
            name,
            value,
            end,
            escaped,
        } = tag(b, i)?;
        let name_text = &b[name.clone()];
        headers += 1;
        if headers > MAX_HEADERS {
            return None;
        }
        if R::KEEPS {
            rec.tag(text.get(name)?, text.get(value.clone())?, escaped);
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
            // The value of a tag the lane reads, with escapes: rare, left to the full path.
            if escaped {
                return None;
            }
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
            referee: Referee::<B>::of(&pos),
            rec,
        };
        movetext::<B, R>(text, i, &mut game, rules, result_tag)
    })
}

/// The comment from `start` to `end` of `text` (`{...}` or `;...`).
#[inline]
fn comment(text: &str, start: usize, end: usize) -> Option<CleanComment<'_>> {
    let line = text.as_bytes().get(start) == Some(&b';');
    let text = text.get(start + 1..end - usize::from(!line))?;
    Some(CleanComment { text, line })
}

/// The value of the glyph `$N` written in `w` (`digits` of them, at most nine).
#[cold]
fn nag_value(w: &window::Window, digits: usize) -> u32 {
    w[1..=digits]
        .iter()
        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'))
}

/// Reads and plays the movetext from `text[i..]` to the result on board `B`, the board of
/// `game`'s position; returns the offset after the result token and the comments on its line.
#[inline(always)]
fn movetext<'t, B: Board, R: Recorder<'t>>(
    text: &'t str,
    mut i: usize,
    game: &mut Replay<'_, B, R>,
    rules: Ruleset,
    result_tag: Option<&str>,
) -> Option<usize> {
    // The full path stops reading at `MAX_MOVETEXT` movetext items (move numbers, turns,
    // comments and glyphs). Each takes at least two bytes (`1.`, `--`, `{}`, `;` and its line
    // break, `$1`), so a movetext shorter than twice that many bytes holds fewer: the lane
    // counts none, and gives up on a longer one.
    let b = text.as_bytes();
    let start = i;
    let mut pad = [0; window::WIDTH];
    loop {
        let w = window::window(b, i, &mut pad);
        // Where the next token may start. The readers of turns, numbers and glyphs end a token
        // at blank space, a comment (`{` or `;`) or the end of the text, and say where to look
        // next: after the blank byte, or at the comment. A token longer than the full path
        // reads (`MAX_TOKEN_BYTES`) is refused where one can be: only a move of several steps
        // outgrows its window.
        let next = match w[0] {
            b'a'..=b'z' | b'-' => game.turn(b, i, w)?,
            b'0'..=b'9' | b'*' => match window::result(w) {
                None => game.numbered(b, i, w)?,
                Some((result, len)) => {
                    if i - start >= 2 * MAX_MOVETEXT || !game.result_is_clean(result, result_tag) {
                        return None;
                    }
                    if R::KEEPS {
                        let (outcome, end) = (game.referee.outcome(), game.referee.position());
                        game.rec.end(rules, result, outcome, &end);
                    }
                    let rec = &mut *game.rec;
                    return after_result(b, i + len, |from, to| {
                        if R::KEEPS {
                            if let Some(c) = comment(text, from, to) {
                                rec.trailing(c);
                            }
                        }
                    });
                }
            },
            // A comment or a glyph (which read as no turn, and change nothing) is a movetext
            // item, kept when recording.
            b'{' | b';' => {
                let end = comment_end(b, i)?;
                if R::KEEPS {
                    game.rec.comment(comment(text, i, end)?);
                }
                i = skip_space(b, end);
                continue;
            }
            b'$' => {
                let (digits, next) = window::nag(w)?;
                if R::KEEPS {
                    game.rec.nag(nag_value(w, digits));
                }
                i + next
            }
            // More blank space between two tokens (past the end, the text has no result).
            c if is_space(c) && i < b.len() => {
                i = skip_space(b, i);
                continue;
            }
            _ => return None,
        };
        i = next;
    }
}
