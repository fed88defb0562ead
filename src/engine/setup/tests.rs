use super::*;
use crate::engine::referee::Between;
use crate::engine::{Phase, Position, Ruleset};

fn rules(text: &str) -> Ruleset {
    Ruleset::parse(text).unwrap()
}

/// The game `text` sets up under `rules`.
fn game(rules: Ruleset, text: &str) -> Result<Between, SetupError> {
    Setup::parse(text).and_then(|s| Between::from_setup(rules, &s))
}

#[test]
fn setup_strings_round_trip() {
    let standard = rules("standard");
    for text in [
        "wwwwb/2w1b/w1wb1/2w1b/wwwwb b",
        "5/5/5/5/w4 w",
        "b4/4b/b1bbb/5/b2b1 w",
        "5/5/5/5/5 b 12/12",
        "5/5/5/5/bb3 w 10/12",
        "ww3/5/5/5/bb3 b 10/10",
    ] {
        let g = game(standard, text).unwrap();
        assert_eq!(g.setup().to_string(), text);
        assert_eq!(g.position.to_setup_string(), text);
    }
    let limited = rules("standard limit=5");
    for text in ["b4/4b/b1bbb/5/b2b1 w 0/0 - 3", "b4/1w3/5/3b1/4w w 0/0 - 5"] {
        assert_eq!(game(limited, text).unwrap().setup().to_string(), text);
    }
    // The longer forms of nothing pending read back as the two-field form.
    for text in [
        "b4/5/5/5/4w w 0/0",
        "b4/5/5/5/4w w 0/0 -",
        "b4/5/5/5/4w w 0/0 - 0",
    ] {
        let g = game(standard, text).unwrap();
        assert_eq!(g.setup().to_string(), "b4/5/5/5/4w w");
        assert_eq!(g.position.phase(), Phase::Movement);
    }
}

