//! The fast lane never changes what `seega check` says nor what `seega convert` writes: for
//! every corpus we have, for generated archives with illegal turns, and for random byte
//! mutations, checking a chunk with the lane gives exactly what checking it the full way gives
//! (games, counts, problems, boundary), and converting gives the same bytes.

use std::path::Path;

use crate::PRESETS;
use crate::archive::convert::{ConvertWork, Target, convert_stream_in_blocks};
use crate::archive::stream::{CheckedChunk, check_chunk_with};
use crate::notation::Scanner;
use crate::tools::generate::{GenOptions, Generator};
use crate::validate::{Options, RulesCache, clean_auto, clean_game};
use proptest::prelude::*;

/// The ways of checking a chunk the CLI can ask for.
fn option_sets() -> Vec<Options> {
    let mut sets = Vec::new();
    for (_, rules) in PRESETS {
        sets.push(Options::default().default_rules(rules));
    }
    sets.push(Options::default().auto_rules(true));
    // --force-rules: under another preset than most tags name, and with auto.
    sets.push(
        Options::default()
            .default_rules(PRESETS[3].1)
            .force_rules(true),
    );
    sets.push(Options::default().auto_rules(true).force_rules(true));
    sets
}

/// What a check found, in a form two runs can be compared by.
fn summary(c: &CheckedChunk) -> String {
    format!(
        "games {} valid {} errors {} warnings {} boundary {} bytes {} tag-ruled {}\n{:#?}",
        c.games, c.valid, c.errors, c.warnings, c.boundary, c.bytes, c.tag_ruled, c.problems
    )
}

/// What `seega convert` writes for `bytes` (JSON Lines), with or without the lane.
fn convert(bytes: &[u8], opts: &Options, fast: bool) -> Vec<u8> {
    let work = ConvertWork::new(opts, "x.sgn", Target::Jsonl, false);
    let work = if fast { work } else { work.without_fast_lane() };
    let mut out = Vec::new();
    let mut written = 0;
    convert_stream_in_blocks(bytes, &work, 1, 1 << 20, &mut |c, before| {
        c.write_to(&mut out, Target::Jsonl, before, &mut written)
    })
    .expect("reading a slice never fails");
    out
}

/// Checks and converts `bytes` with and without the lane under `opts`; returns how many games
/// the chunk holds and how many of them are valid.
fn check(bytes: &[u8], opts: &Options, what: &str) -> (usize, usize) {
    let fast = check_chunk_with(bytes, opts, true);
    let full = check_chunk_with(bytes, opts, false);
    assert_eq!(summary(&fast), summary(&full), "{what}");
    let counts = (full.games, full.valid);
    let (fast, full) = (convert(bytes, opts, true), convert(bytes, opts, false));
    if fast != full {
        let at = fast.iter().zip(&full).take_while(|(a, b)| a == b).count();
        let show = |b: &[u8]| {
            String::from_utf8_lossy(&b[at.saturating_sub(60)..(at + 60).min(b.len())]).into_owned()
        };
        panic!(
            "{what}\nconvert differs at byte {at}\nlane: {}\nfull: {}",
            show(&fast),
            show(&full)
        );
    }
    counts
}

fn corpus_files() -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for dir in ["tests/conformance", "samples", "tests/fuzz-regressions"] {
        crate::test_shapes::walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir), &mut files);
    }
    files.retain(|f| f.extension().is_some_and(|e| e == "sgn"));
    files.sort();
    files
}

#[test]
fn every_corpus_file_gives_the_same_verdicts_either_way() {
    let files = corpus_files();
    assert!(files.len() > 40, "only {} corpus files found", files.len());
    let (mut games, mut valid) = (0, 0);
    for f in &files {
        let bytes = std::fs::read(f).expect("corpus file");
        // The lane leaves games with comments to the full path: without them, more games
        // (the invalid samples among them) take the lane.
        let bare = without_comments(&bytes);
        for opts in option_sets() {
            for b in [&bytes, &bare] {
                let (g, v) = check(b, &opts, &f.display().to_string());
                games += g;
                valid += v;
            }
        }
    }
    // The comparison means something only if both kinds of games were seen.
    assert!(
        valid > 500 && games - valid > 200,
        "{games} games, {valid} valid"
    );
}

