//! The command line, the only place that prints: clap arguments ([`args`]) → a validated
//! configuration (each command's `Config`, from [`config`]'s shared parts) → a run → a printer
//! per output format.
//!
//! # Inside
//!
//! the only code that prints, in four layers: arguments → a configuration → a run → a printer.
//! `args`: what clap sees, with the groups several commands share flattened (`args/shared.rs`:
//! inputs, encoding, `--rules`, `--jobs`, and the game and position of `show` and `moves`,
//! `GameArgs` and `PositionArgs`; a command that words one otherwise gives it its own help with
//! `help_of`, leaving the order as it is) and their value parsers, so `--rules` is read once into a
//! `Ruleset` or `RulesChoice` (a ruleset or `auto`) and a bad value is refused by clap in the
//! ruleset's own words. `config`: what every command shares (`Global`: colour and width; `Sources`:
//! the inputs resolved once, their encoding and stamps). Each command (`check`, `fix`, `convert`,
//! `show`, `moves`, `fmt`, `explain`, `stats`, `select`, `dedupe`, `split`, `generate`;
//! `completions` and `man` in `mod`) builds its own `Config` from its arguments, refusing there
//! what cannot run, and its `run` takes only that. Output formats are printers: `check/print.rs`
//! (`DiagnosticPrinter`: human, short, jsonl; a problem's `Style`, which `render::file_report`
//! writes on the workers), `convert/print.rs` (`GamePrinter`: sgn, json, jsonl, and
//! `convert/parquet.rs`'s `ParquetSink` for parquet and parquet-turns, which takes the rows the
//! workers filled, or game objects read from JSON, and hands each row group to the threads of
//! `convert/parquet/encode.rs`; its rows are the library's, `seega::table`).
//! `split` cuts one input with `copy`'s pieces and writes the parts and `parts.jsonl` as one
//! transaction, finishing each part before the next. Beside them: what the command says of its
//! inputs (`inputs`: the Windows-1252 note of `--encoding auto`, the files' stamps; opening,
//! decompressing and walking are `seega::input`'s), the choice of a game and its positions or of a
//! position string that `show` and `moves` share, with their words for what is not there (`pick`),
//! the one writer of files (`output`: transactions; `output/target.rs`: links, special files and
//! refusals; `output/temp.rs`: temporary names, signals, leftovers), games copied byte for byte
//! (`copy`: a file cut into one piece per game, written back with its own line ends and byte-order
//! mark) and the standard streams (`stdio`). `check` streams each input through
//! `check_stream_reported` and writes the reports the workers rendered (progress bar on stderr only
//! when stderr is a terminal); `generate` makes batches of games on every core and writes them in
//! order.

mod args;
mod check;
mod config;
mod convert;
mod copy;
mod dedupe;
mod explain;
mod fix;
mod fmt;
mod generate;
mod inputs;
mod lsp;
mod man;
mod moves;
mod output;
mod pick;
mod select;
mod show;
mod split;
mod stats;
mod stdio;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};
use config::Global;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Everything checked is valid (warnings allowed).
    Valid = 0,
    /// Some game is invalid, or some file is not canonical.
    Invalid = 1,
    /// Usage or I/O trouble.
    Trouble = 2,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// Usage errors that have a better way to say what was meant: what clap's message holds, and
/// the help.
const USAGE_HELP: &[(&str, &str)] = &[(
    "'--svg' cannot be used with '--all'",
    "`--svg-dir DIR` writes an SVG diagram of every position of the game into DIR.",
)];

/// Parses the command line, runs the command and returns its exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            // Usage errors look like every other error of seega's: `seega: error: …`.
            let text = e.render().to_string();
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            stdio::raw(stdio::visibly(&format!("seega: error: {text}")).as_bytes());
            if let Some((_, help)) = USAGE_HELP.iter().find(|(k, _)| text.contains(k)) {
                stdio::line(format_args!("  help: {help}"));
            }
            return Exit::Trouble.into();
        }
        Err(e) => {
            // --help and --version.
            let _ = e.print();
            return Exit::Valid.into();
        }
    };
    output::remove_on_signal();
    if let Some(exit) = stdout_is_an_input(&cli.command) {
        return exit.into();
    }
    let global = Global::new(cli.color);
    let stdout = std::io::stdout();
    let mut out = stdio::Quiet(std::io::BufWriter::with_capacity(1 << 16, stdout.lock()));
    let result = if copies_archive_text(&cli.command) && std::io::stdout().is_terminal() {
        let mut shown = stdio::Visible::new(&mut out);
        let result = run(cli.command, &global, &mut shown);
        result.and_then(|exit| shown.flush().map(|_| exit))
    } else {
        run(cli.command, &global, &mut out)
    };
    let result = result.and_then(|exit| out.flush().map(|_| exit));
    match result {
        Ok(exit) => exit.into(),
        Err(e) => {
            trouble(format_args!("cannot write standard output: {e}"));
            Exit::Trouble.into()
        }
    }
}

