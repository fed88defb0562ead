//! Random games for benchmarks, fuzz seeds and training data, deterministic for a seed.
//!
//! Every turn is played by the engine, so an unmutated game is legal by construction. With
//! probability [`GenOptions::invalid_rate`] one turn of a game is replaced by a turn that the
//! engine refuses for certain (a placement on the centre, a diagonal step, a placement in the
//! movement phase, ...), which makes the game invalid from that turn on.
//!
//! Game `i` (from 1) is drawn from its own generator seeded by the seed and `i`, so a game does
//! not depend on the games before it.
//!
//! With [`GenOptions::variations`] a main-line turn is followed, with that probability, by a
//! variation (module `variations`): one to three legal turns from the position before that
//! turn, drawn from a second generator of the game's, so that the main line and the tags are the
//! same with and without variations. A game drawn to be invalid then gets its illegal turn in
//! one of its variations instead of the main line, one time in two when it has any.
//!
//! ```
//! use seega::tools::generate::{GenOptions, Generator, SplitMix64};
//!
//! let mut generator = Generator::new(GenOptions::default().seed(3).invalid_rate(1.0));
//! let mut text = String::new();
//! assert!(generator.write_game(1, &mut text)); // mutated: every game is invalid at rate 1
//! let game = seega::parse(&text).next().unwrap();
//! assert!(!seega::replay(&game).is_valid());
//!
//! // The same seed draws the same numbers on every platform.
//! let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(6) < 6);
//! ```
//!
//! # Inside
//!
//! random games played by the engine (`SplitMix64`, `Generator`), with optional single-turn
//! mutations that the engine refuses for certain.

use std::fmt::Write as _;

use crate::engine::kernel::{Board, with_board};
use crate::engine::referee::{Referee, move_number_of_turn};
use crate::engine::{Bitboard, DIRECTIONS, Phase, Position, Ruleset, Square};

/// SplitMix64: a small, fast, well-mixed generator (Steele, Lea and Flood, 2014).
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by Lemire's multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in `[0, 1)`.
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// What to generate: [`GenOptions::default`] (seed 0, `standard` games, all valid, 60 movement
/// turns at most), changed field by field.
///
/// ```
/// use seega::GenOptions;
///
/// let opts = GenOptions::default().seed(7).invalid_rate(0.5).max_turns(20);
/// assert_eq!((opts.seed, opts.max_turns, opts.rules.len()), (7, 20, 1));
/// let archive = seega::generate(&opts, 3);
/// assert_eq!(seega::parse(&archive).count(), 3);
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct GenOptions {
    /// The seed.
    pub seed: u64,
    /// Rulesets to draw from, one per game, uniformly.
    pub rules: Vec<Ruleset>,
    /// Probability that a game gets one illegal turn.
    pub invalid_rate: f64,
    /// Movement turns after which a game stops with the result `*`.
    pub max_turns: u32,
    /// Probability that a main-line turn is followed by a variation (module `variations`).
    pub variations: f64,
}

impl GenOptions {
    /// These options with the seed `seed`.
    #[must_use]
    pub fn seed(mut self, seed: u64) -> GenOptions {
        self.seed = seed;
        self
    }

    /// These options drawing each game's rules from `rules`.
    #[must_use]
    pub fn rules(mut self, rules: Vec<Ruleset>) -> GenOptions {
        self.rules = rules;
        self
    }

    /// These options giving a game one illegal turn with probability `rate`.
    #[must_use]
    pub fn invalid_rate(mut self, rate: f64) -> GenOptions {
        self.invalid_rate = rate;
        self
    }

    /// These options following each main-line turn by a variation with probability `rate`.
    ///
    /// ```
    /// let opts = seega::GenOptions::default().seed(2).variations(0.5);
    /// let archive = seega::generate(&opts, 4);
    /// assert!(archive.contains(" ("));
    /// ```
    #[must_use]
    pub fn variations(mut self, rate: f64) -> GenOptions {
        self.variations = rate;
        self
    }

    /// These options stopping a game with `*` after `turns` movement turns.
    #[must_use]
    pub fn max_turns(mut self, turns: u32) -> GenOptions {
        self.max_turns = turns;
        self
    }
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            seed: 0,
            rules: vec![Ruleset::preset("standard").unwrap_or(crate::engine::PRESETS[0].1)],
            invalid_rate: 0.0,
            max_turns: 60,
            variations: 0.0,
        }
    }
}

