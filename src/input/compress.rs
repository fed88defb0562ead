//! Compressed archives: gzip, zstd, bzip2 and xz, read by their magic bytes (whatever the
//! file is called) and written by the extension of the file named (`spec/streaming.md`,
//! "Compressed input"; `spec/writing.md`).
//!
//! A decompressed input is a stream like any other: the commands and the library read its
//! text as they read a plain file's, so every offset, line and column is one of the
//! decompressed text, and a stream that is corrupt or cut short is an error of reading at the
//! place it is found.
//!
//! The decoders and `Encoder` need the `compress` feature (on by default). Without it a
//! compressed input is still told by its magic bytes, and reading it is an error that says so:
//! it is never read as text.
//!
//! ```
//! use std::io::Read;
//! use seega::input::compress::{Compression, decompressed};
//!
//! let (format, mut text) = decompressed(Box::new(&b"1. a1,b1 *\n"[..]))?;
//! assert_eq!(format, None);
//! let mut s = String::new();
//! text.read_to_string(&mut s)?;
//! assert_eq!(s, "1. a1,b1 *\n");
//! assert_eq!(Compression::sniff(&[0x1F, 0x8B, 8]), Some(Compression::Gzip));
//!
//! // Names: what the extension says, and whether a file found in a directory is an archive.
//! use std::path::Path;
//! use seega::input::compress::{inner, is_archive_name};
//! let path = Path::new("club/2024.SGN.zst");
//! assert_eq!(Compression::of_path(path).map(Compression::name), Some("zstd"));
//! assert_eq!(inner(path), Path::new("club/2024.SGN"));
//! assert!(is_archive_name(path) && !is_archive_name(Path::new("notes.txt.gz")));
//! # Ok::<(), std::io::Error>(())
//! ```

#[cfg(feature = "compress")]
use std::io::Write;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// How many bytes of the head [`decompressed`] may need to tell a format.
const MAGIC_LEN: usize = 10;

/// The largest window a zstd frame may ask for (2^27 bytes, 128 MiB, zstd's own default
/// limit), and the memory limit of the xz decoder: what a compressed input may add to a run's
/// memory, whatever its header says.
#[cfg(feature = "compress")]
const WINDOW_LOG_MAX: u32 = 27;

/// How many decompressed bytes are read before the first one is handed on, so that the
/// commands that tell a format from the first bytes of an input (a Ludii trial, JSON) see as
/// many as a plain file gives them in one read.
const PRIME: usize = 1 << 16;

/// A compression format seega reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// gzip (RFC 1952), any number of members one after another.
    Gzip,
    /// Zstandard, any number of frames, skippable frames included.
    Zstd,
    /// bzip2, any number of streams one after another.
    Bzip2,
    /// xz, any number of streams one after another.
    Xz,
}

/// Each format's magic bytes, as the ranges one byte at each place may take.
const MAGICS: [(Compression, &[(u8, u8)]); 5] = [
    (Compression::Gzip, &[(0x1F, 0x1F), (0x8B, 0x8B)]),
    (
        Compression::Zstd,
        &[(0x28, 0x28), (0xB5, 0xB5), (0x2F, 0x2F), (0xFD, 0xFD)],
    ),
    // A skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian), as Lichess's files
    // start with; the decoder skips it.
    (
        Compression::Zstd,
        &[(0x50, 0x5F), (0x2A, 0x2A), (0x4D, 0x4D), (0x18, 0x18)],
    ),
    // `BZh`, the block size `1` to `9`, then the magic of a block (the digits of pi) or of the
    // end of the stream (of the square root of pi): ten bytes, as `BZh` alone may start a text.
    (Compression::Bzip2, &BZIP2[0]),
    (Compression::Bzip2, &BZIP2[1]),
];

/// The two heads of a bzip2 stream ([`MAGICS`]); the xz head is [`XZ`].
const BZIP2: [[(u8, u8); 10]; 2] = [
    bzip2_head([0x31, 0x41, 0x59, 0x26, 0x53, 0x59]),
    bzip2_head([0x17, 0x72, 0x45, 0x38, 0x50, 0x90]),
];

/// The magic bytes of an xz stream.
const XZ: [(u8, u8); 6] = [
    (0xFD, 0xFD),
    (0x37, 0x37),
    (0x7A, 0x7A),
    (0x58, 0x58),
    (0x5A, 0x5A),
    (0x00, 0x00),
];

/// `BZh`, a block size, then `then`.
const fn bzip2_head(then: [u8; 6]) -> [(u8, u8); 10] {
    let mut head = [(b'B', b'B'); 10];
    head[1] = (b'Z', b'Z');
    head[2] = (b'h', b'h');
    head[3] = (b'1', b'9');
    let mut i = 0;
    while i < 6 {
        head[4 + i] = (then[i], then[i]);
        i += 1;
    }
    head
}

