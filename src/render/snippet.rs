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
    // (Folded in blocks with `&`, not `&&`: no branch, so that the loop vectorises.)
    raw.chunks(32).all(|c| {
        c.iter().fold(true, |ok, &b| {
            ok & ((b' '..=b'~').contains(&b) | (b == b'\n') | (b == b'\r'))
        })
    }) && memchr::memchr_iter(b'\r', raw).all(|i| raw.get(i + 1) == Some(&b'\n'))
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
fn spaces(out: &mut String, mut n: usize) {
    const SPACES: &str = "                                                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// The decimal digits of `n`.
fn digits(mut n: usize) -> usize {
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

/// Appends `c` `n` times.
fn repeat(out: &mut String, c: char, n: usize) {
    out.extend(std::iter::repeat_n(c, n));
}

impl Pieces {
    /// Appends `text` (a message or help) wrapped as miette wraps it, after the indents
    /// `first` and `rest` of `columns` columns, and a line break: the cheap way
    /// ([`super::wrap`]) where it can, else by textwrap as miette calls it.
    fn text(&self, out: &mut String, text: &str, columns: (usize, usize), indents: [&str; 2]) {
        let at = out.len();
        let width = self.indents.width;
        let whole = super::wrap::lines(text, width, columns.0, columns.1, |i, line| {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(indents[usize::from(i > 0)]);
            out.push_str(line);
        });
        if !whole {
            out.truncate(at);
            self.fill(out, text, indents[0], indents[1]);
            return;
        }
        out.push('\n');
    }

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
        let width = digits(l.first + l.lines - 1);
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

    /// Appends the report of `problem` over `named` as miette draws it; or returns `false`,
    /// appending nothing, when the report is not of the shape drawn here.
    pub(crate) fn draw(&self, problem: &Problem, named: NamedText<'_>, out: &mut String) -> bool {
        let Some(layout) = layout(problem, named) else {
            return false;
        };
        let (severity, columns) = if problem.is_error() {
            (&self.error, self.indents.error)
        } else {
            (&self.warning, self.indents.warning)
        };
        severity.code.push(out, problem.code.as_str());
        out.push_str("\n\n");
        let message = problem.message();
        let indents = [severity.first.as_str(), &severity.rest];
        self.text(out, &terminal::escape(&message), columns, indents);
        let label = problem.label();
        let name = terminal::escape(named.name);
        self.snippet(out, &layout, &name, &terminal::escape(&label));
        let help = problem.help();
        let indents = [self.help.as_str(), "        "];
        self.text(out, &terminal::escape(&help), self.indents.help, indents);
        true
    }
}
