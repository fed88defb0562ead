//! `seega check`: replay every game and report what is wrong.

use std::io::{IsTerminal, Write};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use miette::GraphicalTheme;
use seega::archive::stream::{Placed, check_stream};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::wire::{DiagnosticLine, InputErrorLine, SummaryLine};

use super::args::{CheckArgs, Format};
use super::inputs::resolve;
use super::{Exit, Global, threads, trouble};

/// Runs `seega check`.
pub fn run(args: &CheckArgs, global: &Global, out: &mut impl Write) -> std::io::Result<Exit> {
    if args.fix {
        return super::fix::run(args, global, out);
    }
    let Some(opts) = super::options(&args.rules, false) else {
        return Ok(Exit::Trouble);
    };
    let theme = if global.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let renderer = Renderer::new(theme, global.width);
    let mut sum = SummaryLine {
        kind: "summary".into(),
        ..SummaryLine::default()
    };
    let mut io_trouble = false;
    // An input that cannot be read: said on stderr, and in JSON Lines on stdout too, so that a
    // program reading the report sees which input is missing from it.
    let mut unreadable = |out: &mut dyn Write, name: &str, e: &dyn std::fmt::Display| {
        trouble(format_args!("cannot read `{name}`: {e}"));
        io_trouble = true;
        if args.format == Format::Jsonl {
            let line = InputErrorLine::new(name, format!("cannot read `{name}`: {e}"));
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        }
        std::io::Result::Ok(())
    };
    let jobs = threads(args.jobs);
    for input in resolve(&args.paths) {
        let input = match input {
            Ok(i) => i,
            Err((name, e)) => {
                unreadable(out, &name, &e)?;
                continue;
            }
        };
        let name = input.name();
        let (reader, len) = match input.open() {
            Ok(r) => r,
            Err(e) => {
                unreadable(out, &name, &e)?;
                continue;
            }
        };
        sum.files += 1;
        let bar = progress(len);
        let result = check_stream(reader, &opts, jobs, &mut |placed: Placed| {
            let c = &placed.checked;
            bar.inc(c.bytes as u64);
            sum.games += c.games;
            sum.valid += c.valid;
            sum.invalid += c.games - c.valid;
            sum.errors += c.errors;
            sum.warnings += c.warnings;
            if c.problems.is_empty() {
                return Ok(());
            }
            let text = placed.source.text();
            let lines = placed.line_index();
            let named = NamedText {
                name: &name,
                text,
                lines: &lines,
            };
            for p in &c.problems {
                match args.format {
                    Format::Human => out.write_all(renderer.render(p, named).as_bytes())?,
                    Format::Jsonl => {
                        serde_json::to_writer(
                            &mut *out,
                            &DiagnosticLine::new(p, &name, text, &lines),
                        )?;
                        out.write_all(b"\n")?;
                    }
                }
            }
            Ok(())
        });
        bar.finish_and_clear();
        if let Err(e) = result {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return Err(e);
            }
            unreadable(out, &name, &e)?;
        }
    }
    match args.format {
        Format::Human => writeln!(
            out,
            "{} {}, {} {}: {} valid, {} invalid ({} {}, {} {})",
            sum.files,
            plural(sum.files, "file", "files"),
            sum.games,
            plural(sum.games, "game", "games"),
            sum.valid,
            sum.invalid,
            sum.errors,
            plural(sum.errors, "error", "errors"),
            sum.warnings,
            plural(sum.warnings, "warning", "warnings"),
        )?,
        Format::Jsonl => {
            serde_json::to_writer(&mut *out, &sum)?;
            out.write_all(b"\n")?;
        }
    }
    Ok(if io_trouble {
        Exit::Trouble
    } else if sum.invalid > 0 || sum.errors > 0 {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}

/// A progress bar on stderr when stderr is a terminal, hidden otherwise.
fn progress(len: Option<u64>) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr());
    let style = match len {
        Some(_) => {
            ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}")
        }
        None => ProgressStyle::with_template("{spinner} {bytes} {bytes_per_sec}"),
    };
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
