//! The command line as a user meets it: help texts, exit codes, standard input and every error
//! path, snapshot-tested.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `seega` with `args` (and `stdin` when given) in the crate directory; returns the exit
/// code, stdout and stderr as one text for a snapshot.
fn run(args: &[&str], stdin: Option<&str>) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_seega"));
    cmd.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("the binary runs");
    if let Some(input) = stdin {
        // The program may exit before reading (a usage error): a broken pipe is fine here.
        let _ = child
            .stdin
            .take()
            .expect("piped stdin")
            .write_all(input.as_bytes());
    }
    let out = child.wait_with_output().expect("the binary ends");
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        out.status
            .code()
            .map_or("signal".to_owned(), |c| c.to_string()),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn help_texts() {
    insta::assert_snapshot!("help", run(&["--help"], None));
    insta::assert_snapshot!("check_help", run(&["check", "--help"], None));
    for sub in [
        "convert",
        "show",
        "moves",
        "fmt",
        "explain",
        "stats",
        "select",
        "dedupe",
        "generate",
        "completions",
        "man",
        "lsp",
    ] {
        insta::assert_snapshot!(format!("{sub}_help"), run(&[sub, "--help"], None));
    }
}

#[test]
fn valid_archive_exits_zero() {
    insta::assert_snapshot!(
        "check_valid",
        run(&["check", "samples/positions.sgn"], None)
    );
}

#[test]
fn invalid_archive_exits_one() {
    insta::assert_snapshot!(
        "check_invalid",
        run(&["check", "samples/invalid/move-too-far.sgn"], None)
    );
}

#[test]
fn standard_input_is_the_default_and_dash() {
    let game = "[Black \"Ada\"]\n[White \"Bo\"]\n1. c2,d4 c3,a1 *\n";
    insta::assert_snapshot!("stdin_default", run(&["check"], Some(game)));
    insta::assert_snapshot!(
        "stdin_dash_jsonl",
        run(&["check", "--format", "jsonl", "-"], Some(game))
    );
}

#[test]
fn rules_flag_applies_to_games_without_a_rules_tag() {
    let game = "f2,a1 *\n";
    insta::assert_snapshot!(
        "rules_default",
        run(&["check", "--format", "jsonl"], Some(game))
    );
    insta::assert_snapshot!(
        "rules_auto",
        run(
            &["check", "--rules", "auto", "--format", "jsonl"],
            Some(game)
        )
    );
    insta::assert_snapshot!(
        "rules_size_seven",
        run(
            &["check", "--rules", "standard size=7", "--format", "jsonl"],
            Some(game)
        )
    );
}

#[test]
fn error_paths() {
    insta::assert_snapshot!(
        "missing_file",
        run(
            &["check", "samples/positions.sgn", "no/such/file.sgn"],
            None
        )
    );
    insta::assert_snapshot!(
        "unknown_preset",
        run(
            &["check", "--rules", "chess", "samples/positions.sgn"],
            None
        )
    );
    insta::assert_snapshot!(
        "bad_option_value",
        run(&["check", "--rules", "standard size=6"], Some("*"))
    );
    insta::assert_snapshot!("bad_format", run(&["check", "--format", "xml"], None));
    insta::assert_snapshot!("unknown_subcommand", run(&["frobnicate"], None));
}

#[test]
fn directories_are_searched_for_sgn_files() {
    let out = run(&["check", "--format", "jsonl", "samples"], None);
    assert!(
        out.starts_with("exit: 1\n"),
        "samples/invalid makes the run fail: {out}"
    );
    let summary = out
        .lines()
        .find(|l| l.contains("\"summary\""))
        .expect("a summary line");
    let s: serde_json::Value = serde_json::from_str(summary).expect("json");
    // Each invalid file names its code on its first line; warnings leave the games valid, and
    // files that need `--rules auto` give nothing without it.
    let (mut files, mut errors, mut warnings) = (0, 0, 0);
    for entry in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/samples/invalid"))
        .expect("samples/invalid exists")
    {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|x| x != "sgn") {
            continue;
        }
        files += 1;
        let text = String::from_utf8_lossy(&std::fs::read(&path).expect("readable")).into_owned();
        let code = text
            .lines()
            .next()
            .unwrap_or_default()
            .trim_start_matches("; expect: ");
        let needs_auto = text.lines().any(|l| l.trim() == "; flags: --rules auto");
        let is_warning = seega::validate::Code::parse(code)
            .expect("a code")
            .is_warning();
        // A file of several games gives its code for each (`position-impossible.sgn`).
        let games = seega::parse(&text).count() as u64;
        match (is_warning, needs_auto) {
            (false, _) => errors += games,
            (true, false) => warnings += games,
            (true, true) => {}
        }
        // rules-inferred.sgn plays f6, a square only the 7×7 preset has: under the default
        // standard rules (no --rules auto) it is an off-board error.
        if code == "seega::rules::inferred" {
            errors += 1;
        }
    }
    assert_eq!(s["files"].as_u64().unwrap(), files + 7, "{s}");
    assert_eq!(s["invalid"].as_u64().unwrap(), errors, "{s}");
    assert_eq!(s["warnings"].as_u64().unwrap(), warnings, "{s}");
}

