//! `seega check`: replay every game and report what is wrong.

mod print;

use std::io::{IsTerminal, Read, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use seega::archive::report::Report;
use seega::archive::stream::{Placed, check_stream_reported};
use seega::render::file_report::FileReport;
use seega::render::wire::SummaryLine;
use seega::tools::ludii;
use seega::validate::Options;

use super::args::{CheckArgs, Format};
use super::config::{Global, Sources};
use super::convert::read_trial;
use super::inputs::{Input, peek, read_in, tell_switch};
use super::{Exit, trouble};
use print::DiagnosticPrinter;

/// What `seega check` runs with.
pub struct Config {
    /// The archives to check.
    pub sources: Sources,
    /// The rules of games without a Rules tag.
    pub options: Options,
    /// Threads checking games.
    pub jobs: usize,
    /// The output format.
    pub format: Format,
    /// Whether to print only the summary.
    pub quiet: bool,
    /// Whether to correct the games (`--fix`) instead.
    pub fix: bool,
    /// Colour and width.
    pub global: Global,
    /// Whether `--rules` was given, without `--force-rules`: a run then says once if Rules
    /// tags overrode it.
    pub rules_given: bool,
}

impl Config {
    /// The configuration `args` ask for.
    pub fn new(args: &CheckArgs, global: &Global) -> Config {
        Config {
            sources: Sources::new(&args.input, args.encoding),
            options: args.rules.options(false),
            jobs: args.jobs.threads(),
            format: args.format,
            quiet: args.quiet,
            fix: args.fix,
            global: *global,
            rules_given: args.rules.may_lose_to_tags(),
        }
    }
}

/// What a run has found so far.
struct Checking<'a> {
    config: &'a Config,
    printer: Box<dyn DiagnosticPrinter>,
    sum: SummaryLine,
    /// Games whose Rules tag won over the default rules.
    tag_ruled: usize,
    /// Whether an input could not be read.
    io_trouble: bool,
}

impl Checking<'_> {
    /// An input that cannot be read: said on stderr, and by the printer.
    fn unreadable(
        &mut self,
        out: &mut dyn Write,
        input: &Input,
        e: &dyn std::fmt::Display,
    ) -> std::io::Result<()> {
        let message = format!("cannot read `{}`: {e}", input.name());
        trouble(format_args!("{message}"));
        self.io_trouble = true;
        self.printer.unreadable(out, input, &message)
    }

    /// Checks one input, streaming, and prints what it finds.
    fn input(&mut self, out: &mut dyn Write, input: &Input) -> std::io::Result<()> {
        let config = self.config;
        let name = input.name();
        let json_name = input.json_name();
        if *input == Input::Stdin && std::io::stdin().is_terminal() {
            super::note(format_args!(
                "reading games from standard input (end with Ctrl-D); `seega check --help` says more"
            ));
        }
        let (raw, len) = match input.open() {
            Ok(r) => r,
            Err(e) => return self.unreadable(out, input, &e),
        };
        let (trial, raw) = match peek(raw) {
            Ok((head, raw)) => (ludii::is_trial(&head), raw),
            Err(e) => return self.unreadable(out, input, &e),
        };
        self.sum.files += 1;
        let report = FileReport {
            style: self.printer.style(),
            name: &name,
            json_name: &json_name,
        };
        if trial {
            return self.trial(out, input, raw, &report);
        }
        let (reader, switched) = read_in(raw, config.sources.encoding);
        let report = (!config.quiet).then_some(&report as &dyn Report);
        let mut bar = Progress::new(len);
        let (sum, tag_ruled) = (&mut self.sum, &mut self.tag_ruled);
        let result = check_stream_reported(
            reader,
            &config.options,
            config.jobs,
            report,
            &mut |placed: Placed| {
                bar.inc(placed.checked.bytes as u64);
                placed.checked.count_into(sum);
                *tag_ruled += placed.checked.tag_ruled;
                out.write_all(&placed.report)
            },
        );
        bar.bar.finish_and_clear();
        let line = switched.load(std::sync::atomic::Ordering::Relaxed);
        if line > 0 {
            tell_switch(input, line);
        }
        match result {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(e),
            Err(e) => self.unreadable(out, input, &e),
            Ok(()) => Ok(()),
        }
    }
}

impl Checking<'_> {
    /// Checks a Ludii trial as one game (`spec/ludii.md`, T7) and prints what it finds.
    fn trial(
        &mut self,
        out: &mut dyn Write,
        input: &Input,
        reader: impl Read,
        report: &FileReport<'_>,
    ) -> std::io::Result<()> {
        let Some(source) = read_trial(input, reader, self.config.sources.encoding) else {
            self.io_trouble = true;
            return Ok(());
        };
        let checked = ludii::check(source.text());
        checked.count_into(&mut self.sum);
        if self.config.quiet {
            return Ok(());
        }
        let mut bytes = Vec::new();
        report.report(&checked.problems, source.text(), 0, &mut bytes);
        out.write_all(&bytes)
    }
}

/// Runs `seega check`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    if config.fix {
        return super::fix::run(config, out);
    }
    let mut checking = Checking {
        config,
        printer: print::diagnostic_printer(config.format, &config.global),
        sum: SummaryLine {
            kind: "summary".into(),
            ..SummaryLine::default()
        },
        tag_ruled: 0,
        io_trouble: false,
    };
    for input in config.sources.resolved() {
        match input {
            Ok(input) => checking.input(out, input)?,
            Err((input, e)) => checking.unreadable(out, input, e)?,
        }
    }
    // When no input could be read, the errors say so; a summary of no games on stdout would
    // read as an empty archive checked (JSON Lines keeps its summary: a program reads it).
    let none_read = checking.sum.files == 0 && checking.io_trouble;
    if !none_read || config.format == Format::Jsonl {
        checking.printer.summary(out, &checking.sum)?;
    }
    if config.rules_given {
        super::rules_note(checking.tag_ruled);
    }
    let sum = &checking.sum;
    Ok(if checking.io_trouble {
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
