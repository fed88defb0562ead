//! Reading archives: what `seega` reads, the library and the Python package read the same way.
//!
//! An input is a file or standard input ([`Input`]); a list of paths becomes inputs with
//! [`resolve`], which walks directories as the command does. An input is opened
//! ([`Input::open`], or [`open_path`] for one path) as a stream of text: decompressed when its
//! first bytes are a compression format's magic (gzip, zstd with skippable frames, bzip2, xz;
//! [`compress`]), whatever the file is called. [`read_in`] reads a stream in an [`Encoding`];
//! [`Input::read_whole`] reads an input whole, refusing more than [`MAX_FILE_BYTES`]. The
//! limits of what is read are in [`crate::notation::limits`]; what cannot be read comes back as
//! an error or, inside a text, as a problem of the game it is in (`spec/limits.md`).
//!
//! ```
//! use std::io::Write;
//! use seega::input::{Input, open_path};
//!
//! let dir = std::env::temp_dir().join(format!("seega-input-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join("club"))?;
//! let mut gz = seega::input::compress::Encoder::new(
//!     Some(seega::input::compress::Compression::Gzip),
//!     std::fs::File::create(dir.join("club/night.sgn.gz"))?,
//! )?;
//! gz.write_all(b"1. a1,b1 *\n")?;
//! gz.finish()?;
//! std::fs::write(dir.join("club/notes.txt"), "not an archive")?;
//!
//! // A directory stands for its archives, compressed or not; other files are passed over.
//! let resolved: Vec<seega::input::Resolved> = seega::input::resolve(&[dir.join("club")]);
//! let inputs: Vec<Input> = resolved
//!     .into_iter()
//!     .collect::<Result<_, _>>()
//!     .map_err(|(_, e)| e)?;
//! assert_eq!(inputs, [Input::File(dir.join("club/night.sgn.gz"))]);
//!
//! // Opened, it reads as its text.
//! let games: Vec<_> = seega::GameReader::new(open_path(dir.join("club/night.sgn.gz"))?)
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(games[0].text(), "1. a1,b1 *");
//!
//! // Read whole, with what it was compressed with; or peeked at, then read from the start.
//! let whole: seega::input::Whole = inputs[0].read_whole()?;
//! assert_eq!(whole.bytes, b"1. a1,b1 *\n");
//! assert_eq!(whole.compression.map(|c| c.name()), Some("gzip"));
//! let (head, _all): (Vec<u8>, seega::input::Peeked<_>) = seega::input::peek(&whole.bytes[..])?;
//! assert_eq!(head, whole.bytes);
//! std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! # Inside
//!
//! the one reading layer, public (`seega::input`): `Input` (a file or standard input, opened as a
//! decompressed stream with its size when it is known, or read whole under `MAX_FILE_BYTES`),
//! `resolve` (paths → inputs, directories walked for `*.sgn` and `*.sgn.{gz,zst,bz2,xz}`, special
//! files met while walking refused), `read_in` (an encoding, with the line from which `auto`
//! switched), `peek` (the first read, to tell a format by), `open_path`; `compress`: the magic
//! bytes of gzip, zstd (skippable frames too), bzip2 and xz, a decoder that says which format
//! failed and after how much text, and the `Encoder` of compressed outputs, behind the default
//! `compress` feature. The command, the library's readers and the Python package all read through
//! it.

pub mod compress;
pub mod content;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use crate::notation::encoding::{Encoding, Transcode};
use crate::notation::limits::MAX_FILE_BYTES;
use crate::render::terminal;
use crate::render::wire::FileName;

use compress::Compression;

