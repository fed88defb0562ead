//! The library's face: what a Rust user reaches for, re-exported at the crate root.
//!
//! (Turns as values, `Ply`, and a game in progress on the referee, `GameState`, are the
//! validate layer's, which the renderers and the tools use too.) [`reading`] holds the two calls that
//! read an archive and replay a game; [`records`] games read from a stream of any size, each
//! owning its text; [`visiting`] the visitor that is handed a game's pieces without a tree;
//! [`checking`] a whole archive checked as `seega check --format jsonl` reports it;
//! [`generating`] the games `seega generate` writes; [`recording`] the record of a game played
//! turn by turn. They join the notation and the engine,
//! which know nothing of each other.
//!
//! # Inside
//!
//! the library's curated face, re-exported at the crate root and toured in `lib.rs`'s doc comment,
//! beside the public modules that the command and the other faces use (see the library's boundary).
//! `reading` (`parse`: a `Scanner` over a text; `replay`: `check_game` under the default options);
//! `records` (`GameReader`, `RecordedGame`); `visiting` (`Visitor` and `Skip`: the pieces of a game
//! in file order — tags, move numbers, turns, glyphs, comments, syntax errors, the result — from
//! the notation's reader, which allocates no tree; where it gives up, at an escaped tag, an
//! undecodable byte or a limit, the game's syntax tree hands on the pieces from the one it stopped
//! at, so a visitor sees what `parse` sees, once). `examples/` holds four short programs on this
//! face, run by `tests/examples.rs`.

pub(crate) mod checking;
pub(crate) mod generating;
pub(crate) mod reading;
pub(crate) mod recording;
pub(crate) mod records;
pub(crate) mod visiting;
