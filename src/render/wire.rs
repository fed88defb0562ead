//! JSON wire types for `check --format jsonl`, `check --fix --format jsonl` and `moves --format
//! jsonl`. Field names are part of the contract: `spec/json.md`, and the schemas
//! `spec/check.schema.json`, `spec/fix.schema.json` and `spec/moves.schema.json`.
//!
//! ```
//! use seega::notation::LineIndex;
//! use seega::render::wire::{
//!     DiagnosticLine, FileName, FixLine, FixSummaryLine, InputErrorLine, MovesLine, SummaryLine,
//! };
//! use seega::validate::Options;
//!
//! let text = "1. c3,d1 *\n";
//! let game = seega::parse(text).next().unwrap();
//! let problem = &seega::check_game(&game, &Options::default()).problems[0];
//! let line = DiagnosticLine::new(problem, "cup.sgn", text, &LineIndex::new(text));
//! assert_eq!((line.kind.as_str(), line.severity.as_str()), ("diagnostic", "error"));
//! assert_eq!(line.code, "seega::place::centre");
//! assert_eq!((line.game, line.turn, line.line), (1, Some(1), 1));
//! let json = serde_json::to_string(&line).unwrap();
//! assert_eq!(serde_json::from_str::<DiagnosticLine>(&json).unwrap(), line);
//!
//! let name = FileName::text("cup.sgn");
//! let unreadable = InputErrorLine::new(&name, "cannot read `cup.sgn`: gone".to_owned());
//! assert_eq!(unreadable.kind, "input-error");
//! let summary = SummaryLine { games: 1, invalid: 1, errors: 1, ..SummaryLine::default() };
//! assert!(serde_json::to_string(&summary).unwrap().contains("\"invalid\":1"));
//!
//! // What `check --fix` and `moves` write, read back from their lines.
//! let fix = r#"{"type":"fix","file":"cup.sgn","game":1,"line":6,"column":4,"#.to_owned()
//!     + r#""old":"c4-c3xb3xd3","new":"c4-c3xc2xb3xd3"}"#;
//! let fix: FixLine = serde_json::from_str(&fix).unwrap();
//! assert_eq!((fix.file.file.as_str(), fix.new.as_str()), ("cup.sgn", "c4-c3xc2xb3xd3"));
//! let done = r#"{"type":"fix-summary","fixed":1,"written":1,"left":0,"errors":0}"#;
//! let done: FixSummaryLine = serde_json::from_str(done).unwrap();
//! assert_eq!((done.fixed, done.written, done.left), (1, 1, 0));
//! let state = seega::GameState::new(seega::Ruleset::parse("standard").unwrap());
//! let moves = MovesLine::new(Some((&name, 1)), 0, &state, &state.legal_turns(), false);
//! assert_eq!((moves.position.as_str(), moves.game), ("5/5/5/5/5 b 12/12", Some(1)));
//! ```

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::notation::LineIndex;
use crate::render::game_json::{OutcomeObject, Side};
use crate::validate::Problem;

/// One diagnostic line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiagnosticLine {
    /// Always `diagnostic`.
    #[serde(rename = "type")]
    pub kind: String,
    /// `error` or `warning`.
    pub severity: String,
    /// The stable code.
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
    /// The file as named on the command line (`<stdin>` for standard input); see [`FileName`].
    pub file: String,
    /// The bytes of the file's path, only when they are not UTF-8; see [`FileName`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<Vec<u8>>,
    /// The game, from 1.
    pub game: usize,
    /// The turn, from 1, when the problem is about a turn.
    pub turn: Option<u64>,
    /// The variation the problem is in, as its line path (`14.1`); absent for the main line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variation: Option<String>,
    /// Line of the first character, from 1.
    pub line: usize,
    /// Column of the first character, from 1, counted in characters.
    pub column: usize,
    /// Line of the last character.
    pub end_line: usize,
    /// Column of the last character (equal to `column` for an empty span).
    pub end_column: usize,
}

