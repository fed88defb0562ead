//! The library's stream reader against `check`: every game of every test file, and of a
//! generated archive of many chunks, read as a [`RecordedGame`] and checked on its own gives
//! the diagnostics, game numbers and lines that [`check_archive`] (what `seega check --format
//! jsonl` prints) gives for the whole file.

use seega::{DiagnosticLine, Encoding, GameReader, GenOptions, Options, Ruleset, check_archive};

use super::common;

/// The bytes of every `.sgn` file of the samples, the invalid samples and the conformance
/// corpus, with their names.
fn corpus() -> Vec<(String, Vec<u8>)> {
    common::corpus_files()
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read(&p).expect("readable"),
            )
        })
        .collect()
}

/// The diagnostics of every game `GameReader` reads from `bytes`, each game checked alone,
/// and the number of games.
fn read_alone(bytes: &[u8], file: &str, opts: &Options) -> (usize, Vec<DiagnosticLine>) {
    let mut games = 0;
    let mut diagnostics = Vec::new();
    for (i, game) in GameReader::new(bytes).enumerate() {
        let game = game.expect("reading from memory does not fail");
        assert_eq!(game.number(), i + 1, "{file}: games numbered in order");
        games += 1;
        let verdict = game.check(opts);
        diagnostics.extend(verdict.problems.iter().map(|p| game.diagnostic(p, file)));
    }
    (games, diagnostics)
}

/// Compares the reader's games with `check_archive`'s on `bytes`; returns what differs.
fn compare(bytes: &[u8], file: &str, opts: &Options) -> Vec<String> {
    let report = check_archive(bytes, file, opts, Encoding::Utf8, 2).expect("in memory");
    let (games, diagnostics) = read_alone(bytes, file, opts);
    let mut bad = Vec::new();
    if games != report.summary.games {
        bad.push(format!(
            "{file}: {games} games, check found {}",
            report.summary.games
        ));
    }
    if diagnostics != report.diagnostics {
        let first = diagnostics
            .iter()
            .zip(&report.diagnostics)
            .find(|(a, b)| a != b);
        bad.push(format!(
            "{file}: {} diagnostics, check gave {}; first difference {first:#?}",
            diagnostics.len(),
            report.diagnostics.len()
        ));
    }
    bad
}

#[test]
fn every_test_file_reads_as_check_reads_it() {
    let files = corpus();
    assert!(files.len() > 30, "the corpus is there");
    let bad: Vec<String> = files
        .iter()
        .flat_map(|(name, bytes)| compare(bytes, name, &Options::default()))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_generated_archive_of_many_chunks_reads_as_check_reads_it() {
    let rules = ["standard", "seesa size=7", "ludus"].map(|r| Ruleset::parse(r).unwrap());
    let options = GenOptions::default()
        .seed(3)
        .rules(rules.to_vec())
        .invalid_rate(0.1)
        .max_turns(40);
    let text = seega::generate(&options, 3000);
    assert!(
        text.len() > 4 * (256 << 10),
        "several blocks: {} bytes",
        text.len()
    );
    let bad = compare(text.as_bytes(), "g.sgn", &Options::default());
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // The lines of the games are the file's: each game's text stands at its line.
    let lines: Vec<&str> = text.lines().collect();
    for game in GameReader::new(text.as_bytes()) {
        let game = game.unwrap();
        let first = game.text().lines().next().unwrap();
        assert_eq!(lines[game.line() - 1], first, "game {}", game.number());
    }
}

#[test]
fn games_glued_on_one_line_keep_their_columns() {
    let text = "1. a1,b1 * 1. c3,d4 *\n";
    let games: Vec<_> = GameReader::new(text.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1].text(), "1. c3,d4 *");
    let verdict = games[1].check(&Options::default());
    let d = games[1].diagnostic(&verdict.problems[0], "f");
    assert_eq!((d.game, d.line, d.column), (2, 1, 15));
    // After characters of several bytes, a lone CR, CRLF, and thousands of games on a line:
    // every problem where `check` puts it.
    for (text, problems) in [
        ("{é ḥ} 1-0 1. c3,d4 * {ü} 1. a1,b1 a1,c1 *\n", 2),
        ("1. a1,b1 *\r{é} 1. c3,d4 *\r\n\t1. a1,a1 *", 2),
        (&format!("{}1. c3,d4 *", "{é} 1-0 ".repeat(3000)), 1),
        (&format!("{}1. c3,d4 *", "1-0 ".repeat(5000)), 1),
    ] {
        let opts = Options::default();
        assert_eq!(compare(text.as_bytes(), "f", &opts), Vec::<String>::new());
        let (_, found) = read_alone(text.as_bytes(), "f", &opts);
        let head: String = text.chars().take(60).collect();
        assert_eq!(found.len(), problems, "{head:?}");
    }
}

