//! A tag line, `[Name "value"]`, read the full way: escapes decoded, every error worded and
//! placed: what the reader (`read/tag.rs`) refuses, or reads with escapes.

use std::borrow::Cow;

use super::super::ast::{Span, SyntaxError, SyntaxKind, Tag};

/// The first character boundary of `s` at or after `i` (the length past the end).
fn ceil_char(s: &str, mut i: usize) -> usize {
    while i < s.len() && !s.is_char_boundary(i) {
        i += 1;
    }
    i.min(s.len())
}

/// Parses `[Name "value"]` at the start of `line` (which starts at byte `base`); returns the tag
/// and its length in bytes.
pub(super) fn parse_tag(line: &str, base: usize) -> Result<(Tag<'_>, usize), SyntaxError> {
    let bad = |at: usize, end: usize, kind: SyntaxKind, message: String| {
        error_at(line, base, at, end, kind, message)
    };
    let b = line.as_bytes();
    let mut i = 1;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    let name_start = i;
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    if i == name_start {
        return Err(bad(
            0,
            line.len(),
            SyntaxKind::BadTag,
            "a tag needs a name of ASCII letters, digits or `_` after `[`".to_owned(),
        ));
    }
    let name = &line[name_start..i];
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    // Punctuation between the name and the quote, like the `:` of `[Site: "Luxor"]`.
    let stray = b[i..]
        .iter()
        .take_while(|c| c.is_ascii_punctuation() && !matches!(c, b'"' | b'[' | b']'))
        .count();
    let after = b[i + stray..]
        .iter()
        .take_while(|c| matches!(c, b' ' | b'\t'));
    if stray > 0 && b.get(i + stray + after.count()) == Some(&b'"') {
        return Err(bad(
            i,
            i + stray,
            SyntaxKind::TagStray,
            format!(
                "unexpected `{}` between the tag name `{name}` and its value",
                &line[i..i + stray]
            ),
        ));
    }
    if b.get(i) != Some(&b'"') {
        return Err(bad(
            i,
            line.len().max(i + 1).min(line.len()),
            SyntaxKind::BadTag,
            format!("the tag `{name}` needs a value in double quotes"),
        ));
    }
    let value_start = i + 1;
    let (owned, value_end) = tag_value(line, base, value_start, name)?;
    i = value_end + 1;
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    if b.get(i) != Some(&b']') {
        return Err(bad(
            i,
            (i + 1).min(line.len()),
            SyntaxKind::BadTag,
            format!("the tag `{name}` is not closed with `]`"),
        ));
    }
    i += 1;
    let value = match owned {
        Some(s) => Cow::Owned(s),
        None => Cow::Borrowed(&line[value_start..value_end]),
    };
    Ok((
        Tag {
            name,
            value,
            span: Span::new(base, base + i),
            value_span: Span::new(base + value_start, base + value_end),
        },
        i,
    ))
}

/// Reads the value of the tag `name` from `value_start`, just past its opening quote, up to its
/// closing quote; returns the value unescaped when it held an escape, and where it ends.
fn tag_value(
    line: &str,
    base: usize,
    value_start: usize,
    name: &str,
) -> Result<(Option<String>, usize), SyntaxError> {
    let b = line.as_bytes();
    let mut i = value_start;
    let mut owned: Option<String> = None;
    loop {
        match b.get(i) {
            None => {
                return Err(error_at(
                    line,
                    base,
                    0,
                    line.len(),
                    SyntaxKind::UnterminatedTag,
                    format!("the value of the tag `{name}` is never closed with `\"`"),
                ));
            }
            Some(b'"') => break,
            Some(b'\\') => match b.get(i + 1) {
                Some(&c @ (b'"' | b'\\')) => {
                    let s = owned.get_or_insert_with(|| line[value_start..i].to_owned());
                    s.push(c as char);
                    i += 2;
                }
                _ => {
                    return Err(error_at(
                        line,
                        base,
                        i,
                        (i + 2).min(line.len()),
                        SyntaxKind::BadEscape,
                        "only `\\\"` and `\\\\` may follow a backslash in a tag value".to_owned(),
                    ));
                }
            },
            Some(_) => {
                let ch = line[i..].chars().next().map_or(1, char::len_utf8);
                if let Some(s) = owned.as_mut() {
                    s.push_str(&line[i..i + ch]);
                }
                i += ch;
            }
        }
    }
    Ok((owned, i))
}

/// The error `kind` from `at` to `end` of `line` (which starts at byte `base`). Spans end on a
/// character boundary: past the whole character that `end` falls in.
fn error_at(
    line: &str,
    base: usize,
    at: usize,
    end: usize,
    kind: SyntaxKind,
    message: String,
) -> SyntaxError {
    SyntaxError {
        kind,
        span: Span::new(base + at, base + ceil_char(line, end)),
        message,
    }
}