/// Whether `command` copies archive text to standard output, which a terminal is then shown
/// visibly ([`stdio::Visible`]); the other commands escape what they print themselves.
fn copies_archive_text(command: &Command) -> bool {
    match command {
        Command::Fmt(_) | Command::Select(_) | Command::Dedupe(_) | Command::Convert(_) => true,
        Command::Check(args) => args.fix,
        _ => false,
    }
}

/// Builds the command's configuration from its arguments and runs it.
fn run(command: Command, global: &Global, out: &mut impl Write) -> std::io::Result<Exit> {
    match command {
        Command::Check(args) => check::run(&check::Config::new(&args, global), out),
        Command::Convert(args) => convert::run(&convert::Config::new(&args), out),
        Command::Stats(args) => stats::run(&stats::Config::new(&args), out),
        Command::Dedupe(args) => dedupe::run(&dedupe::Config::new(&args), out),
        Command::Split(args) => split::run(&split::Config::new(&args)),
        Command::Select(args) => valid(select::Config::new(&args), |c| select::run(c, out)),
        Command::Show(args) => valid(show::Config::new(&args), |c| show::run(c, out)),
        Command::Moves(args) => moves::run(&moves::Config::new(&args), out),
        Command::Fmt(args) => valid(fmt::Config::new(&args), |c| fmt::run(c, out)),
        Command::Generate(args) => valid(generate::Config::new(&args), |c| generate::run(c, out)),
        Command::Explain(args) => explain::run(&args, global, out),
        Command::Man(args) => man::run(&args, out),
        Command::Lsp(args) => lsp::run(&args, out),
        Command::Completions(args) => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(args.shell, &mut cmd, "seega", out);
            Ok(Exit::Valid)
        }
    }
}

/// Runs `run` on a configuration that could be built; one that could not was reported, and
/// the run ends in trouble.
fn valid<C>(
    config: Option<C>,
    run: impl FnOnce(&C) -> std::io::Result<Exit>,
) -> std::io::Result<Exit> {
    config.map_or(Ok(Exit::Trouble), |c| run(&c))
}

/// Refuses a run whose standard output is one of its inputs (`seega convert g.sgn >> g.sgn`
/// would read what it writes until the disk is full), as `cat` does.
fn stdout_is_an_input(command: &Command) -> Option<Exit> {
    let paths = command.inputs()?;
    let out = std::fs::metadata("/dev/stdout")
        .ok()
        .filter(|m| m.is_file())?;
    let out = output::Stamp::of(&out);
    let input = inputs::resolve(&paths)
        .into_iter()
        .flatten()
        .find(|i| inputs::stamp(i).is_some_and(|s| s.same_file(&out)))?;
    trouble(format_args!(
        "standard output is `{}`, an input of this run\n  help: Write the output to another file: seega would read what it writes.",
        input.name()
    ));
    Some(Exit::Trouble)
}

/// Reports a problem with the run itself (not with a game) on stderr.
pub fn trouble(message: std::fmt::Arguments<'_>) {
    stdio::line(format_args!("seega: error: {message}"));
}

/// Tells something about the run on stderr.
pub fn note(message: std::fmt::Arguments<'_>) {
    stdio::line(format_args!("seega: note: {message}"));
}

/// Says once, when `n` games had their Rules tag win over a `--rules` that was given, that it
/// did and how to make `--rules` win (`--force-rules`); nothing when `n` is 0.
pub fn rules_note(n: usize) {
    if n > 0 {
        note(format_args!(
            "{n} {} named other rules in a Rules tag, which {} over --rules; --force-rules applies --rules to every game",
            if n == 1 { "game" } else { "games" },
            if n == 1 { "wins" } else { "win" },
        ));
    }
}

/// [`rules_note`] for a command that shows one game (`show`, `moves`): said when `tagged`.
pub fn rules_note_of_the_game(tagged: bool) {
    if tagged {
        note(format_args!(
            "the game's Rules tag names other rules, which win over --rules; --force-rules applies --rules to it"
        ));
    }
}

/// A path as a person reads it in a message: controls and bytes that are not UTF-8 shown
/// visibly (see [`seega::render::terminal::path`]).
pub fn shown(path: &std::path::Path) -> String {
    seega::render::terminal::path(path)
}
