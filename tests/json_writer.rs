//! What `convert` writes is byte for byte what `serde_json` writes for the wire struct
//! `GameObject` of each game, checked over the whole file at once: the JSON of the games the
//! fast lane takes is written by hand (`GameWriter::write_clean`), the others' through
//! `serde_json` into the chunk's buffer, chunk by chunk on several threads
//! (`archive::convert`), with their game numbers filled in when the chunks are placed; and
//! notation is written from the syntax tree as the serde path writes it back from the object.
//! Checked for every game of the conformance corpus, the samples (valid and invalid), the
//! fixtures, the fuzz regressions, a hand-made archive of awkward text and a generated archive
//! with invalid games; enough of them take the fast lane for its writer to be what is tested.

use seega::archive::convert::{ConvertWork, Target, convert_stream_in_blocks};
use seega::archive::for_each_object_of_bytes;
use seega::render::game_json::{GameObject, game_bytes};
use seega::tools::generate::{GenOptions, Generator};
use seega::validate::Options;

use super::common;
use common::{ROOT, walk};

/// The objects of every game of `bytes`, built by the wire struct's constructor.
fn objects(bytes: &[u8], name: &str) -> Vec<GameObject> {
    let mut out = Vec::new();
    for_each_object_of_bytes::<()>(bytes, name, &Options::default(), &mut |o| {
        out.push(o);
        Ok(())
    })
    .expect("the sink never fails");
    out
}

/// What the serde path writes for `objects` (without the brackets of a JSON array).
fn serde_bytes(objects: &[GameObject], target: Target) -> Vec<u8> {
    let mut out = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        match target {
            Target::Json => {
                out.extend_from_slice(if i == 0 { b"\n" } else { b",\n" });
                seega::render::json_text::to_writer(&mut out, o).expect("serializes");
            }
            Target::Jsonl => {
                seega::render::json_text::to_writer(&mut out, o).expect("serializes");
                out.push(b'\n');
            }
            Target::Sgn { width } => {
                if i > 0 {
                    out.push(b'\n');
                }
                out.extend_from_slice(&game_bytes(o, width).expect("writable"));
            }
            _ => panic!("a target this test does not know"),
        }
    }
    out
}

/// What `convert` writes, reading `bytes` in blocks of `block` bytes on `jobs` threads, and how
/// many games it wrote from the fast lane.
fn fast_bytes(
    bytes: &[u8],
    name: &str,
    target: Target,
    jobs: usize,
    block: usize,
    valid_only: bool,
) -> (Vec<u8>, usize) {
    let work = ConvertWork::new(&Options::default(), name, target, valid_only);
    let mut out = Vec::new();
    let mut written = 0;
    let mut games = 0;
    let mut fast = 0;
    convert_stream_in_blocks(bytes, &work, jobs, block, &mut |c, before| {
        assert_eq!(before, games, "chunks come in input order");
        games += c.games;
        fast += c.fast;
        assert!(c.refused.is_empty(), "{name}: {:?}", c.refused);
        c.write_to(&mut out, target, before, &mut written)
    })
    .expect("reading a slice never fails");
    (out, fast)
}

/// Games checked and games written by the fast lane's writer (as JSON Lines on one thread).
struct Count {
    games: usize,
    fast: usize,
}

fn assert_same(bytes: &[u8], name: &str) -> Count {
    let objects = objects(bytes, name);
    let mut fast = 0;
    for target in [Target::Jsonl, Target::Json, Target::Sgn { width: 40 }] {
        let want = serde_bytes(&objects, target);
        for (jobs, block) in [(1, 1 << 20), (1, 64), (3, 200), (2, 4096)] {
            let (got, lane) = fast_bytes(bytes, name, target, jobs, block, false);
            if (target, jobs, block) == (Target::Jsonl, 1, 1 << 20) {
                fast = lane;
            }
            if got != want {
                let at = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
                let show = |b: &[u8]| {
                    String::from_utf8_lossy(&b[at.saturating_sub(80)..(at + 80).min(b.len())])
                        .into_owned()
                };
                panic!(
                    "{name}, {target:?}, {jobs} jobs, blocks of {block}: first difference at byte {at}\n got: {}\nwant: {}",
                    show(&got),
                    show(&want)
                );
            }
        }
    }
    let valid: Vec<GameObject> = objects.iter().filter(|o| o.valid).cloned().collect();
    assert_eq!(
        fast_bytes(bytes, name, Target::Jsonl, 2, 512, true).0,
        serde_bytes(&valid, Target::Jsonl),
        "{name}: --valid-only"
    );
    Count {
        games: objects.len(),
        fast,
    }
}

