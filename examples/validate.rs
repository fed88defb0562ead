//! Checks every game of an archive and prints its problems; exits 1 when a game is invalid.
//!
//!     cargo run --example validate -- samples/standard.sgn

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: validate ARCHIVE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let (mut games, mut invalid) = (0, 0);
    for (i, game) in seega::parse(&text).enumerate() {
        let verdict = seega::check_game(&game, &seega::Options::default());
        for p in &verdict.problems {
            println!("{path}: game {}: {}: {}", i + 1, p.code, p.message());
        }
        games += 1;
        invalid += usize::from(!verdict.is_valid());
    }
    println!("{games} games, {invalid} invalid");
    if invalid > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
