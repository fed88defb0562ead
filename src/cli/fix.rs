//! `seega check --fix`: apply the engine's unique suggestions and write the corrected archive.

use std::io::Write;

use miette::GraphicalTheme;
use seega::archive::check_source;
use seega::notation::{LineIndex, Source};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::validate::fix_game;

use super::args::CheckArgs;
use super::atomic::write_atomically;
use super::inputs::{Input, resolve};
use super::{Exit, Global, trouble};

/// Runs `seega check --fix`.
pub fn run(args: &CheckArgs, global: &Global, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(opts) = super::options(&args.rules, false) else {
        return Ok(Exit::Trouble);
    };
    let renderer = Renderer::new(GraphicalTheme::unicode_nocolor(), global.width);
    let mut err = std::io::stderr().lock();
    let (mut fixed, mut left, mut io_trouble) = (0usize, 0usize, false);
    for input in resolve(&args.paths) {
        let (input, bytes) =
            match input.and_then(|i| i.read().map(|b| (i.clone(), b)).map_err(|e| (i.name(), e))) {
                Ok(x) => x,
                Err((name, e)) => {
                    trouble(format_args!("cannot read `{name}`: {e}"));
                    io_trouble = true;
                    continue;
                }
            };
        let name = input.name();
        let source = Source::from_bytes(&bytes);
        if !source.invalid().is_empty() {
            trouble(format_args!(
                "`{name}` is not UTF-8; it is not rewritten, so no byte of it is lost"
            ));
            io_trouble = true;
            continue;
        }
        let text = source.text();
        let lines = LineIndex::new(text);
        let named = NamedText {
            name: &name,
            text,
            lines: &lines,
        };
        let mut corrected = String::with_capacity(text.len());
        let mut cursor = 0;
        let mut changed = false;
        for c in check_source(&source, &opts) {
            if c.verdict.is_valid() {
                continue;
            }
            let span = c.game.span;
            let f = fix_game(span.of(text), c.index, &opts);
            if f.complete && !f.applied.is_empty() {
                corrected.push_str(&text[cursor..span.start]);
                corrected.push_str(&f.text);
                cursor = span.end;
                changed = true;
                fixed += 1;
                let at = lines.line_col(text, span.start);
                for (old, new) in &f.applied {
                    writeln!(
                        err,
                        "{name}:{}: game {}: `{old}` → `{new}`",
                        at.line, c.index
                    )?;
                }
            } else {
                left += 1;
                for p in c.verdict.problems.iter().filter(|p| p.is_error()) {
                    err.write_all(renderer.render(p, named).as_bytes())?;
                }
            }
        }
        corrected.push_str(&text[cursor..]);
        match &input {
            Input::Stdin => out.write_all(corrected.as_bytes())?,
            Input::File(path) if changed => {
                if let Err(e) = write_atomically(path, &mut |w| w.write_all(corrected.as_bytes())) {
                    trouble(format_args!("cannot rewrite `{name}`: {e}"));
                    io_trouble = true;
                }
            }
            Input::File(_) => {}
        }
    }
    writeln!(
        err,
        "fixed {fixed} {}; {left} {} still invalid",
        if fixed == 1 { "game" } else { "games" },
        if left == 1 { "game" } else { "games" }
    )?;
    Ok(if io_trouble {
        Exit::Trouble
    } else if left > 0 {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}
