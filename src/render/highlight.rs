//! What a board highlights: the squares of the last turn and the pieces it captured. The text
//! boards ([`super::ascii`]) and the SVG diagrams ([`super::svg`]) both draw this, so they
//! always agree on which squares stand out.

use crate::engine::{Bitboard, Square};
use crate::notation::TurnKind;
use crate::validate::{Played, Verdict};

/// The last turn's squares and the squares it captured on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Highlight {
    /// Squares the last turn placed on, started from or stepped to.
    pub touched: Bitboard,
    /// The moving piece's path, start first (empty for placements and passes).
    pub path: Vec<Square>,
    /// Squares whose pieces the last turn captured.
    pub captured: Bitboard,
}

impl Highlight {
    /// The highlight of a turn of kind `kind` whose steps captured `captures`: both squares
    /// of a placement; the start and every step's square of a movement, with its path;
    /// nothing for a pass; and every captured square.
    pub(crate) fn of_turn(kind: &TurnKind, captures: &[Bitboard]) -> Highlight {
        let mut hl = Highlight::default();
        match kind {
            TurnKind::Place(a, b) => {
                hl.touched.insert(a.square);
                hl.touched.insert(b.square);
            }
            TurnKind::Pass => {}
            TurnKind::Move { from, steps } => {
                hl.path.push(from.square);
                hl.path.extend(steps.iter().map(|s| s.to.square));
                for &sq in &hl.path {
                    hl.touched.insert(sq);
                }
            }
        }
        for &c in captures {
            hl.captured |= c;
        }
        hl
    }

    /// The highlight of played turn `k` (from 1) of a game checked with
    /// [`crate::validate::Options::record`]; empty for `k` 0 (the start) or past the last
    /// legal turn.
    pub fn of_played(game: &crate::notation::Game<'_>, verdict: &Verdict, k: usize) -> Highlight {
        match k.checked_sub(1).and_then(|i| verdict.played.get(i)) {
            Some(p) => Highlight::of_turn_in(&game.moves, p),
            None => Highlight::default(),
        }
    }

    /// The highlight of the legal turn `p`, written in the movetext `moves` of its line (as
    /// [`crate::validate::line_turns`] pairs them); empty when `p` is not a turn of `moves`.
    ///
    /// ```
    /// use seega::render::ascii::Highlight;
    /// use seega::validate::{Options, check_game, line_turns};
    ///
    /// let game = seega::parse("1. c2,d4 (1. a2,b3) *").next().unwrap();
    /// let verdict = check_game(&game, &Options::default().record(true));
    /// let turns = line_turns(&game, &verdict, &"1.1".parse().unwrap()).unwrap();
    /// let hl = Highlight::of_turn_in(turns[0].0, turns[0].1);
    /// let touched: Vec<String> = hl.touched.squares().map(|s| s.to_string()).collect();
    /// assert_eq!(touched, ["a2", "b3"]);
    /// ```
    pub fn of_turn_in(moves: &[crate::notation::Element<'_>], p: &Played) -> Highlight {
        match moves.get(p.element) {
            Some(crate::notation::Element::Turn(t)) => Highlight::of_turn(&t.kind, &p.captures),
            _ => Highlight::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Scanner;
    use crate::validate::{Options, check_game_at};

    #[test]
    fn placements_moves_and_passes() {
        let text = "1. e1,d2 a4,c5 2. d3,e5 b2,e4 3. a2,c2 d1,c4 4. b1,b5 c1,e2 5. a1,a3 e3,d4 6. b3,a5 b4,d5 7. c4-c3 d2-d3 8. e2-d2 e1-e2 9. d1-e1 -- *";
        let game = Scanner::new(text, &[]).next().expect("a game");
        let opts = Options {
            record: true,
            ..Options::default()
        };
        let v = check_game_at(&game, 1, &opts);
        assert_eq!(v.played.len(), 18, "{:?}", v.problems);
        assert_eq!(Highlight::of_played(&game, &v, 0), Highlight::default());
        let placed = Highlight::of_played(&game, &v, 1);
        assert!(placed.path.is_empty() && placed.captured.is_empty());
        assert_eq!(
            placed.touched.squares().collect::<Vec<_>>(),
            [Square::new(4, 0), Square::new(3, 1)]
        );
        let cap = Highlight::of_played(&game, &v, 13);
        assert_eq!(cap.path, [Square::new(2, 3), Square::new(2, 2)]);
        assert_eq!(cap.touched.count(), 2);
        assert_eq!(
            cap.captured.squares().collect::<Vec<_>>(),
            [Square::new(2, 1), Square::new(3, 2)]
        );
        let quiet = Highlight::of_played(&game, &v, 14);
        assert_eq!(quiet.path, [Square::new(3, 1), Square::new(3, 2)]);
        assert!(quiet.captured.is_empty());
        assert_eq!(
            Highlight::of_played(&game, &v, 18),
            Highlight::default(),
            "a pass"
        );
        assert_eq!(Highlight::of_played(&game, &v, 19), Highlight::default());
    }
}
