//! The engine's bit kernels against plain square-by-square versions of the rules, written here
//! from `spec/rules.md` alone (breadth-first search for walls, loops over squares for lines,
//! captures and steps): on random positions of every size with both barrier kinds, on positions
//! built to hold walls and lines, and on every position of every game in `tests/conformance/`,
//! `samples/` and a set of generated games.

use super::common;

use std::collections::VecDeque;
use std::path::Path;

use seega::notation::{Scanner, Source};
use seega::tools::generate::{GenOptions, Generator, SplitMix64};
use seega::validate::{Options, check_game};
use seega::{Barrier, Centre, Chain, Color, Position, Ruleset, Square, Termination};

// ---------------------------------------------------------------------------------------------
// The reference: squares as (file, rank), nothing shared with the engine but its public API.

/// The square `df`, `dr` away from `sq`, when it lies on the `n`×`n` board.
fn offset(sq: Square, df: i8, dr: i8, n: u8) -> Option<Square> {
    let f = sq.file() as i8 + df;
    let r = sq.rank() as i8 + dr;
    let on = (0..n as i8).contains(&f) && (0..n as i8).contains(&r);
    on.then(|| Square::new(f as u8, r as u8))
}

const DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The squares of the board.
fn board(n: u8) -> Vec<Square> {
    (0..n)
        .flat_map(|r| (0..n).map(move |f| Square::new(f, r)))
        .collect()
}

/// Every square of the 9×9 grid, on the board or not.
fn grid() -> impl Iterator<Item = Square> {
    (0..81).filter_map(Square::from_index)
}

fn neighbours(sq: Square, n: u8) -> impl Iterator<Item = Square> {
    DIRS.into_iter()
        .filter_map(move |(df, dr)| offset(sq, df, dr, n))
}

/// R15a by breadth-first search.
fn ref_wall(p: &Position, me: Color) -> bool {
    let n = p.size().get();
    let at = |sq: Square| p.piece_at(sq);
    let them = me.other();
    let mut reach = [false; 81];
    let mut queue: VecDeque<Square> = board(n)
        .into_iter()
        .filter(|&s| at(s) == Some(them))
        .collect();
    if queue.is_empty() {
        return false;
    }
    for s in &queue {
        reach[s.index()] = true;
    }
    while let Some(s) = queue.pop_front() {
        for t in neighbours(s, n) {
            if !reach[t.index()] && at(t) != Some(me) {
                reach[t.index()] = true;
                queue.push_back(t);
            }
        }
    }
    let is_wall = |s: Square| at(s) == Some(me) && neighbours(s, n).any(|t| reach[t.index()]);
    let is_behind = |s: Square| !reach[s.index()] && !is_wall(s);
    let wall: Vec<Square> = board(n).into_iter().filter(|&s| is_wall(s)).collect();
    board(n).into_iter().any(is_behind) && wall.iter().all(|&w| neighbours(w, n).any(is_behind))
}

/// R15b by looking at every inner rank and file.
fn ref_line(p: &Position, me: Color) -> bool {
    let n = p.size().get();
    let them: Vec<Square> = board(n)
        .into_iter()
        .filter(|&s| p.piece_at(s) == Some(me.other()))
        .collect();
    if them.is_empty() {
        return false;
    }
    (1..n - 1).any(|k| {
        let rank_full = (0..n).all(|f| p.piece_at(Square::new(f, k)) == Some(me));
        let file_full = (0..n).all(|r| p.piece_at(Square::new(k, r)) == Some(me));
        let rank_split = them.iter().all(|s| s.rank() < k) || them.iter().all(|s| s.rank() > k);
        let file_split = them.iter().all(|s| s.file() < k) || them.iter().all(|s| s.file() > k);
        (rank_full && rank_split) || (file_full && file_split)
    })
}

fn ref_barrier(p: &Position, me: Color) -> bool {
    match p.rules().barrier {
        Barrier::None => false,
        Barrier::Wall => ref_wall(p, me),
        Barrier::Line => ref_line(p, me),
    }
}