/// `bytes` without `{...}` and `;` comments.
fn without_comments(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let skip_to = match bytes[i] {
            b'{' => bytes[i..]
                .iter()
                .position(|&b| b == b'}')
                .map(|n| i + n + 1),
            b';' => Some(
                bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |n| i + n),
            ),
            _ => None,
        };
        match skip_to {
            Some(j) => i = j,
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    out
}

fn generated(seed: u64, games: u64, invalid_rate: f64) -> String {
    let mut g = Generator::new(
        GenOptions::default()
            .seed(seed)
            .rules(PRESETS.iter().map(|(_, r)| *r).collect())
            .invalid_rate(invalid_rate)
            .max_turns(60),
    );
    let mut out = String::new();
    for i in 1..=games {
        g.write_game(i, &mut out);
    }
    out
}

#[test]
fn generated_archives_with_illegal_turns_give_the_same_verdicts() {
    let text = generated(7, 400, 0.3);
    let (games, valid) = check(text.as_bytes(), &Options::default(), "generated archive");
    assert_eq!(games, 400);
    assert!(valid > 100 && valid < 380, "{valid} valid games of 400");
}

#[test]
fn games_without_rules_tags_give_the_same_verdicts_under_auto() {
    let auto = Options::default().auto_rules(true);
    for (seed, rate) in [(3, 0.0), (5, 0.2)] {
        let text: String = generated(seed, 300, rate)
            .lines()
            .filter(|l| !l.starts_with("[Rules "))
            .map(|l| format!("{l}\n"))
            .collect();
        let (games, valid) = check(text.as_bytes(), &auto, "generated archive, no Rules tags");
        assert_eq!(games, 300);
        assert!(valid > 200, "{valid} valid games of 300");
        let mut cache = RulesCache::default();
        let first = clean_auto(&text, 0, 1, &auto, &mut cache);
        assert!(first.is_some(), "the first game takes the lane");
        // Games with a move number glued to their first turn, and without any turn.
        let glued = text
            .replace("\n1. ", "\n1.")
            .replace("\n\n1.", "\n\n{a note} 1.");
        check(
            glued.as_bytes(),
            &auto,
            "first turns glued to their numbers",
        );
    }
    check(
        b"[Event \"x\"]\n\n*\n\n1. c2,d4 *\n",
        &auto,
        "a game without turns",
    );
}

/// Bytes that matter to the notation, for mutations.
const ALPHABET: &[u8] = b" \n\r\t[]\"\\{};$!?.,-x*/01239aeiz";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_mutations_give_the_same_verdicts(
        seed in 0u64..1000,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0usize..3, 0usize..ALPHABET.len()), 1..4),
        opts in 0usize..4,
    ) {
        let mut bytes = generated(seed, 3, 0.0).into_bytes();
        for (at, what, c) in edits {
            let i = at.index(bytes.len().max(1));
            match what {
                0 if !bytes.is_empty() => { bytes.remove(i); }
                1 => bytes.insert(i, ALPHABET[c]),
                _ if !bytes.is_empty() => bytes[i] = ALPHABET[c],
                _ => {}
            }
        }
        let opts = option_sets()[opts];
        check(&bytes, &opts, &String::from_utf8_lossy(&bytes));
    }
}

