//! `seega moves`: the legal turns of a position, or of every position of a game, or their
//! number, as the library lists them ([`GameState::legal_turns`]).

use std::io::Write;

use seega::Encoding;
use seega::Ruleset;
use seega::render::terminal;
use seega::render::wire::{FileName, MovesLine};
use seega::validate::{Options, Verdict, check_game};
use seega::{GameState, Ply};

use super::args::{MovesArgs, MovesFormat};
use super::inputs::Input;
use super::pick::{self, When};
use super::stdio::stdout_closed;
use super::{Exit, note};

/// What `seega moves` runs with.
pub struct Config {
    /// The archive read: the path given, or standard input for `-` or none.
    input: Input,
    /// The position string whose turns are listed instead of a game's.
    position: Option<String>,
    /// The game, from 1.
    game: usize,
    when: When,
    /// The rules of a game without a Rules tag, and of the position string.
    rules: Ruleset,
    /// Whether `rules` applies to a game whatever its Rules tag says.
    force_rules: bool,
    /// Whether `--rules` was given without `--force-rules` (see [`super::rules_note`]).
    rules_given: bool,
    encoding: Encoding,
    /// Only the number of turns of each position.
    count: bool,
    format: MovesFormat,
}

impl Config {
    /// The configuration `args` ask for.
    pub fn new(args: &MovesArgs) -> Config {
        Config {
            input: pick::input(&args.at),
            position: args.setup.position.clone(),
            game: args.at.game(),
            when: When::of(&args.at, false),
            rules: args.setup.ruleset(),
            force_rules: args.setup.force_rules,
            rules_given: args.setup.may_lose_to_tags(),
            encoding: args.encoding.encoding,
            count: args.count,
            format: args.format,
        }
    }
}

/// Runs `seega moves`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    match &config.position {
        Some(text) => {
            let Some(state) = pick::setup(config.rules, text) else {
                return Ok(Exit::Trouble);
            };
            Printer { config, at: None }.position(0, &state, false, out)?;
            Ok(Exit::Valid)
        }
        None => pick::with_game(&config.input, config.encoding, config.game, |game| {
            let opts = Options::default()
                .default_rules(config.rules)
                .record(false)
                .auto_rules(false)
                .force_rules(config.force_rules);
            let verdict = check_game(game, &opts);
            super::rules_note_of_the_game(config.rules_given && opts.tag_overrode(game, &verdict));
            let heading = pick::title(game, config.game);
            let states = GameState::replay_states(game, &verdict);
            let Some(last) = states.len().checked_sub(1) else {
                pick::cannot_set_up(&heading, &verdict);
                return Ok(Exit::Invalid);
            };
            let Some(wanted) = config.when.positions(last, &heading) else {
                return Ok(Exit::Trouble);
            };
            let name = config.input.json_name();
            let printer = Printer {
                config,
                at: Some((&name, config.game)),
            };
            let headed = matches!(config.when, When::All);
            for k in wanted {
                if stdout_closed() {
                    break;
                }
                printer.position(k, &states[k], headed, out)?;
            }
            invalid_notes(&heading, &verdict, last);
            Ok(Exit::Valid)
        })
        .unwrap_or(Ok(Exit::Trouble)),
    }
}

/// Writes positions as the configuration asks.
struct Printer<'a> {
    config: &'a Config,
    /// The file and game the positions are of; `None` for a position string.
    at: Option<(&'a FileName, usize)>,
}

impl Printer<'_> {
    /// Writes the position after `k` turns, `state`; `headed`: text turns come after a line
    /// that names the position.
    fn position(
        &self,
        k: usize,
        state: &GameState,
        headed: bool,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let turns = state.legal_turns();
        match self.config.format {
            MovesFormat::Jsonl => {
                let line = MovesLine::new(self.at, k, state, &turns, !self.config.count);
                seega::render::json_text::to_writer(&mut *out, &line)?;
                writeln!(out)
            }
            MovesFormat::Human if self.config.count => {
                if !headed {
                    over_note(state);
                }
                writeln!(out, "{}", turns.len())
            }
            MovesFormat::Human => {
                if headed {
                    writeln!(out, "{}", header(k, state, &turns))?;
                } else {
                    over_note(state);
                }
                let indent = if headed { "  " } else { "" };
                for t in &turns {
                    writeln!(out, "{indent}{t}")?;
                }
                Ok(())
            }
        }
    }
}

/// `start (5/5/5/5/5 b 12/12): 276 legal turns`, `after turn 7 (… w): 0 legal turns, the game
/// ended by capture-all (0-1)`.
fn header(k: usize, state: &GameState, turns: &[Ply]) -> String {
    let when = if k == 0 {
        "start".to_owned()
    } else {
        format!("after turn {k}")
    };
    let n = turns.len();
    let mut line = format!(
        "{when} ({}): {n} legal {}",
        state.setup(),
        if n == 1 { "turn" } else { "turns" }
    );
    if let Some(o) = state.outcome() {
        line.push_str(&format!(
            ", the game ended by {} ({})",
            o.termination.as_str(),
            o.result_token()
        ));
    }
    line
}

/// Says on standard error why a position listed alone has no turn: the game is over.
fn over_note(state: &GameState) {
    if let Some(o) = state.outcome() {
        note(format_args!(
            "no legal turn: the game ended by {} ({})",
            o.termination.as_str(),
            o.result_token()
        ));
    }
}

/// Notes on standard error for an invalid game: its first error, and where its positions stop
/// (after `last`, the last legal turn).
fn invalid_notes(heading: &str, verdict: &Verdict, last: usize) {
    let Some(p) = verdict.problems.iter().find(|p| p.is_error()) else {
        return;
    };
    note(format_args!(
        "{heading} is invalid ({}): {}",
        p.code,
        terminal::escape(&p.message())
    ));
    if verdict.unchecked > 0 {
        note(format_args!(
            "its positions stop after turn {last}, the last legal one"
        ));
    }
}
