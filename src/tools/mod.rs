//! The archive tools: what the commands do with whole archives, built on the notation, the
//! validator and the engine, and used by the command line.
//!
//! - [`canonical`]: every game of an archive in canonical form, or kept as written (`fmt`);
//! - `results`: results set from the outcome (`fmt --fix-results`);
//! - [`select`]: game filters and positions under symmetry (`select`);
//! - [`stats`]: counts over an archive (`stats`);
//! - [`dedupe`]: stable game identities (`dedupe`);
//! - [`generate`]: random games played by the engine (`generate`, the tests and benchmarks);
//! - [`ludii`]: Ludii trial files read, replayed and written as games (`convert --from ludii`,
//!   `check`).
//!
//! # Inside
//!
//! the archive tools behind `stats`, `select` (game filters, positions under symmetry) and `dedupe`
//! (stable FNV-1a identities).

pub mod canonical;
pub mod dedupe;
pub mod generate;
pub mod ludii;
pub(crate) mod results;
pub mod select;
pub mod stats;
