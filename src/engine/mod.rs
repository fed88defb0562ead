//! The rules engine: squares, bitboards, rulesets, positions and legal turns.
//!
//! It knows nothing of text or files. Each rule of `spec/rules.md` is enforced in exactly one
//! place here and its number is named in the doc comment of that place.

mod bitboard;
pub(crate) mod kernel;
mod outcome;
pub(crate) mod play;
mod position;
mod ruleset;
mod search;
mod square;
mod symmetry;
mod turn;

pub use bitboard::{Bitboard, Squares};
pub use outcome::{Outcome, Termination};
pub use position::{Phase, Position, SetupError, SetupText};
pub use ruleset::{Barrier, Chain, OPTION_KEYS, PRESETS, RulesError, Ruleset};
pub use square::{Color, DIRECTIONS, Size, Square};
pub use symmetry::Symmetry;
pub use turn::{IllegalTurn, Move};
