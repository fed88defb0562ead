//! Every input a fuzzer ever crashed on, kept in `tests/fuzz-regressions/`, run through every
//! fuzz target, and the corpus through each. (The mutation campaign is a step of its own in
//! `.ci/run`: the stable driver of `fuzz/`.)
//!
//! The targets themselves live in `fuzz/src/targets.rs` and assert their invariants (spans in
//! bounds and on character boundaries, reports rendered, round trips equal).

#[path = "../fuzz/src/targets.rs"]
#[allow(
    dead_code,
    reason = "shared with the fuzz crate; not every item is used here"
)]
mod targets;

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join(dir))
        .expect("directory exists")
        .map(|e| e.expect("readable entry").path())
        .collect();
    v.sort();
    v
}

/// The Ludii trials of the tests and of `samples/invalid/`.
fn trials() -> Vec<PathBuf> {
    let mut v = files("tests/fixtures/ludii");
    v.extend(files("samples/invalid"));
    v.retain(|p| p.extension().is_some_and(|e| e == "txt"));
    v
}

#[test]
fn every_kept_crash_input_passes_every_target() {
    let inputs = files("tests/fuzz-regressions");
    assert!(!inputs.is_empty(), "the regression inputs are missing");
    for p in inputs {
        let data = std::fs::read(&p).expect("readable regression input");
        for (name, run) in targets::TARGETS {
            // Each target also runs with every first byte the option selector distinguishes.
            for first in [0u8, 1, 2, 0x80] {
                let mut d = vec![first];
                d.extend_from_slice(&data);
                run(&d);
            }
            run(&data);
            eprintln!("{} ok under {name}", p.display());
        }
    }
}

#[test]
fn the_corpus_passes_every_target() {
    let mut inputs = files("tests/conformance");
    inputs.extend(files("samples"));
    inputs.retain(|p| p.extension().is_some_and(|e| e == "sgn"));
    inputs.extend(trials());
    assert!(inputs.len() > 5);
    for p in inputs {
        let data = std::fs::read(&p).expect("readable corpus file");
        for (_, run) in targets::TARGETS {
            run(&data);
        }
    }
}
