//! The limits the scanner enforces, so that one game's syntax tree stays bounded in memory
//! whatever the input. Each limit, when passed, gives a [`super::SyntaxKind::TooLong`] error
//! and the rest of the game is skipped (scanned for its end, not stored). See `spec/limits.md`.
//!
//! ```
//! use seega::notation::limits::{
//!     MAX_FILE_BYTES, MAX_HEADERS, MAX_MOVETEXT, MAX_TOKEN_BYTES, MAX_UNCUT_BYTES,
//!     MAX_VARIATION_DEPTH,
//! };
//! use seega::notation::{Element, SyntaxKind};
//!
//! let long = format!("1. {} *\n", "a".repeat(MAX_TOKEN_BYTES + 1));
//! let game = seega::parse(&long).next().unwrap();
//! assert!(matches!(&game.moves[1], Element::Error(e) if e.kind == SyntaxKind::TokenTooLong));
//! assert!(MAX_HEADERS < MAX_MOVETEXT && (MAX_UNCUT_BYTES as u64) < MAX_FILE_BYTES);
//! assert!(MAX_VARIATION_DEPTH >= 8);
//! ```

/// Header items (tags, comments and broken tag lines) kept for one game.
pub const MAX_HEADERS: usize = 100_000;

/// Movetext items (turns, move numbers, comments, `$N` glyphs) kept for one game.
pub const MAX_MOVETEXT: usize = 1_000_000;

/// Variations nested in one another: a `(` deeper than this is reported
/// ([`super::SyntaxKind::TooLong`]) and the rest of the game skipped, so that no reader of the
/// tree (the checker, the writers) recurses further, and every game read has a JSON object
/// that reads back (a variation is four levels of JSON, and a JSON reader stops at 128).
/// Annotated games seldom nest more than a few deep.
pub const MAX_VARIATION_DEPTH: u32 = 24;

/// Bytes of one movetext token. The longest legal turn (a chain of steps capturing every piece
/// on a 9×9 board) is about 250 bytes; a longer token is refused unread, which bounds the steps
/// and captures kept for one turn.
pub const MAX_TOKEN_BYTES: usize = 1024;

/// Bytes of a stream read without a likely game boundary (the start of a line after a result,
/// or a tag line after movetext): one game, line or comment this long. `check` and `convert`
/// skip the text past it up to the next likely game boundary and report it once
/// ([`super::SyntaxKind::TooLong`], `seega::limit::too-long`), so that what they hold of a
/// stream stays bounded by it whatever arrives.
pub const MAX_UNCUT_BYTES: usize = 64 << 20;

/// Bytes of one input file; the CLI refuses larger files before reading them.
pub const MAX_FILE_BYTES: u64 = 1 << 30;
