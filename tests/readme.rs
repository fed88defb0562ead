//! The examples of the README and of the guide (`docs/guide.md`), run as a reader pastes them:
//! every command of every ```sh block, the README's then the guide's, in order, with `seega` on
//! the `PATH`, in a scratch directory holding a copy of `samples/` (so that nothing they write
//! lands in the repository); both files' commands run from there, as from the repository's
//! top directory. Each must exit as its comment says (`exit N`; 0 when it says nothing). The
//! few commands this test cannot run are listed in `NOT_RUN`, and the test fails when the two
//! files' set of them differs; the ```python blocks are not run here (the guide's Python
//! section's is run by `python/tests/test_readme.py`; DuckDB's is not a dependency of the
//! project). The outputs the two files print in ```text blocks are compared with what their
//! commands print.

use std::path::Path;
use std::process::{Command, Output};

use super::common;
use common::ROOT;

/// Commands of the README and the guide this test does not run, and why, in the order they
/// appear (the README's first): each must appear in one of them exactly as written here.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "cargo install --path . --locked",
        "installs into ~/.cargo/bin; the test runs the binary cargo built for it",
    ),
    (
        "cargo test --all-targets",
        "it is the run this test is part of",
    ),
    (
        "pip install ./python",
        "builds the Python package; .ci/run installs it into a virtual environment and runs its tests, the guide's example among them",
    ),
    (
        "jq -r '.[] | select(.valid) | [.game, (.headers[] | select(.name == \"Event\") | .value), (.turns | length), .outcome.termination] | @tsv' games.json",
        "jq is not a dependency of the project",
    ),
];

/// The commands of a file's ```sh blocks, in order: continuation lines (a trailing `\`, or
/// a quote left open) joined, whitespace runs collapsed.
fn readme_commands(readme: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in readme.lines() {
        if !in_sh {
            in_sh = line.trim_end() == "```sh";
            continue;
        }
        if line.starts_with("```") {
            assert!(pending.is_empty(), "an unfinished command: {pending}");
            in_sh = false;
            continue;
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if !pending.is_empty() {
            pending.push(' ');
        }
        pending.push_str(line.strip_suffix('\\').unwrap_or(line).trim_end());
        let open_quote = pending.matches('\'').count() % 2 == 1;
        if !line.ends_with('\\') && !open_quote {
            commands.push(pending.split_whitespace().collect::<Vec<_>>().join(" "));
            pending.clear();
        }
    }
    commands
}

/// The exit status a command's comment announces: `exit N` after its `#`, else 0.
fn expected_exit(command: &str) -> i32 {
    let Some((_, comment)) = command.split_once(" # ") else {
        return 0;
    };
    let mut words = comment.split(|c: char| !c.is_ascii_alphanumeric());
    while let Some(w) = words.next() {
        if w == "exit" {
            if let Some(n) = words.next().and_then(|n| n.parse().ok()) {
                return n;
            }
        }
    }
    0
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("scratch directory");
    for entry in std::fs::read_dir(from).expect("listable") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copied");
        }
    }
}

/// Runs `command` with `sh -c` in `dir`, with the built `seega` first on the `PATH`.
fn sh(command: &str, dir: &Path) -> Output {
    let bin = Path::new(env!("CARGO_BIN_EXE_seega"))
        .parent()
        .expect("the binary's directory");
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).expect("a PATH"))
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sh runs")
}

/// The files whose examples this test runs, from the repository's top directory, in order.
const FILES: &[&str] = &["README.md", "docs/guide.md"];

