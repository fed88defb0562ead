//! The `variations` target: variation nesting built from the fuzzer's bytes. Each byte after
//! the first (which picks the options, as for `check`) is an instruction: its low four bits
//! choose a piece of movetext (`(`, `)`, `(1. c2,b3 `, a turn, a comment holding a parenthesis,
//! a result, a move number, a glyph, a new game, ...), its high four bits how many times to
//! write it (1 to 20,000), so that a few bytes make thousands of nested, unclosed or stray
//! parentheses mixed with comments and results.
//!
//! Asserted: the scanner, the checker, the writer's round trip (the `roundtrip` target) and the
//! library's visitor read it without a panic or a stack overflow; every tag line is read as a
//! tag of a game, so no parenthesis hides the games after it; the tree nests no deeper than the
//! limit and holds at most four items per byte (a lone `(` is three: the variation, and
//! its errors of being misplaced and unclosed), and a `seega::limit::too-long` problem is only
//! given where the tree reached the limit; the visitor is handed one variation for each of the
//! tree's.

use seega::notation::limits::MAX_VARIATION_DEPTH;
use seega::notation::{Element, Game, Header, LineIndex, Scanner, Source};
use seega::render::diagnostic::Renderer;
use seega::{GameReader, Skip, Visitor};

use super::{check, game_spans_ok, options, problems_ok, roundtrip};

/// The pieces of movetext, chosen by an instruction's low four bits.
const PIECES: [&str; 16] = [
    "(",
    ")",
    "(1. c2,b3 ",
    ") ",
    "c2,d4 ",
    "a1,b1 ",
    "{(} ",
    ";)\n",
    "* ",
    "1-0 ",
    "1. ",
    "1... ",
    "$1 ",
    "!",
    "\n",
    "\n\n[Event \"x\"]\n\n",
];

/// How many times a piece is written, chosen by an instruction's high four bits.
const REPEATS: [usize; 16] = [
    1, 1, 1, 1, 2, 2, 3, 4, 8, 16, 63, 64, 65, 200, 2_000, 20_000,
];

/// The text stops growing past this many bytes (below the limit of movetext items).
const MAX_TEXT: usize = 256 * 1024;

/// The notation text the instructions `program` write, starting with a game's tags and a turn.
pub fn program_text(program: &[u8]) -> String {
    let mut text = String::from("[Event \"x\"]\n\n1. c2,d4 ");
    for &b in program {
        let (piece, times) = (PIECES[usize::from(b & 15)], REPEATS[usize::from(b >> 4)]);
        for _ in 0..times {
            if text.len() >= MAX_TEXT {
                return text;
            }
            text.push_str(piece);
        }
    }
    text
}

/// Variations in a tree: how many, and how deep they nest.
fn variations_in(moves: &[Element<'_>]) -> (usize, usize) {
    let (mut count, mut depth) = (0, 0);
    for el in moves {
        if let Element::Variation(v) = el {
            let (c, d) = variations_in(&v.moves);
            count += c + 1;
            depth = depth.max(d + 1);
        }
    }
    (count, depth)
}

/// Items in a tree, variations and what they hold.
fn items_in(moves: &[Element<'_>]) -> usize {
    moves.len()
        + moves
            .iter()
            .map(|el| match el {
                Element::Variation(v) => items_in(&v.moves),
                _ => 0,
            })
            .sum::<usize>()
}

/// Counts the variations the library's visitor hands on in a game.
#[derive(Default)]
struct Opened(usize);

impl Visitor for Opened {
    type Output = usize;
    fn begin_variation(&mut self) -> Skip {
        self.0 += 1;
        Skip(false)
    }
    fn end_game(&mut self) -> usize {
        std::mem::take(&mut self.0)
    }
}

/// The target: see the module's documentation.
pub fn variations(data: &[u8]) {
    let (opts, program) = options(data);
    let text = program_text(program);
    let first = data.first().copied().unwrap_or(0);
    let mut input = vec![first];
    input.extend_from_slice(text.as_bytes());
    check(&input);
    roundtrip(&input);

    let source = Source::from_text(text.as_str());
    let games: Vec<Game<'_>> = Scanner::new(source.text(), &[]).collect();
    // Every tag line is read as a tag of a game (a tag line ends the movetext before it; tag
    // lines with only blank lines between them are one game's).
    let tag_lines = text.matches("\n[Event ").count() + 1;
    let tags: usize = (games.iter())
        .map(|g| {
            g.headers
                .iter()
                .filter(|h| matches!(h, Header::Tag(_)))
                .count()
        })
        .sum();
    assert_eq!(tags, tag_lines, "every tag line is read");
    let lines = LineIndex::new(&text);
    let mut budget = 2;
    let mut reader = GameReader::new(text.as_bytes());
    for game in &games {
        game_spans_ok(&text, game);
        let (count, depth) = variations_in(&game.moves);
        assert!(depth <= MAX_VARIATION_DEPTH as usize, "nested {depth} deep");
        let items = items_in(&game.moves);
        assert!(
            items <= 4 * game.span.len() + 4,
            "{items} items in {:?}",
            game.span
        );
        let verdict = seega::validate::check_game(game, &opts);
        problems_ok(
            &text,
            &lines,
            &verdict.problems,
            &Renderer::plain(),
            &mut budget,
        );
        // (A token past its length limit, a run of glued `!`, is too long too.)
        let too_deep = |p: &&seega::validate::Problem| {
            p.code.as_str() == "seega::limit::too-long" && p.message().contains("nested")
        };
        if verdict.problems.iter().any(|p| too_deep(&p)) {
            assert_eq!(
                depth, MAX_VARIATION_DEPTH as usize,
                "too long below the limit"
            );
        }
        let opened = reader.read_game(&mut Opened::default()).ok().flatten();
        assert_eq!(opened, Some(count), "the visitor's variations");
    }
    assert!(
        reader
            .read_game(&mut Opened::default())
            .ok()
            .flatten()
            .is_none()
    );
}
