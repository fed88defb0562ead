//! The `convert`, `show` and `fmt` commands, run as a user runs them; outputs are snapshots.

use super::common;
use common::run_with as run;
use common::{ROOT, files_in, scratch, stderr, stdout};

fn fixture(name: &str) -> String {
    format!("{ROOT}/tests/fixtures/{name}")
}

#[test]
fn show_boards() {
    let boards = fixture("boards.sgn");
    let cases: [(&str, Vec<&str>); 6] = [
        ("show_5x5_mid_chain", vec!["--game", "1", "--turn", "13"]),
        ("show_5x5_pass", vec!["--game", "2", "--turn", "18"]),
        ("show_5x5_finished", vec!["--game", "2"]),
        ("show_7x7_finished", vec!["--game", "3", "--final"]),
        ("show_9x9_unicode", vec!["--game", "4", "--unicode"]),
        ("show_9x9_start", vec!["--game", "4", "--turn", "0"]),
    ];
    for (name, extra) in cases {
        let mut args = vec!["show", boards.as_str()];
        args.extend(extra);
        let o = run(&args, None);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        insta::assert_snapshot!(name, stdout(&o));
    }
}

#[test]
fn show_all_draws_every_position_and_position_strings_render() {
    let o = run(
        &["show", &fixture("boards.sgn"), "--game", "2", "--all"],
        None,
    );
    assert!(o.status.success());
    let out = stdout(&o);
    let headers = out.lines().filter(|l| l.starts_with("game 2 ")).count();
    let turns = run(&["convert", "--to", "jsonl", &fixture("boards.sgn")], None);
    let game2: serde_json::Value =
        serde_json::from_str(stdout(&turns).lines().nth(1).expect("game 2")).expect("json");
    let n = game2["turns"].as_array().expect("turns").len();
    assert_eq!(headers, n + 1, "the start and one board per turn");

    let o = run(&["show", "--position", "bbw1w/5/2b2/5/w3w b"], None);
    assert!(o.status.success());
    insta::assert_snapshot!("show_position", stdout(&o));
    let o = run(&["show", "--position", "7/7/7/7/7/7/w6 w"], None);
    assert!(stdout(&o).contains(" 7 "), "a 7×7 board from the string");
    let o = run(&["show", "--position", "5/5/5/5 w"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("ranks"), "{}", stderr(&o));
    let o = run(&["show", &fixture("boards.sgn"), "--game", "9"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("has 4 games"), "{}", stderr(&o));
}

#[test]
fn convert_json_snapshots_and_back() {
    // relative to the crate root (the working directory), so that the snapshot does not hold
    // the checkout's absolute path
    let o = run(
        &["convert", "--to", "json", "tests/fixtures/notes.sgn"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let json = stdout(&o);
    let parsed: serde_json::Value = serde_json::from_str(&json).expect("one JSON array");
    assert_eq!(parsed.as_array().map(Vec::len), Some(3));
    insta::assert_snapshot!("convert_notes_json", json);

    let o = run(&["convert", "--to", "sgn"], Some(json.as_bytes()));
    assert!(o.status.success(), "{}", stderr(&o));
    let sgn = stdout(&o);
    insta::assert_snapshot!("convert_notes_sgn", sgn);

    // jsonl from the sgn written back, then the same JSON again.
    let o = run(
        &["convert", "--to", "jsonl", "--from", "sgn", "-"],
        Some(sgn.as_bytes()),
    );
    let lines = stdout(&o);
    assert_eq!(lines.lines().count(), 3);
    let o = run(&["convert", "--to", "sgn"], Some(lines.as_bytes()));
    assert_eq!(stdout(&o), sgn, "sgn → jsonl → sgn is stable");
}

#[test]
fn convert_valid_only_drops_and_says_so() {
    let o = run(
        &[
            "convert",
            "--to",
            "jsonl",
            "--valid-only",
            &fixture("notes.sgn"),
        ],
        None,
    );
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().count(), 1);
    assert!(
        stderr(&o).contains("dropped 2 invalid games of 3"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn convert_writes_output_atomically_and_keeps_it_on_bad_input() {
    let dir = scratch("convert");
    let out = dir.join("out.json");
    let o = run(
        &[
            "convert",
            "--to",
            "json",
            &fixture("boards.sgn"),
            "-o",
            out.to_str().expect("utf-8"),
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let first = std::fs::read_to_string(&out).expect("written");
    assert!(first.starts_with('['));
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "[{\"turns\": [{\"kind\": \"jump\"}]}]").expect("written");
    let o = run(
        &[
            "convert",
            "--to",
            "sgn",
            bad.to_str().expect("utf-8"),
            "-o",
            out.to_str().expect("utf-8"),
        ],
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not a JSON array of games"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&out).expect("still there"), first);
    assert_eq!(
        files_in(&dir),
        ["bad.json", "out.json"],
        "no temporary left"
    );
    std::fs::remove_dir_all(&dir).expect("cleaned");
}

#[test]
fn fmt_stdin_check_and_in_place() {
    let messy = std::fs::read_to_string(fixture("boards.sgn"))
        .expect("fixture")
        .replace("\n1. ", "\n1.")
        .replace(" 2. ", "   2. ")
        .replace("[Event", "[Zeta \"z\"]\n[Event");
    let o = run(&["fmt", "--width", "60"], Some(messy.as_bytes()));
    assert!(o.status.success(), "{}", stderr(&o));
    let canonical = stdout(&o);
    insta::assert_snapshot!("fmt_boards_width_60", canonical);
    let again = run(&["fmt", "--width", "60"], Some(canonical.as_bytes()));
    assert_eq!(stdout(&again), canonical, "fmt is idempotent");

    let dir = scratch("fmt");
    let a = dir.join("a.sgn");
    let b = dir.join("b.sgn");
    std::fs::write(&a, &messy).expect("written");
    std::fs::write(&b, &canonical).expect("written");
    let fmt = |mode: &str| {
        run(
            &["fmt", "--width", "60", mode, dir.to_str().expect("utf-8")],
            None,
        )
    };
    let o = fmt("--check");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stdout(&o).trim(), a.display().to_string());
    let o = fmt("--in-place");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&a).expect("rewritten"), canonical);
    let o = fmt("--check");
    assert_eq!(o.status.code(), Some(0));
    // A file whose canonical form is a prefix of its bytes: the rewrite opens at its end.
    std::fs::write(&a, format!("{canonical}\n\n\n")).expect("written");
    let o = fmt("--in-place");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&a).expect("rewritten"), canonical);

    // A game that cannot be formatted is kept as written, the others formatted around it.
    let broken = dir.join("c.sgn");
    let text = "1. c2,d4 b2b3 *\n";
    std::fs::write(&broken, format!("{text}\n1.   c2,d4 *\n")).expect("written");
    let o = run(
        &["fmt", "--in-place", broken.to_str().expect("utf-8")],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("game 1 cannot be formatted, so it is kept as written"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains(":1:12: seega::syntax::move"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(&broken).expect("kept"),
        format!("{text}\n1. c2,d4 *\n")
    );
    assert_eq!(files_in(&dir), ["a.sgn", "b.sgn", "c.sgn"]);
    std::fs::remove_dir_all(&dir).expect("cleaned");
}

#[test]
fn convert_writes_the_same_bytes_for_any_number_of_jobs() {
    let samples = format!("{ROOT}/samples");
    let corpus = format!("{ROOT}/tests/conformance");
    for to in ["json", "jsonl", "sgn"] {
        for extra in [None, Some("--valid-only")] {
            let runs: Vec<_> = ["1", "2", "5"]
                .iter()
                .map(|jobs| {
                    let mut args = vec!["convert", "--to", to, "--jobs", jobs, &samples, &corpus];
                    args.extend(extra);
                    run(&args, None)
                })
                .collect();
            assert!(runs[0].stdout.len() > 10_000, "{to}: output written");
            for r in &runs[1..] {
                assert_eq!(r.status.code(), runs[0].status.code(), "{to} {extra:?}");
                assert!(r.stdout == runs[0].stdout, "{to} {extra:?}: same bytes");
                assert_eq!(stderr(r), stderr(&runs[0]), "{to} {extra:?}");
            }
        }
    }
}

#[test]
fn json_and_json_lines_input_read_as_they_stream() {
    // JSON and JSON Lines are read as they arrive (one object, one line at a time): a
    // byte-order mark, CRLF line ends and blank lines change nothing, and a bad line is
    // reported with its number while the others are converted.
    let sgn = fixture("notes.sgn");
    let want = stdout(&run(&["convert", "--to", "sgn", &sgn], None));
    let jsonl = stdout(&run(&["convert", "--to", "jsonl", &sgn], None));
    let json = stdout(&run(&["convert", "--to", "json", &sgn], None));
    let crlf = format!("\u{feff}\r\n{}", jsonl.replace('\n', "\r\n\r\n"));
    for (from, input) in [
        ("jsonl", crlf.as_str()),
        ("json", &format!("\u{feff}{json}")),
    ] {
        let o = run(
            &["convert", "--to", "sgn", "--from", from, "-"],
            Some(input.as_bytes()),
        );
        assert!(o.status.success(), "{from}: {}", stderr(&o));
        assert_eq!(stdout(&o), want, "{from}");
    }
    let games = jsonl.lines().count();
    assert!(games >= 2, "the fixture has several games");
    let bad = jsonl.replacen('\n', "\n{\"bad\":1}\n", 1);
    let o = run(
        &["convert", "--to", "jsonl", "--from", "jsonl", "-"],
        Some(bad.as_bytes()),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("`<stdin>` line 2: not a game object"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        stdout(&o).lines().count(),
        games,
        "the good lines are converted"
    );
}