/// R7–R8: the enemies next to `to` with a piece of the mover right behind them, the centre
/// excepted under `centre=immune`. Works for any `to`, on the board or not.
fn ref_captures(p: &Position, from: Square, to: Square) -> Vec<Square> {
    let n = p.size().get();
    let Some(me) = p.piece_at(from) else {
        return Vec::new();
    };
    let mut out: Vec<Square> = DIRS
        .into_iter()
        .filter_map(|(df, dr)| {
            let v = offset(to, df, dr, n)?;
            let a = offset(v, df, dr, n)?;
            let hit = p.piece_at(v) == Some(me.other())
                && (v != p.size().centre() || p.rules().centre == Centre::Plain)
                && p.piece_at(a) == Some(me);
            hit.then_some(v)
        })
        .collect();
    out.sort();
    out
}

fn ref_piece_can_capture(p: &Position, at: Square) -> bool {
    let n = p.size().get();
    neighbours(at, n).any(|to| p.piece_at(to).is_none() && !ref_captures(p, at, to).is_empty())
}

fn ref_has_step(p: &Position, c: Color) -> bool {
    let n = p.size().get();
    board(n)
        .into_iter()
        .any(|s| p.piece_at(s) == Some(c) && neighbours(s, n).any(|t| p.piece_at(t).is_none()))
}

// ---------------------------------------------------------------------------------------------
// The comparison.

/// What the comparison met, so that the test can show that it exercised both answers.
#[derive(Default, Debug)]
struct Seen {
    positions: u64,
    barriers: u64,
    captures: u64,
    continuations: u64,
}

