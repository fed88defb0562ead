//! The commonest report drawn without miette, byte for byte as miette's graphical handler draws
//! it: one label on one line, the lines around it shown as they are.
//!
//! miette builds a report from many small strings, formats each line and measures each
//! character's width; for one label on a line of printable text all of that comes down to a
//! few copies. [`Pieces::draw`] draws a report of that shape and gives up on any other (a
//! second label, a span over several lines, a tab or a wide character before the end of the
//! span, a long line cut to a window, a span past the last line), which miette then draws.
//! A test draws every report of the samples, fixtures and generated archives both ways, in
//! every theme and width `seega` uses, and holds them equal.

mod pieces;

use std::borrow::Cow;

pub(crate) use pieces::Pieces;

use super::diagnostic::{CONTEXT_LINES, NamedText, drawable, shown};
use super::terminal;
use crate::validate::Problem;

/// A report's shown lines and its label, laid out as miette lays them out.
#[derive(Debug)]
struct Layout<'a> {
    /// The lines shown, as miette gets them ([`drawable`]): LF or CRLF line ends, no tab.
    data: Cow<'a, str>,
    /// The 1-based number of the first line shown.
    first: usize,
    /// How many lines are shown, and which of them (from 0) holds the label.
    lines: usize,
    label_line: usize,
    /// The columns of the underline: its first one and the one after its last.
    start: usize,
    end: usize,
    /// Whether the span is empty (drawn as an arrow).
    empty: bool,
    /// The 1-based line and column of the span's start.
    at: (usize, usize),
}

/// Whether miette gets the bytes `raw` as they are: printable ASCII and line ends (LF or
/// CRLF), nothing [`drawable`] changes.
fn unchanged(raw: &[u8]) -> bool {
    raw.iter().enumerate().all(|(i, &b)| match b {
        b' '..=b'~' | b'\n' => true,
        b'\r' => raw.get(i + 1) == Some(&b'\n'),
        _ => false,
    })
}

/// The columns a line's text up to byte `idx` takes as miette counts them, when that text is
/// ASCII (one column a byte); past the text's end, one more.
fn columns(text: &str, idx: usize) -> Option<usize> {
    if idx <= text.len() {
        text.get(..idx).filter(|t| t.is_ascii()).map(str::len)
    } else {
        text.is_ascii().then_some(text.len() + 1)
    }
}

/// The layout of `problem`'s report over `named`, when it is of the shape drawn here.
fn layout<'a>(problem: &Problem, named: NamedText<'a>) -> Option<Layout<'a>> {
    if problem.also.is_some() {
        return None;
    }
    let span = shown(named.text, (problem.span.start, problem.span.len()).into());
    let w = named.window(&span, CONTEXT_LINES, CONTEXT_LINES).ok()?;
    if w.cut {
        return None;
    }
    let place = named.window(&span, 0, 0).ok()?;
    let raw = named.text.get(w.from..w.to)?;
    let data = if unchanged(raw.as_bytes()) {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(String::from_utf8(drawable(raw)).ok()?)
    };
    if data.contains('\t') {
        return None;
    }
    let (s, e) = (span.offset(), span.offset() + span.len());
    let (mut off, mut found, mut lines) = (w.from, None, 0);
    for piece in data.split_inclusive('\n') {
        // A last line without a line break gets one (`Drawn`), counted in its length.
        let len = piece.len() + usize::from(!piece.ends_with('\n'));
        if off <= s && s < off + len {
            if e > off + len {
                return None;
            }
            let text = piece.strip_suffix('\n').unwrap_or(piece);
            let text = text.strip_suffix('\r').unwrap_or(text);
            let start = columns(text, s - off)?;
            let end = if span.is_empty() {
                start + 1
            } else {
                columns(text, e - off)?.max(start + 1)
            };
            found = Some((lines, start, end));
        }
        off += piece.len();
        lines += 1;
    }
    let (label_line, start, end) = found?;
    Some(Layout {
        data,
        first: w.line + 1,
        lines,
        label_line,
        start,
        end,
        empty: span.is_empty(),
        at: (place.line + 1, place.column + 1),
    })
}