/// One input: a file or standard input.
///
/// ```
/// use seega::input::Input;
///
/// assert_eq!(Input::Stdin.name(), "<stdin>");
/// assert_eq!(Input::File("a\u{1b}.sgn".into()).name(), "a\\u{1b}.sgn");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-` on the command line), named `<stdin>` in reports.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The name for people, in messages and reports: the path made safe for a terminal
    /// (controls escaped, bytes that are not UTF-8 as `\xNN`). JSON takes
    /// [`Input::json_name`].
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(p) => terminal::path(p),
        }
    }

    /// The name for JSON (`file`, and `file_bytes` when the path is not UTF-8).
    ///
    /// ```
    /// let name = seega::input::Input::File("club.sgn".into()).json_name();
    /// assert_eq!((name.file.as_str(), name.file_bytes), ("club.sgn", None));
    /// ```
    pub fn json_name(&self) -> FileName {
        match self {
            Input::Stdin => FileName::text("<stdin>"),
            Input::File(p) => FileName::of(p),
        }
    }

    /// Opens the input for streaming, decompressed when it is compressed (told by its magic
    /// bytes, [`compress::decompressed`]), with its size when known (not for a compressed
    /// input, whose text has another size). An input that holds no notation (an image, a
    /// document, binary data, seega's JSON: [`content`]) is an error of kind `InvalidData`
    /// that names what it looks like; [`Input::read_whole`] refuses the same.
    ///
    /// ```
    /// use std::io::Read;
    ///
    /// let (mut text, size) = seega::input::Input::File("samples/standard.sgn".into()).open()?;
    /// let mut s = String::new();
    /// text.read_to_string(&mut s)?;
    /// assert_eq!(size, Some(s.len() as u64));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn open(&self) -> std::io::Result<(Box<dyn Read + Send>, Option<u64>)> {
        self.open_through(|raw| raw)
    }

    /// Opens the input as [`Input::open`] does, its bytes read through `wrap` before they are
    /// decompressed: for a reader that must see every read of the file itself (one that a
    /// signal stops, or that counts what it reads).
    ///
    /// ```
    /// use std::io::Read;
    ///
    /// let input = seega::input::Input::File("samples/standard.sgn".into());
    /// let (mut text, _) = input.open_through(|raw| Box::new(raw.take(10)))?;
    /// let mut s = String::new();
    /// text.read_to_string(&mut s)?;
    /// assert_eq!(s, "{ standard");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn open_through(
        &self,
        wrap: impl FnOnce(Box<dyn Read + Send>) -> Box<dyn Read + Send>,
    ) -> std::io::Result<(Box<dyn Read + Send>, Option<u64>)> {
        self.opened(wrap, false)
    }

    /// Opens the input as [`Input::open`] does, but takes seega's JSON and JSON Lines as well
    /// as notation (it still refuses what is no archive at all): for a reader of both, as
    /// `seega convert` is.
    ///
    /// ```
    /// let input = seega::input::Input::File("docs/diagram-5x5.png".into());
    /// let e = input.open_any().err().unwrap();
    /// assert_eq!(e.to_string(), "it looks like a PNG image, not an archive of games");
    /// ```
    pub fn open_any(&self) -> std::io::Result<(Box<dyn Read + Send>, Option<u64>)> {
        self.opened(|raw| raw, true)
    }

    fn opened(
        &self,
        wrap: impl FnOnce(Box<dyn Read + Send>) -> Box<dyn Read + Send>,
        json: bool,
    ) -> std::io::Result<(Box<dyn Read + Send>, Option<u64>)> {
        let (raw, len): (Box<dyn Read + Send>, _) = match self {
            Input::Stdin => (Box::new(std::io::stdin()), None),
            Input::File(p) => {
                let f = std::fs::File::open(p)?;
                let meta = f.metadata()?;
                if meta.is_dir() {
                    return Err(std::io::Error::other(
                        "it is a directory: name the directory among the paths to read its .sgn files",
                    ));
                }
                (Box::new(f), meta.is_file().then_some(meta.len()))
            }
        };
        let (format, reader) = text_in(wrap(raw), json)?;
        Ok((reader, len.filter(|_| format.is_none())))
    }

    /// Reads the whole input, as [`Input::open`] reads it, refusing more than
    /// [`MAX_FILE_BYTES`] of text; with the metadata of its file as it was opened (a command
    /// that rewrites it refuses to if it changed since) and its compression (what a rewrite
    /// writes it in).
    ///
    /// A file may be a FIFO or a pipe (`<(...)`): it is read like `cat` would, waiting for its
    /// writer.
    ///
    /// ```
    /// let whole = seega::input::Input::File("samples/standard.sgn".into()).read_whole()?;
    /// assert!(whole.bytes.starts_with(b"{ standard rules"));
    /// assert_eq!(whole.compression, None);
    /// assert!(whole.metadata.is_some());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn read_whole(&self) -> std::io::Result<Whole> {
        let too_big = |n: u64| {
            std::io::Error::other(format!(
                "it holds {n} bytes or more; seega reads at most {MAX_FILE_BYTES} bytes (1 GiB) from one input"
            ))
        };
        let mut metadata = None;
        let mut size = 0;
        let raw: Box<dyn Read + Send> = match self {
            Input::Stdin => Box::new(std::io::stdin()),
            Input::File(p) => {
                let f = std::fs::File::open(p)?;
                let meta = f.metadata()?;
                if meta.is_dir() {
                    return Err(std::io::Error::other("it is a directory"));
                }
                size = meta.len();
                metadata = Some(meta);
                Box::new(f)
            }
        };
        let (compression, reader) = compress::decompressed(raw)?;
        // A plain file is refused by its size before it is read; a compressed one by the size
        // of its text, as it is read.
        if compression.is_none() && size > MAX_FILE_BYTES {
            return Err(too_big(size));
        }
        let mut bytes = Vec::new();
        if compression.is_none() {
            // Refused as an error, not an abort, when the process may not hold that much.
            bytes
                .try_reserve_exact(usize::try_from(size).unwrap_or(usize::MAX))
                .map_err(|_| {
                    std::io::Error::new(
                        std::io::ErrorKind::OutOfMemory,
                        format!("it holds {size} bytes, more than seega may hold in memory here"),
                    )
                })?;
        }
        // `read_to_end` gives `ErrorKind::OutOfMemory` rather than aborting when it cannot grow.
        reader.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_big(bytes.len() as u64));
        }
        content::refuse(&bytes, false)?;
        Ok(Whole {
            bytes,
            metadata,
            compression,
        })
    }

    /// The text of the whole input, as [`Input::read_whole`] reads it.
    ///
    /// ```
    /// let text = seega::input::Input::File("samples/standard.sgn".into()).read()?;
    /// assert!(text.starts_with(b"{ standard rules"));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn read(&self) -> std::io::Result<Vec<u8>> {
        self.read_whole().map(|w| w.bytes)
    }
}

