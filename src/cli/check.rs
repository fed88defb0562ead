//! `seega check`: replay every game and report what is wrong.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use miette::GraphicalTheme;
use seega::archive::report::Report;
use seega::archive::stream::{Placed, check_stream_reported};
use seega::render::diagnostic::Renderer;
use seega::render::file_report::{FileReport, Style};
use seega::render::wire::{InputErrorLine, SummaryLine};

use super::args::{CheckArgs, Format};
use super::inputs::{Input, resolve_inputs, tell_switch};
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
    let mut unreadable = |out: &mut dyn Write, input: &Input, e: &dyn std::fmt::Display| {
        let message = format!("cannot read `{}`: {e}", input.name());
        trouble(format_args!("{message}"));
        io_trouble = true;
        if args.format == Format::Jsonl {
            let line = InputErrorLine::new(&input.json_name(), message);
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        }
        std::io::Result::Ok(())
    };
    let jobs = threads(args.jobs);
    for input in resolve_inputs(&args.paths) {
        let input = match input {
            Ok(i) => i,
            Err((input, e)) => {
                unreadable(out, &input, &e)?;
                continue;
            }
        };
        let name = input.name();
        let json_name = input.json_name();
        let (reader, len, switched) = match input.open_in(args.encoding) {
            Ok(r) => r,
            Err(e) => {
                unreadable(out, &input, &e)?;
                continue;
            }
        };
        sum.files += 1;
        if input == Input::Stdin && std::io::stdin().is_terminal() {
            super::note(format_args!(
                "reading games from standard input (end with Ctrl-D); `seega check --help` says more"
            ));
        }
        let report = FileReport {
            style: match args.format {
                Format::Human => Style::Human(Box::new(renderer.clone())),
                Format::Short => Style::Short,
                Format::Jsonl => Style::Jsonl,
            },
            name: &name,
            json_name: &json_name,
        };
        let report = (!args.quiet).then_some(&report as &dyn Report);
        let mut bar = Progress::new(len);
        let result = check_stream_reported(reader, &opts, jobs, report, &mut |placed: Placed| {
            let c = &placed.checked;
            bar.inc(c.bytes as u64);
            sum.games += c.games;
            sum.valid += c.valid;
            sum.invalid += c.games - c.valid;
            sum.errors += c.errors;
            sum.warnings += c.warnings;
            out.write_all(&placed.report)
        });
        bar.bar.finish_and_clear();
        let line = switched.load(std::sync::atomic::Ordering::Relaxed);
        if line > 0 {
            tell_switch(&input, line);
        }
        if let Err(e) = result {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return Err(e);
            }
            unreadable(out, &input, &e)?;
        }
    }
    match args.format {
        Format::Human | Format::Short => writeln!(
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

/// How long a run goes before its progress bar appears: a quick run shows none.
const PROGRESS_AFTER: Duration = Duration::from_secs(1);

/// A progress bar on stderr, shown when stderr is a terminal and the run has lasted
/// [`PROGRESS_AFTER`].
struct Progress {
    bar: ProgressBar,
    /// When the bar may appear; `None` once it has, or when it never will.
    pending: Option<Instant>,
}

impl Progress {
    fn new(len: Option<u64>) -> Progress {
        let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden());
        let style = match len {
            Some(_) => ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
            ),
            None => ProgressStyle::with_template("{spinner} {bytes} {bytes_per_sec}"),
        };
        if let Ok(style) = style {
            bar.set_style(style);
        }
        let pending = std::io::stderr().is_terminal().then(Instant::now);
        Progress { bar, pending }
    }

    fn inc(&mut self, bytes: u64) {
        self.bar.inc(bytes);
        if self.pending.is_some_and(|t| t.elapsed() >= PROGRESS_AFTER) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.pending = None;
        }
    }
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
