//! The problems of a chunk of a file written as `seega check` writes them: graphical reports,
//! short lines or JSON Lines. It runs on the worker threads ([`crate::archive::report`]).

use std::io::Write;

use super::diagnostic::{NamedText, Renderer};
use super::terminal;
use super::wire::{DiagnosticLine, FileName};
use crate::archive::report::Report;
use crate::notation::LineIndex;
use crate::validate::Problem;

/// How each problem is written.
#[derive(Debug, Clone)]
pub enum Style {
    /// A miette graphical report.
    Human(Renderer),
    /// `file:line:column: severity[code]: message`.
    Short,
    /// A JSON object on a line of its own ([`DiagnosticLine`]).
    Jsonl,
}

/// The problems of one file, in a [`Style`].
#[derive(Debug, Clone)]
pub struct FileReport<'a> {
    /// How each problem is written.
    pub style: Style,
    /// The file's name for people (escaped when shown).
    pub name: &'a str,
    /// The file's name in JSON.
    pub json_name: &'a FileName,
}

impl Report for FileReport<'_> {
    fn report(&self, problems: &[Problem], text: &str, first_line: usize, out: &mut Vec<u8>) {
        let lines = LineIndex::with_base(text, first_line);
        for p in problems {
            self.write(p, text, &lines, out);
        }
    }
}

impl FileReport<'_> {
    /// Appends one problem of `text`, whose lines `lines` numbers as in the file.
    fn write(&self, p: &Problem, text: &str, lines: &LineIndex, out: &mut Vec<u8>) {
        // Writing into a `Vec` cannot fail, nor can serialising a `DiagnosticLine`.
        let _ = match &self.style {
            Style::Human(renderer) => {
                let named = NamedText {
                    name: self.name,
                    text,
                    lines,
                };
                out.write_all(renderer.render(p, named).as_bytes())
            }
            Style::Short => {
                let at = lines.line_col(text, p.span.start);
                writeln!(
                    out,
                    "{}:{}:{}: {}[{}]: {}",
                    self.name,
                    at.line,
                    at.column,
                    if p.is_error() { "error" } else { "warning" },
                    p.code,
                    terminal::escape(&p.message)
                )
            }
            Style::Jsonl => {
                let line = DiagnosticLine::new(p, "", text, lines).in_file(self.json_name);
                serde_json::to_writer(&mut *out, &line)
                    .map_err(std::io::Error::from)
                    .and_then(|()| out.write_all(b"\n"))
            }
        };
    }
}
