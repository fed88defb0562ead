//! Archive shapes shared by the library's unit tests and the integration tests (which
//! include this file by path from `tests/common`): the corpus's files, a mix of rulesets and
//! another writer's style. It uses only `std`, so that it compiles in both crates.
#![allow(
    dead_code,
    reason = "each test binary uses a different part of these helpers"
)]

use std::path::{Path, PathBuf};

/// Rulesets a test archive mixes: three presets and a 9×9 option set.
pub const MIXED_RULES: [&str; 4] = [
    "standard",
    "ludus",
    "seesa",
    "seesa size=9 forced=yes chain=none",
];

/// Adds every `*.sgn` file under `dir`, recursively, to `out`.
pub fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    walk_ext(dir, "sgn", out);
}

/// Adds every file under `dir` whose extension is `ext`, recursively, to `out`.
pub fn walk_ext(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("directory exists").flatten() {
        let p = e.path();
        if p.is_dir() {
            walk_ext(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

/// `text` (games as `seega generate` writes them) rewritten in another writer's style: tags in
/// reverse order with an escaped value (`\"`, `\\`) in some games, no move numbers, some
/// captures omitted, comments, glyphs and annotations glued to turns or standing apart, and
/// CRLF line ends. The games stay valid and clean.
pub fn other_writer(text: &str) -> String {
    let mut out = String::new();
    for (g, game) in text.split("\n\n[").enumerate() {
        let Some((head, moves)) = game.split_once("\n\n") else {
            continue;
        };
        let mut tags: Vec<String> = head.lines().rev().map(str::to_owned).collect();
        // The split took the first tag's `[` of every game but the first.
        if let Some(first) = tags.last_mut().filter(|t| !t.starts_with('[')) {
            first.insert(0, '[');
        }
        if g % 3 == 0 {
            let escaped = "[Annotator \"J. \\\"Kofi\\\" Mensah \\\\ club\"]";
            tags.insert(g % tags.len(), escaped.to_owned());
        }
        if g % 4 == 1 {
            tags.insert(1, "{a header comment} ; and a line comment".to_owned());
        }
        for t in &tags {
            out.push_str(t);
            out.push('\n');
        }
        out.push('\n');
        let mut line = 0;
        for (k, t) in moves.split_whitespace().enumerate() {
            if t.ends_with('.') {
                continue;
            }
            let mut t = t.to_owned();
            let is_turn = t.starts_with(|c: char| c.is_ascii_lowercase());
            if is_turn && k % 5 == 2 {
                while let Some(x) = t.find('x') {
                    t.replace_range(x..x + 3, "");
                }
            }
            if is_turn {
                match k % 19 {
                    3 => t.push_str("{good move}"),
                    7 => t = format!("{{a \"quote\" \\ here}}{t}"),
                    11 => t.push_str("!?"),
                    13 => t.push_str(" $14"),
                    17 => t.push_str("? ; to the end of the line\n"),
                    _ => {}
                }
            }
            line += t.len() + 1;
            out.push_str(&t);
            if t.ends_with('\n') {
                line = 0;
            } else if line > 70 {
                out.push('\n');
                line = 0;
            } else {
                out.push(' ');
            }
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push_str("\n\n");
    }
    out.replace('\n', "\r\n")
}
