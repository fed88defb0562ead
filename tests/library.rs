//! The library's curated API against the validator: every turn of every test file read as a
//! [`Ply`], written back, listed among the legal turns and played on a [`GameState`] gives
//! what `check_game` finds.

use seega::notation::{Element, Game};
use seega::{GameState, Options, PlayErrorKind, Ply, Ruleset, Verdict};

use super::common;

/// The text of every `.sgn` file of the samples, the invalid samples and the conformance corpus.
fn corpus() -> Vec<(String, String)> {
    common::corpus_files()
        .into_iter()
        .map(|p| {
            let text = String::from_utf8_lossy(&std::fs::read(&p).expect("readable")).into_owned();
            (p.display().to_string(), text)
        })
        .collect()
}

/// The start of `game` as the validator sets it up, when its tags can be read.
fn start(game: &Game<'_>) -> Option<GameState> {
    let rules = match game.tag("Rules") {
        Some(t) => Ruleset::parse(&t.value).ok()?,
        None => Ruleset::parse("standard").unwrap(),
    };
    match game.tag("Position") {
        Some(t) => GameState::from_setup(rules, &t.value.parse().ok()?).ok(),
        None => Some(GameState::new(rules)),
    }
}

#[test]
fn written_turns_read_and_write_back_as_plies() {
    let mut seen = 0;
    for (name, text) in corpus() {
        for game in seega::parse(&text) {
            for el in &game.moves {
                let Element::Turn(t) = el else { continue };
                if t.annotation.is_some() {
                    continue;
                }
                let written = t.span.of(&text);
                let ply: Ply = written.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
                assert_eq!(ply, Ply::from_turn(t), "{name}: {written}");
                assert_eq!(ply.to_string(), written, "{name}");
                seen += 1;
            }
        }
    }
    assert!(seen > 5_000, "only {seen} turns");
}

#[test]
fn bad_tokens_are_refused_with_the_checker_words() {
    for (text, message) in [
        ("c2,c2x", "unexpected `x` in the placement `c2,c2x`"),
        ("b2-", "the movement `b2-` is cut short"),
        ("c5", "`c5` is a single square, not a turn"),
        ("7.", "`7.` is a move number, not a turn"),
        ("7.b2-b3", "`7.b2-b3` is a move number, not a turn"),
        ("1-0", "`1-0` is a result, not a turn"),
        ("$3", "`$3` is an annotation glyph, not a turn"),
        ("b2-b3!", "`b2-b3!` is an annotated turn, not a turn"),
        (
            "",
            "`` is not a turn, a move number, an annotation or a result",
        ),
    ] {
        let err = text.parse::<Ply>().unwrap_err();
        assert_eq!(err.to_string(), message, "{text:?}");
    }
    for bad in ["j1", "a10", "a0", "c", "", "c3 "] {
        assert!(bad.parse::<seega::Square>().is_err(), "{bad:?}");
    }
    assert_eq!("i9".parse::<seega::Square>().unwrap().to_string(), "i9");
}

/// Plays `game` on a [`GameState`] turn by turn; at every turn the ply played with its
/// captures is one of the listed legal turns. Returns the state, or the code of the first
/// refusal.
fn play(game: &Game<'_>, mut state: GameState) -> Result<GameState, String> {
    for el in &game.moves {
        let Element::Turn(t) = el else { continue };
        let legal = state.legal_turns();
        let played = state
            .play(&Ply::from_turn(t))
            .map_err(|e| e.code().to_string())?;
        // A placement is listed once, its squares in board order.
        let listed = match played {
            Ply::Place(a, b) if b < a => Ply::Place(b, a),
            p => p,
        };
        assert!(legal.contains(&listed), "{listed} is not among {legal:?}");
    }
    Ok(state)
}

/// Whether the validator's first error is about a turn being played (not syntax, tags or
/// numbers, which a [`GameState`] never sees).
fn turn_error(v: &Verdict) -> Option<String> {
    let p = v.problems.iter().find(|p| p.is_error())?;
    let code = p.code.as_str();
    let about_turns = [
        "place", "move", "capture", "chain", "pass", "square", "turn",
    ]
    .iter()
    .any(|k| code.starts_with(&format!("seega::{k}::")));
    about_turns.then(|| code.to_owned())
}

