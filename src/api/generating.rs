//! Random games as `seega generate` writes them.

use crate::tools::generate::{GenOptions, Generator};

/// Games 1 to `games` that `seega generate` writes for `options` (its `--seed`, `--rules`,
/// `--invalid-rate` and `--max-turns`): the same bytes, each game followed by a blank line.
///
/// ```
/// use seega::GenOptions;
///
/// let options = GenOptions::default().seed(7);
/// let text = seega::generate(&options, 3);
/// assert_eq!(text.matches("[Rules \"standard\"]").count(), 3);
/// assert_eq!(text, seega::generate(&options, 3)); // the same seed, the same games
/// ```
pub fn generate(options: &GenOptions, games: u64) -> String {
    let mut generator = Generator::new(options.clone());
    let mut out = String::new();
    for index in 1..=games {
        generator.write_game(index, &mut out);
    }
    out
}
