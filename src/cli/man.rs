//! `seega man`: the manual pages, one for seega and one for each command, with their exit
//! status and examples.

use std::io::{IsTerminal, Write};

use clap::CommandFactory;

use super::args::{Cli, ManArgs};
use super::output::{Transaction, ensure_dir};
use super::{Exit, trouble};

/// What each command's exit status means, and a few examples, for its page.
const EXTRA: &[(&str, &str, &[&str])] = &[
    (
        "check",
        "0: every game is valid (warnings allowed). 1: some game is invalid, or --fix left one. 2: an input could not be read, or a usage error.",
        &[
            "seega check games.sgn",
            "seega check --format short archive/",
            "seega check --fix games.sgn",
        ],
    ),
    (
        "convert",
        "0: converted. 2: an input could not be read or converted, or an output could not be written.",
        &[
            "seega convert --to jsonl games.sgn -o games.jsonl",
            "seega convert --to sgn games.json",
        ],
    ),
    (
        "show",
        "0: drawn. 2: no such game, or a file could not be written.",
        &[
            "seega show games.sgn --game 2 --turn 14",
            "seega show games.sgn --svg -o board.svg",
        ],
    ),
    (
        "moves",
        "0: listed (also for an invalid game, whose positions stop at its last legal turn, said on standard error). 1: the game cannot be set up. 2: no such game or position, or an input could not be read.",
        &[
            "seega moves --position \"5/1b3/1w3/5/1b3 b\"",
            "seega moves games.sgn --game 2 --turn 14",
            "seega moves games.sgn --all --count",
        ],
    ),
    (
        "fmt",
        "0: formatted (or, with --check, every file is canonical). 1: some file is not canonical, or holds a game that cannot be formatted. 2: trouble reading or writing.",
        &[
            "seega fmt --check archive/",
            "seega fmt --in-place archive/",
        ],
    ),
    (
        "select",
        "0: some game was selected. 1: none was, as grep. 2: trouble reading or writing.",
        &[
            "seega select --result 1-0 games.sgn",
            "seega select --invalid-to bad.sgn games.sgn -o good.sgn",
        ],
    ),
    (
        "dedupe",
        "0: done. 2: trouble reading or writing.",
        &[
            "seega dedupe archive/",
            "seega dedupe --drop games.sgn -o unique.sgn",
        ],
    ),
    (
        "generate",
        "0: written. 2: a usage error or an output that could not be written.",
        &["seega generate --games 1000 --seed 7 -o games.sgn"],
    ),
    (
        "stats",
        "0: counted. 2: an input could not be read.",
        &["seega stats archive/"],
    ),
    (
        "explain",
        "0: explained. 2: no such code.",
        &["seega explain move::too-far", "seega explain"],
    ),
];

/// Escapes text for roff: a backslash, and a dot or quote that would start a request.
fn roff(text: &str) -> String {
    let t = text.replace('\\', "\\e").replace('-', "\\-");
    if t.starts_with(['.', '\'']) {
        format!("\\&{t}")
    } else {
        t
    }
}

/// The page of the command `name` (`None`: seega's own).
fn page(name: Option<&str>) -> Option<Vec<u8>> {
    let top = Cli::command();
    let cmd = match name {
        None => top,
        Some(n) => top
            .find_subcommand(n)?
            .clone()
            .name(format!("seega-{n}"))
            .bin_name(format!("seega {n}")),
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut buf).ok()?;
    if let Some((_, status, examples)) = EXTRA.iter().find(|e| Some(e.0) == name) {
        buf.extend_from_slice(
            format!(".SH \"EXIT STATUS\"\n{}\n.SH EXAMPLES\n", roff(status)).as_bytes(),
        );
        for e in *examples {
            buf.extend_from_slice(format!(".PP\n.nf\n{}\n.fi\n", roff(e)).as_bytes());
        }
    }
    Some(buf)
}

/// Shows the page `roff` with `man -l -` on the terminal (its pager, its width); whether `man`
/// could be run.
fn shown_by_man(roff: &[u8]) -> bool {
    let child = std::process::Command::new("man")
        .args(["-l", "-"])
        .stdin(std::process::Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        return false;
    };
    if let Some(mut stdin) = child.stdin.take() {
        // A pager quit early closes the pipe: not an error.
        let _ = stdin.write_all(roff);
    }
    child.wait().is_ok_and(|s| s.success())
}

/// The page of the command `name` as plain text: its long help, exit status and examples.
fn text_page(name: Option<&str>) -> String {
    let top = Cli::command();
    let mut cmd = match name.and_then(|n| top.find_subcommand(n)) {
        Some(c) => c.clone().bin_name(format!("seega {}", c.get_name())),
        None => top,
    };
    let mut text = cmd.render_long_help().to_string();
    if let Some((_, status, examples)) = EXTRA.iter().find(|e| Some(e.0) == name) {
        text.push_str(&format!("\nExit status:\n  {status}\n\nExamples:\n"));
        for e in *examples {
            text.push_str(&format!("  {e}\n"));
        }
    }
    text
}

/// The commands that have a page.
fn commands() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_owned())
        .filter(|n| n != "help")
        .collect()
}

/// Runs `seega man`.
pub fn run(args: &ManArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    if let Some(dir) = &args.dir {
        if let Err(e) = ensure_dir(dir) {
            trouble(format_args!("cannot make `{}`: {e}", super::shown(dir)));
            return Ok(Exit::Trouble);
        }
        // Every page or none.
        let mut tx = Transaction::new(Vec::new());
        let names: Vec<Option<String>> = std::iter::once(None)
            .chain(commands().into_iter().map(Some))
            .collect();
        for name in &names {
            let file = match name {
                None => dir.join("seega.1"),
                Some(n) => dir.join(format!("seega-{n}.1")),
            };
            let bytes = page(name.as_deref()).unwrap_or_default();
            let written = tx.create(&file).and_then(|o| {
                tx.writer(o)
                    .write_all(&bytes)
                    .map_err(|e| super::output::OutputError {
                        path: file.clone(),
                        why: e.into(),
                    })
            });
            if let Err(e) = written {
                e.report();
                return Ok(Exit::Trouble);
            }
        }
        return Ok(match tx.commit() {
            Ok(()) => Exit::Valid,
            Err(e) => {
                e.report();
                Exit::Trouble
            }
        });
    }
    match page(args.command.as_deref()) {
        Some(bytes) if std::io::stdout().is_terminal() => {
            out.flush()?;
            // A terminal is shown the page formatted: by `man` when there is one, else as plain
            // text. Roff goes only to a pipe or a file.
            if !shown_by_man(&bytes) {
                out.write_all(text_page(args.command.as_deref()).as_bytes())?;
            }
            Ok(Exit::Valid)
        }
        Some(bytes) => {
            out.write_all(&bytes)?;
            Ok(Exit::Valid)
        }
        None => {
            trouble(format_args!(
                "no command `{}`\n  help: The commands are {}.",
                seega::render::terminal::escape(args.command.as_deref().unwrap_or_default()),
                commands().join(", ")
            ));
            Ok(Exit::Trouble)
        }
    }
}
