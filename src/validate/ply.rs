//! Turns as values: a [`Ply`] is a placement's two squares, a movement's steps with what each
//! captured, or a pass. It is read from the notation ([`FromStr`]), written in it
//! ([`fmt::Display`], the canonical writer's token) and played on a [`Position`].
//!
//! This is the glue between the notation and the engine, which never sees text: a ply is
//! played as a written turn is, by the validator's one way of playing a turn and checking its
//! written captures, and its failure is worded as `seega check` words it.
//!
//! # Inside
//!
//! `Ply`, a turn as a value: a placement's squares, a movement's steps with their captures, a pass;
//! read with the token parser — `FromStr`, also for `Square` and `Ruleset` — and written with the
//! canonical writer's `turn_text`; `Position::legal_turns`, placements through the engine's `place`
//! and movements from `for_each_turn`; `Position::play` (the crate's; the public way is
//! `GameState::play`), which plays a ply as the validator plays a written turn, on the referee
//! (`validate::play_from`), and words a refusal as `check` does, `PlayError` holding the engine's
//! `IllegalTurn`

use std::fmt;
use std::str::FromStr;

use crate::engine::{IllegalTurn, Outcome, Position, RulesError, Ruleset, Square};
use crate::notation::ast::{Body, Token};
use crate::notation::token::{parse_square, parse_token};
use crate::notation::writer::{DocKind, turn_text};
use crate::notation::{self, Captures, Span, SquareAt, Steps, SyntaxError, SyntaxKind, TurnKind};
use crate::validate::{Code, Failure, play_from, syntax_code};

/// One turn of one side: what [`Position::legal_turns`] lists and [`crate::GameState::play`]
/// plays.
///
/// It displays as a token of the notation: `c2,d4`, `b2-b3xb4`, `--`.
///
/// ```
/// use seega::{Ply, PlyStep, Square};
///
/// let ply: Ply = "b2-b3xb4".parse()?;
/// let Ply::Move { steps, .. } = &ply else { panic!() };
/// let first: &PlyStep = &steps[0];
/// assert_eq!((first.to.to_string(), first.captures.len()), ("b3".to_owned(), 1));
/// assert_eq!(ply.squares(), ["b2".parse::<Square>()?, "b3".parse()?]);
/// assert_eq!(ply.captures(), ["b4".parse::<Square>()?]);
/// assert_eq!(ply.to_string(), "b2-b3xb4");
/// # Ok::<(), seega::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Ply {
    /// Two pieces put on the board from hand: `c2,d4`.
    Place(Square, Square),
    /// A piece moved: its square, then each step.
    Move {
        /// The square the piece starts on.
        from: Square,
        /// The steps, at least one.
        steps: Vec<PlyStep>,
    },
    /// A pass: `--`.
    Pass,
}

/// One step of a movement: where the piece goes and the pieces the step captures.
///
/// ```
/// let ply: seega::Ply = "c1-c2xc3-d2".parse()?;
/// let seega::Ply::Move { steps, .. } = ply else { panic!() };
/// let to: Vec<String> = steps.iter().map(|s| s.to.to_string()).collect();
/// assert_eq!(to, ["c2", "d2"]);
/// assert_eq!((steps[0].captures.len(), steps[1].captures.len()), (1, 0));
/// # Ok::<(), seega::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlyStep {
    /// The square the step goes to.
    pub to: Square,
    /// The captured squares: as written for a parsed ply (none when left out), all of them for
    /// a ply the engine listed or played.
    pub captures: Vec<Square>,
}

impl Ply {
    /// The squares it names: a placement's two, a movement's start then each step's end; none
    /// for a pass.
    pub fn squares(&self) -> Vec<Square> {
        match self {
            Ply::Place(a, b) => vec![*a, *b],
            Ply::Move { from, steps } => std::iter::once(*from)
                .chain(steps.iter().map(|s| s.to))
                .collect(),
            Ply::Pass => Vec::new(),
        }
    }

    /// Every square its steps capture, in step order.
    pub fn captures(&self) -> Vec<Square> {
        match self {
            Ply::Move { steps, .. } => steps.iter().flat_map(|s| s.captures.clone()).collect(),
            _ => Vec::new(),
        }
    }