/// The ranks of a position string written square by square, runs of empty squares counted.
fn ranks_square_by_square(s: &Setup) -> String {
    let n = s.size.get();
    let mut ranks = Vec::new();
    for rank in (0..n).rev() {
        let (mut text, mut empty) = (String::new(), 0);
        for file in 0..n {
            let sq = Square::new(file, rank);
            let piece = [Color::Black, Color::White]
                .into_iter()
                .find(|c| s.pieces[c.index()].contains(sq));
            match piece {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                    }
                    text.push(c.char());
                    empty = 0;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

#[test]
fn every_rank_is_written_as_square_by_square() {
    // Ranks of 5 and 7 squares come from a table, of 9 piece by piece: random boards of each
    // size, and every rank of 5 squares, are written as counted square by square.
    let mut seed = 7u64;
    for size in [Size::FIVE, Size::SEVEN, Size::NINE] {
        let n = u32::from(size.get());
        for _ in 0..3000 {
            let mut s = Setup::empty(size);
            for sq in Bitboard::full(size).squares() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match seed >> 62 {
                    0 => s.pieces[0].insert(sq),
                    1 => s.pieces[1].insert(sq),
                    _ => {}
                }
            }
            let text = s.to_string();
            assert_eq!(
                text.split(' ').next(),
                Some(ranks_square_by_square(&s).as_str())
            );
            assert_eq!(Setup::parse(&text), Ok(s), "{text}");
        }
        assert_eq!(n * n, Bitboard::full(size).count());
    }
    for key in 0..1u32 << 10 {
        let (b, w) = (key & 31, key >> 5);
        if b & w != 0 {
            continue;
        }
        let mut s = Setup::empty(Size::FIVE);
        for file in 0..5 {
            let sq = Square::new(file, 0);
            if b >> file & 1 == 1 {
                s.pieces[0].insert(sq);
            }
            if w >> file & 1 == 1 {
                s.pieces[1].insert(sq);
            }
        }
        assert_eq!(
            s.to_string().split(' ').next(),
            Some(ranks_square_by_square(&s).as_str())
        );
    }
}

#[test]
fn the_two_field_form_keeps_its_meaning() {
    let g = game(rules("standard"), "b4/5/5/5/5 b").unwrap();
    assert_eq!(g.position.in_hand(Color::Black), 0);
    assert!(
        g.outcome.is_some(),
        "a board without white pieces and nothing in hand has ended"
    );
    let start = game(rules("standard"), "5/5/5/5/5 b 12/12").unwrap();
    assert_eq!(start.position, Position::new(rules("standard")));
    assert_eq!(start.outcome, None);
}

#[test]
fn the_longest_string_fits() {
    let mut s = Setup::empty(Size::NINE);
    s.pieces[0] = Bitboard::full(Size::NINE);
    s.in_hand = [40, 40];
    s.opening_owed = true;
    s.quiet_turns = 1000;
    let text = s.text();
    assert_eq!(text.len(), SetupText::MAX);
    assert!(text.as_str().ends_with(" b 40/40 -- 1000"));
    assert_eq!(Setup::parse(text.as_str()), Ok(s));
}

#[test]
fn bad_setup_strings_are_refused() {
    let bad = |t: &str| Setup::parse(t).unwrap_err();
    assert!(matches!(bad("5/5/5/5 w"), SetupError::NotABoard(4)));
    for t in [
        "5/5/5/5/6 w",
        "5/5/5/5/4 w",
        "5/5/5/5/5 x",
        "5/5/5/5/5",
        "",
        "5/5/5/5/5 b 12",
        "5/5/5/5/5 b 12/x",
        "5/5/5/5/5 b 012/12",
        "5/5/5/5/5 b 12/12 +",
        "5/5/5/5/5 b 0/0 - 03",
        "5/5/5/5/5 b 0/0 - 3 extra",
    ] {
        assert!(matches!(bad(t), SetupError::Malformed(_)), "{t}");
    }
    assert_eq!(
        bad("5/5/5/5/5 b 13/12").to_string(),
        "impossible position: black has 13 pieces in hand but a side starts with only 12"
    );
    assert!(matches!(
        bad("5/5/5/5/5 b 0/0 - 1001"),
        SetupError::Impossible(_)
    ));
}

#[test]
fn impossible_setups_are_refused() {
    let standard = rules("standard");
    let bad = |r: Ruleset, t: &str| game(r, t).unwrap_err();
    assert!(matches!(
        bad(standard, "bbbbb/bbbbb/bbb2/5/5 w"),
        SetupError::TooMany { count: 13, .. }
    ));
    assert!(matches!(
        bad(standard, "bbbbb/bbbbb/bb3/5/5 w 1/0"),
        SetupError::TooMany { count: 13, .. }
    ));
    assert!(matches!(
        bad(rules("seesa"), "5/5/5/5/5 w"),
        SetupError::WrongSize {
            found: 5,
            expected: 7
        }
    ));
    let why = |r: Ruleset, t: &str| match bad(r, t) {
        SetupError::Impossible(why) => why,
        e => panic!("{t}: {e:?}"),
    };
    // The placement phase.
    assert!(why(standard, "5/5/5/5/bb3 w 10/12 --").contains("passes"));
    assert!(why(rules("standard limit=5"), "5/5/5/5/bb3 w 10/12 - 1").contains("counted"));
    assert!(why(standard, "5/5/5/5/b4 w 10/12").contains("nothing is captured"));
    assert!(why(standard, "5/5/5/5/bbb2 w 9/12").contains("two at a time"));
    assert!(why(standard, "5/5/2b2/5/b4 w 10/12").contains("centre"));
    assert!(why(standard, "ww3/5/5/5/5 b 12/10").contains("places first"));
    assert_eq!(
        why(standard, "5/5/5/5/5 w 12/12"),
        "white is to move, but the hands say black places next"
    );
    // No piece on either side: no game gets there (R14), whichever side is to move.
    for empty in ["5/5/5/5/5 b", "5/5/5/5/5 w", "5/5/5/5/5 w 0/0"] {
        assert!(
            why(standard, empty).starts_with("neither side has a piece"),
            "{empty}"
        );
    }
    // The movement phase.
    assert!(why(standard, "b4/5/5/5/4w w 0/0 - 3").contains("no limit"));
    assert!(why(rules("standard limit=5"), "b4/5/5/5/4w w 0/0 - 6").contains("limit of 5"));
    assert!(why(rules("ludii"), "b4/5/5/5/4w w 0/0 --").contains("blocked=open"));
    assert_eq!(
        why(standard, "b4/5/5/5/4w w 0/0 --"),
        "black has a step, so it cannot have passed"
    );
}

#[test]
fn the_game_level_state_decides_the_end() {
    // Black (a5, b5 boxed in by white) passed: white owes it an opening.
    let standard = rules("standard");
    let text = "bbw2/ww3/5/5/4w w 0/0 --";
    let g = game(standard, text).unwrap();
    assert_eq!(g.passer, Some(Color::Black));
    assert_eq!(g.setup().to_string(), text);
    // At the limit the game is over.
    let limited = rules("standard limit=5");
    let g = game(limited, "b4/1w3/5/3b1/4w w 0/0 - 5").unwrap();
    assert_eq!(
        g.outcome.map(|o| o.termination),
        Some(super::super::Termination::Limit)
    );
    assert_eq!(
        game(limited, "b4/1w3/5/3b1/4w w 0/0 - 4").unwrap().outcome,
        None
    );
}
