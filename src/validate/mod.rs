//! Validation: replays a game's syntax tree on the engine and returns a [`Verdict`] with
//! [`Problem`]s, each with a stable [`Code`].

mod code;
mod problem;
mod replay;
mod turn_errors;

pub use code::Code;
pub use problem::Problem;
pub use replay::{Options, Played, Verdict, check_game};
