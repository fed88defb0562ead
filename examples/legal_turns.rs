//! Lists the legal turns of a position string, one a line, under a ruleset (standard by
//! default, on the board size the string has).
//!
//!     cargo run --example legal_turns -- "5/1b3/1w3/5/1b3 b" standard

use std::process::ExitCode;

use seega::{GameState, Ruleset, Setup};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(setup), rules) = (args.next(), args.next()) else {
        eprintln!("usage: legal_turns POSITION [RULES]");
        return ExitCode::from(2);
    };
    let size = setup
        .split_whitespace()
        .next()
        .unwrap_or("")
        .split('/')
        .count();
    let rules = rules.unwrap_or_else(|| format!("standard size={size}"));
    let game = rules
        .parse::<Ruleset>()
        .map_err(|e| e.to_string())
        .and_then(|r| {
            let setup: Setup = setup
                .parse()
                .map_err(|e: seega::SetupError| e.to_string())?;
            GameState::from_setup(r, &setup).map_err(|e| e.to_string())
        });
    match game {
        Ok(game) => {
            for turn in game.position().legal_turns() {
                println!("{turn}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
