//! Validation: replays a game's syntax tree on the engine and returns a [`Verdict`] with
//! [`Problem`]s, each with a stable [`Code`].
//!
//! A game checked, its problem read, explained and fixed:
//!
//! ```
//! use seega::validate::{
//!     Applied, Code, Explanation, Fix, Fixed, Options, Place, Played, Players, Problem,
//!     StepCaptures, Verdict, canonical_doc, check_game, explain, fix_game, played_text,
//!     rule_text,
//! };
//!
//! let text = "[Black \"Aïcha\"]\n\n1. a1,b1 a2,b2 2. c3,d1 *\n";
//! let game = seega::parse(text).next().unwrap();
//! let verdict: Verdict = check_game(&game, &Options::default().record(true));
//! assert!(!verdict.is_valid());
//! assert_eq!((verdict.errors(), verdict.warnings(), verdict.legal_turns), (1, 0, 2));
//!
//! let problem: &Problem = &verdict.problems[0];
//! let suggested: Option<&Fix> = problem.fix.as_ref();
//! assert!(suggested.is_none()); // a placement on the centre has no one fix
//! assert_eq!(problem.code, Code::PlaceCentre);
//! assert!(problem.is_error() && !problem.code.is_warning() && !problem.code.is_syntax());
//! assert_eq!((problem.game, problem.turn), (1, Some(3)));
//! assert_eq!(problem.span.of(text), "c3");
//! assert_eq!(problem.message(), "c3 is the centre, which stays empty while pieces are placed");
//! assert!(!problem.help().is_empty());
//! let Place::Game { players: Players { black, .. }, .. } = &problem.place else { panic!() };
//! assert_eq!(black.as_deref(), Some("Aïcha"));
//!
//! // The codes are stable strings, each with its rule and its explanation.
//! assert_eq!(Code::parse("seega::place::centre"), Some(Code::PlaceCentre));
//! assert_eq!(Code::PlaceCentre.as_str(), "seega::place::centre");
//! assert!(Code::ALL.contains(&Code::PlaceCentre));
//! assert_eq!(Code::PlaceCentre.rule(), "R4");
//! assert!(!rule_text(Code::PlaceCentre).is_empty());
//! let explanation: Explanation = explain(Code::PlaceCentre);
//! assert_eq!(explanation.code, Code::PlaceCentre);
//!
//! // The turns played, as the engine recorded them, and the game in canonical text.
//! let played: &Played = &verdict.played[1];
//! let captures: &StepCaptures = &played.captures;
//! assert!(captures.is_empty()); // a placement's steps: none
//! assert_eq!((played.number, played.side), (2, seega::Color::White));
//! assert_eq!(played_text(&game, &verdict, 2), "a2,b2"); // turns count from 1
//! assert_eq!(canonical_doc(&game, &verdict).unwrap().turns.len(), 3);
//!
//! // A slip with one suggestion is fixed; this error has none, so nothing is applied.
//! let fixed: Fixed = fix_game(text, 1, &Options::default());
//! let applied: &[Applied] = &fixed.applied;
//! assert!(applied.is_empty() && !fixed.complete);
//! assert_eq!(fixed.stuck.map(|p| p.code), Some(Code::PlaceCentre));
//! ```
//!
//! # Inside
//!
//! replays a `Game` on the engine's referee and words what it returns: `check_game` (`replay`:
//! headers, rules, start; `movetext`: the turns; `play_turn`: one written turn on the referee, and
//! `Failure`, why it failed) → `Verdict` with `Problem`s, each with a stable `Code` (`code`, which
//! also says whether it is a syntax error), a `Place` (`place`: the players, event or preset its
//! label names, worded by `Problem::label` when rendered) and what it says (`problem`: the facts of
//! an illegal turn (its `Failure`, the position and the turn), of a Rules or Position tag that
//! names nothing (its error), of a result (`result_check::SlipFacts`), of a move number
//! (`numbers::NumberFacts`), of a bidirectional control and of the presets a tagless game fits
//! (`auto::PresetFit`), worded by `Problem::message` and `Problem::help` when rendered; syntax
//! errors keep the words of the grammar that finds them); the warning for a bidirectional control
//! anywhere in a game's text (`bidi`); the words for illegal turns (`turn_errors`) and for syntax
//! errors (`syntax_words`, with the token or tag meant for common slips; `later`: every syntax
//! error of a game is reported, also after the error that stopped its replay or when it never
//! started); a move number that disagrees with the turns, tried as a turn missing or written twice
//! (`numbers`); the result against the outcome and the Result tag (`result_check`, one test for the
//! full path and the fast lane, `result_slip`); the rules' own words that `explain` quotes
//! (`rule_text`); suggestions of a corrected token found among the engine's legal turns (`suggest`)
//! and their repeated application (`fix`, for `check --fix`); `--rules auto` (`auto`: every preset
//! the full way, or, in `clean_auto`, on the fast lane when one passes it); the explanation of
//! every code with a wrong and a right example (`explain`); and the fast lane (`fast`:
//! `clean_game`), which proves a plainly written valid game clean straight from its bytes as a
//! visitor of `notation::read` (its headers in `fast/mod.rs`, its movetext played on the referee in
//! `fast/replay.rs`, the bidirectional controls looked for in comments in `fast/bidi.rs`, and in
//! tag values by the tag reader as it scans them), and `clean_game_recorded`, which also keeps what
//! a writer needs for `convert` (`clean`: `CleanGame` — tags (values as written, escapes marked)
//! and header comments, turns, each step's captures, each turn's annotation and the glyphs and
//! comments after it, the comments on the result's line, the end; a move of one step that captures
//! nothing, the most common turn, kept as a `CleanKind::Slide` without a step entry — handed over
//! through the `Recorder` trait, which `check` implements as nothing).

mod auto;
mod bidi;
mod clean;
mod code;
mod doc;
mod explain;
mod fast;
mod fix;
pub(crate) mod game_state;
mod games;
mod later;
mod movetext;
mod numbers;
mod place;
mod play_turn;
pub(crate) mod ply;
mod problem;
mod replay;
mod result_check;
mod rule_text;
mod suggest;
mod syntax_words;
mod turn_errors;

pub(crate) use auto::clean_auto;
pub(crate) use clean::{CleanComment, CleanGame, CleanHeader, CleanKind, CleanNote, CleanTurn};
pub use code::{Code, NotACode};
pub(crate) use doc::computed_captures;
pub use doc::{canonical_doc, line_turns, played_text, turn_text};
pub use explain::{Explanation, explain};
pub(crate) use fast::{RulesCache, clean_game, clean_game_recorded, clean_verdict};
pub use fix::{Applied, Fixed, fix_game};
pub use place::{Place, Players};
pub use problem::Problem;
pub(crate) use replay::check_game_at;
pub use replay::{LinePlayed, Options, Played, StepCaptures, Verdict, check_game};
pub use rule_text::rule_text;
pub use suggest::Fix;
pub(crate) use syntax_words::{outside_games, uncut, uncut_message};

// For the library's turns (`ply`): one way to play a written turn and word its failure.
pub(crate) use games::{GameRead, Games, Lane};
pub(crate) use play_turn::{Failure, play_between, play_from};
pub(crate) use syntax_words::syntax_code;