#[test]
fn every_game_of_the_test_files_is_written_as_serde_writes_it() {
    let mut files = Vec::new();
    for dir in [
        "tests/conformance",
        "samples",
        "tests/fixtures",
        "tests/fuzz-regressions",
    ] {
        walk(std::path::Path::new(&format!("{ROOT}/{dir}")), &mut files);
    }
    files.sort();
    assert!(
        files
            .iter()
            .any(|f| f.to_string_lossy().contains("samples/invalid")),
        "the invalid samples are included"
    );
    let (mut games, mut fast) = (0, 0);
    for f in &files {
        let bytes = std::fs::read(f).expect("readable");
        let count = assert_same(&bytes, &f.display().to_string());
        games += count.games;
        fast += count.fast;
    }
    assert!(games >= 250, "{games} games");
    assert!(
        fast >= 50,
        "{fast} of {games} games written by the fast lane"
    );
}

#[test]
fn awkward_text_is_escaped_as_serde_escapes_it() {
    let mut text = b"\xEF\xBB\xBF[Event \"quote \\\" and backslash \\\\ \x01\"]\r\n\
        [Site \"tab\there \xC3\xA9 \xE1\xB8\xA5 \xF0\x9F\x98\x80 \x7f\"]\r\n\
        {header comment with \"quotes\" \\ and \x1f}\r\n\
        ; line comment \x0c form feed\r\n\r\n\
        {lead} $3 {after the glyph} 1. c2,d4 $1 {after \"turn\"} ; x\r\n a1,a2 *\r\n\r\n\
        [Event \"bad bytes \xFF\xFE here\"]\r\n1. c2,d4 \x80 *\r\n\r\n\
        [Event \"no result\"]\n1. c2,d4 b2,b3\n\n\
        [Event \"broken tag\n1. c2,d4 *\n\n\
        1. c2,d4 {unterminated \"comment\" \\\n"
        .to_vec();
    text.extend_from_slice(b"\n{trailing} ; end\n");
    let count = assert_same(&text, "awk\"ward\\name.sgn");
    assert!(count.games >= 4, "{} games", count.games);
}

#[test]
fn generated_games_valid_and_invalid_are_written_as_serde_writes_them() {
    let mut generator = Generator::new(
        GenOptions::default()
            .seed(11)
            .rules(common::mixed_rules())
            .invalid_rate(0.3)
            .max_turns(80),
    );
    let mut text = String::new();
    let mut mutated = 0;
    for i in 1..=300 {
        mutated += usize::from(generator.write_game(i, &mut text));
    }
    assert!(mutated > 30, "{mutated} invalid games");
    let objects = objects(text.as_bytes(), "g.sgn");
    assert!(objects.iter().filter(|o| !o.valid).count() > 30);
    let count = assert_same(text.as_bytes(), "g.sgn");
    assert_eq!(count.games, 300);
    assert!(
        count.fast >= 200,
        "{} games written by the fast lane",
        count.fast
    );
}

#[test]
fn games_in_another_writer_s_style_are_written_as_serde_writes_them() {
    // Escaped tag values, comments, glyphs and annotations glued to turns, CRLF: the fast
    // lane records them all (`src/validate/fast/tests/corpus.rs`), and writes them as serde does.
    let mut generator = Generator::new(
        GenOptions::default()
            .seed(23)
            .rules(common::mixed_rules())
            .invalid_rate(0.1)
            .max_turns(80),
    );
    let mut text = String::new();
    for i in 1..=200 {
        generator.write_game(i, &mut text);
    }
    let text = common::other_writer(&text);
    let objects = objects(text.as_bytes(), "o.sgn");
    let with = |f: fn(&GameObject) -> bool| objects.iter().filter(|o| f(o)).count();
    assert!(with(|o| o.valid) > 150, "valid games");
    assert!(with(|o| o.turns.iter().any(|t| !t.comments.is_empty())) > 100);
    assert!(with(|o| o.turns.iter().any(|t| !t.nags.is_empty())) > 50);
    assert!(with(|o| o.turns.iter().any(|t| t.annotation.is_some())) > 100);
    let count = assert_same(text.as_bytes(), "o.sgn");
    assert_eq!(count.games, 200);
    // All but the games with a token longer than the lane's window (a first step with four
    // captures and a two-mark annotation, `e6-d6xd5xc6xd7!?`, here once).
    let clean = with(|o| o.errors.is_empty());
    assert!(
        count.fast + 2 >= clean,
        "{} of {clean} clean games by the fast lane",
        count.fast
    );
}