/// An input read whole ([`Input::read_whole`]).
#[derive(Debug)]
#[non_exhaustive]
pub struct Whole {
    /// Its text: the decompressed bytes of a compressed input.
    pub bytes: Vec<u8>,
    /// The metadata of its file as it was opened, when it is one.
    pub metadata: Option<std::fs::Metadata>,
    /// The compression it was read from, if any.
    pub compression: Option<Compression>,
}

impl Whole {
    /// A text read from elsewhere, as if it had been read whole from an input: no file, no
    /// compression.
    ///
    /// ```
    /// let whole = seega::input::Whole::text(b"1. a1,b1 *\n".to_vec());
    /// assert!(whole.metadata.is_none() && whole.compression.is_none());
    /// ```
    pub fn text(bytes: Vec<u8>) -> Whole {
        Whole {
            bytes,
            metadata: None,
            compression: None,
        }
    }
}

/// The file at `path` opened as a stream of text: decompressed when it is compressed, as
/// [`Input::open`] opens it.
///
/// ```
/// let games = seega::GameReader::new(seega::input::open_path("samples/standard.sgn")?);
/// assert!(games.count() > 0);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn open_path(path: impl AsRef<Path>) -> std::io::Result<Box<dyn Read + Send>> {
    Input::File(path.as_ref().to_owned()).open().map(|(r, _)| r)
}

/// The text of a stream of bytes, as [`Input::open`] reads a file's: decompressed when its first
/// bytes are a compression format's magic, and refused when it holds no notation
/// ([`content::NotAnArchive`]: an image, a document, binary data, seega's JSON).
///
/// ```
/// use std::io::Read;
///
/// let mut s = String::new();
/// seega::input::text(Box::new(&b"1. a1,b1 *\n"[..]))?.read_to_string(&mut s)?;
/// assert_eq!(s, "1. a1,b1 *\n");
/// let e = seega::input::text(Box::new(&b"%PDF-1.7\n"[..])).err().unwrap();
/// assert_eq!(e.to_string(), "it looks like a PDF document, not an archive of games");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn text(raw: Box<dyn Read + Send>) -> std::io::Result<Box<dyn Read + Send>> {
    text_in(raw, false).map(|(_, reader)| reader)
}

/// [`text`], with the compression read, taking JSON too when `json` says so.
fn text_in(
    raw: Box<dyn Read + Send>,
    json: bool,
) -> std::io::Result<(Option<Compression>, Box<dyn Read + Send>)> {
    let (format, reader) = compress::decompressed(raw)?;
    let (head, reader) = peek(reader)?;
    content::refuse(&head, json)?;
    Ok((format, Box::new(reader)))
}

