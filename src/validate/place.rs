//! Where a problem stands, as data: what the label under its caret names, worded when shown.

use std::fmt;

use crate::notation::Game;

/// What a problem's label names besides its game number and turn (see [`super::Problem::label`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// Outside any game of its chunk (bytes of a comment after the last result): worded
    /// `outside any game` while its game is 0, `game N` once `Problem::renumber` gives
    /// it the game before it.
    Outside,
    /// In its game.
    Game {
        /// The game's players and event, as its tags name them.
        players: Players,
        /// The preset `--rules auto` checked the game under, when the problem is about that.
        rules: Option<&'static str>,
    },
}

impl Default for Place {
    fn default() -> Place {
        Place::Game {
            players: Players::default(),
            rules: None,
        }
    }
}

/// The players and event a game's tags name: each tag's value unless it is empty or `?`.
///
/// It displays as the part of a label after `game N`: ` (Black vs White, Event)`,
/// ` (Black as black)`, ` (Event)`, or nothing when no tag names one.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Players {
    /// The Black tag.
    pub black: Option<String>,
    /// The White tag.
    pub white: Option<String>,
    /// The Event tag.
    pub event: Option<String>,
}

impl Players {
    /// The players and event of `game`.
    ///
    /// ```
    /// let text = "[Black \"Ama\"]\n[White \"?\"]\n[Event \"Cup\"]\n\n*\n";
    /// let game = seega::parse(text).next().unwrap();
    /// let players = seega::validate::Players::of(&game);
    /// assert_eq!(players.to_string(), " (Ama as black, Cup)");
    /// ```
    pub fn of(game: &Game<'_>) -> Players {
        let tag = |name: &str| {
            game.tag(name)
                .map(|t| t.value.as_ref())
                .filter(|v| !v.is_empty() && *v != "?")
                .map(str::to_owned)
        };
        Players {
            black: tag("Black"),
            white: tag("White"),
            event: tag("Event"),
        }
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.black, &self.white) {
            (Some(b), Some(w)) => write!(f, " ({b} vs {w}")?,
            (Some(b), None) => write!(f, " ({b} as black")?,
            (None, Some(w)) => write!(f, " ({w} as white")?,
            (None, None) => {}
        }
        let named = self.black.is_some() || self.white.is_some();
        match (named, &self.event) {
            (true, Some(e)) => write!(f, ", {e})"),
            (true, None) => f.write_str(")"),
            (false, Some(e)) => write!(f, " ({e})"),
            (false, None) => Ok(()),
        }
    }
}
