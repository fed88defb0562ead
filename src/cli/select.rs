//! `seega select`: keep the games that match, quarantine the invalid ones.

use std::io::Write;
use std::path::Path;

use seega::archive::check_source;
use seega::engine::Ruleset;
use seega::notation::{GameResult, LineIndex, Source};
use seega::select::Filter;

use super::args::SelectArgs;
use super::atomic::write_atomically;
use super::inputs::for_each_input;
use super::{Exit, trouble};

/// Builds the filter from the arguments, or says what is wrong with them.
fn filter(args: &SelectArgs) -> Result<Filter, String> {
    let pair = |s: &str| {
        s.split_once('=')
            .map(|(n, v)| (n.to_owned(), v.to_owned()))
            .ok_or_else(|| format!("`{s}` is not NAME=VALUE"))
    };
    let mut f = Filter {
        min_turns: args.min_turns,
        max_turns: args.max_turns,
        position: args.position.clone(),
        symmetric: args.symmetric,
        valid: if args.valid {
            Some(true)
        } else if args.invalid {
            Some(false)
        } else {
            None
        },
        ..Filter::default()
    };
    for t in &args.tag {
        f.tags.push(pair(t)?);
    }
    for t in &args.tag_regex {
        let (name, pattern) = pair(t)?;
        let re = regex::Regex::new(&pattern).map_err(|e| format!("--tag-regex {t:?}: {e}"))?;
        f.tag_patterns.push((name, re));
    }
    if let Some(r) = &args.result {
        f.result = Some(
            GameResult::parse(r)
                .ok_or_else(|| format!("--result {r:?}: write 1-0, 0-1, 1/2-1/2 or *"))?,
        );
    }
    if let Some(r) = &args.ruleset {
        f.rules = Some(Ruleset::parse(r).map_err(|e| format!("--ruleset {r:?}: {e}"))?);
    }
    Ok(f)
}

/// Runs `seega select`.
pub fn run(args: &SelectArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(opts) = super::options(&args.rules, args.position.is_some()) else {
        return Ok(Exit::Trouble);
    };
    let filter = match filter(args) {
        Ok(f) => f,
        Err(why) => {
            trouble(format_args!("{why}"));
            return Ok(Exit::Trouble);
        }
    };
    let (mut kept, mut quarantined, mut total) = (Vec::new(), Vec::new(), 0usize);
    let io_trouble = for_each_input(&args.paths, &mut |input, bytes| {
        let source = Source::from_bytes(&bytes);
        let text = source.text();
        let lines = LineIndex::new(text);
        let name = input.name();
        for c in check_source(&source, &opts) {
            total += 1;
            let game_text = c.game.span.of(text);
            if args.invalid_to.is_some() && !c.verdict.is_valid() {
                let mut q = String::new();
                for p in c.verdict.problems.iter().filter(|p| p.is_error()) {
                    let at = lines.line_col(text, p.span.start);
                    let note = format!(
                        "{} at {name}:{}:{}: {}",
                        p.code, at.line, at.column, p.message
                    );
                    q.push_str(&format!("{{ {} }}\n", note.replace('}', ")")));
                }
                q.push_str(game_text);
                quarantined.push(q);
            } else if filter.matches(&c) {
                kept.push(game_text.to_owned());
            }
        }
        Ok(())
    })?;
    let write = |w: &mut dyn Write, games: &[String]| -> std::io::Result<()> {
        for (i, g) in games.iter().enumerate() {
            if i > 0 {
                w.write_all(b"\n")?;
            }
            w.write_all(g.as_bytes())?;
            w.write_all(b"\n")?;
        }
        Ok(())
    };
    let mut trouble_writing = false;
    let mut to_file = |path: &Path, games: &[String]| {
        if let Err(e) = write_atomically(path, &mut |w| write(w, games)) {
            trouble(format_args!("cannot write `{}`: {e}", path.display()));
            trouble_writing = true;
        }
    };
    if let Some(path) = &args.invalid_to {
        to_file(path, &quarantined);
    }
    match &args.output {
        Some(path) => to_file(path, &kept),
        None => write(out, &kept)?,
    }
    let mut note = format!("selected {} of {total} games", kept.len());
    if let Some(path) = &args.invalid_to {
        note.push_str(&format!(
            "; {} invalid to {}",
            quarantined.len(),
            path.display()
        ));
    }
    eprintln!("{note}");
    Ok(if io_trouble || trouble_writing {
        Exit::Trouble
    } else {
        Exit::Valid
    })
}
