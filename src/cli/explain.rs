//! `seega explain`: what a diagnostic code means, with a wrong and a right example.

use std::io::Write;

use miette::GraphicalTheme;
use seega::archive::check_source;
use seega::notation::{LineIndex, Source};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::terminal;
use seega::tools::ludii;
use seega::validate::{Code, NotACode, Options, explain, rule_text};

use super::args::ExplainArgs;
use super::{Exit, Global, trouble};

/// Runs `seega explain`.
pub fn run(args: &ExplainArgs, global: &Global, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(name) = &args.code else {
        for code in Code::ALL {
            let summary = explain(code).summary;
            let first = summary
                .split(". ")
                .next()
                .unwrap_or(summary)
                .trim_end_matches('.');
            writeln!(out, "{:<38} {:<5} {first}", code.as_str(), code.rule())?;
        }
        return Ok(Exit::Valid);
    };
    let code = match Code::lookup(name) {
        Ok(code) => code,
        Err(not) => {
            not_a_code(name, &not);
            return Ok(Exit::Trouble);
        }
    };
    let e = explain(code);
    let kind = if code.is_warning() {
        "warning"
    } else {
        "error"
    };
    writeln!(out, "{code} ({kind}, rule {})\n", code.rule())?;
    let width = global.width.min(100);
    for line in textwrap::wrap(e.summary, width) {
        writeln!(out, "{line}")?;
    }
    writeln!(out)?;
    let rule = format!("Rule {}: {}", code.rule(), rule_text(code));
    for line in textwrap::wrap(
        &rule,
        textwrap::Options::new(width).subsequent_indent("    "),
    ) {
        writeln!(out, "{line}")?;
    }
    writeln!(out, "\nWrong:\n")?;
    write_example(out, e.wrong)?;
    let theme = if global.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let renderer = Renderer::new(theme, global.width);
    let source = Source::from_bytes(e.wrong);
    let text = source.text();
    let lines = LineIndex::new(text);
    let named = NamedText {
        name: "example",
        text,
        lines: &lines,
    };
    let opts = Options::default().auto_rules(e.auto_rules);
    if e.auto_rules {
        writeln!(out, "\nseega check --rules auto says:\n")?;
    } else {
        writeln!(out, "\nseega check says:\n")?;
    }
    let problems: Vec<_> = if ludii::is_trial(e.wrong) {
        ludii::check(text).problems
    } else {
        check_source(&source, &opts)
            .flat_map(|c| c.verdict.problems)
            .collect()
    };
    for p in &problems {
        out.write_all(renderer.render(p, named).as_bytes())?;
    }
    writeln!(out, "Right:\n")?;
    write_example(out, e.right)?;
    Ok(Exit::Valid)
}

/// Writes an example indented, each line made safe for a terminal (the example of
/// `seega::input::bidi-control` holds one).
/// Says on stderr that `name` names no one code: the codes it could mean, or the nearest.
fn not_a_code(name: &str, not: &NotACode) {
    let list = |codes: &[Code]| {
        codes
            .iter()
            .map(|c| format!("`{c}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let name = terminal::escape(name);
    match not {
        NotACode::Ambiguous(codes) => trouble(format_args!(
            "`{name}` could be any of {} codes: {}\n  help: Name one of them, as `seega explain {}`.",
            codes.len(),
            list(codes),
            codes[0]
        )),
        NotACode::Unknown(nearest) if !nearest.is_empty() => trouble(format_args!(
            "`{name}` is not a diagnostic code\n  help: Did you mean {}? Run `seega explain` to list every code.",
            list(nearest).replace(", ", " or ")
        )),
        _ => trouble(format_args!(
            "`{name}` is not a diagnostic code\n  help: Run `seega explain` to list every code."
        )),
    }
}

fn write_example(out: &mut impl Write, bytes: &[u8]) -> std::io::Result<()> {
    for line in String::from_utf8_lossy(bytes).lines() {
        writeln!(out, "    {}", terminal::escape(line))?;
    }
    Ok(())
}
