//! How a game ends by rule (R13–R17): capture-all, barrier (wall or line), blocked.

use super::bitboard::{Bitboard, FILE_A};
use super::position::{Phase, Position};
use super::ruleset::Barrier;
use super::square::{Color, Size};

/// The rule that ended a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Termination {
    /// A side has no pieces left (R14).
    CaptureAll,
    /// A side has built a barrier (R15).
    Barrier,
    /// A side passed and its opponent cannot open the game for it (R16).
    Blocked,
}

impl Termination {
    /// `capture-all`, `barrier` or `blocked`.
    pub fn as_str(self) -> &'static str {
        match self {
            Termination::CaptureAll => "capture-all",
            Termination::Barrier => "barrier",
            Termination::Blocked => "blocked",
        }
    }
}

/// How a game ended by rule: the rule, and the winner (`None` for a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

/// The squares orthogonally next to some square of `bb`, on a board of `size`.
fn spread(bb: Bitboard, size: Size) -> Bitboard {
    bb.spread(size)
}

/// The squares of `passable` reachable from `from` by orthogonal steps through `passable`
/// (`from` included). Boards up to 7×7 fit in 64 bits (rank stride 9), which halves the work.
fn flood(from: Bitboard, passable: Bitboard, size: Size) -> Bitboard {
    if size.get() <= 7 {
        let (file_a, file_i) = (FILE_A as u64, (FILE_A << 8) as u64);
        let pass = passable.0 as u64;
        let mut reach = from.0 as u64;
        loop {
            let s = reach << 9 | reach >> 9 | (reach & !file_i) << 1 | (reach & !file_a) >> 1;
            let next = reach | (s & pass);
            if next == reach {
                return Bitboard(reach as u128);
            }
            reach = next;
        }
    }
    let mut reach = from;
    loop {
        let next = reach | (spread(reach, size) & passable);
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

impl Position {
    /// Whether `color` would have a barrier under the ruleset's barrier kind (R15).
    pub fn has_barrier(&self, color: Color) -> bool {
        match self.rules.barrier {
            Barrier::None => false,
            Barrier::Wall => self.has_wall(color),
            Barrier::Line => self.has_line(color),
        }
    }

    /// The wall test (R15a).
    fn has_wall(&self, p: Color) -> bool {
        let size = self.size();
        let mine = self.pieces(p);
        let theirs = self.pieces(p.other());
        if theirs.is_empty() {
            return false;
        }
        let passable = Bitboard::full(size) & !mine;
        let reach = flood(theirs, passable, size);
        let wall = mine & spread(reach, size);
        let behind = Bitboard::full(size) & !reach & !wall;
        !behind.is_empty() && (wall & !spread(behind, size)).is_empty()
    }

    /// The line test (R15b).
    fn has_line(&self, p: Color) -> bool {
        let n = self.size().get();
        let mine = self.pieces(p);
        let theirs = self.pieces(p.other());
        if theirs.is_empty() {
            return false;
        }
        let full = Bitboard::full(self.size()).0;
        (1..n - 1).any(|k| {
            // Rank k, and the ranks below it; file k, and the files left of it.
            let rank_on = ((1u128 << n) - 1) << (9 * k as u32);
            let rank_low = full & ((1u128 << (9 * k as u32)) - 1);
            let file_on = (FILE_A << k) & full;
            let file_low = Bitboard::files_below(k) & full;
            [(rank_on, rank_low), (file_on, file_low)]
                .into_iter()
                .any(|(on, low)| {
                    let (on, low) = (Bitboard(on), Bitboard(low));
                    let high = Bitboard(full) & !on & !low;
                    (on & !mine).is_empty()
                        && ((theirs & !low).is_empty() || (theirs & !high).is_empty())
                })
        })
    }

    fn by_count(&self, termination: Termination) -> Outcome {
        let b = self.pieces(Color::Black).count();
        let w = self.pieces(Color::White).count();
        let winner = match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            termination,
            winner,
        }
    }

    /// Whether the game is over after a turn (R13): capture-all, then barrier, then — when the
    /// turn was a pass — blocked.
    pub fn outcome_after_turn(&self, was_pass: bool) -> Option<Outcome> {
        if self.phase() != Phase::Movement {
            return None;
        }
        for color in [Color::Black, Color::White] {
            if self.material(color) == 0 {
                return Some(Outcome {
                    termination: Termination::CaptureAll,
                    winner: Some(color.other()),
                });
            }
        }
        if self.has_barrier(Color::Black) || self.has_barrier(Color::White) {
            return Some(self.by_count(Termination::Barrier));
        }
        if was_pass {
            let passer = self.to_move.other();
            if !self.can_open_for(passer) {
                return Some(self.by_count(Termination::Blocked));
            }
        }
        None
    }

    /// Whether the side to move has a turn after which `passer` has a legal step (R12).
    pub fn can_open_for(&self, passer: Color) -> bool {
        let mut found = false;
        self.for_each_turn(&mut |after, _| {
            found = after.has_step_for(passer);
            !found
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Ruleset;

    fn pos(rules: &str, setup: &str) -> Position {
        Position::from_setup(Ruleset::parse(rules).unwrap(), setup).unwrap()
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
    fn the_small_board_flood_agrees_with_the_wide_one() {
        let mut rng = crate::generate::SplitMix64::new(3);
        for n in [5u8, 7] {
            let size = Size::new(n).unwrap();
            for _ in 0..2000 {
                let full = Bitboard::full(size);
                let passable =
                    Bitboard(rng.next_u64() as u128 | (rng.next_u64() as u128) << 64) & full;
                let from = Bitboard(rng.next_u64() as u128) & passable;
                let mut wide = from;
                loop {
                    let next = wide | (spread(wide, size) & passable);
                    if next == wide {
                        break;
                    }
                    wide = next;
                }
                assert_eq!(flood(from, passable, size), wide);
            }
        }
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