/// The first bytes of `raw` that one read gives (up to 64 KiB: what a terminal holds so far),
/// to tell the input's format by, and a reader of the whole input, those bytes first, that reads
/// the rest straight from `raw`. Nothing is read again after an end met at once: a terminal
/// gives its end once.
///
/// ```
/// use std::io::Read;
///
/// let (head, mut all) = seega::input::peek(&b"[Event \"x\"]\n"[..])?;
/// assert_eq!(head, b"[Event \"x\"]\n");
/// let mut s = String::new();
/// all.read_to_string(&mut s)?;
/// assert_eq!(s, "[Event \"x\"]\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn peek<R: Read>(mut raw: R) -> std::io::Result<(Vec<u8>, Peeked<R>)> {
    let mut head = vec![0; 1 << 16];
    let n = loop {
        match raw.read(&mut head) {
            Ok(n) => break n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    };
    head.truncate(n);
    let rest = raw.take(if n == 0 { 0 } else { u64::MAX });
    Ok((head.clone(), std::io::Cursor::new(head).chain(rest)))
}

/// The reader [`peek`] gives: the bytes it read, then the rest of the input.
pub type Peeked<R> = std::io::Chain<std::io::Cursor<Vec<u8>>, std::io::Take<R>>;

/// `reader`'s bytes read in `encoding` (UTF-8 passes through untouched), with the line from
/// which `auto` read Windows-1252, once it has (0 before).
///
/// ```
/// use std::io::Read;
/// use seega::Encoding;
///
/// let (mut text, switched) = seega::input::read_in(&b"[Event \"F\xeate\"]\n"[..], Encoding::Auto);
/// let mut s = String::new();
/// text.read_to_string(&mut s)?;
/// assert_eq!(s, "[Event \"Fête\"]\n");
/// assert_eq!(switched.load(std::sync::atomic::Ordering::Relaxed), 1);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_in(
    reader: impl Read + Send + 'static,
    encoding: Encoding,
) -> (Box<dyn Read + Send>, Arc<AtomicU64>) {
    let switched = Arc::new(AtomicU64::new(0));
    let reader: Box<dyn Read + Send> = match encoding {
        Encoding::Utf8 => Box::new(reader),
        e => Box::new(Transcode::new(reader, e).telling(Arc::clone(&switched))),
    };
    (reader, switched)
}

/// One input of [`resolve`], or a path it could not take with the reason.
pub type Resolved = Result<Input, (Input, std::io::Error)>;

/// The inputs named by `paths` (standard input when empty, and for `-`), each directory
/// replaced by its `*.sgn` files (and `*.sgn.gz`, `*.sgn.zst`, `*.sgn.bz2`, `*.sgn.xz`, in any
/// case), recursively and sorted. Paths that cannot be listed, directories without any `*.sgn`
/// file and special files (FIFOs, sockets, devices) met while walking a directory come back as
/// errors in their place; links to directories met while walking are not followed.
///
/// ```
/// use seega::input::{Input, resolve};
///
/// let inputs = resolve(&["samples/invalid".into(), "-".into()]);
/// assert!(inputs.len() > 2);
/// assert_eq!(inputs.last().unwrap().as_ref().ok(), Some(&Input::Stdin));
/// assert!(resolve(&["src".into()])[0].is_err()); // no .sgn file in it
/// ```
pub fn resolve(paths: &[PathBuf]) -> Vec<Resolved> {
    if paths.is_empty() {
        return vec![Ok(Input::Stdin)];
    }
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Ok(Input::Stdin));
        } else if p.is_dir() {
            let before = out.len();
            walk(p, &mut out);
            if out.len() == before {
                out.push(Err((
                    Input::File(p.clone()),
                    std::io::Error::other("the directory holds no .sgn file"),
                )));
            }
        } else {
            out.push(Ok(Input::File(p.clone())));
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<Resolved>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.push(Err((Input::File(dir.to_owned()), e)));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let is_link = p
            .symlink_metadata()
            .map(|m| m.is_symlink())
            .unwrap_or(false);
        if p.is_dir() {
            if !is_link {
                walk(&p, out);
            }
        } else if compress::is_archive_name(&p) {
            // Reading a FIFO found by walking could wait forever for a writer: only regular
            // files are taken from directories.
            match std::fs::metadata(&p) {
                Ok(m) if m.is_file() => out.push(Ok(Input::File(p))),
                Ok(_) => out.push(Err((
                    Input::File(p),
                    std::io::Error::other(
                        "it is not a regular file (a FIFO, socket or device); name it on its own to read it",
                    ),
                ))),
                Err(e) => out.push(Err((Input::File(p), e))),
            }
        }
    }
}
