//! One or more tests per rule of `spec/rules.md`, each a small game and the verdict it must get.
//!
//! Expected verdicts are written as `ok final=<position> over=<termination|none>` for valid
//! games and `<code> turn=<n|->` for the first error of an invalid one.

use seega::notation::{Scanner, Source};
use seega::validate::{Options, check_game};

/// Checks the single game `input` and compares its verdict with `expected`.
fn check(input: &str, expected: &str) {
    let src = Source::from_text(input);
    let games: Vec<_> = Scanner::new(src.text(), src.invalid()).collect();
    assert_eq!(games.len(), 1, "one game in {input:?}");
    let v = check_game(&games[0], &Options::default());
    let actual = match v.problems.iter().find(|p| p.is_error()) {
        None => format!(
            "ok final={} over={}",
            v.final_setup().map(|s| s.to_string()).unwrap_or_default(),
            v.outcome.map_or("none", |o| o.termination.as_str())
        ),
        Some(p) => format!(
            "{} turn={}",
            p.code,
            p.turn.map_or("-".to_owned(), |t| t.to_string())
        ),
    };
    assert_eq!(
        actual, expected,
        "\ninput: {input}\nproblems: {:#?}",
        v.problems
    );
}

/// A game from a `Position` tag under `rules`.
fn from(rules: &str, position: &str, moves: &str) -> String {
    format!("[Rules \"{rules}\"]\n[Position \"{position}\"]\n{moves}")
}

/// The twelve placements that give black a full second rank and white ranks three to five.
const LINE_PLACEMENTS: &str = "1. a1,b1 a3,b3 2. c1,d1 d3,e3 3. e1,a2 a4,b4 4. b2,c2 c4,d4 \
                               5. d2,e2 e4,b5 6. a5,e5 c5,d5";
const LINE_FINAL: &str = "bwwwb/wwwww/ww1ww/bbbbb/bbbbb";

#[test]
fn r1_squares_off_the_board_are_illegal() {
    check("f2,a1 *", "seega::square::off-board turn=1");
    check(
        "[Rules \"standard size=7\"]\nf2,a1 *",
        "ok final=7/7/7/7/7/5b1/b6 w 22/24 over=none",
    );
}

#[test]
fn r2_each_side_places_its_whole_hand() {
    let thirteenth = format!("{LINE_PLACEMENTS} 7. c3,a1 *");
    check(&thirteenth, "seega::turn::wrong-phase turn=13");
}

#[test]
fn r3_placement_comes_first_and_alternates() {
    check("c2-c3 *", "seega::turn::wrong-phase turn=1");
    check("-- *", "seega::turn::wrong-phase turn=1");
    check("c2,d4 *", "ok final=5/3b1/5/2b2/5 w 10/12 over=none");
    check(
        "c2,d4 a1,a2 *",
        "ok final=5/3b1/5/w1b2/w4 b 10/10 over=none",
    );
    check(
        "[Rules \"seesa\"]\na1,b1 *",
        "ok final=7/7/7/7/7/7/ww5 b 24/22 over=none",
    );
}

#[test]
fn r4_placements_use_two_empty_squares_off_the_centre() {
    check("c3,a1 *", "seega::place::centre turn=1");
    check("a1,a1 *", "seega::place::same-square turn=1");
    check("a1,b1 b1,c1 *", "seega::place::occupied turn=2");
}

#[test]
fn r5_the_first_mover_opens_the_movement() {
    let standard = format!("[Rules \"standard barrier=none\"]\n{LINE_PLACEMENTS} c2-c3 *");
    check(&standard, "seega::move::enemy-piece turn=13");
    let white = format!("[Rules \"standard barrier=none\"]\n{LINE_PLACEMENTS} c4-c3 *");
    check(&white, "ok final=bwwwb/ww1ww/wwwww/bbbbb/bbbbb b over=none");
    let black =
        format!("[Rules \"standard first-mover=black barrier=none\"]\n{LINE_PLACEMENTS} c2-c3 *");
    check(&black, "ok final=bwwwb/wwwww/wwbww/bb1bb/bbbbb w over=none");
    check(
        &from("standard", "4b/5/5/1w3/5 w", "e5-e4 *"),
        "seega::move::enemy-piece turn=1",
    );
    check(
        &from("standard", "4b/5/5/1w3/5 w", "a1-a2 *"),
        "seega::move::empty-square turn=1",
    );
}

