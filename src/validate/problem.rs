//! One diagnostic about one game: code, message, help and where it is.

use std::borrow::Cow;
use std::fmt::Write;

use miette::{LabeledSpan, Severity};

use super::auto::PresetFit;
use super::code::Code;
use super::numbers::NumberFacts;
use super::place::{Place, Players};
use super::play_turn::Failure;
use super::result_check::SlipFacts;
use crate::engine::{Position, RulesError, SetupError};
use crate::notation::{Span, Turn};

/// What a problem says: the facts of an illegal turn, worded when rendered, or words made
/// when it was found (every other kind: syntax errors, tags, rules, numbers, results).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The message and help, worded when the problem was found.
    Worded { message: String, help: String },
    /// A turn that failed, worded by [`Failure::words`].
    Illegal(Box<Illegal>),
    /// A Rules tag that names no ruleset, worded by its error; then sentences added to the help.
    Rules(RulesError, String),
    /// A Position tag that holds no position, worded by its error; then sentences added to the
    /// help.
    Setup(SetupError, String),
    /// A result token or Result tag that fails its checks (R18, N8), worded by
    /// [`SlipFacts::words`].
    Result(Box<SlipFacts>),
    /// A move number that announces another turn than the next, worded by
    /// [`NumberFacts::words`].
    Number(Box<NumberFacts>),
    /// The presets a game without a Rules tag fits under `--rules auto`, worded by
    /// [`PresetFit::message`] and [`PresetFit::help`].
    Presets(PresetFit),
    /// A bidirectional control in a game's text, the first of `more` others, worded by
    /// [`super::bidi::words`]; then sentences added to the help.
    Bidi {
        control: char,
        more: usize,
        notes: String,
    },
}

/// The help of a Position tag that holds no position.
const SETUP_HELP: &str = "Write the ranks from the top, separated by `/`, each as `b`, `w` or a count of empty squares (one digit, 1 to 9), then a space and the side to move: `bbw1w/5/2b2/5/w3w b`.";

/// The facts of an illegal turn: why it failed, the position it was played from and the turn
/// as written, and sentences added to its help (a reading of the move numbers, the correction
/// found, the turns left unchecked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Illegal {
    pub(crate) failure: Failure,
    pub(crate) before: Position,
    pub(crate) turn: Turn,
    pub(crate) notes: String,
}

/// A diagnostic found while checking a game.
///
/// It holds byte spans into the archive text; [`crate::notation::LineIndex`] turns them into
/// lines and columns, and a source attached by the caller lets miette draw the caret.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Problem {
    /// The stable code.
    pub code: Code,
    /// What it says ([`Problem::message`] and [`Problem::help`] word it).
    pub(crate) kind: Kind,
    /// The offending text.
    pub span: Span,
    /// What the label under the caret names besides the game and the turn
    /// ([`Problem::label`] words it).
    pub place: Place,
    /// The game, from 1, within its file.
    pub game: usize,
    /// The turn, from 1, when the problem is about a turn.
    pub turn: Option<u64>,
    /// A second place worth showing (e.g. the Result tag), with its label.
    pub also: Option<(Span, String)>,
    /// The one correction the engine found for an illegal turn, if exactly one.
    pub fix: Option<super::suggest::Fix>,
    /// The variation the problem is in; `None` for the main line and for a problem of the
    /// game as a whole.
    pub line: Option<crate::notation::LinePath>,
}

impl Problem {
    /// A problem worded when found, in game `game` at `span`, about turn `turn` when given:
    /// what a reader of another format (a Ludii trial) reports about its own text.
    pub(crate) fn worded(
        code: Code,
        span: Span,
        (message, help): (String, String),
        game: usize,
        turn: Option<u64>,
    ) -> Problem {
        Problem {
            code,
            kind: Kind::Worded { message, help },
            span,
            place: Place::default(),
            game,
            turn,
            also: None,
            fix: None,
            line: None,
        }
    }

