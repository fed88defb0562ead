//! `seega check --fix`: apply the engine's unique suggestions and write the corrected archive.

use std::io::Write;

use miette::GraphicalTheme;
use seega::Encoding;
use seega::archive::{check_source, outside_problems};
use seega::input::compress::Compression;
use seega::notation::LineCol;
use seega::notation::LineIndex;
use seega::notation::Source;
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::terminal;
use seega::render::wire::{
    DiagnosticLine, EncodingSwitchLine, FileName, FixLine, FixSummaryLine, InputErrorLine,
};
use seega::tools::ludii;
use seega::validate::{Applied, Options, Problem, fix_game};

use super::args::Format;
use super::check::Config;
use super::inputs::{Input, stamp_of, tell_switch};
use super::output::{OutputError, Stamp, Transaction};
use super::{Exit, stdio, trouble};

/// What fixing one input gave: its bytes with the fixed games written in, when any was.
struct Fixed {
    bytes: Option<Vec<u8>>,
    fixed: usize,
    left: usize,
    /// The errors reported, of the games left and of no game.
    errors: usize,
    /// The errors of no game (bytes that are not UTF-8 in a text of only comments).
    outside: usize,
}

/// Writes `value` as one line of JSON on standard error, where `--format jsonl` reports.
fn json_line(value: &impl serde::Serialize) {
    if let Ok(json) = seega::render::json_text::to_string(value) {
        stdio::line(format_args!("{json}"));
    }
}

/// How fixes and what is left are reported on standard error.
struct Report {
    renderer: Renderer,
    /// JSON Lines (`--format jsonl`) instead of text.
    jsonl: bool,
}

impl Report {
    /// One fix, at `at` in the file.
    fn fix(&self, input: &Input, game: usize, at: LineCol, fix: &Applied) {
        if self.jsonl {
            let line = FixLine {
                kind: "fix".into(),
                file: input.json_name(),
                game,
                line: at.line,
                column: at.column,
                old: fix.old.clone(),
                new: fix.new.clone(),
            };
            json_line(&line);
        } else {
            stdio::line(format_args!(
                "{}:{}:{}: game {game}: `{}` → `{}`",
                input.name(),
                at.line,
                at.column,
                terminal::escape(&fix.old),
                terminal::escape(&fix.new)
            ));
        }
    }

    /// An error left in a game that could not be fixed.
    fn left(&self, input: &Input, p: &Problem, named: NamedText<'_>) {
        if self.jsonl {
            let line =
                DiagnosticLine::new(p, "", named.text, named.lines).in_file(&input.json_name());
            json_line(&line);
        } else {
            stdio::raw(self.renderer.render(p, named).as_bytes());
        }
    }

    /// The text of `input`'s `bytes` in `encoding`; when `--encoding auto` switched to
    /// Windows-1252 part way, says so on stderr, as `check` does, or as an `encoding-switch`
    /// line.
    fn decode(&self, input: &Input, bytes: &[u8], encoding: Encoding) -> Source {
        let (source, switched) = Source::decode(bytes, encoding);
        match switched {
            Some(line) if self.jsonl => json_line(&EncodingSwitchLine {
                kind: "encoding-switch".into(),
                file: input.json_name(),
                line,
            }),
            Some(line) => tell_switch(input, line),
            None => {}
        }
        source
    }

    /// An input that cannot be read, said as `check` says it: on stderr, or as its
    /// `input-error` line.
    fn unreadable(&self, input: &Input, message: &str) {
        if self.jsonl {
            json_line(&InputErrorLine::new(&input.json_name(), message.to_owned()));
        } else {
            trouble(format_args!("{message}"));
        }
    }

    /// A file that cannot be rewritten: its error and help on stderr, or its `input-error`
    /// line.
    fn unwritable(&self, e: &OutputError) {
        if self.jsonl {
            let message = format!(
                "cannot write `{}`: {}",
                super::shown(&e.path),
                e.why.message()
            );
            json_line(&InputErrorLine::new(&FileName::of(&e.path), message));
        } else {
            e.report();
        }
    }

    /// Says on stderr that no file was changed, because an input could not be read when
    /// `unread`; in text only, as the JSON summary says it by its `written`.
    fn unchanged(&self, unread: bool) {
        if !self.jsonl {
            let why = if unread {
                "an input could not be read, so "
            } else {
                ""
            };
            trouble(format_args!("{why}no file was changed"));
        }
    }

