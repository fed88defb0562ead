//! The turns of a game object with their variations: each line's turns made from the writer's
//! content of the line, its turns as written (their place in the source) and what the replay
//! found for that line ([`crate::validate::LinePlayed`]), walked in file order.

use serde::{Deserialize, Serialize};

use super::{CommentObject, TurnObject};
use crate::notation::source::LineCursor;
use crate::notation::writer::{DocComment, DocLine, DocTurn};
use crate::notation::{Element, GameResult, LinePath};
use crate::validate::{LinePlayed, Played};

/// A variation of a turn: an alternative to it, replayed from the position before it
/// (`spec/notation.md`, N9).
///
/// ```
/// let text = "1. c2,d4 (1. c2,b3 {or} *) 1... a1,b1 *\n";
/// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
/// let object = game.object(&seega::Options::default(), "cup.sgn");
/// let line = &object.turns[0].variations[0];
/// assert_eq!((line.path.as_str(), line.turns[0].notation()), ("1.1", "c2,b3".to_owned()));
/// assert!(line.turns[0].legal && line.result.as_deref() == Some("*"));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineObject {
    /// Its line path (`14.1`, `14.1/16.2`).
    #[serde(default)]
    pub path: String,
    /// `$N` glyphs before its first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u32>,
    /// Comments before its first turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<CommentObject>,
    /// Its turns as written, legal or not, each with its own variations.
    #[serde(default)]
    pub turns: Vec<TurnObject>,
    /// The result written at its end, or null.
    #[serde(default)]
    pub result: Option<String>,
}

/// Where the turn objects of a game are made from: the replay's records of its variations,
/// in the order [`turn_objects`] meets them, and the cursor of source positions.
pub(super) struct Walk<'v, 'i> {
    pub(super) lines: std::iter::Peekable<std::slice::Iter<'v, LinePlayed>>,
    pub(super) cursor: LineCursor<'i>,
}

/// The objects of the turns `turns` (the writer's content of the line `path`, written as
/// `moves`, after `before` turns of the game), legal where `played` says so, with their
/// variations.
pub(super) fn turn_objects(
    moves: &[Element<'_>],
    turns: Vec<DocTurn>,
    (path, before): (&LinePath, u64),
    played: &[Played],
    walk: &mut Walk<'_, '_>,
) -> Vec<TurnObject> {
    let mut played = played.iter().peekable();
    let written = moves.iter().enumerate();
    let written = written.filter_map(|(i, el)| match el {
        Element::Turn(t) => Some((i, t.span.start)),
        _ => None,
    });
    let mut out = Vec::with_capacity(turns.len());
    for ((mut turn, (i, start)), number) in turns.into_iter().zip(written).zip(before + 1..) {
        let legal = played.next_if(|p| p.element == i);
        let docs = std::mem::take(&mut turn.variations);
        let at = walk.cursor.line_col(start);
        let mut object = TurnObject::new(turn, number, legal.map(|p| p.side), at);
        let after = moves[i + 1..].iter();
        let after = after.take_while(|el| !matches!(el, Element::Turn(_)));
        let written = after.filter_map(|el| match el {
            Element::Variation(v) => Some(v),
            _ => None,
        });
        for ((doc, v), index) in docs.into_iter().zip(written).zip(1..) {
            let sub = path.child(number, index);
            let record = walk.lines.next_if(|l| l.path == sub);
            let played = record.map_or(&[][..], |l| &l.played);
            let turns = turn_objects(&v.moves, doc.turns, (&sub, number - 1), played, walk);
            object.variations.push(LineObject {
                path: sub.to_string(),
                nags: doc.nags,
                comments: doc.comments.into_iter().map(CommentObject::from).collect(),
                turns,
                result: doc.result.map(|r| r.as_str().to_owned()),
            });
        }
        out.push(object);
    }
    out
}

impl LineObject {
    /// The variation for the canonical writer; fails, saying why, when a field does not hold
    /// what the format allows.
    pub(super) fn to_doc(&self) -> Result<DocLine, String> {
        for c in &self.comments {
            super::check_comment(&c.text, c.line)?;
        }
        let result = match self.result.as_deref() {
            None => None,
            Some(r) => Some(GameResult::parse(r).ok_or_else(|| format!("`{r}` is not a result"))?),
        };
        let turns = (self.turns.iter().enumerate())
            .map(|(i, t)| t.to_doc().map_err(|e| format!("turn {}: {e}", i + 1)))
            .collect::<Result<Vec<_>, String>>()?;
        Ok(DocLine {
            nags: self.nags.clone(),
            comments: self.comments.iter().map(DocComment::from).collect(),
            turns,
            result,
        })
    }
}
