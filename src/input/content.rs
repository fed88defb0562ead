//! What an input holds, told by its first bytes (after any decompression): text, seega's own
//! JSON or JSON Lines, or bytes that are plainly no archive (an image, a document, an
//! executable, a ZIP, a Parquet file, UTF-16 text, binary data).
//!
//! Every reader of notation refuses the last two with one error naming what the input looks
//! like ([`NotAnArchive`]), rather than reading an image as a game of a hundred syntax errors:
//! [`super::Input::open`], [`super::Input::read_whole`] and [`super::text`] do, for the command
//! and the Python package alike. `seega convert`, which reads JSON, opens its inputs with
//! [`super::Input::open_any`], which refuses only what no command reads.
//!
//! ```
//! use seega::input::content::{Content, Foreign, sniff};
//!
//! assert_eq!(sniff(b"[Event \"Cup\"]\n1. c2,d4 *\n"), Content::Text);
//! assert_eq!(sniff(b"{ a comment }\n1. c2,d4 *\n"), Content::Text);
//! assert_eq!(sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Content::Foreign(Foreign::Png));
//! assert_eq!(sniff(&[0; 64]), Content::Foreign(Foreign::Binary));
//! assert_eq!(sniff(b"[\n  {\"number\": 1"), Content::Json);
//! assert_eq!(sniff(b"{\"kind\":\"game\"}\n"), Content::Jsonl);
//! assert_eq!(Foreign::Png.to_string(), "a PNG image");
//! ```

/// What an input's first bytes say it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Content {
    /// Text: notation (or a Ludii trial, which the readers of trials tell apart).
    Text,
    /// A JSON array of game objects, as `seega convert --to json` writes it.
    Json,
    /// JSON Lines, one object a line, as `seega convert --to jsonl` writes them.
    Jsonl,
    /// Bytes that are plainly no archive.
    Foreign(Foreign),
}

/// Bytes that are plainly no archive, by what they look like. Shown, it says what: "a PNG
/// image", "binary data".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Foreign {
    /// A PNG image.
    Png,
    /// A JPEG image.
    Jpeg,
    /// A GIF image.
    Gif,
    /// A PDF document.
    Pdf,
    /// A ZIP archive (or a document in one: `.docx`, `.odt`, `.xlsx`).
    Zip,
    /// A 7-Zip archive.
    SevenZip,
    /// A RAR archive.
    Rar,
    /// A tar archive.
    Tar,
    /// An ELF executable or library.
    Elf,
    /// A Parquet file.
    Parquet,
    /// An SQLite database.
    Sqlite,
    /// Text in UTF-16.
    Utf16,
    /// Other binary data: NUL bytes and control characters.
    Binary,
}

impl Foreign {
    /// What to do instead, in a full sentence, when there is something to say.
    ///
    /// ```
    /// use seega::input::content::Foreign;
    ///
    /// assert!(Foreign::Zip.help().unwrap().contains("unpack"));
    /// assert!(Foreign::Jpeg.help().is_none());
    /// ```
    pub fn help(self) -> Option<&'static str> {
        Some(match self {
            Foreign::Zip | Foreign::SevenZip | Foreign::Rar | Foreign::Tar => {
                "seega opens gzip, zstd, bzip2 and xz files itself; unpack this one and name the archives in it."
            }
            Foreign::Parquet => {
                "seega writes Parquet but does not read it; read it with DuckDB, pyarrow or Spark, or convert the games from their notation or JSON."
            }
            Foreign::Utf16 => {
                "seega reads UTF-8, Latin-1 and Windows-1252; convert the file to UTF-8 first (for example with `iconv -f UTF-16 -t UTF-8`)."
            }
            _ => return None,
        })
    }
}

impl std::fmt::Display for Foreign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Foreign::Png => "a PNG image",
            Foreign::Jpeg => "a JPEG image",
            Foreign::Gif => "a GIF image",
            Foreign::Pdf => "a PDF document",
            Foreign::Zip => "a ZIP archive",
            Foreign::SevenZip => "a 7-Zip archive",
            Foreign::Rar => "a RAR archive",
            Foreign::Tar => "a tar archive",
            Foreign::Elf => "an executable (ELF)",
            Foreign::Parquet => "a Parquet file",
            Foreign::Sqlite => "an SQLite database",
            Foreign::Utf16 => "UTF-16 text",
            Foreign::Binary => "binary data",
        })
    }
}

