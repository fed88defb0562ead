//! Streaming in chunks on threads finds exactly what one scan of the whole file finds: the same
//! games, problems, game numbers, lines and columns, for any block size and thread count.

use super::{check_stream_in_blocks, check_stream_reported_in_blocks};
use crate::Ruleset;
use crate::archive::check_source;
use crate::notation::limits::MAX_VARIATION_DEPTH;
use crate::notation::{LineIndex, Source};
use crate::render::diagnostic::Renderer;
use crate::render::file_report::{FileReport, Style};
use crate::render::wire::FileName;
use crate::tools::generate::{GenOptions, Generator};
use crate::validate::{Options, Problem};

/// (game, code, label, line, column) of every problem, and the number of games.
type Seen = (usize, Vec<(usize, String, String, usize, usize)>);

/// What a test compares of a problem: its game, code, label, line and column.
fn seen(p: &Problem, lines: &LineIndex, text: &str) -> (usize, String, String, usize, usize) {
    let lc = lines.line_col(text, p.span.start);
    (p.game, p.code.to_string(), p.label(), lc.line, lc.column)
}

fn whole(bytes: &[u8]) -> Seen {
    let src = Source::from_bytes(bytes);
    let text = src.text();
    let lines = LineIndex::new(text);
    let opts = Options::default();
    let mut games = 0;
    let mut out = Vec::new();
    for c in check_source(&src, &opts) {
        games += 1;
        out.extend(c.verdict.problems.iter().map(|p| seen(p, &lines, text)));
    }
    (games, out)
}

fn streamed(bytes: &[u8], jobs: usize, block: usize) -> Seen {
    let mut games = 0;
    let mut chunks = 0;
    let mut out = Vec::new();
    check_stream_in_blocks(bytes, &Options::default(), jobs, block, &mut |placed| {
        assert_eq!(placed.games_before, games);
        chunks += 1;
        games += placed.checked.games;
        let lines = placed.line_index();
        let text = placed.source.text();
        out.extend(
            placed
                .checked
                .problems
                .iter()
                .map(|p| seen(p, &lines, text)),
        );
        Ok(())
    })
    .expect("reading from memory does not fail");
    if block <= 333 && bytes.len() > 20 * block && games > 20 {
        assert!(
            chunks > 1,
            "a large input with small blocks is cut into chunks"
        );
    }
    (games, out)
}

fn archive(games: u64, rate: f64) -> Vec<u8> {
    let mut g = Generator::new(GenOptions {
        seed: 11,
        rules: ["standard", "ludus", "seesa", "seesa size=9"]
            .iter()
            .map(|r| Ruleset::parse(r).unwrap())
            .collect(),
        invalid_rate: rate,
        max_turns: 40,
        variations: 0.0,
    });
    let mut s = String::new();
    for i in 1..=games {
        g.write_game(i, &mut s);
    }
    s.into_bytes()
}

/// The report of every chunk, in each style, as the caller gets it.
fn reported(bytes: &[u8], jobs: usize, block: usize) -> Vec<Vec<u8>> {
    let json_name = FileName::of(std::path::Path::new("a.sgn"));
    let styles = [
        Style::Human(Box::new(Renderer::plain())),
        Style::Short,
        Style::Jsonl,
    ];
    styles
        .into_iter()
        .map(|style| {
            let report = FileReport {
                style,
                name: "a.sgn",
                json_name: &json_name,
            };
            let mut out = Vec::new();
            let opts = Options::default();
            check_stream_reported_in_blocks(bytes, &opts, jobs, block, Some(&report), &mut |p| {
                out.extend_from_slice(&p.report);
                Ok(())
            })
            .expect("reading from memory does not fail");
            out
        })
        .collect()
}

fn same_everywhere(bytes: &[u8]) {
    let want = whole(bytes);
    for block in [64, 333, 4096, 1 << 20] {
        for jobs in [1, 3] {
            assert_eq!(
                streamed(bytes, jobs, block),
                want,
                "jobs {jobs}, block {block}"
            );
        }
        // Reports rendered on the workers are those the calling thread renders.
        assert_eq!(
            reported(bytes, 3, block),
            reported(bytes, 1, block),
            "block {block}"
        );
    }
}

