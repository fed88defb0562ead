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

/// FNV-1a (64 bits) of `bytes`: a fingerprint of an archive.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn without_variations_the_archive_is_the_one_written_before_they_existed() {
    // Size and fingerprint of the bytes the command wrote before it had --variations.
    let (code, out) = run(&["generate", "--games", "2000", "--seed", "1"]);
    assert_eq!(code, 0);
    assert_eq!((out.len(), fnv1a(&out)), (1_287_760, 0x1a07_969b_1190_5326));
    let zero = run(&[
        "generate",
        "--games",
        "2000",
        "--seed",
        "1",
        "--variations",
        "0",
    ]);
    assert_eq!(zero, (0, out), "a rate of 0 is no variation");
}

#[test]
fn variations_are_legal_lines_nested_and_annotated() {
    let mut g = Generator::new(options(0.0).variations(0.2));
    let opts = Options::default().record(true);
    let (mut lines, mut nested, mut with_variations) = (0, 0, 0);
    let mut text = String::new();
    for i in 1..=300 {
        let start = text.len();
        assert!(!g.write_game(i, &mut text), "no game is mutated at rate 0");
        let game = &text[start..];
        let src = Source::from_text(game.to_owned());
        let checked: Vec<_> = check_source(&src, &opts).collect();
        assert_eq!(checked.len(), 1, "game {i} is one game:\n{game}");
        let v = &checked[0].verdict;
        assert!(v.is_valid(), "game {i}: {:?}\n{game}", v.problems);
        // Comments hold no parenthesis: each `(` opens one variation, replayed by the checker.
        let opened = game.matches('(').count();
        assert_eq!(v.lines.len(), opened, "game {i}:\n{game}");
        assert!(v.lines.iter().all(|l| !l.played.is_empty()), "game {i}");
        lines += opened;
        nested += v
            .lines
            .iter()
            .filter(|l| l.path.to_string().contains('/'))
            .count();
        with_variations += (opened > 0) as u32;
        assert!(
            v.lines
                .iter()
                .all(|l| l.path.to_string().matches('/').count() <= 1),
            "two levels at most, game {i}"
        );
    }
    assert!(
        with_variations > 250,
        "most games have some: {with_variations}"
    );
    assert!(
        nested > 50 && nested * 2 < lines,
        "some nested: {nested} of {lines}"
    );
    for sign in ["{better}", "!", "?", " $", " *)", "... "] {
        assert!(text.contains(sign), "some variation holds {sign:?}");
    }
}

#[test]
fn with_variations_each_game_is_valid_exactly_when_it_was_not_mutated() {
    let mut g = Generator::new(options(0.3).variations(0.1));
    let opts = Options::default();
    let (mut mutated, mut in_variation, mut in_main) = (0, 0, 0);
    for i in 1..=400 {
        let mut text = String::new();
        let bad = g.write_game(i, &mut text);
        mutated += bad as u32;
        let src = Source::from_text(text.clone());
        let checked: Vec<_> = check_source(&src, &opts).collect();
        assert_eq!(checked.len(), 1, "game {i} is one game:\n{text}");
        let v = &checked[0].verdict;
        assert_eq!(v.is_valid(), !bad, "game {i}: {:?}\n{text}", v.problems);
        let errors: Vec<_> = v.problems.iter().filter(|p| p.is_error()).collect();
        assert_eq!(errors.len(), bad as usize, "one illegal turn, game {i}");
        in_variation += errors.iter().filter(|p| p.line.is_some()).count();
        in_main += errors.iter().filter(|p| p.line.is_none()).count();
    }
    assert!(
        (60..=180).contains(&mutated),
        "about 30% mutated: {mutated}"
    );
    assert!(
        in_variation > 20 && in_main > 20,
        "illegal turns in both: {in_variation} in variations, {in_main} in main lines"
    );
}

#[test]
fn stripped_of_its_variations_the_archive_is_the_one_without() {
    let base = [
        "generate", "--games", "500", "--seed", "4", "--rules", "standard", "ludus",
    ];
    let (code, plain) = run(&base);
    assert_eq!(code, 0);
    let (code, varied) = run(&[&base[..], &["--variations", "0.3"]].concat());
    assert_eq!(code, 0);
    assert!(
        varied.len() > plain.len() * 5 / 4,
        "the variations add text"
    );
    let fmt = |args: &[&str], input: &[u8]| {
        let o = common::run_with(args, Some(input));
        assert!(o.status.success(), "{}", common::stderr(&o));
        o.stdout
    };
    assert_eq!(
        fmt(&["fmt", "--strip-variations"], &varied),
        fmt(&["fmt"], &plain),
        "the main lines and tags are the same"
    );
    for bad in ["1.5", "-0.1", "NaN"] {
        let arg = format!("--variations={bad}");
        let o = common::run_with(&["generate", "--games", "1", &arg], None);
        assert_eq!(o.status.code(), Some(2), "--variations {bad}");
        assert!(
            common::stderr(&o).contains(&format!("--variations {bad} is not a probability")),
            "{}",
            common::stderr(&o)
        );
    }
}
