//! The game objects' own tests: turns after an error, text kept, bad fields refused.

use super::*;
use crate::archive::for_each_object;
use crate::notation::Source;
use crate::validate::Options;

fn objects(text: &str) -> Vec<GameObject> {
    let mut out = Vec::new();
    for_each_object::<()>(
        &Source::from_text(text),
        "t.sgn",
        &Options::default(),
        &mut |o| {
            out.push(o);
            Ok(())
        },
    )
    .unwrap();
    out
}

#[test]
fn turns_after_an_error_are_kept_as_written() {
    let o = &objects("1. c2,d4 a1,a2 2. c3,e5 b1,b2 *")[0];
    assert!(!o.valid);
    let legal: Vec<bool> = o.turns.iter().map(|t| t.legal).collect();
    assert_eq!(legal, [true, true, false, false]);
    assert_eq!(o.turns[2].side, None);
    assert_eq!(o.turns[3].squares, ["b1", "b2"]);
    assert_eq!(o.errors[0].code, "seega::place::centre");
    assert_eq!(o.source, None, "an illegal game is still canonical");
}

#[test]
fn unreadable_games_keep_their_text() {
    let o = &objects("[A \"b\"]\n1. c2,d4 b2b3 *\n")[0];
    assert_eq!(o.source.as_deref(), Some("[A \"b\"]\n1. c2,d4 b2b3 *"));
    assert_eq!(game_text(o, 80).unwrap(), "[A \"b\"]\n1. c2,d4 b2b3 *\n");
}

#[test]
fn bad_fields_are_refused_with_their_turn() {
    let good = objects("1. c2,d4 *")[0].clone();
    let mut o = good.clone();
    o.turns[0].squares[1] = "j1".into();
    assert_eq!(o.to_doc().unwrap_err(), "turn 1: `j1` is not a square");
    let mut o = good.clone();
    o.turns[0].squares.pop();
    assert!(o.to_doc().unwrap_err().contains("exactly two squares"));
    for (text, why) in [("a } b", "`}`"), ("a\r[B \"c\"]", "starts with `[`")] {
        let mut o = good.clone();
        let line = false;
        o.turns[0].comments.push(CommentObject {
            text: text.into(),
            line,
        });
        assert!(o.to_doc().unwrap_err().contains(why), "{text:?}");
    }
    let mut o = good.clone();
    o.result = Some("2-0".into());
    assert_eq!(o.to_doc().unwrap_err(), "`2-0` is not a result");
    let mut o = good;
    o.headers.push(HeaderItem::Tag {
        name: "Bad Name".into(),
        value: String::new(),
    });
    assert!(o.to_doc().unwrap_err().contains("not a tag name"));
}

#[test]
fn a_line_is_replayed_from_its_branch_point_and_only_when_reached() {
    // 1.1's second turn is illegal (a1 taken); 1.2 branches after the main line's turn 1.
    let text = "1. c2,d4 (1. a1,b1 a1,a2) (1. e5,e4 a1,a2 (1... b1,b2)) 1... a1,b1 \
                2. c3,e1 (2. e5,e4) 2... e5,e4 (2... e3,e2) *";
    let o = &objects(text)[0];
    let line = |p: &str| o.replay_line(&p.parse().unwrap());
    let plys = |p: &str| -> Vec<String> {
        let r = line(p).unwrap();
        r.turns.iter().map(|(_, ply, _)| ply.to_string()).collect()
    };
    assert_eq!(plys(""), ["c2,d4", "a1,b1"]);
    assert_eq!(
        line("").unwrap().start.setup(),
        o.replay().unwrap().start.setup()
    );
    assert_eq!(plys("1.1"), ["a1,b1"]);
    assert_eq!(plys("1.2"), ["e5,e4", "a1,a2"]);
    assert_eq!(plys("1.2/2.1"), ["e5,e4", "b1,b2"]);
    // Turn 3 (c3,e1) is illegal: its alternative 3.1 starts from a position reached but was
    // not played (none of its turns legal); 4.1, after it, is never reached.
    assert_eq!(plys("3.1"), ["c2,d4", "a1,b1"]);
    assert!(line("4.1").is_none() && o.variation(&"4.1".parse().unwrap()).is_some());
    assert!(line("1.3").is_none() && line("9.1").is_none());
    let last = line("1.2/2.1").unwrap();
    assert_eq!(last.turns[1].0.line, 1);
    assert_eq!(
        o.variation(&"1.2/2.1".parse().unwrap()).unwrap().turns[0].notation(),
        "b1,b2"
    );
}