    /// The last line: `sum`, of which `outside` errors belong to no game.
    fn summary(&self, sum: &FixSummaryLine, outside: usize) {
        if self.jsonl {
            json_line(sum);
            return;
        }
        let games = |n: usize| if n == 1 { "game" } else { "games" };
        let unwritten = if sum.written < sum.fixed {
            format!(", {} written (no file was changed)", sum.written)
        } else {
            String::new()
        };
        let outside = match outside {
            0 => String::new(),
            1 => "; 1 error outside any game".to_owned(),
            n => format!("; {n} errors outside any game"),
        };
        super::note(format_args!(
            "fixed {} {}{unwritten}; {} {} still invalid{outside}",
            sum.fixed,
            games(sum.fixed),
            sum.left,
            games(sum.left)
        ));
    }
}

/// Fixes the games of one input, reporting on stderr what was changed and what is left.
fn fix_input(
    input: &Input,
    bytes: &[u8],
    encoding: Encoding,
    opts: &Options,
    report: &Report,
) -> Fixed {
    let name = &input.name();
    let source = report.decode(input, bytes, encoding);
    let text = source.text();
    let lines = LineIndex::new(text);
    let named = NamedText {
        name,
        text,
        lines: &lines,
    };
    let mut done = Fixed {
        bytes: None,
        fixed: 0,
        left: 0,
        errors: 0,
        outside: 0,
    };
    let mut corrected = Vec::with_capacity(bytes.len());
    // Bytes of the input up to here are in `corrected` already.
    let mut cursor = 0;
    let mut any = false;
    for c in check_source(&source, opts) {
        any = true;
        if c.verdict.is_valid() {
            continue;
        }
        let span = c.game.span;
        // A game holding bytes that are not UTF-8 is left as it is: its text has U+FFFD where
        // they stood, and writing it would lose them.
        let clean = !source.holds_invalid(span);
        let f = fix_game(span.of(text), c.index, opts);
        // The fixed game in the encoding it was read in, when it is fixed and can be written.
        let written = (clean && f.complete && !f.applied.is_empty())
            .then(|| source.encoding_of(span).encode(&f.text))
            .flatten();
        if let Some(written) = written {
            let (start, end) = (source.byte_offset(span.start), source.byte_offset(span.end));
            corrected.extend_from_slice(&bytes[cursor..start]);
            corrected.extend_from_slice(&written);
            cursor = end;
            done.fixed += 1;
            for fix in &f.applied {
                report.fix(
                    input,
                    c.index,
                    lines.line_col(text, span.start + fix.at),
                    fix,
                );
            }
        } else {
            done.left += 1;
            for p in c.verdict.problems.iter().filter(|p| p.is_error()) {
                report.left(input, p, named);
                done.errors += 1;
            }
        }
    }
    if !any {
        // A text of no game is never rewritten; bytes in it that are not UTF-8 are reported as
        // `check` reports them, at game 0.
        for p in outside_problems(&source).iter().filter(|p| p.is_error()) {
            report.left(input, p, named);
            done.errors += 1;
            done.outside += 1;
        }
    }
    if done.fixed > 0 {
        corrected.extend_from_slice(&bytes[cursor..]);
        done.bytes = Some(corrected);
    }
    done
}

/// What a run has done so far.
struct Fixing<'a> {
    config: &'a Config,
    report: Report,
    /// Every file fixed is rewritten in one commit, after all were read.
    tx: Transaction,
    /// The files to rewrite at the commit.
    rewritten: usize,
    /// The games fixed in them, written once the commit is.
    pending: usize,
    /// The summary, `written` counting the games written to standard output until the commit.
    sum: FixSummaryLine,
    /// The errors of `sum.errors` that belong to no game.
    outside: usize,
    /// Whether an input could not be read.
    io_trouble: bool,
}

