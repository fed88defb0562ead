//! A game object replayed on the referee: its start, and each of its legal turns as played
//! with the state after it. What the faces that show positions (the replay page, Python's
//! boards) derive from the one model of a game, instead of the syntax tree.

use super::{GameObject, HeaderItem, LineObject, TurnObject};
use crate::engine::Ruleset;
use crate::notation::{Branch, LinePath};
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
        let turns = Replayed::line(&start, &self.turns);
        Some(Replayed { start, turns })
    }

    /// The variation at `path` (`14.1`, `14.1/16.2`): the line numbered by the path's last
    /// branch among those written after its turn, in the line the rest of the path names;
    /// `None` for the main line (the game's own `turns`) and for a path that names no line of
    /// the game.
    ///
    /// ```
    /// use seega::notation::LinePath;
    ///
    /// let text = "1. c2,d4 (1. c2,b3 a1,a2 (1... a1,b1)) 1... a1,b1 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "a.sgn");
    /// let path: LinePath = "1.1/2.1".parse().unwrap();
    /// let line = object.variation(&path).unwrap();
    /// assert_eq!((line.path.as_str(), line.turns[0].notation()), ("1.1/2.1", "a1,b1".to_owned()));
    /// assert!(object.variation(&"1.2".parse().unwrap()).is_none());
    /// assert!(object.variation(&LinePath::main()).is_none());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn variation(&self, path: &LinePath) -> Option<&LineObject> {
        let mut line: Option<&LineObject> = None;
        for &b in path.branches() {
            line = Some(branch(line.map_or(&self.turns, |l| &l.turns), b)?);
        }
        line
    }

    /// The game replayed along the line `path` (the main line for [`LinePath::main`], as
    /// [`GameObject::replay`]): its start, then the legal turns from the start to the line's
    /// branch point (those of the lines it branches from, before the turns they branch at),
    /// then the line's own legal turns, each with the ply played and the state after it; so
    /// the state after the turn numbered `n` is the `n`-th. `None` when the game cannot be set
    /// up, when `path` names no line of the game ([`GameObject::variation`]), or when the line
    /// is not reached: a turn before its branch point, in a line it branches from, is not
    /// legal (the referee did not play the line: its turns are none of them legal).
    ///
    /// ```
    /// let text = "1. c2,d4 (1. c2,b3 a1,a2 (1... a1,b1 2. c1,d1)) 1... a1,b1 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "a.sgn");
    /// let replayed = object.replay_line(&"1.1/2.1".parse().unwrap()).unwrap();
    /// let played: Vec<String> = replayed.turns.iter().map(|(_, p, _)| p.to_string()).collect();
    /// assert_eq!(played, ["c2,b3", "a1,b1", "c1,d1"]); // 1.1's first turn, then 1.1/2.1's
    /// assert_eq!(replayed.turns[2].2.setup().to_string(), "5/5/1b3/2b2/wwbb1 w 8/10");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn replay_line(&self, path: &LinePath) -> Option<Replayed<'_>> {
        let start = self.start()?;
        let mut along: Vec<&TurnObject> = Vec::new();
        let mut turns = &self.turns[..];
        for b in path.branches() {
            let before = turns.iter().take_while(|t| t.number < b.turn);
            for t in before {
                if !t.legal {
                    return None;
                }
                along.push(t);
            }
            turns = &branch(turns, *b)?.turns;
        }
        along.extend(turns.iter().take_while(|t| t.legal));
        let plys = along.iter().map_while(|t| t.ply().ok());
        let played = start.play_each(plys);
        let turns = (along.into_iter().zip(played))
            .map(|(turn, (ply, after))| (turn, ply, after))
            .collect();
        Some(Replayed { start, turns })
    }
}

/// The variation the branch `b` names among those of the line `turns`.
fn branch(turns: &[TurnObject], b: Branch) -> Option<&LineObject> {
    let turn = turns.iter().find(|t| t.number == b.turn)?;
    turn.variations
        .get(usize::try_from(b.index).ok()?.checked_sub(1)?)
}

impl<'a> Replayed<'a> {
    /// The legal turns of `turns` (a line's: the main line's, or a variation's
    /// [`super::LineObject::turns`]) played from `from` as [`GameObject::replay`] plays the
    /// main line's, each with the ply played and the state after it. A variation of the turn
    /// at `i` of a line is played from the state before it: `from` for the first, else the
    /// state after the legal turn before.
    ///
    /// ```
    /// use seega::render::game_json::Replayed;
    ///
    /// let text = "1. c2,d4 (1. a2,b3 1... a1,b1) 1... a1,b2 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "a.sgn");
    /// let replayed = object.replay().unwrap();
    /// let variation = &object.turns[0].variations[0];
    /// let line = Replayed::line(&replayed.start, &variation.turns);
    /// assert_eq!(line[1].2.setup().to_string(), "5/5/1b3/b4/ww3 b 10/10");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn line(
        from: &GameState,
        turns: &'a [TurnObject],
    ) -> Vec<(&'a TurnObject, Ply, GameState)> {
        let legal: Vec<&TurnObject> = turns.iter().filter(|t| t.legal).collect();
        let plys = legal.iter().map_while(|t| t.ply().ok());
        let played = from.play_each(plys);
        (legal.into_iter().zip(played))
            .map(|(turn, (ply, after))| (turn, ply, after))
            .collect()
    }
}