/// Every magic, the xz one included.
fn magics() -> impl Iterator<Item = (Compression, &'static [(u8, u8)])> {
    MAGICS
        .into_iter()
        .chain(std::iter::once((Compression::Xz, &XZ[..])))
}

/// Whether `head` starts with `magic` (`Some(true)`), cannot (`Some(false)`), or is too short
/// to tell (`None`).
fn matches(head: &[u8], magic: &[(u8, u8)]) -> Option<bool> {
    let agree = head
        .iter()
        .zip(magic)
        .all(|(b, (lo, hi))| (lo..=hi).contains(&b));
    match (agree, head.len() >= magic.len()) {
        (false, _) => Some(false),
        (true, true) => Some(true),
        (true, false) => None,
    }
}

impl Compression {
    /// The format whose magic bytes `head` starts with, if any.
    pub fn sniff(head: &[u8]) -> Option<Compression> {
        magics().find_map(|(c, m)| (matches(head, m) == Some(true)).then_some(c))
    }

    /// Whether more bytes could make `head` the start of a compressed stream.
    fn undecided(head: &[u8]) -> bool {
        magics().any(|(_, m)| matches(head, m).is_none())
    }

    /// The format an output named `path` is written in, by its last extension (`.gz`,
    /// `.zst`, `.bz2`, `.xz`, in any case); `None` for any other name.
    pub fn of_path(path: &Path) -> Option<Compression> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "gz" => Some(Compression::Gzip),
            "zst" => Some(Compression::Zstd),
            "bz2" => Some(Compression::Bzip2),
            "xz" => Some(Compression::Xz),
            _ => None,
        }
    }

    /// The format's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        }
    }

    /// A decoder of the whole of `raw` (every member, frame or stream).
    #[cfg(feature = "compress")]
    fn decoder(self, raw: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
        Ok(match self {
            Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(raw)),
            Compression::Zstd => {
                let mut d = zstd::stream::read::Decoder::new(raw)?;
                d.window_log_max(WINDOW_LOG_MAX)?;
                Box::new(d)
            }
            Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(raw)),
            Compression::Xz => {
                let stream = liblzma::stream::Stream::new_stream_decoder(
                    1 << WINDOW_LOG_MAX,
                    liblzma::stream::CONCATENATED,
                )
                .map_err(io::Error::other)?;
                Box::new(liblzma::read::XzDecoder::new_stream(raw, stream))
            }
        })
    }

    /// Without the `compress` feature: the error of [`Compression::unsupported`].
    #[cfg(not(feature = "compress"))]
    fn decoder(self, _raw: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
        Err(self.unsupported())
    }

    /// What a build without the `compress` feature says of input in this format: an error that
    /// names the format, never its bytes as text. (Compiled in every build, so that its test
    /// runs in the build CI tests.)
    #[cfg_attr(
        all(feature = "compress", not(test)),
        expect(
            dead_code,
            reason = "used without the compress feature, tested with it"
        )
    )]
    fn unsupported(self) -> io::Error {
        io::Error::new(
            io::ErrorKind::Unsupported,
            format!(
                "it is {}-compressed, and this build of seega reads no compressed input (the library's `compress` feature is off)",
                self.name()
            ),
        )
    }
}

/// The path without its compression extension (`games.sgn.zst` → `games.sgn`), to tell the
/// format of what it holds by the extension before it; `path` itself when it has none.
pub fn inner(path: &Path) -> PathBuf {
    match Compression::of_path(path) {
        Some(_) => path.with_extension(""),
        None => path.to_path_buf(),
    }
}

/// Whether `path` names an archive of notation: `*.sgn`, or `*.sgn` compressed (`*.sgn.gz`,
/// `*.sgn.zst`, `*.sgn.bz2`, `*.sgn.xz`), in any case.
pub fn is_archive_name(path: &Path) -> bool {
    inner(path)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgn"))
}

