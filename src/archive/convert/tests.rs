//! The game objects a chunk's worker makes for a printer of objects are those its JSON Lines
//! read back as, game for game: clean games from what the fast lane kept, the others the full
//! way.

use super::*;
use crate::tools::generate::GenOptions;

/// The games of `text` as `work` converts them to JSON Lines, read back.
fn read_back(text: &str, work: &ConvertWork<'_>) -> Vec<GameObject> {
    let mut out = Vec::new();
    let mut written = 0;
    convert_stream_in_blocks(text.as_bytes(), work, 2, 4096, &mut |c, before| {
        assert!(c.objects.is_none());
        c.write_to(&mut out, Target::Jsonl, before, &mut written)
    })
    .expect("converted");
    (out.split(|&b| b == b'\n'))
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("a game object"))
        .collect()
}

/// The games of `text` as `work`, asked for objects, makes them, numbered in the file.
fn made(text: &str, work: &ConvertWork<'_>) -> (Vec<GameObject>, usize) {
    let (mut all, mut fast) = (Vec::new(), 0);
    convert_stream_in_blocks(text.as_bytes(), work, 2, 4096, &mut |c, before| {
        fast += c.fast;
        for mut g in c.objects.take().expect("objects") {
            g.game += before;
            for e in &mut g.errors {
                e.game += before;
            }
            all.push(g);
        }
        Ok(())
    })
    .expect("converted");
    (all, fast)
}

/// Games of every preset, `invalid_rate` of them with an illegal turn.
fn generated(invalid_rate: f64, games: u64) -> String {
    let rules = crate::PRESETS.iter().map(|p| p.1).collect();
    crate::generate(
        &GenOptions::default()
            .seed(23)
            .rules(rules)
            .invalid_rate(invalid_rate),
        games,
    )
}

#[test]
fn the_objects_made_are_the_json_read_back() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts = vec![generated(0.0, 200), generated(0.1, 200)];
    for file in [
        "samples/standard.sgn",
        "samples/club-archive-crlf.sgn",
        "samples/options.sgn",
        "samples/positions.sgn",
        "samples/invalid/capture-missing.sgn",
        "samples/invalid/syntax-token.sgn",
        "tests/conformance/001.sgn",
        "tests/conformance/005.sgn",
    ] {
        texts.push(std::fs::read_to_string(root.join(file)).expect(file));
    }
    // Escaped tag values, comments and glyphs among the turns and after the result.
    texts.push(
        "[Event \"the \\\"cup\\\" \\\\ final\"]\n{ before }\n$3 { after the glyph }\n\
         1. a1,b1 { placed } $1 b2,c1!? ; a line\n*\n{ trailing }\n"
            .to_owned(),
    );
    let opts = Options::default();
    let mut fast = 0;
    for text in &texts {
        for name in [None, Some(&b"caf\xe9.sgn"[..])] {
            let work =
                ConvertWork::new(&opts, "cup.sgn", Target::Jsonl, false).with_file_bytes(name);
            let want = read_back(text, &work);
            let (got, lane) = made(text, &work.with_objects(true));
            fast += lane;
            assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(&want) {
                assert_eq!(g, w, "game {}", w.game);
            }
        }
    }
    assert!(fast > 400, "the fast lane made most of them: {fast}");
}
