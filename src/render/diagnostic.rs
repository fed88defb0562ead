//! Draws a [`Problem`] as a miette graphical report over its file's text.
//!
//! Hostile text is drawn safely: long lines are cut to a window around the span, lone carriage
//! returns count as line ends (as in [`LineIndex`]), and nothing from the file or its name
//! reaches the terminal raw: snippets are drawn with hidden characters as `?` (see
//! `drawable`), messages, help, labels and the name through [`terminal::escape`].
//!
//! ```
//! use seega::notation::LineIndex;
//! use seega::render::diagnostic::{NamedText, Renderer};
//! use seega::validate::Options;
//!
//! let text = "1. c3,d1 *\n";
//! let game = seega::parse(text).next().unwrap();
//! let problem = &seega::check_game(&game, &Options::default()).problems[0];
//! let lines = LineIndex::new(text);
//! let source = NamedText { name: "club.sgn", text, lines: &lines };
//! let drawn = Renderer::plain().render(problem, source);
//! assert!(drawn.starts_with("seega::place::centre"));
//! assert!(drawn.contains("[club.sgn:1:4]"));
//! let mut again = String::new();
//! let unicode = Renderer::new(miette::GraphicalTheme::unicode_nocolor(), 80);
//! unicode.render_to(problem, source, &mut again);
//! assert_eq!(again, drawn);
//! ```

use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};

use super::snippet::Pieces;
use super::terminal;
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

/// Bytes of context kept on each side of a span on a long line.
const WINDOW: usize = 240;

/// Lines of context the report handler shows around a label (miette's default).
pub(super) const CONTEXT_LINES: usize = 1;

/// Where a snippet lies: bytes `from..to`, starting on 0-based `line` at 0-based `column`,
/// covering `line_count` lines; `cut` when long lines were cut to a window around the span.
#[derive(Debug, Clone, Copy)]
pub(super) struct Window {
    pub(super) from: usize,
    pub(super) to: usize,
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) line_count: usize,
    pub(super) cut: bool,
}

impl NamedText<'_> {
    fn floor_char(&self, mut i: usize) -> usize {
        i = i.min(self.text.len());
        while !self.text.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    fn ceil_char(&self, mut i: usize) -> usize {
        i = i.min(self.text.len());
        while !self.text.is_char_boundary(i) {
            i += 1;
        }
        i
    }

    /// The bytes miette gets for `span` with `before` and `after` lines of context. Long lines
    /// are cut to [`WINDOW`] bytes on each side of the span, so a report costs the same on a
    /// 10 MB line as on a short one.
    pub(super) fn window(
        &self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Window, MietteError> {
        let start = span.offset();
        let end = start
            .checked_add(span.len())
            .ok_or(MietteError::OutOfBounds)?;
        if end > self.text.len() {
            return Err(MietteError::OutOfBounds);
        }
        let first_line = self.lines.line_of(start);
        let last_line = self.lines.line_of(end.saturating_sub(1).max(start));
        let mut cut = false;
        let (from, to) = if before == 0 && after == 0 {
            // Only the place is wanted (for the report's `file:line:column` header).
            (start, end)
        } else {
            let from_line = first_line.saturating_sub(before);
            let to_line = (last_line + after).min(self.lines.lines() - 1);
            let mut from = self.lines.line_start(from_line, self.text);
            let mut to = self.lines.line_start(to_line + 1, self.text);
            if to - from > span.len() + 2 * WINDOW {
                from = self.lines.line_start(first_line, self.text);
                to = self.lines.line_start(last_line + 1, self.text);
                from = from.max(self.floor_char(start.saturating_sub(WINDOW)));
                to = to.min(self.ceil_char(end.saturating_add(WINDOW)));
                cut = true;
            }
            (from, to)
        };
        let line = self.lines.line_of(from);
        Ok(Window {
            from,
            to,
            // The file's line: a chunk's index numbers its lines from the chunk's base.
            line: self.lines.file_line(line),
            column: self.lines.column0(self.text, from),
            line_count: self.lines.line_of(to.saturating_sub(1).max(from)) - line + 1,
            cut,
        })
    }
}

impl SourceCode for NamedText<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let w = self.window(span, before, after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            terminal::escape(self.name).into_owned(),
            &self.text.as_bytes()[w.from..w.to],
            (w.from, w.to - w.from).into(),
            w.line,
            w.column,
            w.line_count,
        )))
    }
}