const NAMES: [&str; 16] = [
    "Aïcha", "Ahmad", "Kofi", "Mona", "Nour", "Zaynab", "Ḥusayn", "Lane", "Murray", "Yusuf",
    "Amina", "Omar", "Fatima", "Karim", "Salma", "Tariq",
];
const EVENTS: [&str; 6] = [
    "Club night",
    "Cairo open",
    "Festival ḥafla",
    "Test",
    "Village cup",
    "Training",
];
const SITES: [&str; 6] = ["Cairo", "Tunis", "Asyut", "Paris", "Luxor", "?"];

/// Writes games one after the other into a byte buffer.
#[derive(Debug)]
pub struct Generator {
    opts: GenOptions,
    names: Vec<String>,
    turns: Vec<(usize, usize, Position)>,
}

impl Generator {
    /// A generator for `opts`.
    pub fn new(opts: GenOptions) -> Generator {
        let names = opts.rules.iter().map(|r| r.to_string()).collect();
        Generator {
            opts,
            names,
            turns: Vec::new(),
        }
    }

    /// Appends game `index` (from 1) to `out`, followed by a blank line. Returns whether the
    /// game was mutated to be invalid (in its main line or in a variation).
    pub fn write_game(&mut self, index: u64, out: &mut String) -> bool {
        let game_seed = self.opts.seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let mut rng = SplitMix64::new(game_seed);
        rng.next_u64();
        let mut side = (self.opts.variations > 0.0)
            .then(|| Sidelines::new(game_seed ^ 0x5EC0_11DE_5EC0_11DE, self.opts.variations));
        let which = if self.opts.rules.len() > 1 {
            rng.below(self.opts.rules.len())
        } else {
            0
        };
        let rules = match self.opts.rules.get(which) {
            Some(r) => *r,
            None => return false,
        };
        let mutate = self.opts.invalid_rate > 0.0 && rng.unit() < self.opts.invalid_rate;
        let mut moves = String::with_capacity(1024);
        self.turns.clear();
        let result = random_game(
            &rules,
            &mut rng,
            self.opts.max_turns,
            &mut moves,
            &mut self.turns,
            side.as_mut(),
        );
        if mutate && side.as_mut().is_some_and(|s| s.mutate(&mut moves)) {
            // The illegal turn went into a variation.
        } else if mutate && !self.turns.is_empty() {
            let k = rng.below(self.turns.len());
            let (start, end, ref before) = self.turns[k];
            let bad = mutation(before, &mut rng);
            moves.replace_range(start..end, &bad);
        }
        let b = rng.below(NAMES.len());
        let (black, white) = (
            NAMES[b],
            NAMES[(b + 1 + rng.below(NAMES.len() - 1)) % NAMES.len()],
        );
        let _ = write!(
            out,
            "[Event \"{}\"]\n[Site \"{}\"]\n[Date \"{}.{:02}.{:02}\"]\n[Black \"{black}\"]\n[White \"{white}\"]\n[Result \"{result}\"]\n[Rules \"{}\"]\n\n",
            EVENTS[rng.below(EVENTS.len())],
            SITES[rng.below(SITES.len())],
            1950 + rng.below(75),
            1 + rng.below(12),
            1 + rng.below(28),
            self.names[which],
        );
        wrap_into(&moves, out);
        out.push(' ');
        out.push_str(result);
        out.push_str("\n\n");
        mutate && !self.turns.is_empty()
    }
}

/// Appends `moves` to `out`, breaking lines before 80 columns.
fn wrap_into(moves: &str, out: &mut String) {
    let mut col = 0;
    for (i, word) in moves.split(' ').filter(|w| !w.is_empty()).enumerate() {
        if i > 0 {
            if col + 1 + word.len() > 79 {
                out.push('\n');
                col = 0;
            } else {
                out.push(' ');
                col += 1;
            }
        }
        out.push_str(word);
        col += word.chars().count();
    }
}

/// Plays a random legal game, writing its movetext into `moves` and each turn's text range and
/// prior position into `turns`; returns the result token.
fn random_game(
    rules: &Ruleset,
    rng: &mut SplitMix64,
    max_turns: u32,
    moves: &mut String,
    turns: &mut Vec<(usize, usize, Position)>,
    side: Option<&mut Sidelines>,
) -> &'static str {
    let start = Position::new(*rules);
    with_board!(rules.size, B => {
        let game = RandomGame {
            referee: Referee::<B>::of(&start),
            rng,
            moves,
            turns,
            side,
        };
        game.play(max_turns)
    })
}

