//! Reading and replaying archives in two calls: [`parse`] and [`replay`].

use crate::notation::{Game, Scanner};
use crate::validate::{Options, Verdict, check_game};

/// Every game of `text`, in order, as syntax trees that keep what could not be read: a bad
/// token is an [`Element::Error`](crate::notation::Element::Error) in its game's movetext, a
/// broken tag a [`Header::Error`](crate::notation::Header::Error), and reading goes on after
/// either. Games are read lazily, one at a time.
///
/// ```
/// use seega::notation::Element;
///
/// let text = "[Rules \"standard\"]\n\n1. a1,b1 j9,a2 *\n";
/// let games: Vec<_> = seega::parse(text).collect();
/// assert_eq!(games.len(), 1);
/// assert_eq!(games[0].tag("Rules").map(|t| t.value.as_ref()), Some("standard"));
/// let errors: Vec<&str> = games[0]
///     .moves
///     .iter()
///     .filter_map(|e| match e {
///         Element::Error(e) => Some(e.message.as_str()),
///         _ => None,
///     })
///     .collect();
/// assert_eq!(errors, ["`j9,a2` is not a turn, a move number, an annotation or a result"]);
/// ```
pub fn parse(text: &str) -> Scanner<'_> {
    Scanner::new(text, &[])
}

/// Replays `game` under its `Rules` tag (`standard` without one) and says what is wrong with
/// it, as `seega check` does: the [`Verdict`] holds the problems, the final position and the
/// outcome. It is [`check_game`] under the default options; for others, see there.
///
/// ```
/// let text = "[Rules \"standard\"]\n\n1. c3,d4 *\n";
/// let game = seega::parse(text).next().unwrap();
/// let verdict = seega::replay(&game);
/// assert!(!verdict.is_valid());
/// assert_eq!(verdict.problems[0].code.as_str(), "seega::place::centre");
/// assert_eq!(verdict.position.unwrap().to_setup_string(), "5/5/5/5/5 b 12/12");
/// ```
pub fn replay(game: &Game<'_>) -> Verdict {
    check_game(game, &Options::default())
}
