//! The syntax tree of a game: tags, turns, comments and the result, each with its byte span.

use crate::board::Square;

/// A byte range `start..end` in the source text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span is empty.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The text the span covers in `src`.
    pub fn of<'a>(&self, src: &'a str) -> &'a str {
        src.get(self.start..self.end).unwrap_or("")
    }
}

/// One game as written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Game<'a> {
    /// From the first item of the game to the end of its last one.
    pub span: Span,
    /// Tag pairs, comments and broken tags before the movetext, in file order.
    pub headers: Vec<Header<'a>>,
    /// The movetext items in file order.
    pub moves: Vec<Element<'a>>,
    /// The result token, absent when the game ends without one.
    pub result: Option<ResultToken>,
    /// Comments after the result that no later game claims (end of file).
    pub trailing: Vec<Comment<'a>>,
    /// The text the spans are offsets in ([`Game::text`]).
    pub(crate) text: &'a str,
    /// The game's number in its scan, from 1 ([`Game::number`]).
    pub(crate) number: usize,
}

/// An item of the header section.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Header<'a> {
    /// A tag pair.
    Tag(Tag<'a>),
    /// A comment among the tags.
    Comment(Comment<'a>),
    /// A line that was meant as a tag but is malformed.
    Error(SyntaxError),
}

/// A tag pair `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag<'a> {
    /// The tag name.
    pub name: &'a str,
    /// The value with escapes resolved.
    pub value: std::borrow::Cow<'a, str>,
    /// The whole tag, brackets included.
    pub span: Span,
    /// The value between the quotes, as written.
    pub value_span: Span,
}

/// A comment, `{ ... }` or `; ...`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Comment<'a> {
    /// The text inside the braces, or after the semicolon.
    pub text: &'a str,
    /// Whether it was written `; ...` to the end of the line.
    pub line: bool,
    /// The whole comment.
    pub span: Span,
}

/// An item of the movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Element<'a> {
    /// A move number, `7.` or `7...`.
    Number(MoveNumber),
    /// A turn.
    Turn(Turn),
    /// A comment.
    Comment(Comment<'a>),
    /// A numeric annotation glyph, `$N`.
    Nag(u32, Span),
    /// A token that could not be read.
    Error(SyntaxError),
    /// A variation, `( … )`: an alternative to the turn before it, replayed from the position
    /// before that turn. A consumer that reads the main line only passes over it.
    Variation(Variation<'a>),
}

/// A variation as written: `(`, its own movetext (which may hold variations), an optional
/// result of its own line, and `)`.
///
/// ```
/// use seega::notation::Element;
/// let game = seega::parse("1. c2,d4 (1. c2,b3 {or this} *) 2. b1,b2 *").next().unwrap();
/// let Element::Variation(v) = &game.moves[2] else { panic!("a variation") };
/// assert_eq!(v.moves.len(), 3, "a move number, a turn and a comment");
/// assert!(v.result.is_some() && v.close.is_some());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Variation<'a> {
    /// The `(`.
    pub open: Span,
    /// Its movetext items in file order, variations nested in it among them.
    pub moves: Vec<Element<'a>>,
    /// The result written at the end of its line (`*`, `1-0`, …), if any: the line's own,
    /// which is not checked against the game.
    pub result: Option<ResultToken>,
    /// The `)`; `None` when it is left open (an error in its movetext says so).
    pub close: Option<Span>,
}

impl Variation<'_> {
    /// From the `(` to the `)`, or to the end of its last item when it is left open.
    pub fn span(&self) -> Span {
        let end = self.close.map(|c| c.end).unwrap_or_else(|| {
            let last = self.moves.last().map_or(self.open.end, Element::end);
            last.max(self.result.map_or(0, |r| r.span.end))
        });
        Span::new(self.open.start, end)
    }
}

impl Element<'_> {
    /// Where the item ends.
    pub fn end(&self) -> usize {
        match self {
            Element::Number(n) => n.span.end,
            Element::Turn(t) => t.span.end,
            Element::Comment(c) => c.span.end,
            Element::Nag(_, s) => s.end,
            Element::Error(e) => e.span.end,
            Element::Variation(v) => v.span().end,
        }
    }
}

/// A move number: `N.` announces turn 2N−1, `N...` turn 2N.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    /// The number N.
    pub number: u32,
    /// Whether it was written with three dots.
    pub second: bool,
    /// The token.
    pub span: Span,
}

impl MoveNumber {
    /// The turn it announces.
    pub fn turn(&self) -> u64 {
        // The referee's count, defined below the notation (see `crate::numbering`).
        crate::numbering::turn_of_move_number(self.number, self.second)
    }
}

/// A square as written, with its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SquareAt {
    /// The square.
    pub square: Square,
    /// Where it is written.
    pub span: Span,
}

/// The captures written after a step; kept inline (no allocation) for up to two.
pub type Captures = smallvec::SmallVec<[SquareAt; 2]>;

/// The steps of a movement; kept inline (no allocation) for one step.
pub type Steps = smallvec::SmallVec<[Step; 1]>;

/// One step of a movement: `-` destination, then the captures written for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The destination.
    pub to: SquareAt,
    /// The captured squares written after it, each as `x` + square.
    pub captures: Captures,
    /// From the `-` to the end of the last capture.
    pub span: Span,
}

