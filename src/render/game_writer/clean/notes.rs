//! The parts of a clean game's object that most games do not have: header comments, escaped
//! tag values, annotations, glyphs and comments after turns, trailing comments. Written one
//! piece at a time, as the serde `GameObject` writes them.

use super::super::super::json_buf::JsonBuf;
use super::super::List;
use super::super::tag;
use crate::validate::{CleanComment, CleanHeader, CleanNote, CleanTurn};

/// The end of turn `t` from its annotation up to its `legal` field, when it has an
/// annotation, glyphs or comments (`notes`, those that follow it).
#[cold]
#[inline(never)]
pub(super) fn tail(out: &mut JsonBuf, t: &CleanTurn, notes: &[CleanNote<'_>]) {
    out.raw(b",\"annotation\":");
    match t.annotation {
        Some(a) => out.str(a.as_str()),
        None => out.raw(b"null"),
    }
    out.raw(b",\"nags\":[");
    let mut list = List::new();
    for n in notes {
        if let CleanNote::Nag(n) = n {
            list.item(out);
            out.uint(u64::from(*n));
        }
    }
    out.raw(b"],\"comments\":");
    comments(
        out,
        notes.iter().filter_map(|n| match n {
            CleanNote::Comment(c) => Some(c),
            CleanNote::Nag(_) => None,
        }),
    );
}

/// `[...]` of the glyphs `nags`.
pub(super) fn nags(out: &mut JsonBuf, nags: &[u32]) {
    out.raw(b"[");
    let mut list = List::new();
    for n in nags {
        list.item(out);
        out.uint(u64::from(*n));
    }
    out.raw(b"]");
}

/// `[...]` of movetext comments.
pub(super) fn comments<'c, 't: 'c>(
    out: &mut JsonBuf,
    items: impl IntoIterator<Item = &'c CleanComment<'t>>,
) {
    out.raw(b"[");
    let mut list = List::new();
    for c in items {
        list.item(out);
        out.raw(b"{\"text\":");
        out.str(c.text);
        line_flag(out, c.line);
    }
    out.raw(b"]");
}

/// The `line` field of a comment and the `}` that closes it.
fn line_flag(out: &mut JsonBuf, line: bool) {
    if line {
        out.raw(b",\"line\":true}");
    } else {
        out.raw(b",\"line\":false}");
    }
}

/// A header item of a clean game.
pub(super) fn header(out: &mut JsonBuf, h: &CleanHeader<'_>) {
    match *h {
        CleanHeader::Tag {
            name,
            value,
            escaped: false,
        } => tag(out, name, value),
        CleanHeader::Tag { name, value, .. } => tag(out, name, &unescape(value)),
        CleanHeader::Comment(c) => {
            out.raw(b"{\"comment\":");
            out.str(c.text);
            line_flag(out, c.line);
        }
    }
}

/// A tag value with its escapes (`\"`, `\\`) resolved.
#[cold]
fn unescape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => s.extend(chars.next()),
            c => s.push(c),
        }
    }
    s
}
