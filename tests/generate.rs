//! `seega generate`: legal games are valid for the checker, mutated games are invalid, and the
//! bytes depend only on the seed and the options.

use super::common;

use std::process::Command;

use seega::archive::check_source;
use seega::notation::Source;
use seega::tools::generate::{GenOptions, Generator};
use seega::validate::Options;

const BIN: &str = env!("CARGO_BIN_EXE_seega");

fn options(rate: f64) -> GenOptions {
    GenOptions::default()
        .seed(5)
        .rules(common::mixed_rules())
        .invalid_rate(rate)
        .max_turns(80)
}

#[test]
fn each_game_is_valid_exactly_when_it_was_not_mutated() {
    let mut g = Generator::new(options(0.3));
    let opts = Options::default();
    let (mut mutated, mut ended_by_rule) = (0, 0);
    for i in 1..=400 {
        let mut text = String::new();
        let bad = g.write_game(i, &mut text);
        mutated += bad as u32;
        let src = Source::from_text(text.clone());
        let checked: Vec<_> = check_source(&src, &opts).collect();
        assert_eq!(checked.len(), 1, "game {i} is one game:\n{text}");
        let v = &checked[0].verdict;
        assert_eq!(v.is_valid(), !bad, "game {i}: {:?}\n{text}", v.problems);
        if !bad && v.outcome.is_some() {
            ended_by_rule += 1;
        }
    }
    assert!(
        (60..=180).contains(&mutated),
        "about 30% mutated: {mutated}"
    );
    assert!(
        ended_by_rule > 20,
        "some games end by rule: {ended_by_rule}"
    );
}

fn run(args: &[&str]) -> (i32, Vec<u8>) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), out.stdout)
}

#[test]
fn the_same_seed_gives_the_same_bytes() {
    let a = run(&["generate", "--games", "300", "--seed", "9", "--jobs", "1"]);
    let b = run(&["generate", "--games", "300", "--seed", "9", "--jobs", "3"]);
    let c = run(&["generate", "--games", "300", "--seed", "10"]);
    assert_eq!(a.0, 0);
    assert!(!a.1.is_empty());
    assert_eq!(a.1, b.1, "threads do not change the bytes");
    assert_ne!(a.1, c.1, "another seed gives other games");
    let dir = std::env::temp_dir().join(format!("seega-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.sgn");
    let o = run(&[
        "generate",
        "--games",
        "300",
        "--seed",
        "9",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.0, 0);
    assert!(o.1.is_empty());
    assert_eq!(std::fs::read(&file).unwrap(), a.1);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file is left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_checker_agrees_with_the_generator() {
    let dir = std::env::temp_dir().join(format!("seega-gencheck-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.sgn");
    let bad = dir.join("bad.sgn");
    let rules = ["--rules", "standard", "ludus", "seesa"];
    let g = |path: &std::path::Path, rate: &str| {
        let mut args = vec![
            "generate",
            "--games",
            "3000",
            "--seed",
            "2",
            "--invalid-rate",
            rate,
        ];
        args.extend(rules);
        args.extend(["-o", path.to_str().unwrap()]);
        assert_eq!(run(&args).0, 0);
    };
    g(&good, "0");
    g(&bad, "0.05");
    let (code, out) = run(&["check", "--format", "jsonl", good.to_str().unwrap()]);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0, "{out}");
    let sum: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (sum["games"].as_u64(), sum["valid"].as_u64()),
        (Some(3000), Some(3000))
    );

    let one = run(&["check", "--jobs", "1", bad.to_str().unwrap()]);
    let two = run(&["check", "--jobs", "2", bad.to_str().unwrap()]);
    assert_eq!(one.0, 1);
    assert_eq!(
        one.1, two.1,
        "threads do not change the report or its order"
    );
    let (_, out) = run(&["check", "--format", "jsonl", bad.to_str().unwrap()]);
    let out = String::from_utf8(out).unwrap();
    let sum: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let invalid = sum["invalid"].as_u64().unwrap();
    assert!(
        (80..=230).contains(&invalid),
        "about 5% of 3000 invalid: {invalid}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
