//! `check`'s printers, one per `--format`: how each writes a problem (a [`Style`], rendered on
//! the worker threads), what it prints for an input that cannot be read, and the summary.

use std::io::Write;

use miette::GraphicalTheme;
use seega::render::diagnostic::Renderer;
use seega::render::file_report::Style;
use seega::render::wire::{InputErrorLine, SummaryLine};

use super::super::args::Format;
use super::super::config::Global;
use super::super::inputs::Input;

/// What `check` prints on standard output.
pub trait DiagnosticPrinter {
    /// How each problem is written.
    fn style(&self) -> Style;

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
    fn style(&self) -> Style {
        Style::Human(Box::new(self.renderer.clone()))
    }

    fn summary(&self, out: &mut dyn Write, sum: &SummaryLine) -> std::io::Result<()> {
        summary_line(out, sum)
    }
}

/// One line per diagnostic, `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE`, and a summary line.
struct Short;

impl DiagnosticPrinter for Short {
    fn style(&self) -> Style {
        Style::Short
    }

    fn summary(&self, out: &mut dyn Write, sum: &SummaryLine) -> std::io::Result<()> {
        summary_line(out, sum)
    }
}

/// One JSON object per line: each diagnostic, each input that cannot be read (so that a
/// program reading the report sees which input is missing from it), and the summary.
struct Jsonl;

impl DiagnosticPrinter for Jsonl {
    fn style(&self) -> Style {
        Style::Jsonl
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
    seega::render::json_text::to_writer(&mut *out, value)?;
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
