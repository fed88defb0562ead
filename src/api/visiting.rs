//! The streaming reader's visitor: the pieces of each game handed to a program as they are
//! read, in file order, without a syntax tree, in pgn-reader's shape.
//!
//! A well-formed game is read by the one reader of games (`notation::read`), the same that
//! feeds the syntax tree and the fast lane of `seega check`, with this module's adapter as its
//! visitor: nothing is allocated but a movement's steps beyond the first. Where that reader
//! refuses something (a malformed tag, token or comment, bytes that are not UTF-8, a limit
//! passed), the game's syntax tree is built and the pieces the adapter had not yet handed on
//! are handed on from it, errors included, so that a visitor sees exactly what [`crate::parse`]
//! reads, in the same order (a test holds the two to it on every sample and conformance case).

use crate::notation::ast::{Body, Token};
use crate::notation::limits::{MAX_HEADERS, MAX_MOVETEXT};
use crate::notation::read::tree::Builder;
use crate::notation::read::{self, Headers as ReadHeaders, TagAt, Visitor as ReadVisitor};
use crate::notation::{
    Annotation, Comment, Element, Game, Header, MoveNumber, ResultToken, Span, SquareAt,
    SyntaxError, SyntaxKind, Tag, Turn,
};

use super::records::RecordedGame;

/// Whether to skip what follows: answered by [`Visitor::end_tags`]. `Skip(true)` skips the
/// game's movetext: [`Visitor::end_game`] comes next.
///
/// ```
/// use seega::{Skip, Visitor};
///
/// /// The number of turns of the games whose Event is "Cup", `None` for the others.
/// #[derive(Default)]
/// struct CupTurns { cup: bool, turns: usize }
///
/// impl Visitor for CupTurns {
///     type Output = Option<usize>;
///     fn tag(&mut self, tag: &seega::notation::Tag<'_>) {
///         self.cup |= tag.name == "Event" && tag.value == "Cup";
///     }
///     fn end_tags(&mut self) -> Skip {
///         Skip(!self.cup)
///     }
///     fn turn(&mut self, _: &seega::notation::Turn) {
///         self.turns += 1;
///     }
///     fn end_game(&mut self) -> Option<usize> {
///         let done = std::mem::take(self);
///         done.cup.then_some(done.turns)
///     }
/// }
///
/// let text = "[Event \"Cup\"]\n\n1. a1,b1 a2,b2 *\n\n[Event \"Club\"]\n\n1. c1,d1 *\n";
/// let mut reader = seega::GameReader::new(text.as_bytes());
/// let mut visitor = CupTurns::default();
/// assert_eq!(reader.read_game(&mut visitor)?, Some(Some(2)));
/// assert_eq!(reader.read_game(&mut visitor)?, Some(None));
/// assert_eq!(reader.read_game(&mut visitor)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Skip(pub bool);

