//! `seega check`: replay every game and report what is wrong.

use std::io::Write;

use miette::GraphicalTheme;
use seega::archive::check_source;
use seega::engine::Ruleset;
use seega::notation::{LineIndex, Source};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::wire::{DiagnosticLine, SummaryLine};
use seega::validate::Options;

use super::args::{CheckArgs, Format};
use super::inputs::resolve;
use super::{Exit, Global, trouble};

/// Runs `seega check`.
pub fn run(args: &CheckArgs, global: &Global, out: &mut impl Write) -> std::io::Result<Exit> {
    let rules = match Ruleset::parse(&args.rules) {
        Ok(r) => r,
        Err(e) => {
            trouble(format_args!(
                "--rules {:?}: {e}\n  help: {}.",
                args.rules,
                e.help()
            ));
            return Ok(Exit::Trouble);
        }
    };
    let opts = Options {
        default_rules: rules,
        record: false,
    };
    let theme = if global.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let renderer = Renderer::new(theme, global.width);
    let mut sum = SummaryLine {
        kind: "summary".into(),
        ..SummaryLine::default()
    };
    let mut io_trouble = false;
    for input in resolve(&args.paths) {
        let input = match input {
            Ok(i) => i,
            Err((name, e)) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                io_trouble = true;
                continue;
            }
        };
        let name = input.name();
        let bytes = match input.read() {
            Ok(b) => b,
            Err(e) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                io_trouble = true;
                continue;
            }
        };
        sum.files += 1;
        let source = Source::from_vec(bytes);
        let text = source.text();
        let lines = LineIndex::new(text);
        let named = NamedText {
            name: &name,
            text,
            lines: &lines,
        };
        for checked in check_source(&source, &opts) {
            let v = &checked.verdict;
            sum.games += 1;
            if v.is_valid() {
                sum.valid += 1;
            } else {
                sum.invalid += 1;
            }
            sum.errors += v.errors();
            sum.warnings += v.warnings();
            for p in &v.problems {
                match args.format {
                    Format::Human => out.write_all(renderer.render(p, named).as_bytes())?,
                    Format::Jsonl => {
                        serde_json::to_writer(
                            &mut *out,
                            &DiagnosticLine::new(p, &name, text, &lines),
                        )?;
                        out.write_all(b"\n")?;
                    }
                }
            }
        }
    }
    match args.format {
        Format::Human => writeln!(
            out,
            "{} {}, {} {}: {} valid, {} invalid ({} {}, {} {})",
            sum.files,
            plural(sum.files, "file", "files"),
            sum.games,
            plural(sum.games, "game", "games"),
            sum.valid,
            sum.invalid,
            sum.errors,
            plural(sum.errors, "error", "errors"),
            sum.warnings,
            plural(sum.warnings, "warning", "warnings"),
        )?,
        Format::Jsonl => {
            serde_json::to_writer(&mut *out, &sum)?;
            out.write_all(b"\n")?;
        }
    }
    Ok(if io_trouble {
        Exit::Trouble
    } else if sum.invalid > 0 {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