    /// The ply of a turn of the syntax tree, with the captures written in it.
    ///
    /// ```
    /// use seega::notation::Element;
    ///
    /// let text = "1. a1,b1 *";
    /// let game = seega::parse(text).next().unwrap();
    /// let Some(Element::Turn(turn)) = game.moves.get(1) else { panic!() };
    /// assert_eq!(seega::Ply::from_turn(turn).to_string(), "a1,b1");
    /// ```
    pub fn from_turn(turn: &notation::Turn) -> Ply {
        match &turn.kind {
            TurnKind::Place(a, b) => Ply::Place(a.square, b.square),
            TurnKind::Move { from, steps } => Ply::Move {
                from: from.square,
                steps: steps
                    .iter()
                    .map(|s| PlyStep {
                        to: s.to.square,
                        captures: s.captures.iter().map(|c| c.square).collect(),
                    })
                    .collect(),
            },
            TurnKind::Pass => Ply::Pass,
        }
    }

    /// The turn of the syntax tree this ply is, every span empty.
    pub(crate) fn to_turn(&self) -> notation::Turn {
        let at = |square| SquareAt {
            square,
            span: Span::default(),
        };
        let kind = match self {
            Ply::Place(a, b) => TurnKind::Place(at(*a), at(*b)),
            Ply::Move { from, steps } => TurnKind::Move {
                from: at(*from),
                steps: steps
                    .iter()
                    .map(|s| notation::Step {
                        to: at(s.to),
                        captures: s.captures.iter().map(|&c| at(c)).collect::<Captures>(),
                        span: Span::default(),
                    })
                    .collect::<Steps>(),
            },
            Ply::Pass => TurnKind::Pass,
        };
        notation::Turn {
            kind,
            annotation: None,
            span: Span::default(),
        }
    }
}

impl Ply {
    /// The turn as the canonical writer takes it, with the captures it holds.
    pub(crate) fn doc_kind(&self) -> DocKind {
        match self {
            Ply::Place(a, b) => DocKind::Place(*a, *b),
            Ply::Move { from, steps } => DocKind::Move(
                *from,
                steps.iter().map(|s| (s.to, s.captures.clone())).collect(),
            ),
            Ply::Pass => DocKind::Pass,
        }
    }
}

impl fmt::Display for Ply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&turn_text(&self.doc_kind(), None))
    }
}

/// Text that is not a square or a turn of the notation.
///
/// ```
/// let err = "c2,c2x".parse::<seega::Ply>().unwrap_err();
/// assert_eq!(err.to_string(), "unexpected `x` in the placement `c2,c2x`");
/// assert_eq!(err.syntax().kind, seega::notation::SyntaxKind::BadPlacement);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", .0.message)]
pub struct ParseError(SyntaxError);

impl ParseError {
    /// The syntax error, as the checker reports it: its kind, span and message.
    pub fn syntax(&self) -> &SyntaxError {
        &self.0
    }

    fn not_a_turn(text: &str, what: &str) -> ParseError {
        ParseError(SyntaxError {
            kind: SyntaxKind::UnknownToken,
            span: Span::new(0, text.len()),
            message: format!("`{text}` is {what}, not a turn"),
        })
    }
}

impl miette::Diagnostic for ParseError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(syntax_code(self.0.kind)))
    }
}

impl FromStr for Ply {
    type Err = ParseError;

    /// Reads one turn token with the notation's parser: no move number, annotation or blank.
    fn from_str(s: &str) -> Result<Ply, ParseError> {
        match parse_token(s, 0).map_err(ParseError)? {
            Token {
                number: None,
                body: Some(Body::Turn(t)),
            } if t.annotation.is_none() => Ok(Ply::from_turn(&t)),
            Token {
                number: None,
                body: Some(Body::Turn(_)),
            } => Err(ParseError::not_a_turn(s, "an annotated turn")),
            Token {
                number: Some(_), ..
            } => Err(ParseError::not_a_turn(s, "a move number")),
            Token {
                body: Some(Body::Result(_)),
                ..
            } => Err(ParseError::not_a_turn(s, "a result")),
            Token { .. } => Err(ParseError::not_a_turn(s, "an annotation glyph")),
        }
    }
}