/// What a program reading games piece by piece implements: each method is called as its piece
/// is read, in file order ([`GameReader::read_game`](crate::GameReader::read_game),
/// [`RecordedGame::visit`]). Every method but [`Visitor::end_game`] does nothing by default.
/// Spans are offsets in the game's text as [`RecordedGame::parse`] gives them.
///
/// The pieces of a game come in this order: [`Visitor::begin_game`]; its tags and the comments
/// among them; [`Visitor::end_tags`]; its move numbers, turns, glyphs, comments and the errors
/// of what could not be read, as written, each variation among them from
/// [`Visitor::begin_variation`] to [`Visitor::end_variation`]; its result (none when the game has no result, which
/// is then one of the errors); the comments after the result that are the game's; and
/// [`Visitor::end_game`]. The reader never judges legality: a turn is what is written.
///
/// Counting the captures written in an archive, without a syntax tree:
///
/// ```
/// use seega::notation::{Turn, TurnKind};
///
/// struct Captures(usize);
///
/// impl seega::Visitor for Captures {
///     type Output = usize;
///     fn turn(&mut self, turn: &Turn) {
///         if let TurnKind::Move { steps, .. } = &turn.kind {
///             self.0 += steps.iter().map(|s| s.captures.len()).sum::<usize>();
///         }
///     }
///     fn end_game(&mut self) -> usize {
///         std::mem::take(&mut self.0)
///     }
/// }
///
/// let text = "1. a1,b1 a2,b2 *\n\n[Event \"two\"]\n\n13. c3-c2xc1 c4-c3xb3xd3 *\n";
/// let mut reader = seega::GameReader::new(text.as_bytes());
/// let mut captures = Captures(0);
/// assert_eq!(reader.read_game(&mut captures)?, Some(0));
/// assert_eq!(reader.read_game(&mut captures)?, Some(3));
/// assert_eq!(reader.read_game(&mut captures)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Visitor {
    /// What [`Visitor::end_game`] gives for a game.
    type Output;

    /// A game starts: its number and line in the file, and its text (a stretch skipped unread,
    /// [`RecordedGame::skipped`], comes as a game whose one piece is its error).
    fn begin_game(&mut self, _game: &RecordedGame) {}

    /// A tag pair, its value unescaped.
    fn tag(&mut self, _tag: &Tag<'_>) {}

    /// The tags are read; `Skip(true)` skips the movetext.
    fn end_tags(&mut self) -> Skip {
        Skip(false)
    }

    /// A move number, `7.` or `7...`.
    fn number(&mut self, _number: MoveNumber) {}

    /// A turn: a placement, a movement (its steps and the captures written) or a pass.
    fn turn(&mut self, _turn: &Turn) {}

    /// A numeric annotation glyph `$N`, written at `span`.
    fn nag(&mut self, _value: u32, _span: Span) {}

    /// A comment, among the tags, in the movetext or after the result.
    fn comment(&mut self, _comment: &Comment<'_>) {}

    /// What could not be read, with its kind, span and message, where it stands.
    fn syntax_error(&mut self, _error: &SyntaxError) {}

    /// The game's result token.
    fn result(&mut self, _result: ResultToken) {}

    /// A variation opens (`(`): an alternative to the turn before it, whose pieces come next
    /// (its variations among them), up to [`Visitor::end_variation`], when this answers
    /// `Skip(false)`. By default it answers `Skip(true)`: a visitor that does not ask for
    /// variations reads the main line only (`end_variation` still comes).
    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    /// The result written at the end of a variation: its own line's, not the game's.
    fn variation_result(&mut self, _result: ResultToken) {}

    /// The variation ends (its `)`, or the game's end when it is left open: the error saying
    /// so comes before).
    fn end_variation(&mut self) {}

    /// The game ends: what the visitor made of it.
    fn end_game(&mut self) -> Self::Output;
}

/// Hands the pieces of `game` to `v`, in file order.
pub(crate) fn visit<V: Visitor>(game: &RecordedGame, v: &mut V) -> V::Output {
    v.begin_game(game);
    if let Some(bytes) = game.skipped() {
        let len = game.text().chars().next().map_or(0, char::len_utf8);
        let start = game.offset();
        v.syntax_error(&SyntaxError {
            kind: SyntaxKind::TooLong,
            span: Span::new(start, start + len),
            message: crate::validate::uncut_message(bytes),
        });
        v.end_tags();
        return v.end_game();
    }
    let (text, invalid) = game.source();
    // The reader reads no undecodable bytes nor a byte-order mark: the syntax tree does.
    let fast = invalid.is_empty() && !game.text().starts_with('\u{feff}');
    let mut a = Adapter {
        v,
        token: Builder::default(),
        handed: 0,
        headers: 0,
        moves: 0,
        tags_done: false,
        skip: false,
    };
    let read = fast
        .then(|| read::headers(text, 0, &mut a))
        .flatten()
        .and_then(|i| {
            a.end_tags();
            if a.skip {
                return Some(i);
            }
            read::movetext(text, i, &mut a)
        });
    if read.is_none() {
        let from = a.handed;
        let tree = game.parse();
        a.token.take();
        a.hand_on_tree(&tree, from);
    }
    a.v.end_game()
}

/// The reader's visitor that hands each piece it reads whole on to a [`Visitor`], counting
/// them, so that where the reader gives up the syntax tree can hand on the rest.
struct Adapter<'v, V> {
    v: &'v mut V,
    /// The token being read (a move number waits here for what follows it).
    token: Builder,
    /// How many pieces were handed on.
    handed: usize,
    headers: usize,
    moves: usize,
    tags_done: bool,
    /// Whether the visitor asked to skip the movetext.
    skip: bool,
}

