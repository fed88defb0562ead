//! The `seega` command run as a user runs it: every subcommand, the README's commands, terminals,
//! signals, hostile and odd input.
//!
//! One test binary of several files (each a module below), so that the dependencies are
//! linked once for all of them.

#[path = "../common/mod.rs"]
mod common;

#[path = "../cli.rs"]
mod cli;
#[path = "../cli_convert_show_fmt.rs"]
mod cli_convert_show_fmt;
#[path = "../cli_fix_results.rs"]
mod cli_fix_results;
#[path = "../cli_html.rs"]
mod cli_html;
#[path = "../cli_moves.rs"]
mod cli_moves;
#[path = "../cli_show_line.rs"]
mod cli_show_line;
#[path = "../cli_svg.rs"]
mod cli_svg;
#[path = "../conventions.rs"]
mod conventions;
#[path = "../encoding.rs"]
mod encoding;
#[path = "../first_hour.rs"]
mod first_hour;
#[path = "../generate.rs"]
mod generate;
#[path = "../hostile_cli.rs"]
mod hostile_cli;
#[path = "../hostile_variations.rs"]
mod hostile_variations;
#[path = "../interrupt.rs"]
mod interrupt;
#[path = "../lsp.rs"]
mod lsp;
#[path = "../lsp_editors.rs"]
mod lsp_editors;
#[path = "../lsp_views.rs"]
mod lsp_views;
#[path = "../readme.rs"]
mod readme;
#[path = "../split.rs"]
mod split;
#[path = "../stray_bytes.rs"]
mod stray_bytes;
#[path = "../terminal.rs"]
mod terminal;
#[path = "../uncut.rs"]
mod uncut;