const RESULTS: [&str; 6] = ["1-0", "0-1", "1/2-1/2", "*", "2-0", ""];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Result tags, result tokens and move numbers: the parts of a game the lane judges
    /// besides its turns.
    #[test]
    fn results_and_numbers_give_the_same_verdicts(
        seed in 0u64..1000,
        tag in 0usize..RESULTS.len(),
        token in 0usize..RESULTS.len(),
        number in any::<prop::sample::Index>(),
        renumber in 0u32..4,
    ) {
        let text = generated(seed, 1, 0.0);
        let text = text.replacen("[Result \"*\"]", &format!("[Result \"{}\"]", RESULTS[tag]), 1);
        let end = text.trim_end().rfind(' ').map_or(0, |i| i + 1);
        let mut text = format!("{}{}\n", &text[..end], RESULTS[token]);
        if renumber > 0 {
            let dots: Vec<usize> = text.match_indices(". ").map(|(i, _)| i).collect();
            if !dots.is_empty() {
                let at = dots[number.index(dots.len())];
                text.insert_str(at, if renumber == 1 { ".." } else { "0" });
            }
        }
        for opts in option_sets() {
            check(text.as_bytes(), &opts, &text);
        }
    }
}

#[test]
fn limits_are_the_same_either_way() {
    // A game just under and just over the token limit, and tags of every kind the lane reads.
    let long = "a".repeat(1100);
    let text = format!(
        "[Rules \"standard\"]\n[Result \"*\"]\n\n1. a1,b1 *\n\n[Event \"{long}\"]\n1. a1,b1 *\n\n1. a1,b1{long} *\n"
    );
    let (games, valid) = check(text.as_bytes(), &Options::default(), "limits");
    assert_eq!((games, valid), (3, 2));
}

