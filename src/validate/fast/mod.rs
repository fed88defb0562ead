//! The fast lane: proves a plainly written, valid game clean straight from its bytes.
//!
//! Most games of a large archive are well formed and legal, and for those `seega check` has
//! nothing to say. This lane is a visitor of the reader of games ([`crate::notation::read`]):
//! it plays each turn on the engine as the reader hands it over, without building a syntax
//! tree, without keeping spans and without allocating. It
//! answers only "clean" (the full path would report nothing, and would split the archive at the
//! same place) or "don't know". On "don't know" the caller checks the game the full way
//! ([`super::check_game`] on the scanner's [`crate::notation::Game`]), which alone words
//! diagnostics.
//!
//! # Architecture invariant
//!
//! The lane accepts a subset of what the full path calls clean, never more. It gives up at
//! anything the reader refuses, and at what it does not take itself: an escape in the value of a Rules, Result or Position tag,
//! comments that end the text after the result (the text's trailing ones), a token longer than
//! its window, a glyph of more than nine digits or glued to a move number, `--rules auto`
//! without a Rules tag, a mismatched move number, an illegal turn, a limit reached or one it
//! cannot rule out (a movetext of 2,000,000 bytes or more, which could hold the 1,000,000
//! items the full path allows), a wrong result, a bidirectional control anywhere in the game
//! (the full path warns of it), a variation when recording for `convert` (a clean game's
//! record holds one line), before any turn of its line, after its own result or deeper than the
//! full path reads. Variations are otherwise replayed as the full path replays them, each from
//! the position before the turn it follows (a copy of the referee kept before every turn, in a
//! second reading of a game that has variations), the recorder told the main line's turns only. Comments, annotations and glyphs, also glued to tokens, are
//! read as the scanner reads them (a token ends at blank space or at a comment), and kept when
//! recording for `convert`; comments before the first token are counted as the scanner counts
//! them, among the headers. `src/validate/fast/tests/lane.rs`
//! checks, over every corpus we have and over random mutations, that the two paths give
//! identical results.

use crate::engine::kernel::with_board;
use crate::engine::referee::{Between, Referee};
use crate::engine::{Outcome, Position, Ruleset, Setup};
use crate::notation::Comment;
use crate::notation::limits::MAX_HEADERS;
use crate::notation::read;

use super::clean::{CleanGame, Recorder};
use super::replay::{Options, Verdict};
use bidi::has_bidi;
use replay::{Replay, clean_comment};

mod bidi;
mod replay;
#[cfg(test)]
mod tests;

/// The rulesets of recently read Rules tags, so that an archive parses each text once.
#[derive(Debug, Default)]
pub struct RulesCache {
    entries: Vec<(Box<str>, Ruleset)>,
    /// Whether the last game the lane took had its rules from a Rules tag that names other
    /// rules than the default ones.
    pub(crate) tag_ruled: bool,
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
    lane(text, start, opts, cache, &mut ())
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
    Some((end, first.0))
}

/// [`clean_game`] for a game the lane proves clean, with the verdict the full path
/// ([`super::check_game`] without recording) gives it: its rules, start, last position, end
/// and turns, and no problem. `None` when the lane does not take the game (or `opts.record`):
/// the caller checks it the full way.
pub(crate) fn clean_verdict(
    text: &str,
    start: usize,
    opts: &Options,
    cache: &mut RulesCache,
) -> Option<(usize, Verdict)> {
    if opts.record {
        return None;
    }
    let mut summary = Summary(Verdict::nothing());
    let end = lane(text, start, opts, cache, &mut summary)?;
    Some((end, summary.0))
}

/// Makes a clean game's verdict as the lane reads it.
struct Summary(Verdict);

impl Recorder<'_> for Summary {
    const KEEPS: bool = false;
    const POSITIONS: bool = true;

    fn start(&mut self, rules: Ruleset, start: &Position) {
        self.0.rules = Some(rules);
        self.0.start = Some(start.clone());
    }

    fn turn(&mut self, _: usize, _: crate::engine::Color, _: super::clean::CleanKind) {
        self.0.legal_turns += 1;
    }

    fn again(&mut self) {
        self.0.legal_turns = 0;
    }

    fn last(&mut self, position: Position, end: &Setup, outcome: Option<Outcome>) {
        self.0.position = Some(position);
        (self.0.opening_owed, self.0.quiet_turns) = (end.opening_owed, end.quiet_turns);
        self.0.outcome = outcome;
    }
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
    lane(text, start, opts, cache, game)
}

