//! JSON wire types for whole games (`seega convert`), kept apart from the engine's types.
//!
//! Field names and meanings are part of the contract documented in `spec/json.md`; the JSON
//! Schema is `spec/game.schema.json`. A game object is built from a checked game
//! ([`GameObject::new`]) and read back into a [`Doc`] for the canonical writer
//! ([`GameObject::to_doc`]).
//!
//! ```
//! use seega::archive::{for_each_object, for_each_object_of_bytes};
//! use seega::notation::{LineIndex, Source};
//! use seega::render::game_json::{
//!     CommentObject, GameObject, HeaderItem, KindName, Origin, OutcomeObject, RulesObject, Side,
//!     StepObject, TurnObject, game_bytes, game_text, square,
//! };
//! use seega::validate::Options;
//!
//! let text = "[Event \"Cup\"]\n\n1. a1,b1 a2,b2 2. c3,d1 *\n";
//! let source = Source::from_text(text);
//! let mut objects = Vec::new();
//! for_each_object(&source, "cup.sgn", &Options::default(), &mut |o| {
//!     objects.push(o);
//!     Ok::<(), ()>(())
//! })
//! .unwrap();
//! let obj = &objects[0];
//! assert_eq!((obj.game, obj.file.as_str(), obj.valid), (1, "cup.sgn", false));
//! assert!(matches!(&obj.headers[0], HeaderItem::Tag { name, .. } if name == "Event"));
//! let rules: &RulesObject = obj.rules.as_ref().unwrap();
//! assert_eq!((rules.size, rules.first_placer), (5, Side::Black));
//! let second: &TurnObject = &obj.turns[1];
//! assert_eq!((second.kind, second.side), (KindName::Place, Some(Side::White)));
//! assert_eq!(second.squares, ["a2", "b2"]);
//! let (steps, comments): (&[StepObject], &[CommentObject]) = (&second.steps, &second.comments);
//! assert!(steps.is_empty() && comments.is_empty());
//! let outcome: Option<&OutcomeObject> = obj.outcome.as_ref();
//! assert!(outcome.is_none()); // the game did not end by rule
//! assert_eq!(obj.final_position.as_deref(), Some("5/5/5/ww3/bb3 b 10/10"));
//! assert_eq!(obj.errors[0].code, "seega::place::centre");
//! assert_eq!(square("c3").map(|s| s.to_string()), Ok("c3".to_owned()));
//!
//! // Back to notation: the game's turns as far as they were legal are what the JSON holds.
//! let back = game_text(obj, 80).unwrap();
//! assert!(back.starts_with("[Event \"Cup\"]\n\n1. a1,b1 a2,b2"));
//! assert_eq!(game_bytes(obj, 80).unwrap(), back.as_bytes());
//!
//! // From bytes, decoded as the command decodes them.
//! let mut again = Vec::new();
//! for_each_object_of_bytes(text.as_bytes(), "cup.sgn", &Options::default(), &mut |o| {
//!     again.push(o);
//!     Ok::<(), ()>(())
//! })
//! .unwrap();
//! assert_eq!(again, objects);
//!
//! // The same object, built from a game and its verdict.
//! let game = seega::parse(text).next().unwrap();
//! let verdict = seega::check_game(&game, &Options::default().record(true));
//! let lines = LineIndex::new(text);
//! let at = Origin { file: "cup.sgn", file_bytes: None, text, lines: &lines, raw: None };
//! assert_eq!(&GameObject::new(&game, &verdict, 1, at), obj);
//! assert_eq!(at.diagnostic(&verdict.problems[0]), obj.errors[0]);
//! assert_eq!(obj.to_doc().unwrap().turns.len(), 3);
//! ```

use serde::{Deserialize, Serialize};

use super::wire::DiagnosticLine;

mod clean;
mod lines;
mod marked;
mod origin;
mod replay;
mod turn;
use crate::engine::{Color, Ruleset, Square};
use crate::notation::writer::{Doc, DocComment, DocHeader};
use crate::notation::{Game, GameResult, LinePath};
use crate::validate::Verdict;
use crate::validate::computed_captures;
pub use lines::LineObject;
pub(crate) use marked::write_object;
pub use origin::{Origin, game_bytes, game_text};
pub(crate) use origin::{verbatim, verbatim_bytes};
pub use replay::Replayed;

