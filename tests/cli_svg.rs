//! `seega show --svg` and `--svg-dir`, run as a user runs them; diagrams are snapshots.

use super::common;
use common::{ROOT, files_in, scratch, stderr, stdout};

fn run(args: &[&str]) -> std::process::Output {
    common::run_with(args, None)
}

fn boards() -> String {
    format!("{ROOT}/tests/fixtures/boards.sgn")
}

/// The number of legal turns of game `n` of the fixture, from `convert`.
fn turns_of(n: usize) -> usize {
    let o = run(&["convert", "--to", "jsonl", &boards()]);
    let line = stdout(&o).lines().nth(n - 1).expect("the game").to_owned();
    let game: serde_json::Value = serde_json::from_str(&line).expect("json");
    game["turns"].as_array().expect("turns").len()
}

#[test]
fn svg_snapshots() {
    let cases: [(&str, Vec<&str>); 5] = [
        ("svg_5x5_chain_capture", vec!["--game", "1", "--turn", "13"]),
        ("svg_5x5_placement", vec!["--game", "1", "--turn", "4"]),
        ("svg_5x5_pass_finished", vec!["--game", "2"]),
        ("svg_9x9_chain_capture", vec!["--game", "4", "--turn", "47"]),
        ("svg_9x9_start", vec!["--game", "4", "--turn", "0"]),
    ];
    let file = boards();
    for (name, extra) in cases {
        let mut args = vec!["show", file.as_str(), "--svg"];
        args.extend(extra);
        let o = run(&args);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let svg = stdout(&o);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(svg.matches("</svg>").count(), 1, "{name}: one document");
        insta::assert_snapshot!(name, svg);
    }
    let o = run(&["show", "--svg", "--position", "bbw1w/5/2b2/5/w3w b"]);
    assert!(o.status.success(), "{}", stderr(&o));
    insta::assert_snapshot!("svg_position", stdout(&o));
}

#[test]
fn the_highlight_is_the_text_boards() {
    // turn 13 of game 1: d3-c3xb3-d3xd2xd4 — c3 and d3 touched, b3, d2 and d4 captured
    let o = run(&["show", &boards(), "--game", "1", "--turn", "13"]);
    let text = stdout(&o);
    let rows: String = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    let touched = rows.matches('[').count();
    let captured = rows.matches('(').count();
    let o = run(&["show", &boards(), "--game", "1", "--turn", "13", "--svg"]);
    let svg = stdout(&o);
    assert_eq!((touched, captured), (2, 3), "{text}");
    assert_eq!(svg.matches("fill=\"#f6d55c\"").count(), touched);
    assert_eq!(svg.matches("fill=\"#f1a9a0\"").count(), captured);
    assert!(
        svg.contains("d3-c3xb3-d3xd2xd4"),
        "the turn is in the title"
    );
    assert!(svg.contains("Kofi vs Mona"), "the players are in the title");
}

#[test]
fn svg_dir_writes_one_file_per_position() {
    let dir = scratch("dir");
    let o = run(&[
        "show",
        &boards(),
        "--game",
        "2",
        "--svg-dir",
        dir.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "nothing on standard output");
    let n = turns_of(2);
    let expected: Vec<String> = (0..=n).map(|k| format!("turn-{k:03}.svg")).collect();
    assert_eq!(files_in(&dir), expected, "the start and one file per turn");
    let one = run(&["show", &boards(), "--game", "2", "--turn", "18", "--svg"]);
    assert_eq!(
        std::fs::read_to_string(dir.join("turn-018.svg")).expect("written"),
        stdout(&one),
        "a file of the directory is the diagram --svg draws"
    );
    let start = std::fs::read_to_string(dir.join("turn-000.svg")).expect("written");
    assert!(start.contains(">start</text>"), "{start}");

    // a 7×7 game of more than 100 turns still sorts by name
    let o = run(&[
        "show",
        &boards(),
        "--game",
        "3",
        "--svg-dir",
        dir.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let n3 = turns_of(3);
    assert!(n3 > 100);
    assert!(dir.join(format!("turn-{n3:03}.svg")).is_file());
    assert_eq!(
        files_in(&dir).len(),
        n3 + 1,
        "game 3's files replace game 2's"
    );
    std::fs::remove_dir_all(&dir).expect("cleaned");
}

#[test]
fn svg_dir_is_made_when_missing_and_must_be_a_directory() {
    let dir = scratch("missing");
    let missing = dir.join("new").join("dir");
    let o = run(&[
        "show",
        &boards(),
        "--svg-dir",
        missing.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        missing.join("turn-000.svg").exists(),
        "made, with its diagrams"
    );
    let file = dir.join("file.svg");
    std::fs::write(&file, "x").expect("written");
    let o = run(&[
        "show",
        &boards(),
        "--svg-dir",
        file.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a directory"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), "x");
    let o = run(&["show", &boards(), "--svg-dir", ".", "--turn", "3"]);
    assert_eq!(o.status.code(), Some(2), "--svg-dir draws every turn");
    std::fs::remove_dir_all(&dir).expect("cleaned");
}

#[test]
fn svg_output_file_is_written_atomically() {
    let dir = scratch("out");
    let out = dir.join("d.svg");
    std::fs::write(&out, "old").expect("written");
    let o = run(&[
        "show",
        &boards(),
        "--svg",
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let final_ = run(&["show", &boards(), "--svg"]);
    assert_eq!(
        std::fs::read_to_string(&out).expect("written"),
        stdout(&final_)
    );
    assert_eq!(files_in(&dir), ["d.svg"], "no temporary left");
    // Without --svg, -o takes the text board.
    let o = run(&["show", &boards(), "-o", out.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = run(&["show", &boards()]);
    assert_eq!(
        std::fs::read_to_string(&out).expect("written"),
        stdout(&text)
    );
    let o = run(&["show", &boards(), "--svg", "--all"]);
    assert_eq!(o.status.code(), Some(2), "one diagram per document");
    std::fs::remove_dir_all(&dir).expect("cleaned");
}

#[test]
fn notes_on_an_invalid_game_go_to_stderr() {
    // game 2 of notes.sgn fails on its first turn: the diagram is the start
    let o = run(&["show", "tests/fixtures/notes.sgn", "--game", "2", "--svg"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg ") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains(">start</text>"), "{svg}");
    assert!(
        stderr(&o).contains("seega: note: the game is invalid (seega::place::same-square)"),
        "{}",
        stderr(&o)
    );
}
