//! Game identities: a stable hash of the rules and the turns, optionally the same for every
//! symmetric copy of a game.
//!
//! ```
//! use seega::Ruleset;
//! use seega::tools::dedupe::{identity, richness};
//!
//! let text = "1. a1,b1 { first } *\n\n[Event \"again\"]\n\n1. b1,a1 *\n\n1. e5,d5 *\n";
//! let games: Vec<_> = seega::parse(text).collect();
//! let rules = Ruleset::parse("standard").unwrap();
//! let ids: Vec<String> = games.iter().map(|g| identity(g, &rules, true)).collect();
//! assert_eq!(ids[0], ids[1]); // the same placement, its squares in the other order
//! assert_eq!(ids[0], ids[2]); // the image under a symmetry of the board
//! assert_ne!(identity(&games[0], &rules, false), identity(&games[2], &rules, false));
//! assert_eq!(richness(&games[0]), (1, 1, 0)); // turns, comments and annotations, tags
//! ```

use crate::engine::{Ruleset, Size, Square, Symmetry};
use crate::notation::{Element, Game, TurnKind};

/// FNV-1a, 64 bits: stable across runs and platforms.
#[derive(Debug, Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.0 ^= x as u64;
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn squares_of(kind: &TurnKind) -> Vec<Square> {
    match kind {
        TurnKind::Place(a, b) => vec![a.square, b.square],
        TurnKind::Pass => Vec::new(),
        TurnKind::Move { from, steps } => std::iter::once(from.square)
            .chain(steps.iter().map(|s| s.to.square))
            .collect(),
    }
}

/// The identity of `game` under `rules`: a 16-digit hex hash of the ruleset and the turns as
/// played (squares only; captures, comments, tags and annotations do not count).
///
/// With `symmetric`, a game and its images under the board's eight symmetries get the same
/// identity, and so do games that differ only in the order of a placement's two squares.
pub fn identity(game: &Game<'_>, rules: &Ruleset, symmetric: bool) -> String {
    let turns: Vec<(u8, Vec<Square>)> = game
        .moves
        .iter()
        .filter_map(|e| match e {
            Element::Turn(t) => Some((
                match t.kind {
                    TurnKind::Place(..) => b'p',
                    TurnKind::Move { .. } => b'm',
                    TurnKind::Pass => b'-',
                },
                squares_of(&t.kind),
            )),
            _ => None,
        })
        .collect();
    let hash_with = |sym: Symmetry, size: Size| {
        let mut h = Fnv::new();
        h.bytes(rules.to_string().as_bytes());
        for (kind, squares) in &turns {
            h.bytes(&[0xff, *kind]);
            let mut mapped: Vec<u8> = squares
                .iter()
                .map(|s| sym.square(*s, size).index() as u8)
                .collect();
            if symmetric && *kind == b'p' {
                mapped.sort_unstable();
            }
            h.bytes(&mapped);
        }
        h.0
    };
    let hash = if symmetric {
        Symmetry::ALL
            .iter()
            .map(|s| hash_with(*s, rules.size))
            .min()
            .unwrap_or(0)
    } else {
        hash_with(Symmetry::ALL[0], rules.size)
    };
    format!("{hash:016x}")
}

/// How much a copy of a game holds, to choose which duplicate to keep: turns, then comments
/// and annotations, then tags.
pub fn richness(game: &Game<'_>) -> (usize, usize, usize) {
    let turns = game
        .moves
        .iter()
        .filter(|e| matches!(e, Element::Turn(_)))
        .count();
    let notes = game
        .moves
        .iter()
        .filter(|e| match e {
            Element::Comment(_) | Element::Nag(..) => true,
            Element::Turn(t) => t.annotation.is_some(),
            _ => false,
        })
        .count();
    (turns, notes, game.headers.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Scanner;

    fn id(text: &str, symmetric: bool) -> String {
        let g = Scanner::new(text, &[]).next().expect("a game");
        identity(&g, &Ruleset::preset("standard").expect("preset"), symmetric)
    }

    #[test]
    fn identities_ignore_notes_and_see_symmetry_when_asked() {
        let a = id("[Event \"x\"]\n1. a1,b2 e5,d4 { hi } *", false);
        assert_eq!(a, id("a1,b2! e5,d4 $3 1-0", false));
        assert_eq!(a.len(), 16);
        // mirrored left-right and placements written in the other order
        let mirrored = "e1,d2 a5,b4 *";
        assert_ne!(id(mirrored, false), a);
        assert_eq!(id(mirrored, true), id("a1,b2 e5,d4 *", true));
        assert_eq!(id("b2,a1 d4,e5 *", true), id("a1,b2 e5,d4 *", true));
        assert_ne!(id("a1,b2 e5,d3 *", true), id("a1,b2 e5,d4 *", true));
    }
}
