//! What a stranger meets in the first hour: conventions of the commands, each as a user types
//! it.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use super::common;
use common::{ROOT, scratch};

const SEEGA: &str = env!("CARGO_BIN_EXE_seega");

pub(super) fn seega(args: &[&str], dir: &Path, stdin: Option<&Path>) -> Output {
    let input = match stdin {
        Some(p) => Stdio::from(std::fs::File::open(p).expect("stdin file")),
        None => Stdio::null(),
    };
    Command::new(SEEGA)
        .args(args)
        .current_dir(dir)
        .stdin(input)
        .output()
        .expect("seega runs")
}

pub(super) fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub(super) fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// (arguments, exit status, what stdout holds, what stderr holds), run in the crate root.
const CASES: &[(&[&str], i32, &str, &str)] = &[
    // One style of error, also for clap's usage errors.
    (
        &["check", "--bogus"],
        2,
        "",
        "seega: error: unexpected argument",
    ),
    (
        &["fmt", "--width", "0", "samples/standard.sgn"],
        2,
        "",
        "seega: error: invalid value '0' for '--width",
    ),
    (
        &["check", "--jobs", "100000", "samples/standard.sgn"],
        2,
        "",
        "seega: error:",
    ),
    // One line per diagnostic, as gcc and rustc's short format; the summary only.
    (
        &[
            "check",
            "--format",
            "short",
            "samples/invalid/move-too-far.sgn",
        ],
        1,
        "samples/invalid/move-too-far.sgn:6:",
        "",
    ),
    (
        &[
            "check",
            "--format",
            "short",
            "samples/invalid/move-too-far.sgn",
        ],
        1,
        ": error[seega::move::too-far]: ",
        "",
    ),
    (
        &["check", "--quiet", "samples/invalid/move-too-far.sgn"],
        1,
        "1 file, 1 game: 0 valid, 1 invalid",
        "",
    ),
    // Nothing selected: exit 1, as grep.
    (
        &[
            "select",
            "--result",
            "1-0",
            "samples/invalid/place-centre.sgn",
        ],
        1,
        "",
        "seega: note: selected 0 of 1 games",
    ),
    // A page for every command, with its exit status and examples.
    (&["man", "check"], 0, ".SH \"EXIT STATUS\"", ""),
    (&["man", "select"], 0, "as grep", ""),
    (&["man", "nope"], 2, "", "seega: error: no command `nope`"),
    // stats fits 100 columns and says when no game is valid.
    (
        &["stats", "samples/invalid/place-centre.sgn"],
        0,
        "no valid games",
        "",
    ),
];

#[test]
fn conventions_a_stranger_expects() {
    for (args, code, stdout, stderr) in CASES {
        let o = seega(args, Path::new(ROOT), None);
        assert_eq!(o.status.code(), Some(*code), "{args:?}: {}", err(&o));
        assert!(out(&o).contains(stdout), "{args:?}: stdout {}", out(&o));
        assert!(err(&o).contains(stderr), "{args:?}: stderr {}", err(&o));
    }
    let stats = seega(&["stats", "samples/"], Path::new(ROOT), None);
    let widest = out(&stats).lines().map(|l| l.chars().count()).max();
    assert!(widest.is_some_and(|w| w <= 100), "{}", out(&stats));
    assert!(
        out(&stats).contains("no result"),
        "a column for a missing result"
    );
}

#[test]
fn show_reads_standard_input_without_a_dash() {
    let sample = Path::new(ROOT).join("samples/standard.sgn");
    let piped = seega(&["show"], Path::new(ROOT), Some(&sample));
    let named = seega(&["show", "samples/standard.sgn"], Path::new(ROOT), None);
    assert_eq!(piped.status.code(), Some(0), "{}", err(&piped));
    assert_eq!(
        out(&piped).replace("<stdin>", ""),
        out(&named).replace("samples/standard.sgn", "")
    );
}

