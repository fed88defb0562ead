//! `seega show --line PATH`: drawing along a variation. Each position of each variation of the
//! samples is held to the same position of a game whose main line is that variation (its
//! turns before the branch, then the variation's, made from `convert`'s JSON and written back
//! as SGN), drawn by plain `seega show`.

use super::common;
use common::{stderr, stdout};
use serde_json::Value;

fn run(args: &[&str], stdin: Option<&[u8]>) -> std::process::Output {
    common::run_with(args, stdin)
}

const SAMPLE: &str = "samples/variations.sgn";

/// Every variation of `turns` (a line's turn objects), each with the turns along it from the
/// start (`before` the turns of the lines it branches from, up to its branch), depth first.
fn lines_of(turns: &[Value], before: &[Value], out: &mut Vec<(String, Vec<Value>)>) {
    for (i, t) in turns.iter().enumerate() {
        for v in t["variations"].as_array().into_iter().flatten() {
            let mut along: Vec<Value> = before.to_vec();
            along.extend(turns[..i].iter().cloned());
            let own = v["turns"].as_array().expect("turns");
            let path = v["path"].as_str().expect("path").to_owned();
            lines_of(own, &along, out);
            along.extend(own.iter().cloned());
            out.push((path, along));
        }
    }
}

/// A game object whose main line is `turns` (their variations dropped), without a result.
fn flattened(game: &Value, turns: &[Value]) -> Value {
    let mut g = game.clone();
    let plain: Vec<Value> = (turns.iter().cloned())
        .map(|mut t| {
            t.as_object_mut().expect("a turn").remove("variations");
            t
        })
        .collect();
    g["turns"] = Value::Array(plain);
    g["result"] = Value::String("*".into());
    g["trailing"] = Value::Array(Vec::new());
    let headers = g["headers"].as_array_mut().expect("headers");
    headers.retain(|h| h["name"] != "Result");
    g
}

/// The board and summary `seega show` prints, without its heading and notes.
fn board(text: &str) -> String {
    let lines = text.lines().skip(1).filter(|l| !l.starts_with("note:"));
    lines.collect::<Vec<_>>().join("\n")
}

#[test]
fn each_position_of_a_variation_is_that_of_the_game_played_along_it() {
    let o = run(&["convert", "--to", "json", SAMPLE], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let games: Value = serde_json::from_str(&stdout(&o)).expect("json");
    let scratch = common::scratch("show-line");
    let mut seen = 0;
    for (gi, game) in games.as_array().expect("games").iter().enumerate() {
        let mut lines = Vec::new();
        lines_of(game["turns"].as_array().expect("turns"), &[], &mut lines);
        assert!(!lines.is_empty(), "game {} has variations", gi + 1);
        for (path, along) in lines {
            let legal = along.iter().take_while(|t| t["legal"] == true).count();
            let flat = serde_json::to_string(&[flattened(game, &along[..legal])]).unwrap();
            let json = scratch.join(format!("g{}-{}.json", gi + 1, path.replace('/', "_")));
            std::fs::write(&json, flat).unwrap();
            let sgn = json.with_extension("sgn");
            let o = run(&["convert", "--to", "sgn", json.to_str().unwrap()], None);
            assert!(o.status.success(), "{path}: {}", stderr(&o));
            std::fs::write(&sgn, o.stdout).unwrap();
            let g = (gi + 1).to_string();
            for k in 0..=legal {
                let k = k.to_string();
                let shown = run(
                    &["show", SAMPLE, "--game", &g, "--line", &path, "--turn", &k],
                    None,
                );
                assert!(shown.status.success(), "{path} {k}: {}", stderr(&shown));
                let heading = stdout(&shown).lines().next().unwrap_or_default().to_owned();
                assert!(
                    heading.contains(&format!("variation {path}, ")),
                    "{heading}"
                );
                let plain = run(&["show", sgn.to_str().unwrap(), "--turn", &k], None);
                assert!(plain.status.success(), "{path} {k}: {}", stderr(&plain));
                assert_eq!(
                    board(&stdout(&shown)),
                    board(&stdout(&plain)),
                    "game {g}, variation {path}, turn {k}"
                );
                seen += 1;
            }
            // one past the line's last position is no position
            let past = (legal + 1).to_string();
            let o = run(
                &[
                    "show", SAMPLE, "--game", &g, "--line", &path, "--turn", &past,
                ],
                None,
            );
            assert_eq!(o.status.code(), Some(2), "{path} past its end");
            let want = format!("variation {path} has {legal} legal turns");
            assert!(stderr(&o).contains(&want), "{}", stderr(&o));
        }
    }
    assert!(seen > 40, "{seen} positions compared");
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn show_line_snapshots_and_errors() {
    let ok: [(&str, &[&str]); 3] = [
        ("show_line_nested", &["--line", "1.1/3.1", "--turn", "4"]),
        (
            "show_line_final",
            &["--game", "2", "--line", "16.1", "--final"],
        ),
        (
            "show_line_svg",
            &["--game", "2", "--line", "16.1", "--turn", "16", "--svg"],
        ),
    ];
    for (name, extra) in ok {
        let mut args = vec!["show", SAMPLE];
        args.extend(extra);
        let o = run(&args, None);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        insta::assert_snapshot!(name, stdout(&o));
    }
    let bad: [(&[&str], &str); 4] = [
        (
            &["--line", "9.1"],
            "has no variation `9.1`: its variations are `1.1`, `1.1/3.1`",
        ),
        (&["--line", "1.2"], "has no variation `1.2`"),
        (&["--line", "9"], "`9` is no line"),
        (&["--line", "1.1", "--html"], "cannot be used with"),
    ];
    for (extra, want) in bad {
        let mut args = vec!["show", SAMPLE];
        args.extend(extra);
        let o = run(&args, None);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&o).contains(want), "{extra:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{extra:?}");
    }
    // a variation that stops at an illegal turn says where, as the main line does
    let text = "1. c2,d4 (1. a1,b1 1... a1,e5 2. e1,e2) 1... a2,b2 2. b3,b3 *\n";
    for (line, last) in [("1.1", 1), ("", 2)] {
        let mut args = vec!["show", "-"];
        if !line.is_empty() {
            args.extend(["--line", line]);
        }
        let o = run(&args, Some(text.as_bytes()));
        assert!(o.status.success(), "{}", stderr(&o));
        let want = format!("note: positions stop after turn {last}, the last legal one");
        assert!(
            stdout(&o).trim_end().ends_with(&want),
            "{line}: {}",
            stdout(&o)
        );
    }
    // a game without variations names none
    let text = "1. a1,b1 a2,b2 *\n";
    let o = run(&["show", "-", "--line", "1.1"], Some(text.as_bytes()));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("it has no variation"), "{}", stderr(&o));
}

#[test]
fn svg_dir_draws_every_position_of_the_line() {
    let dir = common::scratch("show-line-svg-dir");
    let d = dir.join("frames");
    let o = run(
        &[
            "show",
            SAMPLE,
            "--game",
            "2",
            "--line",
            "16.1",
            "--svg-dir",
            d.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // turns 1 to 15 of the main line, then the variation's three
    assert_eq!(common::files_in(&d).len(), 19, "{:?}", common::files_in(&d));
    let last = std::fs::read_to_string(d.join("turn-018.svg")).unwrap();
    assert!(last.contains("variation 16.1"), "the title names the line");
    let _ = std::fs::remove_dir_all(&dir);
}
