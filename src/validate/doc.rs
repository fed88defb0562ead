//! A checked game as the writer's content: the captures the engine computed for each legal
//! turn, written out. The writer knows no rules; turns that were not replayed (after a game's
//! first error) keep the captures as written.

use crate::engine::Square;
use crate::notation::writer::{Doc, NotWritable};
use crate::notation::{Game, LinePath};

use super::Verdict;

/// The captures of each step of the played turn at index `element` of the movetext of the
/// line `path` (the main line's: `game.moves`), from the verdict. The line is found by a
/// binary search: [`Verdict::lines`] are in the order of their paths.
pub fn computed_captures(
    verdict: &Verdict,
    path: &LinePath,
    element: usize,
) -> Option<Vec<Vec<Square>>> {
    let played = match path.is_main() {
        true => &verdict.played,
        false => {
            let lines = &verdict.lines;
            &lines[lines.binary_search_by(|l| l.path.cmp(path)).ok()?].played
        }
    };
    let i = played.binary_search_by_key(&element, |p| p.element).ok()?;
    Some(
        played[i]
            .captures
            .iter()
            .map(|b| b.squares().collect())
            .collect(),
    )
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
    let caps = computed_captures(verdict, &LinePath::main(), p.element).unwrap_or_default();
    let kind = crate::notation::writer::doc_kind_with(&t.kind, |i| {
        caps.get(i).cloned().unwrap_or_default()
    });
    crate::notation::writer::turn_text(&kind, t.annotation)
}

/// The content of `game` with the verdict's captures written out (the verdict must have been
/// made with [`super::Options::record`]).
pub fn canonical_doc(game: &Game<'_>, verdict: &Verdict) -> Result<Doc, NotWritable> {
    match Doc::read_lines(game, &|path, i| computed_captures(verdict, path, i)) {
        (doc, true) => Ok(doc),
        (_, false) => Err(NotWritable),
    }
}