#[test]
fn explain_lists_and_explains_codes() {
    insta::assert_snapshot!("explain_list", run(&["explain"], None));
    insta::assert_snapshot!("explain_code", run(&["explain", "capture::missing"], None));
    insta::assert_snapshot!("explain_unknown", run(&["explain", "seega::nope"], None));
}

/// An installed binary has no `spec/`: an explanation quotes its rule instead of pointing
/// there, and each code's line in the list says something of its own.
#[test]
fn explanations_stand_on_their_own() {
    let list = run(&["explain"], None);
    let mut seen = std::collections::HashSet::new();
    for line in list.lines().filter(|l| l.starts_with("seega::")) {
        let mut fields = line.split_whitespace();
        let code = fields.next().unwrap();
        let rule = fields.next().unwrap();
        let description: Vec<&str> = fields.collect();
        assert!(
            seen.insert(description.join(" ")),
            "{code}: its description is another code's"
        );
        let text = run(&["explain", code], None);
        assert!(!text.contains("spec/"), "{code} points at spec/:\n{text}");
        assert!(
            text.contains(&format!("Rule {rule}: ")),
            "{code} quotes no rule:\n{text}"
        );
    }
    assert_eq!(seen.len(), seega::Code::ALL.len());
}

/// The slips a newcomer makes first are told as slips, with what was meant.
#[test]
fn slips_are_told_with_what_was_meant() {
    // A space for the comma of a placement: one error over both squares, not two empty ones.
    insta::assert_snapshot!(
        "slip_placement_space",
        run(&["check"], Some("1. c5 d1 d2,a5 *\n"))
    );
    let moving = "[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2 b3 *\n";
    insta::assert_snapshot!("slip_movement_space", run(&["check"], Some(moving)));
    insta::assert_snapshot!(
        "slip_tag_colon",
        run(&["check"], Some("[Site: \"Luxor\"]\n\n1. c5,d1 *\n"))
    );
    let results = "[Result \"white\"]\n\n1. c5,d1 *\n\n[Rules \"standard\"]\n[Position \"wb3/2w2/5/5/5 w\"]\n[Result \"white\"]\n\n1. c4-c5xb5 1-0\n";
    insta::assert_snapshot!("slip_result_tag", run(&["check"], Some(results)));
    // One error with the token meant, and no second one for a missing result.
    let typos = ["1:0", "0:1", "½-½", "1/2", "1-0.", "0.5-0.5", "0–1"];
    let games: String = typos
        .iter()
        .map(|t| format!("[Event \"{t}\"]\n\n1. c5,d1 {t}\n\n"))
        .collect();
    insta::assert_snapshot!("slip_result_token", run(&["check"], Some(&games)));
    let capitals = "[Rules \"Standard\"]\n\n1. c5,d1 *\n\n1. C5,D1 *\n\n[Rules \"standard Chain=Capture\"]\n\n*\n\n[Rules \"standard forced=Yes\"]\n\n*\n";
    insta::assert_snapshot!("slip_capitals", run(&["check"], Some(capitals)));
}

/// A game of `seega generate --games 1 --seed 6` with black's turn 20 deleted, and one of
/// `--seed 5` with black's turn 14 written twice: the warning on the number after it says which
/// turn is missing or doubled, the error after it suggests no turn, and `fmt` keeps the numbers
/// (the evidence) unless asked to renumber.
#[test]
fn a_turn_missing_or_doubled_is_told_and_kept() {
    for name in ["turn-missing", "turn-doubled"] {
        let path = format!("tests/fixtures/{name}.sgn");
        let checked = run(&["check", &path], None);
        assert!(!checked.contains("Did you mean"), "{checked}");
        insta::assert_snapshot!(format!("{name}_check"), checked);
        let kept = run(&["fmt", &path], None);
        let text = std::fs::read_to_string(&path).unwrap();
        // Each number with the turn after it.
        let numbers = |t: &str| -> Vec<String> {
            let words: Vec<&str> = t.split_whitespace().collect();
            (words.windows(2))
                .filter(|w| w[0].ends_with('.') && w[0].starts_with(|c: char| c.is_ascii_digit()))
                .map(|w| w.join(" "))
                .collect()
        };
        assert_eq!(numbers(&kept), numbers(&text), "{kept}");
        let renumbered = run(&["fmt", "--renumber", &path], None);
        assert_ne!(numbers(&renumbered), numbers(&text), "{renumbered}");
        assert!(!run(&["check", "-"], Some(&kept)).contains("Did you mean"));
    }
}