#[test]
fn r6_steps_are_one_square_orthogonally_onto_empty_squares() {
    let p = "4b/5/1b3/1w3/5 w";
    check(
        &from("standard", p, "b2-c3 *"),
        "seega::move::diagonal turn=1",
    );
    check(
        &from("standard", p, "b2-d2 *"),
        "seega::move::too-far turn=1",
    );
    check(
        &from("standard", p, "b2-b3 *"),
        "seega::move::occupied turn=1",
    );
    check(
        &from("standard", p, "b2-b6 *"),
        "seega::square::off-board turn=1",
    );
    check(
        &from("standard", p, "b2-c2 *"),
        "ok final=4b/5/1b3/2w2/5 b over=none",
    );
    check(
        &from("standard", "4b/5/1w3/5/5 w", "b3-c3 *"),
        "ok final=4b/5/2w2/5/5 b over=none",
    );
}

#[test]
fn r7_custodian_capture_including_edges_and_several_at_once() {
    check(
        &from("standard", "4b/5/5/wb3/2w2 w", "c1-c2xb2 *"),
        "ok final=4b/5/5/w1w2/5 b over=none",
    );
    // along the edge
    check(
        &from("standard", "4b/5/1w3/b4/w4 w", "b3-a3xa2 *"),
        "ok final=4b/5/w4/5/w4 b over=none",
    );
    // across the edge there is no square beyond: no capture
    check(
        &from("standard", "4b/5/5/b4/1w3 w", "b1-b2xa2 *"),
        "seega::capture::wrong turn=1",
    );
    check(
        &from("standard", "4b/5/5/b4/1w3 w", "b1-b2 *"),
        "ok final=4b/5/5/bw3/5 b over=none",
    );
    // triple capture onto the centre
    check(
        &from("standard", "b4/2w2/wb1bw/2b2/2w2 w", "c4-c3xb3xd3xc2 *"),
        "ok final=b4/5/w1w1w/5/2w2 b over=none",
    );
    check(
        &from("standard", "b4/2w2/wb1bw/2b2/2w2 w", "c4-c3xb3xd3 *"),
        "seega::capture::missing turn=1",
    );
    check(
        &from("standard", "b4/2w2/wb1bw/2b2/2w2 w", "c4-c3xb3xd3xc2xc2 *"),
        "seega::capture::wrong turn=1",
    );
}

#[test]
fn r8_the_centre_is_immune_and_only_the_mover_captures() {
    check(
        &from("standard", "4b/3w1/1wb2/5/5 w", "d4-d3xc3 *"),
        "seega::capture::wrong turn=1",
    );
    check(
        &from("standard", "4b/3w1/1wb2/5/5 w", "d4-d3 *"),
        "ok final=4b/5/1wbw1/5/5 b over=none",
    );
    // stepping between two enemies is safe
    check(
        &from("standard", "4b/5/5/1b1b1/2w2 w", "c1-c2 *"),
        "ok final=4b/5/5/1bwb1/5 b over=none",
    );
    // a piece on the centre captures
    check(
        &from("standard", "4b/5/2w2/2b2/1w3 w", "b1-c1xc2 *"),
        "ok final=4b/5/2w2/5/2w2 b over=none",
    );
}