/// A random game under way: the referee judges each turn drawn, and ends the game.
struct RandomGame<'g, B: Board> {
    referee: Referee<B>,
    rng: &'g mut SplitMix64,
    moves: &'g mut String,
    turns: &'g mut Vec<(usize, usize, Position)>,
    /// The variations' generator and turns, in the main line of a game that has variations.
    side: Option<&'g mut Sidelines>,
}

impl<B: Board> RandomGame<'_, B> {
    /// Plays turns until the game ends or `max_turns` movement turns were played; returns the
    /// result token.
    fn play(mut self, max_turns: u32) -> &'static str {
        let mut movement_turns = 0;
        let mut path: Vec<(Square, Bitboard)> = Vec::with_capacity(16);
        let mut after_variation = false;
        loop {
            let number_start = self.moves.len();
            let (number, second) = move_number_of_turn(self.referee.number());
            if !second {
                let _ = write!(self.moves, "{number}. ");
            } else if after_variation {
                let _ = write!(self.moves, "{number}... ");
            }
            // The position the variation after this turn, if one is drawn, starts from.
            let branch = (self.side.as_mut())
                .is_some_and(|s| s.draw())
                .then(|| self.referee.clone());
            let before = self.referee.position();
            let start = self.moves.len();
            let played = if !self.referee.in_movement() {
                self.place(&before)
            } else if movement_turns >= max_turns {
                self.moves.truncate(number_start);
                return "*";
            } else {
                movement_turns += 1;
                self.movement(&before, &mut path)
            };
            if played.is_none() {
                return "*";
            }
            self.turns.push((start, self.moves.len(), before));
            after_variation = match (branch, self.side.as_mut()) {
                (Some(referee), Some(side)) => {
                    variations::write(side.line(referee, self.moves), 1);
                    true
                }
                _ => false,
            };
            self.moves.push(' ');
            if let Some(o) = self.referee.outcome() {
                return o.result_token();
            }
        }
    }

    /// Plays and writes a random placement from `before`, the referee's position.
    fn place(&mut self, before: &Position) -> Option<()> {
        let (a, b) = random_placement(before, self.rng);
        self.referee.place(a, b).ok()?;
        push_square(self.moves, a);
        self.moves.push(',');
        push_square(self.moves, b);
        Some(())
    }

    /// Plays and writes a random movement turn from `before`, the referee's position, or a pass
    /// when there is none.
    fn movement(&mut self, before: &Position, path: &mut Vec<(Square, Bitboard)>) -> Option<()> {
        let referee = self.referee.clone();
        let opens = |after: &Position| referee.gives_opening(after);
        let Some(from) = random_turn(before, &opens, self.rng, path) else {
            self.referee.pass().ok()?;
            self.moves.push_str("--");
            return Some(());
        };
        let mut mv = self.referee.begin_move(from).ok()?;
        let mut any = false;
        for &(to, caps) in path.iter() {
            self.referee.step(&mut mv, to).ok()?;
            any |= !caps.is_empty();
        }
        self.referee.end_move(mv, any).ok()?;
        push_square(self.moves, from);
        for (to, caps) in path.iter() {
            self.moves.push('-');
            push_square(self.moves, *to);
            for c in caps.squares() {
                self.moves.push('x');
                push_square(self.moves, c);
            }
        }
        Some(())
    }
}

mod variations;
use variations::Sidelines;

/// Writes a square's name.
fn push_square(out: &mut String, sq: Square) {
    out.push((b'a' + sq.file()) as char);
    out.push((b'1' + sq.rank()) as char);
}

/// Two distinct empty squares other than the centre.
fn random_placement(pos: &Position, rng: &mut SplitMix64) -> (Square, Square) {
    let mut free = pos.empty();
    free.remove(pos.size().centre());
    let a = nth(free, rng.below(free.count().max(1) as usize));
    free.remove(a);
    let b = nth(free, rng.below(free.count().max(1) as usize));
    (a, b)
}

/// The `k`-th square of `bb` (the first when out of range).
fn nth(bb: Bitboard, k: usize) -> Square {
    let mut it = bb.squares();
    let first = bb.squares().next().unwrap_or(Square::new(0, 0));
    it.nth(k).unwrap_or(first)
}