impl FromStr for Square {
    type Err = ParseError;

    /// Reads `a1` to `i9`.
    ///
    /// ```
    /// let sq: seega::Square = "c3".parse()?;
    /// assert_eq!((sq.file(), sq.rank()), (2, 2));
    /// assert!("j1".parse::<seega::Square>().is_err());
    /// # Ok::<(), seega::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Square, ParseError> {
        parse_square(s).map_err(ParseError)
    }
}

impl FromStr for Ruleset {
    type Err = RulesError;

    /// Reads a ruleset as a `Rules` tag holds it ([`Ruleset::parse`]).
    ///
    /// ```
    /// let rules: seega::Ruleset = "standard size=7".parse()?;
    /// assert_eq!(rules.size.get(), 7);
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    fn from_str(s: &str) -> Result<Ruleset, RulesError> {
        Ruleset::parse(s)
    }
}

/// Why a ply cannot be played: an engine rule, written captures that are wrong, or a game
/// already over. Worded as `seega check` words the same turn in a game.
///
/// ```
/// use seega::{GameState, Ruleset};
///
/// let mut game = GameState::new(Ruleset::parse("standard")?);
/// let err = game.play(&"c3,d4".parse()?).unwrap_err();
/// assert_eq!(err.code().as_str(), "seega::place::centre");
/// assert_eq!(err.rule(), Some(seega::IllegalTurn::PlaceCentre("c3".parse()?)));
/// assert!(matches!(err.kind(), seega::PlayErrorKind::Rule(_)));
/// assert!(err.help().contains("centre"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PlayError {
    #[source]
    kind: PlayErrorKind,
    code: Code,
    message: String,
    help: String,
}

/// What [`PlayError`] found, in the engine's words (its source).
///
/// ```
/// use seega::{GameState, PlayErrorKind, Ruleset};
///
/// let rules = Ruleset::parse("standard")?;
/// let mut game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse()?)?;
/// let err = game.play(&"b1-b2xa2".parse()?).unwrap_err(); // the step captures b3, not a2
/// assert_eq!(err.kind(), &PlayErrorKind::CaptureWrong("a2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayErrorKind {
    /// A rule of the engine forbids the turn.
    #[error(transparent)]
    Rule(IllegalTurn),
    /// A step is written with a capture it does not make.
    #[error("the step does not capture {0}")]
    CaptureWrong(Square),
    /// A step is written with some of its captures but not these.
    #[error("the step also captures {}", squares(.0))]
    CaptureMissing(Vec<Square>),
    /// The game ended before this turn.
    #[error("the game ended by {}", .0.termination.as_str())]
    GameOver(Outcome),
}

/// `a1`, `a1 and b2`, `a1, b2 and c3`.
fn squares(list: &[Square]) -> String {
    let names: Vec<String> = list.iter().map(Square::to_string).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl PlayError {
    /// The error for `failure`, a turn `ply` played from `before`.
    pub(crate) fn of(failure: Failure, before: &Position, ply: &Ply) -> PlayError {
        let kind = match &failure {
            Failure::AfterEnd(a) => return PlayError::game_over(a.outcome),
            Failure::Rule(e, _) => PlayErrorKind::Rule(*e),
            Failure::CaptureWrong(_, sq) => PlayErrorKind::CaptureWrong(*sq),
            Failure::CaptureMissing(_, sqs) => PlayErrorKind::CaptureMissing(sqs.clone()),
        };
        let (code, _, message, help) = failure.into_parts(before, &ply.to_turn());
        PlayError {
            kind,
            code,
            message,
            help,
        }
    }

    /// The error for a turn after the game ended with `outcome`.
    pub(crate) fn game_over(outcome: Outcome) -> PlayError {
        let how = outcome.termination.as_str();
        PlayError {
            kind: PlayErrorKind::GameOver(outcome),
            code: Code::AfterEnd,
            message: format!("the game ended by {how}"),
            help: format!(
                "The game is over: its result is `{}`.",
                outcome.result_token()
            ),
        }
    }

    /// What was found.
    pub fn kind(&self) -> &PlayErrorKind {
        &self.kind
    }

    /// The engine's rule that forbids the turn, when one does.
    pub fn rule(&self) -> Option<IllegalTurn> {
        match self.kind {
            PlayErrorKind::Rule(e) => Some(e),
            _ => None,
        }
    }

    /// The diagnostic code `seega check` gives the same turn (see `seega explain`).
    pub fn code(&self) -> Code {
        self.code
    }

    /// How to fix it, in full sentences.
    pub fn help(&self) -> &str {
        &self.help
    }
}

impl miette::Diagnostic for PlayError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(&self.help))
    }
}