fn lane<'t, R: Recorder<'t>>(
    text: &'t str,
    start: usize,
    opts: &Options,
    cache: &mut RulesCache,
    rec: &mut R,
) -> Option<usize> {
    let mut heads = Heads {
        rec: &mut *rec,
        rules_tag: None,
        position_tag: None,
        result_tag: None,
        headers: 0,
    };
    let i = read::headers(text, start, &mut heads)?;
    let Heads {
        rules_tag,
        position_tag,
        result_tag,
        ..
    } = heads;
    let rules = match rules_tag {
        Some(t) if !opts.force_rules => cache.get(t)?,
        _ if opts.auto_rules => return None,
        _ => opts.default_rules,
    };
    cache.tag_ruled = rules_tag.is_some() && !opts.force_rules && rules != opts.default_rules;
    let start = match position_tag {
        None => None,
        Some(text) => Some(Between::from_text(rules, text).ok()?),
    };
    if R::POSITIONS {
        match &start {
            None => rec.start(rules, &Position::new(rules)),
            Some(between) => rec.start(rules, &between.position),
        }
    }
    with_board!(rules.size, B => {
        let fresh = || match &start {
            None => Referee::<B>::of(&Position::new(rules)),
            Some(between) => Referee::<B>::resume(between),
        };
        let afters = R::KEEPS && rec.wants_after();
        let mut game = Replay {
            referee: fresh(),
            rec,
            rules,
            result_tag,
            start: i,
            bidi: false,
            outer: Vec::new(),
            before: None,
            lines: false,
            wants_lines: false,
            line_ended: false,
            afters,
        };
        let end = match read::movetext(text, i, &mut game) {
            Some(end) => end,
            // A variation: read again, keeping what variations need.
            None if game.wants_lines => {
                game.again(fresh());
                read::movetext(text, i, &mut game)?
            }
            None => return None,
        };
        (!game.bidi).then_some(end)
    })
}

/// What the lane keeps of the headers as it reads them: the three tags it reads the values of,
/// and how many headers there are.
struct Heads<'r, 't, R> {
    rec: &'r mut R,
    rules_tag: Option<&'t str>,
    position_tag: Option<&'t str>,
    result_tag: Option<&'t str>,
    headers: usize,
}

impl<'t, R: Recorder<'t>> Heads<'_, 't, R> {
    /// Counts one more header; `None` past the full path's limit.
    #[inline(always)]
    fn count(&mut self) -> Option<()> {
        self.headers += 1;
        (self.headers <= MAX_HEADERS).then_some(())
    }
}

impl<'t, R: Recorder<'t>> read::Headers<'t> for Heads<'_, 't, R> {
    #[inline(always)]
    fn tag(&mut self, tag: read::TagAt, text: &'t str) -> Option<()> {
        self.count()?;
        if tag.bidi {
            return None;
        }
        if R::KEEPS {
            let (name, value) = (text.get(tag.name.clone())?, text.get(tag.value.clone())?);
            self.rec.tag(name, value, tag.escaped);
        }
        let slot = match &text.as_bytes()[tag.name] {
            b"Rules" => &mut self.rules_tag,
            b"Result" => &mut self.result_tag,
            b"Position" => &mut self.position_tag,
            _ => return Some(()),
        };
        if slot.is_none() {
            // The value of a tag the lane reads, with escapes: rare, left to the full path.
            if tag.escaped {
                return None;
            }
            *slot = Some(text.get(tag.value)?);
        }
        Some(())
    }

    /// A comment before the first token, counted among the headers as the scanner counts it.
    #[inline(always)]
    fn comment(&mut self, comment: Comment<'t>) -> Option<()> {
        self.count()?;
        if has_bidi(comment.text) {
            return None;
        }
        if R::KEEPS {
            self.rec.comment(clean_comment(comment));
        }
        Some(())
    }
}
