//! The library's face: what a Rust user reaches for, re-exported at the crate root.
//!
//! [`ply`] holds turns as values that read and write the notation and play on a position;
//! [`game_state`] a game in progress on the engine's referee; [`reading`] the two calls that
//! read an archive and replay a game; [`records`] games read from a stream of any size, each
//! owning its text; [`visiting`] the visitor that is handed a game's pieces without a tree;
//! [`checking`] a whole archive checked as `seega check --format jsonl` reports it;
//! [`generating`] the games `seega generate` writes. They join the notation and the engine,
//! which know nothing of each other.

pub(crate) mod checking;
pub(crate) mod game_state;
pub(crate) mod generating;
pub(crate) mod ply;
pub(crate) mod reading;
pub(crate) mod records;
pub(crate) mod visiting;