#[test]
fn directories_are_searched_for_upper_case_names_too() {
    let dir = scratch("first-hour-case");
    std::fs::copy(
        Path::new(ROOT).join("samples/standard.sgn"),
        dir.join("OLD.SGN"),
    )
    .expect("copy");
    let o = seega(&["check", "."], &dir, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).starts_with("1 file,"), "{}", out(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn man_writes_every_page_into_a_directory() {
    let dir = scratch("first-hour-man");
    let o = seega(&["man", "--dir", "man1"], &dir, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let mut pages: Vec<String> = std::fs::read_dir(dir.join("man1"))
        .expect("made")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    assert!(pages.contains(&"seega.1".to_owned()), "{pages:?}");
    assert!(pages.contains(&"seega-check.1".to_owned()), "{pages:?}");
    assert!(pages.contains(&"seega-fmt.1".to_owned()), "{pages:?}");
    let check = std::fs::read_to_string(dir.join("man1/seega-check.1")).expect("page");
    assert!(check.contains(".SH EXAMPLES"), "{check}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dedupe_compares_valid_games_only() {
    let dir = scratch("first-hour-dedupe");
    // The same placements twice; the second copy stops short with an illegal turn.
    std::fs::write(
        dir.join("a.sgn"),
        "[Event \"a\"]\n1. c2,d4 e1,e2 *\n\n[Event \"b\"]\n1. c2,d4 e1,e2 *\n\n[Event \"c\"]\n1. c2,d4 e1,e2 c3,a1 *\n",
    )
    .expect("write");
    let o = seega(&["dedupe", "a.sgn"], &dir, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(
        out(&o).contains("3 games, 1 duplicate; 1 invalid game was not compared and is kept"),
        "{}",
        out(&o)
    );
    let json = seega(&["dedupe", "--format", "jsonl", "a.sgn"], &dir, None);
    assert_eq!(out(&json).lines().count(), 3, "one JSON object per game");
    assert!(out(&json).contains("\"valid\":false"), "{}", out(&json));
    let _ = std::fs::remove_dir_all(&dir);
}

/// What `command` prints under a pseudo-terminal ([`common::on_a_terminal`]), run in the
/// crate root.
fn on_a_terminal(command: &str) -> Option<String> {
    common::on_a_terminal(Path::new(ROOT), command)
        .map(|o| String::from_utf8_lossy(&o).into_owned())
}

#[test]
fn a_terminal_is_told_what_is_read_and_a_quick_run_shows_no_bar() {
    let Some(waiting) = on_a_terminal(&format!("{SEEGA} check")) else {
        return;
    };
    assert!(
        waiting.contains("reading games from standard input"),
        "{waiting}"
    );
    let quick = on_a_terminal(&format!("{SEEGA} check samples/standard.sgn")).expect("script ran");
    assert!(quick.contains("1 file,"), "{quick}");
    assert!(
        !quick.contains("eta") && !quick.contains('\u{2588}'),
        "no progress bar: {quick}"
    );
}

#[test]
fn check_fix_mends_the_common_slips() {
    let dir = scratch("first-hour-slips");
    let slips = "[Event \"x\"]\n\n1. C2,D4 e1 e2 2. a1,b1 a2,b2 1:0\n";
    std::fs::write(dir.join("s.sgn"), slips).expect("write");
    let o = seega(&["check", "--fix", "s.sgn"], &dir, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    for fix in ["`C2,D4` → `c2,d4`", "`e1 e2` → `e1,e2`", "`1:0` → `1-0`"] {
        assert!(err(&o).contains(fix), "{fix}: {}", err(&o));
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("s.sgn")).expect("read"),
        "[Event \"x\"]\n\n1. c2,d4 e1,e2 2. a1,b1 a2,b2 1-0\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn when_no_input_can_be_read_only_the_error_is_written() {
    let commands: &[&[&str]] = &[
        &["check"],
        &["check", "--format", "short"],
        &["convert", "--to", "json"],
        &["convert", "--to", "jsonl"],
        &["stats"],
        &["stats", "--format", "json"],
        &["dedupe"],
        &["select", "--result", "1-0"],
        &["fmt"],
        &["show"],
        &["moves", "--all"],
    ];
    // (the input, what the error says it is)
    let inputs = [
        ("nope.sgn", "cannot read `nope.sgn`: No such file"),
        (
            "docs/diagram-5x5.png",
            "cannot read `docs/diagram-5x5.png`: it looks like a PNG image, not an archive of games",
        ),
    ];
    for command in commands {
        for (input, said) in inputs {
            let args: Vec<&str> = command.iter().copied().chain([input]).collect();
            let o = seega(&args, Path::new(ROOT), None);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
            assert_eq!(out(&o), "", "{args:?}: nothing on stdout");
            assert!(
                err(&o).starts_with(&format!("seega: error: {said}")),
                "{args:?}: {}",
                err(&o)
            );
        }
    }
}

#[test]
fn a_json_archive_is_named_with_the_command_that_reads_it() {
    let dir = scratch("json-archive");
    let json = dir.join("games.json");
    let o = seega(
        &["convert", "--to", "json", "samples/standard.sgn", "-o"]
            .into_iter()
            .chain([json.to_str().expect("a UTF-8 path")])
            .collect::<Vec<_>>(),
        Path::new(ROOT),
        None,
    );
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    for command in [&["check"][..], &["stats"], &["fmt"], &["show"]] {
        let o = seega(
            &command
                .iter()
                .copied()
                .chain(["games.json"])
                .collect::<Vec<_>>(),
            &dir,
            None,
        );
        assert_eq!(o.status.code(), Some(2), "{command:?}");
        assert!(
            err(&o).contains("it holds JSON games as `seega convert --to json` writes them, not notation; `seega convert` reads them"),
            "{command:?}: {}",
            err(&o)
        );
    }
    // convert reads it back.
    let o = seega(&["convert", "--to", "sgn", "games.json"], &dir, None);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert!(out(&o).contains("[Event "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn explain_finds_a_code_by_any_unambiguous_part_and_suggests_the_nearest() {
    // (the query, the exit status, what stdout starts with, what stderr holds)
    for (query, code, stdout, stderr) in [
        ("too-far", 0, "seega::move::too-far (error", ""),
        ("place-centre", 0, "seega::place::centre (error", ""),
        ("seega::syntax::tag", 0, "seega::syntax::tag (error", ""),
        (
            "occupied",
            2,
            "",
            "`occupied` could be any of 2 codes: `seega::place::occupied`, `seega::move::occupied`",
        ),
        (
            "place-center",
            2,
            "",
            "help: Did you mean `seega::place::centre`?",
        ),
        (
            "xyzzy",
            2,
            "",
            "help: Run `seega explain` to list every code.",
        ),
    ] {
        let o = seega(&["explain", query], Path::new(ROOT), None);
        assert_eq!(o.status.code(), Some(code), "{query}: {}", err(&o));
        assert!(out(&o).starts_with(stdout), "{query}: {}", out(&o));
        assert!(err(&o).contains(stderr), "{query}: {}", err(&o));
    }
}

#[test]
fn rules_tags_win_over_rules_unless_forced_and_the_run_says_so() {
    // (arguments, the summary, whether the note is given)
    let note = "seega: note: 10 games named other rules in a Rules tag, which win over --rules; --force-rules applies --rules to every game";
    for (args, summary, noted) in [
        (
            &["check", "--rules", "ludii", "samples/standard.sgn"][..],
            "10 games: 10 valid, 0 invalid",
            true,
        ),
        (
            &[
                "check",
                "--rules",
                "ludii",
                "--force-rules",
                "samples/standard.sgn",
            ],
            "10 games: 1 valid, 9 invalid",
            false,
        ),
        (
            &["check", "samples/standard.sgn"],
            "10 games: 10 valid",
            false,
        ),
        (
            &["check", "--rules", "standard", "samples/standard.sgn"],
            "10 games: 10 valid",
            false,
        ),
    ] {
        let o = seega(args, Path::new(ROOT), None);
        assert!(out(&o).contains(summary), "{args:?}: {}", out(&o));
        assert_eq!(err(&o).contains(note), noted, "{args:?}: {}", err(&o));
    }
    let forced = seega(
        &[
            "convert",
            "--to",
            "jsonl",
            "--rules",
            "ludii",
            "--force-rules",
            "samples/standard.sgn",
        ],
        Path::new(ROOT),
        None,
    );
    assert_eq!(
        out(&forced)
            .matches("\"rules\":{\"text\":\"ludii\"")
            .count(),
        10,
        "{}",
        out(&forced)
    );
    assert!(!err(&forced).contains(note), "{}", err(&forced));
    let tagged = seega(
        &[
            "convert",
            "--to",
            "jsonl",
            "--rules",
            "ludii",
            "samples/standard.sgn",
        ],
        Path::new(ROOT),
        None,
    );
    assert!(
        err(&tagged).contains(note),
        "convert says so too: {}",
        err(&tagged)
    );
    // Every other command that takes --rules says so as well, and nothing when forced.
    let one = "seega: note: the game's Rules tag names other rules, which win over --rules; --force-rules applies --rules to it";
    for (command, said) in [
        (&["stats"][..], note),
        (&["select"], note),
        (&["dedupe"], note),
        (&["show", "--game", "1"], one),
        (
            &["show", "--html", "--game", "2"],
            "seega: note: 1 game named other rules in a Rules tag, which wins over --rules",
        ),
        (&["moves", "--game", "1", "--count"], one),
    ] {
        for force in [false, true] {
            let mut args = command.to_vec();
            args.extend(["--rules", "ludii", "samples/standard.sgn"]);
            if force {
                args.push("--force-rules");
            }
            let o = seega(&args, Path::new(ROOT), None);
            assert_eq!(err(&o).contains(said), !force, "{args:?}: {}", err(&o));
        }
    }
}

#[test]
fn man_on_a_terminal_is_a_formatted_page_and_roff_only_to_a_pipe() {
    // Through `man` when there is one (its pager made `cat`), else plain text: never roff.
    let Some(page) = on_a_terminal(&format!("MANPAGER=cat {SEEGA} man check")) else {
        return;
    };
    let has_man = Command::new("man").arg("--version").output().is_ok();
    assert!(!page.contains(".SH") && !page.contains(".TH"), "{page}");
    if has_man {
        assert!(page.contains("seega-check(1)"), "formatted by man: {page}");
    }
    let plain =
        on_a_terminal(&format!("env -i PATH=/nonexistent {SEEGA} man check")).expect("script ran");
    assert!(!plain.contains(".SH"), "{plain}");
    assert!(plain.contains("Usage: seega check"), "{plain}");
    assert!(
        plain.contains("Exit status:") && plain.contains("Examples:"),
        "{plain}"
    );
    let piped = seega(&["man", "check"], Path::new(ROOT), None);
    assert!(
        out(&piped).starts_with(".ie"),
        "roff to a pipe: {}",
        out(&piped)
    );
}

#[test]
fn svg_with_all_points_to_svg_dir() {
    let o = seega(
        &["show", "--svg", "--all", "samples/standard.sgn"],
        Path::new(ROOT),
        None,
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("help: `--svg-dir DIR` writes an SVG diagram of every position"),
        "{}",
        err(&o)
    );
}
