//! The notation's bytes: blank space, where a line and a comment end, which bytes end a
//! token. One definition each, below the reader, the scanner and the window reader, which all
//! read bytes by them.

/// Where the `{` comment at `start` of `b` ends (just after its `}`), or, when a line that
/// starts with `[` (the next game's tags) or the end comes first, `Err` with where that line
/// starts (or the end). Lines end with LF, CRLF or a lone CR. The search never goes past that
/// line, so it costs the comment's length, however many comments are left open.
pub(crate) fn brace_comment_end(b: &[u8], start: usize) -> Result<usize, usize> {
    let mut j = start + 1;
    while let Some(k) = b
        .get(j..)
        .and_then(|rest| memchr::memchr3(b'}', b'\n', b'\r', rest))
    {
        j += k;
        if b[j] == b'}' {
            return Ok(j + 1);
        }
        if b.get(j + 1) == Some(&b'[') {
            return Err(j + 1);
        }
        j += 1;
    }
    Err(b.len())
}

/// Where the comments that start on the line of a result ending at `end` end (`end` when there
/// are none): the game's own trailing comments, as the scanner takes them. A comment left open
/// is not one of them.
pub(crate) fn same_line_comments_end(b: &[u8], end: usize) -> usize {
    same_line_comments(b, end, |_, _| {})
}

/// [`same_line_comments_end`], handing each comment's start and end to `each`.
pub(crate) fn same_line_comments(
    b: &[u8],
    mut end: usize,
    mut each: impl FnMut(usize, usize),
) -> usize {
    loop {
        let mut k = end;
        while k < b.len() && is_line_space(b[k]) {
            k += 1;
        }
        end = match b.get(k) {
            Some(b'{') => match brace_comment_end(b, k) {
                Ok(e) => e,
                Err(_) => return end,
            },
            Some(b';') => line_end(b, k),
            _ => return end,
        };
        each(k, end);
    }
}

/// Blank space that does not end a line.
pub(crate) const fn is_line_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c')
}

/// Blank space, as the notation reads it (ASCII space, tab, line feed, carriage return, form
/// feed and vertical tab): the one definition, which the fast lane's byte classes are built
/// from.
pub(crate) const fn is_space(b: u8) -> bool {
    is_line_space(b) || matches!(b, b'\n' | b'\r')
}

/// Whether `b` ends a movetext token: blank space, the start of a comment glued to it (`{` or
/// `;`), or a variation's parenthesis glued to it (`c2,d4)`, `(1.`). The fast lane's byte
/// classes are built from it.
pub(crate) const fn ends_token(b: u8) -> bool {
    is_space(b) || matches!(b, b'{' | b';' | b'(' | b')')
}

/// The end of the line `b[from..]` is on: the next `\n` or `\r`, or the end of `b`. A `;`
/// comment and a tag line end there.
pub(crate) fn line_end(b: &[u8], from: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &b[from..]).map_or(b.len(), |i| from + i)
}

/// Whether `c` is a bidirectional embedding, override or isolate (U+202A–U+202E,
/// U+2066–U+2069): the controls that reorder the text after them until their end, as rustc
/// warns of them in literals.
///
/// ```
/// use seega::render::terminal::is_bidi_control;
/// assert!(is_bidi_control('\u{202e}'));
/// assert!(is_bidi_control('\u{2066}'));
/// assert!(!is_bidi_control('\u{200f}'));
/// assert!(!is_bidi_control('a'));
/// ```
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}
