//! The visitor sees what the syntax tree holds, piece for piece and in the same order, on every
//! sample, conformance case and fuzz regression, and on texts made to send the reader to the
//! tree at each kind of piece.

use std::path::Path;

use crate::notation::{
    Comment, Element, Header, MoveNumber, ResultToken, Span, SyntaxError, Tag, Turn,
};
use crate::{GameReader, RecordedGame, Skip, Visitor};

/// Every piece as a line of text.
#[derive(Default)]
struct Pieces {
    out: Vec<String>,
    skip: bool,
}

impl Visitor for Pieces {
    type Output = Vec<String>;
    fn begin_game(&mut self, game: &RecordedGame) {
        self.out
            .push(format!("game {} line {}", game.number(), game.line()));
    }
    fn tag(&mut self, t: &Tag<'_>) {
        self.out.push(format!("tag {t:?}"));
    }
    fn end_tags(&mut self) -> Skip {
        self.out.push("end tags".into());
        Skip(self.skip)
    }
    fn number(&mut self, n: MoveNumber) {
        self.out.push(format!("number {n:?}"));
    }
    fn turn(&mut self, t: &Turn) {
        self.out.push(format!("turn {t:?}"));
    }
    fn nag(&mut self, n: u32, span: Span) {
        self.out.push(format!("nag {n} {span:?}"));
    }
    fn comment(&mut self, c: &Comment<'_>) {
        self.out.push(format!("comment {c:?}"));
    }
    fn syntax_error(&mut self, e: &SyntaxError) {
        self.out.push(format!("error {e:?}"));
    }
    fn result(&mut self, r: ResultToken) {
        self.out.push(format!("result {r:?}"));
    }
    fn begin_variation(&mut self) -> Skip {
        self.out.push("(".into());
        Skip(false)
    }
    fn variation_result(&mut self, r: ResultToken) {
        self.out.push(format!("line result {r:?}"));
    }
    fn end_variation(&mut self) {
        self.out.push(")".into());
    }
    fn end_game(&mut self) -> Vec<String> {
        self.out.push("end".into());
        std::mem::take(&mut self.out)
    }
}

/// The pieces of `game`'s syntax tree, in the visitor's order.
fn from_tree(game: &RecordedGame, skip: bool) -> Vec<String> {
    let mut p = Pieces::default();
    p.begin_game(game);
    if game.skipped().is_some() {
        let v = game.check(&crate::Options::default());
        let e = &v.problems[0];
        p.out.push(format!("skipped {:?}", e.span));
        p.out.push("end tags".into());
        return p.end_game();
    }
    let tree = game.parse();
    for h in &tree.headers {
        match h {
            Header::Tag(t) => p.tag(t),
            Header::Comment(c) => p.comment(c),
            Header::Error(e) => p.syntax_error(e),
        }
    }
    p.out.push("end tags".into());
    if !skip {
        tree_moves(&tree.moves, &mut p);
        if let Some(r) = tree.result {
            p.result(r);
        }
        for c in &tree.trailing {
            p.comment(c);
        }
    }
    p.end_game()
}