#[test]
fn suggestions_name_the_corrected_token() {
    let game = "[Rules \"standard\"]\n[Position \"b4/2w2/wb1bw/2b2/2w2 w\"]\n1. c4-c3xb3 *\n";
    insta::assert_snapshot!("suggest_captures", run(&["check"], Some(game)));
    let swapped = "[Position \"4b/5/5/1w3/5 w\"]\n1. b3-b2 *\n";
    insta::assert_snapshot!("suggest_swapped", run(&["check"], Some(swapped)));
    let pass = "[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n1. b1-c1 *\n";
    insta::assert_snapshot!("suggest_pass", run(&["check"], Some(pass)));
}

#[test]
fn completions_and_manual_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish"] {
        let out = run(&["completions", shell], None);
        assert!(out.starts_with("exit: 0\n"), "{shell}: {out}");
        for sub in ["check", "explain", "completions", "man"] {
            assert!(out.contains(sub), "{shell} completion lacks {sub}");
        }
    }
    let man = run(&["man"], None);
    assert!(man.starts_with("exit: 0\n"), "{man}");
    assert!(man.contains(".TH seega 1"), "{man}");
    assert!(man.contains("check"), "{man}");
    insta::assert_snapshot!(
        "completions_bad_shell",
        run(&["completions", "cmd.exe"], None)
    );
}