/// One game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameObject {
    /// The game's index in its file, from 1.
    #[serde(default)]
    pub game: usize,
    /// The file the game comes from, as `check --format jsonl` names it (see
    /// [`super::wire::FileName`]).
    #[serde(default)]
    pub file: String,
    /// The file's name as bytes, only when it is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<Vec<u8>>,
    /// Tags and header comments, in file order.
    #[serde(default)]
    pub headers: Vec<HeaderItem>,
    /// The resolved ruleset, or null when the Rules tag cannot be read.
    pub rules: Option<RulesObject>,
    /// `$N` glyphs before the first turn.
    #[serde(default)]
    pub nags: Vec<u32>,
    /// Movetext comments before the first turn that follow such a glyph.
    #[serde(default)]
    pub comments: Vec<CommentObject>,
    /// The turns as written, legal or not.
    #[serde(default)]
    pub turns: Vec<TurnObject>,
    /// The result token as written, or null when missing.
    pub result: Option<String>,
    /// Comments after the result at the end of the file.
    #[serde(default)]
    pub trailing: Vec<CommentObject>,
    /// How the game ended by rule, or null.
    pub outcome: Option<OutcomeObject>,
    /// The position string after the last legal turn, or null when the game cannot be set up.
    #[serde(rename = "final")]
    pub final_position: Option<String>,
    /// Whether the game has no errors (warnings allowed).
    #[serde(default)]
    pub valid: bool,
    /// The diagnostics, as `check --format jsonl` writes them.
    #[serde(default)]
    pub errors: Vec<DiagnosticLine>,
    /// The game's text verbatim, only when it has syntax errors (it has no canonical form, and
    /// this text is what `--to sgn` writes back).
    pub source: Option<String>,
    /// The same text as the input's bytes, only when they are not UTF-8 (`source` has U+FFFD
    /// where they stand); `--to sgn` writes these bytes back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_bytes: Option<Vec<u8>>,
}

/// A tag pair or a comment of the header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum HeaderItem {
    /// `[name "value"]`.
    Tag {
        /// The tag name.
        name: String,
        /// The value, escapes resolved.
        value: String,
    },
    /// A comment among the tags.
    Comment {
        /// Its text.
        comment: String,
        /// Whether it is a `;` comment.
        line: bool,
    },
}

/// A comment in the movetext.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommentObject {
    /// The text inside the braces, or after the semicolon.
    pub text: String,
    /// Whether it is a `;` comment running to the end of its line.
    #[serde(default)]
    pub line: bool,
}

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Black.
    Black,
    /// White.
    White,
}

impl Side {
    /// `black` or `white`, as the JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Black => Side::Black,
            Color::White => Side::White,
        }
    }
}

/// The resolved ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesObject {
    /// Canonical text of the ruleset, e.g. `seesa size=9`.
    pub text: String,
    /// Board side: 5, 7 or 9.
    pub size: u8,
    /// The side that places first.
    pub first_placer: Side,
    /// The side that moves first.
    pub first_mover: Side,
    /// `none`, `capture` or `any`.
    pub chain: String,
    /// Whether capturing is compulsory.
    pub forced: bool,
    /// `none`, `wall` or `line`.
    pub barrier: String,
    /// `immune` or `plain` (absent from older files: `immune`).
    #[serde(default = "immune")]
    pub centre: String,
    /// `open` or `pass` (absent from older files: `open`).
    #[serde(default = "open")]
    pub blocked: String,
    /// The turns without a capture that end the game, or null (absent from older files: null).
    #[serde(default)]
    pub limit: Option<u16>,
}

fn immune() -> String {
    "immune".into()
}

fn open() -> String {
    "open".into()
}

impl From<&Ruleset> for RulesObject {
    fn from(r: &Ruleset) -> RulesObject {
        RulesObject {
            text: r.to_string(),
            size: r.size.get(),
            first_placer: r.first_placer.into(),
            first_mover: r.first_mover.into(),
            chain: r.chain.as_str().into(),
            forced: r.forced,
            barrier: r.barrier.as_str().into(),
            centre: r.centre.as_str().into(),
            blocked: r.blocked.as_str().into(),
            limit: r.limit,
        }
    }
}

