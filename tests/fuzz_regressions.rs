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

#[test]
fn thousands_of_parentheses_pass_the_variations_target() {
    // Programs of the `variations` target: a byte's high four bits 15 write its piece 20,000
    // times; pieces 0 `(`, 1 `)`, 2 `(1. c2,b3 `, 6 `{(} `, 7 `;)` and a line end, 8 `*`.
    let programs: [&[u8]; 5] = [
        &[0xF0; 10],
        &[0xF1; 10],
        &[0xF2, 0xF2, 0xF1],
        &[0xF2, 0x26, 0x27, 0x28, 0xF2],
        &[0xD2, 0xD3, 0x00, 0xF0, 0xC8, 0xF1, 0x0F, 0xF0],
    ];
    for program in programs {
        let text = targets::program_text(program);
        let opened = text.matches('(').count();
        assert!(
            opened >= 200 || text.matches(')').count() >= 200_000,
            "{} parentheses",
            opened
        );
        for first in [0u8, 0x80] {
            let mut data = vec![first];
            data.extend_from_slice(program);
            targets::variations(&data);
        }
    }
    assert_eq!(
        targets::program_text(&[0xF0; 10]).matches('(').count(),
        200_000
    );
}
