//! The notation: source text, the syntax tree, the scanner and the token parser.
//!
//! This module knows no rules: `f2` on a 5×5 board is a well-formed square here, and a
//! placement on an occupied square is a well-formed placement. Legality is `validate`'s job.

pub mod ast;
pub mod encoding;
pub mod limits;
pub mod line_stream;
pub mod scan;
pub mod source;
pub mod token;
pub mod writer;

pub use ast::*;
pub use line_stream::LineStream;
pub use scan::Scanner;
pub use source::{LineCol, LineCursor, LineIndex, Source};