#[test]
fn r9_chains_follow_the_chain_option() {
    let p = "4b/3w1/3b1/wb3/2w2 w";
    let double = "ok final=4b/3w1/5/w2w1/5 b over=none";
    check(&from("standard", p, "c1-c2xb2-d2xd3 *"), double);
    check(&from("seesa size=5", p, "c1-c2xb2-d2xd3 *"), double);
    check(
        &from("standard chain=none", p, "c1-c2xb2-d2xd3 *"),
        "seega::chain::not-allowed turn=1",
    );
    // capture: every further step must capture; any: one quiet step may follow a capture
    check(
        &from("standard", p, "c1-c2xb2-c1 *"),
        "seega::chain::not-allowed turn=1",
    );
    check(
        &from("standard chain=any", p, "c1-c2xb2-c1 *"),
        "ok final=4b/3w1/3b1/w4/2w2 b over=none",
    );
    check(
        &from("standard chain=any", p, "c1-c2xb2-c1-c2 *"),
        "seega::chain::not-allowed turn=1",
    );
    // no chain after a quiet first step, whatever the mode
    check(
        &from("standard chain=any", p, "a2-a1-a2 *"),
        "seega::chain::not-allowed turn=1",
    );
    // going on is optional without forced capture
    check(
        &from("standard", p, "c1-c2xb2 *"),
        "ok final=4b/3w1/3b1/w1w2/5 b over=none",
    );
}

#[test]
fn r10_forced_capture_at_the_start_and_in_the_chain() {
    let p = "4b/3w1/3b1/wb3/2w2 w";
    check(
        &from("ludus barrier=none", p, "a2-a1 *"),
        "seega::capture::forced turn=1",
    );
    check(
        &from("ludus barrier=none", p, "c1-c2xb2 *"),
        "seega::capture::forced turn=1",
    );
    check(
        &from("ludus barrier=none", p, "c1-c2xb2-d2xd3 *"),
        "ok final=4b/3w1/5/w2w1/5 b over=none",
    );
    check(
        &from("ludus barrier=none chain=none", p, "c1-c2xb2 *"),
        "ok final=4b/3w1/3b1/w1w2/5 b over=none",
    );
    check(
        &from("ludus barrier=none chain=any", p, "c1-c2xb2-c1 *"),
        "seega::capture::forced turn=1",
    );
}

#[test]
fn r11_a_pass_only_without_a_step() {
    let blocked = "4b/5/5/b4/wb3 w";
    check(
        &from("standard barrier=none", blocked, "-- b1-c1 *"),
        "ok final=4b/5/5/b4/w1b2 w over=none",
    );
    check(
        &from("standard barrier=none", "4b/5/5/1w3/5 w", "-- *"),
        "seega::pass::illegal turn=1",
    );
}

#[test]
fn r12_the_turn_after_a_pass_must_open_the_game() {
    check(
        &from("standard barrier=none", "4b/5/5/b4/wb3 w", "-- e5-e4 *"),
        "seega::pass::no-opening turn=2",
    );
}

#[test]
fn r13_termination_is_checked_after_the_last_placement() {
    check(
        &format!("[Rules \"ludus\"]\n{LINE_PLACEMENTS} 1/2-1/2"),
        &format!("ok final={LINE_FINAL} w over=barrier"),
    );
    check(
        &format!("[Rules \"standard\"]\n{LINE_PLACEMENTS} *"),
        &format!("ok final={LINE_FINAL} w over=none"),
    );
    check(
        &format!("[Rules \"ludus\"]\n{LINE_PLACEMENTS} c4-c3 *"),
        "seega::turn::after-end turn=13",
    );
}

#[test]
fn r14_capture_all_wins() {
    check(
        &from("standard", "wb3/2w2/5/5/5 w", "c4-c5xb5 1-0"),
        "ok final=w1w2/5/5/5/5 b over=capture-all",
    );
    check(
        &from("standard", "wb3/2w2/5/5/5 w", "c4-c5xb5 0-1"),
        "seega::result::wrong turn=-",
    );
}

#[test]
fn r15a_a_closed_wall_ends_the_game() {
    check(
        &from("standard", "4w/5/b4/2b2/1b3 b", "c2-b2 0-1"),
        "ok final=4w/5/b4/1b3/1b3 w over=barrier",
    );
    check(
        &from("standard barrier=line", "4w/5/b4/2b2/1b3 b", "c2-b2 *"),
        "ok final=4w/5/b4/1b3/1b3 w over=none",
    );
}

