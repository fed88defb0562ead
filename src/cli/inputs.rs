//! The command's side of reading inputs: what it says about them on standard error, and the
//! identity of their files. Opening, decompressing, decoding and walking directories are the
//! library's (`seega::input`), shared with every other user of it.

use seega::Encoding;
use seega::notation::Source;

pub use seega::input::{Input, Whole, peek, read_in, resolve};

use super::output::Stamp;

/// The identity of the file behind `input`, when it has one (standard input redirected from a
/// file has that file's).
pub fn stamp(input: &Input) -> Option<Stamp> {
    let path = match input {
        Input::Stdin => std::path::Path::new("/dev/stdin"),
        Input::File(p) => p,
    };
    std::fs::metadata(path).ok().map(|m| Stamp::of(&m))
}

/// The stamp of the file `whole` was read from, as it was opened.
pub fn stamp_of(whole: &Whole) -> Option<Stamp> {
    whole.metadata.as_ref().map(Stamp::of)
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

/// [`decode`] of bytes no longer needed: UTF-8 text keeps their buffer
/// ([`Source::decode_vec`]), so the input is held once.
pub fn decode_vec(input: &Input, bytes: Vec<u8>, encoding: Encoding) -> Source {
    let (source, switched) = Source::decode_vec(bytes, encoding);
    if let Some(line) = switched {
        tell_switch(input, line);
    }
    source
}

/// [`decode`] for a command that copies the input's own bytes as well: when they are UTF-8
/// without a byte-order mark (and read as UTF-8), they are the text, and are held once, as
/// the text (`None`); otherwise they are kept beside it. The bytes are then
/// `kept.as_deref().unwrap_or(source.text().as_bytes())`.
pub fn decode_keeping(
    input: &Input,
    bytes: Vec<u8>,
    encoding: Encoding,
) -> (Source, Option<Vec<u8>>) {
    let bytes = match encoding {
        Encoding::Utf8 | Encoding::Auto if !bytes.starts_with(seega::notation::BOM) => {
            match String::from_utf8(bytes) {
                Ok(text) => return (Source::from_text(text), None),
                Err(e) => e.into_bytes(),
            }
        }
        _ => bytes,
    };
    (decode(input, &bytes, encoding), Some(bytes))
}

/// Says on stderr that `auto` read `input` as Windows-1252 from `line` on.
pub fn tell_switch(input: &Input, line: u64) {
    super::stdio::line(format_args!(
        "seega: warning: `{}` is not UTF-8 from line {line} on: read as Windows-1252 from there (--encoding auto)",
        input.name()
    ));
}
