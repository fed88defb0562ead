//! A checked game as the writer's content: the captures the engine computed for each legal
//! turn, written out. The writer knows no rules; turns that were not replayed (after a game's
//! first error) keep the captures as written.

use crate::engine::Square;
use crate::notation::writer::{Doc, NotWritable};
use crate::notation::{Element, Game, LinePath};

use super::{Played, Verdict};

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
    match k.checked_sub(1).and_then(|i| verdict.played.get(i)) {
        Some(p) => turn_text(&game.moves, p),
        None => String::new(),
    }
}

/// The notation of the legal turn `p`, written in the movetext `moves` of its line (as
/// [`line_turns`] pairs them), with the captures the engine found written out; empty when
/// `p` is not a turn of `moves`.
///
/// ```
/// use seega::validate::{Options, check_game, line_turns, turn_text};
///
/// let game = seega::parse("1. c2,d4 (1. c2,b3 1... a1,b1) 1... a1,b2 *").next().unwrap();
/// let verdict = check_game(&game, &Options::default().record(true));
/// let turns = line_turns(&game, &verdict, &"1.1".parse().unwrap()).unwrap();
/// let text: Vec<String> = turns.iter().map(|(moves, p)| turn_text(moves, p)).collect();
/// assert_eq!(text, ["c2,b3", "a1,b1"]);
/// ```
pub fn turn_text(moves: &[Element<'_>], p: &Played) -> String {
    let Some(Element::Turn(t)) = moves.get(p.element) else {
        return String::new();
    };
    let caps: Vec<Vec<Square>> = (p.captures.iter()).map(|b| b.squares().collect()).collect();
    let kind = crate::notation::writer::doc_kind_with(&t.kind, |i| {
        caps.get(i).cloned().unwrap_or_default()
    });
    crate::notation::writer::turn_text(&kind, t.annotation)
}

/// The legal turns along the line `path` of `game`, checked with [`super::Options::record`],
/// from the game's start, each with the movetext it is written in: for a variation, the turns
/// of the lines it branches from up to its branch point, then its own (the variation `14.1`
/// holds turn 14 on, played from the position before turn 14 of the main line). `None` when
/// the game has no such line among those the checker replayed ([`Verdict::lines`]).
///
/// ```
/// use seega::validate::{Options, check_game, line_turns};
///
/// let game = seega::parse("1. c2,d4 a1,b1 (1... a1,b2 2. e5,e4) 2. b3,b4 *").next().unwrap();
/// let verdict = check_game(&game, &Options::default().record(true));
/// let line = line_turns(&game, &verdict, &"2.1".parse().unwrap()).unwrap();
/// let numbers: Vec<u64> = line.iter().map(|(_, p)| p.number).collect();
/// assert_eq!(numbers, [1, 2, 3]);
/// let (after, in_line) = (&line[2].1.after, &verdict.lines[0].played[1].after);
/// assert_eq!(after.to_setup_string(), in_line.to_setup_string());
/// assert!(line_turns(&game, &verdict, &"1.1".parse().unwrap()).is_none());
/// ```
pub fn line_turns<'g, 'a>(
    game: &'g Game<'a>,
    verdict: &'g Verdict,
    path: &LinePath,
) -> Option<Vec<(&'g [Element<'a>], &'g Played)>> {
    let (mut moves, mut played) = (&game.moves[..], &verdict.played[..]);
    let mut at = LinePath::main();
    let mut out = Vec::new();
    for b in path.branches() {
        let i = played.iter().position(|p| p.number == b.turn)?;
        out.extend(played[..i].iter().map(|p| (moves, p)));
        let after = moves.get(played[i].element + 1..)?.iter();
        let mut variations =
            (after.take_while(|el| !matches!(el, Element::Turn(_)))).filter_map(|el| match el {
                Element::Variation(v) => Some(v),
                _ => None,
            });
        let v = variations.nth(usize::try_from(b.index).ok()?.checked_sub(1)?)?;
        at = at.child(b.turn, b.index);
        played = &verdict.lines.iter().find(|l| l.path == at)?.played;
        moves = &v.moves;
    }
    out.extend(played.iter().map(|p| (moves, p)));
    Some(out)
}

/// The content of `game` with the verdict's captures written out (the verdict must have been
/// made with [`super::Options::record`]).
pub fn canonical_doc(game: &Game<'_>, verdict: &Verdict) -> Result<Doc, NotWritable> {
    match Doc::read_lines(game, &|path, i| computed_captures(verdict, path, i)) {
        (doc, true) => Ok(doc),
        (_, false) => Err(NotWritable),
    }
}
