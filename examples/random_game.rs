//! Plays a random game of standard Seega from the start and prints it in the notation.
//!
//!     cargo run --example random_game -- 42

use seega::{GameState, Ruleset};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    // xorshift64*: enough randomness for a game, no dependency.
    let mut below = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    };
    let mut game = GameState::new(Ruleset::parse("standard").expect("a preset"));
    let mut moves = String::new();
    while !game.is_over() && game.turns_played() < 200 {
        let turns = game.legal_turns();
        let turn = &turns[below(turns.len())];
        let played = game.play(turn).expect("a listed turn is legal");
        // The turn just played, numbered as the notation numbers it: `n.` before the first of
        // each pair.
        if let (number, false) = seega::move_number_of_turn(game.turns_played()) {
            moves.push_str(&format!("{number}. "));
        }
        moves.push_str(&format!("{played} "));
    }
    let result = game.outcome().map_or("*", |o| o.result_token());
    println!("[Rules \"standard\"]\n[Result \"{result}\"]\n\n{moves}{result}");
}
