//! The `turns` list of a game the fast lane read, filled at once from its record
//! ([`GameVisitor::lane_turns`](crate::render::game_view::GameVisitor::lane_turns)): the
//! same entries as the calls for each turn give, without a call or a square's name per
//! value. The Parquet files made either way are held byte for byte equal
//! (`src/cli/convert/parquet/tests.rs`).

use crate::render::game_view::kind_of;
use crate::validate::{CleanGame, CleanKind, CleanNote};

use super::super::head::square_code as code;
use super::{Game, TurnLeaves};

impl TurnLeaves {
    /// Adds the turns of `game`, the first of its list, counting them in `at`.
    pub(super) fn push_clean(&mut self, game: &CleanGame<'_>, at: &mut Game) {
        self.head.push_clean(&game.turns);
        let (mut next_step, mut next_note) = (0, 0);
        for (i, t) in game.turns.iter().enumerate() {
            // The repetition level of a list's first item in the turn; its others are at 2.
            let rep = u8::from(i > 0);
            at.kinds[kind_of(t.kind).0 as usize] += 1;
            match t.kind {
                CleanKind::Place(a, b) => {
                    self.squares.listed_code(rep, code(a));
                    self.squares.listed_code(2, code(b));
                    self.to.listed_null(rep, 1);
                    self.captures.listed_null(rep, 1);
                }
                CleanKind::Pass => {
                    self.squares.listed_null(rep, 1);
                    self.to.listed_null(rep, 1);
                    self.captures.listed_null(rep, 1);
                }
                CleanKind::Slide(_, to) => {
                    self.squares.listed_null(rep, 1);
                    self.to.listed_code(rep, code(to));
                    self.captures.listed_null(rep, 2);
                    at.weight += 8;
                }
                CleanKind::Move(_) => {
                    self.squares.listed_null(rep, 1);
                    let end = next_step + t.steps as usize;
                    let steps = game.steps.get(next_step..end).unwrap_or_default();
                    next_step = end;
                    if steps.is_empty() {
                        self.to.listed_null(rep, 1);
                        self.captures.listed_null(rep, 1);
                    }
                    for (k, (to, captured)) in steps.iter().enumerate() {
                        let first = if k == 0 { rep } else { 2 };
                        self.to.listed_code(first, code(*to));
                        let mut level = first;
                        for c in captured.squares() {
                            self.captures.listed_code(level, code(c));
                            level = 3;
                            at.captures += 1;
                        }
                        if level == first {
                            self.captures.listed_null(first, 2);
                        }
                    }
                    at.weight += 8 * steps.len();
                }
            }
            let mut level = rep;
            if t.notes > 0 {
                let end = next_note + t.notes as usize;
                for n in game.notes.get(next_note..end).unwrap_or_default() {
                    if let CleanNote::Comment(c) = n {
                        self.comments.text(level, c.text);
                        level = 2;
                        at.weight += c.text.len();
                    }
                }
                next_note = end;
            }
            if level == rep {
                self.comments.listed_null(rep, 1);
            }
        }
        at.legal = true;
        at.turns += game.turns.len();
        at.weight += 32 * game.turns.len();
    }
}
