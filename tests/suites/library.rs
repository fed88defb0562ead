//! The library as a Rust user calls it: the curated API, records read from streams, the programs of
//! `examples/`, and the engine held to a model written from the rules alone.
//!
//! One test binary of several files (each a module below), so that the dependencies are
//! linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

#[path = "../engine_reference.rs"]
mod engine_reference;
#[path = "../examples.rs"]
mod examples;
#[path = "../layers.rs"]
mod layers;
#[path = "../library.rs"]
mod library;
#[path = "../library_records.rs"]
mod library_records;
#[path = "../moves_brute.rs"]
mod moves_brute;
