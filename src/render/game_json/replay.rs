//! A game object replayed on the referee: its start, and each of its legal turns as played
//! with the state after it. What the faces that show positions (the replay page, Python's
//! boards) derive from the one model of a game, instead of the syntax tree.

use super::{GameObject, HeaderItem, TurnObject};
use crate::engine::Ruleset;
use crate::{GameState, Ply};

/// A game object replayed: its start, then each legal turn with the ply the referee played
/// (every capture written out) and the state after it.
///
/// ```
/// let game = seega::GameReader::new(&b"1. a1,b1 a1,c1 *"[..]).next().unwrap()?;
/// let object = game.object(&seega::Options::default(), "a.sgn");
/// let replayed = object.replay().unwrap();
/// assert_eq!(replayed.turns.len(), 1); // the second turn is illegal: a1 is taken
/// assert_eq!(replayed.turns[0].2.setup().to_string(), "5/5/5/5/bb3 w 10/12");
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Replayed<'a> {
    /// The game before its first turn.
    pub start: GameState,
    /// The legal turns, in order, each with the ply played and the state after it.
    pub turns: Vec<(&'a TurnObject, Ply, GameState)>,
}

impl GameObject {
    /// The value of the first tag named `name`, when the game has one.
    ///
    /// ```
    /// let game = seega::GameReader::new(&b"[Event \"Cup\"] 1. a1,b1 *"[..]).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "a.sgn");
    /// assert_eq!((object.tag("Event"), object.tag("Site")), (Some("Cup"), None));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.headers.iter().find_map(|h| match h {
            HeaderItem::Tag { name: n, value } if n == name => Some(value.as_str()),
            _ => None,
        })
    }

    /// The game at its start: under its resolved rules, from its `Position` tag when it has
    /// one; `None` when it cannot be set up (its `final` is null).
    ///
    /// ```
    /// let text = "[Rules \"no such rules\"]\n\n1. a1,b1 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// assert!(game.object(&seega::Options::default(), "a.sgn").start().is_none());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn start(&self) -> Option<GameState> {
        self.final_position.as_ref()?;
        let rules = Ruleset::parse(&self.rules.as_ref()?.text).ok()?;
        GameState::from_tag(rules, self.tag("Position"))
    }

    /// The game replayed (see [`Replayed`]): its legal turns played from its start by
    /// [`GameState::play_each`], stopping before one the referee does not play as the object
    /// says; `None` when the game cannot be set up.
    ///
    /// ```
    /// let text = "[Position \"5/5/5/5/5 b 12/12\"]\n\n1. a1,b1 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "a.sgn");
    /// let replayed = object.replay().unwrap();
    /// assert_eq!(replayed.start.setup().to_string(), "5/5/5/5/5 b 12/12");
    /// let (turn, ply, after) = &replayed.turns[0];
    /// assert_eq!((turn.line, ply.to_string()), (3, "a1,b1".to_owned()));
    /// assert_eq!(after.setup().to_string(), "5/5/5/5/bb3 w 10/12");
    /// assert_eq!(object.final_position.as_deref(), Some("5/5/5/5/bb3 w 10/12"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn replay(&self) -> Option<Replayed<'_>> {
        let start = self.start()?;
        let legal: Vec<&TurnObject> = self.turns.iter().filter(|t| t.legal).collect();
        let plys = legal.iter().map_while(|t| t.ply().ok());
        let played = start.play_each(plys);
        let turns = (legal.into_iter().zip(played))
            .map(|(turn, (ply, after))| (turn, ply, after))
            .collect();
        Some(Replayed { start, turns })
    }
}