impl Position {
    /// Every turn the side to move may play here, placements too, each movement with its
    /// captures; a pass when the side has no step. A placement is listed once, its squares in
    /// board order (`a1` first); written the other way round it is the same turn.
    ///
    /// These are the turns of one position. In a game, the turn after a pass must also give
    /// the passer a step, and no turn follows the end: [`crate::GameState::legal_turns`].
    ///
    /// ```
    /// use seega::{GameState, Position, Ruleset};
    ///
    /// let start = Position::new(Ruleset::parse("standard")?);
    /// assert_eq!(start.legal_turns().len(), 24 * 23 / 2); // two of the 24 squares off the centre
    ///
    /// let game = GameState::from_setup(Ruleset::parse("standard")?, &"5/5/1w3/1b3/5 b".parse()?)?;
    /// let pos = game.position();
    /// let turns: Vec<String> = pos.legal_turns().iter().map(|t| t.to_string()).collect();
    /// assert_eq!(turns, ["b2-c2", "b2-b1", "b2-a2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_turns(&self) -> Vec<Ply> {
        let mut turns = Vec::new();
        if self.phase() == crate::engine::Phase::Placement {
            let empty: Vec<Square> = self.empty().squares().collect();
            for (i, &a) in empty.iter().enumerate() {
                for &b in &empty[i + 1..] {
                    if self.clone().place(a, b).is_ok() {
                        turns.push(Ply::Place(a, b));
                    }
                }
            }
            return turns;
        }
        self.for_each_turn(&mut |_, path| {
            turns.push(self.ply_of_path(path));
            true
        });
        turns
    }

    /// The legal movement along `path` (start first) with what each step captures, or a pass
    /// for an empty path.
    fn ply_of_path(&self, path: &[Square]) -> Ply {
        let Some((&from, rest)) = path.split_first() else {
            return Ply::Pass;
        };
        let mut pos = self.clone();
        let mut steps = Vec::with_capacity(rest.len());
        if let Ok(mut mv) = pos.begin_move(from) {
            for &to in rest {
                let captured = pos.step(&mut mv, to).unwrap_or_default();
                steps.push(PlyStep {
                    to,
                    captures: captured.squares().collect(),
                });
            }
        }
        Ply::Move { from, steps }
    }

    /// Plays `ply` for the side to move and returns it with every capture it made; the
    /// position is left as it was when the ply is illegal. Captures written in `ply` must be
    /// exactly those the step makes, or be left out. This plays the turn in this position
    /// alone: the public way to play is [`crate::GameState::play`], which also keeps the rules
    /// of a whole game (the turn after a pass, the end).
    pub(crate) fn play(&mut self, ply: &Ply) -> Result<Ply, PlayError> {
        let (after, captures) =
            play_from(self, &ply.to_turn(), true).map_err(|f| PlayError::of(f, self, ply))?;
        *self = after;
        Ok(ply.with_captures(&captures))
    }
}

impl Ply {
    /// This ply with the captures of each step set to `captures` (a placement or a pass as it
    /// is).
    pub(crate) fn with_captures(&self, captures: &[crate::engine::Bitboard]) -> Ply {
        match self {
            Ply::Move { from, steps } => Ply::Move {
                from: *from,
                steps: steps
                    .iter()
                    .zip(captures)
                    .map(|(s, c)| PlyStep {
                        to: s.to,
                        captures: c.squares().collect(),
                    })
                    .collect(),
            },
            other => other.clone(),
        }
    }
}
