//! The rules engine alone, on generated games of 5×5, 7×7 and 9×9: the turns are parsed
//! beforehand, so that only the engine's calls are timed, made as the validator makes them
//! (place, begin_move / step / end_move, pass, then outcome_after_turn, and has_step_for after a
//! pass). A second bench times outcome_after_turn alone on every position of those games.
//!
//! Run with `cargo bench --bench engine`. Benchmarks only: nothing here asserts a time.

use seega::notation::{Element, Scanner, TurnKind};
use seega::tools::generate::{GenOptions, Generator};
use seega::{Color, Position, Ruleset, Square};

fn main() {
    divan::main();
}

const RULES: [&str; 4] = ["standard", "ludus", "seesa", "seesa size=9"];

/// One turn as the engine sees it.
enum Op {
    Place(Square, Square),
    Move(Square, Vec<Square>),
    Pass,
}

/// 300 legal games under `rules`, as the start position and turns of each.
fn games(rules: &str) -> Vec<(Position, Vec<Op>)> {
    let r = Ruleset::parse(rules).expect("a preset");
    let mut g = Generator::new(GenOptions::default().seed(42).rules(vec![r]));
    let mut text = String::new();
    for i in 1..=300 {
        g.write_game(i, &mut text);
    }
    Scanner::new(&text, &[])
        .map(|game| {
            let ops = game
                .moves
                .iter()
                .filter_map(|e| match e {
                    Element::Turn(t) => Some(match &t.kind {
                        TurnKind::Place(a, b) => Op::Place(a.square, b.square),
                        TurnKind::Move { from, steps } => {
                            Op::Move(from.square, steps.iter().map(|s| s.to.square).collect())
                        }
                        TurnKind::Pass => Op::Pass,
                    }),
                    _ => None,
                })
                .collect();
            (Position::new(r), ops)
        })
        .collect()
}

/// Plays `ops` from `start`, checking the end after every turn; returns the turns played and
/// the positions after each.
fn replay(start: &Position, ops: &[Op], mut seen: impl FnMut(&Position)) -> u64 {
    let mut pos = start.clone();
    let mut passer: Option<Color> = None;
    let mut played = 0;
    for op in ops {
        let side = pos.to_move();
        let ok = match op {
            Op::Place(a, b) => pos.place(*a, *b).is_ok(),
            Op::Pass => pos.pass().is_ok(),
            Op::Move(from, steps) => {
                let Ok(mut mv) = pos.begin_move(*from) else {
                    break;
                };
                steps.iter().all(|to| pos.step(&mut mv, *to).is_ok()) && pos.end_move(mv).is_ok()
            }
        };
        if !ok {
            break;
        }
        if let Some(p) = passer.take() {
            if pos.outcome_after_turn(false).is_none() && !pos.has_step_for(p) {
                break;
            }
        }
        let was_pass = matches!(op, Op::Pass);
        if was_pass {
            passer = Some(side);
        }
        played += 1;
        seen(&pos);
        if pos.outcome_after_turn(was_pass).is_some() {
            break;
        }
    }
    played
}

#[divan::bench(args = RULES)]
fn replay_turns(bencher: divan::Bencher, rules: &str) {
    let games = games(rules);
    let turns: u64 = games.iter().map(|(p, ops)| replay(p, ops, |_| {})).sum();
    bencher
        .counter(divan::counter::ItemsCount::new(turns))
        .bench(|| {
            divan::black_box(&games)
                .iter()
                .map(|(p, ops)| replay(p, ops, |_| {}))
                .sum::<u64>()
        });
}

#[divan::bench(args = RULES)]
fn outcome_only(bencher: divan::Bencher, rules: &str) {
    let mut positions = Vec::new();
    for (p, ops) in games(rules) {
        replay(&p, &ops, |q| positions.push(q.clone()));
    }
    bencher
        .counter(divan::counter::ItemsCount::new(positions.len()))
        .bench(|| {
            divan::black_box(&positions)
                .iter()
                .filter(|p| p.outcome_after_turn(false).is_some())
                .count()
        });
}
