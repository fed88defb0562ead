//! A cheap wrap of the plain text of a report's message and help, giving the lines
//! `textwrap::fill` gives as miette calls it (first fit, Unicode line breaking, words broken
//! when too long), for the texts it can be sure of; the others are left to textwrap.
//!
//! textwrap finds break opportunities by the Unicode line breaking algorithm, which costs far
//! more than the report's other work. In ASCII text of words separated by single spaces, a
//! break is after each space, and nowhere else, except next to a few characters that
//! [`plain`] refuses (a test holds the rule to textwrap's own breaks for every pair of
//! characters).

/// The lines of `text` wrapped to `width` columns, the first line after an indent of `first`
/// columns and the others after one of `rest`, joined by `\n` and without their indents; or
/// `None` when `text` is not [`plain`] or a word is too long for a line (textwrap would break
/// it, or leave the first line empty).
pub fn wrap(text: &str, width: usize, first: usize, rest: usize) -> Option<String> {
    let mut out = String::with_capacity(text.len() + 8);
    let whole = lines(text, width, first, rest, |i, line| {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(line);
    });
    whole.then_some(out)
}

/// [`wrap`] a line at a time: hands each line of `text` (from 0, without its indent) to
/// `line`, and returns whether `text` wraps the cheap way; when it does not, the lines handed
/// so far are no wrap of it.
pub fn lines(
    text: &str,
    width: usize,
    first: usize,
    rest: usize,
    mut line: impl FnMut(usize, &str),
) -> bool {
    let (Some(first), Some(rest)) = (width.checked_sub(first), width.checked_sub(rest)) else {
        return false;
    };
    if !plain(text.as_bytes()) {
        return false;
    }
    // The words end at each space and at the end; a line is a run of them, `from..end`.
    let spaces = text.bytes().enumerate().filter(|&(_, b)| b == b' ');
    let mut words = spaces.map(|(i, _)| i).chain([text.len()]);
    let Some(mut end) = words.next() else {
        return false;
    };
    if end > first || end > rest {
        return false;
    }
    let (mut from, mut room, mut count) = (0, first, 0);
    for stop in words {
        let (start, len) = (end + 1, stop - end - 1);
        if len > rest {
            return false;
        }
        if end - from + 1 + len > room {
            line(count, &text[from..end]);
            (from, room, count) = (start, rest, count + 1);
        }
        end = stop;
    }
    line(count, &text[from..end]);
    true
}

/// Whether `text` is words of [`WORD`] bytes separated by single spaces, each word's last
/// byte possibly `!` or `?`, in which the Unicode line breaking algorithm finds a break after
/// each space and nowhere else. The rules it relies on (UAX #14): no break between two word
/// bytes except after `,` `.` `:` `;` `)` `]` before `(` or `[`; no break after a space
/// before `!` `)` `]` `,` `-` `.` `:` `;` `?` (nor, after a quote, before `(` or `[`), or
/// after `(` or `[` and a space.
fn plain(text: &[u8]) -> bool {
    let (Some(&head), Some(&last)) = (text.first(), text.last()) else {
        return false;
    };
    if head == b' ' || last == b' ' {
        return false;
    }
    // Word bytes are fine wherever they stand; the others are tested where they stand, with
    // the bytes around them (a space before the first byte and after the last).
    for (i, &b) in text.iter().enumerate() {
        match CLASS[usize::from(b)] {
            Class::Word => {}
            Class::Refused => return false,
            Class::Odd => {
                let prev = if i == 0 { b' ' } else { text[i - 1] };
                let next = text.get(i + 1).copied().unwrap_or(b' ');
                let fine = match b {
                    b' ' => {
                        !matches!(prev, b' ' | b'(' | b'[') && !no_break_after_space(prev, next)
                    }
                    b'!' | b'?' => next == b' ' && prev != b' ',
                    _ => !matches!(prev, b',' | b'.' | b':' | b';' | b')' | b']'),
                };
                if !fine {
                    return false;
                }
            }
        }
    }
    true
}

/// What [`plain`] makes of a byte on its own: a [`WORD`] byte, one tested with its neighbours
/// (space, `!`, `?`, `(`, `[`), or one it refuses.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Word,
    Odd,
    Refused,
}

/// The [`Class`] of every byte.
const CLASS: [Class; 256] = {
    let mut t = [Class::Refused; 256];
    let mut b = 0;
    while b < 256 {
        if WORD[b] {
            t[b] = Class::Word;
        }
        b += 1;
    }
    t[b' ' as usize] = Class::Odd;
    t[b'!' as usize] = Class::Odd;
    t[b'?' as usize] = Class::Odd;
    t[b'(' as usize] = Class::Odd;
    t[b'[' as usize] = Class::Odd;
    t
};

/// Whether the line breaking algorithm finds no break after a space between `before` and
/// `after`.
fn no_break_after_space(before: u8, after: u8) -> bool {
    matches!(
        after,
        b')' | b']' | b',' | b'-' | b'.' | b':' | b';' | b'!' | b'?'
    ) || (matches!(before, b'"' | b'\'') && matches!(after, b'(' | b'['))
}