/// The magic bytes each foreign format starts with.
const MAGIC: [(&[u8], Foreign); 12] = [
    (b"\x89PNG\r\n\x1a\n", Foreign::Png),
    (b"\xFF\xD8\xFF", Foreign::Jpeg),
    (b"GIF87a", Foreign::Gif),
    (b"GIF89a", Foreign::Gif),
    (b"%PDF-", Foreign::Pdf),
    (b"PK\x03\x04", Foreign::Zip),
    (b"PK\x05\x06", Foreign::Zip),
    (b"7z\xBC\xAF\x27\x1C", Foreign::SevenZip),
    (b"Rar!\x1A\x07", Foreign::Rar),
    (b"\x7FELF", Foreign::Elf),
    (b"PAR1", Foreign::Parquet),
    (b"SQLite format 3\0", Foreign::Sqlite),
];

/// How many of the first bytes are weighed for binary data.
const SAMPLE: usize = 4096;

/// What `head`, the first bytes of an input's text, says the input holds. A text is
/// [`Content::Text`] unless it is plainly something else: a foreign format's magic bytes, a
/// UTF-16 byte-order mark or its NUL every other byte, binary data (NUL bytes or control
/// characters from the first line on, see below); or seega's JSON (`[` then `{` or
/// `]`) or JSON Lines (`{` then `"` or `}`), told as `seega convert` tells them.
pub fn sniff(head: &[u8]) -> Content {
    if let Some((_, f)) = MAGIC.iter().find(|(m, _)| head.starts_with(m)) {
        return Content::Foreign(*f);
    }
    if head.get(257..262) == Some(b"ustar") {
        return Content::Foreign(Foreign::Tar);
    }
    if head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF") || utf16(head) {
        return Content::Foreign(Foreign::Utf16);
    }
    if binary(head) {
        return Content::Foreign(Foreign::Binary);
    }
    json(head)
}

/// Whether `head` starts as binary data: its first line (at most 256 bytes) holds a NUL byte or
/// a control character, and one byte in sixteen of its first 4 KiB is one. A text with a stray
/// control character is read (and the character diagnosed), and so is an archive whose games
/// are followed by NUL bytes (a file cut short by a crash): its games are not lost.
fn binary(head: &[u8]) -> bool {
    let first = &head[..head.len().min(256)];
    let first = first.split(|&b| b == b'\n').next().unwrap_or_default();
    if !first.iter().any(|&b| is_control(b)) {
        return false;
    }
    let sample = &head[..head.len().min(SAMPLE)];
    sample.iter().filter(|&&b| is_control(b)).count() * 16 >= sample.len()
}

/// Whether `b` is a NUL byte or a control character other than blank space and ESC (a text
/// coloured with terminal escapes is still text).
fn is_control(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r' | 0x1b)) || b == 0x7f
}

/// Whether `head` reads as UTF-16 without a byte-order mark: ASCII text with a NUL every
/// other byte (nine in ten of one side, none of the other).
fn utf16(head: &[u8]) -> bool {
    let sample = &head[..head.len().min(SAMPLE) & !1];
    if sample.len() < 16 {
        return false;
    }
    let nul = |side: usize| {
        sample
            .iter()
            .skip(side)
            .step_by(2)
            .filter(|&&b| b == 0)
            .count()
    };
    let (even, odd, half) = (nul(0), nul(1), sample.len() / 2);
    (odd * 10 >= half * 9 && even == 0) || (even * 10 >= half * 9 && odd == 0)
}

/// seega's JSON or JSON Lines, told by the first two bytes that are not blank (after a
/// byte-order mark); anything else is text.
fn json(head: &[u8]) -> Content {
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let mut rest = head.iter().skip_while(|b| b.is_ascii_whitespace());
    match rest.next() {
        Some(b'{') => match rest.find(|b| !b.is_ascii_whitespace()) {
            Some(b'"' | b'}') => Content::Jsonl,
            _ => Content::Text,
        },
        Some(b'[') => match rest.find(|b| !b.is_ascii_whitespace()) {
            Some(b'{' | b']') | None => Content::Json,
            _ => Content::Text,
        },
        _ => Content::Text,
    }
}

/// The error of an input that holds no notation: what it looks like, and what reads it.
///
/// ```
/// use seega::input::content::{Content, Foreign, NotAnArchive};
///
/// let e = NotAnArchive(Content::Foreign(Foreign::Pdf));
/// assert_eq!(e.to_string(), "it looks like a PDF document, not an archive of games");
/// let e = NotAnArchive(Content::Json);
/// assert!(e.to_string().contains("`seega convert`"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("{}", words(self.0))]
#[diagnostic(code(seega::input::not_an_archive))]
pub struct NotAnArchive(pub Content);