/// Hand-made games at the edges of what the lane reads, each also as the second game of an
/// archive after a clean one.
const EDGES: &[&str] = &[
    "1. a1,b2c d1,e1 *",
    "1. a1,b12 *",
    "1. a12,b1 *",
    "1. a1,b1 d1,e1 *c",
    "[Rules \"standard\"]\n[Rules \"seesa\"]\n\n1. a1,b1 *",
    "[Rules \"seesa\"]\n[Rules \"bogus\"]\n\n1. a1,b1 *",
    "[Result \"*\"]\n[Result \"1-0\"]\n\n1. a1,b1 *",
    "[Result \"1-0\"]\n[Result \"*\"]\n\n1. a1,b1 *",
    "[Rules \"standard\"]\n[Rules \"seesa size=9\"]\n\n1. h8,i9 *",
    "1. a1,b1 * {never closed",
    "1. a1,b1 *\n{never closed\n[Event \"x\"]\n1. a1,b1 *",
    "1. a1,b1 * {after}",
    "1. a1,b1 * ; after",
    "1. a1,b1 *\x0b",
    "1. a1,b1 *\n{between}\n[Event \"x\"]\n1. a1,b1 *",
    "[Event \"a\\\"b\"]\n1. a1,b1 *",
    "[Event \"a\rb\"]\n1. a1,b1 *",
    "[Event \"ab\" x]\n1. a1,b1 *",
    "[ Event  \"ab\"  ]1. a1,b1 *",
    "1... a1,b1 *",
    "0. a1,b1 *",
    "1.a1,b1 2. d1,e1 *",
    "1.. a1,b1 *",
    "1. a1,b1 1. d1,e1 *",
    "1. -- *",
    "1. a1,a1 *",
    "1. c3,a1 *",
    "1. a1,b1!? *",
    "1. a1,b1 $1 *",
    "1. a1,b1{c} *",
    "1. a1,b1;c\n*",
    "1. a1,b1 [Event \"x\"]",
    "{before}\n[Event \"x\"]\n1. a1,b1 *",
    "; before\n[Event \"x\"]\n1. a1,b1 *",
    "[Event \"x\"]\n{between}\n[Result \"*\"]\n1. a1,b1 *",
    "[Event \"x\"] {same line}\n1. a1,b1 *",
    "1. a1,b1 {c} d1,e1 *",
    "1. {c} a1,b1 *",
    "1. a1,b1 ; to the end\nd1,e1 *",
    "1. a1,b1 ;\r*",
    "1. a1,b1 ;",
    "1. a1,b1 {multi\nline} *",
    "1. a1,b1 {holds\n[Event \"x\"]} *",
    "1. a1,b1 {unclosed d1,e1 *",
    "1. a1,b1 {unclosed\n[Event \"x\"]\n1. a1,b1 *",
    "1. a1,b1 {}d1,e1 *",
    "1. a1,b1 {{}} *",
    "1. a1,b1 {c}*",
    "1. a1,b1! d1,e1?? *",
    "1. a1,b1!! d1,e1?! *",
    "1. a1,b1!!! *",
    "1. a1,b1!x *",
    "1. a1,b1? {c} *",
    "1. a1,b1!{c} *",
    "1. --! *",
    "1. a1,b1 $0 *",
    "1. a1,b1 $123456789 *",
    "1. a1,b1 $1234567890 *",
    "1. a1,b1 $99999999999 *",
    "1. a1,b1 $ *",
    "1. a1,b1 $12a *",
    "1.$3 a1,b1 *",
    "1. $3 a1,b1 *",
    "1. a1,b1 * {after} ;more\n[Event \"x\"]\n1. a1,b1 *",
    "1. a1,b1 * {unclosed\n[Event \"x\"]\n1. a1,b1 *",
    "1. a1,b1 * ;c\n;d\n",
    "1. a1,b1 *{glued} 1. a1,b1 *",
    "[Event \"\u{202e}x\"]\n1. a1,b1 *",
    "[Event \"caf\u{e9} \u{201c}x\u{201d} \u{2069}\"]\n1. a1,b1 *",
    "[Event \"caf\u{e9} \u{201c}x\u{201d} \u{200f}\"]\n1. a1,b1 *",
    "{\u{2066}}\n[Event \"x\"]\n1. a1,b1 *",
    "1. a1,b1 {\u{202a}} d1,e1 *",
    "1. a1,b1 ;\u{202b}\nd1,e1 *",
    "1. a1,b1 * {\u{202c}}",
    "1. a1,b1 * {\u{202d}}\n[Event \"x\"]\n1. a1,b1 *",
    "1. a1,b1 *\n{\u{2067}}\n[Event \"x\"]\n1. a1,b1 *",
    "1. a1,b1 \u{2068}d1,e1 *",
    "[Event \"a\\\"\u{202e}\\\\\"]\n1. a1,b1 *",
    "[Event \"\u{2013}\u{2026}\u{202e}\"]\n1. a1,b1 *",
    "[Event \"x\u{2013}\"]\n[Site \"\u{2069}\"]\n1. a1,b1 *",
    "[Event \"\u{2013}\\\"\u{2014}\"]\n1. a1,b1 *",
    "[Rules \"standard\u{202e}\"]\n1. a1,b1 *",
    "[Event \"\u{2013}\n\"]\n1. a1,b1 *",
    "1. a1,b1 {\u{2013}\u{2066}} d1,e1 *",
    "1. a1,b1 * ;\u{2013} \u{2069}",
];

#[test]
fn edges_are_the_same_either_way() {
    let clean = generated(3, 1, 0.0);
    for edge in EDGES {
        for text in [edge.to_string(), format!("{clean}{edge}\n")] {
            for opts in option_sets() {
                check(text.as_bytes(), &opts, &text);
            }
        }
    }
}