/// The sample archives outside `samples/invalid`, sorted, as paths relative to the crate.
fn sample_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/samples"))
        .expect("samples/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgn"))
        .map(|p| {
            format!(
                "samples/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn stats_over_the_collection() {
    let files = sample_files();
    let mut args = vec!["stats"];
    args.extend(files.iter().map(String::as_str));
    insta::assert_snapshot!("stats_human", run(&args, None));
    args.extend(["--format", "json"]);
    insta::assert_snapshot!("stats_json", run(&args, None));
}

const FIXABLE: &str = "[Event \"Fix demo\"]\n[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n\
                       1. b1-c1 2. a1-b1xa2 *\n\n[Event \"Fix demo\"]\n\n1. c3,a1 *\n";

#[test]
fn fix_rewrites_what_it_can_and_reports_the_rest() {
    insta::assert_snapshot!("fix_stdin", run(&["check", "--fix"], Some(FIXABLE)));
    let dir = std::env::temp_dir().join(format!("seega-fix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("a.sgn");
    std::fs::write(&file, FIXABLE).expect("write");
    let path = file.to_string_lossy().into_owned();
    let out = run(&["check", "--fix", &path], None);
    assert!(
        out.starts_with("exit: 1\n"),
        "one game stays invalid: {out}"
    );
    let fixed = std::fs::read_to_string(&file).expect("read back");
    assert!(fixed.contains("1. -- b1-c1 2. a1-b1 *"), "{fixed}");
    assert!(
        fixed.ends_with("1. c3,a1 *\n"),
        "the unfixable game is kept as written: {fixed}"
    );
    let again = run(&["check", "--fix", &path], None);
    assert!(
        again.contains("fixed 0 games; 1 game still invalid"),
        "{again}"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("read"), fixed);
    let names: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert_eq!(names.len(), 1, "no temporary file is left behind");
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn select_keeps_games_with_or_without_variations() {
    let inputs = ["samples/variations.sgn", "samples/positions.sgn"];
    let games = |out: &str| out.matches("\n[Event ").count() + out.starts_with("[Event ") as usize;
    let with = run(
        &[&["select", "--has-variations"][..], &inputs].concat(),
        None,
    );
    assert!(with.starts_with("exit: 0\n"), "{with}");
    assert_eq!(games(&with), 2, "the two games of variations.sgn:\n{with}");
    assert!(
        with.contains("(48. a1-a2 *)") && !with.contains("Rule studies"),
        "{with}"
    );
    let without = run(
        &[&["select", "--no-variations"][..], &inputs].concat(),
        None,
    );
    assert_eq!(games(&without), 9, "the nine of positions.sgn:\n{without}");
    assert!(!without.contains('('), "{without}");
    let both = run(&["select", "--has-variations", "--no-variations"], Some(""));
    assert!(
        both.starts_with("exit: 2\n") && both.contains("cannot be used with"),
        "{both}"
    );
}

#[test]
fn select_keeps_matches_and_quarantines_invalid_games() {
    insta::assert_snapshot!(
        "select_tag_result",
        run(
            &[
                "select",
                "--tag-regex",
                "Event=^Rule",
                "--result",
                "0-1",
                "samples/positions.sgn"
            ],
            None
        )
    );
    insta::assert_snapshot!(
        "select_position_symmetric",
        run(
            &[
                "select",
                "--position",
                "5/5/4b/3bb/2bbw w",
                "--symmetric",
                "samples/positions.sgn"
            ],
            None
        )
    );
    insta::assert_snapshot!(
        "select_bad_filter",
        run(&["select", "--tag", "Nope", "samples/positions.sgn"], None)
    );
    let dir = std::env::temp_dir().join(format!("seega-select-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.sgn");
    let out = run(
        &["select", "--invalid-to", &bad.to_string_lossy()],
        Some(&format!("{FIXABLE}\n[Event \"fine\"]\n1. c2,d4 *\n")),
    );
    assert!(out.contains("selected 1 of 3 games; 2 invalid to"), "{out}");
    assert!(out.contains("[Event \"fine\"]"), "{out}");
    let quarantined = std::fs::read_to_string(&bad).expect("quarantine written");
    insta::assert_snapshot!("select_quarantine", quarantined);
    std::fs::remove_dir_all(&dir).expect("clean up");
}

/// A brace comment cannot hold `}`: the note of an error whose words hold one is a `;`
/// comment, which reads back as one comment with the message word for word, and the game after
/// it is unchanged.
#[test]
fn quarantine_notes_keep_a_brace_of_the_message() {
    let games = [
        "[Event \"a\"]\n\n1. c2,d4} *\n",
        "[Event \"b\"]\n[Result \"{x}\"]\n\n1. c2,d4 *\n",
        "[Event \"c\"]\n\n1. c2,d4 a1 *\n",
    ];
    let dir = std::env::temp_dir().join(format!("seega-brace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.sgn");
    run(
        &["select", "--invalid-to", &bad.to_string_lossy()],
        Some(&games.join("\n")),
    );
    let quarantined = std::fs::read_to_string(&bad).expect("quarantine written");
    std::fs::remove_dir_all(&dir).expect("clean up");
    let source = seega::notation::Source::from_bytes(quarantined.as_bytes());
    let text = source.text();
    let mut read = 0;
    for (game, original) in seega::notation::Scanner::new(text, source.invalid()).zip(games) {
        read += 1;
        let [seega::notation::Header::Comment(note), ..] = game.headers.as_slice() else {
            panic!("no note before {original}:\n{quarantined}");
        };
        let message = seega::archive::check_source(
            &seega::notation::Source::from_bytes(original.as_bytes()),
            &seega::validate::Options::default(),
        )
        .flat_map(|c| c.verdict.problems)
        .next()
        .expect("the game is invalid")
        .message()
        .into_owned();
        assert!(
            note.text.trim_end().ends_with(&message),
            "{note:?} holds `{message}`"
        );
        assert_eq!(note.line, message.contains('}'), "{note:?}");
        let after = text[note.span.end..].trim_start_matches('\n');
        assert!(
            after.starts_with(original),
            "{after:?} starts with {original:?}"
        );
        assert_eq!(game.headers.len() - 1, original.matches('[').count());
    }
    assert_eq!(read, games.len(), "{quarantined}");
}

#[test]
fn dedupe_finds_copies_and_mirror_images() {
    let game = "[Event \"a\"]\n1. a1,b2 e5,d4 2. c1,c2 *\n";
    let mirrored = "[Event \"b\"]\n{ annotated }\n1. e1,d2 a5,b4 2. c1,c2! *\n";
    let twice = format!("{game}\n{game}\n{mirrored}");
    insta::assert_snapshot!("dedupe_plain", run(&["dedupe"], Some(&twice)));
    insta::assert_snapshot!(
        "dedupe_symmetric_json",
        run(&["dedupe", "--symmetric", "--format", "json"], Some(&twice))
    );
    insta::assert_snapshot!(
        "dedupe_drop",
        run(&["dedupe", "--symmetric", "--drop"], Some(&twice))
    );
}
