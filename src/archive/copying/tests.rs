//! The games of a stream cut into chunks are those of the whole text, with the same bytes.

use std::path::Path;

use super::*;
use crate::archive::check_source;
use crate::notation::limits::MAX_UNCUT_BYTES;

/// Every game of `bytes` read whole: its start in the bytes, its validity and its first error's
/// line.
fn whole(bytes: &[u8]) -> Vec<(usize, bool, Option<usize>)> {
    let (source, _) = Source::decode(bytes, Encoding::Auto);
    let lines = LineIndex::new(source.text());
    check_source(&source, &Options::default())
        .map(|c| {
            let first = c.verdict.problems.iter().find(|p| p.is_error());
            let line = first.map(|p| lines.line_col(source.text(), p.span.start).line);
            (
                source.byte_offset(c.game.span.start),
                c.verdict.is_valid(),
                line,
            )
        })
        .collect()
}

#[test]
fn chunked_games_are_the_whole_texts_with_their_own_bytes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in [
        "samples",
        "samples/invalid",
        "tests/conformance",
        "tests/fixtures",
    ] {
        crate::test_shapes::walk_ext(&root.join(dir), "sgn", &mut files);
    }
    let generated = crate::generate(&crate::GenOptions::default(), 40);
    let mut texts: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    texts.push(crate::test_shapes::other_writer(&generated).into_bytes());
    texts.push(
        format!(
            "\u{feff}{}\n{{ trailing }}\n",
            generated.replace('\n', "\r\n")
        )
        .into_bytes(),
    );
    let map = |c: &Checked<'_>, source: &Source, lines: &LineIndex| {
        let first = c.verdict.problems.iter().find(|p| p.is_error());
        let line = first.map(|p| lines.line_col(source.text(), p.span.start).line);
        (c.verdict.is_valid(), line)
    };
    let mut games = 0;
    for bytes in &texts {
        let want = whole(bytes);
        for (block, jobs) in [(8, 1), (300, 2), (1 << 16, 2)] {
            let (mut got, mut copied) = (Vec::new(), Vec::new());
            let bom = bytes.starts_with(BOM);
            if bom {
                copied.extend_from_slice(BOM);
            }
            let opts = Options::default();
            for_each_game_in_blocks(
                &bytes[..],
                Encoding::Auto,
                &opts,
                jobs,
                block,
                &map,
                &mut |c| {
                    if let Copied::Game {
                        value,
                        number,
                        at,
                        bytes: b,
                        bom: has,
                    } = c
                    {
                        assert_eq!((number, has), (got.len() + 1, bom));
                        assert_eq!(at as usize, copied.len());
                        copied.extend_from_slice(&b);
                        got.push((at as usize, value.0, value.1));
                    }
                    Ok(())
                },
            )
            .unwrap();
            let starts: Vec<_> = want.iter().map(|w| w.0).collect();
            // The first game's bytes start at the text's start (after its byte-order mark).
            let got_starts: Vec<_> = got.iter().map(|g| g.0).collect();
            assert_eq!(got_starts.len(), starts.len(), "block {block}");
            if !want.is_empty() {
                assert_eq!(&got_starts[1..], &starts[1..], "block {block}");
                assert_eq!(
                    copied, *bytes,
                    "block {block}: the games give the text back"
                );
            }
            let verdicts: Vec<_> = got.iter().map(|g| (g.1, g.2)).collect();
            let wanted: Vec<_> = want.iter().map(|w| (w.1, w.2)).collect();
            assert_eq!(verdicts, wanted, "block {block}");
        }
        games += want.len();
    }
    assert!(games > 300, "{games} games");
}

#[test]
fn the_bytes_after_a_stretch_too_long_belong_to_none_and_are_given() {
    let game = "[Event \"a\"]\n\n1. c2,d4 *\n";
    // After the stretch (which ends with a result, after which a cut may fall): a game, whose
    // comment before it is its own, or a comment alone, which belongs to none.
    for (tail, want) in [("{ after }\n", (2, 0)), ("", (1, 1))] {
        let mut bytes = game.as_bytes().to_vec();
        bytes.extend(std::iter::repeat_n(b' ', 2 * MAX_UNCUT_BYTES));
        bytes.extend_from_slice(b"\n1. c2,d4 *\n{ after }\n");
        if !tail.is_empty() {
            bytes.extend_from_slice(tail.as_bytes());
            bytes.extend_from_slice(game.as_bytes());
        }
        let (mut given, mut skipped, mut outside, mut games) = (0u64, 0, 0, 0);
        let opts = Options::default();
        let map = |_: &Checked<'_>, _: &Source, _: &LineIndex| ();
        for_each_game(&bytes[..], Encoding::Auto, &opts, 2, &map, &mut |c| {
            match c {
                Copied::Game { at, bytes: b, .. } => {
                    assert_eq!(
                        at,
                        given + skipped as u64,
                        "a game starts where the last ended"
                    );
                    given += b.len() as u64;
                    games += 1;
                }
                Copied::Outside { at, bytes: b } => {
                    assert_eq!(at, given + skipped as u64);
                    given += b.len() as u64;
                    outside += 1;
                }
                Copied::TooLong { bytes: b, .. } => skipped += b,
                Copied::Switched { .. } => {}
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(
            (games, outside),
            want,
            "games and texts of none after {tail:?}"
        );
        assert!(skipped > 0, "a stretch is skipped");
        assert_eq!(
            given + skipped as u64,
            bytes.len() as u64,
            "every byte is accounted for"
        );
    }
}
