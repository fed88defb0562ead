//! `seega fmt`: canonical text, to standard output, checked, or rewritten in place.

use std::io::Write;

use seega::notation::BOM;
use seega::notation::writer::WriteOptions;
use seega::notation::{LineIndex, Source};
use seega::render::terminal;
use seega::tools::canonical::{Fixing, Formatted, FormattedGame, format_games};
use seega::validate::{Options, Problem};

use super::args::FmtArgs;
use super::config::Sources;
use super::copy::line_end_of;
use super::inputs::{Input, stamp_of};
use super::output::{OutputError, Transaction, commit_rewrites};
use super::{Exit, trouble};

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
                terminal::escape(&p.message())
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

/// What `fmt` does with each formatted file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Writes it to standard output.
    Print,
    /// Names it when it is not canonical (`--check`).
    Check,
    /// Rewrites it in place (`--in-place`).
    InPlace,
}

/// What `seega fmt` runs with.
pub struct Config {
    /// The archives to format.
    sources: Sources,
    /// How games are checked (captures recorded, under the default rules given).
    check: Options,
    /// How canonical text is laid out.
    write: WriteOptions,
    /// What is set right beside the layout.
    fixing: Fixing,
    mode: Mode,
    /// Whether formatted games are written in UTF-8 whatever the file's encoding.
    to_utf8: bool,
}

impl Config {
    /// The configuration `args` ask for, or `None` (reported) when standard input is to be
    /// rewritten in place.
    pub fn new(args: &FmtArgs) -> Option<Config> {
        let sources = Sources::new(&args.input, args.encoding);
        if args.in_place && sources.reads_stdin() {
            trouble(format_args!(
                "--in-place needs files: standard input cannot be rewritten\n  help: Run `seega fmt` without --in-place to format standard input to standard output."
            ));
            return None;
        }
        Some(Config {
            sources,
            check: args.rules.options(true),
            write: WriteOptions::default()
                .width(args.width.max(1))
                .reorder_tags(true),
            fixing: Fixing {
                results: args.fix_results,
                renumber: args.renumber,
            },
            mode: if args.check {
                Mode::Check
            } else if args.in_place {
                Mode::InPlace
            } else {
                Mode::Print
            },
            to_utf8: args.to_utf8,
        })
    }
}

/// What a run has done so far.
struct Formatting<'c> {
    config: &'c Config,
    exit: Exit,
    /// Whether a file was printed on standard output yet.
    printed: bool,
    /// Results fixed.
    fixed: usize,
    /// Every file rewritten in place, committed at once after all were formatted.
    tx: Transaction,
    rewritten: usize,
}

impl Formatting<'_> {
    /// Formats one input and does with it what the mode says; `Ok(false)` when a file to
    /// rewrite could not be written (reported), which stops the formatting.
    fn input(&mut self, input: &Input, out: &mut impl Write) -> std::io::Result<bool> {
        let config = self.config;
        let name = input.name();
        let (bytes, stamp, compression) = match input.read_whole() {
            Ok(w) => {
                let stamp = stamp_of(&w);
                (w.bytes, stamp, w.compression)
            }
            Err(e) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                self.exit = self.exit.max(Exit::Trouble);
                return Ok(true);
            }
        };
        let (source, kept) = super::inputs::decode_keeping(input, bytes, config.sources.encoding);
        let bytes = kept.as_deref().unwrap_or(source.text().as_bytes());
        let formatted = format_games(&source, &config.check, &config.write, config.fixing);
        for f in &formatted.fixes {
            let who = f
                .outcome
                .winner
                .map_or("draw".to_owned(), |c| format!("{c} wins"));
            super::note(format_args!(
                "`{name}`: game {}: {} ({}, {who})",
                f.game,
                f.changes(),
                f.outcome.termination.as_str()
            ));
        }
        self.fixed += formatted.fixes.len();
        if !formatted.is_complete() {
            report_kept(&name, &source, &formatted);
            self.exit = self.exit.max(Exit::Invalid);
        }
        let formatted = assemble(bytes, &source, &formatted, config.to_utf8);
        let canonical = formatted == bytes;
        match config.mode {
            Mode::Check if !canonical => {
                writeln!(out, "{name}")?;
                self.exit = self.exit.max(Exit::Invalid);
            }
            Mode::Check => {}
            Mode::InPlace => {
                if let (false, Input::File(path), Some(stamp)) = (canonical, input, stamp) {
                    let tx = &mut self.tx;
                    let written = tx.rewrite(path, stamp, compression).and_then(|o| {
                        tx.writer(o).write_all(&formatted).map_err(|e| OutputError {
                            path: path.clone(),
                            why: e.into(),
                        })
                    });
                    if let Err(e) = written {
                        e.report();
                        trouble(format_args!("no file was changed"));
                        return Ok(false);
                    }
                    self.rewritten += 1;
                }
            }
            Mode::Print => {
                if self.printed && !formatted.is_empty() {
                    out.write_all(b"\n")?;
                }
                out.write_all(&formatted)?;
                self.printed |= !formatted.is_empty();
            }
        }
        Ok(true)
    }
}

/// Runs `seega fmt`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let mut formatting = Formatting {
        config,
        exit: Exit::Valid,
        printed: false,
        fixed: 0,
        tx: Transaction::new(Vec::new()),
        rewritten: 0,
    };
    for input in config.sources.resolved() {
        match input {
            Ok(input) => {
                if !formatting.input(input, out)? {
                    return Ok(Exit::Trouble);
                }
            }
            Err((input, e)) => {
                trouble(format_args!("cannot read `{}`: {e}", input.name()));
                formatting.exit = formatting.exit.max(Exit::Trouble);
            }
        }
    }
    let exit = formatting.exit;
    if !commit_rewrites(formatting.tx, formatting.rewritten, exit == Exit::Trouble) {
        return Ok(Exit::Trouble);
    }
    if config.fixing.results {
        let fixed = formatting.fixed;
        let results = if fixed == 1 { "result" } else { "results" };
        if config.mode == Mode::Check {
            super::note(format_args!("{fixed} {results} would be fixed"));
        } else {
            super::note(format_args!("fixed {fixed} {results}"));
        }
    }
    Ok(exit)
}