/// The text of every file of `FILES`, one after the other.
fn docs() -> String {
    FILES
        .iter()
        .map(|f| std::fs::read_to_string(format!("{ROOT}/{f}")).expect(f))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_command_of_the_readme_runs_as_it_says() {
    let commands: Vec<String> = FILES
        .iter()
        .flat_map(|f| readme_commands(&std::fs::read_to_string(format!("{ROOT}/{f}")).expect(f)))
        .collect();
    assert!(commands.len() >= 40, "{} commands", commands.len());
    let dir = common::scratch("readme");
    copy_dir(&Path::new(ROOT).join("samples"), &dir.join("samples"));

    let mut not_run = Vec::new();
    let mut failures = Vec::new();
    for command in &commands {
        let bare = command.split(" # ").next().unwrap_or(command).trim();
        if let Some((_, why)) = NOT_RUN.iter().find(|(c, _)| *c == bare) {
            not_run.push((bare.to_string(), *why));
            continue;
        }
        let out = sh(command, &dir);
        let want = expected_exit(command);
        if out.status.code() != Some(want) {
            failures.push(format!(
                "`{command}`: exit {:?}, its comment says {want}\n{}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    let listed: Vec<&str> = NOT_RUN.iter().map(|(c, _)| *c).collect();
    let found: Vec<&str> = not_run.iter().map(|(c, _)| c.as_str()).collect();
    assert_eq!(
        found, listed,
        "the commands of the README and the guide this test does not run"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The samples stay as they were: the examples write new files only.
    for entry in std::fs::read_dir(dir.join("samples")).expect("listable") {
        let path = entry.expect("an entry").path();
        if path.is_file() {
            let name = path.file_name().expect("a name");
            let original = Path::new(ROOT).join("samples").join(name);
            assert_eq!(
                std::fs::read(&path).expect("readable"),
                std::fs::read(&original).expect("readable"),
                "the examples changed {}",
                original.display()
            );
        }
    }
    // What they write in a clone is ignored by git: each file or directory they make is a line
    // of `.gitignore`, so that following the README leaves the work tree clean.
    let ignored = std::fs::read_to_string(format!("{ROOT}/.gitignore")).expect(".gitignore");
    let ignored: Vec<&str> = ignored.lines().collect();
    let mut written = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("listable") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        if name != "samples" {
            written.push(format!("/{name}"));
        }
    }
    for entry in std::fs::read_dir(dir.join("samples")).expect("listable") {
        let name = entry.expect("an entry").file_name();
        if !Path::new(ROOT).join("samples").join(&name).exists() {
            written.push(format!("/samples/{}", name.to_string_lossy()));
        }
    }
    written.sort();
    let unignored: Vec<&String> = written
        .iter()
        .filter(|w| !ignored.contains(&w.as_str()))
        .collect();
    assert!(
        unignored.is_empty(),
        "the examples write files .gitignore does not name: {unignored:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The ```text block of the README or the guide that starts with `first`.
fn text_block<'a>(readme: &'a str, first: &str) -> &'a str {
    let start = readme
        .find(&format!("```text\n{first}"))
        .unwrap_or_else(|| panic!("a text block starting with {first:?}"))
        + "```text\n".len();
    let len = readme[start..].find("```").expect("a closed block");
    &readme[start..start + len]
}

#[test]
fn the_outputs_the_readme_shows_are_what_the_commands_print() {
    let readme = docs();
    let root = Path::new(ROOT);
    let summary = "7 files, 53 games: 53 valid, 0 invalid (0 errors, 0 warnings)";
    assert!(readme.contains(&format!("`{summary}`")));
    let out = sh("seega check samples/*.sgn", root);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), summary);

    let cases = [
        (
            "seega::move::too-far\n",
            "seega check tests/conformance/001.sgn",
        ),
        (
            "game 1 (Kofi vs Mona",
            "seega show tests/fixtures/boards.sgn --game 1 --turn 13",
        ),
        (
            "start (4b/5/5/b4/wb3 w)",
            "seega moves samples/positions.sgn --game 9 --all",
        ),
        (
            "seega: note: `samples/invalid/result-wrong.sgn`",
            "seega fmt --fix-results samples/invalid/result-wrong.sgn",
        ),
    ];
    for (first, command) in cases {
        let block = text_block(&readme, first);
        assert!(
            readme.contains(&format!("`{command}`")),
            "the README or the guide names `{command}`"
        );
        let out = sh(command, root);
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            printed.contains(block),
            "`{command}` does not print the block shown:\n{block}\nit prints:\n{printed}"
        );
    }

    let fix = sh(
        "seega check --fix - < samples/invalid/capture-missing.sgn",
        root,
    );
    let stderr = String::from_utf8_lossy(&fix.stderr);
    for line in [
        "<stdin>:6:4: game 1: `c4-c3xb3xd3` → `c4-c3xc2xb3xd3`",
        "fixed 1 game; 0 games still invalid",
    ] {
        assert!(readme.contains(line), "the guide shows {line:?}");
        assert!(stderr.contains(line), "--fix prints {line:?}:\n{stderr}");
    }
}