impl DiagnosticLine {
    /// The wire form of `p`, found in the file named `file` (UTF-8; [`DiagnosticLine::in_file`]
    /// names any path) whose text is `text`.
    pub fn new(p: &Problem, file: &str, text: &str, lines: &LineIndex) -> DiagnosticLine {
        let start = lines.line_col(text, p.span.start);
        let last = if p.span.is_empty() {
            p.span.start
        } else {
            text[..p.span.end]
                .char_indices()
                .next_back()
                .map_or(p.span.start, |(i, _)| i.max(p.span.start))
        };
        let end = lines.line_col(text, last);
        DiagnosticLine {
            kind: "diagnostic".into(),
            severity: if p.is_error() { "error" } else { "warning" }.into(),
            code: p.code.as_str().into(),
            message: p.message().into_owned(),
            help: p.help().into_owned(),
            file: file.into(),
            file_bytes: None,
            game: p.game,
            turn: p.turn,
            variation: p.line.as_ref().map(ToString::to_string),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
        }
    }

    /// The same line naming `name`, whose path need not be UTF-8.
    ///
    /// ```
    /// use seega::render::wire::{DiagnosticLine, FileName};
    /// # use seega::{archive::check_source, notation::{LineIndex, Source}, validate::Options};
    /// # let source = Source::from_bytes(b"1. c2,c2 *");
    /// # let opts = Options::default();
    /// # let checked = check_source(&source, &opts).next().unwrap();
    /// # let lines = LineIndex::new(source.text());
    /// let p = &checked.verdict.problems[0];
    /// let line = DiagnosticLine::new(p, "", source.text(), &lines)
    ///     .in_file(&FileName::of(std::path::Path::new("cup.sgn")));
    /// assert_eq!(line.file, "cup.sgn");
    /// assert_eq!(line.file_bytes, None);
    /// ```
    pub fn in_file(self, name: &FileName) -> DiagnosticLine {
        DiagnosticLine {
            file: name.file.clone(),
            file_bytes: name.file_bytes.clone(),
            ..self
        }
    }
}

/// How JSON names a file: `file`, the path as a string, with each sequence of bytes that is not
/// UTF-8 replaced by U+FFFD; and `file_bytes`, the path's bytes as integers 0–255, present only
/// when the path is not UTF-8 (then two paths may share a `file`, never a `file_bytes`). On
/// systems whose paths are not bytes (Windows), `file_bytes` is never present.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileName {
    /// The path, as UTF-8 with U+FFFD where it is not.
    pub file: String,
    /// The path's bytes, when it is not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<Vec<u8>>,
}

impl FileName {
    /// The JSON name of `path`.
    ///
    /// ```
    /// use std::path::Path;
    /// use seega::render::wire::FileName;
    /// let name = FileName::of(Path::new("games/cup.sgn"));
    /// assert_eq!((name.file.as_str(), name.file_bytes), ("games/cup.sgn", None));
    /// # #[cfg(unix)] {
    /// use std::os::unix::ffi::OsStrExt;
    /// let name = FileName::of(Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9")));
    /// assert_eq!(name.file, "caf\u{fffd}");
    /// assert_eq!(name.file_bytes, Some(b"caf\xe9".to_vec()));
    /// # }
    /// ```
    pub fn of(path: &Path) -> FileName {
        let file = path.to_string_lossy();
        let file_bytes = match &file {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(_) => raw_bytes(path),
        };
        FileName {
            file: file.into_owned(),
            file_bytes,
        }
    }

    /// The name of something that is no path (standard input): `name`, with no bytes.
    pub fn text(name: &str) -> FileName {
        FileName {
            file: name.to_owned(),
            file_bytes: None,
        }
    }
}

#[cfg(unix)]
fn raw_bytes(path: &Path) -> Option<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    Some(path.as_os_str().as_bytes().to_vec())
}

#[cfg(not(unix))]
fn raw_bytes(_: &Path) -> Option<Vec<u8>> {
    None
}

/// A line of `check --format jsonl` for an input that could not be read (a missing file, a
/// read error part way): the run goes on with the other inputs and exits 2.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputErrorLine {
    /// Always `input-error`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The input as named on the command line (`<stdin>` for standard input); see
    /// [`FileName`].
    pub file: String,
    /// The bytes of the input's path, only when they are not UTF-8; see [`FileName`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<Vec<u8>>,
    /// What went wrong, as the message on standard error says it.
    pub message: String,
}

