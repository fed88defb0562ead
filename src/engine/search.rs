//! Enumerating the legal turns of the side to move.

use super::position::{Phase, Position};
use super::turn::Move;
use crate::board::Square;

impl Position {
    /// Calls `visit` with the position after each legal movement turn of the side to move and
    /// the squares the piece visited (start first); a pass is visited with an empty path when the
    /// side has no step. Stops early when `visit` returns `false`.
    ///
    /// In the placement phase nothing is visited.
    pub fn for_each_turn(&self, visit: &mut dyn FnMut(&Position, &[Square]) -> bool) {
        if self.phase() != Phase::Movement {
            return;
        }
        if !self.has_step() {
            let mut after = self.clone();
            if after.pass().is_ok() {
                visit(&after, &[]);
            }
            return;
        }
        let mut path = Vec::with_capacity(8);
        for from in self.pieces(self.to_move).squares() {
            let Ok(mv) = self.begin_move(from) else {
                continue;
            };
            path.clear();
            path.push(from);
            if !self.extend(mv, &mut path, visit) {
                return;
            }
        }
    }

    /// Tries every next step of `mv`; returns `false` when the visitor asked to stop.
    fn extend(
        &self,
        mv: Move,
        path: &mut Vec<Square>,
        visit: &mut dyn FnMut(&Position, &[Square]) -> bool,
    ) -> bool {
        let size = self.size();
        for to in mv.at().neighbours(size) {
            let mut after = self.clone();
            let mut next = mv;
            if after.step(&mut next, to).is_err() {
                continue;
            }
            path.push(to);
            let (may, _) = after.continuation(&next);
            let mut ended = after.clone();
            if ended.end_move(next).is_ok() && !visit(&ended, path) {
                return false;
            }
            if may && !after.extend(next, path, visit) {
                return false;
            }
            path.pop();
        }
        true
    }
}