/// The pieces of `moves`, variations and all, in the visitor's order.
fn tree_moves(moves: &[Element<'_>], p: &mut Pieces) {
    for e in moves {
        match e {
            Element::Number(n) => p.number(*n),
            Element::Turn(t) => p.turn(t),
            Element::Comment(c) => p.comment(c),
            Element::Nag(n, s) => p.nag(*n, *s),
            Element::Error(e) => p.syntax_error(e),
            Element::Variation(v) => {
                p.begin_variation();
                tree_moves(&v.moves, p);
                if let Some(r) = v.result {
                    p.variation_result(r);
                }
                p.end_variation();
            }
        }
    }
}

/// Reads `bytes` both ways, with and without skipping the movetext; `what` names it.
fn agree(what: &str, bytes: &[u8]) {
    for skip in [false, true] {
        let mut reader = GameReader::new(bytes);
        let games: Vec<_> = GameReader::new(bytes)
            .map(|g| g.expect("in memory"))
            .collect();
        for game in &games {
            let mut p = Pieces {
                skip,
                ..Pieces::default()
            };
            let mut seen = reader
                .read_game(&mut p)
                .expect("in memory")
                .expect("a game");
            if game.skipped().is_some() {
                // The error is worded by the referee's words; its place is what is compared.
                let e = seen
                    .iter()
                    .position(|s| s.starts_with("error"))
                    .expect("its error");
                let span = seen[e]
                    .split("span: ")
                    .nth(1)
                    .and_then(|s| s.split(", message").next());
                seen[e] = format!("skipped {}", span.expect("a span"));
            }
            assert_eq!(
                seen,
                from_tree(game, skip),
                "{what}: game {}",
                game.number()
            );
        }
        assert!(
            reader
                .read_game(&mut Pieces::default())
                .expect("in memory")
                .is_none(),
            "{what}"
        );
    }
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a directory of the repository") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "sgn") {
            out.push(path);
        }
    }
}

#[test]
fn the_visitor_sees_what_the_tree_holds_in_every_archive_of_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for dir in [
        "samples",
        "tests/conformance",
        "tests/fuzz-regressions",
        "tests/fixtures",
    ] {
        files(&root.join(dir), &mut all);
    }
    assert!(all.len() > 30, "{} archives", all.len());
    for path in &all {
        agree(
            &path.display().to_string(),
            &std::fs::read(path).expect("readable"),
        );
    }
}

#[test]
fn the_visitor_sees_what_the_tree_holds_where_the_reader_gives_up() {
    let cases: &[&[u8]] = &[
        b"[Event \"a \\\"quoted\\\" b\"]\n\n1. a1,b1 *\n",
        b"[Event \"x\"\n[Site \"y\"]\n\n1. a1,b1 *\n",
        b"[Event \"caf\xe9\"]\n\n1. a1,b1 *\n",
        b"\xef\xbb\xbf[Event \"bom\"]\n\n1. a1,b1 *\n",
        b"{ before } [Event \"x\"] { among }\n\n{ first } 1. a1,b1 {c} $3 a2,b2! *\n",
        b"1. a1,b1 7. Z9 a2,b2 *\n",
        b"1. a1,b1 7.zz a2,b2 *\n",
        b"1. a1,b1 7. 8. a2,b2 $99999999999 *\n",
        b"1. a1,b1 { never closed\n\n[Event \"next\"]\n\n1. a1,b1 *\n",
        b"1. a1,b1 a2,b2\n",
        b"1. a1,b1 * { same line } ; and this\n{ later }\n; last\n",
        b"1. a1,b1 * {\n",
        b"1. a1,b1\r\n2. c1-c2xc3-c4xb4xd4 -- 1-0 {x}\r\n\r\n[Rules \"seesa\"]\r\n\r\n1. a1,b1 0-1\r\n",
        b"13. c3-c2xc1? c4-c3xb3xd3!! 14... -- *",
        b"1. a1,b1 1-O\n",
        b"",
        b"{ only a comment }\n",
        b"\x00\x01\x02 binary \xff\xfe\n",
    ];
    for (k, case) in cases.iter().enumerate() {
        agree(&format!("case {k}"), case);
    }
    let mut long = b"[Event \"long\"]\n\n".to_vec();
    long.extend(b"1. a1,b1 ".repeat(crate::notation::limits::MAX_MOVETEXT / 2 + 5));
    long.extend(b"*\n");
    agree("past the movetext limit", &long);
    let mut skipped = b"1. a1,b1 *\n\n".to_vec();
    skipped.extend(std::iter::repeat_n(
        b'x',
        crate::notation::limits::MAX_UNCUT_BYTES + 10,
    ));
    skipped.extend(b"\n\n1. c3,d4 *\n");
    agree("a stretch skipped unread", &skipped);
}
