//! A turn object: made from the canonical writer's turn and what the replay found, its
//! notation, its value (a [`Ply`]), and back to the writer's turn.

use super::{CommentObject, KindName, Side, StepObject, TurnObject, name, square};
use crate::engine::Color;
use crate::notation::writer::{DocComment, DocKind, DocTurn};
use crate::notation::{Annotation, LineCol};
use crate::validate::ply::{Ply, PlyStep};

impl TurnObject {
    /// The turn in notation, its captures written out (the engine's for a legal turn, as
    /// written for the others): `c2,d4`, `b2-b3xb4-c3`, `--`. The one notation of a turn
    /// object, for every face that shows one (Python's `Turn`, the Parquet turns table).
    ///
    /// ```
    /// use seega::render::game_json::{GameObject, KindName};
    ///
    /// let json = r#"{"rules": null, "result": null, "outcome": null, "final": null,
    ///     "source": null, "turns": [{"side": "black", "kind": "move", "from": "b2",
    ///     "steps": [{"to": "b3", "captures": ["b4"]}, {"to": "c3", "captures": []}],
    ///     "annotation": null, "legal": true}]}"#;
    /// let game: GameObject = serde_json::from_str(json).unwrap();
    /// let turn = &game.turns[0];
    /// assert_eq!((turn.kind, turn.notation()), (KindName::Move, "b2-b3xb4-c3".to_owned()));
    /// assert_eq!(turn.captured().collect::<Vec<_>>(), ["b4"]);
    /// ```
    pub fn notation(&self) -> String {
        match self.kind {
            KindName::Pass => "--".into(),
            KindName::Place => self.squares.join(","),
            KindName::Move => {
                let mut s = self.from.clone().unwrap_or_default();
                for step in &self.steps {
                    s.push('-');
                    s.push_str(&step.to);
                    for c in &step.captures {
                        s.push('x');
                        s.push_str(c);
                    }
                }
                s
            }
        }
    }

    /// The squares the turn captured on, step by step (the engine's for a legal turn, as
    /// written for the others).
    pub fn captured(&self) -> impl Iterator<Item = &str> {
        (self.steps.iter()).flat_map(|s| s.captures.iter().map(String::as_str))
    }

    /// The turn as a value ([`Ply`]): its squares, and each step with its captures (the
    /// engine's for a legal turn, as written for the others); fails, saying why, when a field
    /// does not hold what the format allows. Its string is [`TurnObject::notation`].
    ///
    /// ```
    /// let text = "[Position \"5/1b3/1w3/5/1b3 b\"]\n\n1. b1-b2 0-1\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "cup.sgn");
    /// let ply = object.turns[0].ply().unwrap();
    /// assert_eq!(ply.to_string(), "b1-b2xb3"); // the engine's capture
    /// assert_eq!(ply.to_string(), object.turns[0].notation());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn ply(&self) -> Result<Ply, String> {
        Ok(match self.doc_kind()? {
            DocKind::Place(a, b) => Ply::Place(a, b),
            DocKind::Pass => Ply::Pass,
            DocKind::Move(from, steps) => Ply::Move {
                from,
                steps: (steps.into_iter())
                    .map(|(to, captures)| PlyStep { to, captures })
                    .collect(),
            },
        })
    }

    /// The object of turn number `number`, whose content is `turn`, played by `side` when it
    /// was replayed and found legal, found at `at` in the source.
    pub(super) fn new(turn: DocTurn, number: u64, side: Option<Color>, at: LineCol) -> TurnObject {
        let (kind, squares, from, steps) = match turn.kind {
            DocKind::Place(a, b) => (KindName::Place, vec![name(a), name(b)], None, Vec::new()),
            DocKind::Pass => (KindName::Pass, Vec::new(), None, Vec::new()),
            DocKind::Move(from, steps) => {
                let steps = (steps.into_iter())
                    .map(|(to, captures)| StepObject {
                        to: name(to),
                        captures: captures.into_iter().map(name).collect(),
                    })
                    .collect();
                (KindName::Move, Vec::new(), Some(name(from)), steps)
            }
        };
        TurnObject {
            number,
            side: side.map(Side::from),
            kind,
            squares,
            from,
            steps,
            annotation: turn.annotation.map(|a| a.as_str().to_owned()),
            nags: turn.nags,
            comments: turn.comments.into_iter().map(CommentObject::from).collect(),
            legal: side.is_some(),
            variations: Vec::new(),
            line: at.line,
            column: at.column,
        }
    }

    /// What the turn does, for the canonical writer; fails, saying why, when a field does not
    /// hold what the format allows.
    fn doc_kind(&self) -> Result<DocKind, String> {
        Ok(match self.kind {
            KindName::Place => match self.squares.as_slice() {
                [a, b] => DocKind::Place(square(a)?, square(b)?),
                _ => return Err("a placement needs exactly two squares".into()),
            },
            KindName::Pass => DocKind::Pass,
            KindName::Move => {
                let from = (self.from.as_deref()).ok_or("a movement needs `from`")?;
                if self.steps.is_empty() {
                    return Err("a movement needs at least one step".into());
                }
                let mut steps = Vec::with_capacity(self.steps.len());
                for s in &self.steps {
                    let caps = s.captures.iter().map(|c| square(c));
                    steps.push((square(&s.to)?, caps.collect::<Result<Vec<_>, _>>()?));
                }
                DocKind::Move(square(from)?, steps)
            }
        })
    }

    /// The turn for the canonical writer, with its variations (its own comments are checked
    /// by the caller; its variations' here).
    pub(super) fn to_doc(&self) -> Result<DocTurn, String> {
        let annotation = match self.annotation.as_deref() {
            None => None,
            Some(a) => {
                Some(Annotation::parse(a).ok_or_else(|| format!("`{a}` is not an annotation"))?)
            }
        };
        Ok(DocTurn {
            kind: self.doc_kind()?,
            annotation,
            nags: self.nags.clone(),
            comments: self.comments.iter().map(DocComment::from).collect(),
            variations: (self.variations.iter())
                .map(|v| v.to_doc().map_err(|e| format!("variation {}: {e}", v.path)))
                .collect::<Result<_, _>>()?,
        })
    }
}

impl From<&Ply> for KindName {
    /// The kind of a turn value: a placement, a movement or a pass.
    ///
    /// ```
    /// use seega::render::game_json::KindName;
    ///
    /// let ply: seega::Ply = "b2-b3xb4".parse()?;
    /// assert_eq!(KindName::from(&ply).as_str(), "move");
    /// assert_eq!(KindName::from(&seega::Ply::Pass), KindName::Pass);
    /// # Ok::<(), seega::ParseError>(())
    /// ```
    fn from(ply: &Ply) -> KindName {
        match ply {
            Ply::Place(..) => KindName::Place,
            Ply::Move { .. } => KindName::Move,
            Ply::Pass => KindName::Pass,
        }
    }
}
