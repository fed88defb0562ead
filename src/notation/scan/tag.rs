//! The words for a tag line the reader (`read/tag.rs`) refuses: which error, placed where. The
//! tag is read once, by the reader; this file only says what is wrong where it stopped.

use super::super::ast::{Span, SyntaxError, SyntaxKind, Tag};
use super::super::lex::line_end;
use super::super::read::tag::{self, Part, Refusal};

/// The first character boundary of `s` at or after `i` (the length past the end).
fn ceil_char(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i.min(s.len())
}

/// Reads the tag `[Name "value"]` at `start` of `text`, its value unescaped; returns the tag,
/// or the error that says why the reader refused it.
pub(super) fn parse_tag(text: &str, start: usize) -> Result<Tag<'_>, SyntaxError> {
    match tag::tag(text.as_bytes(), start) {
        Ok(t) => Ok(t.tag(text)),
        Err(refusal) => Err(worded(text, start, &refusal)),
    }
}

/// The error for the tag at `start` of `text` that the reader refused.
fn worded(text: &str, start: usize, refusal: &Refusal) -> SyntaxError {
    let b = text.as_bytes();
    let end = line_end(b, start);
    let at = refusal.at;
    let name = &text[refusal.name.clone()];
    let bad = |from: usize, to: usize, kind: SyntaxKind, message: String| SyntaxError {
        kind,
        // Spans end on a character boundary: past the whole character that `to` falls in.
        span: Span::new(from, ceil_char(text, to.min(end))),
        message,
    };
    match refusal.part {
        Part::Name => bad(
            start,
            end,
            SyntaxKind::BadTag,
            "a tag needs a name of ASCII letters, digits or `_` after `[`".to_owned(),
        ),
        Part::Value => match stray_before_quote(b, at) {
            // Punctuation between the name and the quote, like the `:` of `[Site: "Luxor"]`.
            Some(stray) => bad(
                at,
                at + stray,
                SyntaxKind::TagStray,
                format!(
                    "unexpected `{}` between the tag name `{name}` and its value",
                    &text[at..at + stray]
                ),
            ),
            None => bad(
                at,
                end,
                SyntaxKind::BadTag,
                format!("the tag `{name}` needs a value in double quotes"),
            ),
        },
        Part::InValue if b.get(at) == Some(&b'\\') => bad(
            at,
            at + 2,
            SyntaxKind::BadEscape,
            "only `\\\"` and `\\\\` may follow a backslash in a tag value".to_owned(),
        ),
        Part::InValue => bad(
            start,
            end,
            SyntaxKind::UnterminatedTag,
            format!("the value of the tag `{name}` is never closed with `\"`"),
        ),
        Part::Close => bad(
            at,
            at + 1,
            SyntaxKind::BadTag,
            format!("the tag `{name}` is not closed with `]`"),
        ),
    }
}

/// The length of a run of ASCII punctuation (not `"`, `[` or `]`) at `at` of `b` that only
/// blank space separates from a `"`, if there is one.
fn stray_before_quote(b: &[u8], at: usize) -> Option<usize> {
    let rest = b.get(at..)?;
    let stray = rest
        .iter()
        .take_while(|c| c.is_ascii_punctuation() && !matches!(c, b'"' | b'[' | b']'))
        .count();
    let blank = rest[stray..]
        .iter()
        .take_while(|c| matches!(c, b' ' | b'\t'))
        .count();
    (stray > 0 && rest.get(stray + blank) == Some(&b'"')).then_some(stray)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_is_worded_where_the_reader_stopped() {
        // (text, kind, what the span covers, message)
        for (text, kind, covers, message) in [
            (
                "[ \"x\"]\n",
                SyntaxKind::BadTag,
                "[ \"x\"]",
                "a tag needs a name of ASCII letters, digits or `_` after `[`",
            ),
            (
                "[Site: \"Luxor\"]",
                SyntaxKind::TagStray,
                ":",
                "unexpected `:` between the tag name `Site` and its value",
            ),
            (
                "[Site Luxor]\nc2,d4 *",
                SyntaxKind::BadTag,
                "Luxor]",
                "the tag `Site` needs a value in double quotes",
            ),
            (
                "[Site \"Lu\\xor\"]",
                SyntaxKind::BadEscape,
                "\\x",
                "only `\\\"` and `\\\\` may follow a backslash in a tag value",
            ),
            (
                "[Site \"Lu\\é\"]",
                SyntaxKind::BadEscape,
                "\\é",
                "only `\\\"` and `\\\\` may follow a backslash in a tag value",
            ),
            (
                "[Site \"Luxor\r\n",
                SyntaxKind::UnterminatedTag,
                "[Site \"Luxor",
                "the value of the tag `Site` is never closed with `\"`",
            ),
            (
                "[Site \"Luxor\" x]",
                SyntaxKind::BadTag,
                "x",
                "the tag `Site` is not closed with `]`",
            ),
        ] {
            let e = parse_tag(text, 0).expect_err(text);
            assert_eq!(
                (e.kind, e.span.of(text), e.message.as_str()),
                (kind, covers, message),
                "{text:?}"
            );
        }
        let t = parse_tag("[Site \"a\\\"b\\\\c\"] x", 0).expect("an escaped tag");
        assert_eq!((t.name, t.value.as_ref()), ("Site", "a\"b\\c"));
        assert_eq!(t.span, Span::new(0, 16));
    }
}
