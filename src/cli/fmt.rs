//! `seega fmt`: canonical text, to standard output, checked, or rewritten in place.

use std::io::Write;

use seega::canonical::{Fixing, Formatted, FormattedGame, format_games};
use seega::notation::source::BOM;
use seega::notation::writer::WriteOptions;
use seega::notation::{LineIndex, Source};
use seega::render::terminal;
use seega::validate::Problem;

use super::args::FmtArgs;
use super::copy::line_end_of;
use super::inputs::{Input, resolve};
use super::output::{OutputError, Transaction, commit_rewrites};
use super::{Exit, stdio, trouble};

/// Canonical text (already in the file's encoding) as the file writes text: every line ended
/// as its first line is (LF, CRLF or CR).
fn push_in_style(out: &mut Vec<u8>, end: &[u8], canonical: &[u8]) {
    if end == b"\n" {
        out.extend_from_slice(canonical);
        return;
    }
    let mut lines = canonical.split(|&b| b == b'\n').peekable();
    while let Some(line) = lines.next() {
        out.extend_from_slice(line.strip_suffix(b"\r").unwrap_or(line));
        if lines.peek().is_some() {
            out.extend_from_slice(end);
        }
    }
}

/// The formatted file: its byte-order mark, if it has one, then each game a blank line apart,
/// in canonical form in the file's line ends and encoding (UTF-8 with `to_utf8`), or, when it
/// cannot be written, its own bytes as they are. A file of no game is its own bytes.
fn assemble(bytes: &[u8], source: &Source, formatted: &Formatted, to_utf8: bool) -> Vec<u8> {
    if formatted.games.is_empty() {
        return bytes.to_vec();
    }
    let end = line_end_of(bytes);
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 16 + 3);
    if bytes.starts_with(BOM) {
        out.extend_from_slice(BOM);
    }
    for (k, game) in formatted.games.iter().enumerate() {
        if k > 0 {
            out.extend_from_slice(end);
        }
        let canonical = match game {
            FormattedGame::Canonical { text, span } if to_utf8 => Some(text.as_bytes().to_vec()),
            FormattedGame::Canonical { text, span } => source.encoding_of(*span).encode(text),
            FormattedGame::Kept { .. } => None,
        };
        match (game, canonical) {
            (_, Some(text)) => push_in_style(&mut out, end, &text),
            (FormattedGame::Canonical { span, .. } | FormattedGame::Kept { span, .. }, None) => {
                let own = &bytes[source.byte_offset(span.start)..source.byte_offset(span.end)];
                out.extend_from_slice(own);
                if !own.ends_with(b"\n") && !own.ends_with(b"\r") {
                    out.extend_from_slice(end);
                }
            }
        }
    }
    out
}

/// Names on stderr each game of `name` that was kept as written, with why.
fn report_kept(name: &str, source: &Source, formatted: &Formatted) {
    let text = source.text();
    let lines = LineIndex::new(text);
    let say = |what: String, problems: &[Problem]| {
        let mut msg = what;
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
    };
    if !formatted.outside.is_empty() {
        say(
            format!(
                "`{name}` holds bytes that are not UTF-8 outside any game: it is kept as it is"
            ),
            &formatted.outside,
        );
    }
    for g in &formatted.games {
        if let FormattedGame::Kept {
            index, problems, ..
        } = g
        {
            say(
                format!("`{name}`: game {index} cannot be formatted, so it is kept as written"),
                problems,
            );
        }
    }
}

/// Runs `seega fmt`.
pub fn run(args: &FmtArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let check = args.rules.rules.options(true);
    let write = WriteOptions {
        width: args.width.max(1),
        reorder_tags: true,
    };
    let inputs = resolve(&args.input.paths);
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
        let source = super::inputs::decode(&input, &bytes, args.encoding.encoding);
        let fixing = Fixing {
            results: args.fix_results,
            renumber: args.renumber,
        };
        let formatted = format_games(&source, &check, &write, fixing);
        for f in &formatted.fixes {
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
        fixed += formatted.fixes.len();
        if !formatted.is_complete() {
            report_kept(&name, &source, &formatted);
            exit = exit.max(Exit::Invalid);
        }
        let formatted = assemble(&bytes, &source, &formatted, args.to_utf8);
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
    if !commit_rewrites(tx, rewritten, exit == Exit::Trouble) {
        return Ok(Exit::Trouble);
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