/// How a game ended by rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeObject {
    /// `capture-all`, `barrier` or `blocked`.
    pub termination: String,
    /// The winner, or null for a draw.
    pub winner: Option<Side>,
}

impl OutcomeObject {
    /// The engine's outcome this object writes; `None` for a termination the engine does not
    /// name (a hand-written JSON's).
    ///
    /// ```
    /// use seega::render::game_json::{OutcomeObject, Side};
    ///
    /// let o = OutcomeObject { termination: "barrier".into(), winner: Some(Side::White) };
    /// assert_eq!(o.outcome().map(|o| o.result_token()), Some("1-0"));
    /// ```
    pub fn outcome(&self) -> Option<crate::engine::Outcome> {
        Some(crate::engine::Outcome {
            termination: crate::engine::Termination::from_name(&self.termination)?,
            winner: self.winner.map(|w| match w {
                Side::Black => Color::Black,
                Side::White => Color::White,
            }),
        })
    }
}

/// The kind of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum KindName {
    /// Two pieces placed.
    Place,
    /// A piece moved.
    Move,
    /// A pass.
    Pass,
}

impl KindName {
    /// `place`, `move` or `pass`, as the JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            KindName::Place => "place",
            KindName::Move => "move",
            KindName::Pass => "pass",
        }
    }
}

/// One step of a movement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepObject {
    /// The destination.
    pub to: String,
    /// What the step captured (computed by the engine for legal turns, as written otherwise).
    #[serde(default)]
    pub captures: Vec<String>,
}

/// One turn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnObject {
    /// The turn number, from 1, counting every turn written.
    #[serde(default)]
    pub number: u64,
    /// The side that played it, or null for a turn that was not replayed.
    pub side: Option<Side>,
    /// `place`, `move` or `pass`.
    pub kind: KindName,
    /// The two squares of a placement (empty otherwise).
    #[serde(default)]
    pub squares: Vec<String>,
    /// The start of a movement (null otherwise).
    pub from: Option<String>,
    /// The steps of a movement (empty otherwise).
    #[serde(default)]
    pub steps: Vec<StepObject>,
    /// The suffix annotation: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub annotation: Option<String>,
    /// The `$N` glyphs after the turn.
    #[serde(default)]
    pub nags: Vec<u32>,
    /// The comments after the turn, up to the next turn.
    #[serde(default)]
    pub comments: Vec<CommentObject>,
    /// Whether the engine replayed it and found it legal.
    #[serde(default)]
    pub legal: bool,
    /// The variations after it, each an alternative to it; absent when it has none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<LineObject>,
    /// Line of the turn token in the source, from 1.
    #[serde(default)]
    pub line: usize,
    /// Column of the turn token, from 1, in characters.
    #[serde(default)]
    pub column: usize,
}

impl From<DocComment> for CommentObject {
    fn from(c: DocComment) -> CommentObject {
        CommentObject {
            text: c.text,
            line: c.line,
        }
    }
}

impl From<&CommentObject> for DocComment {
    fn from(c: &CommentObject) -> DocComment {
        DocComment {
            text: c.text.clone(),
            line: c.line,
        }
    }
}

impl From<DocHeader> for HeaderItem {
    fn from(h: DocHeader) -> HeaderItem {
        match h {
            DocHeader::Tag { name, value } => HeaderItem::Tag { name, value },
            DocHeader::Comment(c) => HeaderItem::Comment {
                comment: c.text,
                line: c.line,
            },
        }
    }
}

impl HeaderItem {
    /// The header item for the canonical writer; fails, saying why, when it cannot be written.
    fn to_doc(&self) -> Result<DocHeader, String> {
        match self {
            HeaderItem::Tag { name, value } => {
                if !crate::notation::writer::is_tag_name(name) {
                    return Err(format!("`{name}` is not a tag name"));
                }
                if value.contains(['\n', '\r']) {
                    return Err(format!("the value of the tag `{name}` has a line break"));
                }
                Ok(DocHeader::Tag {
                    name: name.clone(),
                    value: value.clone(),
                })
            }
            HeaderItem::Comment { comment, line } => {
                check_comment(comment, *line)?;
                Ok(DocHeader::Comment(DocComment {
                    text: comment.clone(),
                    line: *line,
                }))
            }
        }
    }
}

