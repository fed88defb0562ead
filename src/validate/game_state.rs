//! A game in progress: a position and what the rules of a whole game remember beyond it.
//!
//! # Inside
//!
//! `GameState`, a game in progress kept as the referee's state between turns, so the turn after a
//! pass, the end and no turn after it are the full replay's own; `GameState::play_each`, turns
//! played one after the other (the one replay of a recorded game), and
//! `GameState::replay_states`, a recorded game's state at each of its positions, its turns played
//! up to the verdict's last legal one

use super::ply::{PlayError, Ply};
use crate::engine::referee::Between;
use crate::engine::{Color, Outcome, Phase, Position, Ruleset, Setup, SetupError};
use crate::notation::{Element, Game};
use crate::validate::Verdict;

/// A game being played: the position, the side that passed last turn and how the game ended.
///
/// The one way to play a turn ([`GameState::play`]): it keeps the rules of one turn and those
/// of a game besides: the turn after a pass must give the passer a step (R12), the game ends by rule (R13–R16), and
/// no turn follows the end (R17).
///
/// ```
/// use seega::{GameState, Ruleset};
///
/// let mut game = GameState::new(Ruleset::parse("standard")?);
/// game.play(&"a1,b1".parse()?)?;
/// assert_eq!(game.turns_played(), 1);
/// assert_eq!(game.position().in_hand(seega::Color::Black), 10);
/// assert!(!game.is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// The referee's game between turns: position, next turn, passer, outcome.
    game: Between,
}

impl GameState {
    /// A new game under `rules`: an empty board, full hands.
    pub fn new(rules: Ruleset) -> GameState {
        GameState::from_position(Position::new(rules))
    }

    /// A game going on from `position`, as a game with a `Position` tag of no game-level
    /// state starts: no pass before it, nothing counted toward a limit; over when the position
    /// is an end (R13).
    ///
    /// ```
    /// use seega::{GameState, Position, Ruleset};
    ///
    /// let game = GameState::from_position(Position::new(Ruleset::parse("standard")?));
    /// assert_eq!(game.legal_turns().len(), 276);
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    pub fn from_position(position: Position) -> GameState {
        GameState {
            game: Between::new(position),
        }
    }