    /// What is wrong, lowercase without a trailing period.
    pub fn message(&self) -> Cow<'_, str> {
        match &self.kind {
            Kind::Worded { message, .. } => Cow::Borrowed(message),
            Kind::Illegal(i) => Cow::Owned(i.failure.words(&i.before, &i.turn).0),
            Kind::Rules(e, _) => Cow::Owned(e.to_string()),
            Kind::Setup(e, _) => Cow::Owned(e.to_string()),
            Kind::Result(r) => Cow::Owned(r.words().0),
            Kind::Number(n) => Cow::Owned(n.words().0),
            Kind::Presets(p) => Cow::Owned(p.message()),
            Kind::Bidi { control, more, .. } => Cow::Owned(super::bidi::words(*control, *more).0),
        }
    }

    /// How to fix it, in full sentences.
    pub fn help(&self) -> Cow<'_, str> {
        match &self.kind {
            Kind::Worded { help, .. } => Cow::Borrowed(help),
            Kind::Illegal(i) => {
                let mut help = i.failure.words(&i.before, &i.turn).1;
                help.push_str(&i.notes);
                Cow::Owned(help)
            }
            Kind::Rules(e, notes) => Cow::Owned(format!("{}.{notes}", e.help())),
            Kind::Setup(_, notes) if notes.is_empty() => Cow::Borrowed(SETUP_HELP),
            Kind::Setup(_, notes) => Cow::Owned(format!("{SETUP_HELP}{notes}")),
            Kind::Result(r) => Cow::Owned(r.words().1),
            Kind::Number(n) => Cow::Owned(n.words().1),
            Kind::Presets(p) => Cow::Owned(p.help()),
            Kind::Bidi {
                control,
                more,
                notes,
            } => Cow::Owned(super::bidi::words(*control, *more).1 + notes),
        }
    }

    /// Adds `sentence` (which starts with a space) to the end of the help.
    pub(crate) fn add_help(&mut self, sentence: &str) {
        match &mut self.kind {
            Kind::Worded { help, .. } => help.push_str(sentence),
            Kind::Illegal(i) => i.notes.push_str(sentence),
            Kind::Rules(_, notes) | Kind::Setup(_, notes) => notes.push_str(sentence),
            Kind::Result(r) => r.notes.push_str(sentence),
            Kind::Number(n) => n.notes.push_str(sentence),
            Kind::Presets(p) => p.notes.push_str(sentence),
            Kind::Bidi { notes, .. } => notes.push_str(sentence),
        }
    }

    /// Whether the problem makes its game invalid.
    pub fn is_error(&self) -> bool {
        !self.code.is_warning()
    }

    /// The text of the label under the caret: `game 3 (Ama vs Kofi, Cup), turn 12`,
    /// `game 2, rules ludus`, or `outside any game`.
    ///
    /// ```
    /// # use seega::{archive::check_source, notation::Source, validate::Options};
    /// let source = Source::from_bytes(b"[Black \"Ama\"]\n\n1. c2,c2 *\n");
    /// let opts = Options::default();
    /// let checked = check_source(&source, &opts).next().unwrap();
    /// assert_eq!(checked.verdict.problems[0].label(), "game 1 (Ama as black), turn 1");
    /// ```
    pub fn label(&self) -> String {
        let (players, rules) = match &self.place {
            Place::Outside if self.game == 0 => return "outside any game".to_owned(),
            Place::Outside => return format!("game {}", self.game),
            Place::Game { players, rules } => (players, rules),
        };
        // Pushed, not formatted: a label is made for every report drawn.
        let mut label = String::with_capacity(48);
        let mut n = itoa::Buffer::new();
        label.push_str("game ");
        label.push_str(n.format(self.game));
        if *players != Players::default() {
            // Writing to a `String` cannot fail.
            let _ = write!(label, "{players}");
        }
        if let Some(line) = &self.line {
            // Writing to a `String` cannot fail.
            let _ = write!(label, ", variation {line}");
        }
        if let Some(t) = self.turn {
            label.push_str(", turn ");
            label.push_str(n.format(t));
        }
        if let Some(r) = rules {
            label.push_str(", rules ");
            label.push_str(r);
        }
        label
    }

    /// Gives the problem the game number `game`. Used when a chunk of a file was checked with
    /// games counted from 1. A problem outside any game of its chunk (game 0) takes the game
    /// before the chunk, which holds the comments after its result in a scan of the whole file.
    pub(crate) fn renumber(&mut self, game: usize) {
        self.game = game;
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Problem {}

impl miette::Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code.as_str()))
    }

    fn severity(&self) -> Option<Severity> {
        Some(if self.is_error() {
            Severity::Error
        } else {
            Severity::Warning
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.help()))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = LabeledSpan::new_primary_with_span(
            Some(self.label()),
            (self.span.start, self.span.len()),
        );
        let also = self
            .also
            .as_ref()
            .map(|(s, l)| LabeledSpan::new_with_span(Some(l.clone()), (s.start, s.len())));
        Some(Box::new(std::iter::once(main).chain(also)))
    }
}
