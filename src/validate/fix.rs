//! `check --fix`: apply the engine's suggestions to a game until it is valid.

use super::problem::Problem;
use super::replay::{Options, check_game_at};
use crate::notation::Scanner;

/// How fixing one game went.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fixed {
    /// The corrected game text: all fixes applied when `complete`, else the text unchanged.
    pub text: String,
    /// Each applied fix, in order.
    pub applied: Vec<Applied>,
    /// Whether the corrected game is valid.
    pub complete: bool,
    /// The first error that has no single suggestion, when not complete.
    pub stuck: Option<Problem>,
}

/// One fix applied to a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Applied {
    /// The text replaced.
    pub old: String,
    /// Its replacement.
    pub new: String,
    /// Where the replaced text starts in the game's text as given (a byte offset).
    pub at: usize,
}

/// The most fixes applied to one game before giving up.
pub const MAX_FIXES: usize = 64;

/// Fixes the single game written in `text` (game number `index` of its file): while its first
/// error has exactly one suggestion, apply it and check again.
pub fn fix_game(text: &str, index: usize, opts: &Options) -> Fixed {
    let mut current = text.to_owned();
    let mut applied = Vec::new();
    for _ in 0..=MAX_FIXES {
        let Some(game) = Scanner::new(&current, &[]).next() else {
            break;
        };
        let verdict = check_game_at(&game, index, opts);
        let Some(first) = verdict.problems.iter().find(|p| p.is_error()) else {
            return Fixed {
                text: current,
                complete: true,
                applied,
                stuck: None,
            };
        };
        let Some(fix) = first.fix.clone().filter(|_| applied.len() < MAX_FIXES) else {
            return Fixed {
                text: text.to_owned(),
                applied,
                complete: false,
                stuck: Some(first.clone()),
            };
        };
        let old = fix.span.of(&current).to_owned();
        // Back to the text as given: take out what the fixes before this one, if they stand
        // before it, added or removed.
        let shift: isize = applied
            .iter()
            .filter(|a: &&Applied| a.at < fix.span.start)
            .map(|a| a.new.len() as isize - a.old.len() as isize)
            .sum();
        let at = fix.span.start.saturating_add_signed(-shift);
        current.replace_range(fix.span.start..fix.span.end, &fix.replacement);
        applied.push(Applied {
            old,
            new: fix.replacement,
            at,
        });
    }
    Fixed {
        text: text.to_owned(),
        applied,
        complete: false,
        stuck: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixes_until_valid_or_stuck() {
        let opts = Options::default();
        let text = "[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n1. b1-c1 2. a1-b1xa2 *";
        let f = fix_game(text, 1, &opts);
        assert!(f.complete, "{f:?}");
        assert_eq!(
            f.text,
            "[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n1. -- b1-c1 2. a1-b1 *"
        );
        assert_eq!(f.applied.len(), 2);
        let stuck = fix_game("1. c3,a1 *", 1, &opts);
        assert!(!stuck.complete);
        assert_eq!(stuck.text, "1. c3,a1 *");
        assert!(stuck.stuck.is_some());
        let fine = fix_game("1. c2,a1 *", 1, &opts);
        assert!(fine.complete && fine.applied.is_empty());
    }
}