impl InputErrorLine {
    /// The line for `file`, which could not be read because of `message`.
    pub fn new(file: &FileName, message: String) -> InputErrorLine {
        InputErrorLine {
            kind: "input-error".into(),
            file: file.file.clone(),
            file_bytes: file.file_bytes.clone(),
            message,
        }
    }
}

/// The last line of `check --format jsonl`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryLine {
    /// Always `summary`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Inputs read.
    pub files: usize,
    /// Games found.
    pub games: usize,
    /// Games without errors.
    pub valid: usize,
    /// Games with errors.
    pub invalid: usize,
    /// Errors reported.
    pub errors: usize,
    /// Warnings reported.
    pub warnings: usize,
}

/// A fix `check --fix --format jsonl` applied, one JSON object per line on standard error.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixLine {
    /// Always `fix`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The file.
    #[serde(flatten)]
    pub file: FileName,
    /// The game, from 1, in its file.
    pub game: usize,
    /// Where the replaced text starts: 1-based line and character column.
    pub line: usize,
    /// See `line`.
    pub column: usize,
    /// The text replaced.
    pub old: String,
    /// What replaced it.
    pub new: String,
}

/// The last line of `check --fix --format jsonl`: how many games were fixed, how many of them
/// were written, how many are still invalid and the errors left.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixSummaryLine {
    /// Always `fix-summary`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Games corrected: each has a `fix` line per fix.
    pub fixed: usize,
    /// The games of `fixed` whose corrections were written, in a file the run rewrote or on
    /// standard output: fewer than `fixed` when the run changed no file.
    pub written: usize,
    /// Games still invalid.
    pub left: usize,
    /// The errors left, each a diagnostic line: those of the games still invalid and those of
    /// no game (game 0).
    pub errors: usize,
}

/// A line of `check --fix --format jsonl` for an input read with `--encoding auto` that is not
/// UTF-8 from `line` on, and was read as Windows-1252 from there: what `check` says on standard
/// error as a warning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncodingSwitchLine {
    /// Always `encoding-switch`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The file.
    #[serde(flatten)]
    pub file: FileName,
    /// The 1-based line from which the input was read as Windows-1252.
    pub line: u64,
}

/// A line of `moves --format jsonl`: one position and its legal turns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovesLine {
    /// The file the game was read from (`<stdin>` for standard input); null for a position
    /// string.
    pub file: Option<String>,
    /// The file's bytes, when its name is not UTF-8 (see [`FileName`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_bytes: Option<Vec<u8>>,
    /// The game, from 1, in its file; null for a position string.
    pub game: Option<usize>,
    /// The turns played before this position: 0 for the start (or the position string).
    pub turn: usize,
    /// The canonical text of the rules.
    pub rules: String,
    /// The position string.
    pub position: String,
    /// The side to move.
    pub to_move: Side,
    /// `placement` or `movement`.
    pub phase: String,
    /// How the game ended by rule, when it has (then there is no legal turn).
    pub outcome: Option<OutcomeObject>,
    /// The number of legal turns.
    pub count: usize,
    /// The legal turns in the notation, with their captures; null with `--count`.
    pub turns: Option<Vec<String>>,
}

impl MovesLine {
    /// The line of `state`, the position after `turn` turns of `game` in `file` (both `None`
    /// for a position string), whose legal turns are `turns`; `with_turns` false lists only
    /// their number.
    pub fn new(
        at: Option<(&FileName, usize)>,
        turn: usize,
        state: &crate::GameState,
        turns: &[crate::Ply],
        with_turns: bool,
    ) -> MovesLine {
        let pos = state.position();
        MovesLine {
            file: at.map(|(f, _)| f.file.clone()),
            file_bytes: at.and_then(|(f, _)| f.file_bytes.clone()),
            game: at.map(|(_, g)| g),
            turn,
            rules: pos.rules().to_string(),
            position: state.setup().to_string(),
            to_move: state.to_move().into(),
            phase: state.phase().as_str().to_owned(),
            outcome: state.outcome().map(|o| OutcomeObject {
                termination: o.termination.as_str().into(),
                winner: o.winner.map(Side::from),
            }),
            count: turns.len(),
            turns: with_turns.then(|| turns.iter().map(ToString::to_string).collect()),
        }
    }
}
