//! Counts the pieces each side captured in every game of an archive, without building a syntax
//! tree: a visitor plays each turn on the referee as it is handed over and stops a game at its
//! first turn the rules refuse.
//!
//!     cargo run --example captures -- samples/standard.sgn
//!
//! Prints one line per game, `game N: black B, white W`, with `(stopped at turn T)` when a turn
//! could not be played or read and `(not set up)` when its Rules or Position tag could not be read.

use std::io::Write;
use std::process::ExitCode;

use seega::notation::{SyntaxError, SyntaxKind, Tag, Turn};
use seega::{Color, GameState, Ply, Ruleset, Setup, Skip, Visitor};

/// What one game's visit gives: the captures of black and white, and why it stopped early.
struct Tally {
    black: usize,
    white: usize,
    stop: Option<String>,
}

/// Plays a game's turns as they come; the game is set up from its tags once they are read.
#[derive(Default)]
struct Captures {
    rules: Option<String>,
    position: Option<String>,
    game: Option<GameState>,
    black: usize,
    white: usize,
    turns: u64,
    stop: Option<String>,
    in_moves: bool,
}

/// `text` with its control characters escaped, for a terminal.
fn shown(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl Visitor for Captures {
    type Output = Tally;

    fn tag(&mut self, tag: &Tag<'_>) {
        // The first tag of a name counts, as for `seega check`.
        let slot = match tag.name {
            "Rules" => &mut self.rules,
            "Position" => &mut self.position,
            _ => return,
        };
        slot.get_or_insert_with(|| tag.value.to_string());
    }

    fn end_tags(&mut self) -> Skip {
        self.in_moves = true;
        let rules = match self.rules.as_deref().map(Ruleset::parse) {
            None => Ok(seega::Options::default().default_rules),
            Some(parsed) => parsed.map_err(|e| e.to_string()),
        };
        let game = rules.and_then(|rules| match self.position.as_deref() {
            None => Ok(GameState::new(rules)),
            Some(text) => Setup::parse(text)
                .and_then(|setup| GameState::from_setup(rules, &setup))
                .map_err(|e| e.to_string()),
        });
        match game {
            Ok(game) => self.game = Some(game),
            Err(why) => self.stop = Some(format!("not set up: {why}")),
        }
        // A game that cannot be set up has no captures to count: its movetext is skipped.
        Skip(self.game.is_none())
    }

    fn turn(&mut self, turn: &Turn) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        self.turns += 1;
        // The side to move comes from the referee: after a pass a side may play twice in a row.
        let side = game.to_move();
        match game.play(&Ply::from_turn(turn)) {
            Ok(played) => {
                let count = if side == Color::Black {
                    &mut self.black
                } else {
                    &mut self.white
                };
                *count += played.captures().len();
            }
            Err(e) => {
                self.stop = Some(format!("stopped at its turn {}: {e}", self.turns));
                self.game = None;
            }
        }
    }

    fn syntax_error(&mut self, error: &SyntaxError) {
        // Bad bytes in a comment hide no turn; any other error in the movetext stops the game
        // there, as it stops `seega check`'s replay.
        if self.in_moves && self.game.is_some() && error.kind != SyntaxKind::InvalidUtf8InComment {
            self.stop = Some(format!(
                "stopped after its turn {}: {}",
                self.turns, error.message
            ));
            self.game = None;
        }
    }

    fn end_game(&mut self) -> Tally {
        let done = std::mem::take(self);
        Tally {
            black: done.black,
            white: done.white,
            stop: done.stop,
        }
    }
}

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: captures ARCHIVE");
        return ExitCode::from(2);
    };
    let name = shown(&path.to_string_lossy());
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("cannot read {name}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut reader = seega::GameReader::new(std::io::BufReader::new(file));
    let mut visitor = Captures::default();
    let mut out = std::io::stdout().lock();
    let mut number = 0;
    loop {
        match reader.read_game(&mut visitor) {
            Ok(Some(tally)) => {
                number += 1;
                let stop = tally
                    .stop
                    .map(|s| format!(" ({})", shown(&s)))
                    .unwrap_or_default();
                let line = format!(
                    "game {number}: black {}, white {}{stop}",
                    tally.black, tally.white
                );
                // A closed pipe (`| head`) ends the listing.
                if writeln!(out, "{line}").is_err() {
                    return ExitCode::SUCCESS;
                }
            }
            Ok(None) => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("cannot read {name}: {e}");
                return ExitCode::from(2);
            }
        }
    }
}
