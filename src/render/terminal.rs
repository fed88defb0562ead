//! Text for a human reader's terminal: nothing from a file or a path reaches it raw.
//!
//! A file's text and a path's name can hold characters that a terminal obeys instead of
//! showing: an escape sequence (`\e]0;…\a` sets the window title, `\e[2J` clears the screen),
//! a C1 control (U+009B starts a sequence as `\e[` does), a line break that forges a line of
//! output, or a bidirectional control that shows the text around it in another order than it
//! is written. [`escape`] writes each of them visibly; [`path`] does the same for a path and
//! writes its bytes that are not UTF-8 as `\xNN`. Every human output of seega goes through
//! one of the two; machine output (JSON) keeps the text's value, with these characters written
//! as JSON escapes ([`super::json_text`]).
//!
//! Written visibly ([`is_hidden`]):
//!
//! - every control character (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F): `\n`, `\r` and
//!   `\t` as those two-character escapes, the others as `\u{1b}`. A line break is escaped too:
//!   the caller lays out lines, the text it quotes never does;
//! - the bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069
//!   ([`is_bidi_control`], which a game's text is also warned of), as `\u{202e}`;
//! - the invisible direction marks U+200E, U+200F and U+061C, which can move the punctuation
//!   around them, and the line and paragraph separators U+2028 and U+2029, which are line
//!   breaks: as `\u{200f}`. They are common in right-to-left text and get no warning.
//!
//! A backslash is not escaped, so that clean text is shown exactly as written; a file's own
//! `\u{1b}` (six characters) therefore looks like an escaped one.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::Path;

pub use crate::notation::lex::is_bidi_control;

/// Whether [`escape`] writes `c` as an escape rather than as itself: a control character, a
/// bidirectional control or mark, or a line or paragraph separator.
///
/// ```
/// use seega::render::terminal::is_hidden;
/// assert!(is_hidden('\u{1b}'));
/// assert!(is_hidden('\n'));
/// assert!(is_hidden('\u{9b}'));
/// assert!(is_hidden('\u{202e}'));
/// assert!(is_hidden('\u{200e}'));
/// assert!(!is_hidden('é'));
/// assert!(!is_hidden(' '));
/// ```
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || is_bidi_control(c)
        || matches!(
            c,
            '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{2028}' | '\u{2029}'
        )
}

/// `text` as a human reader's terminal may show it: every character [`is_hidden`] names
/// written as an escape (`\n`, `\r`, `\t`, or `\u{…}` in lowercase hex), everything else as
/// it is. Text that needs no escape is returned as it is, without a copy.
///
/// ```
/// use std::borrow::Cow;
/// use seega::render::terminal::escape;
/// assert!(matches!(escape("Kofi vs Mona"), Cow::Borrowed("Kofi vs Mona")));
/// assert_eq!(escape("\u{1b}]0;pwned\u{7}"), "\\u{1b}]0;pwned\\u{7}");
/// assert_eq!(escape("a\nb\tc\r"), "a\\nb\\tc\\r");
/// assert_eq!(escape("x\u{9b}2J"), "x\\u{9b}2J");
/// assert_eq!(escape("abc\u{202e}fed"), "abc\\u{202e}fed");
/// assert_eq!(escape("caf\u{e9}"), "café");
/// ```
pub fn escape(text: &str) -> Cow<'_, str> {
    // Printable ASCII, by far the most common text, is decided a byte at a time, first in
    // blocks folded without a branch (the loop vectorises).
    let printable = |c: &[u8]| c.iter().fold(true, |ok, b| ok & (b' '..=b'~').contains(b));
    if text.as_bytes().chunks(32).all(printable) {
        return Cow::Borrowed(text);
    }
    let first = text
        .char_indices()
        .find(|&(_, c)| !(' '..='~').contains(&c) && is_hidden(c));
    let Some((at, _)) = first else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..at]);
    push_escaped(&mut out, &text[at..]);
    Cow::Owned(out)
}

/// Appends `text` to `out` with every character [`is_hidden`] names escaped.
fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_hidden(c) => {
                // Writing to a `String` cannot fail.
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
}

/// `path` as a human reader's terminal may show it: its UTF-8 parts escaped as [`escape`]
/// does, and each byte that is not UTF-8 written as `\x` and two uppercase hex digits, so that
/// two different names never look alike by losing their bytes.
///
/// ```
/// use std::path::Path;
/// use seega::render::terminal::path;
/// assert_eq!(path(Path::new("games/cup.sgn")), "games/cup.sgn");
/// assert_eq!(path(Path::new("a\nseega: error: forged")), "a\\nseega: error: forged");
/// # #[cfg(unix)] {
/// use std::os::unix::ffi::OsStrExt;
/// let latin1 = std::ffi::OsStr::from_bytes(b"caf\xe9.sgn");
/// assert_eq!(path(Path::new(latin1)), "caf\\xE9.sgn");
/// # }
/// ```
pub fn path(path: &Path) -> String {
    let mut out = String::new();
    push_path(&mut out, path);
    out
}

#[cfg(unix)]
fn push_path(out: &mut String, path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    for chunk in path.as_os_str().as_bytes().utf8_chunks() {
        push_escaped(out, chunk.valid());
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
}

#[cfg(not(unix))]
fn push_path(out: &mut String, path: &Path) {
    // Elsewhere a path that is not Unicode cannot be taken apart into bytes portably; its
    // unpaired parts are shown as U+FFFD.
    push_escaped(out, &path.to_string_lossy());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hidden_character_is_escaped_and_nothing_else() {
        for c in (0..=0x3000u32).filter_map(char::from_u32) {
            let s = c.to_string();
            let e = escape(&s);
            if is_hidden(c) {
                assert!(e.starts_with('\\'), "{c:?} → {e}");
                assert!(e.chars().all(|c| c.is_ascii_graphic()), "{c:?} → {e}");
            } else {
                assert_eq!(e, s);
            }
        }
    }

    #[test]
    fn the_hidden_set_is_the_one_documented() {
        let hidden: Vec<u32> = (0..=0x10ffffu32)
            .filter_map(char::from_u32)
            .filter(|&c| is_hidden(c))
            .map(u32::from)
            .collect();
        let mut expected: Vec<u32> = (0..=0x1f).chain(0x7f..=0x9f).collect();
        expected.extend([0x61c, 0x200e, 0x200f, 0x2028, 0x2029]);
        expected.extend((0x202a..=0x202e).chain(0x2066..=0x2069));
        expected.sort_unstable();
        assert_eq!(hidden, expected);
    }

    #[test]
    fn escaping_twice_changes_nothing() {
        let once = escape("\u{1b}[2J\u{202e}\n").into_owned();
        assert_eq!(escape(&once), once);
    }

    #[cfg(unix)]
    #[test]
    fn paths_show_their_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let p = std::ffi::OsStr::from_bytes(b"\xff\xfe/\x1b[2J\xc3\xa9");
        assert_eq!(path(Path::new(p)), "\\xFF\\xFE/\\u{1b}[2J\u{e9}");
    }
}
