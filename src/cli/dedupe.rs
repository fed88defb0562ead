//! `seega dedupe`: report or drop games recorded more than once.

use std::collections::HashMap;
use std::io::Write;

use serde::Serialize;

use seega::archive::check_source;
use seega::dedupe::{identity, richness};
use seega::notation::Source;

use super::args::{DedupeArgs, StatsFormat};
use super::atomic::write_atomically;
use super::inputs::for_each_input;
use super::{Exit, trouble};

/// One game in the report (the JSON wire form).
#[derive(Debug, Serialize)]
struct Entry {
    file: String,
    game: usize,
    identity: String,
    /// The copy kept in its place, when this game is a duplicate.
    duplicate_of: Option<Place>,
}

/// A game as seen in the first pass.
struct Seen {
    place: Place,
    identity: String,
    richness: (usize, usize, usize),
    /// The game's text, kept only when dropping duplicates.
    text: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
struct Place {
    file: String,
    game: usize,
}

/// Runs `seega dedupe`.
pub fn run(args: &DedupeArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(opts) = super::options(&args.rules, false) else {
        return Ok(Exit::Trouble);
    };
    let mut games: Vec<Seen> = Vec::new();
    let io_trouble = for_each_input(&args.paths, &mut |input, bytes| {
        let source = Source::from_bytes(&bytes);
        let text = source.text();
        for c in check_source(&source, &opts) {
            let rules = c.verdict.rules.unwrap_or(opts.default_rules);
            let id = identity(&c.game, &rules, args.symmetric);
            let place = Place {
                file: input.name(),
                game: c.index,
            };
            games.push(Seen {
                place,
                identity: id,
                richness: richness(&c.game),
                text: args.drop.then(|| c.game.span.of(text).to_owned()),
            });
        }
        Ok(())
    })?;
    // The copy to keep for each identity: the richest; the first among equals.
    let mut best: HashMap<&str, usize> = HashMap::new();
    for (i, g) in games.iter().enumerate() {
        let slot = best.entry(g.identity.as_str()).or_insert(i);
        if g.richness > games[*slot].richness {
            *slot = i;
        }
    }
    let kept_of = |i: usize| best.get(games[i].identity.as_str()).copied().unwrap_or(i);
    let duplicates = (0..games.len()).filter(|&i| kept_of(i) != i).count();
    if args.drop {
        let mut write = |w: &mut dyn Write| -> std::io::Result<()> {
            let mut first = true;
            for (i, g) in games.iter().enumerate() {
                if kept_of(i) == i {
                    if !first {
                        w.write_all(b"\n")?;
                    }
                    first = false;
                    w.write_all(g.text.as_deref().unwrap_or_default().as_bytes())?;
                    w.write_all(b"\n")?;
                }
            }
            Ok(())
        };
        match &args.output {
            Some(path) => {
                if let Err(e) = write_atomically(path, &mut write) {
                    trouble(format_args!("cannot write `{}`: {e}", path.display()));
                    return Ok(Exit::Trouble);
                }
            }
            None => write(out)?,
        }
        eprintln!("dropped {duplicates} duplicate games of {}", games.len());
    } else {
        for (i, g) in games.iter().enumerate() {
            let (place, id) = (&g.place, &g.identity);
            let k = kept_of(i);
            let duplicate_of = (k != i).then(|| games[k].place.clone());
            match args.format {
                StatsFormat::Json => {
                    let e = Entry {
                        file: place.file.clone(),
                        game: place.game,
                        identity: id.clone(),
                        duplicate_of,
                    };
                    serde_json::to_writer(&mut *out, &e)?;
                    writeln!(out)?;
                }
                StatsFormat::Human => {
                    if let Some(d) = duplicate_of {
                        writeln!(
                            out,
                            "{} game {} duplicates {} game {} ({id})",
                            place.file, place.game, d.file, d.game
                        )?;
                    }
                }
            }
        }
        if args.format == StatsFormat::Human {
            writeln!(out, "{} games, {duplicates} duplicates", games.len())?;
        }
    }
    Ok(if io_trouble {
        Exit::Trouble
    } else {
        Exit::Valid
    })
}
