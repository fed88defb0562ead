//! The notation: source text, the syntax tree, the scanner and the token parser.
//!
//! This module knows no rules: `f2` on a 5×5 board is a well-formed square here, and a
//! placement on an occupied square is a well-formed placement. Legality is `validate`'s job.
//!
//! Its public face is the syntax tree of a game ([`Game`] and its parts), which
//! [`crate::parse`] yields through a [`Scanner`], and the [`limits`] of what is read.

pub(crate) mod ast;
pub(crate) mod encoding;
pub mod limits;
pub(crate) mod line_stream;
pub(crate) mod read;
pub(crate) mod scan;
pub(crate) mod source;
#[cfg(test)]
mod tests;
pub(crate) mod token;
pub(crate) mod window;
pub mod writer;

// Named one by one rather than by a glob, so that the docs show them here.
pub use ast::{
    Annotation, Captures, Comment, Element, Game, GameResult, Header, MoveNumber, ResultToken,
    Span, SquareAt, Step, Steps, SyntaxError, SyntaxKind, Tag, Turn, TurnKind,
};
pub use encoding::Encoding;
pub(crate) use line_stream::LineStream;
pub use scan::Scanner;
pub use source::{BOM, LineCol, LineIndex, Source};
