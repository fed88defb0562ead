//! Resolving command-line paths into inputs and reading them.

use std::io::Read;
use std::path::{Path, PathBuf};

use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use seega::notation::Source;
use seega::notation::encoding::{Encoding, Transcode};
use seega::notation::limits::MAX_FILE_BYTES;
use seega::render::terminal;
use seega::render::wire::FileName;

use super::compress::{self, Compression};
use super::output::Stamp;

/// One input: a file or standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input (`-` on the command line), named `<stdin>` in reports.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The name for people, in messages and reports: the path made safe for a terminal
    /// ([`terminal::path`]: controls escaped, bytes that are not UTF-8 as `\xNN`). JSON takes
    /// [`Input::json_name`].
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File(p) => terminal::path(p),
        }
    }

    /// The name for JSON (`file`, and `file_bytes` when the path is not UTF-8).
    pub fn json_name(&self) -> FileName {
        match self {
            Input::Stdin => FileName::text("<stdin>"),
            Input::File(p) => FileName::of(p),
        }
    }

    /// Opens the input for streaming, decompressed when it is compressed (told by its magic
    /// bytes, [`compress::decompressed`]), with its size when known (not for a compressed
    /// input, whose text has another size).
    pub fn open(&self) -> std::io::Result<(Box<dyn Read + Send>, Option<u64>)> {
        let (raw, len): (Box<dyn Read + Send>, _) = match self {
            Input::Stdin => (Box::new(std::io::stdin()), None),
            Input::File(p) => {
                let f = std::fs::File::open(p)?;
                let len = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
                (Box::new(f), len)
            }
        };
        let (format, reader) = compress::decompressed(raw)?;
        Ok((reader, len.filter(|_| format.is_none())))
    }

    /// The identity of the file behind this input, when it has one (standard input redirected
    /// from a file has that file's).
    pub fn stamp(&self) -> Option<Stamp> {
        let path = match self {
            Input::Stdin => Path::new("/dev/stdin"),
            Input::File(p) => p,
        };
        std::fs::metadata(path).ok().map(|m| Stamp::of(&m))
    }

    /// Reads the whole input, as [`Input::read`], with the stamp of the file as it was opened
    /// (an output that rewrites it is refused if it changed since) and its compression (what
    /// a rewrite writes it in).
    pub fn read_whole(&self) -> std::io::Result<Whole> {
        let too_big = |n: u64| {
            std::io::Error::other(format!(
                "it holds {n} bytes or more; seega reads at most {MAX_FILE_BYTES} bytes (1 GiB) from one input"
            ))
        };
        let mut stamp = None;
        let mut size = 0;
        let raw: Box<dyn Read + Send> = match self {
            Input::Stdin => Box::new(std::io::stdin()),
            Input::File(p) => {
                let f = std::fs::File::open(p)?;
                let meta = f.metadata()?;
                if meta.is_dir() {
                    return Err(std::io::Error::other("it is a directory"));
                }
                stamp = Some(Stamp::of(&meta));
                size = meta.len();
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
            bytes.reserve(usize::try_from(size).unwrap_or(0));
        }
        reader.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(too_big(bytes.len() as u64));
        }
        Ok(Whole {
            bytes,
            stamp,
            compression,
        })
    }

    /// Reads the whole input, refusing more than [`MAX_FILE_BYTES`].
    ///
    /// A file named on the command line may be a FIFO or a pipe (`<(...)`): it is read like
    /// `cat` would, waiting for its writer.
    pub fn read(&self) -> std::io::Result<Vec<u8>> {
        self.read_whole().map(|w| w.bytes)
    }
}

/// An input read whole ([`Input::read_whole`]).
pub struct Whole {
    /// Its text: the decompressed bytes of a compressed input.
    pub bytes: Vec<u8>,
    /// The identity of its file as it was opened, when it is one.
    pub stamp: Option<Stamp>,
    /// The compression it was read from, if any.
    pub compression: Option<Compression>,
}

/// The text of input `input`'s `bytes` read in `encoding`; when `auto` read part of it as
/// Windows-1252, says so once on stderr.
pub fn decode(input: &Input, bytes: &[u8], encoding: Encoding) -> Source {
    let (source, switched) = Source::decode(bytes, encoding);
    if let Some(line) = switched {
        tell_switch(input, line);
    }
    source
}

/// Says on stderr that `auto` read `input` as Windows-1252 from `line` on.
pub fn tell_switch(input: &Input, line: u64) {
    super::stdio::line(format_args!(
        "seega: warning: `{}` is not UTF-8 from line {line} on: read as Windows-1252 from there (--encoding auto)",
        input.name()
    ));
}

/// The first bytes of `raw` that one read gives (up to 64 KiB: what a terminal holds so far),
/// to tell the input's format by, and a reader of the whole input, those bytes first, that reads
/// the rest straight from `raw` (no byte copied twice). The reader is empty when the input
/// ended at once: a terminal gives its end once, so it is not read again.
pub fn peek(mut raw: Box<dyn Read + Send>) -> std::io::Result<(Vec<u8>, Box<dyn Read + Send>)> {
    let mut head = vec![0; 1 << 16];
    let n = loop {
        match raw.read(&mut head) {
            Ok(n) => break n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    };
    head.truncate(n);
    let rest: Box<dyn Read + Send> = if n == 0 {
        Box::new(std::io::empty())
    } else {
        Box::new(std::io::Cursor::new(head.clone()).chain(raw))
    };
    Ok((head, rest))
}

/// `reader`'s bytes read in `encoding` (UTF-8 passes through untouched), with the line from
/// which `auto` read Windows-1252, once it has (0 before).
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

/// The inputs named by `paths` (standard input when empty), each directory replaced by its
/// `*.sgn` files (and `*.sgn.gz`, `*.sgn.zst`, `*.sgn.bz2`, `*.sgn.xz`), recursively and sorted. Paths that cannot be listed, directories without any
/// `*.sgn` file and special files (FIFOs, sockets, devices) met while walking a directory come
/// back as errors in their place.
pub fn resolve(paths: &[PathBuf]) -> Vec<Result<Input, (Input, std::io::Error)>> {
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

fn walk(dir: &Path, out: &mut Vec<Result<Input, (Input, std::io::Error)>>) {
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
