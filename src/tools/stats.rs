//! Statistics over checked games: results by ruleset, terminations, phase lengths, captures,
//! first-mover wins, longest chain.
//!
//! ```
//! use seega::archive::check_source;
//! use seega::notation::Source;
//! use seega::tools::stats::{RulesetStats, Stats};
//! use seega::validate::Options;
//!
//! let source = Source::from_text(seega::generate(&seega::GenOptions::default(), 12));
//! let mut stats = Stats::default();
//! for checked in check_source(&source, &Options::default().record(true)) {
//!     stats.add(&checked);
//! }
//! assert_eq!((stats.games, stats.valid, stats.invalid), (12, 12, 0));
//! let standard: &RulesetStats = &stats.rulesets["standard"];
//! assert_eq!(standard.games, 12);
//! assert_eq!(stats.avg_placement_turns, 12.0); // 24 pieces, two a turn
//! ```

use std::collections::BTreeMap;

use serde::Serialize;

use crate::archive::Checked;
use crate::engine::Phase;
use crate::notation::{Element, TurnKind};

/// Counts for one ruleset.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RulesetStats {
    /// Games under this ruleset.
    pub games: u64,
    /// Results as recorded: `1-0`, `0-1`, `1/2-1/2`, `*`, or `none` when missing.
    pub results: BTreeMap<String, u64>,
    /// Games that ended by rule, by termination; `none` for records that stop earlier.
    pub terminations: BTreeMap<String, u64>,
}

/// Statistics over a set of games (the JSON wire form of `seega stats`, `spec/stats.schema.json`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Games read.
    pub games: u64,
    /// Games without errors.
    pub valid: u64,
    /// Games with errors.
    pub invalid: u64,
    /// Per ruleset, by its canonical text (`unknown` when the Rules tag is broken).
    pub rulesets: BTreeMap<String, RulesetStats>,
    /// Average placement turns per valid game.
    pub avg_placement_turns: f64,
    /// Average movement turns (passes included) per valid game.
    pub avg_movement_turns: f64,
    /// Average pieces captured per valid game.
    pub avg_captures: f64,
    /// Valid decisive games won by the side that made the first movement turn.
    pub first_mover_wins: u64,
    /// Valid decisive games (`1-0` or `0-1`) that reached the movement phase.
    pub decisive_games: u64,
    /// First-mover wins divided by decisive games, when there are any.
    pub first_mover_win_rate: Option<f64>,
    /// The most steps in one turn.
    pub longest_chain: u64,
    #[serde(skip)]
    placement_turns: u64,
    #[serde(skip)]
    movement_turns: u64,
    #[serde(skip)]
    captures: u64,
}

impl Stats {
    /// Adds one checked game; its verdict must have been made with `Options::record`.
    pub fn add(&mut self, c: &Checked<'_>) {
        let v = &c.verdict;
        self.games += 1;
        let key = v.rules.map_or("unknown".to_owned(), |r| r.to_string());
        let rs = self.rulesets.entry(key).or_default();
        rs.games += 1;
        let result = c.game.result.map_or("none", |r| r.result.as_str());
        *rs.results.entry(result.to_owned()).or_default() += 1;
        let term = v.outcome.map_or("none", |o| o.termination.as_str());
        *rs.terminations.entry(term.to_owned()).or_default() += 1;
        if !v.is_valid() {
            self.invalid += 1;
            return;
        }
        self.valid += 1;
        let mut first_mover = None;
        let mut phase = v.start.as_ref().map(|p| p.phase());
        for played in &v.played {
            if phase == Some(Phase::Placement) {
                self.placement_turns += 1;
            } else {
                self.movement_turns += 1;
                first_mover.get_or_insert(played.side);
            }
            phase = Some(played.after.phase());
            self.captures += played
                .captures
                .iter()
                .map(|b| b.count() as u64)
                .sum::<u64>();
            if let Some(Element::Turn(t)) = c.game.moves.get(played.element) {
                if let TurnKind::Move { steps, .. } = &t.kind {
                    self.longest_chain = self.longest_chain.max(steps.len() as u64);
                }
            }
        }
        let winner = match result {
            "1-0" => Some(crate::engine::Color::White),
            "0-1" => Some(crate::engine::Color::Black),
            _ => None,
        };
        if let (Some(w), Some(f)) = (winner, first_mover) {
            self.decisive_games += 1;
            if w == f {
                self.first_mover_wins += 1;
            }
        }
        let n = self.valid as f64;
        self.avg_placement_turns = self.placement_turns as f64 / n;
        self.avg_movement_turns = self.movement_turns as f64 / n;
        self.avg_captures = self.captures as f64 / n;
        self.first_mover_win_rate = (self.decisive_games > 0)
            .then(|| self.first_mover_wins as f64 / self.decisive_games as f64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::check_source;
    use crate::notation::Source;
    use crate::validate::Options;

    #[test]
    fn counts_a_small_archive() {
        let text = "[Rules \"standard\"]\n[Position \"wb3/2w2/5/5/5 w\"]\nc4-c5xb5 1-0\n\n\
                    c2,d4 a1,a2 *\n\nc3,a1 *\n";
        let src = Source::from_text(text);
        let opts = Options {
            record: true,
            ..Options::default()
        };
        let mut s = Stats::default();
        for c in check_source(&src, &opts) {
            s.add(&c);
        }
        assert_eq!((s.games, s.valid, s.invalid), (3, 2, 1));
        assert_eq!(s.rulesets["standard"].games, 3);
        assert_eq!(s.rulesets["standard"].terminations["capture-all"], 1);
        assert_eq!(s.decisive_games, 1);
        assert_eq!(s.first_mover_win_rate, Some(1.0));
        assert_eq!(s.longest_chain, 1);
        assert_eq!(s.avg_captures, 0.5);
        assert_eq!(s.avg_placement_turns, 1.0);
    }
}
