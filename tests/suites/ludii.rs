//! Ludii's trial files: read, checked and converted, and held to a model of Ludii's moves.
//!
//! One test binary of several files (each a module below), so that the dependencies are
//! linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

#[path = "../ludii.rs"]
mod ludii;
#[path = "../ludii_model.rs"]
mod ludii_model;
