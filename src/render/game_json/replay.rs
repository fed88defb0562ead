//! A game object replayed on the referee: its start, and the state after each of its legal
//! turns. What a face that shows positions (the replay page) derives from the one model of a
//! game, instead of the syntax tree.

use super::{GameObject, HeaderItem, TurnObject};
use crate::engine::{Ruleset, Setup};
use crate::{GameState, Ply};

/// The positions of a game object: the start, then the state after each legal turn, each turn
/// with the ply the referee played (every capture written out).
#[derive(Debug, Clone)]
pub struct Replayed<'a> {
    /// The start, then the state after each turn of `turns`: one more than the turns.
    pub states: Vec<GameState>,
    /// The legal turns, in order, each with the ply played.
    pub turns: Vec<(&'a TurnObject, Ply)>,
}

impl GameObject {
    /// The value of the first tag named `name`, when the game has one.
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
    /// let text = "[Position \"5/5/5/5/5 b 12/12\"]\n\n1. a1,b1 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "a.sgn");
    /// let replayed = object.replay();
    /// assert_eq!(replayed.states.len(), 2);
    /// assert_eq!(replayed.states[1].setup().to_string(), "5/5/5/5/bb3 w 10/12");
    /// assert_eq!(object.final_position.as_deref(), Some("5/5/5/5/bb3 w 10/12"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn start(&self) -> Option<GameState> {
        self.final_position.as_ref()?;
        let rules = Ruleset::parse(&self.rules.as_ref()?.text).ok()?;
        match self.tag("Position") {
            Some(tag) => {
                let setup = Setup::parse(tag).ok()?;
                GameState::from_setup(rules, &setup).ok()
            }
            None => Some(GameState::new(rules)),
        }
    }

    /// The game replayed: its start and each legal turn played on the referee (see
    /// [`Replayed`]); it stops before a turn the referee does not play as the object says,
    /// and holds nothing when the game cannot be set up.
    pub fn replay(&self) -> Replayed<'_> {
        let mut replayed = Replayed {
            states: Vec::new(),
            turns: Vec::new(),
        };
        let Some(mut state) = self.start() else {
            return replayed;
        };
        for turn in self.turns.iter().filter(|t| t.legal) {
            let mut next = state.clone();
            let Some(played) = turn.ply().ok().and_then(|p| next.play(&p).ok()) else {
                break;
            };
            replayed.states.push(std::mem::replace(&mut state, next));
            replayed.turns.push((turn, played));
        }
        replayed.states.push(state);
        replayed
    }
}