/// A snippet made safe to draw: lone carriage returns become line feeds (the line index counts
/// them as line ends, miette does not) and every other character [`terminal::is_hidden`] names
/// (control characters, bidirectional controls and marks, line separators) becomes one `?` per
/// byte it takes, so that nothing in a file can move the cursor, recolour the terminal or
/// reorder what is shown. Every byte keeps its place, so offsets, and the columns miette
/// measures on the drawn text, stay right.
pub(super) fn drawable(data: &str) -> Vec<u8> {
    let mut out = data.as_bytes().to_vec();
    for (i, c) in data.char_indices() {
        match c {
            '\r' if out.get(i + 1) != Some(&b'\n') => out[i] = b'\n',
            '\t' | '\n' | '\r' => {}
            c if terminal::is_hidden(c) => out[i..i + c.len_utf8()].fill(b'?'),
            _ => {}
        }
    }
    out
}

/// The longest part of a span a label underlines, in bytes: a longer span (a token of a
/// megabyte) is shown by its start, so that a report stays a few lines long.
const LABEL_MAX: usize = 120;

/// The part of `span` of `text` that a label shows: all of it, or its first [`LABEL_MAX`]
/// bytes (cut at a character boundary).
pub(super) fn shown(text: &str, span: SourceSpan) -> SourceSpan {
    if span.len() <= LABEL_MAX {
        return span;
    }
    let mut end = span.offset() + LABEL_MAX;
    while end > span.offset() && !text.is_char_boundary(end) {
        end -= 1;
    }
    (span.offset(), end - span.offset()).into()
}

/// The part of a file one report shows, copied and made [`drawable`].
#[derive(Debug)]
struct Drawn<'a> {
    named: NamedText<'a>,
    from: usize,
    /// The copied bytes; when they reach the end of a text that ends without a line break, one
    /// is added, so that a label at the very end (a missing result) is drawn like any other.
    data: Vec<u8>,
}

impl<'a> Drawn<'a> {
    /// Copies the region every label of `problem` can show, with `context` lines around.
    fn new(named: NamedText<'a>, problem: &Problem, context: usize) -> Drawn<'a> {
        let spans = std::iter::once(problem.span).chain(problem.also.as_ref().map(|(s, _)| *s));
        let mut region: Option<(usize, usize)> = None;
        for s in spans {
            let s = shown(named.text, (s.start, s.len()).into());
            if let Ok(w) = named.window(&s, context, context) {
                region = Some(region.map_or((w.from, w.to), |(a, b)| (a.min(w.from), b.max(w.to))));
            }
        }
        let (from, to) = region.unwrap_or((0, 0));
        let mut data = drawable(&named.text[from..to]);
        if to == named.text.len() && !named.text.ends_with(['\n', '\r']) {
            data.push(b'\n');
        }
        Drawn { named, from, data }
    }
}

impl SourceCode for Drawn<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let w = self.named.window(span, before, after)?;
        // The line break added at the end of the text, if any, goes with the last line.
        let to = if w.to == self.named.text.len() && before + after > 0 {
            (w.to + 1).min(self.from + self.data.len())
        } else {
            w.to
        };
        let data = w
            .from
            .checked_sub(self.from)
            .and_then(|a| self.data.get(a..to - self.from))
            .ok_or(MietteError::OutOfBounds)?;
        Ok(Box::new(MietteSpanContents::new_named(
            terminal::escape(self.named.name).into_owned(),
            data,
            (w.from, to - w.from).into(),
            w.line,
            w.column,
            w.line_count,
        )))
    }
}

