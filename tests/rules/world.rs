//! The rules of the wider world (R8 `centre`, R12 and R16 `blocked`, R16a `limit`, the `ludii`
//! preset), setups that are an end and the exact grammar of position strings (R21), repeated
//! options (R20), and the final position of an invalid game.

use super::{LINE_FINAL, LINE_PLACEMENTS, check, from};
use seega::notation::{Scanner, Source};
use seega::validate::{Options, check_game};

#[test]
fn r8_centre_plain_captures_a_piece_on_the_centre_on_every_board() {
    // 5×5: the black piece on c3 between b3 and the white piece arriving on d3.
    let five = "4b/3w1/1wb2/5/5 w";
    check(
        &from("standard centre=plain", five, "d4-d3xc3 *"),
        "ok final=4b/5/1w1w1/5/5 b over=none",
    );
    // Left to be computed, the capture is found.
    check(
        &from("standard centre=plain", five, "d4-d3 *"),
        "ok final=4b/5/1w1w1/5/5 b over=none",
    );
    check(
        &from("ludii", five, "d4-d3xc3 *"),
        "ok final=4b/5/1w1w1/5/5 b over=none",
    );
    // 7×7 (centre d4) and 9×9 (centre e5), immune and plain.
    let seven = "6b/7/4w2/2wb3/7/7/7 w";
    check(
        &from("seesa centre=plain", seven, "e5-e4xd4 *"),
        "ok final=6b/7/7/2w1w2/7/7/7 b over=none",
    );
    check(
        &from("seesa", seven, "e5-e4xd4 *"),
        "seega::capture::wrong turn=1",
    );
    let nine = "8b/9/9/5w3/3wb4/9/9/9/9 w";
    check(
        &from("ludii size=9", nine, "f6-f5xe5 *"),
        "ok final=8b/9/9/9/3w1w3/9/9/9/9 b over=none",
    );
    check(
        &from("standard size=9", nine, "f6-f5xe5 *"),
        "seega::capture::wrong turn=1",
    );
}

#[test]
fn r12_under_blocked_pass_no_opening_is_owed() {
    let blocked = "4b/5/5/b4/wb3 w";
    check(
        &from(
            "standard barrier=none blocked=pass",
            blocked,
            "-- e5-e4 -- *",
        ),
        "ok final=5/4b/5/b4/wb3 b over=none",
    );
    check(
        &from("standard barrier=none", blocked, "-- e5-e4 -- *"),
        "seega::pass::no-opening turn=2",
    );
    // Two passes in a row: after a pass the other side always has a step.
    check(
        &from(
            "standard barrier=none blocked=pass",
            blocked,
            "-- -- 1/2-1/2",
        ),
        "seega::pass::illegal turn=2",
    );
}

#[test]
fn r12_a_turn_that_ends_the_game_answers_the_pass() {
    // The reply builds a line barrier and leaves the passer blocked: it ends the game, so it
    // answers the pass (and the pass did not end the game by R16).
    check(
        &from(
            "standard barrier=line",
            "1w3/2w2/ww3/ww3/bww2 b",
            "-- c4-b4 1-0",
        ),
        "ok final=1w3/1w3/ww3/ww3/bww2 b over=barrier",
    );
}

#[test]
fn r16_under_blocked_pass_a_pass_does_not_end_the_game() {
    let p = "5/5/b4/bb3/wbb2 w";
    check(
        &from("standard barrier=none blocked=pass", p, "-- a3-a4 *"),
        "ok final=5/b4/5/bb3/wbb2 w over=none",
    );
    check(
        &from("standard barrier=none blocked=pass", p, "-- 0-1"),
        "ok final=5/5/b4/bb3/wbb2 b over=none",
    );
}

#[test]
fn r16a_the_limit_ends_a_game_without_captures() {
    let lone = "4b/5/5/5/w4 w";
    check(
        &from("standard barrier=none limit=2", lone, "a1-a2 e5-e4 1/2-1/2"),
        "ok final=5/4b/5/w4/5 w 0/0 - 2 over=limit",
    );
    check(
        &from("standard barrier=none limit=2", lone, "a1-a2 e5-e4 1-0"),
        "seega::result::wrong turn=-",
    );
    check(
        &from("standard barrier=none limit=2", lone, "a1-a2 e5-e4 a2-a3 *"),
        "seega::turn::after-end turn=3",
    );
    // More pieces wins, and limit=1 ends the game at the first quiet turn.
    check(
        &from(
            "standard barrier=none limit=1",
            "4b/5/5/5/ww3 w",
            "a1-a2 1-0",
        ),
        "ok final=4b/5/5/w4/1w3 b 0/0 - 1 over=limit",
    );
    // A capture sets the count back to zero.
    let capture = "4b/5/w4/b4/1w3 w";
    check(
        &from("standard barrier=none limit=2", capture, "b1-a1xa2 e5-e4 *"),
        "ok final=5/4b/w4/5/w4 w 0/0 - 1 over=none",
    );
    check(
        &from(
            "standard barrier=none limit=2",
            capture,
            "b1-a1xa2 e5-e4 a1-a2 1-0",
        ),
        "ok final=5/4b/w4/w4/5 b 0/0 - 2 over=limit",
    );
    // On 7×7 and 9×9.
    check(
        &from("seesa limit=1", "6b/7/7/7/7/7/w6 w", "a1-a2 1/2-1/2"),
        "ok final=6b/7/7/7/7/w6/7 b 0/0 - 1 over=limit",
    );
    check(
        &from(
            "ludii size=9 limit=3",
            "8b/9/9/9/9/9/9/9/w8 w",
            "a1-a2 i9-i8 a2-a3 1/2-1/2",
        ),
        "ok final=9/8b/9/9/9/9/w8/9/9 b 0/0 - 3 over=limit",
    );
    // Placement turns are not counted: the count starts with the movement phase.
    check(
        &format!("[Rules \"ludus limit=1\"]\n{LINE_PLACEMENTS} 1/2-1/2"),
        &format!("ok final={LINE_FINAL} w over=barrier"),
    );
}

