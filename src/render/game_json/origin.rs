//! Where a game's object comes from (`Origin`), and the text an object is written back as.

use super::GameObject;
use crate::notation::LineIndex;
use crate::render::wire::DiagnosticLine;

/// Where a game comes from, to build its object.
#[derive(Debug, Clone, Copy)]
pub struct Origin<'a> {
    /// The file name used in diagnostics.
    pub file: &'a str,
    /// The file's bytes, when its name is not UTF-8 (see [`crate::render::wire::FileName`]).
    pub file_bytes: Option<&'a [u8]>,
    /// The whole text of the file.
    pub text: &'a str,
    /// Its line index.
    pub lines: &'a LineIndex,
    /// The input's bytes and their decoding, when the text is not the bytes (it held bytes
    /// that are not UTF-8): a game's `source_bytes` are taken from them.
    pub raw: Option<(&'a [u8], &'a crate::notation::Source)>,
}

impl Origin<'_> {
    /// The input's own bytes of `game`'s verbatim text (see `verbatim`), when that text holds
    /// bytes that are not UTF-8 (U+FFFD in `text`).
    pub(crate) fn verbatim_bytes(&self, game: &crate::notation::Game<'_>) -> Option<Vec<u8>> {
        verbatim_bytes(game, self.text, self.raw).map(<[u8]>::to_vec)
    }

    /// The JSON line of a problem of this file.
    pub fn diagnostic(&self, p: &crate::validate::Problem) -> DiagnosticLine {
        let mut d = DiagnosticLine::new(p, self.file, self.text, self.lines);
        d.file_bytes = self.file_bytes.map(<[u8]>::to_vec);
        d
    }
}

/// The text of `game` kept as its `source`: verbatim, without the blank lines that follow
/// it (which separate it from the next game, and which writing it back adds again).
pub(crate) fn verbatim<'t>(game: &crate::notation::Game<'_>, text: &'t str) -> &'t str {
    game.span.of(text).trim_end_matches([' ', '\t', '\r', '\n'])
}

/// The input's own bytes of `game`'s verbatim text in `text`, when that text holds bytes that
/// are not UTF-8: `raw` holds the input's bytes and their decoding into `text`.
pub(crate) fn verbatim_bytes<'b>(
    game: &crate::notation::Game<'_>,
    text: &str,
    raw: Option<(&'b [u8], &crate::notation::Source)>,
) -> Option<&'b [u8]> {
    let (bytes, source) = raw?;
    let start = game.span.start;
    let end = start + verbatim(game, text).len();
    let span = crate::notation::Span::new(start, end);
    source
        .holds_invalid(span)
        .then(|| bytes.get(source.byte_offset(start)..source.byte_offset(end)))
        .flatten()
}

/// The bytes of `obj` as a game of an archive: its `source_bytes` when it has them (the
/// input's own bytes), else [`game_text`].
pub fn game_bytes(obj: &GameObject, width: usize) -> Result<Vec<u8>, String> {
    match &obj.source_bytes {
        Some(b) => {
            let mut b = b.clone();
            if !b.ends_with(b"\n") {
                b.push(b'\n');
            }
            Ok(b)
        }
        None => game_text(obj, width).map(String::into_bytes),
    }
}

/// The text of `obj` as a game of an archive: its `source` when it has one, else its content
/// in canonical layout with the tags in the order given.
pub fn game_text(obj: &GameObject, width: usize) -> Result<String, String> {
    if let Some(s) = &obj.source {
        let mut s = s.clone();
        if !s.ends_with('\n') {
            s.push('\n');
        }
        return Ok(s);
    }
    let doc = obj.to_doc()?;
    let mut out = String::new();
    crate::notation::writer::write_game(
        &doc,
        &crate::notation::writer::WriteOptions {
            width,
            reorder_tags: false,
        },
        &mut out,
    );
    Ok(out)
}
