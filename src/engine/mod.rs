//! The rules engine: squares, bitboards, rulesets, positions and legal turns.
//!
//! It knows nothing of text or files. Each rule of `spec/rules.md` is carried out in exactly one
//! place here, and its number is named in the doc comment of that place:
//!
//! - the board and the pieces (R1, R2): [`Size`] and [`Square`];
//! - the rules of one turn — placement (R3, R4), moves, steps, captures and chains (R5–R10),
//!   the pass (R11): `Play` (`play.rs`), whose bit work is in `kernel`;
//! - the tests of the end of a game — capture-all, barrier, blocked (R14–R16), in the order of
//!   R13: `Play::outcome_after_turn` (and `Play::outcome_after_move`, its shortcut after a
//!   move, tested against it);
//! - the rules of a whole game — whose turn and its number, the end tested after every turn
//!   (R13) and on a setup (R21), the opening owed after a pass (R12), the limit of turns
//!   without a capture (R16a), no turn after the end (R17), the result the end calls for (R18), the written captures checked against a step's, and the reading of
//!   move numbers: the referee, `Referee` (`referee.rs`), around a `Play`. Every replay plays
//!   on one: `seega check` (the full path and its fast lane), `generate`, suggestions, the
//!   reading of move numbers and `--rules auto`. Beside it in `referee.rs`, each the one
//!   answer of its rule for every caller:
//!   - the count of turns (N5.1): [`turn_number`] (a turn's number from its index),
//!     [`move_number_of_turn`] and [`turn_of_move_number`], defined in `crate::numbering`,
//!     below the engine and the notation, so that the notation's reader and canonical writer
//!     count as the referee does without importing the engine; the move numbers' check,
//!     `generate`, the fast lane, the library and the Python package call them too;
//!   - which result counts (N5.5, N8, R18): `result_of` — the result check, the replay
//!     page, `fmt --fix-results` and the Ludii import;
//!   - the opening after a pass (R12): `opens`, asked by `Referee::gives_opening` (the
//!     library's legal turns, through `Between::gives_opening`, and `generate`) and by
//!     `can_open_for`, the search of a blocked end (R16) that `Play` falls back on;
//!   - the end of a setup (R13, R21): [`setup_outcome`] — the referee's start and `show` of a
//!     position string;
//! - rulesets (R20): [`Ruleset`]; the centre's immunity (R8) is a mask a `Play` holds; a start
//!   from a position string (R21): [`Setup`], checked against the rules by
//!   `Between::from_setup` (`setup/check.rs`), which `GameState::from_setup` calls.
//!
//! [`Position`]'s own turn methods play one turn through a `Play` and know nothing of the game
//! around it: they are for callers that judge a single turn (search, enumeration).

mod bitboard;
pub(crate) mod kernel;
mod outcome;
pub(crate) mod play;
mod position;
pub(crate) mod referee;
mod ruleset;
mod search;
mod setup;
mod symmetry;
mod turn;

pub use crate::board::{Color, DIRECTIONS, Size, Square};
pub use bitboard::{Bitboard, Squares};
pub use outcome::{Outcome, Termination};
pub use position::{Phase, Position};
pub use ruleset::{Barrier, Blocked, Centre, Chain, PRESETS, RulesError, Ruleset};
pub use setup::{Setup, SetupError};
pub use symmetry::Symmetry;
pub use turn::{IllegalTurn, Move};
// The count of turns, the referee's rule, defined below the engine and the notation.
pub use referee::{move_number_of_turn, turn_number};
