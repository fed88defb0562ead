//! The token parser, the window reader and nom together, held to the grammar: what each
//! token reads as, and where the error of a malformed one points.

use super::*;
use crate::notation::ast::SyntaxKind;
use crate::notation::token::{meant_result, parse_token_nom};

fn ok(tok: &str) -> Token {
    parse_token(tok, 0).unwrap_or_else(|e| panic!("{tok}: {e:?}"))
}

fn err(tok: &str) -> (SyntaxKind, String) {
    let e = parse_token(tok, 0).unwrap_err();
    (e.kind, e.span.of(tok).to_owned())
}

#[test]
fn turns_parse() {
    let t = ok("b2-b3xb4xc3-b4xa4!?");
    let Some(Body::Turn(turn)) = t.body else {
        panic!()
    };
    assert_eq!(turn.annotation, Some(Annotation::Interesting));
    let TurnKind::Move { from, steps } = turn.kind else {
        panic!()
    };
    assert_eq!(from.square.to_string(), "b2");
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0].captures.len(), 2);
    assert_eq!(steps[1].captures[0].span, Span::new(15, 17));
    assert!(matches!(ok("c2,d4").body, Some(Body::Turn(_))));
    assert!(matches!(ok("--").body, Some(Body::Turn(_))));
    assert!(matches!(ok("$14").body, Some(Body::Nag(14, _))));
}

#[test]
fn numbers_and_results_parse() {
    let t = ok("16...");
    assert_eq!(t.number.unwrap().turn(), 32);
    assert!(t.body.is_none());
    let t = ok("7.c4-c3");
    assert_eq!(t.number.unwrap().turn(), 13);
    assert!(t.body.is_some());
    for r in ["1-0", "0-1", "1/2-1/2", "*"] {
        assert!(matches!(ok(r).body, Some(Body::Result(_))), "{r}");
    }
}

#[test]
fn the_fast_reader_agrees_with_nom() {
    let toks = [
        "b2-b3xb4xc3-b4xa4!?",
        "c2,d4",
        "c2,d4!!",
        "--",
        "--?",
        "7.c4-c3",
        "16...",
        "7.",
        "1-0",
        "0-1",
        "1/2-1/2",
        "*",
        "12...--",
        "i9-i8xi7",
        "3.a1,a2?!",
    ];
    for tok in toks {
        let fast = read_whole(tok, 5);
        assert!(fast.is_some(), "{tok} is read by the window reader");
        assert_eq!(
            fast.as_ref(),
            parse_token_nom(tok, 5).as_ref().ok(),
            "{tok}"
        );
    }
    assert!(read_whole("$14", 0).is_some());
    let bad = [
        "b2-",
        "c2,",
        "a10-a9",
        "b2-j1",
        "c2,d44",
        "b2-b3xq",
        "b2-b3+",
        "1-O",
        "b2b3",
        "$x",
        "0.",
        "99999999999999999999.",
        "c2,d4!!!",
        "c2,d4?x",
        "7..",
        "--x",
        "a1",
        "x",
    ];
    for tok in bad {
        if let Some(t) = read_whole(tok, 0) {
            assert_eq!(Ok(t), parse_token_nom(tok, 0), "{tok}");
        }
    }
}

#[test]
fn errors_point_at_the_bad_part() {
    assert_eq!(err("b2-"), (SyntaxKind::BadMove, "".into()));
    assert_eq!(parse_token("b2-", 10).unwrap_err().span, Span::new(13, 13));
    assert_eq!(err("c2,"), (SyntaxKind::BadPlacement, "".into()));
    assert_eq!(err("a10-a9"), (SyntaxKind::UnknownToken, "a10-a9".into()));
    assert_eq!(err("b2-j1"), (SyntaxKind::BadSquare, "j1".into()));
    assert_eq!(err("c2,d44"), (SyntaxKind::BadSquare, "d44".into()));
    assert_eq!(err("b2-b3xq"), (SyntaxKind::BadSquare, "q".into()));
    assert_eq!(err("b2-b3+"), (SyntaxKind::BadMove, "+".into()));
    assert_eq!(err("1-O"), (SyntaxKind::UnknownToken, "1-O".into()));
    assert_eq!(
        err("99999999999999999999."),
        (SyntaxKind::NumberOverflow, "99999999999999999999.".into())
    );
    assert_eq!(err("b2b3"), (SyntaxKind::BadTurn, "b3".into()));
    assert_eq!(err("c2.d4"), (SyntaxKind::BadTurn, ".d4".into()));
    assert_eq!(err("$x").0, SyntaxKind::BadNag);
    assert_eq!(err("c5"), (SyntaxKind::LoneSquare, "c5".into()));
    assert_eq!(err("C5,D1"), (SyntaxKind::Uppercase, "C5,D1".into()));
    assert_eq!(err("B2-b3xC3"), (SyntaxKind::Uppercase, "B2-b3xC3".into()));
    assert_eq!(err("1:0"), (SyntaxKind::ResultTypo, "1:0".into()));
}

#[test]
fn misspelt_results_name_the_result_meant() {
    for (tok, meant) in [
        ("1:0", "1-0"),
        ("0:1", "0-1"),
        ("1-0.", "1-0"),
        ("0–1", "0-1"),
        ("½-½", "1/2-1/2"),
        ("1/2", "1/2-1/2"),
        ("0.5-0.5", "1/2-1/2"),
        ("1/2:1/2", "1/2-1/2"),
        ("*.", "*"),
    ] {
        assert_eq!(meant_result(tok), Some(meant), "{tok}");
    }
    for tok in ["1-0", "*", "1.", "0.", "10", "1:1", "c2,d4"] {
        assert_eq!(meant_result(tok), None, "{tok}");
    }
}
