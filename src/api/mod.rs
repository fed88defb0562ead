//! The library's face: what a Rust user reaches for, re-exported at the crate root.
//!
//! (Turns as values, `Ply`, and a game in progress on the referee, `GameState`, are the
//! validate layer's, which the renderers and the tools use too.) [`reading`] holds the two calls that
//! read an archive and replay a game; [`records`] games read from a stream of any size, each
//! owning its text; [`visiting`] the visitor that is handed a game's pieces without a tree;
//! [`checking`] a whole archive checked as `seega check --format jsonl` reports it;
//! [`generating`] the games `seega generate` writes. They join the notation and the engine,
//! which know nothing of each other.

pub(crate) mod checking;
pub(crate) mod generating;
pub(crate) mod reading;
pub(crate) mod records;
pub(crate) mod visiting;
