//! Ludii trial files (`spec/ludii.md`): the trials of `tests/fixtures/ludii/` import into games
//! that `check` finds valid, every capture and legal move count agreeing; each broken trial
//! gives its diagnostic at its move; the converted games and the diagnostics are snapshots.

use std::path::Path;

use seega::notation::LineIndex;
use seega::render::diagnostic::{NamedText, Renderer};
use seega::tools::ludii;

use super::common;
use common::{run_with, stderr, stdout};

/// The trials that make valid games, each with its board size and result.
const VALID: &[(&str, u8, &str)] = &[
    ("khamsawee-centre", 5, "0-1"),
    ("khamsawee-pass", 5, "0-1"),
    ("khamsawee-draw", 5, "1/2-1/2"),
    ("sebawee", 7, "0-1"),
    ("khamsawee-white", 5, "1-0"),
    ("tisawee", 9, "0-1"),
];

/// The trials that are wrong, each with the code of its first error and the 1-based line of
/// the trial it stands on.
const BROKEN: &[(&str, &str, usize)] = &[
    ("wrong-capture", "seega::ludii::capture", 31),
    ("wrong-count", "seega::ludii::count", 14),
];

fn path(name: &str) -> String {
    format!("tests/fixtures/ludii/{name}.txt")
}

fn read(name: &str) -> String {
    let p = Path::new(common::ROOT).join(path(name));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// How many `Remove` actions and legal move counts the trial lists.
fn listed(text: &str) -> (usize, usize) {
    let removes = text.matches("[Remove:").count();
    let counts = text
        .lines()
        .filter(|l| l.starts_with("LEGAL MOVES LIST SIZE"))
        .count();
    (removes, counts)
}

#[test]
fn every_valid_trial_imports_into_a_valid_game_with_every_capture() {
    for &(name, size, result) in VALID {
        let text = read(name);
        let imported = ludii::import(&text);
        assert!(
            imported.problems.is_empty(),
            "{name}: {:?}",
            imported.problems
        );
        let game_text = imported.game.expect("a game");
        let game = seega::parse(&game_text).next().expect("one game");
        let verdict = seega::replay(&game);
        assert!(verdict.is_valid(), "{name}: {:?}", verdict.problems);
        let rules = game.tag("Rules").map(|t| t.value.to_string());
        assert_eq!(
            rules,
            Some(ludii::rules_text(seega::Size::new(size).unwrap()))
        );
        assert_eq!(
            game.tag("Result").map(|t| t.value.to_string()).as_deref(),
            Some(result)
        );
        // Every capture Ludii lists is in the game, and the game has no other.
        let (removes, counts) = listed(&text);
        let captures = game_text.matches('x').count();
        assert_eq!(captures, removes, "{name}");
        // One turn for each pass and step, one for each two placements.
        let moves = text.lines().filter(|l| l.starts_with("Move=")).count() - 2;
        assert_eq!(counts, moves, "{name}: a count before every move");
        let per_side = usize::from(seega::Size::new(size).unwrap().pieces_per_side());
        assert_eq!(verdict.legal_turns as usize, moves - per_side, "{name}");
        assert!(ludii::check(&text).is_valid(), "{name}");
    }
}

/// Renders `problems` of the trial at `file` as the other snapshot tests render.
fn render(file: &str, text: &str, problems: &[seega::Problem]) -> String {
    let lines = LineIndex::new(text);
    let named = NamedText {
        name: file,
        text,
        lines: &lines,
    };
    let renderer = Renderer::plain();
    problems.iter().map(|p| renderer.render(p, named)).collect()
}

#[test]
fn every_broken_trial_gives_its_diagnostic_at_its_move() {
    for &(name, code, line) in BROKEN {
        let text = read(name);
        let checked = ludii::check(&text);
        assert!(!checked.is_valid(), "{name}");
        let first = checked.problems.first().expect("a problem");
        assert_eq!(first.code.as_str(), code, "{name}");
        let at = LineIndex::new(&text).line_col(&text, first.span.start);
        assert_eq!((at.line, at.column), (line, 1), "{name}");
        assert!(checked.import.game.is_none(), "{name}: no game is written");
        insta::assert_snapshot!(name, render(&path(name), &text, &checked.problems));
    }
}

#[test]
fn convert_writes_the_game_with_or_without_from() {
    for &(name, _, _) in VALID.iter().filter(|v| v.1 != 9) {
        let file = path(name);
        let given = run_with(&["convert", "--from", "ludii", &file, "--to", "sgn"], None);
        assert_eq!(given.status.code(), Some(0), "{name}: {}", stderr(&given));
        let sniffed = run_with(&["convert", &file, "--to", "sgn"], None);
        assert_eq!(sniffed.stdout, given.stdout, "{name}: sniffed as given");
        insta::assert_snapshot!(format!("{name}_sgn"), stdout(&given));
        let json = run_with(&["convert", &file, "--to", "jsonl"], None);
        let object: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
        assert_eq!(object["valid"], true, "{name}");
        assert_eq!(object["file"], file.as_str(), "{name}");
    }
}

#[test]
fn check_reports_a_trial_as_one_game() {
    for &(name, _, _) in VALID {
        let out = run_with(&["check", "--format", "short", &path(name)], None);
        assert_eq!(out.status.code(), Some(0), "{name}: {}", stdout(&out));
        assert!(stdout(&out).contains("1 game"), "{name}: {}", stdout(&out));
    }
    for &(name, code, line) in BROKEN {
        let file = path(name);
        let out = run_with(&["check", "--format", "short", &file], None);
        assert_eq!(out.status.code(), Some(1), "{name}");
        let first = stdout(&out).lines().next().unwrap_or_default().to_owned();
        assert!(
            first.starts_with(&format!("{file}:{line}:1: error[{code}]")),
            "{name}: {first}"
        );
        let converted = run_with(&["convert", &file, "--to", "sgn"], None);
        assert_eq!(converted.status.code(), Some(2), "{name}");
        assert!(converted.stdout.is_empty(), "{name}: nothing written");
        assert!(
            stderr(&converted).contains(code),
            "{name}: {}",
            stderr(&converted)
        );
    }
}

/// Small trials, each with the code its first problem has (none: valid).
const CASES: &[(&str, &str, Option<&str>)] = &[
    (
        "no game line",
        "Move=[Move:mover=0]\n",
        Some("seega::ludii::unsupported"),
    ),
    (
        "another game",
        "game=/lud/Hnefatafl.lud\nMove=[Move:mover=1,from=0,to=1,actions=[Move]]\n",
        Some("seega::ludii::unsupported"),
    ),
    (
        "a board seega has not",
        "game=Seega.lud\nSTART GAME OPTIONS\nBoard Size/6x6\nEND GAME OPTIONS\n",
        Some("seega::ludii::unsupported"),
    ),
    (
        "options never closed",
        "game=Seega.lud\nSTART GAME OPTIONS\nBoard Size/7x7\n",
        Some("seega::ludii::malformed"),
    ),
    (
        "a move line cut short",
        "game=Seega.lud\nMove=[Move:mover=1,from=25,to=0,actions=[Move:from=25\n",
        Some("seega::ludii::malformed"),
    ),
    (
        "a winner that is not a number",
        "game=Seega.lud\nwinner=one\n",
        Some("seega::ludii::malformed"),
    ),
    (
        "an unknown line only warns",
        "game=Seega.lud\nHELLO\n",
        Some("seega::ludii::unknown-line"),
    ),
    (
        "a hand filled twice",
        "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\n",
        Some("seega::ludii::unsupported"),
    ),
    (
        "both hands filled, nothing played",
        "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\n",
        None,
    ),
    (
        "a placement on the centre",
        "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\nMove=[Move:mover=1,from=25,to=0,actions=[Move]]\nMove=[Move:mover=1,from=25,to=12,actions=[Move]]\n",
        Some("seega::place::centre"),
    ),
    (
        "a placement of one piece at the end",
        "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\nMove=[Move:mover=1,from=25,to=0,actions=[Move]]\n",
        Some("seega::ludii::mover"),
    ),
    (
        "an action seega does not read",
        "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\nMove=[Move:mover=1,from=25,to=0,actions=[Move],[Promote:what=3]]\n",
        Some("seega::ludii::unsupported"),
    ),
    (
        "a removal on a placement",
        "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\nMove=[Move:mover=1,from=25,to=0,actions=[Move],[Remove:type=Cell,to=3]]\nMove=[Move:mover=1,from=25,to=1,actions=[Move]]\n",
        Some("seega::ludii::capture"),
    ),
    (
        "a removal on a pass",
        "game=Seega.lud\nMove=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\nMove=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\nMove=[Move:mover=1,from=-1,to=-1,actions=[Pass],[Remove:type=Cell,to=3]]\n",
        Some("seega::ludii::capture"),
    ),
    (
        "hands not filled",
        "game=Seega.lud\nMove=[Move:mover=1,from=25,to=0,actions=[Move]]\n",
        Some("seega::ludii::unsupported"),
    ),
];

#[test]
fn small_trials_give_their_codes() {
    for &(what, text, code) in CASES {
        let checked = ludii::check(text);
        let first = checked.problems.first().map(|p| p.code.as_str());
        assert_eq!(first, code, "{what}: {:?}", checked.problems);
    }
}

/// `text` with `[Remove:type=Cell,to=CELL]` added to the first move line that `pick` takes.
fn with_removal(text: &str, pick: impl Fn(&str) -> bool, cell: &str) -> Option<String> {
    let at = text
        .lines()
        .position(|l| l.starts_with("Move=") && pick(l))?;
    let lines: Vec<String> = (text.lines().enumerate())
        .map(
            |(i, l)| match (i == at).then(|| l.strip_suffix(']')).flatten() {
                Some(head) => format!("{head},[Remove:type=Cell,to={cell}]]"),
                None => l.to_owned(),
            },
        )
        .collect();
    Some(lines.join("\n") + "\n")
}

/// Which move line of a trial to change.
type Pick = fn(&str) -> bool;

#[test]
fn a_removal_on_a_placement_or_a_pass_is_an_error_at_its_move() {
    let placement = |l: &str| !l.contains("mover=0") && l.contains("from=25,");
    let second_piece =
        |l: &str| !l.contains("mover=0") && !l.contains("SetNextPlayer") && l.contains("from=26,");
    let pass = |l: &str| l.contains("[Pass");
    for &(name, size, _) in VALID.iter().filter(|v| v.1 == 5) {
        let text = read(name);
        let picks: [(Pick, &str); 3] = [
            (placement, "placement"),
            (second_piece, "second piece"),
            (pass, "pass"),
        ];
        for (pick, what) in picks {
            for (cell, code) in [
                ("3", "seega::ludii::capture"),
                ("999999", "seega::ludii::unsupported"),
                ("99999999999999999999999", "seega::ludii::unsupported"),
            ] {
                let Some(broken) = with_removal(&text, pick, cell) else {
                    continue;
                };
                let checked = ludii::check(&broken);
                let first = checked.problems.first().map(|p| p.code.as_str());
                assert_eq!(first, Some(code), "{name} ({size}), {what}, to={cell}");
                assert!(!checked.is_valid(), "{name}, {what}, to={cell}");
                assert!(checked.import.game.is_none(), "{name}: no game is written");
            }
        }
    }
    // Through the command: `check` finds the game invalid and `convert` writes nothing.
    let broken = with_removal(&read("khamsawee-pass"), placement, "3").expect("a placement");
    let out = run_with(
        &["check", "--format", "short", "-"],
        Some(broken.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("seega::ludii::capture"),
        "{}",
        stdout(&out)
    );
    let converted = run_with(
        &["convert", "--from", "ludii", "-", "--to", "sgn"],
        Some(broken.as_bytes()),
    );
    assert_eq!(converted.status.code(), Some(2), "{}", stderr(&converted));
    assert!(converted.stdout.is_empty(), "nothing written");
}

#[test]
fn fix_leaves_a_trial_as_it_is() {
    let text = read("wrong-capture");
    let out = run_with(&["check", "--fix", "-"], Some(text.as_bytes()));
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), text, "written back unchanged");
    assert!(stderr(&out).contains("Ludii trial"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("seega::ludii::capture"),
        "its error is reported, as `check` reports it: {}",
        stderr(&out)
    );
}