impl GameObject {
    /// The object for game number `index` of a file, checked with `verdict` (made with
    /// `Options::record`, so that captures are the engine's): the game's content as the
    /// canonical writer reads it ([`Doc::read`]), with what the replay found.
    pub fn new(game: &Game<'_>, verdict: &Verdict, index: usize, at: Origin<'_>) -> GameObject {
        let (doc, whole) = Doc::read_lines(game, &|path, i| computed_captures(verdict, path, i));
        let mut walk = lines::Walk {
            lines: verdict.lines.iter().peekable(),
            cursor: at.lines.cursor(at.text),
        };
        let main = (&LinePath::main(), 0);
        let turns = lines::turn_objects(&game.moves, doc.turns, main, &verdict.played, &mut walk);
        let comments = |c: Vec<DocComment>| c.into_iter().map(CommentObject::from).collect();
        GameObject {
            game: index,
            file: at.file.to_owned(),
            file_bytes: at.file_bytes.map(<[u8]>::to_vec),
            headers: doc.headers.into_iter().map(HeaderItem::from).collect(),
            rules: verdict.rules.as_ref().map(RulesObject::from),
            nags: doc.nags,
            comments: comments(doc.comments),
            turns,
            result: game.result.map(|r| r.result.as_str().to_owned()),
            trailing: comments(doc.trailing),
            outcome: verdict.outcome.map(|o| OutcomeObject {
                termination: o.termination.as_str().into(),
                winner: o.winner.map(Side::from),
            }),
            final_position: verdict.final_setup().map(|s| s.to_string()),
            valid: verdict.is_valid(),
            errors: verdict.problems.iter().map(|p| at.diagnostic(p)).collect(),
            source: (!whole).then(|| verbatim(game, at.text).to_owned()),
            source_bytes: if whole { None } else { at.verbatim_bytes(game) },
        }
    }

    /// The game's content for the canonical writer; fails, saying why, when a field does not
    /// hold what the format allows. A game with `source` is written from it instead.
    pub fn to_doc(&self) -> Result<Doc, String> {
        let headers =
            (self.headers.iter().map(HeaderItem::to_doc)).collect::<Result<Vec<_>, String>>()?;
        let all_comments = self
            .comments
            .iter()
            .chain(&self.trailing)
            .chain(self.turns.iter().flat_map(|t| &t.comments));
        for c in all_comments {
            check_comment(&c.text, c.line)?;
        }
        let result = self
            .result
            .as_deref()
            .ok_or_else(|| "the game has no result".to_owned())
            .and_then(|r| GameResult::parse(r).ok_or_else(|| format!("`{r}` is not a result")))?;
        let turns = (self.turns.iter().enumerate())
            .map(|(i, t)| t.to_doc().map_err(|e| format!("turn {}: {e}", i + 1)))
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Doc {
            headers,
            nags: self.nags.clone(),
            comments: self.comments.iter().map(DocComment::from).collect(),
            turns,
            result,
            trailing: self.trailing.iter().map(DocComment::from).collect(),
        })
    }
}

pub(super) fn check_comment(text: &str, line: bool) -> Result<(), String> {
    if line && text.contains(['\n', '\r']) {
        Err("a `;` comment cannot hold a line break".into())
    } else if !line && text.contains('}') {
        Err("a `{}` comment cannot hold `}`".into())
    } else if !line && (text.contains("\n[") || text.contains("\r[")) {
        Err("a `{}` comment cannot hold a line that starts with `[`".into())
    } else {
        Ok(())
    }
}

/// A square's name, `a1` to `i9`, as its `Display` writes it (without the formatting
/// machinery: a game object holds many).
fn name(s: Square) -> String {
    let mut n = String::with_capacity(2);
    n.push(char::from(b'a' + s.file()));
    n.push(char::from(b'1' + s.rank()));
    n
}

/// Reads a square written `a1` to `i9`.
pub fn square(s: &str) -> Result<Square, String> {
    match s.as_bytes() {
        [f @ b'a'..=b'i', r @ b'1'..=b'9'] => Ok(Square::new(f - b'a', r - b'1')),
        _ => Err(format!("`{s}` is not a square")),
    }
}

#[cfg(test)]
mod tests;
