//! `check`'s printers, one per `--format`: what each prints for a problem, an input that cannot
//! be read, and the summary.

use std::io::Write;

use miette::GraphicalTheme;
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::terminal;
use seega::render::wire::{DiagnosticLine, FileName, InputErrorLine, SummaryLine};
use seega::validate::Problem;

use super::super::args::Format;
use super::super::config::Global;
use super::super::inputs::Input;

/// What `check` prints on standard output.
pub trait DiagnosticPrinter {
    /// One problem of the file `named`, which JSON names `json_name`.
    fn problem(
        &self,
        out: &mut dyn Write,
        p: &Problem,
        named: NamedText<'_>,
        json_name: &FileName,
    ) -> std::io::Result<()>;

    /// An input that cannot be read, said on stderr already as `message`: by default nothing
    /// more.
    fn unreadable(
        &self,
        _out: &mut dyn Write,
        _input: &Input,
        _message: &str,
    ) -> std::io::Result<()> {
        Ok(())
    }

    /// The last line, counting everything checked.
    fn summary(&self, out: &mut dyn Write, sum: &SummaryLine) -> std::io::Result<()>;
}

/// The printer of `format`, colouring and wrapping as `global` says.
pub fn diagnostic_printer(format: Format, global: &Global) -> Box<dyn DiagnosticPrinter> {
    match format {
        Format::Human => {
            let theme = if global.color {
                GraphicalTheme::unicode()
            } else {
                GraphicalTheme::unicode_nocolor()
            };
            Box::new(Human {
                renderer: Renderer::new(theme, global.width),
            })
        }
        Format::Short => Box::new(Short),
        Format::Jsonl => Box::new(Jsonl),
    }
}

/// Graphical diagnostics and a summary line.
struct Human {
    renderer: Renderer,
}

impl DiagnosticPrinter for Human {
    fn problem(
        &self,
        out: &mut dyn Write,
        p: &Problem,
        named: NamedText<'_>,
        _: &FileName,
    ) -> std::io::Result<()> {
        out.write_all(self.renderer.render(p, named).as_bytes())
    }

    fn summary(&self, out: &mut dyn Write, sum: &SummaryLine) -> std::io::Result<()> {
        summary_line(out, sum)
    }
}

/// One line per diagnostic, `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE`, and a summary line.
struct Short;

impl DiagnosticPrinter for Short {
    fn problem(
        &self,
        out: &mut dyn Write,
        p: &Problem,
        named: NamedText<'_>,
        _: &FileName,
    ) -> std::io::Result<()> {
        let at = named.lines.line_col(named.text, p.span.start);
        writeln!(
            out,
            "{}:{}:{}: {}[{}]: {}",
            named.name,
            at.line,
            at.column,
            if p.is_error() { "error" } else { "warning" },
            p.code,
            terminal::escape(&p.message)
        )
    }

    fn summary(&self, out: &mut dyn Write, sum: &SummaryLine) -> std::io::Result<()> {
        summary_line(out, sum)
    }
}

/// One JSON object per line: each diagnostic, each input that cannot be read (so that a
/// program reading the report sees which input is missing from it), and the summary.
struct Jsonl;

impl DiagnosticPrinter for Jsonl {
    fn problem(
        &self,
        out: &mut dyn Write,
        p: &Problem,
        named: NamedText<'_>,
        json_name: &FileName,
    ) -> std::io::Result<()> {
        let line = DiagnosticLine::new(p, "", named.text, named.lines).in_file(json_name);
        json_line(out, &line)
    }

    fn unreadable(&self, out: &mut dyn Write, input: &Input, message: &str) -> std::io::Result<()> {
        json_line(
            out,
            &InputErrorLine::new(&input.json_name(), message.to_owned()),
        )
    }

    fn summary(&self, out: &mut dyn Write, sum: &SummaryLine) -> std::io::Result<()> {
        json_line(out, sum)
    }
}

/// `value` as JSON on a line of its own.
fn json_line(out: &mut dyn Write, value: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// `3 files, 40 games: 38 valid, 2 invalid (2 errors, 0 warnings)`.
fn summary_line(out: &mut dyn Write, sum: &SummaryLine) -> std::io::Result<()> {
    writeln!(
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
    )
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