#[test]
fn generated_archives_stream_like_one_scan() {
    let bytes = archive(300, 0.2);
    let (games, problems) = whole(&bytes);
    assert_eq!(games, 300);
    assert!(problems.len() > 20, "the mutated games are reported");
    same_everywhere(&bytes);
}

#[test]
fn conformance_files_stream_like_one_scan() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "sgn") {
            same_everywhere(&std::fs::read(&p).unwrap());
            n += 1;
        }
    }
    assert!(n >= 8);
}

#[test]
fn tricky_boundaries_stream_like_one_scan() {
    let game = "[Event \"x\"]\n\n1. a1,a2 b1,b2 *\n\n";
    let cases = [
        // A comment holding what looks like a game boundary.
        format!("{game}[A \"b\"]\n1. a1,a2 {{ spans\n1-0\n[Event \"y\"]\n }} c1,c2 *\n\n{game}"),
        // A comment never closed, then many games.
        format!(
            "[A \"b\"]\n1. a1,a2 {{ never closed\n*\n{}",
            game.repeat(40)
        ),
        // A comment left open, and a `}` in a later game; the same with lone CR line ends.
        format!(
            "[A \"b\"]\n1. a1,a2 {{ left open\n*\n{}[C \"d\"]\n{{ a note }} 1. a1,a2 *\n",
            game.repeat(40)
        ),
        format!(
            "[A \"b\"]\r1. a1,a2 {{ left open\r*\r{}[C \"d\"]\r{{ a note }} 1. a1,a2 *\r",
            game.replace('\n', "\r").repeat(40)
        ),
        // Comments between games, a game without a result, CRLF and lone CR line ends.
        format!(
            "{game}{{between}}\n{game}1. a1,a2\n\r\n{}[B \"c\"]\r1. c1,c2 *\r\n",
            game.replace('\n', "\r\n")
        ),
        // Invalid UTF-8 and a BOM.
        format!("\u{feff}{game}[A \"\u{0}\"]\n1. a1,a2 *\n{game}"),
    ];
    for c in &cases {
        same_everywhere(c.as_bytes());
    }
    // Games without results: cut between them, and a tag section is never cut.
    let no_result = "[Event \"x\"]\n[Site \"y\"]\n{ note }\n[Date \"z\"]\n\n1. a1,a2 b1,b2\n\n";
    same_everywhere(no_result.repeat(50).as_bytes());
    let (games, problems) = whole(no_result.repeat(50).as_bytes());
    assert_eq!(
        (games, problems.len()),
        (50, 50),
        "each game lacks its result"
    );
    // Games without tags: cut after their results.
    same_everywhere(
        "c2,d4 *\n{c} 1. c2,d4 1-0 { after }\nc2,d4 *\n"
            .repeat(60)
            .as_bytes(),
    );
    let mut bad = game.repeat(10).into_bytes();
    bad.extend_from_slice(b"[X \"\xff\xfe\"]\n1. a1,a9 *\n\n");
    bad.extend_from_slice(game.repeat(10).as_bytes());
    same_everywhere(&bad);
}

#[test]
fn a_comment_line_before_a_game_goes_with_that_game() {
    let bytes = String::from_utf8(archive(200, 0.0))
        .unwrap()
        .replace("[Event", "; from the club archive\n[Event")
        .into_bytes();
    same_everywhere(&bytes);
    // Each chunk is cut before a game's comment, after the previous result: every cut is a
    // true game boundary, so no chunk waits to be joined with the next.
    every_cut_is_verified(&bytes);
}

/// Cuts `bytes` in blocks of 2000 and checks that there are many chunks and that each one's
/// check finds it ends at a true game boundary.
fn every_cut_is_verified(bytes: &[u8]) {
    use super::{Piece, Splitter, check_chunk_cut};
    let mut splitter = Splitter::new(bytes, 2000);
    let (mut chunks, mut verified) = (0, 0);
    while let Some(piece) = splitter.next_chunk().unwrap() {
        let Piece::Chunk {
            bytes: chunk,
            tag_next,
        } = piece
        else {
            panic!("a stretch too long in a small archive");
        };
        // (the last chunk may be the file's final blank line alone)
        if chunk.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        chunks += 1;
        verified += usize::from(check_chunk_cut(&chunk, &Options::default(), tag_next).boundary);
    }
    assert!(chunks > 20, "{chunks} chunks");
    assert_eq!(verified, chunks);
}

