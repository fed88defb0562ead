//! The shortcuts of [`Play`] against the long ways they stand for.

use super::*;
use crate::engine::kernel::with_board;
use crate::tools::generate::SplitMix64;

/// Places two pieces of the side to move on random empty squares (not the centre).
fn place_randomly(pos: &mut Position, rng: &mut SplitMix64) {
    let centre = pos.size().centre();
    let empty: Vec<Square> = pos.empty().squares().filter(|&s| s != centre).collect();
    let a = empty[rng.next_u64() as usize % empty.len()];
    let b = loop {
        let b = empty[rng.next_u64() as usize % empty.len()];
        if b != a {
            break b;
        }
    };
    pos.place(a, b).unwrap();
}

/// Plays a random turn: a placement while the side to move has pieces in hand, else one of
/// its legal movement turns; false when it has none.
fn play_randomly(pos: &mut Position, rng: &mut SplitMix64) -> bool {
    if pos.in_hand(pos.to_move()) > 0 {
        place_randomly(pos, rng);
        return true;
    }
    let mut after = Vec::new();
    pos.for_each_turn(&mut |p, path| {
        if !path.is_empty() {
            after.push(p.clone());
        }
        true
    });
    if after.is_empty() {
        return false;
    }
    *pos = after.swap_remove(rng.next_u64() as usize % after.len());
    true
}

/// Every legal turn of random playouts under `rules`: after each movement turn from a
/// position with no outcome, [`Play::outcome_after_move`] says what the full test says, with
/// the witnesses of walls kept along the playout as a game keeps them. Returns how many turns it compared and how many of them ended the game by a barrier.
fn compare_playouts(rules: &str, games: u64) -> (usize, usize) {
    let rules = Ruleset::parse(rules).unwrap();
    let (mut compared, mut barriers) = (0, 0);
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut pos = Position::new(rules);
        let mut witness = [0u8; 2];
        for _ in 0..300 {
            if pos.in_hand(pos.to_move()) > 0 {
                place_randomly(&mut pos, &mut rng);
                if pos.outcome_after_turn(false).is_some() {
                    break;
                }
                continue;
            }
            let mut after_all = Vec::new();
            pos.for_each_turn(&mut |after, path| {
                if !path.is_empty() {
                    after_all.push(after.clone());
                }
                true
            });
            let theirs = pos.pieces(pos.to_move().other()).count();
            let mut witnesses = Vec::new();
            for after in &after_all {
                let captured = after.pieces(pos.to_move().other()).count() < theirs;
                let fast = with_board!(rules.size, B => {
                    let mut play = Play::<B>::of(after);
                    play.witness = witness;
                    let fast = play.outcome_after_move(captured);
                    witnesses.push(play.witness);
                    fast
                });
                assert_eq!(
                    fast,
                    after.outcome_after_turn(false),
                    "{} after {}",
                    after.to_setup_string(),
                    pos.to_setup_string()
                );
                compared += 1;
                barriers +=
                    usize::from(fast.is_some_and(|o| o.termination == Termination::Barrier));
            }
            if after_all.is_empty() {
                break;
            }
            let pick = rng.next_u64() as usize % after_all.len();
            pos = after_all[pick].clone();
            witness = witnesses[pick];
            if pos.outcome_after_turn(false).is_some() {
                break;
            }
        }
    }
    (compared, barriers)
}

/// [`Play::first_step`] against [`Play::begin_move`] then [`Play::step`], for every pair of
/// squares (on the board or not) in `pos`: the same result, and the same position after.
fn compare_first_steps<B: Board>(pos: &Position) -> usize {
    let squares = || (0..9).flat_map(|r| (0..9).map(move |f| Square::new(f, r)));
    let mut legal = 0;
    for from in squares() {
        for to in squares() {
            let (mut fast, mut slow) = (Play::<B>::of(pos), Play::<B>::of(pos));
            let got = fast.first_step(from, to);
            let want = slow.begin_move(from).and_then(|mut mv| {
                let captured = slow.step(&mut mv, to)?;
                Ok((mv, captured))
            });
            assert_eq!(got, want, "{from}-{to} in {}", pos.to_setup_string());
            if got.is_ok() {
                legal += 1;
                assert_eq!((fast.mine, fast.theirs), (slow.mine, slow.theirs));
                assert_eq!((fast.to_move, fast.hands), (slow.to_move, slow.hands));
            }
        }
    }
    legal
}

