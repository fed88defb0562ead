use super::*;
use crate::notation::Scanner;

fn doc(text: &str) -> Doc {
    let g = Scanner::new(text, &[]).next().unwrap();
    Doc::from_game(&g, &|_| None).unwrap()
}

fn write(d: &Doc, width: usize) -> String {
    let mut s = String::new();
    write_game(
        d,
        &WriteOptions {
            width,
            reorder_tags: true,
        },
        &mut s,
    );
    s
}

#[test]
fn tags_are_reordered_with_their_comments() {
    let d = doc("{lead}\n[X \"1\"]\n[Black \"a\\\"b\"] ; who\n[Event \"e\"]\nc2,d4 *");
    assert_eq!(
        write(&d, 80),
        "{lead}\n[Event \"e\"]\n[Black \"a\\\"b\"]\n; who\n[X \"1\"]\n\n1. c2,d4 *\n"
    );
}

#[test]
fn movetext_wraps_and_keeps_notes_in_place() {
    let d = doc("1. c2,d4 $3 {a b} e1,e2!? ; end\n 7. a1,a2 *");
    assert_eq!(
        write(&d, 20),
        "1. c2,d4 $3 {a b}\ne1,e2!? ; end\n2. a1,a2 *\n"
    );
}

#[test]
fn given_captures_replace_the_written_ones() {
    let g = Scanner::new("b2-b3-b4xc4 *", &[]).next().unwrap();
    let c3 = Square::new(2, 2);
    let d = Doc::from_game(&g, &|_| Some(vec![vec![c3], vec![]])).unwrap();
    assert_eq!(write(&d, 80), "1. b2-b3xc3-b4 *\n");
}

#[test]
fn syntax_errors_have_no_canonical_form() {
    let g = Scanner::new("b2b3 *", &[]).next().unwrap();
    assert_eq!(Doc::from_game(&g, &|_| None), Err(NotWritable));
    let g = Scanner::new("c2,d4", &[]).next().unwrap();
    assert_eq!(Doc::from_game(&g, &|_| None), Err(NotWritable));
}
