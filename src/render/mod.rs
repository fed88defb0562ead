//! Rendering for people and programs: miette reports, the JSON wire types, and the escaping of
//! everything from a file or a path that a terminal shows ([`terminal`]).
//!
//! Wire types are separate from engine types: nothing in `engine` derives `Serialize`.

pub mod ascii;
pub mod diagnostic;
pub mod file_report;
pub mod game_json;
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
