//! `seega fmt`: canonical text, to standard output, checked, or rewritten in place.

use std::io::Write;

use seega::canonical::format_source_fixing;
use seega::notation::writer::WriteOptions;
use seega::notation::{LineIndex, Source};
use seega::validate::Problem;

use super::args::FmtArgs;
use super::atomic::write_atomically;
use super::inputs::{Input, resolve};
use super::{Exit, trouble};

/// Reports why `name` cannot be formatted.
fn refuse(name: &str, action: &str, source: &Source, problems: &[Problem]) {
    let text = source.text();
    let lines = LineIndex::new(text);
    // `--check` changes nothing anyway.
    let unchanged = if action == "check" {
        ""
    } else {
        ", and nothing was changed"
    };
    let mut msg = format!("cannot {action} `{name}`: it has syntax errors{unchanged}");
    const SHOWN: usize = 10;
    for p in problems.iter().take(SHOWN) {
        let lc = lines.line_col(text, p.span.start);
        msg.push_str(&format!(
            "\n  {name}:{}:{}: {}: {}",
            lc.line, lc.column, p.code, p.message
        ));
    }
    if problems.len() > SHOWN {
        msg.push_str(&format!("\n  … and {} more", problems.len() - SHOWN));
    }
    msg.push_str("\n  help: Fix these first; `seega check` explains each one.");
    trouble(format_args!("{msg}"));
}

/// Runs `seega fmt`.
pub fn run(args: &FmtArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(check) = super::options(&args.rules, true) else {
        return Ok(Exit::Trouble);
    };
    let write = WriteOptions {
        width: args.width.max(1),
        reorder_tags: true,
    };
    let inputs = resolve(&args.paths);
    if args.in_place && inputs.iter().any(|i| matches!(i, Ok(Input::Stdin))) {
        trouble(format_args!(
            "--in-place needs files: standard input cannot be rewritten\n  help: Run `seega fmt` without --in-place to format standard input to standard output."
        ));
        return Ok(Exit::Trouble);
    }
    let mut exit = Exit::Valid;
    let mut printed = false;
    let mut fixed = 0;
    for input in inputs {
        let input = match input {
            Ok(i) => i,
            Err((name, e)) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                exit = exit.max(Exit::Trouble);
                continue;
            }
        };
        let name = input.name();
        let bytes = match input.read() {
            Ok(b) => b,
            Err(e) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                exit = exit.max(Exit::Trouble);
                continue;
            }
        };
        let source = Source::from_bytes(&bytes);
        let formatted = match format_source_fixing(&source, &check, &write, args.fix_results) {
            Ok((text, fixes)) => {
                for f in &fixes {
                    let who = f
                        .outcome
                        .winner
                        .map_or("draw".to_owned(), |c| format!("{c} wins"));
                    eprintln!(
                        "seega: `{name}`: game {}: {} ({}, {who})",
                        f.game,
                        f.changes(),
                        f.outcome.termination.as_str()
                    );
                }
                fixed += fixes.len();
                text
            }
            Err(problems) => {
                let action = if args.in_place {
                    "rewrite"
                } else if args.check {
                    "check"
                } else {
                    "format"
                };
                refuse(&name, action, &source, &problems);
                exit = exit.max(Exit::Invalid);
                continue;
            }
        };
        let canonical = formatted.as_bytes() == bytes.as_slice();
        if args.check {
            if !canonical {
                writeln!(out, "{name}")?;
                exit = exit.max(Exit::Invalid);
            }
        } else if args.in_place {
            if let (false, Input::File(path)) = (canonical, &input) {
                if let Err(e) = write_atomically(path, &mut |w| w.write_all(formatted.as_bytes())) {
                    trouble(format_args!("cannot rewrite `{name}`: {e}"));
                    exit = exit.max(Exit::Trouble);
                }
            }
        } else {
            if printed && !formatted.is_empty() {
                out.write_all(b"\n")?;
            }
            out.write_all(formatted.as_bytes())?;
            printed |= !formatted.is_empty();
        }
    }
    if args.fix_results {
        let results = if fixed == 1 { "result" } else { "results" };
        if args.check {
            eprintln!("seega: {fixed} {results} would be fixed");
        } else {
            eprintln!("seega: fixed {fixed} {results}");
        }
    }
    Ok(exit)
}
