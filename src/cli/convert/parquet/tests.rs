//! The row groups' cuts, and the rows of the fast lane's games held byte for byte to those of
//! their game objects.

use std::path::Path;

use seega::archive::convert::{ConvertWork, Target, convert_stream_in_blocks};
use seega::table::GROUP_TEXT as ROW_GROUP_TEXT;
use seega::validate::Options;
use seega::{GenOptions, Ruleset};

use super::*;

/// A game of one pass followed by a comment of `comment` bytes.
fn game(comment: usize) -> GameObject {
    let text = "c".repeat(comment);
    serde_json::from_value(serde_json::json!({
        "game": 1, "file": "t.sgn", "rules": null, "result": "*", "outcome": null,
        "final": null, "source": null,
        "turns": [{"number": 1, "side": null, "kind": "pass", "from": null,
                   "annotation": null, "comments": [{"text": text}]}],
    }))
    .expect("a game object")
}

/// The row groups `sink` encoded so far.
fn groups(sink: &ParquetSink) -> usize {
    sink.writer.as_ref().map_or(0, Encoder::row_groups)
}

#[test]
fn a_row_group_is_cut_at_its_games_or_at_its_text() {
    let mut out = Vec::new();
    let mut sink = ParquetSink::new(Table::Games, 3, 1);
    for _ in 0..2 {
        assert!(sink.take(&mut out, game(10)).is_ok());
    }
    assert_eq!(groups(&sink), 0, "nothing encoded before the group is full");
    assert!(sink.take(&mut out, game(10)).is_ok());
    assert_eq!(groups(&sink), 1, "three games: a row group");
    // Games of long comments: a row group well before its game count.
    let mut out = Vec::new();
    let mut sink = ParquetSink::new(Table::Turns, 1000, 1);
    let big = 1 << 20;
    for _ in 0..ROW_GROUP_TEXT / big - 1 {
        assert!(sink.take(&mut out, game(big)).is_ok());
    }
    assert_eq!(groups(&sink), 0);
    assert!(sink.take(&mut out, game(big)).is_ok());
    assert_eq!(groups(&sink), 1, "cut at {ROW_GROUP_TEXT} bytes of text");
    assert!(sink.end(&mut out).is_ok());
    assert!(out.starts_with(b"PAR1") && out.ends_with(b"PAR1"));
}

/// How a test converts notation.
#[derive(Clone, Copy, Debug)]
enum Way {
    /// Rows on the workers, clean games from the lane's record.
    Lane,
    /// Rows on the workers, every game from its game object made the full way.
    Full,
    /// Game objects made on the workers (clean ones from the lane's record) and handed to the
    /// printer one by one, as games read from JSON are.
    Objects,
}

/// The Parquet file of `table` that `text` gives, converted `way` on `jobs` threads (and
/// encoded on as many) in blocks of `block` bytes, 100 games to a row group.
fn parquet(text: &[u8], table: Table, way: Way, jobs: usize, block: usize) -> Vec<u8> {
    let opts = Options::default();
    let maker: &dyn RowMaker = &table;
    let work = ConvertWork::new(&opts, "t.sgn", Target::Jsonl, false);
    let work = match way {
        Way::Lane => work.with_rows(Some(maker)),
        Way::Full => work.with_rows(Some(maker)).without_fast_lane(),
        Way::Objects => work.with_objects(true),
    };
    let mut sink = ParquetSink::new(table, 100, jobs);
    let mut out = Vec::new();
    convert_stream_in_blocks(text, &work, jobs, block, &mut |c, before| {
        if let Some(rows) = c.rows.take() {
            sink.take_rows(&mut out, rows, before)?;
        }
        for mut g in c.objects.take().unwrap_or_default() {
            g.game += before;
            sink.take(&mut out, g)
                .map_err(|e| e.map_or_else(|e| e, std::io::Error::other))?;
        }
        Ok(())
    })
    .expect("converted");
    sink.end(&mut out).expect("ended");
    out
}

/// The texts the ways are compared on: every file of the samples and the conformance corpora,
/// and generated archives, valid and with invalid games, under several rulesets.
fn texts() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = Vec::new();
    for dir in [
        "samples",
        "samples/invalid",
        "tests/conformance",
        "tests/conformance/world",
    ] {
        let mut paths: Vec<_> = (std::fs::read_dir(root.join(dir)).expect("a test directory"))
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "sgn"))
            .collect();
        paths.sort();
        for p in paths {
            let bytes = std::fs::read(&p).expect("a test file");
            texts.push((p.display().to_string(), bytes));
        }
    }
    let rules: Vec<Ruleset> = ["standard", "seesa", "ludus", "standard size=9"]
        .iter()
        .map(|r| Ruleset::parse(r).expect("a preset"))
        .collect();
    for (seed, invalid) in [(1, 0.0), (2, 0.2)] {
        let options = GenOptions::default()
            .seed(seed)
            .rules(rules.clone())
            .invalid_rate(invalid);
        let text = seega::generate(&options, 300);
        texts.push((format!("generated, seed {seed}"), text.into_bytes()));
    }
    texts
}

#[test]
fn the_lanes_rows_are_those_of_the_game_objects_byte_for_byte() {
    let mut compared = 0;
    for (name, text) in texts() {
        for table in [Table::Games, Table::Turns] {
            let lane = parquet(&text, table, Way::Lane, 1, 1 << 16);
            assert!(lane.starts_with(b"PAR1"), "{name}");
            for (way, jobs, block) in [
                (Way::Full, 1, 1 << 16),
                (Way::Objects, 1, 1 << 16),
                (Way::Lane, 2, 4096),
            ] {
                let other = parquet(&text, table, way, jobs, block);
                assert!(
                    other == lane,
                    "{name}, {table:?}: {way:?} on {jobs} threads differs from the lane"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "{compared} files compared");
}
