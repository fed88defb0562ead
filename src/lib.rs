//! seega: notation, rules engine and archive tools for Seega.
//!
//! # Phases
//!
//! An archive goes through these phases, each in its own module:
//!
//! 1. [`notation::Source`] turns bytes into text, marking invalid UTF-8 and skipping a BOM.
//! 2. [`notation::scan`] splits the text into games and each game into tags, comments and
//!    tokens with byte spans, recovering at the next game after a broken tag or comment.
//! 3. [`notation::token`] parses each token with nom into a syntax item; a bad token becomes a
//!    syntax error item and never derails the tokens after it.
//! 4. [`validate`] replays a game's items on an [`engine::Position`] under its
//!    [`engine::Ruleset`] and returns a verdict with [`validate::Problem`]s.
//!
//! The parser never judges legality; the engine never sees text.

pub mod archive;
pub mod canonical;
pub mod dedupe;
pub mod engine;
pub mod generate;
pub mod notation;
pub mod render;
pub mod results;
pub mod select;
pub mod stats;
pub mod validate;