/// A problem together with the text it points into.
#[derive(Debug)]
struct Located<'a> {
    problem: &'a Problem,
    source: Drawn<'a>,
    /// The message and help already wrapped ([`super::wrap`]), for a handler that does not
    /// wrap; `None` for one that does.
    wrapped: Option<(String, String)>,
}

impl std::fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.wrapped {
            Some((message, _)) => f.write_str(message),
            None => f.write_str(&terminal::escape(&self.problem.message())),
        }
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
        match &self.wrapped {
            Some((_, help)) => Some(Box::new(help.as_str())),
            None => Some(Box::new(
                terminal::escape(&self.problem.help()).into_owned(),
            )),
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.problem.labels()?;
        Some(Box::new(labels.map(|l| {
            let label = l.label().map(|l| terminal::escape(l).into_owned());
            let span = shown(self.source.named.text, *l.inner());
            if l.primary() {
                LabeledSpan::new_primary_with_span(label, span)
            } else {
                LabeledSpan::new_with_span(label, span)
            }
        })))
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&self.source)
    }
}

/// Renders problems as graphical reports.
#[derive(Debug, Clone)]
pub struct Renderer {
    /// The handler that wraps the message and help with textwrap.
    handler: GraphicalReportHandler,
    /// The same handler, given them wrapped by [`super::wrap`].
    prewrapped: GraphicalReportHandler,
    indents: Indents,
    /// What [`super::snippet`] draws the commonest reports with, in the same theme.
    pieces: Option<Pieces>,
}

/// The columns miette wraps a report's message and help to, and the widths of the indents
/// it writes before their first and later lines.
#[derive(Debug, Clone, Copy)]
pub(super) struct Indents {
    pub(super) width: usize,
    pub(super) error: (usize, usize),
    pub(super) warning: (usize, usize),
    pub(super) help: (usize, usize),
}

impl Indents {
    /// The indents of `theme`, as miette writes them (`  × `, `  │ `, `  help: `).
    pub(super) fn of(theme: &GraphicalTheme, width: usize) -> Indents {
        let columns = |s: String| textwrap::core::display_width(&s);
        let rest = columns(format!("  {} ", theme.characters.vbar));
        Indents {
            width: width.saturating_sub(2),
            error: (columns(format!("  {} ", theme.characters.error)), rest),
            warning: (columns(format!("  {} ", theme.characters.warning)), rest),
            help: (8, 8),
        }
    }
}

impl Renderer {
    /// A renderer with `theme`, wrapping at `width` columns, without hyperlinks.
    pub fn new(theme: GraphicalTheme, width: usize) -> Renderer {
        let indents = Indents::of(&theme, width);
        let pieces = Pieces::new(&theme, width, indents);
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_links(false)
            .with_width(width)
            .with_context_lines(CONTEXT_LINES)
            .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
        Renderer {
            prewrapped: handler.clone().with_wrap_lines(false),
            handler,
            indents,
            pieces,
        }
    }

    /// The renderer tests use: unicode without colour, 80 columns.
    pub fn plain() -> Renderer {
        Renderer::new(GraphicalTheme::unicode_nocolor(), 80)
    }

    /// The message and help of `problem` wrapped as the handler would wrap them, when
    /// [`super::wrap`] can be sure of both.
    fn wrapped(&self, problem: &Problem) -> Option<(String, String)> {
        let i = self.indents;
        let (first, rest) = if problem.is_error() {
            i.error
        } else {
            i.warning
        };
        let message = problem.message();
        let message = terminal::escape(&message);
        let message = super::wrap::wrap(&message, i.width, first, rest)?;
        let help = problem.help();
        let help = terminal::escape(&help);
        let help = super::wrap::wrap(&help, i.width, i.help.0, i.help.1)?;
        Some((message, help))
    }

    /// Renders `problem`, which points into `source`.
    pub fn render(&self, problem: &Problem, source: NamedText<'_>) -> String {
        let mut out = String::new();
        self.render_to(problem, source, &mut out);
        out
    }

