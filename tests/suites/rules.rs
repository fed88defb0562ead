//! The rules: the rule tests, the conformance corpus, the samples' snapshots, every syntax error,
//! the fuzz regressions, property tests and hostile input to the library.
//!
//! One test binary of several files (each a module below), so that the dependencies are
//! linked once for all of them.

#[path = "../conformance.rs"]
mod conformance;
#[path = "../every_syntax_error.rs"]
mod every_syntax_error;
#[path = "../fuzz_regressions.rs"]
mod fuzz_regressions;
#[path = "../hostile.rs"]
mod hostile;
#[path = "../hostile_ludii.rs"]
mod hostile_ludii;
#[path = "../proptest_mutations.rs"]
mod proptest_mutations;
#[path = "../proptest_roundtrip.rs"]
mod proptest_roundtrip;
#[path = "../rules.rs"]
mod rules;
#[path = "../samples.rs"]
mod samples;
