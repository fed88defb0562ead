//! The pipeline's phases on generated archives of 5×5, 7×7 and 9×9 games: scanning and parsing
//! only, replaying already parsed games only, checking end to end and converting to JSON Lines
//! end to end (stream, one thread); and checking end to end by the size of the blocks read.
//!
//! Run with `cargo bench --bench pipeline`. Benchmarks only: nothing here asserts a time.
//!
//! # The other benchmarks
//!
//! `benches/pipeline.rs` (divan: parse only, replay only, check end to end on 5×5, 7×7, 9×9),
//! `benches/engine.rs` (divan: the engine's calls alone on parsed turns, and `outcome_after_turn`
//! alone, on 5×5, 7×7, 9×9), `bench/archive.sh` (against grep, with peak RSS), `bench/profile.sh`
//! (callgrind: instructions per input byte), both on the archive shapes of `bench/shapes.sh` too
//! (made by `bench/shapes.py` from generated archives, and checked to be valid or invalid as
//! meant), `bench/adversarial.sh` (linearity); their figures are in `docs/performance.md`.

use seega::Ruleset;
use seega::archive::convert::{ConvertWork, Target, convert_stream};
use seega::archive::stream::{check_stream, check_stream_in_blocks};
use seega::notation::{Game, Scanner, Source};
use seega::tools::generate::{GenOptions, Generator};
use seega::validate::{Options, check_game};

fn main() {
    divan::main();
}

const RULES: [&str; 3] = ["standard", "seesa", "seesa size=9"];

/// 500 legal games under `rules`, as text.
fn archive(rules: &str) -> String {
    let mut g = Generator::new(
        GenOptions::default()
            .seed(42)
            .rules(vec![Ruleset::parse(rules).expect("a preset")]),
    );
    let mut s = String::new();
    for i in 1..=500 {
        g.write_game(i, &mut s);
    }
    s
}

#[divan::bench(args = RULES)]
fn parse_only(bencher: divan::Bencher, rules: &str) {
    let text = archive(rules);
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            Scanner::new(divan::black_box(&text), &[])
                .map(|g| g.moves.len())
                .sum::<usize>()
        });
}

#[divan::bench(args = RULES)]
fn replay_only(bencher: divan::Bencher, rules: &str) {
    let text = archive(rules);
    let games: Vec<Game<'_>> = Scanner::new(&text, &[]).collect();
    let opts = Options::default();
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            games
                .iter()
                .map(|g| check_game(g, &opts).legal_turns)
                .sum::<u64>()
        });
}

#[divan::bench(args = RULES)]
fn check_end_to_end(bencher: divan::Bencher, rules: &str) {
    let text = archive(rules);
    let opts = Options::default();
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            let mut games = 0;
            let _ = check_stream(divan::black_box(text.as_bytes()), &opts, 1, &mut |p| {
                games += p.checked.games;
                Ok(())
            });
            games
        });
}

#[divan::bench(args = RULES)]
fn convert_end_to_end(bencher: divan::Bencher, rules: &str) {
    let text = archive(rules);
    let opts = Options::default();
    let work = ConvertWork::new(&opts, "bench.sgn", Target::Jsonl, false);
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            let mut written = 0;
            let _ = convert_stream(
                divan::black_box(text.as_bytes()),
                &work,
                1,
                &mut |c, before| {
                    c.write_to(&mut std::io::sink(), Target::Jsonl, before, &mut written)
                },
            );
            written
        });
}

#[divan::bench]
fn decode_source(bencher: divan::Bencher) {
    let text = archive("standard");
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            Source::from_bytes(divan::black_box(text.as_bytes()))
                .text()
                .len()
        });
}

/// Checking end to end (one thread) by the size of the blocks read: 12,000 standard games,
/// about 8 MB, so that a chunk no longer fits in a core's cache at the larger sizes.
#[divan::bench(args = [64usize, 128, 256, 512, 1024, 2048], sample_count = 40)]
fn check_block_kib(bencher: divan::Bencher, kib: usize) {
    let mut g = Generator::new(
        GenOptions::default()
            .seed(42)
            .rules(vec![Ruleset::parse("standard").expect("a preset")]),
    );
    let mut text = String::new();
    for i in 1..=12_000 {
        g.write_game(i, &mut text);
    }
    let opts = Options::default();
    bencher
        .counter(divan::counter::BytesCount::new(text.len()))
        .bench(|| {
            let mut games = 0;
            let bytes = divan::black_box(text.as_bytes());
            let _ = check_stream_in_blocks(bytes, &opts, 1, kib << 10, &mut |p| {
                games += p.checked.games;
                Ok(())
            });
            games
        });
}
