//! The result token against the outcome (R18) and against the Result tag (N8).

use super::code::Code;
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

/// Reports what [`result_slip`] finds in `game`'s result, once its replay `referee` ended.
pub(super) fn check_result<B: Board>(game: &Game<'_>, referee: &Referee<B>, cx: &mut Cx<'_, '_>) {
    let Some(token) = game.result else { return };
    let tag = game.tag("Result");
    let outcome = referee.outcome();
    let Some(slip) = result_slip(referee, token.result, tag.map(|t| t.value.as_ref())) else {
        return;
    };
    let tag = match (slip, tag) {
        (ResultSlip::Wrong(o), tag) => {
            cx.push(
                Code::ResultWrong,
                token.span,
                format!(
                    "the result `{}` contradicts the end of the game: {} gives `{}`",
                    token.result.as_str(),
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
                None,
            );
            return;
        }
        (_, Some(tag)) => tag,
        (_, None) => return,
    };
    let (message, help) = match slip {
        ResultSlip::TagDiffers => (
            format!(
                "the Result tag says `{}` but the game ends with `{}`",
                tag.value,
                token.result.as_str()
            ),
            "Make the Result tag and the result token after the last turn the same.".to_owned(),
        ),
        _ => (
            format!("`{}` is not a result", tag.value),
            match outcome {
                Some(o) => format!(
                    "The game ended by rule ({}): write `{}` in the Result tag; {RESULTS}.",
                    ended(&o),
                    o.result_token()
                ),
                None => format!(
                    "Write `{}` in the Result tag, as the result token says; {RESULTS}.",
                    token.result.as_str()
                ),
            },
        ),
    };
    cx.push(Code::ResultTagMismatch, tag.value_span, message, help, None);
    if let Some(p) = cx.problems.last_mut() {
        p.also = Some((token.span, "the result token".into()));
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
