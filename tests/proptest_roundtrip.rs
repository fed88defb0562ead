//! Random legal games, built from the engine's legal turns, survive
//! format → parse → JSON → SGN unchanged.

use proptest::prelude::*;
use seega::archive::for_each_object;
use seega::notation::writer::{
    Doc, DocComment, DocHeader, DocKind, DocTurn, WriteOptions, write_game,
};
use seega::notation::{Annotation, GameResult, Source};
use seega::render::game_json::{GameObject, game_text};
use seega::validate::Options;
use seega::{Phase, Position, Ruleset, Square};

const ANNOTATIONS: [Annotation; 6] = [
    Annotation::Good,
    Annotation::Mistake,
    Annotation::Brilliant,
    Annotation::Blunder,
    Annotation::Interesting,
    Annotation::Dubious,
];

/// Plays the game chosen by `choices` under `rules`; returns the turns and the final position.
fn random_game(rules: Ruleset, choices: &[u32]) -> (Vec<DocTurn>, Position, Option<GameResult>) {
    let mut pos = Position::new(rules);
    let mut turns = Vec::new();
    let mut result = None;
    let mut passer = None;
    for &c in choices {
        let was_pass;
        let kind = if pos.phase() == Phase::Placement {
            let centre = pos.size().centre();
            let free: Vec<Square> = pos.empty().squares().filter(|s| *s != centre).collect();
            let a = free[c as usize % free.len()];
            let b = free[(c as usize / 7 + 1 + c as usize % free.len()) % free.len()];
            let b = if a == b {
                free[(free.iter().position(|s| *s == a).unwrap_or(0) + 1) % free.len()]
            } else {
                b
            };
            pos.place(a, b).expect("a legal placement");
            was_pass = false;
            DocKind::Place(a, b)
        } else {
            let mut options: Vec<(Position, Vec<Square>)> = Vec::new();
            pos.for_each_turn(&mut |after, path| {
                // After a pass the turn must give the passer a step (or end the game).
                let opens = passer.is_none_or(|p| after.has_step_for(p))
                    || after.outcome_after_turn(false).is_some();
                if opens {
                    options.push((after.clone(), path.to_vec()));
                }
                true
            });
            if options.is_empty() {
                break;
            }
            let (after, path) = options.swap_remove(c as usize % options.len());
            was_pass = path.is_empty();
            let kind = if was_pass {
                DocKind::Pass
            } else {
                let mut replay = pos.clone();
                let mut mv = replay.begin_move(path[0]).expect("legal start");
                let mut steps = Vec::new();
                for &to in &path[1..] {
                    let caps = replay.step(&mut mv, to).expect("legal step");
                    steps.push((to, caps.squares().collect()));
                }
                DocKind::Move(path[0], steps)
            };
            passer = None;
            pos = after;
            kind
        };
        if was_pass {
            passer = Some(pos.to_move().other());
        }
        let note = c >> 24;
        turns.push(DocTurn {
            kind,
            annotation: (note % 5 == 0).then(|| ANNOTATIONS[(note / 5) as usize % 6]),
            nags: if note % 7 == 1 {
                vec![note]
            } else {
                Vec::new()
            },
            comments: match note % 11 {
                2 => vec![DocComment {
                    text: format!(" note {note} "),
                    line: false,
                }],
                3 => vec![DocComment {
                    text: " to the end of the line".into(),
                    line: true,
                }],
                _ => Vec::new(),
            },
            variations: Vec::new(),
        });
        if let Some(o) = pos.outcome_after_turn(was_pass) {
            result = GameResult::parse(o.result_token());
            break;
        }
    }
    (turns, pos, result)
}

