//! Ludii trial files (`spec/ludii.md`): a record of one game of Ludii's `Seega.lud` read and
//! replayed on the referee under the ludii rules, held to every capture and legal move count
//! Ludii lists, and written as a game of the notation.
//!
//! - [`parse`](self): the trial's lines and the fields of its moves, with spans;
//! - [`import`](self): the moves replayed, captures and counts compared, the end held to the
//!   winner.
//!
//! ```
//! let trial = "game=/lud/board/war/custodial/Seega.lud\n\
//!     Move=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\n\
//!     Move=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\n\
//!     Move=[Move:mover=1,from=25,to=0,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=0,decision=true],[SetNextPlayer:player=1]]\n\
//!     Move=[Move:mover=1,from=25,to=1,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=1,decision=true]]\n\
//!     LEGAL MOVES LIST SIZE = 24\n\
//!     LEGAL MOVES LIST SIZE = 23\n\
//!     numInitialPlacementMoves=2\n";
//! use seega::tools::ludii::{CheckedTrial, Import, RULES, check, import, is_trial, rules_text};
//!
//! assert!(is_trial(trial.as_bytes()) && !is_trial(b"1. a1,b1 *\n"));
//! let imported: Import = import(trial);
//! assert!(imported.problems.is_empty() && !imported.has_error());
//! assert!(imported.game.unwrap().ends_with("1. a1,b1 *\n"));
//! assert_eq!((RULES, rules_text(seega::Size::new(5).unwrap())), ("ludii", "ludii".to_owned()));
//!
//! let checked: CheckedTrial = check(trial);
//! assert!(checked.is_valid());
//! let mut summary = seega::render::wire::SummaryLine::default();
//! checked.count_into(&mut summary);
//! assert_eq!((summary.games, summary.valid), (1, 1));
//! ```
//!
//! # Inside
//!
//! Ludii trial files (`spec/ludii.md`): `parse` reads the lines (game, options, `Move=` lines with
//! their fields and actions, counts, winner, end type, version) with their spans and words the
//! malformed ones; `import` finds the board, checks the moves that fill the hands, replays every
//! other move on a `GameState` (two placements of one player as one turn), compares Ludii's
//! removals with the captures the engine makes and each legal move count with one counted from
//! `GameState::legal_turns`, and holds the winner to the outcome; `mod.rs` writes the game through
//! the canonical writer (`import`) and places the problems of its own check at the trial's lines
//! (`check`), and tells a trial by its first bytes (`is_trial`, the sniffing of `convert` and
//! `check`).

mod import;
mod parse;

use crate::engine::{Ruleset, Size};
use crate::notation::writer::Doc;
use crate::notation::{LineIndex, Span};
use crate::validate::{Code, Options, Problem, check_game_at};

/// The rules every imported game is played under, without its size: Ludii's Seega
/// (`spec/rules.md`, the `ludii` preset).
pub const RULES: &str = "ludii";

/// The `Rules` tag of a trial on a board of `size`: `ludii`, `ludii size=7`, `ludii size=9`.
pub fn rules_text(size: Size) -> String {
    if size == Size::FIVE {
        RULES.to_owned()
    } else {
        format!("{RULES} size={size}")
    }
}

/// A trial read and replayed.
#[derive(Debug, Clone)]
pub struct Import {
    /// The game in canonical notation, when the import found no error.
    pub game: Option<String>,
    /// What the import found, with spans in the trial's text, as game 1.
    pub problems: Vec<Problem>,
    /// For each turn of the game, the line of the trial that holds its (first) Ludii move.
    pub turn_lines: Vec<Span>,
    /// The line that ends the record: the winner, else the end type, else the last line.
    pub end_line: Span,
}

impl Import {
    /// Whether the import found an error (warnings aside).
    pub fn has_error(&self) -> bool {
        self.problems.iter().any(Problem::is_error)
    }
}

/// Reads the trial `text` and replays it under the ludii rules; never panics, whatever the
/// text.
pub fn import(text: &str) -> Import {
    let mut found = Vec::new();
    let trial = parse::read(text, &mut found);
    let end_line = trial
        .winner
        .map(|w| w.line)
        .or(trial.endtype.map(|e| e.line))
        .unwrap_or(trial.last_line);
    let mut turn_lines = Vec::new();
    let mut game = None;
    // A line not read leaves the record incomplete: the moves are not replayed.
    let read = !found.iter().any(|f| !f.code.is_warning());
    if let Some(size) = import::board(&trial, &mut found).filter(|_| read) {
        match Ruleset::parse(&rules_text(size)) {
            Ok(rules) => {
                if let Some(turns) = import::replay(&trial, rules, &mut found) {
                    game = Some(write(&trial, size, turns.turns, turns.result));
                    turn_lines = turns.lines;
                }
            }
            // Only until the preset exists: the rules string is the library's own.
            Err(e) => found.push(Found::at(
                Code::LudiiUnsupported,
                Span::new(0, 0),
                e.to_string(),
                "This build of seega has no ludii rules.".into(),
            )),
        }
    }
    found.sort_by_key(|f| (f.span.start, f.span.end));
    let problems: Vec<Problem> = found.into_iter().map(Found::problem).collect();
    let game = game.filter(|_| !problems.iter().any(Problem::is_error));
    Import {
        game,
        problems,
        turn_lines,
        end_line,
    }
}