    /// The game a [`Setup`] describes under `rules` — the one way from a position string to a
    /// game or a position ([`GameState::position`]) — or why no game under the rules is there.
    ///
    /// It is a game's, not a [`Position`]'s, constructor because a setup says more than a
    /// position keeps: whether the side to move owes an opening after a pass (R12) and the
    /// turns counted toward a `limit` (R16a) are the rules of a whole game, which a
    /// `GameState` keeps and a `Position` does not. The game's next turn is numbered 1, and it
    /// is over already when the setup is an end (R13, R21).
    ///
    /// ```
    /// use seega::{GameState, Ruleset, SetupError};
    ///
    /// let rules = Ruleset::parse("standard")?;
    /// let mut game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse()?)?;
    /// game.play(&"b1-b2".parse()?)?;
    /// assert_eq!(game.outcome().map(|o| o.result_token()), Some("0-1"));
    /// assert!(game.legal_turns().is_empty());
    ///
    /// // The start as seega writes it reads back as the start.
    /// let start = GameState::new(rules);
    /// assert_eq!(start.setup().to_string(), "5/5/5/5/5 b 12/12");
    /// assert_eq!(GameState::from_setup(rules, &start.setup())?, start);
    ///
    /// assert!(matches!(
    ///     GameState::from_setup(rules, &"7/7/7/7/7/7/7 w".parse()?),
    ///     Err(SetupError::WrongSize { found: 7, expected: 5 })
    /// ));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(rules: Ruleset, setup: &Setup) -> Result<GameState, SetupError> {
        Between::from_setup(rules, setup).map(|game| GameState { game })
    }

    /// The start of a recorded game under `rules`: from the value of its `Position` tag when
    /// it has one (`None` when that is no position of the rules), else the start of a game.
    ///
    /// ```
    /// use seega::{GameState, Ruleset};
    ///
    /// let rules = Ruleset::parse("standard").unwrap();
    /// assert_eq!(GameState::from_tag(rules, None), Some(GameState::new(rules)));
    /// let tagged = GameState::from_tag(rules, Some("5/1b3/1w3/5/1b3 b")).unwrap();
    /// assert_eq!(tagged.setup().to_string(), "5/1b3/1w3/5/1b3 b");
    /// assert_eq!(GameState::from_tag(rules, Some("7/7/7/7/7/7/7 b")), None);
    /// ```
    pub fn from_tag(rules: Ruleset, position: Option<&str>) -> Option<GameState> {
        match position {
            Some(text) => GameState::from_setup(rules, &Setup::parse(text).ok()?).ok(),
            None => Some(GameState::new(rules)),
        }
    }

    /// The game as a [`Setup`]: its position, whether an opening is owed and the turns counted
    /// toward a limit; its string ([`std::fmt::Display`]) reads back, through
    /// [`GameState::from_setup`], as the same game with the same legal turns.
    ///
    /// ```
    /// use seega::{GameState, Ruleset};
    ///
    /// let mut game = GameState::new(Ruleset::parse("standard")?);
    /// game.play(&"a1,b1".parse()?)?;
    /// assert_eq!(game.setup().to_string(), "5/5/5/5/bb3 w 10/12");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn setup(&self) -> Setup {
        self.game.setup()
    }

    /// Every state of a recorded game: before its first turn, then after each of its legal
    /// turns, so that state `k` is the game after `k` turns (an invalid game's stop after its
    /// last legal turn); none when the game could not be set up (its Rules or Position tag
    /// unreadable). `verdict` is `game`'s, from [`crate::replay`] or [`crate::check_game`]: its
    /// start, and its count of legal turns, which the turns of `game` are played up to on the
    /// same referee.
    ///
    /// With [`GameState::legal_turns`] this is the legal turns of every position of a game,
    /// which `seega moves --all` prints.
    ///
    /// ```
    /// use seega::GameState;
    ///
    /// let text = "[Position \"5/1b3/1w3/5/1b3 b\"]\n\n1. b1-b2xb3 c2,d2 0-1\n";
    /// let game = seega::parse(text).next().unwrap();
    /// let verdict = seega::replay(&game);
    /// let states = GameState::replay_states(&game, &verdict);
    /// let counts: Vec<usize> = states.iter().map(|s| s.legal_turns().len()).collect();
    /// assert_eq!(counts, [6, 0]); // black's turns, then none: white has no piece left
    /// assert_eq!(states[1].outcome().map(|o| o.result_token()), Some("0-1"));
    /// assert!(!verdict.is_valid()); // its second turn came after the end
    /// ```
    pub fn replay_states(game: &Game<'_>, verdict: &Verdict) -> Vec<GameState> {
        let Some(start) = verdict.start.clone() else {
            return Vec::new();
        };
        // The tag's game-level state too: the verdict's start keeps only its position.
        let tagged =
            (game.tag("Position")).and_then(|t| GameState::from_tag(start.rules, Some(&t.value)));
        let first = tagged.unwrap_or_else(|| GameState::from_position(start));
        let legal = usize::try_from(verdict.legal_turns).unwrap_or(usize::MAX);
        let written = game.moves.iter().filter_map(|e| match e {
            Element::Turn(t) => Some(Ply::from_turn(t)),
            _ => None,
        });
        let played = first.play_each(written.take(legal));
        let mut states = Vec::with_capacity(played.len() + 1);
        states.push(first);
        states.extend(played.into_iter().map(|(_, after)| after));
        states
    }

    /// The turns `plys` played one after the other from this state, each as played (every
    /// capture written) with the state after it; it stops before the first that cannot be
    /// played. The one replay of a recorded game, whether read as a syntax tree
    /// ([`GameState::replay_states`]) or as a game object
    /// ([`crate::render::game_json::GameObject::replay`]).
    ///
    /// ```
    /// use seega::{GameState, Ply, Ruleset};
    ///
    /// let start = GameState::from_setup(Ruleset::parse("standard")?, &"5/1b3/1w3/5/1b3 b".parse()?)?;
    /// let plys: Vec<Ply> = vec!["b1-b2".parse()?, "c2,d2".parse()?];
    /// let played = start.play_each(plys);
    /// assert_eq!(played.len(), 1); // the game ended with the first: no turn after it
    /// assert_eq!(played[0].0.to_string(), "b1-b2xb3"); // as played, its capture written
    /// assert!(played[0].1.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_each(&self, plys: impl IntoIterator<Item = Ply>) -> Vec<(Ply, GameState)> {
        let mut played: Vec<(Ply, GameState)> = Vec::new();
        for ply in plys {
            let mut next = played.last().map_or(self, |(_, s)| s).clone();
            match next.play(&ply) {
                Ok(done) => played.push((done, next)),
                Err(_) => break,
            }
        }
        played
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.game.position
    }

    /// The side whose turn it is.
    pub fn to_move(&self) -> Color {
        self.game.position.to_move()
    }

    /// The phase the game is in.
    ///
    /// ```
    /// let game = seega::GameState::new(seega::Ruleset::parse("standard").unwrap());
    /// assert_eq!(game.phase(), seega::Phase::Placement);
    /// ```
    pub fn phase(&self) -> Phase {
        self.game.position.phase()
    }

    /// Turns played since the start (or since the position it was made from).
    pub fn turns_played(&self) -> u64 {
        self.game.number - 1
    }

    /// How the game ended by rule, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome
    }

    /// Whether the game has ended by rule.
    pub fn is_over(&self) -> bool {
        self.game.outcome.is_some()
    }

    /// The turns the side to move may play: [`Position::legal_turns`] less those that leave a
    /// side that just passed without a step; none once the game is over.
    ///
    /// ```
    /// let game = seega::GameState::new(seega::Ruleset::parse("standard")?);
    /// assert!(game.legal_turns().iter().all(|t| matches!(t, seega::Ply::Place(..))));
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    pub fn legal_turns(&self) -> Vec<Ply> {
        if self.is_over() {
            return Vec::new();
        }
        let mut turns = self.game.position.legal_turns();
        if self.game.passer.is_some() {
            turns.retain(|t| {
                let mut after = self.game.position.clone();
                after.play(t).is_ok() && self.game.gives_opening(&after)
            });
        }
        turns
    }

    /// Plays `ply` and returns it with every capture it made; the game is left as it was when
    /// the ply is illegal. Captures written in `ply` must be exactly those the step makes, or be
    /// left out.
    ///
    /// ```
    /// use seega::{GameState, Ruleset};
    ///
    /// let mut game = GameState::new(Ruleset::parse("standard")?);
    /// let err = game.play(&"b2-b3".parse()?).unwrap_err();
    /// assert_eq!(err.to_string(), "a movement turn in the placement phase");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, ply: &Ply) -> Result<Ply, PlayError> {
        let (after, captures) = crate::validate::play_between(&self.game, &ply.to_turn(), true)
            .map_err(|f| PlayError::of(f, &self.game.position, ply))?;
        self.game = after;
        Ok(ply.with_captures(&captures))
    }
}
