//! One diagnostic about one game: code, message, help and where it is.

use miette::{LabeledSpan, Severity};

use super::code::Code;
use crate::notation::Span;

/// A diagnostic found while checking a game.
///
/// It holds byte spans into the archive text; [`crate::notation::LineIndex`] turns them into
/// lines and columns, and a source attached by the caller lets miette draw the caret.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Problem {
    /// The stable code.
    pub code: Code,
    /// What is wrong, lowercase without a trailing period.
    pub message: String,
    /// How to fix it, in full sentences.
    pub help: String,
    /// The offending text.
    pub span: Span,
    /// The text of the label under the caret: game, players, turn.
    pub label: String,
    /// The game, from 1, within its file.
    pub game: usize,
    /// The turn, from 1, when the problem is about a turn.
    pub turn: Option<u64>,
    /// A second place worth showing (e.g. the Result tag), with its label.
    pub also: Option<(Span, String)>,
    /// The one correction the engine found for an illegal turn, if exactly one.
    pub fix: Option<super::suggest::Fix>,
}

impl Problem {
    /// Whether the problem makes its game invalid.
    pub fn is_error(&self) -> bool {
        !self.code.is_warning()
    }

    /// Gives the problem the game number `game`, in [`Problem::game`] and in the label (which
    /// starts `game N`). Used when a chunk of a file was checked with games counted from 1. A
    /// problem outside any game of its chunk (game 0) takes the game before the chunk, which
    /// holds the comments after its result in a scan of the whole file.
    #[doc(hidden)]
    pub fn renumber(&mut self, game: usize) {
        if self.game == 0 {
            if game > 0 {
                self.label = format!("game {game}");
            }
            self.game = game;
            return;
        }
        let old = format!("game {}", self.game);
        if let Some(rest) = self.label.strip_prefix(&old) {
            self.label = format!("game {game}{rest}");
        }
        self.game = game;
    }
}

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
        Some(Box::new(&self.help))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let main = LabeledSpan::new_primary_with_span(
            Some(self.label.clone()),
            (self.span.start, self.span.len()),
        );
        let also = self
            .also
            .as_ref()
            .map(|(s, l)| LabeledSpan::new_with_span(Some(l.clone()), (s.start, s.len())));
        Some(Box::new(std::iter::once(main).chain(also)))
    }
}