#[test]
fn a_game_state_plays_games_as_the_validator_does() {
    let (mut valid, mut refused) = (0, 0);
    for (name, text) in corpus() {
        for (i, game) in seega::parse(&text).enumerate() {
            let has_syntax_errors = game.moves.iter().any(|e| matches!(e, Element::Error(_)));
            let verdict = seega::check_game(&game, &Options::default());
            let Some(state) = start(&game).filter(|_| !has_syntax_errors) else {
                continue;
            };
            let what = format!("{name}, game {}", i + 1);
            match (play(&game, state), turn_error(&verdict)) {
                (Ok(end), None) => {
                    assert_eq!(Some(end.position()), verdict.position.as_ref(), "{what}");
                    assert_eq!(end.outcome(), verdict.outcome, "{what}");
                    assert_eq!(end.turns_played(), verdict.legal_turns, "{what}");
                    valid += 1;
                }
                (Err(code), Some(expected)) => {
                    assert_eq!(code, expected, "{what}");
                    refused += 1;
                }
                (got, expected) => panic!("{what}: {:?} but {expected:?}", got.err()),
            }
        }
    }
    assert!(
        valid > 50 && refused > 10,
        "{valid} valid, {refused} refused"
    );
}

#[test]
fn a_game_is_left_as_it_was_by_an_illegal_ply() {
    let rules = Ruleset::parse("standard").unwrap();
    let mut game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse().unwrap()).unwrap();
    let before = game.clone();
    // The first step is legal and captures; the second is not.
    let sq = |s: &str| s.parse::<seega::Square>().unwrap();
    for (bad, kind) in [
        ("b1-b2xb3-c2", "seega::chain::not-allowed"),
        ("b1-b2xb4", "seega::capture::wrong"),
        ("b1-b2xb3xc3", "seega::capture::wrong"),
        ("b1-b2xb3xb3", "seega::capture::wrong"),
    ] {
        let err = game.play(&bad.parse().unwrap()).unwrap_err();
        assert_eq!(game, before, "{bad}: {err}");
        assert_eq!(err.code().as_str(), kind, "{bad}: {err}");
    }
    let err = game.play(&"b1-b2xb4".parse().unwrap()).unwrap_err();
    assert_eq!(err.kind(), &PlayErrorKind::CaptureWrong(sq("b4")));
    assert_eq!(err.to_string(), "this step does not capture b4");
    let source = std::error::Error::source(&err).map(ToString::to_string);
    assert_eq!(source.as_deref(), Some("the step does not capture b4"));
    let err = game.play(&"b1-a2".parse().unwrap()).unwrap_err();
    let engine = seega::IllegalTurn::MoveDiagonal {
        from: sq("b1"),
        to: sq("a2"),
    };
    assert_eq!(err.rule(), Some(engine));
    let source = std::error::Error::source(&err).map(ToString::to_string);
    assert_eq!(source, Some(engine.to_string()), "the engine's words");
    assert_eq!(game, before);
    let played = game.play(&"b1-b2".parse().unwrap()).unwrap();
    assert_eq!(played.to_string(), "b1-b2xb3");
    assert!(game.is_over(), "white has no piece left");
    assert!(game.legal_turns().is_empty());
    let err = game.play(&"b4-b3".parse().unwrap()).unwrap_err();
    assert_eq!(err.code().as_str(), "seega::turn::after-end");
}