fn words(content: Content) -> String {
    match content {
        Content::Json => "it holds JSON games as `seega convert --to json` writes them, not notation; `seega convert` reads them (for example `seega convert games.json --to sgn -o games.sgn`)".to_owned(),
        Content::Jsonl => "it holds JSON Lines as seega writes them, not notation; `seega convert` reads games written so (for example `seega convert games.jsonl --to sgn -o games.sgn`)".to_owned(),
        Content::Foreign(f) => match f.help() {
            Some(help) => format!("it looks like {f}, not an archive of games: {}", lower_first(help)),
            None => format!("it looks like {f}, not an archive of games"),
        },
        Content::Text => "it holds text".to_owned(),
    }
}

/// `s` with its first letter lowercase and no trailing period: a sentence made a clause.
fn lower_first(s: &str) -> String {
    let s = s.strip_suffix('.').unwrap_or(s);
    let mut c = s.chars();
    c.next()
        .map(|first| first.to_lowercase().chain(c).collect())
        .unwrap_or_default()
}

/// `Err` with the [`NotAnArchive`] error when `head` is no text of notation: foreign bytes
/// always, JSON unless `json` says it is read too.
pub(crate) fn refuse(head: &[u8], json: bool) -> std::io::Result<()> {
    match sniff(head) {
        Content::Text => Ok(()),
        Content::Json | Content::Jsonl if json => Ok(()),
        c => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            NotAnArchive(c),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_input_is_told() {
        let mut tar = vec![0u8; 512];
        tar[..8].copy_from_slice(b"game.sgn");
        tar[257..262].copy_from_slice(b"ustar");
        let utf16: Vec<u8> = "[Event \"Cup\"]\n1. c2,d4 *\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let mostly_text_with_a_nul = b"[Event \"Cup\"]\n{ a stray \0 here }\n1. c2,d4 *\n";
        let padded: Vec<u8> = [&b"[Event \"Cup\"]\n1. c2,d4 *\n"[..], &[0; 4096]].concat();
        let random: Vec<u8> = (0u32..4096)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for (head, want) in [
            (
                &b"\xFF\xD8\xFF\xE0\0\x10JFIF"[..],
                Content::Foreign(Foreign::Jpeg),
            ),
            (b"%PDF-1.7\n", Content::Foreign(Foreign::Pdf)),
            (b"PK\x03\x04\x14\0", Content::Foreign(Foreign::Zip)),
            (b"\x7FELF\x02\x01\x01", Content::Foreign(Foreign::Elf)),
            (b"PAR1\x15\x04", Content::Foreign(Foreign::Parquet)),
            (&tar, Content::Foreign(Foreign::Tar)),
            (&utf16, Content::Foreign(Foreign::Utf16)),
            (b"\xFF\xFE[\0", Content::Foreign(Foreign::Utf16)),
            (b"\x01\x02\x03abc", Content::Foreign(Foreign::Binary)),
            (b"\0", Content::Foreign(Foreign::Binary)),
            (mostly_text_with_a_nul, Content::Text),
            (&padded, Content::Text),
            (&random, Content::Foreign(Foreign::Binary)),
            (b"\x1b[31mred\x1b[0m 1. c2,d4 *\n", Content::Text),
            (b"", Content::Text),
            (b"\xEF\xBB\xBF[Event \"x\"]", Content::Text),
            (b"F\xeate de Luxor", Content::Text),
            (b"\xEF\xBB\xBF[{\"number\":1}]", Content::Json),
            (b"[]", Content::Json),
            (b"{}\n", Content::Jsonl),
            (b"{ White resigns }", Content::Text),
            (b"[Event\"x\"]", Content::Text),
        ] {
            assert_eq!(sniff(head), want, "{head:?}");
        }
    }

    #[test]
    fn the_error_names_what_reads_the_input() {
        let e = refuse(b"PK\x03\x04", true).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::InvalidData);
        assert_eq!(
            e.to_string(),
            "it looks like a ZIP archive, not an archive of games: seega opens gzip, zstd, bzip2 and xz files itself; unpack this one and name the archives in it"
        );
        assert!(refuse(b"[{", true).is_ok());
        assert!(
            refuse(b"[{", false)
                .unwrap_err()
                .to_string()
                .contains("seega convert")
        );
        assert!(refuse(b"1. c2,d4 *", false).is_ok());
    }
}
