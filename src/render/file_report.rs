//! The problems of a chunk of a file written as `seega check` writes them: graphical reports,
//! short lines or JSON Lines. It runs on the worker threads ([`crate::archive::report`]).
//!
//! ```
//! use seega::archive::report::Report;
//! use seega::render::file_report::{FileReport, Style};
//! use seega::render::wire::FileName;
//! use seega::validate::Options;
//!
//! let text = "1. c3,d1 *\n";
//! let game = seega::parse(text).next().unwrap();
//! let problems = seega::check_game(&game, &Options::default()).problems;
//! let json_name = FileName::text("cup.sgn");
//! let report = FileReport { style: Style::Short, name: "cup.sgn", json_name: &json_name };
//! let mut out = Vec::new();
//! report.report(&problems, text, 0, &mut out);
//! let line = String::from_utf8(out).unwrap();
//! assert!(line.starts_with("cup.sgn:1:4: error[seega::place::centre]"));
//! ```

use std::io::Write;

use super::diagnostic::{NamedText, Renderer};
use super::terminal;
use super::wire::{DiagnosticLine, FileName};
use crate::notation::LineIndex;
use crate::validate::Problem;

/// How each problem is written.
#[derive(Debug, Clone)]
pub enum Style {
    /// A miette graphical report.
    Human(Box<Renderer>),
    /// `file:line:column: severity[code]: message`.
    Short,
    /// A JSON object on a line of its own ([`DiagnosticLine`]).
    Jsonl,
}

/// How a placed chunk's problems are written (human reports, short lines, JSON Lines): called
/// on worker threads, so it must be [`Sync`].
///
/// ```
/// use seega::archive::report::Report;
/// use seega::archive::stream::check_stream_reported;
/// use seega::validate::{Options, Problem};
///
/// /// One line per problem: its game and code.
/// struct Codes;
///
/// impl Report for Codes {
///     fn report(&self, problems: &[Problem], _: &str, _: usize, out: &mut Vec<u8>) {
///         for p in problems {
///             out.extend(format!("{} {}\n", p.game, p.code).as_bytes());
///         }
///     }
/// }
///
/// let text = "1. a1,b1 *\n\n1. c3,d1 *\n";
/// let mut out = Vec::new();
/// let opts = Options::default();
/// check_stream_reported(text.as_bytes(), &opts, 2, Some(&Codes), &mut |placed| {
///     out.extend(&placed.report);
///     Ok(())
/// })?;
/// assert_eq!(String::from_utf8(out).unwrap(), "2 seega::place::centre\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Report: Sync {
    /// Appends to `out` the report of `problems`, numbered as games of the file, found in a
    /// chunk's `text`, which starts on the file's 0-based line `first_line`.
    fn report(&self, problems: &[Problem], text: &str, first_line: usize, out: &mut Vec<u8>);
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
        let mut lines = Lines::new(text, first_line);
        // One buffer for every human report of the chunk, grown once.
        let mut buf = String::new();
        for p in problems {
            self.write(p, text, &lines.around(p), &mut buf, out);
        }
    }
}

/// The lines a chunk's problems need, found going forward: for each problem, an index of the
/// lines it shows (its spans' lines and one line on each side, all a report can draw), whose
/// first line is counted from the previous problem's. The chunk's whole index is built only
/// when a problem lies before the previous one or shows a long stretch of text.
struct Lines<'t> {
    text: &'t str,
    /// A line start at or before the next problem's lines, and its 0-based file line.
    at: usize,
    line: usize,
    /// The whole chunk's index, once needed.
    whole: Option<LineIndex>,
    first_line: usize,
}

/// The most bytes a problem's own index covers; past it the whole chunk's index serves (one
/// index per problem on a line of megabytes would cost quadratic time).
const PART_MAX: usize = 1 << 16;

impl<'t> Lines<'t> {
    fn new(text: &'t str, first_line: usize) -> Lines<'t> {
        Lines {
            text,
            at: 0,
            line: first_line,
            whole: None,
            first_line,
        }
    }

    /// An index answering for every offset a report of `p` asks about.
    fn around(&mut self, p: &Problem) -> std::borrow::Cow<'_, LineIndex> {
        let b = self.text.as_bytes();
        let spans = std::iter::once(p.span).chain(p.also.as_ref().map(|(s, _)| *s));
        // The first byte and the last byte (or place, for an empty span) shown.
        let (start, last) = spans.fold((usize::MAX, 0), |(a, z), s| {
            (a.min(s.start), z.max(s.end.saturating_sub(1).max(s.start)))
        });
        let (start, last) = (start.min(b.len()), last.min(b.len()));
        let own = line_start(b, start);
        let from = if own == 0 { 0 } else { line_start(b, own - 1) };
        let to = next_line_start(b, next_line_start(b, last));
        if self.whole.is_none() && from >= self.at && to - from <= PART_MAX {
            self.line += LineIndex::count_breaks_in(&b[self.at..from]);
            self.at = from;
            return std::borrow::Cow::Owned(LineIndex::part(self.text, from, to, self.line));
        }
        let (text, first_line) = (self.text, self.first_line);
        std::borrow::Cow::Borrowed(
            self.whole
                .get_or_insert_with(|| LineIndex::with_base(text, first_line)),
        )
    }
}

