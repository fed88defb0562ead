//! The game objects of a whole text, in order: what the JSON of `convert` holds for each
//! game, built from the syntax tree and the verdict of a scan of the text (see
//! [`crate::render::game_json`]; `convert` itself builds them on its workers, chunk by chunk).
//!
//! ```
//! use seega::archive::for_each_object;
//! use seega::notation::Source;
//! use seega::validate::Options;
//!
//! let source = Source::from_text("1. a1,b1 *\n\n1. c3,d1 *\n");
//! let mut valid = Vec::new();
//! for_each_object::<()>(&source, "two.sgn", &Options::default(), &mut |o| {
//!     valid.push(o.valid);
//!     Ok(())
//! })?;
//! assert_eq!(valid, [true, false]);
//! # Ok::<(), ()>(())
//! ```

use crate::notation::LineIndex;
use crate::render::game_json::{GameObject, Origin};

/// Builds the object of every game of `source` (named `file`) in order and hands each to
/// `sink`, stopping at the first error `sink` returns.
pub fn for_each_object<E>(
    source: &crate::notation::Source,
    file: &str,
    opts: &crate::validate::Options,
    sink: &mut dyn FnMut(GameObject) -> Result<(), E>,
) -> Result<(), E> {
    objects_of(source, None, file, opts, sink)
}

/// [`for_each_object`] of the file `bytes`: the objects of games whose text is not UTF-8 also
/// get their `source_bytes`, as `convert` writes them.
pub fn for_each_object_of_bytes<E>(
    bytes: &[u8],
    file: &str,
    opts: &crate::validate::Options,
    sink: &mut dyn FnMut(GameObject) -> Result<(), E>,
) -> Result<(), E> {
    let source = crate::notation::Source::from_bytes(bytes);
    objects_of(&source, Some(bytes), file, opts, sink)
}

fn objects_of<E>(
    source: &crate::notation::Source,
    bytes: Option<&[u8]>,
    file: &str,
    opts: &crate::validate::Options,
    sink: &mut dyn FnMut(GameObject) -> Result<(), E>,
) -> Result<(), E> {
    let opts = crate::validate::Options {
        record: true,
        ..*opts
    };
    let text = source.text();
    let lines = LineIndex::new(text);
    let at = Origin {
        file,
        file_bytes: None,
        text,
        lines: &lines,
        raw: bytes.map(|b| (b, source)),
    };
    for checked in crate::archive::check_source(source, &opts) {
        sink(GameObject::new(
            &checked.game,
            &checked.verdict,
            checked.index,
            at,
        ))?;
    }
    Ok(())
}