impl<V: Visitor> Adapter<'_, V> {
    /// The tags are read: asks the visitor whether to skip the movetext.
    fn end_tags(&mut self) {
        if !self.tags_done {
            self.tags_done = true;
            self.skip = self.v.end_tags().0;
        }
    }

    /// Hands on the token read whole: the number waiting, and what followed it.
    fn hand_token(&mut self) -> Option<()> {
        let Token { number, body } = self.token.take();
        if let Some(n) = number {
            self.movetext_piece()?;
            self.v.number(n);
        }
        match body {
            None => {}
            Some(Body::Turn(t)) => {
                self.movetext_piece()?;
                self.v.turn(&t);
            }
            Some(Body::Nag(n, span)) => {
                self.movetext_piece()?;
                self.v.nag(n, span);
            }
            Some(Body::Result(r)) => {
                self.handed += 1;
                self.v.result(r);
            }
        }
        Some(())
    }

    /// Counts a movetext piece about to be handed on; `None` past the limit, which the syntax
    /// tree words.
    fn movetext_piece(&mut self) -> Option<()> {
        if self.moves >= MAX_MOVETEXT {
            return None;
        }
        self.moves += 1;
        self.handed += 1;
        Some(())
    }

    /// Hands on the movetext items `moves`, each that `next` says was not handed on yet, and
    /// the pieces of the variations among them (unless the visitor skips one).
    fn hand_on_moves(&mut self, moves: &[Element<'_>], next: &mut impl FnMut() -> bool) {
        for e in moves {
            if !next() {
                continue;
            }
            match e {
                Element::Number(n) => self.v.number(*n),
                Element::Turn(t) => self.v.turn(t),
                Element::Comment(c) => self.v.comment(c),
                Element::Nag(n, span) => self.v.nag(*n, *span),
                Element::Error(e) => self.v.syntax_error(e),
                Element::Variation(var) => {
                    // Nested at most `MAX_VARIATION_DEPTH` deep, as the scanner keeps them.
                    if !self.v.begin_variation().0 {
                        self.hand_on_moves(&var.moves, next);
                        if let Some(r) = var.result {
                            self.v.variation_result(r);
                        }
                    }
                    self.v.end_variation();
                }
            }
        }
    }

    /// Hands on the pieces of `game` from the `from`-th on, in file order.
    fn hand_on_tree(&mut self, game: &Game<'_>, from: usize) {
        let mut k = 0;
        let mut next = || {
            k += 1;
            k > from
        };
        for h in &game.headers {
            if next() {
                match h {
                    Header::Tag(t) => self.v.tag(t),
                    Header::Comment(c) => self.v.comment(c),
                    Header::Error(e) => self.v.syntax_error(e),
                }
            }
        }
        self.end_tags();
        if self.skip {
            return;
        }
        self.hand_on_moves(&game.moves, &mut next);
        if let Some(r) = game.result {
            if next() {
                self.v.result(r);
            }
        }
        for c in &game.trailing {
            if next() {
                self.v.comment(c);
            }
        }
    }
}

impl<'t, V: Visitor> ReadHeaders<'t> for Adapter<'_, V> {
    fn tag(&mut self, t: TagAt, text: &'t str) -> Option<()> {
        if self.headers >= MAX_HEADERS {
            return None;
        }
        self.headers += 1;
        self.handed += 1;
        self.v.tag(&t.tag(text));
        Some(())
    }

    fn comment(&mut self, c: Comment<'t>) -> Option<()> {
        if self.tags_done {
            self.hand_token()?;
            self.movetext_piece()?;
        } else {
            if self.headers >= MAX_HEADERS {
                return None;
            }
            self.headers += 1;
            self.handed += 1;
        }
        self.v.comment(&c);
        Some(())
    }
}

impl<'t, V: Visitor> ReadVisitor<'t> for Adapter<'_, V> {
    type Move = <Builder as ReadVisitor<'t>>::Move;
    type Step = <Builder as ReadVisitor<'t>>::Step;

    fn begin_turn(&mut self, at: usize) -> Option<()> {
        self.token.begin_turn(at)
    }

    fn pass(&mut self, span: Span, marks: Option<Annotation>) -> Option<()> {
        self.token.pass(span, marks)?;
        self.hand_token()
    }

    fn place(
        &mut self,
        a: SquareAt,
        b: SquareAt,
        span: Span,
        marks: Option<Annotation>,
    ) -> Option<()> {
        self.token.place(a, b, span, marks)?;
        self.hand_token()
    }

    fn first_step(&mut self, from: SquareAt, to: SquareAt) -> Option<(Self::Move, Self::Step)> {
        self.token.first_step(from, to)
    }

    fn step(&mut self, mv: &mut Self::Move, to: SquareAt) -> Option<Self::Step> {
        self.token.step(mv, to)
    }

    fn capture(&mut self, step: &mut Self::Step, square: SquareAt) -> Option<()> {
        self.token.capture(step, square)
    }

    fn end_step(&mut self, mv: &mut Self::Move, step: Self::Step, span: Span) -> Option<()> {
        self.token.end_step(mv, step, span)
    }

    fn end_move(&mut self, mv: Self::Move, span: Span, marks: Option<Annotation>) -> Option<()> {
        self.token.end_move(mv, span, marks)?;
        self.hand_token()
    }

    fn number(&mut self, number: MoveNumber) -> Option<()> {
        // A number alone is a token of its own: the one waiting is handed on first.
        self.hand_token()?;
        self.token.number(number)
    }

    fn nag(&mut self, value: u32, span: Span) -> Option<()> {
        self.token.nag(value, span)?;
        self.hand_token()
    }

    fn result(&mut self, result: ResultToken) -> Option<()> {
        self.hand_token()?;
        self.token.result(result)?;
        self.hand_token()
    }

    fn comment(&mut self, comment: Comment<'t>) -> Option<()> {
        ReadHeaders::comment(self, comment)
    }

    fn trailing(&mut self, comment: Comment<'t>) {
        self.handed += 1;
        self.v.comment(&comment);
    }
}

#[cfg(test)]
mod tests;
