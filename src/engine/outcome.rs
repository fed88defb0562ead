//! How a game ends by rule (R13–R16): capture-all, barrier (wall or line), blocked.

use super::kernel::{self, Word, with_board};
use super::play::Play;
use super::position::Position;
use super::ruleset::Barrier;
use crate::board::Color;

/// The rule that ended a game.
///
/// ```
/// use seega::Termination;
/// assert_eq!(Termination::Barrier.as_str(), "barrier");
/// assert_eq!(Termination::Limit.as_str(), "limit");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// A side has no pieces left (R14).
    CaptureAll,
    /// A side has built a barrier (R15).
    Barrier,
    /// A side passed and its opponent cannot open the game for it (R16).
    Blocked,
    /// The movement phase went `limit=N` turns in a row without a capture (R16a).
    Limit,
}

impl Termination {
    /// The termination named `name` as [`Termination::as_str`] writes it, if any.
    ///
    /// ```
    /// use seega::Termination;
    ///
    /// assert_eq!(Termination::from_name("barrier"), Some(Termination::Barrier));
    /// assert_eq!(Termination::from_name("resigned"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Termination> {
        let all = [
            Termination::CaptureAll,
            Termination::Barrier,
            Termination::Blocked,
            Termination::Limit,
        ];
        all.into_iter().find(|t| t.as_str() == name)
    }

    /// `capture-all`, `barrier`, `blocked` or `limit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::CaptureAll => "capture-all",
            Termination::Barrier => "barrier",
            Termination::Blocked => "blocked",
            Termination::Limit => "limit",
        }
    }
}

/// How a game ended by rule: the rule, and the winner (`None` for a draw).
///
/// ```
/// use seega::{Color, GameState, Ruleset, Termination};
///
/// let rules = Ruleset::parse("standard")?;
/// let mut game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse()?)?;
/// game.play(&"b1-b2xb3".parse()?)?;
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome.termination, Termination::CaptureAll);
/// assert_eq!(outcome.winner, Some(Color::Black));
/// assert_eq!((outcome.result_token(), Termination::CaptureAll.as_str()), ("0-1", "capture-all"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Outcome {
    /// The rule that ended the game.
    pub termination: Termination,
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
}

impl Outcome {
    /// The result token this outcome calls for: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_token(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Position {
    /// Whether `color` would have a barrier under the ruleset's barrier kind (R15).
    pub fn has_barrier(&self, color: Color) -> bool {
        let mine = self.pieces(color).0;
        let theirs = self.pieces(color.other()).0;
        match self.rules.barrier {
            Barrier::None => false,
            Barrier::Wall => with_board!(self.size(), B => {
                kernel::has_wall::<B>(Word::narrow(mine), Word::narrow(theirs))
            }),
            Barrier::Line => with_board!(self.size(), B => {
                kernel::has_line::<B>(Word::narrow(mine), Word::narrow(theirs))
            }),
        }
    }

    /// Whether the game is over after a turn (R13): capture-all, then barrier, then — when the
    /// turn was a pass — blocked.
    pub fn outcome_after_turn(&self, was_pass: bool) -> Option<Outcome> {
        with_board!(self.size(), B => Play::<B>::of(self).outcome_after_turn(was_pass))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Ruleset;

    fn pos(rules: &str, setup: &str) -> Position {
        let setup = crate::engine::Setup::parse(setup).unwrap();
        (crate::engine::referee::Between::from_setup(Ruleset::parse(rules).unwrap(), &setup))
            .unwrap()
            .position
    }

    #[test]
    fn r15a_wall_encloses_an_empty_area() {
        // black closes off the bottom-left corner
        let p = pos("standard", "4w/5/b4/1b3/1b3 w");
        assert!(p.has_barrier(Color::Black));
        assert!(!p.has_barrier(Color::White));
    }

    #[test]
    fn r15a_no_wall_when_the_enemy_can_reach_everything() {
        let p = pos("standard", "w4/5/2b2/5/4b w");
        assert!(!p.has_barrier(Color::Black));
        assert!(!p.has_barrier(Color::White));
    }

    #[test]
    fn r15b_line_needs_an_inner_full_rank() {
        let p = pos("ludus", "w1w2/5/bbbbb/5/2b2 w");
        assert!(p.has_barrier(Color::Black));
        let edge = pos("ludus", "bbbbb/w4/5/5/4w b");
        assert!(!edge.has_barrier(Color::Black));
        let split = pos("ludus", "w4/5/bbbbb/5/w4 b");
        assert!(!split.has_barrier(Color::Black));
    }

    #[test]
    fn r14_capture_all_wins() {
        let p = pos("standard", "b4/5/5/5/5 w");
        let o = p.outcome_after_turn(false).unwrap();
        assert_eq!(o.termination, Termination::CaptureAll);
        assert_eq!(o.winner, Some(Color::Black));
        assert_eq!(o.result_token(), "0-1");
    }
}