#[test]
fn r15b_a_full_inner_line_ends_the_game() {
    check(
        &from("ludus", "w1w2/5/bb1bb/2b2/5 b", "c2-c3 0-1"),
        "ok final=w1w2/5/bbbbb/5/5 w over=barrier",
    );
    check(
        &from("ludus", "w1w2/5/bb1bb/2b2/w4 b", "c2-c3 *"),
        "ok final=w1w2/5/bbbbb/5/w4 w over=none",
    );
    check(
        &from("ludus", "w1w2/5/bb1bb/2b2/5 b", "c2-c3 1/2-1/2"),
        "seega::result::wrong turn=-",
    );
}

#[test]
fn r16_a_pass_nobody_can_answer_ends_the_game() {
    let p = "5/5/b4/bb3/wbb2 w";
    check(
        &from("standard barrier=none", p, "-- 0-1"),
        "ok final=5/5/b4/bb3/wbb2 b 0/0 -- over=blocked",
    );
    check(
        &from("standard barrier=none", p, "-- 1-0"),
        "seega::result::wrong turn=-",
    );
}

#[test]
fn r17_no_turn_after_the_end() {
    check(
        &from("standard", "wb3/2w2/5/5/5 w", "c4-c5xb5 b5-b4 1-0"),
        "seega::turn::after-end turn=2",
    );
    check(
        &from("standard barrier=none", "5/5/b4/bb3/wbb2 w", "-- a3-a4 0-1"),
        "seega::turn::after-end turn=2",
    );
}

#[test]
fn r18_a_record_may_stop_early_with_any_result() {
    for result in ["1-0", "0-1", "1/2-1/2", "*"] {
        check(
            &format!("c2,d4 {result}"),
            "ok final=5/3b1/5/2b2/5 w 10/12 over=none",
        );
    }
    check(
        "[Result \"1-0\"]\nc2,d4 0-1",
        "seega::result::tag-mismatch turn=-",
    );
}

#[test]
fn r19_syntax_errors_and_missing_results_make_a_game_invalid() {
    check("c2,d4", "seega::syntax::missing-result turn=2");
    check("c2,d4 b2- *", "seega::syntax::move turn=2");
    // a wrong move number is only a warning
    check("2. c2,d4 *", "ok final=5/3b1/5/2b2/5 w 10/12 over=none");
}

#[test]
fn r20_rules_tags_name_a_preset_and_options() {
    check(
        "[Rules \"chess\"]\nc2,d4 *",
        "seega::rules::unknown-preset turn=-",
    );
    check(
        "[Rules \"standard colour=red\"]\nc2,d4 *",
        "seega::rules::unknown-option turn=-",
    );
    check(
        "[Rules \"standard size=6\"]\nc2,d4 *",
        "seega::rules::bad-value turn=-",
    );
    check(
        "[Rules \"seesa size=9\"]\ni9,a1 *",
        "ok final=8w/9/9/9/9/9/9/9/w8 b 40/38 over=none",
    );
}

#[test]
fn r21_position_tags_start_the_movement_phase() {
    check(
        &from("standard", "5/5/5/5 w", "*"),
        "seega::position::impossible turn=-",
    );
    check(
        &from("standard", "5/5/5/5/5 x", "*"),
        "seega::position::malformed turn=-",
    );
    check(
        &from("standard", "b4/5/5/5/4w w", "a1,a2 *"),
        "seega::turn::wrong-phase turn=1",
    );
    check(
        &from("standard", "bbbbb/bbbbb/bbb2/5/5 w", "*"),
        "seega::position::impossible turn=-",
    );
}

/// The rules of the wider world: `centre`, `blocked`, `limit`, the `ludii` preset, and the
/// fixes to setups, position strings and repeated options.
#[path = "rules/world.rs"]
mod world;
