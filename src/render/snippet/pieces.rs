//! The strings a report is drawn with in one theme, made once per renderer: the theme's
//! characters and the escape codes of its styles, exactly as miette's graphical handler writes
//! them (owo-colors' codes before and after a styled text; nothing without colour).

use std::fmt::Display;

use miette::GraphicalTheme;

use super::super::diagnostic::Indents;

/// A character that no style's escape codes hold: the text between the codes of a style.
const MARK: char = '\u{1}';

/// The escape codes a style writes before and after the text it styles (both empty for a
/// plain style).
#[derive(Debug, Clone, Default)]
pub(super) struct Paint {
    /// What comes before the styled text.
    pub(super) pre: String,
    /// What comes after it.
    pub(super) post: String,
}

impl Paint {
    /// The codes around [`MARK`] in `styled`, a style's drawing of [`MARK`].
    fn of(styled: impl Display) -> Paint {
        let drawn = styled.to_string();
        let (pre, post) = drawn.split_once(MARK).unwrap_or(("", ""));
        Paint {
            pre: pre.to_owned(),
            post: post.to_owned(),
        }
    }

    /// Appends `text` styled.
    pub(super) fn push(&self, out: &mut String, text: &str) {
        out.push_str(&self.pre);
        out.push_str(text);
        out.push_str(&self.post);
    }
}

/// What a severity draws: its code's style and the indents of the message's lines.
#[derive(Debug, Clone)]
pub(super) struct Severity {
    /// The style of the code line.
    pub(super) code: Paint,
    /// The indent of the message's first line (`  × `) and of the others (`  │ `).
    pub(super) first: String,
    pub(super) rest: String,
}

impl Severity {
    /// The pieces of a severity whose style draws a text as `paint` does, with `icon`.
    fn new(paint: impl Fn(&dyn Display) -> String, icon: &str, vbar: char) -> Severity {
        Severity {
            code: Paint::of(paint(&MARK)),
            first: format!("  {} ", paint(&icon)),
            rest: format!("  {} ", paint(&vbar)),
        }
    }
}

/// Everything of a theme a report of one label on one line is drawn with.
#[derive(Debug, Clone)]
pub(crate) struct Pieces {
    /// The columns the handler wraps to, and those of the indents of a message and help.
    pub(super) width: usize,
    pub(super) indents: Indents,
    /// Errors and warnings.
    pub(super) error: Severity,
    pub(super) warning: Severity,
    /// The style of the `[file:line:column]` place.
    pub(super) link: Paint,
    /// The style of a line number.
    pub(super) linum: Paint,
    /// The style of the label (the theme's first highlight).
    pub(super) label: Paint,
    /// `  help: ` styled.
    pub(super) help: String,
    /// The characters: `╭─`, `│`, `·`, `─`, `┬`, `▲`, `╰──`, `╰────`.
    pub(super) top: String,
    pub(super) vbar: char,
    pub(super) vbar_break: char,
    pub(super) underline: char,
    pub(super) underbar: char,
    pub(super) uarrow: char,
    pub(super) hook: String,
    pub(super) bottom: String,
}

impl Pieces {
    /// The pieces of `theme` at `width` columns, whose indents take `indents`; `None` for a
    /// theme without a highlight style (miette then draws no label at all).
    pub(crate) fn new(theme: &GraphicalTheme, width: usize, indents: Indents) -> Option<Pieces> {
        let s = &theme.styles;
        let c = &theme.characters;
        let highlight = s.highlights.first()?;
        let error = |d: &dyn Display| s.error.style(d).to_string();
        let warning = |d: &dyn Display| s.warning.style(d).to_string();
        Some(Pieces {
            width,
            indents,
            error: Severity::new(error, &c.error, c.vbar),
            warning: Severity::new(warning, &c.warning, c.vbar),
            link: Paint::of(s.link.style(MARK)),
            linum: Paint::of(s.linum.style(MARK)),
            label: Paint::of(highlight.style(MARK)),
            help: s.help.style("  help: ").to_string(),
            top: format!("{}{}", c.ltop, c.hbar),
            vbar: c.vbar,
            vbar_break: c.vbar_break,
            underline: c.underline,
            underbar: c.underbar,
            uarrow: c.uarrow,
            hook: format!("{}{}{}", c.lbot, c.hbar, c.hbar),
            bottom: format!("{}{}", c.lbot, c.hbar.to_string().repeat(4)),
        })
    }
}
