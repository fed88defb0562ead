//! `seega fmt --fix-results`, run as a user runs it; outputs are snapshots.

use super::common;
use common::{ROOT, files_in, scratch, stderr, stdout};

fn run(args: &[&str]) -> std::process::Output {
    common::run_with(args, None)
}

/// Relative to the crate root, the working directory, so that snapshots hold no absolute path.
const RESULTS: &str = "tests/fixtures/results.sgn";

/// The codes `check` reports for each game of `path`, in order.
fn codes(path: &str) -> Vec<(u64, String)> {
    let o = run(&["check", "--format", "jsonl", path]);
    stdout(&o)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["type"] == "diagnostic")
        .map(|v| {
            (
                v["game"].as_u64().expect("game"),
                v["code"].as_str().expect("code").to_owned(),
            )
        })
        .collect()
}

#[test]
fn fixes_only_games_ended_by_rule_with_only_result_errors() {
    let o = run(&["fmt", "--fix-results", RESULTS]);
    assert!(o.status.success(), "{}", stderr(&o));
    insta::assert_snapshot!("fix_results_stdout", stdout(&o));
    insta::assert_snapshot!("fix_results_stderr", stderr(&o));
    assert!(stderr(&o).ends_with("seega: note: fixed 3 results\n"));

    // without the flag, fmt leaves every result as written
    let plain = run(&["fmt", RESULTS]);
    assert!(plain.status.success());
    assert!(stderr(&plain).is_empty(), "{}", stderr(&plain));
    let before = stdout(&plain);
    let after = stdout(&o);
    assert_ne!(before, after);
    // games 4 and 5 are the same text either way
    let tail = |s: &str| s[s.find("[Event \"Turn after the end\"]").expect("game 4")..].to_owned();
    assert_eq!(tail(&before), tail(&after), "games 4 and 5 are left alone");
}

#[test]
fn in_place_rewrites_atomically_and_check_agrees() {
    let dir = scratch("in-place");
    let file = dir.join("r.sgn");
    std::fs::copy(format!("{ROOT}/{RESULTS}"), &file).expect("copied");
    let path = file.to_str().expect("utf-8");
    assert_eq!(
        codes(path),
        [
            (1, "seega::result::wrong".to_owned()),
            (2, "seega::result::tag-mismatch".to_owned()),
            (3, "seega::result::wrong".to_owned()),
            (4, "seega::turn::after-end".to_owned()),
            (5, "seega::result::tag-mismatch".to_owned()),
        ]
    );
    let o = run(&["fmt", "--fix-results", "--check", path]);
    assert_eq!(o.status.code(), Some(1), "not canonical once fixed");
    assert!(
        stderr(&o).ends_with("seega: note: 3 results would be fixed\n"),
        "{}",
        stderr(&o)
    );
    let o = run(&["fmt", "--fix-results", "--in-place", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let printed = run(&["fmt", "--fix-results", RESULTS]);
    assert_eq!(
        std::fs::read_to_string(&file).expect("rewritten"),
        stdout(&printed),
        "the file holds what fmt --fix-results prints"
    );
    assert_eq!(files_in(&dir), ["r.sgn"], "no temporary left");
    assert_eq!(
        codes(path),
        [
            (4, "seega::turn::after-end".to_owned()),
            (5, "seega::result::tag-mismatch".to_owned()),
        ],
        "only the games that were to be left alone still have errors"
    );
    let again = run(&["fmt", "--fix-results", "--in-place", path]);
    assert!(again.status.success());
    assert_eq!(stderr(&again), "seega: note: fixed 0 results\n");
    std::fs::remove_dir_all(&dir).expect("cleaned");
}
