//! The result token against the outcome (R18) and against the Result tag (N8).

use super::code::Code;
use super::problem::Kind;
use super::replay::Cx;
use crate::engine::Outcome;
use crate::engine::kernel::Board;
use crate::engine::referee::Referee;
use crate::notation::{Game, GameResult};

/// The four results, each with what it says, for a help sentence.
const RESULTS: &str =
    "a result is `1-0` (white wins), `0-1` (black wins), `1/2-1/2` (a draw) or `*` (unknown)";

/// What is wrong with a game's result: the first of the result checks that fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ResultSlip {
    /// The token contradicts the end of the game (R18).
    Wrong(Outcome),
    /// The Result tag holds another result than the token (N8).
    TagDiffers,
    /// The Result tag holds no result at all (N8).
    TagNotAResult,
}

/// The result checks of a game whose replay `referee` ended, whose result token is `token` and
/// whose Result tag, if any, holds `tag`: the one test for the full path and the fast lane.
#[inline(always)]
pub(crate) fn result_slip<B: Board>(
    referee: &Referee<B>,
    token: GameResult,
    tag: Option<&str>,
) -> Option<ResultSlip> {
    if let Err(o) = referee.result_agrees(token.as_str()) {
        return Some(ResultSlip::Wrong(o));
    }
    let written = GameResult::parse(tag?);
    match written {
        Some(w) if w == token => None,
        Some(_) => Some(ResultSlip::TagDiffers),
        None => Some(ResultSlip::TagNotAResult),
    }
}

/// The facts of a result that fails its checks, worded when rendered ([`SlipFacts::words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SlipFacts {
    /// The check that failed.
    slip: ResultSlip,
    /// The result token.
    token: GameResult,
    /// The value of the Result tag as written, when the game has one.
    tag: Option<String>,
    /// How the game ended by rule, once it has.
    outcome: Option<Outcome>,
    /// Sentences added to the help.
    pub(crate) notes: String,
}

impl SlipFacts {
    /// The message and the help.
    pub(crate) fn words(&self) -> (String, String) {
        let (message, mut help) = self.kind_words();
        help.push_str(&self.notes);
        (message, help)
    }

    /// [`SlipFacts::words`] before the notes.
    fn kind_words(&self) -> (String, String) {
        let token = self.token.as_str();
        match (self.slip, &self.tag) {
            (ResultSlip::Wrong(o), tag) => (
                format!(
                    "the result `{token}` contradicts the end of the game: {} gives `{}`",
                    o.termination.as_str(),
                    o.result_token()
                ),
                format!(
                    "The game ended by rule ({}); write `{}` here{}.",
                    ended(&o),
                    o.result_token(),
                    if tag.is_some() {
                        " and in the Result tag"
                    } else {
                        ""
                    }
                ),
            ),
            (ResultSlip::TagDiffers, tag) => (
                format!(
                    "the Result tag says `{}` but the game ends with `{token}`",
                    tag.as_deref().unwrap_or_default()
                ),
                "Make the Result tag and the result token after the last turn the same.".to_owned(),
            ),
            (ResultSlip::TagNotAResult, tag) => (
                format!("`{}` is not a result", tag.as_deref().unwrap_or_default()),
                match self.outcome {
                    Some(o) => format!(
                        "The game ended by rule ({}): write `{}` in the Result tag; {RESULTS}.",
                        ended(&o),
                        o.result_token()
                    ),
                    None => {
                        format!(
                            "Write `{token}` in the Result tag, as the result token says; {RESULTS}."
                        )
                    }
                },
            ),
        }
    }
}

/// Reports what [`result_slip`] finds in `game`'s result, once its replay `referee` ended: a
/// wrong token at the token; a Result tag that differs or is no result at its value, with the
/// token shown too.
pub(super) fn check_result<B: Board>(game: &Game<'_>, referee: &Referee<B>, cx: &mut Cx<'_, '_>) {
    let Some(token) = game.result else { return };
    let tag = game.tag("Result");
    let Some(slip) = result_slip(referee, token.result, tag.map(|t| t.value.as_ref())) else {
        return;
    };
    let facts = |tag: Option<String>| {
        Kind::Result(Box::new(SlipFacts {
            slip,
            token: token.result,
            tag,
            outcome: referee.outcome(),
            notes: String::new(),
        }))
    };
    match (slip, tag) {
        (ResultSlip::Wrong(_), tag) => {
            let kind = facts(tag.map(|t| t.value.to_string()));
            cx.push_kind(Code::ResultWrong, token.span, kind, None);
        }
        (_, Some(tag)) => {
            let kind = facts(Some(tag.value.to_string()));
            cx.push_kind(Code::ResultTagMismatch, tag.value_span, kind, None);
            if let Some(p) = cx.problems.last_mut() {
                p.also = Some((token.span, "the result token".into()));
            }
        }
        (_, None) => {}
    }
}

/// How a game ended by rule, in words: `barrier, white wins`.
fn ended(o: &Outcome) -> String {
    format!(
        "{}, {}",
        o.termination.as_str(),
        o.winner
            .map_or("a draw".to_owned(), |c| format!("{c} wins"))
    )
}
