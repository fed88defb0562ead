//! The notation: source text, the syntax tree, the scanner and the token parser.
//!
//! This module knows no rules: `f2` on a 5×5 board is a well-formed square here, and a
//! placement on an occupied square is a well-formed placement. Legality is `validate`'s job.
//!
//! Its public face is the syntax tree of a game ([`Game`] and its parts), which
//! [`crate::parse`] yields through a [`Scanner`], and the [`limits`] of what is read.

#[doc(hidden)]
pub mod ast;
#[doc(hidden)]
pub mod encoding;
pub mod limits;
#[doc(hidden)]
pub mod line_stream;
#[doc(hidden)]
pub mod read;
#[doc(hidden)]
pub mod scan;
#[doc(hidden)]
pub mod source;
#[doc(hidden)]
pub mod token;
#[doc(hidden)]
pub mod window;
#[doc(hidden)]
pub mod writer;

// Named one by one rather than by a glob, so that the docs show them here.
pub use ast::{
    Annotation, Captures, Comment, Element, Game, GameResult, Header, MoveNumber, ResultToken,
    Span, SquareAt, Step, Steps, SyntaxError, SyntaxKind, Tag, Turn, TurnKind,
};
#[doc(hidden)]
pub use line_stream::LineStream;
pub use scan::Scanner;
#[doc(hidden)]
pub use source::{LineCol, LineCursor, LineIndex, Source};
