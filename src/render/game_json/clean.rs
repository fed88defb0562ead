//! The game object of a game the fast lane found clean, made from the [`CleanGame`] it kept:
//! the same object `serde_json` reads from the JSON that `GameWriter::write_clean` writes of
//! it (`tests` below holds the two equal), without that text in between. A printer that takes
//! objects (Parquet) gets them so.

use super::{
    CommentObject, GameObject, HeaderItem, KindName, OutcomeObject, RulesObject, Side, StepObject,
    TurnObject, name,
};
use crate::notation::LineStream;
use crate::notation::read::unescaped;
use crate::validate::{CleanComment, CleanGame, CleanHeader, CleanKind, CleanNote};

impl From<&CleanComment<'_>> for CommentObject {
    fn from(c: &CleanComment<'_>) -> CommentObject {
        CommentObject {
            text: c.text.to_owned(),
            line: c.line,
        }
    }
}

impl GameObject {
    /// The object of game number `index` of the file named `file` (`file_bytes`: the name's
    /// bytes, when it is not UTF-8), which the fast lane found clean and kept as `game`;
    /// `lines` is the stream of its chunk's lines, at or before the game.
    pub(crate) fn from_clean(
        game: &CleanGame<'_>,
        index: usize,
        file: &str,
        file_bytes: Option<&[u8]>,
        lines: &mut LineStream<'_>,
    ) -> GameObject {
        let headers = (game.headers.iter())
            .map(|h| match h {
                CleanHeader::Tag {
                    name,
                    value,
                    escaped,
                } => HeaderItem::Tag {
                    name: (*name).to_owned(),
                    value: if *escaped {
                        unescaped(value)
                    } else {
                        (*value).to_owned()
                    },
                },
                CleanHeader::Comment(c) => HeaderItem::Comment {
                    comment: c.text.to_owned(),
                    line: c.line,
                },
            })
            .collect();
        let (mut next_step, mut next_note) = (0, 0);
        let turns = (game.turns.iter().zip(1..))
            .map(|(t, number)| {
                let (kind, squares, from, steps) = match t.kind {
                    CleanKind::Place(a, b) => {
                        (KindName::Place, vec![name(a), name(b)], None, Vec::new())
                    }
                    CleanKind::Pass => (KindName::Pass, Vec::new(), None, Vec::new()),
                    CleanKind::Slide(from, to) => {
                        let step = StepObject {
                            to: name(to),
                            captures: Vec::new(),
                        };
                        (KindName::Move, Vec::new(), Some(name(from)), vec![step])
                    }
                    CleanKind::Move(from) => {
                        let end = next_step + t.steps as usize;
                        let steps = game.steps.get(next_step..end).unwrap_or_default();
                        next_step = end;
                        let steps = (steps.iter())
                            .map(|(to, captured)| StepObject {
                                to: name(*to),
                                captures: captured.squares().map(name).collect(),
                            })
                            .collect();
                        (KindName::Move, Vec::new(), Some(name(from)), steps)
                    }
                };
                let end = next_note + t.notes as usize;
                let notes = game.notes.get(next_note..end).unwrap_or_default();
                next_note = end;
                let nags = (notes.iter())
                    .filter_map(|n| match n {
                        CleanNote::Nag(n) => Some(*n),
                        CleanNote::Comment(_) => None,
                    })
                    .collect();
                let comments = (notes.iter())
                    .filter_map(|n| match n {
                        CleanNote::Comment(c) => Some(CommentObject::from(c)),
                        CleanNote::Nag(_) => None,
                    })
                    .collect();
                let at = lines.line_col(t.at);
                TurnObject {
                    number,
                    side: Some(Side::from(t.side)),
                    kind,
                    squares,
                    from,
                    steps,
                    annotation: t.annotation.map(|a| a.as_str().to_owned()),
                    nags,
                    comments,
                    legal: true,
                    variations: Vec::new(),
                    line: at.line,
                    column: at.column,
                }
            })
            .collect();
        GameObject {
            game: index,
            file: file.to_owned(),
            file_bytes: file_bytes.map(<[u8]>::to_vec),
            headers,
            rules: game.rules.as_ref().map(RulesObject::from),
            nags: game.nags.clone(),
            comments: game.comments.iter().map(CommentObject::from).collect(),
            turns,
            result: game.result.map(|r| r.as_str().to_owned()),
            trailing: game.trailing.iter().map(CommentObject::from).collect(),
            outcome: game.outcome.map(|o| OutcomeObject {
                termination: o.termination.as_str().into(),
                winner: o.winner.map(Side::from),
            }),
            final_position: game.last.map(|s| s.to_string()),
            valid: true,
            errors: Vec::new(),
            source: None,
            source_bytes: None,
        }
    }
}
