//! The result token against the outcome (R18) and against the Result tag (N8).

use super::code::Code;
use super::replay::Cx;
use crate::engine::Outcome;
use crate::notation::{Game, GameResult};

/// The four results, each with what it says, for a help sentence.
const RESULTS: &str =
    "a result is `1-0` (white wins), `0-1` (black wins), `1/2-1/2` (a draw) or `*` (unknown)";

/// Checks the result token against the outcome (R18) and against the Result tag (N8).
pub(super) fn check_result(game: &Game<'_>, outcome: Option<Outcome>, cx: &mut Cx<'_, '_>) {
    let Some(token) = game.result else { return };
    let tag = game.tag("Result");
    if let Some(o) = outcome {
        if token.result.as_str() != o.result_token() {
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
    }
    let Some(tag) = tag else { return };
    let written = GameResult::parse(&tag.value);
    if written == Some(token.result) {
        return;
    }
    let (message, help) = match written {
        Some(_) => (
            format!(
                "the Result tag says `{}` but the game ends with `{}`",
                tag.value,
                token.result.as_str()
            ),
            "Make the Result tag and the result token after the last turn the same.".to_owned(),
        ),
        None => (
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
