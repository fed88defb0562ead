use super::*;

fn setup(s: &str) -> Setup {
    s.parse().expect("a position string")
}

#[test]
fn an_effect_places_captures_then_moves() {
    // black places on a1 and b1 out of its hand
    let before = setup("5/5/5/5/5 b 12/12");
    let placed =
        Bitboard::from_square(Square::new(0, 0)) | Bitboard::from_square(Square::new(1, 0));
    let (pieces, hands) = apply(&before, placed, &[], Bitboard::default());
    let after = Setup {
        pieces,
        in_hand: hands,
        ..before
    };
    assert_eq!(after.to_string(), "5/5/5/5/bb3 b 10/12");
    // white steps c2-c3-b3, capturing on b3 before it stands there, and on b4
    let before = setup("5/1b3/1b3/2w2/5 w");
    let path = [Square::new(2, 1), Square::new(2, 2), Square::new(1, 2)];
    let captured =
        Bitboard::from_square(Square::new(1, 2)) | Bitboard::from_square(Square::new(1, 3));
    let (pieces, hands) = apply(&before, Bitboard::default(), &path, captured);
    let after = Setup {
        pieces,
        in_hand: hands,
        ..before
    };
    assert_eq!(after.to_string(), "5/5/1w3/5/5 w");
}

#[test]
fn a_turn_whose_effect_does_not_give_its_position_carries_it() {
    let text = "[Position \"5/5/5/5/5 b 12/12\"]\n\n1. a1,b1 {first} *\n";
    let record = crate::GameReader::new(text.as_bytes()).next();
    let object = record
        .expect("a game")
        .expect("read")
        .object(&Default::default(), "a.sgn");
    let page = PageGame::from_object(&object, 1);
    assert_eq!(page.turns.len(), 1);
    let t = &page.turns[0];
    assert_eq!(
        (t.p.as_slice(), t.b.as_ref(), t.hand),
        (&[0, 1][..], None, None)
    );
    assert_eq!(
        (page.mv.as_str(), page.c.as_slice()),
        ("bw", &[(1, "first".to_owned())][..])
    );
    // Had the referee decided otherwise, the turn would say so.
    let (before, mut after) = (setup("5/5/5/5/5 b 12/12"), setup("5/5/5/5/bb3 w 10/12"));
    after.in_hand = [9, 12];
    after.pieces[1].insert(Square::new(4, 4));
    let ply = object.turns[0].ply().expect("a ply");
    let t = PageTurn::new(&object.turns[0], &ply, &before, &after);
    let board = format!("bb{}w", ".".repeat(22));
    assert_eq!(t.b, Some(board));
    assert_eq!(t.hand, Some([9, 12]));
}
