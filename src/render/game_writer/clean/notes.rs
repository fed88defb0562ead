//! The parts of a clean game's object that most games do not have: header comments, escaped
//! tag values, annotations, glyphs and comments after turns, trailing comments. Written one
//! piece at a time, as the serde `GameObject` writes them.

use super::super::super::json_buf::JsonBuf;
use super::super::List;
use super::super::{copy_short, tag};
use crate::notation::Annotation;
use crate::notation::read::unescaped;
use crate::render::json_buf::is_plain;
use crate::validate::{CleanComment, CleanHeader, CleanNote, CleanTurn};

/// The end of turn `t` from its annotation up to its `legal` field, when it has an
/// annotation, glyphs or comments (`notes`, those that follow it).
#[cold]
#[inline(never)]
pub(super) fn tail(out: &mut JsonBuf, t: &CleanTurn, notes: &[CleanNote<'_>]) {
    let nags = notes.iter().any(|n| matches!(n, CleanNote::Nag(_)));
    if t.annotation.is_none() && !nags {
        // Mostly comments alone.
        out.raw(b",\"annotation\":null,\"nags\":[],\"comments\":");
    } else {
        match t.annotation {
            Some(a) => annotation(out, a),
            None => out.raw(b",\"annotation\":null"),
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
    }
    comments(
        out,
        notes.iter().filter_map(|n| match n {
            CleanNote::Comment(c) => Some(c),
            CleanNote::Nag(_) => None,
        }),
    );
}

/// The `annotation` field of a turn that has one, from its leading comma: its suffix, one or
/// two bytes that need no escaping (`!`, `?`), in one window.
fn annotation(out: &mut JsonBuf, a: Annotation) {
    const KEY: &[u8; 15] = b",\"annotation\":\"";
    let s = a.as_str().as_bytes();
    let w = out.window::<{ KEY.len() + 3 }>();
    w[..KEY.len()].copy_from_slice(KEY);
    let mut at = KEY.len();
    for &c in s.iter().take(2) {
        w[at] = c;
        at += 1;
    }
    w[at] = b'"';
    out.advance(at + 1);
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
        comment(out, c);
    }
    out.raw(b"]");
}

/// A movetext comment's object: mostly short and plain, in one window of which the constant
/// parts are copied whole.
fn comment(out: &mut JsonBuf, c: &CleanComment<'_>) {
    let text = c.text.as_bytes();
    if text.len() > 32 || !is_plain(text) {
        out.raw(b"{\"text\":");
        out.str(c.text);
        line_flag(out, c.line);
        return;
    }
    let w = out.window::<{ 9 + 32 + 16 }>();
    w[..9].copy_from_slice(b"{\"text\":\"");
    if let Some(to) = w.get_mut(9..).and_then(<[u8]>::first_chunk_mut) {
        copy_short(to, text);
    }
    let at = 9 + text.len();
    let end: &[u8; 15] = if c.line {
        b"\",\"line\":true} "
    } else {
        b"\",\"line\":false}"
    };
    if let Some(to) = w.get_mut(at..).and_then(<[u8]>::first_chunk_mut) {
        *to = *end;
    }
    out.advance(at + 15 - usize::from(c.line));
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
        CleanHeader::Tag { name, value, .. } => tag(out, name, &unescaped(value)),
        CleanHeader::Comment(c) => {
            out.raw(b"{\"comment\":");
            out.str(c.text);
            line_flag(out, c.line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every annotation, and comments short, long, plain and to escape, of both kinds: the
    /// bytes `serde_json` writes.
    #[test]
    fn annotations_and_comments_are_written_as_serde_json_writes_them() {
        for s in ["!", "?", "!!", "??", "!?", "?!"] {
            let a = Annotation::parse(s).unwrap();
            let mut out = JsonBuf::default();
            annotation(&mut out, a);
            let want = format!(
                ",\"annotation\":{}",
                crate::render::json_text::to_string(a.as_str()).unwrap()
            );
            assert_eq!(std::str::from_utf8(out.bytes()).unwrap(), want);
        }
        let long = "x".repeat(32);
        let longer = "y".repeat(33);
        for text in [
            "",
            "a fine turn",
            "\"quoted\"",
            "tab\there",
            "é",
            &long,
            &longer,
        ] {
            for line in [false, true] {
                let mut out = JsonBuf::default();
                comments(
                    &mut out,
                    &[CleanComment { text, line }, CleanComment { text, line }],
                );
                let text_json = crate::render::json_text::to_string(text).unwrap();
                let one = format!("{{\"text\":{text_json},\"line\":{line}}}");
                let want = format!("[{one},{one}]");
                assert_eq!(std::str::from_utf8(out.bytes()).unwrap(), want);
            }
        }
    }
}
