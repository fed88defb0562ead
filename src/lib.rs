//! seega: the notation, rules engine and archive checker of Seega, the Egyptian
//! custodian-capture board game played on 5×5, 7×7 and 9×9 boards.
//!
//! Add it without the command's crates:
//!
//! ```toml
//! [dependencies]
//! seega = { path = "../seega", default-features = false }  # the path of a checkout
//! ```
//!
//! The notation is in `spec/notation.md`, the rules (R1–R18) in `spec/rules.md`.
//!
//! # Reading an archive
//!
//! [`parse`] reads every game of a text as a syntax tree ([`notation::Game`]) that keeps what
//! it could not read as errors; [`replay`] plays a game on the engine and returns a
//! [`Verdict`]: its [`Problem`]s (each with a stable [`Code`] and the words `seega check`
//! prints), the final [`Position`] and the [`Outcome`] when the game ended by rule.
//!
//! ```
//! let text = "[Rules \"standard\"]\n\n1. a1,b1 a2,b2 2. c1,d1 c2,d2 *\n";
//! for game in seega::parse(text) {
//!     let verdict = seega::replay(&game);
//!     assert!(verdict.is_valid());
//!     assert_eq!(verdict.legal_turns, 4);
//!     assert_eq!(verdict.position.unwrap().to_setup_string(), "5/5/5/wwww1/bbbb1 b 8/8");
//!     assert_eq!(verdict.outcome, None);
//! }
//! ```
//!
//! # Playing
//!
//! A [`Position`] is built from a [`Ruleset`] ([`Position::new`], the start of a game); a
//! position string is read as a [`Setup`] and checked against the rules by
//! [`GameState::from_setup`], which gives the game there (and its [`GameState::position`]).
//! [`Position::legal_turns`] lists the turns of the side to move as [`Ply`] values, placements
//! too, each movement with its captures; a ply is written in the notation by `Display` and read
//! by `FromStr`, as are [`Square`] and [`Ruleset`]. A turn is played on a [`GameState`], the
//! one way to play, which keeps the rules of a whole game (the turn after a pass, the end):
//! [`GameState::play`] plays one, or says why not with a [`PlayError`] that holds the
//! engine's [`IllegalTurn`]; a [`Position`] is what the game shows, and reads nothing of the
//! game's course. [`GameState::replay_states`] gives a recorded game's state at each of its
//! positions, whose [`GameState::legal_turns`] are what `seega moves` lists;
//! [`GameState::play_each`] plays turns one after the other, each with the state after it.
//!
//! ```
//! use seega::{Color, GameState, Ply, Ruleset};
//!
//! let mut game = GameState::new("standard".parse::<Ruleset>()?);
//! assert_eq!(game.to_move(), Color::Black);
//! let first: Ply = "a1,b1".parse()?;
//! assert!(game.legal_turns().contains(&first));
//! game.play(&first)?;
//!
//! let err = game.play(&"a1,c2".parse()?).unwrap_err();
//! assert_eq!(err.to_string(), "a1 is already occupied by a black piece");
//! assert_eq!(err.rule(), Some(seega::IllegalTurn::PlaceOccupied("a1".parse()?)));
//!
//! let pos = game.position();
//! assert_eq!(pos.in_hand(Color::Black), 10);
//! assert_eq!(pos.pieces(Color::Black).count(), 2);
//! assert_eq!(pos.to_setup_string(), "5/5/5/5/bb3 w 10/12");
//!
//! // The string reads back as the same game.
//! let back = GameState::from_setup(*pos.rules(), &game.setup().to_string().parse()?)?;
//! assert_eq!(back.legal_turns(), game.legal_turns());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Streams, reports and generated games
//!
//! [`GameReader`] reads the games of a stream of any size in bounded memory, as `seega check`
//! cuts it, each a [`RecordedGame`] that owns its text: it parses, checks
//! ([`RecordedGame::check`]), places its problems in the file as `check --format jsonl` does
//! ([`RecordedGame::diagnostic`], a [`DiagnosticLine`]) and writes itself as `convert`'s JSON
//! object or in canonical notation. [`check_archive`] checks a whole stream on threads and
//! keeps what `check --format jsonl` prints as a [`CheckReport`]; [`generate`] writes the
//! games of `seega generate` for a [`GenOptions`]; [`record_text`] writes a game played turn by
//! turn (from a [`GameState`], as [`Ply`] values) as a record that `seega check` reads.
//!
//! ```
//! let archive = seega::generate(&seega::GenOptions::default(), 20);
//! let mut valid = 0;
//! for game in seega::GameReader::new(archive.as_bytes()) {
//!     valid += usize::from(game?.check(&seega::Options::default()).is_valid());
//! }
//! assert_eq!(valid, 20);
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! A [`Visitor`] is handed a game's pieces in order (tags, move numbers, turns, comments, the
//! result) without building a tree, and may skip the movetext of a game whose tags it does not
//! want, as pgn-reader's visitors do: [`GameReader::read_game`] reads the next game into one,
//! [`GameReader::skip_game`] passes one over, and [`RecordedGame::visit`] hands over a game
//! already read.
//!
//! The programs in `examples/` validate an archive, play a random game, list the legal turns
//! of a position string and count each side's captures with a visitor.
//!
//! # Phases
//!
//! An archive goes through these phases, each in its own module: `Source` turns bytes into
//! text, marking invalid UTF-8; the scanner splits the text into games and each game into
//! tags, comments and tokens with byte spans; the token parser reads each token into a syntax
//! item, a bad token becoming an error item that never derails the tokens after it; the
//! validator replays a game's items on a [`Position`] under its [`Ruleset`]. The parser never
//! judges legality; the engine never sees text.

mod api;
pub mod archive;
mod board;
pub(crate) mod engine;
pub mod input;
pub mod notation;
mod numbering;
pub mod render;
#[cfg(feature = "arrow")]
pub mod table;
pub mod tools;
pub mod validate;

#[cfg(test)]
mod test_shapes;

pub use api::checking::{CheckReport, check_archive};
pub use api::generating::generate;
pub use api::reading::{parse, replay};
pub use api::recording::record_text;
pub use api::records::{GameReader, RecordedGame, RecordedParts};
pub use api::visiting::{Skip, Visitor};
pub use engine::{
    Barrier, Bitboard, Blocked, Centre, Chain, Color, IllegalTurn, Move, OPTION_KEYS, Outcome,
    PRESETS, Phase, Position, RulesError, Ruleset, Setup, SetupError, Size, Square, Squares,
    Termination, move_number_of_turn, option_values, turn_number,
};
pub use notation::Encoding;
pub use render::wire::{DiagnosticLine, SummaryLine};
pub use tools::generate::GenOptions;
pub use validate::game_state::GameState;
pub use validate::ply::{ParseError, PlayError, PlayErrorKind, Ply, PlyStep};
pub use validate::{Code, Fix, Options, Played, Problem, StepCaptures, Verdict, check_game};