#[test]
fn a_comment_left_open_does_not_hold_the_chunks_after_it() {
    use super::check_chunk;
    // The comment stops at the next tag line, in the chunk: the chunk's end is a true game
    // boundary, so it is handed on at once instead of waiting for a `}` further on.
    let game = "[Event \"x\"]\n\n1. a1,a2 b1,b2 *\n\n";
    let chunk = format!("[A \"b\"]\n1. a1,a2 {{ left open\n*\n\n{}", game.repeat(3));
    let checked = check_chunk(chunk.as_bytes(), &Options::default());
    assert_eq!((checked.games, checked.boundary), (4, true));
    // A comment that runs to the chunk's end may be closed past it: that chunk waits.
    let open = format!("{}[A \"b\"]\n1. a1,a2 {{ still open\n", game.repeat(3));
    assert!(!check_chunk(open.as_bytes(), &Options::default()).boundary);
}

#[test]
fn comments_after_each_result_keep_every_cut() {
    // `1-0 {White resigns}`: the comment is the game's own, so a cut at the next tag line is a
    // true boundary, and no chunk waits for the next.
    let game = "[Event \"x\"]\n\n1. a1,a2 b1,b2 1-0 {White resigns} ;adjourned\n\n";
    let bytes = game.repeat(1000).into_bytes();
    same_everywhere(&bytes);
    every_cut_is_verified(&bytes);
}

#[test]
fn a_comment_left_open_past_the_movetext_limit_still_holds_the_cut() {
    // Past the limit of a game's movetext items nothing is kept, but a comment that runs to
    // the end of a chunk still keeps the chunk from being taken for a whole game.
    let mut bytes = b"a ".repeat(1_000_005);
    bytes.extend_from_slice(b"{open\n1-0\n}");
    bytes.extend_from_slice(&vec![b' '; 3 << 20]);
    bytes.extend_from_slice(b" 1-0\nc2,d4 1-0\n");
    let (games, _) = whole(&bytes);
    assert_eq!(games, 2);
    for jobs in [1, 2] {
        let (streamed_games, _) = streamed(&bytes, jobs, 1 << 20);
        assert_eq!(streamed_games, 2, "jobs {jobs}");
    }
}

#[test]
fn a_comment_left_open_before_each_tag_line_keeps_every_cut() {
    // The comment stops at the tag line after the cut, in the whole file as in the chunk: the
    // chunk need not wait for the next to know it.
    let game = "[Event \"x\"]\n1. c2,d4 { left open\nxyz q9\n";
    let bytes = format!("{}[Event \"last\"]\n1. c2,d4 *\n", game.repeat(1500)).into_bytes();
    same_everywhere(&bytes);
    every_cut_is_verified(&bytes);
}

#[test]
fn a_line_start_after_a_variation_s_own_result_is_no_game_boundary() {
    // Each `*` at a line's end ends a variation's line, not its game: a chunk cut there would
    // end a game early, so the check of such a chunk says its cut is no boundary, and the
    // stream agrees with the whole text (each game whole and valid) however it is cut.
    let game = "1. c2,d4 (1. c2,b3 *\n) 1... a1,b1 *\n\n";
    let bytes = game.repeat(400).into_bytes();
    same_everywhere(&bytes);
    let (source, opts) = (Source::from_bytes(&bytes), Options::default());
    let checked: Vec<_> = check_source(&source, &opts).collect();
    assert_eq!(checked.len(), 400);
    assert!(checked.iter().all(|c| c.verdict.is_valid()));
}

#[test]
fn a_variation_opened_past_the_depth_limit_keeps_its_game_going_past_a_cut() {
    // Past the depth limit the tree keeps no variation, so none shows as left open; the `*`
    // at the line's end is a line's own result all the same (the variation after the limit
    // is one deep), and a chunk cut after it is no game boundary.
    let deep = MAX_VARIATION_DEPTH as usize + 1;
    let game = format!(
        "1. c2,d4 {}{} (1. c2,b3 *\n) *\n\n",
        "(1. c2,b3 ".repeat(deep),
        ")".repeat(deep)
    );
    let bytes = game.repeat(200).into_bytes();
    same_everywhere(&bytes);
    let (source, opts) = (Source::from_bytes(&bytes), Options::default());
    assert_eq!(check_source(&source, &opts).count(), 200);
}
