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
//!
//! # Inside
//!
//! the rules, and nothing else: `Bitboard(u128)`, `Ruleset` (presets and options), `Position`
//! (built only by `Position::new`, by play, or from a `Setup` — a position string read by
//! `Setup::parse`, every field public — through the one fallible constructor
//! `GameState::from_setup`, which checks it in `engine/setup/check.rs` as `Between::from_setup`,
//! since the opening owed and the count toward a limit are the game's and not the position's;
//! written back as a position string by `SetupText`, in a fixed buffer, which
//! `Position::setup_text`, `Setup`'s `Display` and the JSON writer all use), turns (`place`,
//! `begin_move`/`step`/`end_move`, `pass`), termination (`outcome_after_turn`, barriers), turn
//! enumeration (`for_each_turn`) and the eight board symmetries (`Symmetry`). The rules of a whole
//! game — whose turn and its number, the end tested after every turn, the opening owed after a pass
//! (R12), no turn after the end (R17), the result the end calls for (R18), the check of written
//! captures and the reading of move numbers — live in one place, the referee `Referee<B>`
//! (`engine/referee.rs`): a `Play`, the next turn's number, the passer and the outcome. Every
//! replay plays on one: `check_game` (`validate::movetext`, through `validate::play_turn`), the
//! fast lane, `generate`, suggestions, the reading of move numbers, `--rules auto` and the
//! library's `GameState` (through `referee::Between`, its state as plain values); `engine/mod.rs`
//! lists where each rule lives. The rules of a turn and the tests of the end of a game are carried
//! out in one place, `Play<B>` (`engine/play.rs`): a position in the words of its board's type `B`,
//! the side to move's pieces and the other side's kept apart so that a replay holds them in
//! registers. `Position`'s turn methods load a `Play`, call it and store it back; the fast lane
//! plays a whole game on one. `Play::outcome_after_move` retests after a move only what the move
//! can change (the mover's barrier; the opponent's wall and capture-all only after a capture — the
//! proof is in its doc comment, and a test compares it with the full test after every legal turn of
//! random playouts under every preset, option and size). Two more shortcuts stand for a longer way
//! and are tested against it (`engine/play/tests.rs`): `Play::first_step` is `begin_move` then the
//! first `step` in one test when the step is plainly legal, and falls back to the two otherwise
//! (every pair of squares in positions of random playouts gives the same result and position);
//! `end_move` asks whether a move must go on without looking for a capture when the rules force
//! none. The inner loops live in `kernel`: spreads, captures, capture targets and the wall and line
//! tests as bit operations on a word sized to the board (`u64` up to 7×7, `u128` for 9×9, same bit
//! layout as `Bitboard`), picked once per call by `with_board!`; the wall flood tests necessary
//! conditions at each round and stops at the first that fails (the proof is in `kernel::has_wall`).
//! `tests/engine_reference.rs` checks every kernel-backed query against square-by-square versions
//! written from `spec/rules.md`.

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
pub use ruleset::{
    Barrier, Blocked, Centre, Chain, OPTION_KEYS, PRESETS, RulesError, Ruleset, option_values,
};
pub use setup::{Setup, SetupError};
pub use symmetry::Symmetry;
pub use turn::{IllegalTurn, Move};
// The count of turns, the referee's rule, defined below the engine and the notation.
pub use referee::{move_number_of_turn, turn_number};
