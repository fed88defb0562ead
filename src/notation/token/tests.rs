//! The token parser held to the grammar: what each token reads as, in the narrow window and
//! the wide one, and where the error of a malformed one points.

use super::*;
use crate::notation::Annotation;

/// The token `tok` (at `base`) as the wide window reads it, all of it.
fn wide(tok: &str, base: usize) -> Token {
    match token(tok) {
        Ok(("", t)) => shifted(t, base),
        other => panic!("{tok}: {other:?}"),
    }
}

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
fn the_narrow_window_reads_as_the_wide_one() {
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
        assert!(fast.is_some(), "{tok} is read by the narrow window");
        assert_eq!(fast, Some(wide(tok, 5)), "{tok}");
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
            panic!("the narrow window reads {tok}, which the wide one refuses, as {t:?}");
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

#[test]
fn the_token_parser_is_a_nom_parser() {
    use nom::Parser;
    use nom::character::complete::char;
    use nom::multi::separated_list1;
    let (rest, tokens) = separated_list1(char(' '), token)
        .parse("7.c4-c3 $2 8...--! 1-0{end}")
        .expect("four tokens");
    assert_eq!(rest, "{end}");
    let bodies: Vec<_> = tokens.iter().map(|t| t.body.clone()).collect();
    assert!(matches!(
        bodies.as_slice(),
        [
            Some(Body::Turn(_)),
            Some(Body::Nag(2, _)),
            Some(Body::Turn(_)),
            Some(Body::Result(_))
        ]
    ));
    assert_eq!(
        tokens[2].number.map(|n| (n.number, n.second)),
        Some((8, true))
    );
    // A refusal says where the trouble starts and what it is.
    match token("c4-c9x") {
        Err(nom::Err::Failure(e)) => assert_eq!((e.input, e.kind), ("", SyntaxKind::BadSquare)),
        other => panic!("{other:?}"),
    }
    match token("c4-c99") {
        Err(nom::Err::Failure(e)) => assert_eq!((e.input, e.kind), ("c99", SyntaxKind::BadSquare)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn what_the_narrow_window_cannot_hold_the_wide_one_reads() {
    for tok in [
        "1000000000.",
        "0000000007...c2,d4",
        "$0000000000000005",
        "12.$3",
        "b2-b3xb4xc3xd3!!",
    ] {
        assert_eq!(
            parse_token(tok, 0).map(|t| t.body.is_some() || t.number.is_some()),
            Ok(true),
            "{tok}"
        );
    }
    assert_eq!(err("2147483647.").0, SyntaxKind::NumberOverflow);
    assert_eq!(err("$4294967296").0, SyntaxKind::BadNag);
    let long = format!("a1{}", "-a2-a1".repeat(200));
    assert_eq!(err(&long).0, SyntaxKind::TokenTooLong);
    // Refused unread: not taken for a turn in capitals.
    assert_eq!(err(&long.to_uppercase()).0, SyntaxKind::TokenTooLong);
}

/// A movetext item as the nom grammar below and the syntax tree both give it, without spans.
#[derive(Debug, PartialEq, Eq)]
enum Shape {
    Number(u32, bool),
    Turn(String),
    Nag(u32),
    Result(GameResult),
    Line(Vec<Shape>),
}

/// The movetext of N5 and N9 as nom combinators over [`token`]: tokens and variations
/// (`(`, the same items, `)`) separated by blank space, up to the end (comments left out).
fn nom_items(input: &str) -> IResult<&str, Vec<Shape>, Refused<'_>> {
    use nom::Parser;
    use nom::branch::alt;
    use nom::character::complete::{char, multispace0};
    use nom::combinator::{eof, map, not};
    use nom::multi::many0;
    use nom::sequence::{delimited, preceded};
    let line = delimited(char('('), nom_items, preceded(multispace0, char(')')));
    // A `)` ends the items of a variation, the end of the text all of them; `token` refuses
    // either for good (a nom failure).
    let tok = map(preceded((not(char(')')), not(eof)), token), |t| {
        let mut out = Vec::new();
        if let Some(n) = t.number {
            out.push(Shape::Number(n.number, n.second));
        }
        match t.body {
            Some(Body::Turn(turn)) => out.push(Shape::Turn(kind_text(&turn.kind))),
            Some(Body::Nag(n, _)) => out.push(Shape::Nag(n)),
            Some(Body::Result(r)) => out.push(Shape::Result(r.result)),
            None => {}
        }
        out
    });
    let item = alt((map(line, |l| vec![Shape::Line(l)]), tok));
    map(many0(preceded(multispace0, item)), |v| {
        v.into_iter().flatten().collect()
    })
    .parse(input)
}

/// The items of the syntax tree's `moves` as [`Shape`]s.
fn tree_items(moves: &[crate::notation::Element<'_>]) -> Vec<Shape> {
    use crate::notation::Element;
    let mut out = Vec::new();
    for el in moves {
        match el {
            Element::Number(n) => out.push(Shape::Number(n.number, n.second)),
            Element::Turn(t) => out.push(Shape::Turn(kind_text(&t.kind))),
            Element::Nag(n, _) => out.push(Shape::Nag(*n)),
            Element::Variation(v) => {
                let mut line = tree_items(&v.moves);
                line.extend(v.result.map(|r| Shape::Result(r.result)));
                out.push(Shape::Line(line));
            }
            Element::Comment(_) | Element::Error(_) => {}
        }
    }
    out
}

#[test]
fn variations_nest_as_the_nom_grammar_reads_them() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/samples/variations.sgn");
    let sample = std::fs::read_to_string(sample).expect("the sample");
    let mut texts = vec![
        "1. c2,d4 (1. c2,b3) 1... a1,b1 *".to_owned(),
        "1.c2,d4(1.c2,b3(1.e1,e2 $3)(1.a1,a2 2.b1,b2 *))1...a1,b1 $1 (1...e5,e4)*".to_owned(),
        "c2,d4 ((((c1,c2)))) *".to_owned(),
    ];
    // The sample's games without their comments (the grammar above leaves them out).
    for game in crate::parse(&sample) {
        let mut text = String::new();
        write_items(&game.moves, game.text(), &mut text);
        text.push_str(game.result.map_or("", |r| r.result.as_str()));
        texts.push(text);
    }
    for text in &texts {
        let game = crate::parse(text).next().expect("a game");
        let (rest, mut items) = nom_items(text).expect("the grammar reads it");
        assert_eq!(rest.trim(), "", "{text}");
        let mut tree = tree_items(&game.moves);
        tree.extend(game.result.map(|r| Shape::Result(r.result)));
        // The grammar reads the game's result as its last item.
        if items.last() != tree.last() {
            items.extend(game.result.map(|r| Shape::Result(r.result)));
        }
        assert_eq!(items, tree, "{text}");
        assert!(tree.iter().any(|s| matches!(s, Shape::Line(_))), "{text}");
    }
}

/// Writes the items of `moves` (of `text`) back as tokens, comments left out.
fn write_items(moves: &[crate::notation::Element<'_>], text: &str, out: &mut String) {
    use crate::notation::Element;
    for el in moves {
        match el {
            Element::Number(n) => push_token(out, n.span.of(text)),
            Element::Turn(t) => push_token(out, t.span.of(text)),
            Element::Nag(_, span) => push_token(out, span.of(text)),
            Element::Variation(v) => {
                out.push('(');
                write_items(&v.moves, text, out);
                if let Some(r) = v.result {
                    out.push_str(r.result.as_str());
                }
                out.push_str(") ");
            }
            Element::Comment(_) | Element::Error(_) => {}
        }
    }
}

fn push_token(out: &mut String, token: &str) {
    out.push_str(token);
    out.push(' ');
}

/// What a turn does, without its spans: its squares in order.
fn kind_text(kind: &TurnKind) -> String {
    match kind {
        TurnKind::Place(a, b) => format!("{},{}", a.square, b.square),
        TurnKind::Pass => "--".to_owned(),
        TurnKind::Move { from, steps } => {
            let mut s = from.square.to_string();
            for step in steps {
                s.push_str(&format!("-{}", step.to.square));
                for c in &step.captures {
                    s.push_str(&format!("x{}", c.square));
                }
            }
            s
        }
    }
}