#[test]
fn r16a_passes_count_and_a_reply_that_reaches_the_limit_answers_a_pass() {
    let blocked = "4b/5/5/b4/wb3 w";
    // The pass is the first quiet turn, the reply the second: the reply ends the game by the
    // limit, so it owes no opening.
    check(
        &from("standard barrier=none limit=2", blocked, "-- e5-e4 0-1"),
        "ok final=5/4b/5/b4/wb3 w 0/0 - 2 over=limit",
    );
    // One quiet turn short of the limit, the same reply leaves the passer blocked.
    check(
        &from("standard barrier=none limit=3", blocked, "-- e5-e4 *"),
        "seega::pass::no-opening turn=2",
    );
    // R16: a pass whose every reply leaves the passer blocked does not end the game when a
    // reply reaches the limit.
    let stuck = "5/5/b4/bb3/wbb2 w";
    check(
        &from("standard barrier=none limit=2", stuck, "-- a3-a4 0-1"),
        "ok final=5/b4/5/bb3/wbb2 w 0/0 - 2 over=limit",
    );
    check(
        &from("standard barrier=none limit=3", stuck, "-- a3-a4 0-1"),
        "seega::turn::after-end turn=2",
    );
}

#[test]
fn r21_a_setup_that_is_an_end_has_ended_the_game() {
    // White has no pieces: black has won before turn 1.
    check(
        &from("standard", "b4/5/5/5/5 w", "0-1"),
        "ok final=b4/5/5/5/5 w over=capture-all",
    );
    check(
        &from("standard", "b4/5/5/5/5 w", "1-0"),
        "seega::result::wrong turn=-",
    );
    check(
        &from("standard", "b4/5/5/5/5 b", "a5-a4 0-1"),
        "seega::turn::after-end turn=1",
    );
    // A wall standing in the setup.
    check(
        &from("standard", "4w/5/b4/1b3/1b3 w", "0-1"),
        "ok final=4w/5/b4/1b3/1b3 w over=barrier",
    );
    // A side to move that is blocked has not ended the game: it passes.
    check(
        &from("standard barrier=none", "5/5/b4/bb3/wbb2 w", "*"),
        "ok final=5/5/b4/bb3/wbb2 w over=none",
    );
}

#[test]
fn r21_position_strings_follow_the_grammar_exactly() {
    for bad in [
        "11111/5/5/5/4w w",
        "23/5/5/5/4w w",
        "0b4/5/5/5/4w w",
        "b4/5/5/5/4w",
        "b4/5/5/5/4w x",
        "b4/5/5/5/3w w",
        "b4/5/5/5/5w w",
    ] {
        check(
            &from("standard", bad, "*"),
            "seega::position::malformed turn=-",
        );
    }
    check(
        &from("standard", "b4/5/5/4w w", "*"),
        "seega::position::impossible turn=-",
    );
}

#[test]
fn r20_an_option_written_twice_is_refused() {
    for rules in [
        "standard limit=20 limit=50",
        "standard chain=none chain=none",
        "ludii centre=immune centre=plain",
    ] {
        check(
            &format!("[Rules \"{rules}\"]\n1. a1,a2 *"),
            "seega::rules::repeated-option turn=-",
        );
    }
    for rules in [
        "standard limit=0",
        "standard limit=1001",
        "standard limit=05",
    ] {
        check(
            &format!("[Rules \"{rules}\"]\n1. a1,a2 *"),
            "seega::rules::bad-value turn=-",
        );
    }
}

/// The position an invalid game reports is the one after its last legal turn, not a part of
/// the illegal turn.
#[test]
fn the_final_position_of_an_invalid_game_is_after_its_last_legal_turn() {
    for (input, last_legal) in [
        // The step is played, but the written capture is wrong.
        (
            "[Position \"b4/5/wb1bw/2w2/5 w\"]\n1. c2-c3xd3 *",
            "b4/5/wb1bw/2w2/5 w",
        ),
        // A chain that goes on when it may not.
        (
            "[Rules \"standard chain=none\"]\n[Position \"b4/5/wb1bw/2w2/4w w\"]\n1. e1-e2 a5-a4 c2-c3-c4 *",
            "5/b4/wb1bw/2w1w/5 w",
        ),
    ] {
        let src = Source::from_text(input);
        let games: Vec<_> = Scanner::new(src.text(), src.invalid()).collect();
        let v = check_game(&games[0], &Options::default());
        assert!(!v.is_valid(), "{input}");
        let fin = v.position.as_ref().map(|p| p.to_setup_string());
        assert_eq!(fin.as_deref(), Some(last_legal), "{input}");
    }
}

#[test]
fn r12_blocked_pass_on_the_larger_boards() {
    for (rules, blocked, reply, fin) in [
        (
            "seesa barrier=none",
            "6b/7/7/7/7/b6/wb5 w",
            "g7-g6",
            "7/6b/7/7/7/b6/wb5 w",
        ),
        (
            "standard size=9 barrier=none",
            "8b/9/9/9/9/9/9/b8/wb7 w",
            "i9-i8",
            "9/8b/9/9/9/9/9/b8/wb7 w",
        ),
    ] {
        check(
            &from(
                &format!("{rules} blocked=pass"),
                blocked,
                &format!("-- {reply} *"),
            ),
            &format!("ok final={fin} over=none"),
        );
        check(
            &from(rules, blocked, &format!("-- {reply} *")),
            "seega::pass::no-opening turn=2",
        );
    }
}