/// A random legal movement turn: its starting square, with the steps and their captures in
/// `path`. `None` when the side to move has no step (it passes). Only turns that the referee's
/// `opens` lets follow the turn before (R12) count.
fn random_turn(
    pos: &Position,
    opens: &dyn Fn(&Position) -> bool,
    rng: &mut SplitMix64,
    path: &mut Vec<(Square, Bitboard)>,
) -> Option<Square> {
    if !pos.has_step() {
        return None;
    }
    for _ in 0..32 {
        if let Some((after, from)) = try_random_turn(pos, rng, path) {
            if opens(&after) {
                return Some(from);
            }
        }
    }
    // Rejection failed often: enumerate and pick uniformly among the acceptable turns.
    let mut seen = 0usize;
    let mut pick: Option<Vec<Square>> = None;
    pos.for_each_turn(&mut |after, squares| {
        if !squares.is_empty() && opens(after) {
            seen += 1;
            if rng.below(seen) == 0 {
                pick = Some(squares.to_vec());
            }
        }
        true
    });
    let squares = pick?;
    // Recompute the captures of each step along the path.
    path.clear();
    let mut p = pos.clone();
    let mut mv = p.begin_move(squares[0]).ok()?;
    for &to in &squares[1..] {
        let caps = p.step(&mut mv, to).ok()?;
        path.push((to, caps));
    }
    Some(squares[0])
}

/// One attempt at a random turn: a random piece, random steps while the rules let it go on.
fn try_random_turn(
    pos: &Position,
    rng: &mut SplitMix64,
    path: &mut Vec<(Square, Bitboard)>,
) -> Option<(Position, Square)> {
    let size = pos.size();
    let movable = pos.pieces(pos.to_move()) & pos.empty().spread(size);
    if movable.is_empty() {
        return None;
    }
    let from = nth(movable, rng.below(movable.count() as usize));
    let mut p = pos.clone();
    let mut mv = p.begin_move(from).ok()?;
    path.clear();
    loop {
        let (may, must) = p.continuation(&mv);
        if !may || (!must && mv.steps() > 0 && rng.below(2) == 0) {
            break;
        }
        let d = rng.below(4);
        let mut stepped = false;
        for k in 0..4 {
            let (df, dr) = DIRECTIONS[(d + k) % 4];
            let Some(to) = mv.at().offset(df, dr, size) else {
                continue;
            };
            let mut q = p.clone();
            let mut m = mv;
            if let Ok(caps) = q.step(&mut m, to) {
                p = q;
                mv = m;
                path.push((to, caps));
                stepped = true;
                break;
            }
        }
        if !stepped {
            break;
        }
        if path.len() > 64 {
            break;
        }
    }
    p.end_move(mv).ok()?;
    Some((p, from))
}

/// The text of a turn the engine refuses for certain in `before`.
fn mutation(before: &Position, rng: &mut SplitMix64) -> String {
    let size = before.size();
    let centre = size.centre();
    match before.phase() {
        Phase::Placement => {
            let mut free = before.empty();
            free.remove(centre);
            let other = nth(free, rng.below(free.count().max(1) as usize));
            match rng.below(3) {
                0 => format!("{centre},{other}"),
                1 => format!("{other},{other}"),
                _ => match before.occupied().squares().next() {
                    Some(taken) => format!("{other},{taken}"),
                    None => format!("{other},{centre}"),
                },
            }
        }
        Phase::Movement => {
            let mine = before.pieces(before.to_move());
            let Some(from) = mine.squares().nth(rng.below(mine.count().max(1) as usize)) else {
                return "a1,a2".to_owned();
            };
            match rng.below(3) {
                0 => "a1,a2".to_owned(),
                1 => {
                    let theirs = before.pieces(before.to_move().other());
                    match theirs.squares().next() {
                        Some(enemy) => {
                            let to = enemy.neighbours(size).next().unwrap_or(centre);
                            format!("{enemy}-{to}")
                        }
                        None => "a1,a2".to_owned(),
                    }
                }
                _ => {
                    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
                        .into_iter()
                        .find_map(|(df, dr)| from.offset(df, dr, size));
                    match diag {
                        Some(to) => format!("{from}-{to}"),
                        None => "a1,a2".to_owned(),
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range() {
        let mut r = SplitMix64::new(7);
        for n in 1..50 {
            assert!(r.below(n) < n);
        }
    }
}