#[test]
fn first_step_is_begin_move_then_step() {
    let mut legal = 0;
    for rules in [
        "standard",
        "ludus size=7",
        "seesa size=9",
        "standard forced=yes",
    ] {
        let rules = Ruleset::parse(rules).unwrap();
        let mut rng = SplitMix64::new(7);
        let mut pos = Position::new(rules);
        // Through the placement phase and into the movement phase, random turn by turn.
        for _ in 0..60 {
            legal += with_board!(rules.size, B => compare_first_steps::<B>(&pos));
            if !play_randomly(&mut pos, &mut rng) {
                break;
            }
            if pos.outcome_after_turn(false).is_some() {
                break;
            }
        }
    }
    assert!(legal > 500, "only {legal} legal first steps compared");
}

#[test]
fn outcome_after_move_agrees_with_the_full_test() {
    let mut all_barriers = 0;
    for preset in ["standard", "ludus", "seesa"] {
        for options in [
            "",
            "barrier=wall",
            "barrier=line",
            "barrier=line chain=any",
            "barrier=wall chain=none forced=yes",
        ] {
            for size in ["size=5", "size=7", "size=9"] {
                let rules = format!("{preset} {options} {size}");
                let (compared, barriers) = compare_playouts(&rules, 12);
                assert!(compared > 100, "{rules}: only {compared} turns compared");
                all_barriers += barriers;
            }
        }
    }
    // The comparison saw games end by a barrier, not only positions without one.
    assert!(all_barriers > 100, "only {all_barriers} barriers");
}

/// A random position of the movement phase on the board of `rules`, crowded (about four
/// squares in five taken) so that a side often has few steps or none; black or white to move.
fn crowded_position(rules: Ruleset, rng: &mut SplitMix64) -> Position {
    loop {
        // A draw with more pieces of a side than the rules give it is drawn again.
        if let Ok(crate::engine::referee::Between { position: pos, .. }) =
            crate::engine::Setup::parse(&crowded_setup(rules, rng))
                .and_then(|s| crate::engine::referee::Between::from_setup(rules, &s))
        {
            return pos;
        }
    }
}

/// The position string of [`crowded_position`].
fn crowded_setup(rules: Ruleset, rng: &mut SplitMix64) -> String {
    let n = rules.size.get();
    let rows: Vec<String> = (0..n)
        .map(|_| {
            let mut row = String::new();
            let mut run = 0;
            for _ in 0..n {
                match rng.next_u64() % 10 {
                    0 | 1 => run += 1,
                    c => {
                        if run > 0 {
                            row.push_str(&run.to_string());
                            run = 0;
                        }
                        row.push(if c < 6 { 'b' } else { 'w' });
                    }
                }
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            row
        })
        .collect();
    let side = if rng.next_u64() % 2 == 0 { "b" } else { "w" };
    format!("{} {side}", rows.join("/"))
}

#[test]
fn a_quiet_step_beside_the_passer_is_an_opening() {
    let (mut quick, mut full_only) = (0, 0);
    for rules in [
        "standard",
        "standard forced=yes",
        "ludus size=7 centre=plain",
        "seesa size=9",
        "ludii size=9 forced=yes",
    ] {
        let rules = Ruleset::parse(rules).unwrap();
        let mut rng = SplitMix64::new(11);
        for _ in 0..3000 {
            let pos = crowded_position(rules, &mut rng);
            let passer = pos.to_move().other();
            let fast = with_board!(rules.size, B => Play::<B>::of(&pos).opens_by_a_quiet_step());
            let full = with_board!(rules.size, B => can_open_for::<B>(&pos, passer, false));
            assert!(!fast || full, "{}", pos.to_setup_string());
            quick += usize::from(fast);
            full_only += usize::from(full && !fast);
        }
    }
    // Both answers were seen: the quick test answers often, and the full one is still needed.
    assert!(quick > 1000, "the quick test answered only {quick} times");
    assert!(
        full_only > 50,
        "only {full_only} openings needed the full search"
    );
}

#[test]
fn setup_is_the_positions_setup() {
    for rules in ["standard", "seesa", "standard size=9"] {
        let rules = Ruleset::parse(rules).unwrap();
        for seed in 0..20 {
            let mut rng = SplitMix64::new(seed);
            let mut pos = Position::new(rules);
            for _ in 0..200 {
                let fast = with_board!(rules.size, B => Play::<B>::of(&pos).setup());
                assert_eq!(fast, pos.setup(), "{}", pos.to_setup_string());
                if !play_randomly(&mut pos, &mut rng) {
                    break;
                }
            }
        }
    }
}