/// The start of the line holding byte `o` of `b` (a line ends at LF, CRLF or a lone CR).
fn line_start(b: &[u8], o: usize) -> usize {
    let mut end = o.min(b.len());
    while let Some(p) = memchr::memrchr2(b'\n', b'\r', &b[..end]) {
        // The CR of a CRLF whose LF is at `o` ends no line before `o`.
        if b[p] == b'\r' && b.get(p + 1) == Some(&b'\n') {
            end = p;
            continue;
        }
        return p + 1;
    }
    0
}

/// The start of the line after the one holding byte `o` of `b`, or the length of `b`.
fn next_line_start(b: &[u8], o: usize) -> usize {
    let o = o.min(b.len());
    match memchr::memchr2(b'\n', b'\r', &b[o..]) {
        None => b.len(),
        Some(k) => {
            let p = o + k;
            if b[p] == b'\r' && b.get(p + 1) == Some(&b'\n') {
                p + 2
            } else {
                p + 1
            }
        }
    }
}

impl FileReport<'_> {
    /// Appends one problem of `text`, whose lines `lines` numbers as in the file (a human
    /// report is drawn in `buf` first).
    fn write(
        &self,
        p: &Problem,
        text: &str,
        lines: &LineIndex,
        buf: &mut String,
        out: &mut Vec<u8>,
    ) {
        // Writing into a `Vec` cannot fail, nor can serialising a `DiagnosticLine`.
        let _ = match &self.style {
            Style::Human(renderer) => {
                let named = NamedText {
                    name: self.name,
                    text,
                    lines,
                };
                buf.clear();
                renderer.render_to(p, named, buf);
                out.write_all(buf.as_bytes())
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
                    terminal::escape(&p.message())
                )
            }
            Style::Jsonl => {
                let line = DiagnosticLine::new(p, "", text, lines).in_file(self.json_name);
                crate::render::json_text::to_writer(&mut *out, &line)
                    .map_err(std::io::Error::from)
                    .and_then(|()| out.write_all(b"\n"))
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Span;

    /// Texts with LF, CRLF and lone CR line ends, a long line, and none.
    fn texts() -> Vec<String> {
        let long = "é".repeat(3000);
        vec![
            "a\nb\r\nc\rd\n\ne\r\r\nf".to_string(),
            format!("x\r\n{long} y\n\rz\n"),
            "\n\n".to_string(),
            "no line break".to_string(),
            String::new(),
        ]
    }

    #[test]
    fn line_starts_found_going_back_and_forth_are_the_index_ones() {
        for t in &texts() {
            let b = t.as_bytes();
            let whole = LineIndex::new(t);
            for o in 0..=b.len() {
                let line = whole.line_of(o);
                assert_eq!(line_start(b, o), whole.line_start(line, t), "{t:?} at {o}");
                let next = whole.line_start(line + 1, t);
                assert_eq!(next_line_start(b, o), next, "{t:?} at {o}");
            }
        }
    }

    /// Reports drawn with the lines around a problem are those drawn with the whole index, at
    /// any span, on its own or after another problem.
    #[test]
    fn reports_with_the_lines_around_a_problem_are_those_of_the_whole_index() {
        let renderer = super::Renderer::plain();
        let base = sample_problem();
        for t in &texts() {
            let whole = LineIndex::with_base(t, 7);
            let bounds: Vec<usize> = (0..=t.len()).filter(|&i| t.is_char_boundary(i)).collect();
            let stride = 1 + bounds.len() / 60;
            for (k, &start) in bounds.iter().enumerate().step_by(stride) {
                for &end in bounds[k..].iter().take(3).chain(bounds.last()) {
                    let p = Problem {
                        span: Span::new(start, end),
                        also: (start > 0).then(|| (Span::new(0, 1.min(start)), "here".into())),
                        ..base.clone()
                    };
                    let drawn = |lines: &LineIndex| {
                        let named = NamedText {
                            name: "a.sgn",
                            text: t,
                            lines,
                        };
                        renderer.render(&p, named)
                    };
                    let mut lines = Lines::new(t, 7);
                    let before = Problem {
                        span: Span::new(0, 0),
                        also: None,
                        ..base.clone()
                    };
                    lines.around(&before);
                    let part = lines.around(&p);
                    assert_eq!(drawn(&part), drawn(&whole), "{t:?} at {start}..{end}");
                    let at = start.min(t.len());
                    assert_eq!(part.line_col(t, at), whole.line_col(t, at));
                }
            }
        }
    }

    fn sample_problem() -> Problem {
        let source = crate::notation::Source::from_bytes(b"1. c2,c2 *");
        let opts = crate::validate::Options::default();
        let mut c = crate::archive::check_source(&source, &opts);
        c.next().unwrap().verdict.problems.remove(0)
    }
}
