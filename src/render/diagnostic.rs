//! Draws a [`Problem`] as a miette graphical report over its file's text.

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use crate::notation::LineIndex;
use crate::validate::Problem;

/// A file's text with its name and line index, readable by miette.
///
/// Reading a span costs a binary search in the line index, not a scan of the file.
#[derive(Debug, Clone, Copy)]
pub struct NamedText<'a> {
    /// The name shown in the report header, e.g. the path.
    pub name: &'a str,
    /// The whole text.
    pub text: &'a str,
    /// The text's line index.
    pub lines: &'a LineIndex,
}

impl SourceCode for NamedText<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let start = span.offset();
        let end = start + span.len();
        if end > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let first_line = self.lines.line_of(start);
        let last_line = self.lines.line_of(end.saturating_sub(1).max(start));
        let from_line = first_line.saturating_sub(before);
        let to_line = (last_line + after).min(self.lines.lines() - 1);
        let from = self.lines.line_start(from_line, self.text);
        let to = self.lines.line_start(to_line + 1, self.text);
        let column = if before == 0 {
            self.text[self.lines.line_start(first_line, self.text)..start]
                .chars()
                .count()
        } else {
            0
        };
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.to_owned(),
            &self.text.as_bytes()[from..to],
            (from, to - from).into(),
            self.lines.file_line(from_line),
            column,
            to_line - from_line + 1,
        )))
    }
}

/// A problem together with the text it points into.
#[derive(Debug)]
struct Located<'a> {
    problem: &'a Problem,
    source: NamedText<'a>,
}

impl std::fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.problem.fmt(f)
    }
}

impl std::error::Error for Located<'_> {}

impl Diagnostic for Located<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.problem.code()
    }
    fn severity(&self) -> Option<miette::Severity> {
        self.problem.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn std::fmt::Display + 'b>> {
        self.problem.help()
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.problem.labels()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }
}

/// Renders problems as graphical reports.
#[derive(Debug, Clone)]
pub struct Renderer {
    handler: GraphicalReportHandler,
}

impl Renderer {
    /// A renderer with `theme`, wrapping at `width` columns, without hyperlinks.
    pub fn new(theme: GraphicalTheme, width: usize) -> Renderer {
        Renderer {
            handler: GraphicalReportHandler::new_themed(theme)
                .with_links(false)
                .with_width(width)
                .with_word_splitter(textwrap::WordSplitter::NoHyphenation),
        }
    }

    /// The renderer tests use: unicode without colour, 80 columns.
    pub fn plain() -> Renderer {
        Renderer::new(GraphicalTheme::unicode_nocolor(), 80)
    }

    /// Renders `problem`, which points into `source`.
    pub fn render(&self, problem: &Problem, source: NamedText<'_>) -> String {
        let mut out = String::new();
        let located = Located { problem, source };
        if self.handler.render_report(&mut out, &located).is_err() {
            out = format!("{}: {}\n", problem.code, problem.message);
        }
        out.push('\n');
        out
    }
}