/// `raw` as text: decompressed when its first bytes are a compression format's magic (the
/// format is given too), else as it is. Reads `raw` once, and again only while the bytes so
/// far could still start a magic (fewer than ten), and never after its end: a terminal gives
/// its end once.
pub fn decompressed(
    mut raw: Box<dyn Read + Send>,
) -> io::Result<(Option<Compression>, Box<dyn Read + Send>)> {
    let mut head = Vec::with_capacity(PRIME);
    let mut ended = false;
    while head.len() < MAGIC_LEN && Compression::undecided(&head) {
        let at = head.len();
        head.resize(PRIME, 0);
        match raw.read(&mut head[at..]) {
            Ok(n) => {
                head.truncate(at + n);
                if n == 0 {
                    ended = true;
                    break;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => head.truncate(at),
            Err(e) => return Err(e),
        }
    }
    let found = Compression::sniff(&head);
    let whole: Box<dyn Read + Send> = if ended {
        Box::new(io::Cursor::new(head))
    } else {
        Box::new(io::Cursor::new(head).chain(raw))
    };
    match found {
        None => Ok((None, whole)),
        Some(c) => {
            let decoder = Decoded {
                format: c,
                inner: c.decoder(whole)?,
                given: 0,
            };
            Ok((Some(c), Box::new(Primed::new(decoder))))
        }
    }
}

/// A decoder that says which format failed, and after how much text, when it fails.
struct Decoded {
    format: Compression,
    inner: Box<dyn Read + Send>,
    /// Decompressed bytes handed on so far.
    given: u64,
}

impl Read for Decoded {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.inner.read(buf) {
            Ok(n) => {
                self.given += n as u64;
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => Err(io::Error::new(
                e.kind(),
                format!(
                    "its {} data is corrupt or cut short after {} bytes of text ({})",
                    self.format.name(),
                    self.given,
                    lowercase_first(&e.to_string())
                ),
            )),
        }
    }
}

/// `s` with its first letter lowercase, as seega's messages are.
fn lowercase_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A reader whose first read gives up to [`PRIME`] bytes, as a plain file's does (a decoder
/// gives what one block of its input holds); an error met while priming comes after the bytes
/// read before it.
struct Primed {
    head: io::Cursor<Vec<u8>>,
    error: Option<io::Error>,
    rest: Decoded,
}

impl Primed {
    fn new(mut rest: Decoded) -> Primed {
        let mut head = vec![0; PRIME];
        let mut filled = 0;
        let mut error = None;
        while filled < PRIME {
            match rest.read(&mut head[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        head.truncate(filled);
        Primed {
            head: io::Cursor::new(head),
            error,
            rest,
        }
    }
}

impl Read for Primed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.head.read(buf)?;
        if n > 0 || buf.is_empty() {
            return Ok(n);
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => self.rest.read(buf),
        }
    }
}

/// A writer that compresses what it is given in a format, or passes it through (with the
/// `compress` feature).
///
/// ```
/// use std::io::{Read, Write};
/// use seega::input::compress::{Compression, Encoder, decompressed};
///
/// let mut e = Encoder::new(Some(Compression::Zstd), Vec::new())?;
/// e.write_all(b"1. a1,b1 *\n")?;
/// let bytes = e.finish()?;
/// let (format, mut text) = decompressed(Box::new(std::io::Cursor::new(bytes)))?;
/// assert_eq!(format, Some(Compression::Zstd));
/// let mut s = String::new();
/// text.read_to_string(&mut s)?;
/// assert_eq!(s, "1. a1,b1 *\n");
/// # Ok::<(), std::io::Error>(())
/// ```
#[cfg(feature = "compress")]
pub enum Encoder<W: Write> {
    /// No compression.
    Plain(W),
    /// gzip, one member, level 6.
    Gzip(flate2::write::GzEncoder<W>),
    /// zstd, one frame with its checksum, level 3.
    Zstd(zstd::stream::write::Encoder<'static, W>),
    /// bzip2, level 9.
    Bzip2(bzip2::write::BzEncoder<W>),
    /// xz, preset 6.
    Xz(liblzma::write::XzEncoder<W>),
}

#[cfg(feature = "compress")]
impl<W: Write> Encoder<W> {
    /// A writer of `format` (none: as it is) into `w`.
    pub fn new(format: Option<Compression>, w: W) -> io::Result<Encoder<W>> {
        Ok(match format {
            None => Encoder::Plain(w),
            Some(Compression::Gzip) => Encoder::Gzip(flate2::write::GzEncoder::new(
                w,
                flate2::Compression::new(6),
            )),
            Some(Compression::Zstd) => {
                let mut e = zstd::stream::write::Encoder::new(w, 3)?;
                e.include_checksum(true)?;
                Encoder::Zstd(e)
            }
            Some(Compression::Bzip2) => {
                Encoder::Bzip2(bzip2::write::BzEncoder::new(w, bzip2::Compression::best()))
            }
            Some(Compression::Xz) => Encoder::Xz(liblzma::write::XzEncoder::new(w, 6)),
        })
    }

    /// Writes the end of the compressed stream and gives back the writer underneath.
    pub fn finish(self) -> io::Result<W> {
        match self {
            Encoder::Plain(w) => Ok(w),
            Encoder::Gzip(e) => e.finish(),
            Encoder::Zstd(e) => e.finish(),
            Encoder::Bzip2(e) => e.finish(),
            Encoder::Xz(e) => e.finish(),
        }
    }

    /// Where the bytes written go: the encoder, or the writer itself when plain.
    fn inner(&mut self) -> &mut dyn Write {
        match self {
            Encoder::Plain(w) => w,
            Encoder::Gzip(e) => e,
            Encoder::Zstd(e) => e,
            Encoder::Bzip2(e) => e,
            Encoder::Xz(e) => e,
        }
    }
}

#[cfg(feature = "compress")]
impl<W: Write> Write for Encoder<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner().flush()
    }
}

#[cfg(all(test, feature = "compress"))]
mod tests {
    use super::*;

    fn compress(format: Compression, text: &[u8]) -> Vec<u8> {
        let mut e = Encoder::new(Some(format), Vec::new()).expect("encoder");
        e.write_all(text).expect("write");
        e.finish().expect("finish")
    }

    fn read_all(bytes: Vec<u8>) -> (Option<Compression>, io::Result<Vec<u8>>) {
        let (format, mut r) = decompressed(Box::new(io::Cursor::new(bytes))).expect("open");
        let mut out = Vec::new();
        (format, r.read_to_end(&mut out).map(|_| out))
    }

    const FORMATS: [Compression; 4] = [
        Compression::Gzip,
        Compression::Zstd,
        Compression::Bzip2,
        Compression::Xz,
    ];

    #[test]
    fn a_build_without_the_feature_names_the_format() {
        let e = Compression::Zstd.unsupported();
        assert_eq!(e.kind(), io::ErrorKind::Unsupported);
        assert!(
            e.to_string()
                .starts_with("it is zstd-compressed, and this build"),
            "{e}"
        );
    }

    #[test]
    fn each_format_is_told_by_its_magic_and_read_back() {
        let text = b"[Event \"x\"]\n\n1. a1,b1 *\n".repeat(5000);
        for f in FORMATS {
            let (found, back) = read_all(compress(f, &text));
            assert_eq!(found, Some(f));
            assert_eq!(back.expect("read"), text, "{f:?}");
        }
    }

    #[test]
    fn text_is_not_taken_for_a_compressed_stream() {
        for text in [
            &b""[..],
            b"B",
            b"BZh9 is no game",
            b"(\xB5/",
            b"\x1F",
            b"[Event",
        ] {
            let (found, back) = read_all(text.to_vec());
            assert_eq!(found, None, "{text:?}");
            assert_eq!(back.expect("read"), text);
        }
    }

    #[test]
    fn a_cut_stream_is_an_error_after_the_text_before_it() {
        let text = b"1. a1,b1 *\n".repeat(100_000);
        for f in FORMATS {
            let mut bytes = compress(f, &text);
            bytes.truncate(bytes.len() / 2);
            let (_, mut r) = decompressed(Box::new(io::Cursor::new(bytes))).expect("open");
            let mut out = Vec::new();
            let e = r.read_to_end(&mut out).expect_err("cut short");
            assert!(!out.is_empty(), "{f:?}: the text before the cut is given");
            assert!(text.starts_with(&out), "{f:?}");
            assert!(
                e.to_string().contains(f.name()) && e.to_string().contains("cut short"),
                "{f:?}: {e}"
            );
        }
    }

    #[test]
    fn a_head_given_one_byte_at_a_time_is_told_all_the_same() {
        struct Trickle(io::Cursor<Vec<u8>>);
        impl Read for Trickle {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = buf.len().min(1);
                self.0.read(&mut buf[..n])
            }
        }
        for f in FORMATS {
            let bytes = compress(f, b"1. a1,b1 *\n");
            let (found, mut r) =
                decompressed(Box::new(Trickle(io::Cursor::new(bytes)))).expect("open");
            assert_eq!(found, Some(f));
            let mut out = Vec::new();
            r.read_to_end(&mut out).expect("read");
            assert_eq!(out, b"1. a1,b1 *\n");
        }
    }

    #[test]
    fn names_tell_the_format_written_and_the_archives_walked() {
        assert_eq!(
            Compression::of_path(Path::new("a.sgn.ZST")),
            Some(Compression::Zstd)
        );
        assert_eq!(Compression::of_path(Path::new("a.sgn")), None);
        assert_eq!(inner(Path::new("d/a.json.gz")), Path::new("d/a.json"));
        assert!(is_archive_name(Path::new("a.sgn.xz")));
        assert!(is_archive_name(Path::new("a.SGN")));
        assert!(!is_archive_name(Path::new("a.txt.gz")));
        assert!(!is_archive_name(Path::new("a.gz")));
    }
}