#[test]
fn a_read_error_ends_the_games_with_it() {
    struct Broken;
    impl std::io::Read for Broken {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("disk on fire"))
        }
    }
    let mut reader = GameReader::new(Broken);
    let first = reader.next().expect("the error");
    assert_eq!(first.unwrap_err().to_string(), "disk on fire");
    assert!(reader.next().is_none());
}

/// The text of every game of `text` as a scan of the whole text finds it: from its first item
/// to its last (trailing comments included).
fn scanned_texts(text: &str) -> Vec<String> {
    seega::parse(text)
        .map(|g| {
            let end = g
                .trailing
                .last()
                .map_or(g.span.end, |c| c.span.end.max(g.span.end));
            text[g.span.start..end].to_owned()
        })
        .collect()
}

#[test]
fn the_games_the_reader_finds_are_those_of_one_scan() {
    let options = GenOptions::default().seed(9).invalid_rate(0.05);
    let mut texts = vec![seega::generate(&options, 2500)];
    for (_, bytes) in corpus() {
        if let Ok(text) = String::from_utf8(bytes) {
            texts.push(text);
        }
    }
    for text in &texts {
        let read: Vec<String> = GameReader::new(text.as_bytes())
            .map(|g| g.unwrap().text().to_owned())
            .collect();
        assert_eq!(read, scanned_texts(text));
    }
}

/// The verdict of every game of `text` read by `GameReader` (through the fast lane when it
/// proves the game clean, its verdict kept by the reader or made again for a record rebuilt
/// from its parts) is the full path's (`check_game` of its syntax tree), field for field;
/// returns how many games the lane's verdict could stand for (clean ones).
fn compare_verdicts(text: &[u8], file: &str, opts: &Options) -> usize {
    let mut clean = 0;
    for game in GameReader::new(text) {
        let game = game.unwrap();
        let full = seega::check_game(&game.parse(), opts);
        let rebuilt = seega::RecordedGame::from_parts(game.parts()).unwrap();
        for (how, record) in [("read", &game), ("rebuilt", &rebuilt)] {
            if game.skipped().is_some() {
                continue;
            }
            let quick = record.check(opts);
            assert_eq!(
                format!("{quick:?}"),
                format!("{full:?}"),
                "{file}: game {} ({how})",
                game.number()
            );
        }
        clean += usize::from(full.problems.is_empty());
    }
    clean
}

#[test]
fn a_quick_check_gives_the_full_paths_verdict() {
    let mut clean = 0;
    let ludus = Options::default().default_rules(Ruleset::parse("ludus").unwrap());
    let options = [
        Options::default(),
        ludus,
        Options::default().auto_rules(true),
        ludus.force_rules(true),
        Options::default().record(true),
    ];
    for opts in &options {
        for (name, bytes) in corpus() {
            clean += compare_verdicts(&bytes, &name, opts);
        }
    }
    let generated = GenOptions::default()
        .seed(5)
        .rules(
            ["standard", "seesa size=7", "ludus limit=20"]
                .map(|r| Ruleset::parse(r).unwrap())
                .to_vec(),
        )
        .invalid_rate(0.1);
    let text = seega::generate(&generated, 1500);
    clean += compare_verdicts(text.as_bytes(), "g.sgn", &Options::default());
    assert!(clean > 1000, "{clean} clean games compared");
}
