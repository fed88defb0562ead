//! `seega fmt`: canonical text, to standard output, checked, or rewritten in place.

use std::io::Write;

use seega::canonical::{Fixing, format_source_fixing};
use seega::notation::writer::WriteOptions;
use seega::notation::{LineIndex, Source};
use seega::render::terminal;
use seega::validate::Problem;

use super::args::FmtArgs;
use super::copy::line_end_of;
use super::inputs::{Input, resolve};
use super::output::{OutputError, Transaction};
use super::{Exit, stdio, trouble};

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Canonical text as the file `bytes` writes text: with its byte-order mark, if it has one,
/// and every line ended as its first line is (LF, CRLF or CR).
fn in_style_of(bytes: &[u8], canonical: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(canonical.len() + canonical.len() / 16 + 3);
    if bytes.starts_with(BOM) {
        out.extend_from_slice(BOM);
    }
    let end = line_end_of(bytes);
    if end == b"\n" {
        out.extend_from_slice(canonical.as_bytes());
        return out;
    }
    for (k, line) in canonical.replace("\r\n", "\n").split('\n').enumerate() {
        if k > 0 {
            out.extend_from_slice(end);
        }
        out.extend_from_slice(line.as_bytes());
    }
    out
}

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
            lc.line,
            lc.column,
            p.code,
            terminal::escape(&p.message)
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
    // Every file rewritten in place is committed at once, after all were formatted.
    let mut tx = Transaction::new(Vec::new());
    let mut rewritten = 0usize;
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
        let (bytes, stamp) = match input.read_stamped() {
            Ok(b) => b,
            Err(e) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                exit = exit.max(Exit::Trouble);
                continue;
            }
        };
        let source = Source::from_bytes(&bytes);
        let fixing = Fixing {
            results: args.fix_results,
            renumber: args.renumber,
        };
        let formatted = match format_source_fixing(&source, &check, &write, fixing) {
            Ok((text, fixes)) => {
                for f in &fixes {
                    let who = f
                        .outcome
                        .winner
                        .map_or("draw".to_owned(), |c| format!("{c} wins"));
                    stdio::line(format_args!(
                        "seega: `{name}`: game {}: {} ({}, {who})",
                        f.game,
                        f.changes(),
                        f.outcome.termination.as_str()
                    ));
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
        let formatted = in_style_of(&bytes, &formatted);
        let canonical = formatted == bytes;
        if args.check {
            if !canonical {
                writeln!(out, "{name}")?;
                exit = exit.max(Exit::Invalid);
            }
        } else if args.in_place {
            if let (false, Input::File(path), Some(stamp)) = (canonical, &input, stamp) {
                let written = tx.rewrite(path, stamp).and_then(|o| {
                    tx.writer(o).write_all(&formatted).map_err(|e| OutputError {
                        path: path.clone(),
                        why: e.into(),
                    })
                });
                if let Err(e) = written {
                    e.report();
                    trouble(format_args!("no file was changed"));
                    return Ok(Exit::Trouble);
                }
                rewritten += 1;
            }
        } else {
            if printed && !formatted.is_empty() {
                out.write_all(b"\n")?;
            }
            out.write_all(&formatted)?;
            printed |= !formatted.is_empty();
        }
    }
    if rewritten > 0 {
        if let Err(e) = tx.commit() {
            e.report();
            trouble(format_args!("no file was changed"));
            return Ok(Exit::Trouble);
        }
    }
    if args.fix_results {
        let results = if fixed == 1 { "result" } else { "results" };
        if args.check {
            stdio::line(format_args!("seega: {fixed} {results} would be fixed"));
        } else {
            stdio::line(format_args!("seega: fixed {fixed} {results}"));
        }
    }
    Ok(exit)
}
