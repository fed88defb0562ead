//! Results set from the outcome (pgn-extract's `--fixresulttags`): a game that ended by rule
//! gets the result token and Result tags its outcome calls for.
//!
//! Only games whose every error is about the result (`seega::result::wrong`,
//! `seega::result::tag-mismatch`, `seega::syntax::missing-result`) are changed: a game with any
//! other error, or one that did not end by rule, is left as it is.
//!
//! # Inside
//!
//! which games get their result set from their outcome (ended by rule, only result errors:
//! `result_to_fix`) and setting the token and Result tags of a `Doc`.

use crate::engine::Outcome;
use crate::engine::referee::result_of;
use crate::notation::GameResult;
use crate::notation::writer::{Doc, DocHeader};
use crate::validate::{Code, Verdict};

/// A result set from a game's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultFix {
    /// The game's number in its file, from 1.
    pub game: usize,
    /// The result token as written, `None` when it was missing.
    pub was: Option<GameResult>,
    /// The values of the Result tags that were changed, as written.
    pub tags_were: Vec<String>,
    /// The result the outcome calls for, now in the token and every Result tag.
    pub now: GameResult,
    /// How the game ended.
    pub outcome: Outcome,
}

/// The result to write in a game checked into `verdict`, when the game ended by rule and its
/// only errors are about its result (a wrong or missing token, a Result tag that disagrees);
/// `None` when there is nothing to fix or it must not be.
pub(crate) fn result_to_fix(verdict: &Verdict) -> Option<(GameResult, Outcome)> {
    let result = result_of(verdict.outcome, None, None);
    let outcome = result.due?;
    let mut errors = verdict.problems.iter().filter(|p| p.is_error()).peekable();
    errors.peek()?;
    if !errors.all(|p| {
        matches!(
            p.code,
            Code::ResultWrong | Code::ResultTagMismatch | Code::MissingResult
        )
    }) {
        return None;
    }
    GameResult::parse(result.counts()).map(|r| (r, outcome))
}

/// Writes `result` as the result token of `doc` and as the value of each of its Result tags;
/// gives the values of the Result tags it changed.
pub(crate) fn set_result(doc: &mut Doc, result: GameResult) -> Vec<String> {
    doc.result = result;
    let mut changed = Vec::new();
    for h in &mut doc.headers {
        if let DocHeader::Tag { name, value } = h {
            if name == "Result" && value != result.as_str() {
                changed.push(std::mem::replace(value, result.as_str().to_owned()));
            }
        }
    }
    changed
}

impl ResultFix {
    /// What changed, e.g. ``result `*` → `1-0`, Result tag `0-1` → `1-0` ``.
    pub fn changes(&self) -> String {
        let now = self.now.as_str();
        let mut parts = Vec::new();
        match self.was {
            None => parts.push(format!("result `{now}` added")),
            Some(was) if was != self.now => {
                parts.push(format!("result `{}` → `{now}`", was.as_str()));
            }
            Some(_) => {}
        }
        for t in &self.tags_were {
            parts.push(format!("Result tag `{t}` → `{now}`"));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Scanner;
    use crate::validate::canonical_doc;
    use crate::validate::{Options, check_game_at};

    const PLAYED: &str =
        "1. e1,d2 a4,c5 2. d3,e5 b2,e4 3. a2,c2 d1,c4 4. b1,b5 c1,e2 5. a1,a3 e3,d4 6. b3,a5 b4,d5";

    fn fix(text: &str) -> Option<(GameResult, Outcome)> {
        let game = Scanner::new(text, &[]).next().expect("a game");
        let opts = Options {
            record: true,
            ..Options::default()
        };
        result_to_fix(&check_game_at(&game, 1, &opts))
    }

    #[test]
    fn only_games_ended_by_rule_with_only_result_errors() {
        // a position where white's one move captures black's last piece
        let won = "[Result \"*\"]\n[Position \"5/5/1w3/1b3/w4 w\"]\n1. a1-b1 *";
        let fixed = fix(won);
        assert_eq!(fixed.map(|f| f.0), Some(GameResult::WhiteWins), "{won}");
        assert_eq!(
            fix(&won.replace("b1 *", "b1 1-0")).map(|f| f.0),
            Some(GameResult::WhiteWins),
            "the tag alone is wrong"
        );
        let tag_only = won.replace("b1 *", "b1 1-0").replace("\"*\"", "\"0-1\"");
        assert_eq!(fix(&tag_only).map(|f| f.0), Some(GameResult::WhiteWins));
        let right = won.replace("b1 *", "b1 1-0").replace("\"*\"", "\"1-0\"");
        assert_eq!(fix(&right), None, "nothing to fix");
        assert_eq!(fix(&format!("{PLAYED} 1-0")), None, "not ended by rule");
        assert_eq!(
            fix(&format!("[Result \"0-1\"]\n{PLAYED} 1-0")),
            None,
            "a tag mismatch in a game not ended by rule is left alone"
        );
        assert_eq!(
            fix(&won.replace("a1-b1 *", "a1-b1 b1-c1 *")),
            None,
            "another error: a turn after the end"
        );
    }

    #[test]
    fn sets_the_token_and_every_result_tag() {
        let text = "[Result \"*\"]\n[Event \"e\"]\n[Result \"0-1\"]\n[Position \"5/5/1w3/1b3/w4 w\"]\n1. a1-b1 *";
        let game = Scanner::new(text, &[]).next().expect("a game");
        let opts = Options {
            record: true,
            ..Options::default()
        };
        let verdict = check_game_at(&game, 1, &opts);
        let mut doc = canonical_doc(&game, &verdict).expect("writable");
        let changed = set_result(&mut doc, GameResult::WhiteWins);
        assert_eq!(changed, ["*", "0-1"]);
        assert_eq!(doc.result, GameResult::WhiteWins);
        let values: Vec<&str> = doc
            .headers
            .iter()
            .filter_map(|h| match h {
                DocHeader::Tag { name, value } if name == "Result" => Some(value.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(values, ["1-0", "1-0"]);
    }
}
