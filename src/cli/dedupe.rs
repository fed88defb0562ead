//! `seega dedupe`: report or drop games recorded more than once.

use std::collections::HashMap;
use std::io::Write;
use std::ops::Range;

use serde::Serialize;

use seega::archive::check_source;
use seega::dedupe::{identity, richness};
use seega::render::wire::FileName;

use super::args::{DedupeArgs, DedupeFormat};
use super::copy::{Copier, File};
use super::inputs::{for_each_input, stamps};
use super::output::{OutputError, Transaction, is_stdout};
use super::{Exit, shown, trouble};

/// One game in the report (the JSON wire form).
#[derive(Debug, Serialize)]
struct Entry {
    #[serde(flatten)]
    file: FileName,
    game: usize,
    identity: String,
    /// Whether the game is valid: only valid games are compared.
    valid: bool,
    /// The copy kept in its place, when this game is a duplicate.
    duplicate_of: Option<Place>,
}

/// A game as seen in the first pass.
struct Seen {
    place: Place,
    /// Whether it is valid (the ruleset of a valid game is the one it was played under).
    valid: bool,
    identity: String,
    richness: (usize, usize, usize),
    /// The game's input and bytes in it, kept only when dropping duplicates.
    piece: Option<(usize, Range<usize>)>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
struct Place {
    /// The file's name for people.
    #[serde(skip)]
    name: String,
    /// Its name in JSON.
    #[serde(flatten)]
    file: FileName,
    game: usize,
}

/// Runs `seega dedupe`.
pub fn run(args: &DedupeArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(opts) = super::options(&args.rules, false) else {
        return Ok(Exit::Trouble);
    };
    let mut games: Vec<Seen> = Vec::new();
    // With --drop, the inputs' bytes: the games kept are copied from them as they are.
    let mut files: Vec<Vec<u8>> = Vec::new();
    let mut tx = Transaction::new(stamps(&args.paths));
    let output = match &args.output {
        Some(p) if !is_stdout(p) => match tx.create(p) {
            Ok(o) => Some((o, p)),
            Err(e) => {
                e.report();
                return Ok(Exit::Trouble);
            }
        },
        _ => None,
    };
    let io_trouble = for_each_input(&args.paths, &mut |input, bytes| {
        let source = super::inputs::decode(input, &bytes, args.encoding);
        let first = games.len();
        let mut starts = Vec::new();
        for c in check_source(&source, &opts) {
            let rules = c.verdict.rules.unwrap_or(opts.default_rules);
            let id = identity(&c.game, &rules, args.symmetric);
            let place = Place {
                name: input.name(),
                file: input.json_name(),
                game: c.index,
            };
            starts.push(c.game.span.start);
            games.push(Seen {
                place,
                identity: id,
                richness: richness(&c.game),
                valid: c.verdict.is_valid(),
                piece: None,
            });
        }
        if args.drop {
            let file = File::new(files.len(), &bytes);
            for (g, range) in games[first..].iter_mut().zip(file.pieces(&source, &starts)) {
                g.piece = Some((files.len(), range));
            }
            files.push(bytes);
        }
        Ok(())
    })?;
    // The copy to keep for each identity: the richest; the first among equals. Only valid
    // games are compared: a truncated or broken record is never taken for a copy of a game,
    // nor a game for a copy of it, and each is kept.
    let mut best: HashMap<&str, usize> = HashMap::new();
    for (i, g) in games.iter().enumerate().filter(|(_, g)| g.valid) {
        let slot = best.entry(g.identity.as_str()).or_insert(i);
        if g.richness > games[*slot].richness {
            *slot = i;
        }
    }
    let kept_of = |i: usize| match games[i].valid {
        true => best.get(games[i].identity.as_str()).copied().unwrap_or(i),
        false => i,
    };
    let duplicates = (0..games.len()).filter(|&i| kept_of(i) != i).count();
    let invalid = games.iter().filter(|g| !g.valid).count();
    let not_compared = match invalid {
        0 => String::new(),
        1 => "; 1 invalid game was not compared and is kept".to_owned(),
        n => format!("; {n} invalid games were not compared and are kept"),
    };
    if args.drop {
        let files: Vec<File<'_>> = files
            .iter()
            .enumerate()
            .map(|(k, b)| File::new(k, b))
            .collect();
        let write = |w: &mut dyn Write| -> std::io::Result<()> {
            let mut copier = Copier::new();
            for (i, g) in games.iter().enumerate() {
                if let (true, Some((f, range))) = (kept_of(i) == i, &g.piece) {
                    copier.piece(w, &files[*f], range.clone(), None)?;
                }
            }
            Ok(())
        };
        match output {
            Some((o, path)) => {
                if io_trouble {
                    trouble(format_args!(
                        "an input could not be read, so `{}` was not written",
                        shown(path)
                    ));
                    return Ok(Exit::Trouble);
                }
                let written = write(tx.writer(o)).map_err(|e| OutputError {
                    path: path.clone(),
                    why: e.into(),
                });
                if let Err(e) = written.and_then(|()| tx.commit()) {
                    e.report();
                    return Ok(Exit::Trouble);
                }
            }
            None => write(out)?,
        }
        super::stdio::line(format_args!(
            "dropped {duplicates} duplicate {} of {}{not_compared}",
            if duplicates == 1 { "game" } else { "games" },
            games.len()
        ));
    } else {
        for (i, g) in games.iter().enumerate() {
            let (place, id) = (&g.place, &g.identity);
            let k = kept_of(i);
            let duplicate_of = (k != i).then(|| games[k].place.clone());
            match args.format {
                DedupeFormat::Jsonl => {
                    let e = Entry {
                        file: place.file.clone(),
                        game: place.game,
                        identity: id.clone(),
                        valid: g.valid,
                        duplicate_of,
                    };
                    serde_json::to_writer(&mut *out, &e)?;
                    writeln!(out)?;
                }
                DedupeFormat::Human => {
                    if let Some(d) = duplicate_of {
                        writeln!(
                            out,
                            "{} game {} is a copy of {} game {}, the copy kept ({id})",
                            place.name, place.game, d.name, d.game
                        )?;
                    }
                }
            }
        }
        if args.format == DedupeFormat::Human {
            writeln!(
                out,
                "{} games, {duplicates} {}{not_compared}",
                games.len(),
                if duplicates == 1 {
                    "duplicate"
                } else {
                    "duplicates"
                }
            )?;
        }
    }
    Ok(if io_trouble {
        Exit::Trouble
    } else {
        Exit::Valid
    })
}
