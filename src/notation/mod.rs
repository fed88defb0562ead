//! The notation: source text, the syntax tree, the scanner and the token parser.
//!
//! This module knows no rules: `f2` on a 5×5 board is a well-formed square here, and a
//! placement on an occupied square is a well-formed placement. Legality is `validate`'s job.
//!
//! Its public face is the syntax tree of a game ([`Game`] and its parts), which
//! [`crate::parse`] yields through a [`Scanner`], and the [`limits`] of what is read.
//!
//! Bytes become text through a [`Source`], which marks what is not UTF-8; a [`Scanner`] reads
//! the text's games, each a [`Game`] of [`Header`]s and movetext [`Element`]s with their
//! [`Span`]s; a [`LineIndex`] turns an offset into a [`LineCol`]:
//!
//! ```
//! use seega::notation::{
//!     Annotation, BOM, Captures, Element, Encoding, Game, GameResult, Header, LineCol,
//!     LineIndex, MoveNumber, ResultToken, Scanner, Source, Span, SquareAt, Step, Steps,
//!     SyntaxError, SyntaxKind, Tag, TurnKind,
//! };
//!
//! let bytes = b"[Event \"Cup\"]\n{ before }\n\n1. a1,b1 a2,b2 2... b2-b3xc3! $1 zz 1-0\n";
//! let source = Source::from_bytes(bytes);
//! assert!(source.invalid().is_empty());
//! let text = source.text();
//! let mut games = Scanner::new(text, source.invalid());
//! let game: Game<'_> = games.next().unwrap();
//! assert!(games.next().is_none() && games.outside_games().is_empty());
//!
//! assert_eq!(game.number(), 1);
//! let event: &Tag<'_> = game.tag("Event").unwrap();
//! assert_eq!((event.value.as_ref(), event.value_span.of(text)), ("Cup", "Cup"));
//! let Header::Comment(c) = &game.headers[1] else { panic!() };
//! assert_eq!((c.text, c.line), (" before ", false));
//! let result: ResultToken = game.result_token().unwrap();
//! assert_eq!((result.result, result.span.of(text)), (GameResult::WhiteWins, "1-0"));
//! assert_eq!(GameResult::parse("1-0"), Some(GameResult::WhiteWins));
//! assert_eq!(GameResult::Draw.as_str(), "1/2-1/2");
//!
//! let mut kinds = Vec::new();
//! for el in &game.moves {
//!     kinds.push(match el {
//!         Element::Number(n) => {
//!             let n: &MoveNumber = n;
//!             format!("number {} (turn {})", n.number, n.turn())
//!         }
//!         Element::Turn(t) => match &t.kind {
//!             TurnKind::Place(a, b) => format!("place {} {}", a.square, b.square),
//!             TurnKind::Move { from, steps } => {
//!                 let (from, steps): (&SquareAt, &Steps) = (from, steps);
//!                 let step: &Step = &steps[0];
//!                 let captures: &Captures = &step.captures;
//!                 format!(
//!                     "move {} to {} capturing {}{}",
//!                     from.square,
//!                     step.to.square,
//!                     captures[0].square,
//!                     t.annotation.map_or("", Annotation::as_str),
//!                 )
//!             }
//!             TurnKind::Pass => "pass".to_owned(),
//!         },
//!         Element::Nag(n, _) => format!("glyph {n}"),
//!         Element::Comment(c) => format!("comment {}", c.text),
//!         Element::Error(e) => {
//!             let e: &SyntaxError = e;
//!             assert_eq!(e.kind, SyntaxKind::UnknownToken);
//!             format!("error at {}: {}", e.span.of(text), e.message)
//!         }
//!         _ => "something new".to_owned(),
//!     });
//! }
//! assert_eq!(kinds, [
//!     "number 1 (turn 1)",
//!     "place a1 b1",
//!     "place a2 b2",
//!     "number 2 (turn 4)",
//!     "move b2 to b3 capturing c3!",
//!     "glyph 1",
//!     "error at zz: `zz` is not a turn, a move number, an annotation or a result",
//! ]);
//! assert_eq!(Annotation::parse("!"), Some(Annotation::Good));
//!
//! let span = Span::new(text.find("zz").unwrap(), text.find("zz").unwrap() + 2);
//! assert_eq!((span.len(), span.is_empty()), (2, false));
//! let lines = LineIndex::new(text);
//! assert_eq!(lines.line_col(text, span.start), LineCol { line: 4, column: 34 });
//! assert_eq!(lines.lines(), 5); // four lines ending in a break, and the empty one after
//!
//! // A byte-order mark is dropped; the encoding is UTF-8 unless another is asked for.
//! let marked = Source::from_bytes(&[BOM, b"1. a1,b1 *"].concat());
//! assert_eq!(marked.text(), "1. a1,b1 *");
//! assert_eq!(Encoding::Utf8.as_str(), "UTF-8");
//! ```
//!
//! # Inside
//!
//! text, and nothing of the rules: `Source` (bytes → text, invalid UTF-8 marked; `source::utf8`,
//! whether bytes are UTF-8 (asked of every chunk before the fast lane reads it in place, and by
//! `Source::from_bytes`): `std::str::from_utf8`'s answer, found by simdutf8 with vector
//! instructions and tested against std's (where UTF-8 stops is std's); `Source::decode` reads
//! Latin-1, Windows-1252 or `auto`; `byte_offset` maps every text offset back to the input's bytes,
//! so writers copy what they were not asked to change), `encoding` (the encodings, `Transcode`: the
//! same decoding as a reader for streams), `LineIndex` (the one place that maps byte offsets to
//! lines and character columns; column checkpoints every 4 KiB on long lines; `LineCursor` for
//! offsets in increasing order; `line_stream::LineStream`, the same answers for `convert`'s clean
//! games without indexing the chunk, each byte read about once: in CR-free text, from an offset it
//! read to, the run of bytes up to the next LF or byte that is not ASCII is found 16 bytes at a
//! time, and every later offset on the run is answered with two comparisons; past it, the LFs in
//! between are counted; anything else is asked of the `LineIndex`, built on first need), `read`
//! (the one reader of a game: `headers` reads tags (`read/tag.rs`, eight bytes at a time by
//! `read/swar.rs`) and comments up to the movetext, `movetext` reads tokens (`read/turn.rs` for
//! turns) and comments up to the result and where the game ends after it (`read/trailing.rs`); each
//! piece goes to a visitor — the `Headers` and `Visitor` traits — as it is read, and whatever the
//! reader refuses goes to the visitor's `refused`, which gives up or reads it itself;
//! `read/tree.rs` is the visitor that builds one token's tree, or keeps where and why the reader
//! refused it), `lex` (the notation's bytes, one definition each: blank space, line ends, comment
//! ends, what ends a token), `Scanner` (archive → games → tags, comments, tokens with spans: the
//! syntax tree as a visitor of the reader, `scan/tree.rs`, which reads what the reader refuses the
//! full way in `scan/items.rs`, with the limits; a comment opens no game, and bad bytes in the
//! comments of a text of only comments are kept as `Scanner::outside_games`, reported at game 0 —
//! in a stream's chunk, the game before it; `scan/tag.rs` words a tag the reader refused, from
//! where and at which part it stopped: tags and comments are read once, by the reader), `token`
//! (the parser of one token, `parse_token`: the reader as a nom parser, in the narrow window and
//! then in the wide one, and the words of every malformed token from where and why the reader
//! refused it), `window` (the pieces of a token read from a fixed window, narrow for the lane and
//! wide enough for any token, under `read`), `ast` (the syntax tree), `limits` (the limits below),
//! `writer` (the canonical writer: a `Doc` — a game's content without layout — to text; it knows no
//! rules, the captures to write are given to it; `Doc::read` is the one mapping of a syntax tree's
//! items to a game's content, which the JSON objects use too).

pub(crate) mod ast;
pub(crate) mod encoding;
pub(crate) mod lex;
pub mod limits;
mod line_path;
pub(crate) mod line_stream;
pub(crate) mod read;
pub(crate) mod scan;
pub(crate) mod source;
mod tags;
#[cfg(test)]
mod tests;
pub(crate) mod token;
pub(crate) mod window;
pub mod writer;

// Named one by one rather than by a glob, so that the docs show them here.
pub use ast::{
    Annotation, Captures, Comment, Element, Game, GameResult, Header, MoveNumber, ResultToken,
    Span, SquareAt, Step, Steps, SyntaxError, SyntaxKind, Tag, Turn, TurnKind, Variation,
};
pub use encoding::Encoding;
pub use line_path::{BadLinePath, Branch, LinePath};
pub(crate) use line_stream::LineStream;
pub use scan::Scanner;
pub use source::{BOM, LineCol, LineIndex, Source};
pub use tags::{KNOWN_TAGS, tag_meaning};
