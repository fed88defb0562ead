//! A game played turn by turn, written down as a record that `seega check` reads: what a
//! program that plays (an engine, a learning environment) keeps of a game.

use crate::notation::GameResult;
use crate::notation::writer::{Doc, DocTurn, is_tag_name};
use crate::{GameState, PlayError, Ply};

/// The record of the game that `plys` play from `start`, in canonical layout: the tags `tags`
/// (name, value), a Result tag, the Rules tag of `start`'s rules, a Position tag with
/// `start`'s setup string when `start` is not the start of a game ([`GameState::new`]), in the
/// canonical order of tags (`seega fmt`'s), then the turns with their move numbers and every
/// capture written, and the result the rules give where the plys end (`*` while the game is
/// not over). A tag of `tags` named Result, Rules or Position gives way to the one the game
/// calls for, and a name that is not a tag name (letters, digits, `_`) or a value with a line
/// break is left out, so that the record is always a valid game: the plys are played on the
/// referee, and the first that cannot be played is refused with its [`PlayError`].
///
/// ```
/// use seega::{GameState, Ruleset};
///
/// let start = GameState::new(Ruleset::parse("standard")?);
/// let plys = ["a1,b1".parse()?, "a2,b2".parse()?];
/// assert_eq!(
///     seega::record_text(&start, &plys, &[])?,
///     "[Result \"*\"]\n[Rules \"standard\"]\n\n1. a1,b1 a2,b2 *\n",
/// );
/// let tagged = seega::record_text(&start, &plys, &[("Black", "Ama"), ("Event", "Cup")])?;
/// assert!(tagged.starts_with("[Event \"Cup\"]\n[Black \"Ama\"]\n[Result \"*\"]\n"));
///
/// // From a position: the turn's capture is written, and the game's end is its result.
/// let rules = Ruleset::parse("standard")?;
/// let start = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse()?)?;
/// let text = seega::record_text(&start, &["b1-b2".parse()?], &[("Result", "1-0")])?;
/// let tags = "[Result \"0-1\"]\n[Rules \"standard\"]\n[Position \"5/1b3/1w3/5/1b3 b\"]\n";
/// assert_eq!(text, format!("{tags}\n1. b1-b2xb3 0-1\n"));
///
/// let err = seega::record_text(&start, &["b1-c1".parse()?, "a1,a2".parse()?], &[]).unwrap_err();
/// assert_eq!(err.to_string(), "a placement turn in the movement phase");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn record_text(
    start: &GameState,
    plys: &[Ply],
    tags: &[(&str, &str)],
) -> Result<String, PlayError> {
    let mut game = start.clone();
    let mut turns = Vec::with_capacity(plys.len());
    for ply in plys {
        let played = game.play(ply)?;
        turns.push(DocTurn {
            kind: played.doc_kind(),
            annotation: None,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        });
    }
    let result = (game.outcome())
        .and_then(|o| GameResult::parse(o.result_token()))
        .unwrap_or(GameResult::Unknown);
    let rules = *start.position().rules();
    let given = tags.iter().filter(|(name, value)| {
        let called_for = ["Result", "Rules", "Position"].contains(name);
        is_tag_name(name) && !called_for && !value.contains(['\n', '\r'])
    });
    let mut headers: Vec<(&str, String)> = given.map(|(n, v)| (*n, (*v).to_owned())).collect();
    headers.push(("Result", result.as_str().to_owned()));
    headers.push(("Rules", rules.to_string()));
    if *start != GameState::new(rules) {
        headers.push(("Position", start.setup().to_string()));
    }
    Ok(Doc::plain(headers, turns, result).text())
}

#[cfg(test)]
mod tests {
    use crate::{GameState, Ruleset};

    /// Random legal games (the first legal turn of a seeded pick), written and read back: each
    /// record checks valid, with the turns and the end of the game that was played.
    #[test]
    fn records_of_played_games_check_valid() {
        for (n, rules) in ["standard", "standard size=7", "ludus", "seesa"]
            .iter()
            .enumerate()
        {
            let rules = Ruleset::parse(rules).unwrap();
            let start = GameState::new(rules);
            let mut game = start.clone();
            let mut plys = Vec::new();
            let mut pick = n * 7 + 3;
            while !game.is_over() && plys.len() < 120 {
                let turns = game.legal_turns();
                pick = (pick * 31 + 17) % 1009;
                let ply = turns[pick % turns.len()].clone();
                game.play(&ply).unwrap();
                plys.push(ply);
            }
            let tags = [
                ("Event", "test \"run\""),
                ("Bad name", "x"),
                ("Site", "a\nb"),
            ];
            let text = super::record_text(&start, &plys, &tags).unwrap();
            assert!(
                text.starts_with("[Event \"test \\\"run\\\"\"]\n[Result "),
                "{text}"
            );
            let read = crate::parse(&text).next().unwrap();
            let verdict = crate::replay(&read);
            assert!(verdict.is_valid(), "{text}");
            assert_eq!(verdict.legal_turns, plys.len() as u64);
            assert_eq!(verdict.outcome, game.outcome());
            let token = game.outcome().map_or("*", |o| o.result_token());
            assert!(text.ends_with(&format!(" {token}\n")), "{text}");
        }
    }
}