/// The bytes a word may hold anywhere (letters, digits and the punctuation of seega's
/// messages); `(`, `[`, `!` and `?` are tested where they stand.
const WORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'\''
                    | b'"'
                    | b'`'
                    | b'-'
                    | b'.'
                    | b','
                    | b':'
                    | b';'
                    | b')'
                    | b']'
                    | b'*'
                    | b'='
                    | b'#'
                    | b'<'
                    | b'>'
                    | b'@'
                    | b'^'
                    | b'_'
                    | b'~'
                    | b'&'
            );
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use textwrap::{Options, WordSeparator, WordSplitter};

    /// What textwrap makes of `text` as miette calls it, the indents taken off again.
    fn textwrap_lines(text: &str, width: usize, first: usize, rest: usize) -> String {
        let (first, rest) = (" ".repeat(first), " ".repeat(rest));
        let opts = Options::new(width)
            .initial_indent(&first)
            .subsequent_indent(&rest)
            .word_splitter(WordSplitter::NoHyphenation);
        let filled = textwrap::fill(text, opts);
        let lines: Vec<&str> = filled
            .split('\n')
            .enumerate()
            .map(|(i, l)| &l[if i == 0 { first.len() } else { rest.len() }..])
            .collect();
        lines.join("\n")
    }

    fn words(s: &str) -> Vec<String> {
        WordSeparator::UnicodeBreakProperties
            .find_words(s)
            .map(|w| format!("{}{}", w.word, w.whitespace))
            .collect()
    }

    /// [`plain`] as it was first written, a byte at a time with both neighbours.
    fn plain_reference(text: &[u8]) -> bool {
        let (Some(&head), Some(&last)) = (text.first(), text.last()) else {
            return false;
        };
        if head == b' ' || last == b' ' {
            return false;
        }
        let mut prev = b' ';
        for (i, &b) in text.iter().enumerate() {
            let next = text.get(i + 1).copied().unwrap_or(b' ');
            let fine = match b {
                b' ' => !matches!(prev, b' ' | b'(' | b'[') && !no_break_after_space(prev, next),
                b'!' | b'?' => next == b' ' && prev != b' ',
                b'(' | b'[' => !matches!(prev, b',' | b'.' | b':' | b';' | b')' | b']'),
                _ => WORD[usize::from(b)],
            };
            if !fine {
                return false;
            }
            prev = b;
        }
        true
    }

    #[test]
    fn plain_decides_as_its_first_writing_did() {
        let mut alphabet: Vec<u8> = (0x20u8..0x7f).collect();
        alphabet.extend([b'\t', b'\n', 0xc3, 0xa9]);
        let mut texts = 0;
        for &x in &alphabet {
            for &y in &alphabet {
                for &z in &alphabet {
                    for t in [vec![x, y, z], vec![b'a', x, y, z, b'b'], vec![x, y]] {
                        texts += 1;
                        assert_eq!(plain(&t), plain_reference(&t), "{t:?}");
                    }
                }
            }
        }
        assert!(texts > 2_000_000);
    }

    #[test]
    fn plain_text_breaks_where_unicode_line_breaking_does() {
        let printable: Vec<char> = (0x21u8..0x7f).map(char::from).collect();
        let mut pairs = 0;
        for &x in &printable {
            for &y in &printable {
                for (text, want) in [
                    (format!("{x}{y}"), vec![format!("{x}{y}")]),
                    (format!("{x} {y}"), vec![format!("{x} "), format!("{y}")]),
                    (format!("a{x}{y} b"), vec![format!("a{x}{y} "), "b".into()]),
                ] {
                    if plain(text.as_bytes()) {
                        pairs += 1;
                        assert_eq!(words(&text), want, "{text:?}");
                    }
                }
            }
        }
        assert!(pairs > 10_000, "{pairs} texts tested");
    }

    /// A text of words drawn from seega's own alphabet and a few others, from `seed`.
    fn text(seed: &mut u64) -> String {
        const PIECES: [&str; 18] = [
            "the",
            "turn",
            "`b2-b3`",
            "(or",
            "`--`",
            "exists).",
            "c3-c4xd4",
            "game",
            "1-0",
            "forced",
            "captures:",
            "\"Result\"",
            "it's",
            "a",
            "x",
            "piece,",
            "`[Rules",
            "\"standard\"]`",
        ];
        // Pieces the cheap way refuses, or next to which it refuses a space.
        const ODD: [&str; 9] = ["?", "!", "é", "(", "a/b", "-", "it?", "[", "a,[b"];
        let mut next = || {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            *seed
        };
        let n = 1 + next() % 30;
        let mut s = String::new();
        for k in 0..n {
            if k > 0 {
                s.push_str(if next() % 97 == 0 { "  " } else { " " });
            }
            let r = next();
            if r % 17 == 0 {
                s.push_str(&"w".repeat(1 + (r as usize >> 8) % 90));
            } else if r % 31 == 0 {
                s.push_str(ODD[(r >> 8) as usize % ODD.len()]);
            } else {
                s.push_str(PIECES[(r >> 8) as usize % PIECES.len()]);
            }
        }
        s
    }

    #[test]
    fn plain_text_wraps_as_textwrap_wraps_it() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        let mut cheap = 0;
        for _ in 0..20_000 {
            let t = text(&mut seed);
            let width = 10 + (seed % 120) as usize;
            for (first, rest) in [(4, 4), (8, 8), (8, 4)] {
                if let Some(lines) = wrap(&t, width, first, rest) {
                    cheap += 1;
                    assert_eq!(
                        lines,
                        textwrap_lines(&t, width, first, rest),
                        "{t:?} at {width}"
                    );
                }
            }
        }
        assert!(cheap > 20_000, "{cheap} texts wrapped the cheap way");
    }

    #[test]
    fn text_it_cannot_be_sure_of_is_left_to_textwrap() {
        for t in [
            "", " a", "a ", "a  b", "é", "a/b", "a !", "( a", "a,(b", "a\nb", "a\tb",
        ] {
            assert_eq!(wrap(t, 80, 4, 4), None, "{t:?}");
        }
        assert_eq!(wrap(&"w".repeat(77), 80, 4, 4), None, "too long for a line");
        assert_eq!(wrap("a b", 80, 4, 4).as_deref(), Some("a b"));
    }
}