/// Appends `n` spaces.
fn spaces(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// Appends `c` `n` times.
fn repeat(out: &mut String, c: char, n: usize) {
    out.extend(std::iter::repeat_n(c, n));
}

/// Appends `text`'s lines, the first after `first` and the others after `rest` (an indent
/// trimmed before a blank line), and a line break: miette's drawing of a text it does not wrap.
fn indented(out: &mut String, text: &str, first: &str, rest: &str) {
    for (i, line) in text.split_terminator('\n').enumerate() {
        let indent = if i == 0 { first } else { rest };
        if i > 0 {
            out.push('\n');
        }
        if line.trim().is_empty() {
            out.push_str(indent.trim_end());
        } else {
            out.push_str(indent);
        }
        out.push_str(line);
    }
    if text.ends_with('\n') {
        out.push('\n');
    }
    out.push('\n');
}

impl Pieces {
    /// `text` wrapped by textwrap as miette wraps a message or help, and a line break.
    fn fill(&self, out: &mut String, text: &str, first: &str, rest: &str) {
        let opts = textwrap::Options::new(self.width.saturating_sub(2))
            .initial_indent(first)
            .subsequent_indent(rest)
            .break_words(true)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        out.push_str(&textwrap::fill(text, opts));
        out.push('\n');
    }

    /// Appends a line number `n` padded to `width` columns and the gutter after it.
    fn linum(&self, out: &mut String, n: usize, width: usize) {
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(n);
        out.push(' ');
        out.push_str(&self.linum.pre);
        spaces(out, width.saturating_sub(digits.len()));
        out.push_str(digits);
        out.push_str(&self.linum.post);
        out.push(' ');
        out.push(self.vbar);
        out.push(' ');
    }

    /// Appends the gutter of a line that shows no text of the file.
    fn no_linum(&self, out: &mut String, width: usize) {
        out.push(' ');
        spaces(out, width);
        out.push(' ');
        out.push(self.vbar_break);
        out.push(' ');
    }

    /// Appends the underline of the span and the label hanging from it.
    fn underline(&self, out: &mut String, l: &Layout<'_>, width: usize, label: &str) {
        let middle = (l.start + l.end) / 2;
        self.no_linum(out, width);
        out.push_str(&self.label.pre);
        spaces(out, l.start);
        repeat(out, self.underline, middle - l.start);
        out.push(if l.empty { self.uarrow } else { self.underbar });
        repeat(out, self.underline, l.end - middle - 1);
        out.push_str(&self.label.post);
        out.push('\n');
        self.no_linum(out, width);
        spaces(out, middle);
        out.push_str(&self.label.pre);
        out.push_str(&self.hook);
        out.push(' ');
        self.label.push(out, label);
        out.push_str(&self.label.post);
        out.push('\n');
    }

    /// Appends the shown lines, framed, with the place of the span.
    fn snippet(&self, out: &mut String, l: &Layout<'_>, name: &str, label: &str) {
        let width = (l.first + l.lines - 1).to_string().len();
        spaces(out, width + 2);
        out.push_str(&self.top);
        out.push('[');
        out.push_str(&self.link.pre);
        out.push_str(name);
        let mut n = itoa::Buffer::new();
        out.push(':');
        out.push_str(n.format(l.at.0));
        out.push(':');
        out.push_str(n.format(l.at.1));
        out.push_str(&self.link.post);
        out.push_str("]\n");
        for (k, piece) in l.data.split_inclusive('\n').enumerate() {
            let text = piece.strip_suffix('\n').unwrap_or(piece);
            let text = text.strip_suffix('\r').unwrap_or(text);
            self.linum(out, l.first + k, width);
            out.push_str(text);
            out.push('\n');
            if k == l.label_line {
                self.underline(out, l, width, label);
            }
        }
        spaces(out, width + 2);
        out.push_str(&self.bottom);
        out.push('\n');
    }

    /// Appends the report of `problem` over `named` as miette draws it, its message and help
    /// already `wrapped` as miette would wrap them (`None`: textwrap wraps them here); or
    /// returns `false`, appending nothing, when the report is not of the shape drawn here.
    pub(crate) fn draw(
        &self,
        problem: &Problem,
        named: NamedText<'_>,
        wrapped: Option<&(String, String)>,
        out: &mut String,
    ) -> bool {
        let Some(layout) = layout(problem, named) else {
            return false;
        };
        let severity = if problem.is_error() {
            &self.error
        } else {
            &self.warning
        };
        severity.code.push(out, problem.code.as_str());
        out.push_str("\n\n");
        match wrapped {
            Some((message, _)) => indented(out, message, &severity.first, &severity.rest),
            None => self.fill(
                out,
                &terminal::escape(&problem.message()),
                &severity.first,
                &severity.rest,
            ),
        }
        let label = problem.label();
        let name = terminal::escape(named.name);
        self.snippet(out, &layout, &name, &terminal::escape(&label));
        match wrapped {
            Some((_, help)) => indented(out, help, &self.help, "        "),
            None => self.fill(
                out,
                &terminal::escape(&problem.help()),
                &self.help,
                "        ",
            ),
        }
        true
    }
}
