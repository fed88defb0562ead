//! A checked game as the writer's content: the captures the engine computed for each legal
//! turn, written out. The writer knows no rules; turns that were not replayed (after a game's
//! first error) keep the captures as written.

use crate::engine::Square;
use crate::notation::Game;
use crate::notation::writer::{Doc, NotWritable};

use super::Verdict;

/// The captures of each step of the played turn at `game.moves[element]`, from the verdict.
pub fn computed_captures(verdict: &Verdict, element: usize) -> Option<Vec<Vec<Square>>> {
    verdict
        .played
        .binary_search_by_key(&element, |p| p.element)
        .ok()
        .map(|i| {
            verdict.played[i]
                .captures
                .iter()
                .map(|b| b.squares().collect())
                .collect()
        })
}

/// The notation of played turn `k` (from 1) of a game checked with
/// [`super::Options::record`], with the captures the engine found written out; empty when
/// there is no such turn.
pub fn played_text(game: &Game<'_>, verdict: &Verdict, k: usize) -> String {
    let Some(p) = k.checked_sub(1).and_then(|i| verdict.played.get(i)) else {
        return String::new();
    };
    let Some(crate::notation::Element::Turn(t)) = game.moves.get(p.element) else {
        return String::new();
    };
    let caps = computed_captures(verdict, p.element).unwrap_or_default();
    let kind = crate::notation::writer::doc_kind_with(&t.kind, |i| {
        caps.get(i).cloned().unwrap_or_default()
    });
    crate::notation::writer::turn_text(&kind, t.annotation)
}

/// The content of `game` with the verdict's captures written out (the verdict must have been
/// made with [`super::Options::record`]).
pub fn canonical_doc(game: &Game<'_>, verdict: &Verdict) -> Result<Doc, NotWritable> {
    Doc::from_game(game, &|i| computed_captures(verdict, i))
}