impl Fixing<'_> {
    /// Counts what fixing an input gave.
    fn count(&mut self, f: &Fixed) {
        self.sum.fixed += f.fixed;
        self.sum.left += f.left;
        self.sum.errors += f.errors;
        self.outside += f.outside;
    }

    /// A Ludii trial, which is never corrected (`spec/ludii.md`, T7): checked as `check` checks
    /// it, its errors reported as those of a game that stays invalid.
    fn trial(&mut self, input: &Input, bytes: &[u8]) {
        let source = (self.report).decode(input, bytes, self.config.sources.encoding);
        let text = source.text();
        if !self.report.jsonl {
            super::note(format_args!(
                "`{}` is a Ludii trial: --fix leaves it as it is",
                input.name()
            ));
        }
        let checked = ludii::check(text);
        let lines = LineIndex::new(text);
        let named = NamedText {
            name: &input.name(),
            text,
            lines: &lines,
        };
        for p in checked.problems.iter().filter(|p| p.is_error()) {
            self.report.left(input, p, named);
            self.sum.errors += 1;
        }
        self.sum.left += usize::from(!checked.is_valid());
    }

    /// Adds the rewrite of `path` with `new`, read with `stamp` in `compression`, to the
    /// commit.
    fn rewrite(
        &mut self,
        path: &std::path::Path,
        stamp: Stamp,
        compression: Option<Compression>,
        new: &[u8],
    ) -> Result<(), OutputError> {
        let o = self.tx.rewrite(path, stamp, compression)?;
        self.tx.writer(o).write_all(new).map_err(|e| OutputError {
            path: path.to_path_buf(),
            why: e.into(),
        })?;
        self.rewritten += 1;
        Ok(())
    }

    /// Commits the rewrites, unless an input could not be read; writes the summary and gives
    /// the exit status.
    fn finish(mut self) -> Exit {
        let mut trouble = self.io_trouble;
        if self.rewritten > 0 {
            if self.io_trouble {
                self.report.unchanged(true);
            } else {
                match self.tx.commit() {
                    Ok(()) => self.sum.written += self.pending,
                    Err(e) => {
                        self.report.unwritable(&e);
                        self.report.unchanged(false);
                        trouble = true;
                    }
                }
            }
        }
        self.report.summary(&self.sum, self.outside);
        if trouble {
            Exit::Trouble
        } else if self.sum.left > 0 || self.sum.errors > 0 {
            Exit::Invalid
        } else {
            Exit::Valid
        }
    }
}

/// Runs `seega check --fix`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let mut run = Fixing {
        config,
        report: Report {
            renderer: Renderer::new(GraphicalTheme::unicode_nocolor(), config.global.width),
            jsonl: config.format == Format::Jsonl,
        },
        tx: Transaction::new(Vec::new()),
        rewritten: 0,
        pending: 0,
        sum: FixSummaryLine {
            kind: "fix-summary".into(),
            ..FixSummaryLine::default()
        },
        outside: 0,
        io_trouble: false,
    };
    for input in config.sources.resolved() {
        let read = match input {
            Ok(i) => i
                .read_whole()
                .map(|r| (i, r))
                .map_err(|e| (i, e.to_string())),
            Err((i, e)) => Err((i, e.to_string())),
        };
        let (input, bytes, stamp, compression) = match read {
            Ok((input, w)) => {
                let stamp = stamp_of(&w);
                (input, w.bytes, stamp, w.compression)
            }
            Err((input, e)) => {
                run.report
                    .unreadable(input, &format!("cannot read `{}`: {e}", input.name()));
                run.io_trouble = true;
                continue;
            }
        };
        if ludii::is_trial(&bytes) {
            run.trial(input, &bytes);
            if *input == Input::Stdin {
                out.write_all(&bytes)?;
            }
            continue;
        }
        let f = fix_input(
            input,
            &bytes,
            config.sources.encoding,
            &config.options,
            &run.report,
        );
        run.count(&f);
        match (input, stamp) {
            (Input::Stdin, _) => {
                out.write_all(f.bytes.as_deref().unwrap_or(&bytes))?;
                run.sum.written += f.fixed;
            }
            (Input::File(path), Some(stamp)) => {
                if let Some(new) = &f.bytes {
                    if let Err(e) = run.rewrite(path, stamp, compression, new) {
                        // A file that cannot be rewritten stops the run before any is.
                        run.report.unwritable(&e);
                        run.report.unchanged(false);
                        run.report.summary(&run.sum, run.outside);
                        return Ok(Exit::Trouble);
                    }
                    run.pending += f.fixed;
                }
            }
            (Input::File(_), None) => {}
        }
    }
    Ok(run.finish())
}
