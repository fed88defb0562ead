//! Random games for benchmarks, fuzz seeds and training data, deterministic for a seed.
//!
//! Every turn is played by the engine, so an unmutated game is legal by construction. With
//! probability [`GenOptions::invalid_rate`] one turn of a game is replaced by a turn that the
//! engine refuses for certain (a placement on the centre, a diagonal step, a placement in the
//! movement phase, ...), which makes the game invalid from that turn on.
//!
//! Game `i` (from 1) is drawn from its own generator seeded by the seed and `i`, so a game does
//! not depend on the games before it.

use std::fmt::Write as _;

use crate::engine::{Bitboard, Color, DIRECTIONS, Phase, Position, Ruleset, Square};

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

/// What to generate.
#[derive(Debug, Clone)]
pub struct GenOptions {
    /// The seed.
    pub seed: u64,
    /// Rulesets to draw from, one per game, uniformly.
    pub rules: Vec<Ruleset>,
    /// Probability that a game gets one illegal turn.
    pub invalid_rate: f64,
    /// Movement turns after which a game stops with the result `*`.
    pub max_turns: u32,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            seed: 0,
            rules: vec![Ruleset::preset("standard").unwrap_or(crate::engine::PRESETS[0].1)],
            invalid_rate: 0.0,
            max_turns: 60,
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
    /// game was mutated to be invalid.
    pub fn write_game(&mut self, index: u64, out: &mut String) -> bool {
        let mut rng = SplitMix64::new(self.opts.seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
        rng.next_u64();
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
        let result = play(
            &rules,
            &mut rng,
            self.opts.max_turns,
            &mut moves,
            &mut self.turns,
        );
        if mutate && !self.turns.is_empty() {
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
fn play(
    rules: &Ruleset,
    rng: &mut SplitMix64,
    max_turns: u32,
    moves: &mut String,
    turns: &mut Vec<(usize, usize, Position)>,
) -> &'static str {
    let mut pos = Position::new(*rules);
    let mut number: u64 = 1;
    let mut movement_turns = 0;
    let mut passer: Option<Color> = None;
    let mut path: Vec<(Square, Bitboard)> = Vec::with_capacity(16);
    loop {
        let number_start = moves.len();
        if number % 2 == 1 {
            let _ = write!(moves, "{}. ", number.div_ceil(2));
        }
        let before = pos.clone();
        let start = moves.len();
        let was_pass;
        match pos.phase() {
            Phase::Placement => {
                let (a, b) = random_placement(&pos, rng);
                if pos.place(a, b).is_err() {
                    return "*";
                }
                push_square(moves, a);
                moves.push(',');
                push_square(moves, b);
                was_pass = false;
            }
            Phase::Movement => {
                if movement_turns >= max_turns {
                    moves.truncate(number_start);
                    return "*";
                }
                movement_turns += 1;
                match random_turn(&pos, passer, rng, &mut path) {
                    None => {
                        let _ = pos.pass();
                        moves.push_str("--");
                        was_pass = true;
                    }
                    Some((after, from)) => {
                        pos = after;
                        push_square(moves, from);
                        for (to, caps) in &path {
                            moves.push('-');
                            push_square(moves, *to);
                            for c in caps.squares() {
                                moves.push('x');
                                push_square(moves, c);
                            }
                        }
                        was_pass = false;
                    }
                }
            }
        }
        turns.push((start, moves.len(), before));
        moves.push(' ');
        number += 1;
        if was_pass {
            passer = Some(pos.to_move().other());
        } else {
            passer = None;
        }
        if let Some(o) = pos.outcome_after_turn(was_pass) {
            return o.result_token();
        }
    }
}

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

/// A random legal movement turn: the position after it and the starting square, with the
/// steps and their captures in `path`. `None` when the side to move has no step (it passes).
/// After a pass by `passer`, only turns that give the passer a step, or end the game, count.
fn random_turn(
    pos: &Position,
    passer: Option<Color>,
    rng: &mut SplitMix64,
    path: &mut Vec<(Square, Bitboard)>,
) -> Option<(Position, Square)> {
    if !pos.has_step() {
        return None;
    }
    let opens = |after: &Position| match passer {
        None => true,
        Some(p) => after.has_step_for(p) || after.outcome_after_turn(false).is_some(),
    };
    for _ in 0..32 {
        if let Some((after, from)) = try_random_turn(pos, rng, path) {
            if opens(&after) {
                return Some((after, from));
            }
        }
    }
    // Rejection failed often: enumerate and pick uniformly among the acceptable turns.
    let mut seen = 0usize;
    let mut pick: Option<(Position, Vec<Square>)> = None;
    pos.for_each_turn(&mut |after, squares| {
        if !squares.is_empty() && opens(after) {
            seen += 1;
            if rng.below(seen) == 0 {
                pick = Some((after.clone(), squares.to_vec()));
            }
        }
        true
    });
    let (after, squares) = pick?;
    // Recompute the captures of each step along the path.
    path.clear();
    let mut p = pos.clone();
    let mut mv = p.begin_move(squares[0]).ok()?;
    for &to in &squares[1..] {
        let caps = p.step(&mut mv, to).ok()?;
        path.push((to, caps));
    }
    Some((after, squares[0]))
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
