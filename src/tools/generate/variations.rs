//! Variations in random games: after a main-line turn, `(` one to three legal turns played by
//! the engine from the position before that turn `)`, sometimes with a glyph, a comment, a
//! variation of their own (one level deeper, no more) or the line result `*`.
//!
//! They are drawn from a generator of their own ([`Sidelines`]), so the main line draws the same
//! numbers with and without them, and they are written in the canonical form of `seega fmt`
//! (`1. c2,d4 (1. c2,b3 {an idea} 1... a1,a2) 1... a1,b1`).

use std::fmt::Write as _;

use super::{RandomGame, SplitMix64, mutation};
use crate::engine::Position;
use crate::engine::kernel::Board;
use crate::engine::referee::{Referee, move_number_of_turn};

/// Turns a variation holds at most.
const MAX_TURNS: usize = 3;
/// How deep variations nest: a variation of the main line (depth 1) and one inside it.
const MAX_DEPTH: u32 = 2;
/// Comments written after a variation's turn.
const COMMENTS: [&str; 4] = [
    "{better}",
    "{an idea}",
    "{the engine's line}",
    "{also playable}",
];
/// Glyphs written after a variation's turn: annotations glued to it, or NAGs.
const GLYPHS: [&str; 6] = ["!", "?", "!?", "?!", " $1", " $2"];

/// The variations of one game being generated: their generator, the probability that a
/// main-line turn gets one, and each of their turns' text range and prior position.
#[derive(Debug)]
pub(super) struct Sidelines {
    rng: SplitMix64,
    rate: f64,
    turns: Vec<(usize, usize, Position)>,
}

impl Sidelines {
    /// No variations yet, drawn from `seed`, one after a main-line turn with probability `rate`.
    pub(super) fn new(seed: u64, rate: f64) -> Sidelines {
        let mut rng = SplitMix64::new(seed);
        rng.next_u64();
        Sidelines {
            rng,
            rate,
            turns: Vec::new(),
        }
    }

    /// Whether the main-line turn about to be played gets a variation.
    pub(super) fn draw(&mut self) -> bool {
        self.rng.unit() < self.rate
    }

    /// A line to write into `moves`, played from `referee`'s position with these variations'
    /// generator.
    pub(super) fn line<'g, B: Board>(
        &'g mut self,
        referee: Referee<B>,
        moves: &'g mut String,
    ) -> RandomGame<'g, B> {
        RandomGame {
            referee,
            rng: &mut self.rng,
            moves,
            turns: &mut self.turns,
            side: None,
        }
    }

    /// Replaces, one time in two when there are variations, one of their turns in `moves` by a
    /// turn that the engine refuses for certain; returns whether it did.
    pub(super) fn mutate(&mut self, moves: &mut String) -> bool {
        if self.turns.is_empty() || self.rng.below(2) == 0 {
            return false;
        }
        let k = self.rng.below(self.turns.len());
        let (start, end, ref before) = self.turns[k];
        let bad = mutation(before, &mut self.rng);
        moves.replace_range(start..end, &bad);
        true
    }
}

/// Writes ` (…)` after the turn just written: a variation at nesting depth `depth` (1 after a
/// main-line turn) played by `line`, whose referee stands at the position before that turn.
pub(super) fn write<B: Board>(mut line: RandomGame<'_, B>, depth: u32) {
    let open = line.moves.len();
    line.moves.push_str(" (");
    let turns = 1 + line.rng.below(MAX_TURNS);
    let mut path = Vec::with_capacity(16);
    let mut numbered = true;
    let mut played_any = false;
    for _ in 0..turns {
        if line.referee.outcome().is_some() {
            break;
        }
        let number_start = line.moves.len();
        let (number, second) = move_number_of_turn(line.referee.number());
        if !second {
            let _ = write!(line.moves, "{number}. ");
        } else if numbered {
            let _ = write!(line.moves, "{number}... ");
        }
        let branch = (depth < MAX_DEPTH && line.rng.below(5) == 0).then(|| line.referee.clone());
        let before = line.referee.position();
        let start = line.moves.len();
        let played = if line.referee.in_movement() {
            line.movement(&before, &mut path)
        } else {
            line.place(&before)
        };
        if played.is_none() {
            line.moves.truncate(number_start);
            break;
        }
        played_any = true;
        line.turns.push((start, line.moves.len(), before));
        decorate(line.rng, line.moves);
        numbered = false;
        if let Some(referee) = branch {
            let nested = RandomGame {
                referee,
                rng: &mut *line.rng,
                moves: &mut *line.moves,
                turns: &mut *line.turns,
                side: None,
            };
            write(nested, depth + 1);
            numbered = true;
        }
        line.moves.push(' ');
    }
    if !played_any {
        line.moves.truncate(open);
        return;
    }
    if line.rng.below(4) == 0 {
        line.moves.push('*');
    } else {
        line.moves.pop();
    }
    line.moves.push(')');
}

/// Sometimes a glyph, sometimes a comment, after a variation's turn.
fn decorate(rng: &mut SplitMix64, moves: &mut String) {
    if rng.below(8) == 0 {
        moves.push_str(GLYPHS[rng.below(GLYPHS.len())]);
    }
    if rng.below(8) == 0 {
        moves.push(' ');
        moves.push_str(COMMENTS[rng.below(COMMENTS.len())]);
    }
}