/// Every position reached in the test files, both phases and every board size: its position
/// string reads back as the same game, with the same legal turns and the same end, and the
/// verdict's `final` is the string of the last of them.
#[test]
fn every_position_string_reads_back_as_its_position() {
    let (mut seen, mut in_hand, mut owed, mut counted) = (0, 0, 0, 0);
    let mut sizes = std::collections::BTreeSet::new();
    for (name, text) in corpus() {
        for (g, game) in seega::parse(&text).enumerate() {
            let verdict = seega::replay(&game);
            let states = GameState::replay_states(&game, &verdict);
            for (k, state) in states.iter().enumerate() {
                let at = format!("{name} game {} after {k} turns", g + 1);
                let setup = state.setup();
                let written = setup.to_string();
                let read: seega::Setup = written.parse().expect("a position string it wrote");
                assert_eq!(read, setup, "{at}: {written}");
                let rules = *state.position().rules();
                let back = GameState::from_setup(rules, &read).expect("a setup it wrote");
                assert_eq!(back.position(), state.position(), "{at}: {written}");
                assert_eq!(back.setup(), setup, "{at}: {written}");
                assert_eq!(back.outcome(), state.outcome(), "{at}: {written}");
                assert_eq!(back.legal_turns(), state.legal_turns(), "{at}: {written}");
                // A position alone keeps no game-level state: its string has none either.
                let alone = state.position().to_setup_string();
                let read: seega::Setup = alone.parse().expect("a position's string");
                let back = GameState::from_setup(rules, &read).expect("a position's setup");
                assert_eq!(back.position(), state.position(), "{at}: {alone}");
                seen += 1;
                sizes.insert(rules.size.get());
                in_hand += usize::from(setup.in_hand != [0, 0]);
                owed += usize::from(setup.opening_owed);
                counted += usize::from(setup.quiet_turns != 0);
            }
            if let Some(last) = states.last() {
                assert_eq!(verdict.final_setup(), Some(last.setup()), "{name}");
            }
        }
    }
    assert!(seen > 1000, "{seen} positions");
    assert_eq!(sizes.into_iter().collect::<Vec<_>>(), [5, 7, 9]);
    assert!(
        in_hand > 100 && owed > 0 && counted > 0,
        "{in_hand} {owed} {counted}"
    );
}

#[test]
fn the_start_string_reads_back_as_the_start_and_the_two_field_form_as_before() {
    let rules = Ruleset::parse("standard").unwrap();
    let start = GameState::new(rules);
    let written = start.setup().to_string();
    assert_eq!(written, "5/5/5/5/5 b 12/12");
    let back = GameState::from_setup(rules, &written.parse().unwrap()).unwrap();
    assert_eq!(back, start);
    assert_eq!(back.legal_turns().len(), 276);
    // Two fields: nothing in hand; a side without pieces, a game over.
    let over = GameState::from_setup(rules, &"b4/5/5/5/5 b".parse().unwrap()).unwrap();
    assert!(over.is_over() && over.legal_turns().is_empty());
    // Neither side with a piece: no game gets there.
    assert!(GameState::from_setup(rules, &"5/5/5/5/5 b".parse().unwrap()).is_err());
}

#[test]
fn no_capture_left_is_no_ending_but_a_limit_of_quiet_turns_is() {
    // One piece each: no capture can ever come, which the French Seega sheet calls an end and
    // seega does not decide from a position (spec/rules.md, R15c); `limit=N` (R16a) is the end
    // a club agrees on instead, counting pieces as the sheet does.
    let setup: seega::Setup = "b4/5/5/5/4w w".parse().unwrap();
    let mut free = GameState::from_setup(Ruleset::parse("standard").unwrap(), &setup).unwrap();
    let mut limited =
        GameState::from_setup(Ruleset::parse("standard limit=4").unwrap(), &setup).unwrap();
    for _ in 0..4 {
        assert!(!free.is_over() && !limited.is_over());
        for game in [&mut free, &mut limited] {
            let turn = game.legal_turns()[0].clone();
            game.play(&turn).unwrap();
        }
    }
    assert!(!free.is_over(), "no capture left is no ending");
    let outcome = limited.outcome().expect("the limit ends it");
    assert_eq!(outcome.termination, seega::Termination::Limit);
    assert_eq!(outcome.winner, None, "one piece each: a draw");
}

#[test]
fn under_seesa_one_side_s_barrier_ends_the_game() {
    // White's full second rank parts the board: black's pieces all above it, white's last one
    // behind. Black has no barrier of its own; the game has ended all the same (R15, the Seesa
    // sheet's "les deux joueurs ont réussi à édifier une barrière" read as one barrier between
    // them), and white, with more pieces, wins.
    let setup: seega::Setup = "b6/7/1b5/7/3b3/wwwwwww/w6 b".parse().unwrap();
    let game = GameState::from_setup(Ruleset::parse("seesa").unwrap(), &setup).unwrap();
    let outcome = game.outcome().expect("a barrier stands");
    assert_eq!(outcome.termination, seega::Termination::Barrier);
    assert_eq!(outcome.winner, Some(seega::Color::White));
}
