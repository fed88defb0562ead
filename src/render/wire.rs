//! JSON wire types for `check --format jsonl`. Field names are part of the contract.

use serde::{Deserialize, Serialize};

use crate::notation::LineIndex;
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
    /// The file as named on the command line (`-` for stdin).
    pub file: String,
    /// The game, from 1.
    pub game: usize,
    /// The turn, from 1, when the problem is about a turn.
    pub turn: Option<u64>,
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
    /// The wire form of `p`, found in `file` whose text is `text`.
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
            message: p.message.clone(),
            help: p.help.clone(),
            file: file.into(),
            game: p.game,
            turn: p.turn,
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
        }
    }
}

/// A line of `check --format jsonl` for an input that could not be read (a missing file, a
/// read error part way): the run goes on with the other inputs and exits 2.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InputErrorLine {
    /// Always `input-error`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The input as named on the command line (`-` for stdin).
    pub file: String,
    /// What went wrong, as the message on standard error says it.
    pub message: String,
}

impl InputErrorLine {
    /// The line for `file`, which could not be read because of `message`.
    pub fn new(file: &str, message: String) -> InputErrorLine {
        InputErrorLine {
            kind: "input-error".into(),
            file: file.into(),
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
