//! The rows of a game the fast lane read, added at once from its record
//! ([`GameVisitor::lane_turns`](crate::render::game_view::GameVisitor::lane_turns)): the
//! same entries as the calls for each turn give, without a call per square, step and capture.
//! The Parquet files made either way are held byte for byte equal
//! (`src/cli/convert/parquet/tests.rs`).

use crate::render::game_view::{name, name_bytes};
use crate::validate::{CleanGame, CleanKind, CleanNote};

use super::super::head::{i64_of, square_code as code};
use super::TurnsRows;

impl TurnsRows {
    /// Adds a row for each turn of `game`, whose positions after each turn it keeps
    /// ([`CleanGame::afters`]).
    pub(super) fn push_clean(&mut self, game: &CleanGame<'_>) {
        self.head.push_clean(&game.turns);
        let n = game.turns.len().min(game.afters.len());
        self.file.repeat_text(0, &self.at.file, n);
        self.game.repeat_int(0, self.at.number, n);
        self.line.repeat_text(0, &self.at.line, n);
        let (mut next_step, mut next_note) = (0, 0);
        for (t, after) in game.turns.iter().zip(&game.afters) {
            let (mut placed, mut to) = ([None, None], None);
            let (mut steps, mut captures) = (0, 0);
            let captured = &mut self.t.captured;
            captured.clear();
            // The notation, written where the leaf holds it.
            self.notation.text_with(0, |text| match t.kind {
                CleanKind::Place(a, b) => {
                    placed = [Some(code(a)), Some(code(b))];
                    text.extend_from_slice(&name_bytes(a));
                    text.push(b',');
                    text.extend_from_slice(&name_bytes(b));
                }
                CleanKind::Pass => text.extend_from_slice(b"--"),
                CleanKind::Slide(from, s) => {
                    text.extend_from_slice(&name_bytes(from));
                    text.push(b'-');
                    text.extend_from_slice(&name_bytes(s));
                    (to, steps) = (Some(code(s)), 1);
                }
                CleanKind::Move(from) => {
                    text.extend_from_slice(&name_bytes(from));
                    let end = next_step + t.steps as usize;
                    for (s, taken) in game.steps.get(next_step..end).unwrap_or_default() {
                        text.push(b'-');
                        text.extend_from_slice(&name_bytes(*s));
                        for c in taken.squares() {
                            text.push(b'x');
                            text.extend_from_slice(&name_bytes(c));
                            if captures > 0 {
                                captured.push(' ');
                            }
                            captured.push_str(name(c));
                            captures += 1;
                        }
                        (to, steps) = (Some(code(*s)), steps + 1);
                    }
                    next_step = end;
                }
            });
            if t.notes > 0 {
                let end = next_note + t.notes as usize;
                for n in game.notes.get(next_note..end).unwrap_or_default() {
                    if let CleanNote::Comment(c) = n {
                        self.at.weight += c.text.len();
                    }
                }
                next_note = end;
            }
            self.to.opt_code(0, to);
            for (column, placed) in self.placed.iter_mut().zip(placed) {
                column.opt_code(0, placed);
            }
            self.steps.int(0, i64_of(steps));
            self.captures.int(0, i64_of(captures));
            (self.captured).opt_text(0, (captures > 0).then_some(captured.as_str()));
            self.after.text_with(0, |out| after.append_text(out));
            self.at.turns += 1;
            self.at.weight += 32 + 8 * steps;
        }
    }
}
