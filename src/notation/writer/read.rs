//! A syntax tree as the writer's content: [`Doc::read`] and its lines, each turn's captures
//! the ones a checker found or those written.

use super::{Doc, DocHeader, DocKind, DocLine, DocTurn, LineCaptures, NotWritable, comment};
use crate::board::Square;
use crate::notation::LinePath;
use crate::notation::ast::{Element, Game, GameResult, Header, TurnKind};

impl Doc {
    /// The content of `game`; `captures(i)` gives the captures to write for each step of the
    /// turn at `game.moves[i]`, or `None` to keep those written. Fails when the game has a
    /// syntax error (its text cannot be rebuilt from its parts).
    pub fn from_game(
        game: &Game<'_>,
        captures: &dyn Fn(usize) -> Option<Vec<Vec<Square>>>,
    ) -> Result<Doc, NotWritable> {
        match Doc::read(game, captures) {
            (doc, true) => Ok(doc),
            (_, false) => Err(NotWritable),
        }
    }

    /// The content of `game` as far as it can be read, as [`Doc::from_game`] takes it, with
    /// whether that is the whole game: the headers and movetext items that are syntax errors
    /// are passed over, and a missing result reads as `*` (`false` then, and the text cannot be
    /// rebuilt from the content). There is one turn for each turn of `game.moves`, in order.
    pub fn read(
        game: &Game<'_>,
        captures: &dyn Fn(usize) -> Option<Vec<Vec<Square>>>,
    ) -> (Doc, bool) {
        Doc::read_lines(game, &|path, i| {
            if path.is_main() { captures(i) } else { None }
        })
    }

    /// [`Doc::read`], with `captures(path, i)` giving the captures of the turn at index `i` of
    /// the movetext of the line `path` (the main line's, or a variation's): every line's
    /// turns with the captures a checker found.
    pub fn read_lines(game: &Game<'_>, captures: &LineCaptures<'_>) -> (Doc, bool) {
        let mut whole = true;
        let mut headers = Vec::with_capacity(game.headers.len());
        for h in &game.headers {
            match h {
                Header::Tag(t) => headers.push(DocHeader::Tag {
                    name: t.name.to_owned(),
                    value: t.value.to_string(),
                }),
                Header::Comment(c) => headers.push(DocHeader::Comment(comment(c))),
                Header::Error(_) => whole = false,
            }
        }
        whole &= game.result.is_some();
        let mut doc = Doc {
            headers,
            nags: Vec::new(),
            comments: Vec::new(),
            turns: Vec::new(),
            result: game.result.map_or(GameResult::Unknown, |r| r.result),
            trailing: game.trailing.iter().map(comment).collect(),
        };
        let main = LinePath::main();
        let mut line = DocLine::default();
        whole &= read_line(&game.moves, (&main, 0), captures, &mut line);
        // Before the first turn, a comment reads back as a header comment, so it is one;
        // after a leading `$N` it stays in the movetext.
        if line.nags.is_empty() {
            (doc.headers).extend(line.comments.drain(..).map(DocHeader::Comment));
        }
        (doc.nags, doc.comments, doc.turns) = (line.nags, line.comments, line.turns);
        (doc, whole)
    }
}

/// Reads the line `moves` (the line `path`, after `before` turns of the game) into `line`, the
/// captures of its turns from `captures` (see [`Doc::read_lines`]); returns whether it had no
/// syntax error.
fn read_line(
    moves: &[Element<'_>],
    (path, before): (&LinePath, u64),
    captures: &LineCaptures<'_>,
    line: &mut DocLine,
) -> bool {
    let mut whole = true;
    // The number of the last turn, counted as the referee counts them.
    let mut number = before;
    for (i, el) in moves.iter().enumerate() {
        match el {
            Element::Number(_) => {}
            Element::Error(_) => whole = false,
            Element::Nag(n, _) => match line.turns.last_mut() {
                Some(t) => t.nags.push(*n),
                None => line.nags.push(*n),
            },
            Element::Comment(c) => match line.turns.last_mut() {
                Some(t) => t.comments.push(comment(c)),
                None => line.comments.push(comment(c)),
            },
            Element::Turn(t) => {
                number += 1;
                line.turns.push(DocTurn {
                    kind: doc_kind(&t.kind, captures(path, i)),
                    annotation: t.annotation,
                    nags: Vec::new(),
                    comments: Vec::new(),
                    variations: Vec::new(),
                })
            }
            Element::Variation(v) => {
                let Some(t) = line.turns.last_mut() else {
                    whole = false;
                    continue;
                };
                let mut sub = DocLine {
                    result: v.result.map(|r| r.result),
                    ..DocLine::default()
                };
                let index = t.variations.len() as u32 + 1;
                let sub_path = path.child(number, index);
                whole &= read_line(&v.moves, (&sub_path, number - 1), captures, &mut sub);
                whole &= v.close.is_some();
                t.variations.push(sub);
            }
        }
    }
    whole
}

/// What a turn does, with the captures `computed` for each step when there are as many as
/// steps, else with the captures written.
fn doc_kind(kind: &TurnKind, computed: Option<Vec<Vec<Square>>>) -> DocKind {
    match kind {
        TurnKind::Place(a, b) => DocKind::Place(a.square, b.square),
        TurnKind::Pass => DocKind::Pass,
        TurnKind::Move { from, steps } => {
            let steps = match computed.filter(|c| c.len() == steps.len()) {
                Some(c) => steps.iter().zip(c).map(|(s, c)| (s.to.square, c)).collect(),
                None => (steps.iter())
                    .map(|s| (s.to.square, s.captures.iter().map(|c| c.square).collect()))
                    .collect(),
            };
            DocKind::Move(from.square, steps)
        }
    }
}

/// What a turn does, with `captures(i)` written after its step `i`: the captures a checker
/// found, for a writer that writes them whatever the turn as written says.
pub(crate) fn doc_kind_with(kind: &TurnKind, captures: impl Fn(usize) -> Vec<Square>) -> DocKind {
    match kind {
        TurnKind::Place(a, b) => DocKind::Place(a.square, b.square),
        TurnKind::Pass => DocKind::Pass,
        TurnKind::Move { from, steps } => DocKind::Move(
            from.square,
            (steps.iter().enumerate())
                .map(|(i, step)| (step.to.square, captures(i)))
                .collect(),
        ),
    }
}
