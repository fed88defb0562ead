//! Nothing well formed goes the slow way: every game of the conformance corpus and the samples
//! that the full path finds clean (no problem at all) is read by the fast lane, both when
//! checking (`clean_game`) and when recording for `convert` (`clean_game_recorded`), walking
//! each file as `archive::stream` and `archive::convert` walk a chunk. A game the lane leaves
//! to the full way must have something for the full path to say.

use std::path::Path;

use crate::notation::{Scanner, Source};
use crate::test_shapes::{MIXED_RULES, other_writer, walk};
use crate::validate::{
    CleanGame, Options, RulesCache, check_game_at, clean_game, clean_game_recorded,
};

/// Walks `text` as the chunk loops do: the lane where it can, the full way where it cannot.
/// Returns how many games the lane took, and the first game the full way found clean.
fn walk_text(text: &str, record: bool) -> (usize, Option<String>) {
    let opts = Options::default().record(record);
    let mut cache = RulesCache::default();
    let mut clean = CleanGame::default();
    let mut scanner = Scanner::new(text, &[]);
    let (mut fast, mut index) = (0, 0);
    loop {
        let at = scanner.offset();
        let end = if record {
            clean_game_recorded(text, at, &opts, &mut cache, &mut clean)
        } else {
            clean_game(text, at, &opts, &mut cache)
        };
        if let Some(end) = end {
            fast += 1;
            index += 1;
            scanner.seek(end);
            continue;
        }
        let Some(game) = scanner.next() else {
            return (fast, None);
        };
        index += 1;
        let verdict = check_game_at(&game, index, &opts);
        if verdict.problems.is_empty() {
            return (fast, Some(game.span.of(text).to_owned()));
        }
    }
}

fn files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["tests/conformance", "samples"] {
        walk(
            Path::new(&format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"))),
            &mut files,
        );
    }
    files.retain(|f| f.extension().is_some_and(|e| e == "sgn"));
    files.sort();
    files
}

#[test]
fn every_clean_game_of_the_corpus_and_samples_takes_the_fast_lane() {
    let (mut taken, mut with_lines) = ([0, 0], 0);
    for f in files() {
        let bytes = std::fs::read(&f).expect("readable");
        let source = Source::from_bytes(&bytes);
        if !source.invalid().is_empty() {
            // The lane reads no undecodable bytes; such a file has errors to report anyway.
            continue;
        }
        // Recording for `convert`, the lane takes no variation (a clean game's record holds one
        // line): such a file goes the full way then.
        let lines = crate::parse(source.text())
            .any(|g| (g.moves.iter()).any(|e| matches!(e, crate::notation::Element::Variation(_))));
        for (k, record) in [false, true].into_iter().enumerate() {
            if record && lines {
                continue;
            }
            let (fast, full) = walk_text(source.text(), record);
            taken[k] += fast;
            with_lines += if lines { fast } else { 0 };
            assert!(
                full.is_none(),
                "{} (record {record}): a clean game went the full way:\n{}",
                f.display(),
                full.unwrap_or_default()
            );
        }
    }
    assert!(
        with_lines >= 2,
        "the games with variations take the lane for check"
    );
    assert!(
        taken[0] >= 40 && taken[1] == taken[0] - with_lines,
        "{taken:?}"
    );
}

#[test]
fn games_in_another_writer_s_style_take_the_fast_lane() {
    let mut generator = crate::tools::generate::Generator::new(
        crate::tools::generate::GenOptions::default()
            .seed(5)
            .rules(
                MIXED_RULES
                    .iter()
                    .map(|r| crate::Ruleset::parse(r).unwrap())
                    .collect(),
            )
            .invalid_rate(0.0)
            .max_turns(80),
    );
    let mut text = String::new();
    for i in 1..=200 {
        generator.write_game(i, &mut text);
    }
    let text = other_writer(&text);
    for needle in [
        "\\\"",
        "\\\\",
        "}a",
        "a1{",
        "{a header",
        "$14",
        "!?",
        "\r\n",
    ] {
        assert!(text.contains(needle), "{needle}");
    }
    let glued = text.matches("move}").count();
    assert!(glued > 100, "{glued} comments glued to turns");
    for record in [false, true] {
        let (fast, full) = walk_text(&text, record);
        assert_eq!(full, None, "record {record}");
        assert_eq!(fast, 200, "record {record}");
    }
}
