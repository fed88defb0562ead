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
#[path = "../cli_svg.rs"]
mod cli_svg;
#[path = "../split.rs"]
mod split;
#[path = "../first_hour.rs"]
mod first_hour;
#[path = "../readme.rs"]
mod readme;
#[path = "../terminal.rs"]
mod terminal;
#[path = "../hostile_cli.rs"]
mod hostile_cli;
#[path = "../stray_bytes.rs"]
mod stray_bytes;
#[path = "../uncut.rs"]
mod uncut;
#[path = "../interrupt.rs"]
mod interrupt;
#[path = "../encoding.rs"]
mod encoding;
#[path = "../generate.rs"]
mod generate;
