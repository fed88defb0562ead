//! Rendering for people and programs: miette reports, the JSON wire types, and the escaping of
//! everything from a file or a path that a terminal shows ([`terminal`]).
//!
//! Wire types are separate from engine types: nothing in `engine` derives `Serialize`.
//!
//! # Inside
//!
//! `terminal`: the one function that escapes text from a file for a human reader (`escape`:
//! controls, C1, bidirectional controls and marks, line separators written as `\n`, `\u{1b}`,
//! `\u{202e}`, clean text returned without a copy) and the one for paths (`path`: the same, and
//! bytes that are not UTF-8 as `\xNN`); miette reports (`diagnostic`: snippets cut to a window on
//! long lines, lone CR drawn as a line end, each byte of a hidden character drawn as `?` so that
//! columns stay right, messages, help, labels and the name through `escape`; message and help
//! wrapped by `wrap` where it is sure to give textwrap's lines — ASCII words and single spaces,
//! tested against textwrap's own breaks —, by textwrap otherwise), a chunk's problems as `check`
//! writes them (`file_report`: reports, short lines or JSON Lines, the lines each problem shows
//! indexed alone, found going forward through the chunk), JSON wire types for `check` (`wire`;
//! `FileName`, how JSON names a path that is not UTF-8), game objects for `convert` (`game_json`:
//! the wire structs, built from a checked game's `Doc` and verdict, read back into a `Doc`, and
//! written by `serde_json` into a chunk's buffer with the game numbers left as marks,
//! `write_object`; `game_json/clean.rs` makes the object of a game the fast lane found clean from
//! its `CleanGame`, held equal to its JSON read back by `src/archive/convert/tests.rs`; see
//! `spec/json.md` and `spec/game.schema.json`), a game as a table's rows read it (`game_view`:
//! a visitor that a game object and the lane's `CleanGame` both feed, for Parquet), the fast writer
//! of the same JSON for the fast lane's games (`game_writer`, from the lane's `CleanGame` into a
//! `json_buf::JsonBuf`; `clean/notes.rs` writes piece by piece what most games lack: comments,
//! glyphs, annotations, escaped tag values; constant fragments, integers without formatting, one
//! escaping function; the buffer keeps its room initialised, so a writer can take a window of
//! constant size, write into it at places it computes and keep what it wrote with one test of the
//! room; `tests/json_writer.rs` proves its bytes equal `serde_json`'s of `GameObject` for every
//! game of the test files), ASCII boards (`ascii`) and SVG diagrams (`svg`), which both draw the
//! `Highlight` of `highlight` (the last turn's squares, the moving piece's path and the captured
//! squares, from a checked game), so they always agree; the replay page (`html`: written as its
//! games come, each game's start and its turns' effects as JSON escaped for a `<script>` element,
//! `html/data.rs` building it from a checked game's verdict and states, `html/replay.js` replaying
//! it in the page) draws its board with `svg/live.rs`, the diagram's geometry and colours with
//! every square's highlight, cross and piece present, and the arrow computed by the same `Arrow` as
//! the diagram's.

pub mod ascii;
pub mod diagnostic;
pub mod file_report;
pub mod game_json;
pub mod game_view;
pub(crate) mod game_writer;
pub(crate) mod highlight;
pub mod html;
pub(crate) mod json_buf;
pub mod json_text;
mod snippet;
pub mod svg;
pub mod terminal;
pub mod wire;
mod wrap;
