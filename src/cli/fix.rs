//! `seega check --fix`: apply the engine's unique suggestions and write the corrected archive.

use std::io::Write;

use miette::GraphicalTheme;
use seega::Encoding;
use seega::archive::check_source;
use seega::notation::LineCol;
use seega::notation::LineIndex;
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::terminal;
use seega::render::wire::{DiagnosticLine, FixLine, FixSummaryLine};
use seega::validate::{Applied, Options, Problem, fix_game};

use super::args::Format;
use super::check::Config;
use super::inputs::{Input, decode, stamp_of};
use super::output::{OutputError, Transaction, commit_rewrites};
use super::{Exit, stdio, trouble};

/// What fixing one input gave: its bytes with the fixed games written in, when any was.
struct Fixed {
    bytes: Option<Vec<u8>>,
    fixed: usize,
    left: usize,
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

    /// The last line.
    fn summary(&self, fixed: usize, left: usize) {
        if self.jsonl {
            let line = FixSummaryLine {
                kind: "fix-summary".into(),
                fixed,
                left,
            };
            json_line(&line);
        } else {
            super::note(format_args!(
                "fixed {fixed} {}; {left} {} still invalid",
                if fixed == 1 { "game" } else { "games" },
                if left == 1 { "game" } else { "games" }
            ));
        }
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
    let source = decode(input, bytes, encoding);
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
    };
    let mut corrected = Vec::with_capacity(bytes.len());
    // Bytes of the input up to here are in `corrected` already.
    let mut cursor = 0;
    for c in check_source(&source, opts) {
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
            }
        }
    }
    if done.fixed > 0 {
        corrected.extend_from_slice(&bytes[cursor..]);
        done.bytes = Some(corrected);
    }
    done
}

/// Runs `seega check --fix`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let opts = config.options;
    let report = Report {
        renderer: Renderer::new(GraphicalTheme::unicode_nocolor(), config.global.width),
        jsonl: config.format == Format::Jsonl,
    };
    let (mut fixed, mut left, mut io_trouble) = (0usize, 0usize, false);
    // Every file fixed is rewritten in one commit, after all were read.
    let mut tx = Transaction::new(Vec::new());
    let mut rewritten = 0usize;
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
                trouble(format_args!("cannot read `{}`: {e}", input.name()));
                io_trouble = true;
                continue;
            }
        };
        if seega::tools::ludii::is_trial(&bytes) {
            // A trial is never corrected (`spec/ludii.md`, T7).
            super::note(format_args!(
                "`{}` is a Ludii trial: --fix leaves it as it is; `seega check` without --fix checks it",
                input.name()
            ));
            if *input == Input::Stdin {
                out.write_all(&bytes)?;
            }
            continue;
        }
        let f = fix_input(input, &bytes, config.sources.encoding, &opts, &report);
        fixed += f.fixed;
        left += f.left;
        match (input, stamp) {
            (Input::Stdin, _) => out.write_all(f.bytes.as_deref().unwrap_or(&bytes))?,
            (Input::File(path), Some(stamp)) => {
                if let Some(new) = &f.bytes {
                    let written = tx.rewrite(path, stamp, compression).and_then(|o| {
                        tx.writer(o).write_all(new).map_err(|e| OutputError {
                            path: path.clone(),
                            why: e.into(),
                        })
                    });
                    match written {
                        Ok(()) => rewritten += 1,
                        Err(e) => {
                            e.report();
                            trouble(format_args!("no file was changed"));
                            return Ok(Exit::Trouble);
                        }
                    }
                }
            }
            (Input::File(_), None) => {}
        }
    }
    if !commit_rewrites(tx, rewritten, io_trouble) {
        return Ok(Exit::Trouble);
    }
    report.summary(fixed, left);
    Ok(if io_trouble {
        Exit::Trouble
    } else if left > 0 {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}