    /// Appends `Renderer::render` of `problem` to `out`: drawn by `super::snippet` when
    /// it is of the shape drawn there, else by miette.
    pub fn render_to(&self, problem: &Problem, source: NamedText<'_>, out: &mut String) {
        if let Some(pieces) = &self.pieces
            && pieces.draw(problem, source, out)
        {
            out.push('\n');
            return;
        }
        let wrapped = self.wrapped(problem);
        self.render_miette(problem, source, wrapped, out);
    }

    /// `problem` as miette alone draws it (wrapping with textwrap), for the tests that hold
    /// the cheap drawing to it.
    #[cfg(test)]
    pub(crate) fn miette_only(&self, problem: &Problem, source: NamedText<'_>) -> String {
        self.render_wrapping(problem, source, false)
    }

    /// `problem` as [`super::snippet`] draws it, or `None` when it gives it up: for the
    /// tests that hold it to miette's drawing.
    #[cfg(test)]
    pub(crate) fn snippet_only(&self, problem: &Problem, source: NamedText<'_>) -> Option<String> {
        let mut out = String::new();
        let drawn = self.pieces.as_ref()?.draw(problem, source, &mut out);
        out.push('\n');
        drawn.then_some(out)
    }

    /// [`Renderer::render`] by miette alone, wrapping the cheap way where it can when `cheap`
    /// is set, else always with textwrap.
    #[cfg(test)]
    fn render_wrapping(&self, problem: &Problem, source: NamedText<'_>, cheap: bool) -> String {
        let mut out = String::new();
        let wrapped = cheap.then(|| self.wrapped(problem)).flatten();
        self.render_miette(problem, source, wrapped, &mut out);
        out
    }

    /// Appends `problem` drawn by miette, its message and help `wrapped` already or not.
    fn render_miette(
        &self,
        problem: &Problem,
        source: NamedText<'_>,
        wrapped: Option<(String, String)>,
        out: &mut String,
    ) {
        let at = out.len();
        let handler = match wrapped {
            Some(_) => &self.prewrapped,
            None => &self.handler,
        };
        let located = Located {
            problem,
            source: Drawn::new(source, problem, CONTEXT_LINES),
            wrapped,
        };
        if handler.render_report(out, &located).is_err() {
            out.truncate(at);
            out.push_str(&format!(
                "{}: {}\n",
                problem.code,
                terminal::escape(&problem.message())
            ));
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod agreement;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::check_source;
    use crate::notation::Source;
    use crate::validate::Options;

    #[test]
    fn reports_wrapped_the_cheap_way_are_those_textwrap_wraps() {
        let root = env!("CARGO_MANIFEST_DIR");
        let mut files = Vec::new();
        for dir in ["samples", "samples/invalid", "tests/conformance"] {
            for e in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                let p = e.unwrap().path();
                if p.extension().is_some_and(|x| x == "sgn") {
                    files.push(p);
                }
            }
        }
        let (mut cheap, mut reports) = (0, 0);
        let opts = Options::default();
        for path in files {
            let source = Source::from_bytes(&std::fs::read(&path).unwrap());
            let text = source.text();
            let lines = LineIndex::new(text);
            let named = NamedText {
                name: "a.sgn",
                text,
                lines: &lines,
            };
            let checked: Vec<_> = check_source(&source, &opts).collect();
            for width in [24, 50, 80, 100, 133] {
                for theme in [GraphicalTheme::unicode_nocolor(), GraphicalTheme::unicode()] {
                    let r = Renderer::new(theme, width);
                    for p in checked.iter().flat_map(|c| &c.verdict.problems) {
                        reports += 1;
                        cheap += usize::from(r.wrapped(p).is_some());
                        assert_eq!(
                            r.render(p, named),
                            r.render_wrapping(p, named, false),
                            "{} at {width} columns",
                            path.display()
                        );
                    }
                }
            }
        }
        assert!(
            cheap * 2 > reports,
            "{cheap} of {reports} wrapped the cheap way"
        );
    }
}
