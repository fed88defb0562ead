//! Validation: replays a game's syntax tree on the engine and returns a [`Verdict`] with
//! [`Problem`]s, each with a stable [`Code`].

mod auto;
mod bidi;
mod clean;
mod code;
mod doc;
mod explain;
mod fast;
mod fix;
mod games;
mod later;
mod movetext;
mod numbers;
mod place;
mod play_turn;
mod problem;
mod replay;
mod result_check;
mod rule_text;
mod suggest;
mod syntax_words;
mod turn_errors;

pub(crate) use auto::clean_auto;
pub(crate) use clean::{CleanComment, CleanGame, CleanHeader, CleanKind, CleanNote, CleanTurn};
pub use code::Code;
pub(crate) use doc::computed_captures;
pub use doc::{canonical_doc, played_text};
pub use explain::{Explanation, explain};
pub(crate) use fast::{RulesCache, clean_game, clean_game_recorded};
pub use fix::{Applied, Fixed, fix_game};
pub use place::{Place, Players};
pub use problem::Problem;
pub(crate) use replay::check_game_at;
pub use replay::{Options, Played, StepCaptures, Verdict, check_game};
pub use rule_text::rule_text;
pub use suggest::Fix;
pub(crate) use syntax_words::{outside_games, uncut, uncut_message};

// For the library's turns (`crate::api::ply`): one way to play a written turn and word its failure.
pub(crate) use games::{GameRead, Games, Lane};
pub(crate) use play_turn::{Failure, play_between, play_from};
pub(crate) use syntax_words::syntax_code;