fn objects(text: &str) -> Vec<GameObject> {
    let mut out = Vec::new();
    for_each_object::<()>(
        &Source::from_text(text),
        "prop.sgn",
        &Options::default(),
        &mut |o| {
            out.push(o);
            Ok(())
        },
    )
    .expect("sink never fails");
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn legal_games_survive_format_parse_json_sgn(
        preset in 0usize..3,
        size in prop::sample::select(vec![5u8, 7, 9]),
        choices in prop::collection::vec(any::<u32>(), 0..120),
        width in 30usize..100,
    ) {
        let mut rules = Ruleset::preset(["standard", "ludus", "seesa"][preset]).expect("preset");
        rules.set("size", &size.to_string()).expect("size");
        let (turns, end, result) = random_game(rules, &choices);
        let result = result.unwrap_or(GameResult::Unknown);
        let doc = Doc {
            headers: vec![
                DocHeader::Tag { name: "Event".into(), value: "prop \"test\"".into() },
                DocHeader::Tag { name: "Result".into(), value: result.as_str().into() },
                DocHeader::Tag { name: "Rules".into(), value: rules.to_string() },
            ],
            nags: Vec::new(),
            comments: Vec::new(),
            turns,
            result,
            trailing: Vec::new(),
        };
        let mut text = String::new();
        write_game(&doc, &WriteOptions::default().width(width).reorder_tags(true), &mut text);
        let objs = objects(&text);
        prop_assert_eq!(objs.len(), 1);
        let o = &objs[0];
        prop_assert!(o.valid, "{:?}\n{}", o.errors, text);
        // `final` is the game's whole state (after a pass, the pass state and the hands too):
        // it reads back as the position the game ended in.
        let fin = o.final_position.as_deref().expect("a final position");
        let setup: seega::Setup = fin.parse().expect("the final position reads back");
        let back = seega::GameState::from_setup(rules, &setup).expect("the final position sets up");
        prop_assert_eq!(back.position(), &end, "{}", fin);
        prop_assert_eq!(o.turns.len(), doc.turns.len());
        prop_assert_eq!(o.to_doc().expect("readable"), doc);
        let back = game_text(o, width).expect("writable");
        prop_assert_eq!(back, text);
    }
}

/// The generator is not vacuous: it reaches the movement phase, chains and endings.
#[test]
fn the_generator_reaches_captures_and_endings() {
    let mut moves = 0;
    let mut chains = 0;
    let mut ended = 0;
    for seed in 0..40u32 {
        let choices: Vec<u32> = (0..300u32)
            .map(|i| {
                (i + 1)
                    .wrapping_mul(2_654_435_761)
                    .wrapping_add(seed.wrapping_mul(40_503))
            })
            .collect();
        let rules =
            Ruleset::preset(["standard", "ludus", "seesa"][seed as usize % 3]).expect("preset");
        let (turns, _, result) = random_game(rules, &choices);
        for t in &turns {
            if let DocKind::Move(_, steps) = &t.kind {
                moves += 1;
                chains += usize::from(steps.len() > 1);
            }
        }
        ended += usize::from(result.is_some());
    }
    assert!(moves > 100, "{moves} movement turns");
    assert!(chains > 0, "no chain captures");
    assert!(ended > 0, "no game ended by rule");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text in the notation's alphabet: fmt never panics, and what it writes is a fixed
    /// point; convert to sgn and back is a fixed point too.
    #[test]
    fn any_text_formats_to_a_fixed_point(
        text in "(\\[(Event|Rules|X) \"(standard|ludus|a\\\\\"b|)\"\\]\n|\\{[a-c \n]*\\}|;[a-c ]*\n|[1-3]\\.(\\.\\.)? |[a-e][1-5](,[a-e][1-5]|(-[a-e][1-5](x[a-e][1-5])?){1,2})[!?]{0,2} |-- |\\$[0-9] |1-0 |\\* |\n| ){0,40}"
    ) {
        let text = format!("{text} *");
        let opts = Options::default();
        let write = WriteOptions::default();
        if let Ok(once) = seega::tools::canonical::format_source(&Source::from_text(text.clone()), &opts, &write) {
            let twice = seega::tools::canonical::format_source(&Source::from_text(once.clone()), &opts, &write);
            prop_assert_eq!(twice.as_ref(), Ok(&once), "from {:?}", text);
        }
        let mut sgn = String::new();
        for o in objects(&text) {
            let t = game_text(&o, 80).expect("objects from text are writable");
            seega::notation::writer::push_game_text(&mut sgn, &t);
        }
        let mut again = String::new();
        for o in objects(&sgn) {
            let t = game_text(&o, 80).expect("objects from text are writable");
            seega::notation::writer::push_game_text(&mut again, &t);
        }
        prop_assert_eq!(again, sgn, "from {:?}", text);
    }
}