#[test]
fn movetext_and_header_limits_are_the_same_either_way() {
    use crate::notation::limits::{MAX_HEADERS, MAX_MOVETEXT};
    let numbers = format!("{}a1,b1 *\n", "1. ".repeat(MAX_MOVETEXT));
    let (games, valid) = check(numbers.as_bytes(), &Options::default(), "numbers");
    assert_eq!((games, valid), (1, 0));
    let just = format!("{}a1,b1 *\n", "1. ".repeat(MAX_MOVETEXT - 2));
    assert_eq!(
        check(just.as_bytes(), &Options::default(), "numbers"),
        (1, 1)
    );
    let tags = format!("{}1. a1,b1 *\n", "[A \"b\"]\n".repeat(MAX_HEADERS + 1));
    assert_eq!(check(tags.as_bytes(), &Options::default(), "tags"), (1, 0));
    let tags = format!("{}1. a1,b1 *\n", "[A \"b\"]\n".repeat(MAX_HEADERS));
    assert_eq!(check(tags.as_bytes(), &Options::default(), "tags"), (1, 1));
    // Comments count as movetext items, and before the first token as headers.
    for (n, valid) in [(MAX_MOVETEXT - 3, 1), (MAX_MOVETEXT - 2, 0)] {
        let comments = format!("1. a1,b1 {}*\n", "{c} ".repeat(n));
        assert_eq!(
            check(comments.as_bytes(), &Options::default(), "comments"),
            (1, valid)
        );
    }
    for (n, valid) in [(MAX_HEADERS - 1, 1), (MAX_HEADERS, 0)] {
        let comments = format!("{}[A \"b\"]\n1. a1,b1 *\n", ";c\n".repeat(n));
        assert_eq!(
            check(comments.as_bytes(), &Options::default(), "header comments"),
            (1, valid)
        );
    }
}

#[test]
fn a_capture_written_twice_is_the_same_either_way() {
    let mut seen = 0;
    for seed in 0..20 {
        let text = generated(seed, 1, 0.0);
        let moves = text.find("\n\n").unwrap_or(0);
        let Some(x) = text[moves..].find('x').map(|x| moves + x) else {
            continue;
        };
        let twice = format!("{}{}{}", &text[..x + 3], &text[x..x + 3], &text[x + 3..]);
        let (games, valid) = check(twice.as_bytes(), &Options::default(), &twice);
        assert_eq!((games, valid), (1, 0), "{twice}");
        seen += 1;
    }
    assert!(seen > 10);
}

/// How many games of `text` the lane takes, and how many go the full way.
fn lane_and_full(text: &str) -> (usize, usize) {
    let opts = Options::default();
    let mut cache = RulesCache::default();
    let mut scanner = Scanner::new(text, &[]);
    let (mut fast, mut full) = (0, 0);
    loop {
        if let Some(end) = clean_game(text, scanner.offset(), &opts, &mut cache) {
            fast += 1;
            scanner.seek(end);
        } else if scanner.next().is_some() {
            full += 1;
        } else {
            break;
        }
    }
    (fast, full)
}

#[test]
fn the_lane_takes_plain_valid_games() {
    // Otherwise the comparisons above would compare the full path with itself.
    assert_eq!(lane_and_full(&generated(11, 300, 0.0)), (300, 0));
}

#[test]
fn the_lane_takes_games_with_comments_and_annotations_in_check() {
    let text = generated(12, 100, 0.0)
        .replace(" 5. ", " {a comment} 5. ")
        .replace(" 9. ", " ; to the end of the line\n9. ")
        .replace("[Event", "{before the tags}\n[Event")
        .replace("\n[Site", "\n{between tags}\n[Site")
        .replace(" 13. ", " $14 13. ")
        .replace(" 15. ", "!? 15. ")
        .replace(" 17. ", "? 17. ");
    assert_eq!(text.matches('{').count(), 300);
    assert!(text.matches('$').count() > 30);
    assert!(text.matches('?').count() > 60);
    // A comment before the tags follows the previous game's result and belongs to the next
    // game; comments that end the text would be the last game's, which the lane leaves to
    // the full path.
    assert_eq!(lane_and_full(&text), (100, 0));
    check(text.as_bytes(), &Options::default(), "comments");
    // A comment has no length limit of its own (tokens have).
    let long = format!("1. a1,b1 {{{}}} *\n", "a".repeat(5000));
    assert_eq!(lane_and_full(&long), (1, 0));
    check(long.as_bytes(), &Options::default(), "long comment");
    let trailing = format!("{text}{{the end}}\n");
    assert_eq!(lane_and_full(&trailing), (99, 1));
    check(trailing.as_bytes(), &Options::default(), "trailing");
}
