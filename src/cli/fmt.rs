//! `seega fmt`: canonical text, to standard output, checked, or rewritten in place.

use std::io::{self, Write};

use seega::notation::BOM;
use seega::notation::writer::WriteOptions;
use seega::notation::{LineIndex, Source};
use seega::render::terminal;
use seega::tools::canonical::{Fixing, Formatted, FormattedGame, format_games_each};
use seega::validate::{Options, Problem};

use super::args::FmtArgs;
use super::config::Sources;
use super::copy::line_end_of;
use super::inputs::{Input, stamp_of};
use super::output::{Transaction, commit_rewrites};
use super::{Exit, trouble};

mod sink;

use sink::{Sink, To};

/// Canonical text (already in the file's encoding) as the file writes text: every line ended
/// as its first line is (LF, CRLF or CR).
fn write_in_style(out: &mut impl Write, end: &[u8], canonical: &[u8]) -> io::Result<()> {
    if end == b"\n" {
        return out.write_all(canonical);
    }
    let mut lines = canonical.split(|&b| b == b'\n').peekable();
    while let Some(line) = lines.next() {
        out.write_all(line.strip_suffix(b"\r").unwrap_or(line))?;
        if lines.peek().is_some() {
            out.write_all(end)?;
        }
    }
    Ok(())
}

/// How a file's games are written back: its own bytes and text, its line end, and whether
/// in UTF-8 whatever its encoding.
struct Style<'a> {
    bytes: &'a [u8],
    source: &'a Source,
    end: &'a [u8],
    to_utf8: bool,
}

impl Style<'_> {
    /// Writes game `k` (from 0) of the formatted file: before the first, its byte-order mark
    /// if it has one; before the others, a blank line; the game in canonical form in the
    /// file's line ends and encoding, or, when it cannot be written so, its own bytes.
    fn game(&self, out: &mut impl Write, k: usize, game: &FormattedGame) -> io::Result<()> {
        if k == 0 && self.bytes.starts_with(BOM) {
            out.write_all(BOM)?;
        }
        if k > 0 {
            out.write_all(self.end)?;
        }
        let canonical = match game {
            FormattedGame::Canonical { text, .. } if self.to_utf8 => {
                return write_in_style(out, self.end, text.as_bytes());
            }
            FormattedGame::Canonical { text, span } => self.source.encoding_of(*span).encode(text),
            FormattedGame::Kept { .. } => None,
        };
        match (game, canonical) {
            (_, Some(text)) => write_in_style(out, self.end, &text),
            (FormattedGame::Canonical { span, .. } | FormattedGame::Kept { span, .. }, None) => {
                let (from, to) = (
                    self.source.byte_offset(span.start),
                    self.source.byte_offset(span.end),
                );
                let own = &self.bytes[from..to];
                out.write_all(own)?;
                if !own.ends_with(b"\n") && !own.ends_with(b"\r") {
                    out.write_all(self.end)?;
                }
                Ok(())
            }
        }
    }
}

/// Names on stderr each game of `name` that was kept as written (`kept`: its number and the
/// problems that kept it), with why.
fn report_kept(name: &str, source: &Source, formatted: &Formatted, kept: &[(usize, Vec<Problem>)]) {
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
    for (index, problems) in kept {
        say(
            format!("`{name}`: game {index} cannot be formatted, so it is kept as written"),
            problems,
        );
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
                strip_variations: args.strip_variations,
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
        let to = match (config.mode, input, stamp) {
            (Mode::InPlace, Input::File(path), Some(stamp)) => To::Rewrite {
                tx: &mut self.tx,
                path,
                stamp,
                compression,
                output: None,
            },
            (Mode::Check | Mode::InPlace, _, _) => To::Check,
            (Mode::Print, _, _) => To::Print {
                out: &mut *out,
                gap: self.printed,
            },
        };
        let mut sink = Sink::new(bytes, to);
        let written = write_formatted(config, &source, bytes, &mut sink);
        if let Some(failed) = sink.failed.take() {
            failed.report();
            trouble(format_args!("no file was changed"));
            return Ok(false);
        }
        let (formatted, kept_games, canonical) = written?;
        self.printed |= sink.wrote() && config.mode == Mode::Print;
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
        if !formatted.outside.is_empty() || !kept_games.is_empty() {
            report_kept(&name, &source, &formatted, &kept_games);
            self.exit = self.exit.max(Exit::Invalid);
        }
        match config.mode {
            Mode::Check if !canonical => {
                writeln!(out, "{name}")?;
                self.exit = self.exit.max(Exit::Invalid);
            }
            Mode::InPlace if !canonical => self.rewritten += 1,
            Mode::Check | Mode::InPlace | Mode::Print => {}
        }
        Ok(true)
    }
}

/// The games kept as written: each one's number and the problems that kept it.
type KeptGames = Vec<(usize, Vec<Problem>)>;

/// Formats the file of `source` (its bytes `bytes`) into `sink`, each game written as soon as
/// it is formatted (a file of no game is its own bytes); with what was fixed, the games kept
/// as written and whether the file was in canonical form already.
fn write_formatted(
    config: &Config,
    source: &Source,
    bytes: &[u8],
    sink: &mut Sink<'_>,
) -> io::Result<(Formatted, KeptGames, bool)> {
    let style = Style {
        bytes,
        source,
        end: line_end_of(bytes),
        to_utf8: config.to_utf8,
    };
    let (mut games, mut kept) = (0, Vec::new());
    let mut each = |g: FormattedGame| {
        if let FormattedGame::Kept {
            index, problems, ..
        } = &g
        {
            kept.push((*index, problems.clone()));
        }
        games += 1;
        style.game(sink, games - 1, &g)
    };
    let (check, write) = (&config.check, &config.write);
    let formatted = format_games_each(source, check, write, config.fixing, &mut each)?;
    if games == 0 {
        sink.write_all(bytes)?;
    }
    let canonical = sink.canonical()?;
    Ok((formatted, kept, canonical))
}

/// What `seega fmt` writes for a UTF-8 file of `text` at its default width: each game in
/// canonical form, or as written when it cannot be, a blank line apart, in the file's line ends;
/// with each game as formatted (its span in `text`) and the results set (`fixing.results`).
/// `seega lsp` formats documents with it.
pub fn format_text(
    text: &str,
    check: &Options,
    fixing: Fixing,
) -> (String, Vec<FormattedGame>, Formatted) {
    let source = Source::from_text(text);
    let bytes = text.as_bytes();
    let style = Style {
        bytes,
        source: &source,
        end: line_end_of(bytes),
        to_utf8: false,
    };
    let write = WriteOptions::default().width(80).reorder_tags(true);
    let check = check.record(true);
    let (mut out, mut games) = (Vec::new(), Vec::new());
    let mut each = |g: FormattedGame| {
        style.game(&mut out, games.len(), &g)?;
        games.push(g);
        Ok::<(), io::Error>(())
    };
    // Writing into a `Vec` cannot fail.
    let formatted =
        format_games_each(&source, &check, &write, fixing, &mut each).unwrap_or_default();
    if games.is_empty() {
        out = bytes.to_vec();
    }
    let out = String::from_utf8(out).unwrap_or_else(|_| text.to_owned());
    (out, games, formatted)
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