/// The game's text: the tags, then the turns and the result.
fn write(
    trial: &parse::Trial<'_>,
    size: Size,
    turns: Vec<crate::notation::writer::DocTurn>,
    result: crate::notation::GameResult,
) -> String {
    let source = match trial.version {
        Some(v) => format!("Ludii {}", v.text.trim()),
        None => "Ludii".to_owned(),
    };
    let mut headers = vec![
        ("Result", result.as_str().to_owned()),
        ("Rules", rules_text(size)),
        ("Source", source),
    ];
    if let Some(e) = trial.endtype {
        headers.push(("LudiiEnd", e.text.trim().to_owned()));
    }
    Doc::plain(headers, turns, result).text()
}

/// A trial checked: the import's problems and, when it found no error, those of the imported
/// game's own check, each placed in the trial's text.
#[derive(Debug, Clone)]
pub struct CheckedTrial {
    /// The import.
    pub import: Import,
    /// Every problem, in the trial's text, as game 1.
    pub problems: Vec<Problem>,
}

impl CheckedTrial {
    /// Whether the trial gives a valid game: no error from the import or the game's check.
    pub fn is_valid(&self) -> bool {
        self.import.game.is_some() && !self.problems.iter().any(Problem::is_error)
    }

    /// Counts the trial into `summary` as one game, as `check` counts it.
    pub fn count_into(&self, summary: &mut crate::render::wire::SummaryLine) {
        let errors = self.problems.iter().filter(|p| p.is_error()).count();
        summary.games += 1;
        summary.valid += usize::from(self.is_valid());
        summary.invalid += usize::from(!self.is_valid());
        summary.errors += errors;
        summary.warnings += self.problems.len() - errors;
    }
}

/// What `seega check` says of a trial: [`import`](fn@import), then the imported game checked as
/// any game is, its problems placed at the line of their turn's move (or at the end of the
/// record).
pub fn check(text: &str) -> CheckedTrial {
    let import = import(text);
    let mut problems = import.problems.clone();
    if let Some(game_text) = &import.game {
        for game in crate::notation::Scanner::new(game_text, &[]) {
            let verdict = check_game_at(&game, 1, &Options::default());
            let lines = LineIndex::new(game_text);
            for mut p in verdict.problems {
                let at = p
                    .turn
                    .and_then(|t| usize::try_from(t).ok())
                    .and_then(|t| import.turn_lines.get(t.checked_sub(1)?).copied());
                let written = lines.line_col(game_text, p.span.start);
                p.add_help(&format!(
                    " (In the imported game, line {} column {}.)",
                    written.line, written.column
                ));
                p.span = at.unwrap_or(import.end_line);
                p.also = None;
                p.fix = None;
                problems.push(p);
            }
        }
    }
    CheckedTrial { import, problems }
}

/// Whether `bytes` look like a Ludii trial: the first line that holds anything starts with
/// `game=`, and a line starts with `Move=`.
pub fn is_trial(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace());
    let Some(rest) = start.map(|s| &bytes[s..]) else {
        return false;
    };
    rest.starts_with(b"game=")
        && (memchr::memmem::find(rest, b"\nMove=").is_some()
            || memchr::memmem::find(rest, b"\rMove=").is_some())
}

/// A problem found in a trial, worded when found.
#[derive(Debug, Clone)]
struct Found {
    code: Code,
    span: Span,
    message: String,
    help: String,
    turn: Option<u64>,
    also: Option<(Span, String)>,
}

impl Found {
    fn at(code: Code, span: Span, message: String, help: String) -> Found {
        Found {
            code,
            span,
            message,
            help,
            turn: None,
            also: None,
        }
    }

    /// About turn `turn` of the game.
    fn turn(self, turn: u64) -> Found {
        Found {
            turn: Some(turn),
            ..self
        }
    }

    /// With a second place shown, labelled.
    fn also(self, span: Span, label: String) -> Found {
        Found {
            also: Some((span, label)),
            ..self
        }
    }

    fn problem(self) -> Problem {
        let mut p = Problem::worded(
            self.code,
            self.span,
            (self.message, self.help),
            1,
            self.turn,
        );
        p.also = self.also;
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing_wants_game_first_and_a_move_line() {
        assert!(is_trial(
            b"\xEF\xBB\xBF\n  game=Seega.lud\nMove=[Move:mover=0]\n"
        ));
        assert!(is_trial(b"game=x\r\nMove="));
        assert!(!is_trial(b"game=x\n"));
        assert!(!is_trial(b"[Event \"game=\"]\nMove=\n"));
        assert!(!is_trial(b""));
    }
}
