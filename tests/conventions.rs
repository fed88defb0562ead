//! The conventions every subcommand keeps, in tables: one `--format` vocabulary, standard
//! input with no path and with `-`, `-o -` for standard output, and the same exit statuses;
//! a test holds the tables to cover every subcommand.

use std::path::Path;

use super::common::{ROOT, scratch};
use super::first_hour::{err, out, seega};

/// Every `--format` of every command, with one vocabulary: `human` for people, `short` one line
/// per diagnostic, `json` one JSON document, `jsonl` one JSON object a line. (`convert --to`
/// names the formats it writes: `sgn`, `json`, `jsonl`, `parquet`, `parquet-turns`.)
const FORMATS: &[(&[&str], &[&str])] = &[
    (
        &["check", "samples/standard.sgn"],
        &["human", "short", "jsonl"],
    ),
    (&["stats", "samples/standard.sgn"], &["human", "json"]),
    (
        &["dedupe", "samples/standard.sgn"],
        &["human", "json", "jsonl"],
    ),
    (
        &["moves", "samples/positions.sgn", "--game", "9", "--all"],
        &["human", "jsonl"],
    ),
    (&["convert", "samples/standard.sgn"], &[]),
];

#[test]
fn one_format_vocabulary_on_every_command() {
    for (run, formats) in FORMATS {
        let (command, rest) = (run[0], &run[1..]);
        let help = out(&seega(&[command, "--help"], Path::new(ROOT), None));
        let listed: Vec<&str> = help
            .split("--format <FORMAT>")
            .nth(1)
            .map(|after| after.split("[default:").next().unwrap_or(""))
            .map(|values| {
                values
                    .lines()
                    .filter_map(|l| l.trim().strip_prefix("- "))
                    .filter_map(|l| l.split(':').next())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(listed, *formats, "{command} --format");
        for format in *formats {
            let args: Vec<&str> = [command, "--format", format]
                .into_iter()
                .chain(rest.iter().copied())
                .collect();
            let o = seega(&args, Path::new(ROOT), None);
            assert!(
                o.status.code().is_some_and(|c| c < 2),
                "{args:?}: {}",
                err(&o)
            );
            let text = out(&o);
            match *format {
                "json" => {
                    serde_json::from_str::<serde_json::Value>(&text)
                        .unwrap_or_else(|e| panic!("{args:?}: one JSON document: {e}"));
                }
                "jsonl" => {
                    for line in text.lines() {
                        serde_json::from_str::<serde_json::Value>(line)
                            .unwrap_or_else(|e| panic!("{args:?}: a JSON line: {e}: {line}"));
                    }
                    assert!(text.lines().count() >= 1, "{args:?}");
                }
                _ => assert!(serde_json::from_str::<serde_json::Value>(&text).is_err()),
            }
        }
    }
}

/// Every command that reads archives: its arguments, whether it takes `-o -` for standard
/// output, and its exit status on a valid archive, an archive with an invalid game, and a
/// missing file.
const CONVENTIONS: &[(&[&str], bool, [i32; 3])] = &[
    (&["check"], false, [0, 1, 2]),
    (&["convert", "--to", "jsonl"], true, [0, 0, 2]),
    (&["stats"], false, [0, 0, 2]),
    (&["dedupe"], false, [0, 0, 2]),
    (&["dedupe", "--drop"], true, [0, 0, 2]),
    (&["select", "--valid"], true, [0, 1, 2]),
    (&["show"], true, [0, 0, 2]),
    (&["moves", "--count"], false, [0, 0, 2]),
    (&["fmt"], false, [0, 0, 2]),
];

#[test]
fn every_reading_command_takes_standard_input_and_dash_o_dash_and_says_the_same_exits() {
    let valid = Path::new(ROOT).join("samples/standard.sgn");
    let invalid = "samples/invalid/move-too-far.sgn";
    for (args, dash_o, exits) in CONVENTIONS {
        let run = |extra: &[&str], stdin: Option<&Path>| {
            let all: Vec<&str> = args.iter().chain(extra).copied().collect();
            seega(&all, Path::new(ROOT), stdin)
        };
        // Standard input with no path, and with `-`.
        let (bare, dash) = (run(&[], Some(&valid)), run(&["-"], Some(&valid)));
        assert_eq!(
            bare.status.code(),
            Some(exits[0]),
            "{args:?} < valid: {}",
            err(&bare)
        );
        assert_eq!(
            (out(&bare), bare.status.code()),
            (out(&dash), dash.status.code()),
            "{args:?}"
        );
        // `-o -` is standard output.
        let path = run(&["samples/standard.sgn"], None);
        assert_eq!(
            path.status.code(),
            Some(exits[0]),
            "{args:?} samples/standard.sgn"
        );
        if *dash_o {
            let o = run(&["samples/standard.sgn", "-o", "-"], None);
            assert_eq!(out(&o), out(&path), "{args:?} -o -");
        }
        let bad = run(&[invalid], None);
        assert_eq!(
            bad.status.code(),
            Some(exits[1]),
            "{args:?} {invalid}: {}",
            err(&bad)
        );
        let missing = run(&["nope.sgn"], None);
        assert_eq!(missing.status.code(), Some(exits[2]), "{args:?} nope.sgn");
    }
}

/// The commands that read no archive, or write into a directory, with what each is held to in
/// [`every_other_command_keeps_the_conventions`].
const OTHERS: &[&str] = &[
    "generate",
    "split",
    "explain",
    "man",
    "completions",
    "lsp",
    "help",
];

/// Every subcommand is in one of the tables, and every one with a `--format` in [`FORMATS`].
#[test]
fn the_tables_cover_every_subcommand() {
    let help = out(&seega(&["--help"], Path::new(ROOT), None));
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .and_then(|c| c.split("Options:").next())
        .unwrap_or("")
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(commands.len() >= 14, "{commands:?}");
    for command in &commands {
        let in_conventions = CONVENTIONS.iter().any(|(args, ..)| args[0] == *command);
        assert!(
            in_conventions || OTHERS.contains(command),
            "{command} is in no conventions table"
        );
        let own = out(&seega(&[command, "--help"], Path::new(ROOT), None));
        if own.contains("--format <FORMAT>") {
            assert!(
                FORMATS.iter().any(|(run, _)| run[0] == *command),
                "{command} has a --format that FORMATS does not list"
            );
        }
    }
}

/// The commands of [`OTHERS`]: `split` reads standard input with no path and with `-` alike
/// and exits 2 on a missing file; `generate` takes `-o -` for standard output; `explain`,
/// `man` and `completions` read nothing and exit 0, or 2 on a wrong argument; `lsp` ends with
/// its input, exiting 0, or exits 2 on a wrong argument.
#[test]
fn every_other_command_keeps_the_conventions() {
    let dir = scratch("first-hour-others");
    let valid = Path::new(ROOT).join("samples/standard.sgn");
    let parts = |name: &str, extra: &[&str], stdin: Option<&Path>| {
        let target = dir.join(name);
        let target = target.to_str().expect("a UTF-8 path");
        let mut args = vec!["split", "--games", "4", "-o", target];
        args.extend(extra);
        let o = seega(&args, Path::new(ROOT), stdin);
        let manifest = std::fs::read_to_string(dir.join(name).join("parts.jsonl"));
        (
            o.status.code(),
            manifest.map(|m| m.replace(target, "DIR")).ok(),
        )
    };
    let bare = parts("bare", &[], Some(&valid));
    assert_eq!(bare.0, Some(0));
    assert!(
        bare.1.as_ref().is_some_and(|m| m.lines().count() == 3),
        "{bare:?}"
    );
    assert_eq!(parts("dash", &["-"], Some(&valid)), bare);
    assert_eq!(parts("missing", &["nope.sgn"], None).0, Some(2));
    let stdout = seega(
        &["generate", "--games", "3", "--seed", "5"],
        Path::new(ROOT),
        None,
    );
    let dash = seega(
        &["generate", "--games", "3", "--seed", "5", "-o", "-"],
        Path::new(ROOT),
        None,
    );
    assert_eq!((dash.status.code(), out(&dash)), (Some(0), out(&stdout)));
    for (args, code) in [
        (&["explain", "too-far"][..], 0),
        (&["explain", "no-such-code"], 2),
        (&["man", "check"], 0),
        (&["man", "no-such-command"], 2),
        (&["completions", "bash"], 0),
        (&["completions", "no-such-shell"], 2),
        (&["lsp"], 0),
        (&["lsp", "--no-such-option"], 2),
    ] {
        let o = seega(args, Path::new(ROOT), None);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", err(&o));
    }
}
