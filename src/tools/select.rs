//! Choosing games: by tag, result, ruleset, length, validity, a position they reach, or whether
//! they hold variations. Lengths and positions are the main line's: variations are alternatives
//! that were not played.
//!
//! ```
//! use seega::archive::check_source;
//! use seega::notation::{GameResult, Source};
//! use seega::tools::select::Filter;
//! use seega::validate::Options;
//!
//! let source = Source::from_text("[Event \"Cup\"]\n\n1. a1,b1 1-0\n\n1. c3,d1 *\n");
//! let opts = Options::default().record(true);
//! let won = Filter { result: Some(GameResult::WhiteWins), ..Filter::default() };
//! let valid = Filter { valid: Some(true), ..Filter::default() };
//! let kept = |f: &Filter| -> Vec<usize> {
//!     check_source(&source, &opts).filter(|c| f.matches(c)).map(|c| c.index).collect()
//! };
//! assert_eq!(kept(&won), [1]);
//! assert_eq!(kept(&valid), [1]); // the second places a piece on the centre
//! ```

use crate::archive::Checked;
use crate::engine::{Position, Ruleset, Symmetry};
use crate::notation::{Element, GameResult};

/// What a game must have to be kept; every set field must match.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Tags that must have exactly this value.
    pub tags: Vec<(String, String)>,
    /// Tags whose value must match this regular expression.
    pub tag_patterns: Vec<(String, regex::Regex)>,
    /// The recorded result.
    pub result: Option<GameResult>,
    /// The ruleset the game is played under.
    pub rules: Option<Ruleset>,
    /// At least this many turns.
    pub min_turns: Option<u64>,
    /// At most this many turns.
    pub max_turns: Option<u64>,
    /// Valid (`true`) or invalid (`false`) games only.
    pub valid: Option<bool>,
    /// A position string the game must reach (before any turn or after one).
    pub position: Option<String>,
    /// Whether a symmetric image of the position counts too.
    pub symmetric: bool,
    /// Games with at least one variation (`true`) or with none (`false`) only.
    pub variations: Option<bool>,
}

impl Filter {
    /// Whether the checked game `c` (checked with `Options::record`) passes the filter.
    pub fn matches(&self, c: &Checked<'_>) -> bool {
        let g = &c.game;
        let v = &c.verdict;
        let tag = |name: &str| g.tag(name).map(|t| t.value.as_ref());
        self.tags
            .iter()
            .all(|(n, want)| tag(n) == Some(want.as_str()))
            && self
                .tag_patterns
                .iter()
                .all(|(n, re)| tag(n).is_some_and(|v| re.is_match(v)))
            && self
                .result
                .is_none_or(|r| g.result.is_some_and(|t| t.result == r))
            && self.rules.is_none_or(|r| v.rules == Some(r))
            && {
                let turns = g
                    .moves
                    .iter()
                    .filter(|e| matches!(e, Element::Turn(_)))
                    .count() as u64;
                self.min_turns.is_none_or(|m| turns >= m)
                    && self.max_turns.is_none_or(|m| turns <= m)
            }
            && self.valid.is_none_or(|want| v.is_valid() == want)
            && self
                .variations
                .is_none_or(|want| has_variations(&g.moves) == want)
            && self.position.as_deref().is_none_or(|p| self.reaches(c, p))
    }

    /// Whether the game reaches the position `text` along its main line.
    fn reaches(&self, c: &Checked<'_>, text: &str) -> bool {
        let v = &c.verdict;
        let Some(rules) = v.rules else { return false };
        let start = crate::engine::Setup::parse(text)
            .and_then(|s| crate::engine::referee::Between::from_setup(rules, &s));
        let Ok(crate::engine::referee::Between {
            position: target, ..
        }) = start
        else {
            return false;
        };
        let syms: &[Symmetry] = if self.symmetric {
            &Symmetry::ALL
        } else {
            &Symmetry::ALL[..1]
        };
        let same = |p: &Position| {
            p.to_move() == target.to_move()
                && syms.iter().any(|s| {
                    [crate::engine::Color::Black, crate::engine::Color::White]
                        .iter()
                        .all(|&col| s.bitboard(target.pieces(col), rules.size) == p.pieces(col))
                })
        };
        v.start
            .iter()
            .chain(v.played.iter().map(|p| &p.after))
            .any(same)
    }
}

/// Whether a game's movetext holds a variation (they are nested in the turns they follow, so
/// one at the top level is enough).
fn has_variations(moves: &[Element<'_>]) -> bool {
    moves.iter().any(|e| matches!(e, Element::Variation(_)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::check_source;
    use crate::notation::Source;
    use crate::validate::Options;

    fn kept(text: &str, f: &Filter) -> Vec<usize> {
        let src = Source::from_text(text);
        let opts = Options {
            record: true,
            ..Options::default()
        };
        check_source(&src, &opts)
            .filter(|c| f.matches(c))
            .map(|c| c.index)
            .collect()
    }

    const ARCHIVE: &str = "[White \"Mona\"]\na1,b2 e5,d4 1-0\n\n[White \"Omar\"]\nc3,a1 *\n\n\
                           [White \"Mona Lisa\"]\ne1,d2 *\n";

    #[test]
    fn filters_combine() {
        let mut f = Filter::default();
        assert_eq!(kept(ARCHIVE, &f), [1, 2, 3]);
        f.tags.push(("White".into(), "Mona".into()));
        assert_eq!(kept(ARCHIVE, &f), [1]);
        f.tags.clear();
        f.tag_patterns
            .push(("White".into(), regex::Regex::new("^Mona").expect("regex")));
        assert_eq!(kept(ARCHIVE, &f), [1, 3]);
        f.result = Some(GameResult::Unknown);
        assert_eq!(kept(ARCHIVE, &f), [3]);
        let f = Filter {
            valid: Some(false),
            ..Filter::default()
        };
        assert_eq!(kept(ARCHIVE, &f), [2]);
        let f = Filter {
            min_turns: Some(2),
            ..Filter::default()
        };
        assert_eq!(kept(ARCHIVE, &f), [1]);
    }

    #[test]
    fn variations_are_kept_or_left_and_lengths_are_the_main_lines() {
        // Game 2 has a variation of two turns after its first: its main line has two turns.
        let text = "a1,b2 e5,d4 1-0\n\nc2,d4 (c2,b3 a1,a2) a1,b1 *\n\na1,b2 *\n";
        let mut f = Filter {
            variations: Some(true),
            ..Filter::default()
        };
        assert_eq!(kept(text, &f), [2]);
        f.variations = Some(false);
        assert_eq!(kept(text, &f), [1, 3]);
        let f = Filter {
            min_turns: Some(2),
            max_turns: Some(2),
            ..Filter::default()
        };
        assert_eq!(kept(text, &f), [1, 2]);
    }

    #[test]
    fn positions_are_found_also_as_mirror_images() {
        // after game 3's first turn black has e1 and d2; game 1 reaches the mirror image a1/b2
        let mut f = Filter {
            position: Some("5/5/5/3b1/4b w".into()),
            ..Filter::default()
        };
        assert_eq!(kept(ARCHIVE, &f), [3]);
        f.symmetric = true;
        assert_eq!(kept(ARCHIVE, &f), [1, 3]);
        f.position = Some("5/5/5/1b3/b4 w".into());
        f.symmetric = false;
        assert_eq!(kept(ARCHIVE, &f), [1]);
        f.symmetric = true;
        assert_eq!(kept(ARCHIVE, &f), [1, 3]);
    }
}