/// Compares every kernel-backed query of `p` with the reference; `all_targets` also tries steps
/// to every square of the grid, not only to neighbours.
fn compare(p: &Position, all_targets: bool, seen: &mut Seen) {
    let n = p.size().get();
    let ctx = || format!("{} under {}", p.to_setup_string(), p.rules());
    seen.positions += 1;
    for c in [Color::Black, Color::White] {
        let want = ref_barrier(p, c);
        assert_eq!(p.has_barrier(c), want, "barrier of {c} in {}", ctx());
        seen.barriers += want as u64;
        assert_eq!(
            p.has_step_for(c),
            ref_has_step(p, c),
            "step of {c} in {}",
            ctx()
        );
    }
    assert_eq!(p.has_step(), ref_has_step(p, p.to_move()), "{}", ctx());

    // outcome_after_turn without a pass: nothing in placement, then capture-all, then barrier.
    let count = |c: Color| {
        board(n)
            .iter()
            .filter(|&&s| p.piece_at(s) == Some(c))
            .count()
    };
    let (b, w) = (count(Color::Black), count(Color::White));
    let material = |c: Color, on_board: usize| on_board + p.in_hand(c) as usize;
    let want = if p.in_hand(Color::Black) > 0 || p.in_hand(Color::White) > 0 {
        None
    } else if material(Color::Black, b) == 0 {
        Some((Termination::CaptureAll, Some(Color::White)))
    } else if material(Color::White, w) == 0 {
        Some((Termination::CaptureAll, Some(Color::Black)))
    } else if ref_barrier(p, Color::Black) || ref_barrier(p, Color::White) {
        let winner = match b.cmp(&w) {
            std::cmp::Ordering::Greater => Some(Color::Black),
            std::cmp::Ordering::Less => Some(Color::White),
            std::cmp::Ordering::Equal => None,
        };
        Some((Termination::Barrier, winner))
    } else {
        None
    };
    let got = p
        .outcome_after_turn(false)
        .map(|o| (o.termination, o.winner));
    assert_eq!(got, want, "outcome of {}", ctx());

    let mut any_capture = false;
    for from in grid() {
        let targets: Vec<Square> = if all_targets {
            grid().collect()
        } else {
            neighbours(from, n).collect()
        };
        for to in targets {
            let got: Vec<Square> = p.captures_of_step(from, to).squares().collect();
            assert_eq!(got, ref_captures(p, from, to), "{from}-{to} in {}", ctx());
        }
        let want = p.piece_at(from).is_some() && ref_piece_can_capture(p, from);
        assert_eq!(
            p.piece_can_capture(from),
            want,
            "{from} can capture in {}",
            ctx()
        );
        any_capture |= want && p.piece_at(from) == Some(p.to_move());
    }
    assert_eq!(p.can_capture(), any_capture, "can capture in {}", ctx());
    seen.captures += any_capture as u64;

    // continuation after a first step, whatever it captured.
    for from in board(n) {
        if p.piece_at(from) != Some(p.to_move()) {
            continue;
        }
        for to in neighbours(from, n) {
            let mut after = p.clone();
            let Ok(mut mv) = after.begin_move(from) else {
                continue;
            };
            let Ok(caps) = after.step(&mut mv, to) else {
                continue;
            };
            let (may, must) = after.continuation(&mv);
            let rules = after.rules();
            let can = ref_piece_can_capture(&after, to);
            let want_may = !caps.is_empty()
                && match rules.chain {
                    Chain::None => false,
                    Chain::Capture => can,
                    Chain::Any => neighbours(to, n).any(|t| after.piece_at(t).is_none()),
                };
            let want_must = !caps.is_empty() && rules.chain != Chain::None && rules.forced && can;
            assert_eq!(
                (may, must),
                (want_may, want_must),
                "{from}-{to} in {}",
                ctx()
            );
            seen.continuations += may as u64;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Positions.

fn rules(n: u8, barrier: &str, chain: &str, forced: bool) -> Ruleset {
    let forced = if forced { "yes" } else { "no" };
    let text = format!("standard size={n} barrier={barrier} chain={chain} forced={forced}");
    Ruleset::parse(&text).expect("valid rules")
}

/// A random movement-phase position: random density, sometimes with a full inner line of one
/// side (its enemies often all on one side of it) or a ring of one side around an area.
fn random_position(rng: &mut SplitMix64, rules: Ruleset) -> Position {
    let n = rules.size.get();
    let max = rules.size.pieces_per_side() as usize;
    let mut cells = [None::<Color>; 81];
    // Squares set by a line or ring, kept when a side has too many pieces.
    let mut fixed = [false; 81];
    let density = rng.next_u64() % 100;
    let black_share = 20 + rng.next_u64() % 60;
    for sq in board(n) {
        if rng.next_u64() % 100 < density {
            let c = if rng.next_u64() % 100 < black_share {
                Color::Black
            } else {
                Color::White
            };
            cells[sq.index()] = Some(c);
        }
    }
    let owner = if rng.next_u64() % 2 == 0 {
        Color::Black
    } else {
        Color::White
    };
    match rng.next_u64() % 5 {
        0 => {
            let k = 1 + (rng.next_u64() % (n as u64 - 2)) as u8;
            let by_rank = rng.next_u64() % 2 == 0;
            let keep_low = rng.next_u64() % 2 == 0;
            let one_side = rng.next_u64() % 3 != 0;
            for sq in board(n) {
                let line = if by_rank { sq.rank() } else { sq.file() };
                if line == k {
                    cells[sq.index()] = Some(owner);
                    fixed[sq.index()] = true;
                } else if one_side
                    && cells[sq.index()] == Some(owner.other())
                    && (line < k) != keep_low
                {
                    cells[sq.index()] = None;
                }
            }
        }
        1 | 2 => {
            // Other pieces of the owner outside would often be wall pieces away from the inside.
            if rng.next_u64() % 2 == 0 {
                for cell in cells.iter_mut().filter(|x| **x == Some(owner)) {
                    *cell = None;
                }
            }
            let (f0, r0) = (rng.next_u64() % n as u64, rng.next_u64() % n as u64);
            let (f1, r1) = (
                (f0 + 1 + rng.next_u64() % 4).min(n as u64 - 1),
                (r0 + 1 + rng.next_u64() % 4).min(n as u64 - 1),
            );
            for sq in board(n) {
                let (f, r) = (sq.file() as u64, sq.rank() as u64);
                if (f0..=f1).contains(&f) && (r0..=r1).contains(&r) {
                    fixed[sq.index()] = true;
                    // The ring leaves its corners empty: a corner touches no inside square.
                    let (side_f, side_r) = (f == f0 || f == f1, r == r0 || r == r1);
                    cells[sq.index()] = if side_f && side_r {
                        None
                    } else if side_f || side_r || rng.next_u64() % 4 == 0 {
                        Some(owner)
                    } else {
                        None
                    };
                }
            }
        }
        _ => {}
    }
    // Keep within the pieces a side starts with, dropping random pieces before built ones.
    for c in [Color::Black, Color::White] {
        let mut count = cells.iter().filter(|x| **x == Some(c)).count();
        for keep_fixed in [true, false] {
            for i in 0..81 {
                if count > max && cells[i] == Some(c) && !(keep_fixed && fixed[i]) {
                    cells[i] = None;
                    count -= 1;
                }
            }
        }
    }
    // Some piece on the board: no game reaches a position where neither side has one (R14).
    if cells.iter().all(Option::is_none) {
        cells[0] = Some(Color::Black);
    }
    let mut text = String::new();
    for r in (0..n).rev() {
        let mut run = 0;
        for f in 0..n {
            match cells[Square::new(f, r).index()] {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(c.char());
                }
            }
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        if r > 0 {
            text.push('/');
        }
    }
    text.push_str(if rng.next_u64() % 2 == 0 { " b" } else { " w" });
    let setup = text.parse().expect("a position string");
    let game = seega::GameState::from_setup(rules, &setup).expect("a legal position string");
    game.position().clone()
}

#[test]
fn kernels_agree_with_the_reference_on_random_positions() {
    let mut rng = SplitMix64::new(0x5eea);
    for n in [5u8, 7, 9] {
        for barrier in ["wall", "line"] {
            let mut seen = Seen::default();
            for i in 0..1500 {
                let chain = ["none", "capture", "any"][i % 3];
                let r = rules(n, barrier, chain, i % 2 == 0);
                let p = random_position(&mut rng, r);
                compare(&p, i % 10 == 0, &mut seen);
            }
            eprintln!("{n} {barrier} {seen:?}");
            // Both answers of each query were met, not only the common one.
            let s = &seen;
            assert!(
                s.barriers >= 50 && s.barriers <= s.positions * 2 - 50,
                "{n} {barrier} {s:?}"
            );
            assert!(
                s.captures >= 50 && s.captures <= s.positions - 50,
                "{n} {barrier} {s:?}"
            );
            assert!(s.continuations >= 50, "{n} {barrier} {s:?}");
        }
    }
}

/// Every position of every game in `text` (after each legal turn, and before the first).
fn positions_of(text: &str, opts: &Options, out: &mut Vec<Position>) {
    let src = Source::from_text(text);
    for g in Scanner::new(src.text(), src.invalid()) {
        let v = check_game(&g, opts);
        out.extend(v.start);
        out.extend(v.played.into_iter().map(|p| p.after));
    }
}

#[test]
fn kernels_agree_with_the_reference_on_every_recorded_game() {
    let mut files = Vec::new();
    common::walk(
        &Path::new(common::ROOT).join("tests/conformance"),
        &mut files,
    );
    common::walk(&Path::new(common::ROOT).join("samples"), &mut files);
    assert!(files.len() >= 50, "{} files", files.len());
    let opts = Options::default().record(true);
    let mut positions = Vec::new();
    for f in &files {
        let bytes = std::fs::read(f).expect("readable");
        positions_of(&String::from_utf8_lossy(&bytes), &opts, &mut positions);
    }
    let mut seen = Seen::default();
    for p in &positions {
        compare(p, false, &mut seen);
    }
    eprintln!("{seen:?}");
    assert!(seen.positions >= 2000 && seen.barriers > 0, "{seen:?}");
}

#[test]
fn kernels_agree_with_the_reference_on_generated_games() {
    let presets = [
        "standard",
        "ludus",
        "seesa",
        "seesa size=9",
        "ludus size=7",
        "ludus size=9",
        "standard chain=any forced=yes",
    ];
    let opts = Options::default().record(true);
    for (k, preset) in presets.into_iter().enumerate() {
        let r = Ruleset::parse(preset).expect("preset");
        let mut g = Generator::new(
            GenOptions::default()
                .seed(7 + k as u64)
                .rules(vec![r])
                .max_turns(200),
        );
        let mut text = String::new();
        for i in 1..=25 {
            g.write_game(i, &mut text);
        }
        let mut positions = Vec::new();
        positions_of(&text, &opts, &mut positions);
        let mut seen = Seen::default();
        for p in &positions {
            assert_eq!(p.rules(), &r, "games are checked under their Rules tag");
            compare(p, false, &mut seen);
        }
        eprintln!("{preset} {seen:?}");
        assert!(
            seen.positions >= 500 && seen.captures > 0,
            "{preset} {seen:?}"
        );
    }
}