/// What a turn does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TurnKind {
    /// Two pieces placed: `c2,d4`.
    Place(SquareAt, SquareAt),
    /// A piece moved: `b2-b3xc3-b4`.
    Move {
        /// The starting square.
        from: SquareAt,
        /// The steps, at least one.
        steps: Steps,
    },
    /// A pass: `--`.
    Pass,
}

/// A suffix annotation on a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Annotation {
    /// `!`
    Good,
    /// `?`
    Mistake,
    /// `!!`
    Brilliant,
    /// `??`
    Blunder,
    /// `!?`
    Interesting,
    /// `?!`
    Dubious,
}

impl Annotation {
    /// The suffix as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Interesting => "!?",
            Annotation::Dubious => "?!",
        }
    }

    /// The annotation written as `s`.
    pub fn parse(s: &str) -> Option<Annotation> {
        Some(match s {
            "!" => Annotation::Good,
            "?" => Annotation::Mistake,
            "!!" => Annotation::Brilliant,
            "??" => Annotation::Blunder,
            "!?" => Annotation::Interesting,
            "?!" => Annotation::Dubious,
            _ => return None,
        })
    }
}

/// A turn token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Turn {
    /// What it does.
    pub kind: TurnKind,
    /// A suffix annotation.
    pub annotation: Option<Annotation>,
    /// The token without a glued move number.
    pub span: Span,
}

/// A game result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`
    Unknown,
}

impl GameResult {
    /// The token.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Every result, in the order of the enum.
    pub(crate) const ALL: [GameResult; 4] = [
        GameResult::WhiteWins,
        GameResult::BlackWins,
        GameResult::Draw,
        GameResult::Unknown,
    ];

    /// The result written as `s`.
    pub fn parse(s: &str) -> Option<GameResult> {
        GameResult::parse_bytes(s.as_bytes())
    }

    /// The result written as the bytes `b`: the result tokens of the grammar, in one place
    /// (the lane's window reader matches the same bytes, and is tested to agree).
    pub(crate) fn parse_bytes(b: &[u8]) -> Option<GameResult> {
        Some(match b {
            b"1-0" => GameResult::WhiteWins,
            b"0-1" => GameResult::BlackWins,
            b"1/2-1/2" => GameResult::Draw,
            b"*" => GameResult::Unknown,
            _ => return None,
        })
    }
}

/// The result token with its span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultToken {
    /// The result.
    pub result: GameResult,
    /// The token.
    pub span: Span,
}

/// What one movetext token holds, as the token parser reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Token {
    /// A move number, alone or glued before a turn (`7.c4-c3`) or a glyph (`7.$1`).
    pub number: Option<MoveNumber>,
    /// What follows the number, if anything.
    pub body: Option<Body>,
}

/// The part of a token after any move number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Body {
    /// A placement, movement or pass.
    Turn(Turn),
    /// `$N`.
    Nag(u32, Span),
    /// A result token.
    Result(ResultToken),
}

/// What is wrong with some text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SyntaxKind {
    /// A token that is no turn, number, result or annotation.
    UnknownToken,
    /// Something that should be a square is not (`j1`, `a10`, `a0`).
    BadSquare,
    /// A movement token cut short or with a stray character.
    BadMove,
    /// A turn whose first square is followed by neither `,` (a placement) nor `-` (a movement).
    BadTurn,
    /// A placement token cut short or with a stray character.
    BadPlacement,
    /// A move number too large to be a turn of any game.
    NumberOverflow,
    /// A `$N` annotation that is malformed.
    BadNag,
    /// A line starting with `[` that is not a tag pair.
    BadTag,
    /// Punctuation between a tag's name and its value (`[Site: "Luxor"]`).
    TagStray,
    /// A tag value without its closing quote on the line.
    UnterminatedTag,
    /// A backslash in a tag value not followed by `"` or `\`.
    BadEscape,
    /// A `{` comment without its `}`.
    UnterminatedComment,
    /// A game that ends without a result token.
    MissingResult,
    /// Bytes that are not UTF-8.
    InvalidUtf8,
    /// Bytes that are not UTF-8 in a comment, which changes no turn: the replay goes on past it.
    InvalidUtf8InComment,
    /// A game past one of the limits in [`super::limits`]; the rest of it was skipped.
    TooLong,
    /// A single square where a turn is due (`c5`; `c5 d1` is a placement with a space for
    /// its comma).
    LoneSquare,
    /// A token that is a common misspelling of a result (`1:0`, `½-½`).
    ResultTypo,
    /// A turn written with capital letters (`C5,D1`).
    Uppercase,
    /// A token longer than [`super::limits::MAX_TOKEN_BYTES`]; it was not parsed, and the
    /// tokens after it were.
    TokenTooLong,
    /// A variation's `(` without its `)` before the game ends.
    UnclosedVariation,
    /// A `)` that closes no variation.
    StrayParenthesis,
    /// A variation where none may be: before any turn of its line, or after its line's
    /// result.
    MisplacedVariation,
}

/// A syntax error: its kind, where it is, and a message in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The kind.
    pub kind: SyntaxKind,
    /// The offending text, or an empty span where something is missing.
    pub span: Span,
    /// What is wrong, lowercase without a trailing period.
    pub message: String,
}
