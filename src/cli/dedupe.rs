//! `seega dedupe`: report or drop games recorded more than once.

use std::collections::HashMap;
use std::io::Write;
use std::ops::Range;
use std::path::PathBuf;

use serde::Serialize;

use seega::archive::check_source;
use seega::render::wire::FileName;
use seega::tools::dedupe::{identity, richness};
use seega::validate::Options;

use super::args::{DedupeArgs, DedupeFormat};
use super::config::{Reads, Sources};
use super::copy::{Copier, File};
use super::output::{OutputError, Transaction, is_stdout};
use super::{Exit, shown, trouble};

/// One game in the report (the JSON wire form, `spec/dedupe.schema.json`).
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
    /// Whether its Rules tag won over `--rules`.
    tag_ruled: bool,
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

/// What `seega dedupe` runs with.
pub struct Config {
    /// The archives to read.
    sources: Sources,
    /// The rules of games without a Rules tag.
    options: Options,
    /// Whether a game rotated or reflected counts as the same.
    symmetric: bool,
    /// Whether to write the archive without duplicates instead of a report.
    drop: bool,
    /// The file written with --drop, or `None` for standard output.
    output: Option<PathBuf>,
    format: DedupeFormat,
    /// Whether `--rules` was given without `--force-rules` (see [`super::rules_note`]).
    rules_given: bool,
}

impl Config {
    /// The configuration `args` ask for.
    pub fn new(args: &DedupeArgs) -> Config {
        Config {
            sources: Sources::new(&args.input, args.encoding),
            options: args.rules.options(false),
            symmetric: args.symmetric,
            drop: args.drop,
            output: args.output.clone().filter(|p| !is_stdout(p)),
            format: args.format,
            rules_given: args.rules.may_lose_to_tags(),
        }
    }
}

/// The games of every input, and with --drop the inputs' bytes (the games kept are copied from
/// them as they are); how reading the inputs went.
fn read(config: &Config) -> std::io::Result<(Vec<Seen>, Vec<Vec<u8>>, Reads)> {
    let opts = &config.options;
    let mut games: Vec<Seen> = Vec::new();
    let mut files: Vec<Vec<u8>> = Vec::new();
    let io_trouble = config.sources.for_each(&mut |input, bytes| {
        // The input is held once: as the text, and with --drop as the bytes the kept games are
        // copied from when the text is not the input's bytes exactly.
        let (source, kept) = if config.drop {
            super::inputs::decode_keeping(input, bytes, config.sources.encoding)
        } else {
            let source = super::inputs::decode_vec(input, bytes, config.sources.encoding);
            (source, None)
        };
        let first = games.len();
        let mut starts = Vec::new();
        for c in check_source(&source, opts) {
            let rules = c.verdict.rules.unwrap_or(opts.default_rules);
            starts.push(c.game.span.start);
            games.push(Seen {
                place: Place {
                    name: input.name(),
                    file: input.json_name(),
                    game: c.index,
                },
                identity: identity(&c.game, &rules, config.symmetric),
                richness: richness(&c.game),
                valid: c.verdict.is_valid(),
                piece: None,
                tag_ruled: c.tag_ruled,
            });
        }
        if config.drop {
            let bytes = kept.as_deref().unwrap_or(source.text().as_bytes());
            let file = File::new(files.len(), bytes);
            for (g, range) in games[first..].iter_mut().zip(file.pieces(&source, &starts)) {
                g.piece = Some((files.len(), range));
            }
            files.push(kept.unwrap_or_else(|| source.into_text().into_bytes()));
        }
        Ok(())
    })?;
    Ok((games, files, io_trouble))
}

/// For each game, the one kept in its place: the richest copy of its identity, the first among
/// equals. Only valid games are compared: a truncated or broken record is never taken for a
/// copy of a game, nor a game for a copy of it, and each is kept.
fn kept(games: &[Seen]) -> Vec<usize> {
    let mut best: HashMap<&str, usize> = HashMap::new();
    for (i, g) in games.iter().enumerate().filter(|(_, g)| g.valid) {
        let slot = best.entry(g.identity.as_str()).or_insert(i);
        if g.richness > games[*slot].richness {
            *slot = i;
        }
    }
    (0..games.len())
        .map(|i| match games[i].valid {
            true => best.get(games[i].identity.as_str()).copied().unwrap_or(i),
            false => i,
        })
        .collect()
}

/// Writes the games kept, as they were written.
fn write_kept(
    w: &mut dyn Write,
    games: &[Seen],
    kept: &[usize],
    files: &[Vec<u8>],
) -> std::io::Result<()> {
    let files: Vec<File<'_>> = files
        .iter()
        .enumerate()
        .map(|(k, b)| File::new(k, b))
        .collect();
    let mut copier = Copier::new();
    for (i, g) in games.iter().enumerate() {
        if let (true, Some((f, range))) = (kept[i] == i, &g.piece) {
            copier.piece(w, &files[*f], range.clone(), None)?;
        }
    }
    Ok(())
}

/// The report: each duplicate and the count (human), or each game (JSON Lines).
fn report(
    out: &mut impl Write,
    format: DedupeFormat,
    games: &[Seen],
    kept: &[usize],
    summary: &str,
) -> std::io::Result<()> {
    match format {
        DedupeFormat::Human => report_human(out, games, kept, summary),
        DedupeFormat::Json => report_json(out, games, kept),
        DedupeFormat::Jsonl => report_jsonl(out, games, kept),
    }
}

/// One line per duplicate, naming the copy kept, then `summary`.
fn report_human(
    out: &mut impl Write,
    games: &[Seen],
    kept: &[usize],
    summary: &str,
) -> std::io::Result<()> {
    for (i, g) in games.iter().enumerate().filter(|&(i, _)| kept[i] != i) {
        let (place, d) = (&g.place, &games[kept[i]].place);
        writeln!(
            out,
            "{} game {} is a copy of {} game {}, which is kept ({})",
            place.name, place.game, d.name, d.game, g.identity
        )?;
    }
    writeln!(out, "{summary}")
}

/// The entry of each game: its identity and the copy kept in its place, if another.
fn entries<'g>(games: &'g [Seen], kept: &'g [usize]) -> impl Iterator<Item = Entry> + 'g {
    games.iter().enumerate().map(|(i, g)| {
        let k = kept[i];
        Entry {
            file: g.place.file.clone(),
            game: g.place.game,
            identity: g.identity.clone(),
            valid: g.valid,
            duplicate_of: (k != i).then(|| games[k].place.clone()),
        }
    })
}

/// One JSON object per game, a line each.
fn report_jsonl(out: &mut impl Write, games: &[Seen], kept: &[usize]) -> std::io::Result<()> {
    for e in entries(games, kept) {
        seega::render::json_text::to_writer(&mut *out, &e)?;
        writeln!(out)?;
    }
    Ok(())
}

/// One JSON array of the objects [`report_jsonl`] writes a line each.
fn report_json(out: &mut impl Write, games: &[Seen], kept: &[usize]) -> std::io::Result<()> {
    let all: Vec<Entry> = entries(games, kept).collect();
    seega::render::json_text::to_writer(&mut *out, &all)?;
    writeln!(out)
}

/// Runs `seega dedupe`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let mut tx = Transaction::new(config.sources.stamps());
    let output = match &config.output {
        Some(p) => match tx.create(p) {
            Ok(o) => Some((o, p)),
            Err(e) => {
                e.report();
                return Ok(Exit::Trouble);
            }
        },
        None => None,
    };
    let (games, files, reads) = read(config)?;
    if reads.none {
        return Ok(Exit::Trouble);
    }
    let io_trouble = reads.trouble;
    if config.rules_given {
        super::rules_note(games.iter().filter(|g| g.tag_ruled).count());
    }
    let kept = kept(&games);
    let duplicates = (0..games.len()).filter(|&i| kept[i] != i).count();
    let not_compared = match games.iter().filter(|g| !g.valid).count() {
        0 => String::new(),
        1 => "; 1 invalid game was not compared and is kept".to_owned(),
        n => format!("; {n} invalid games were not compared and are kept"),
    };
    let plural = |one: &'static str, many: &'static str| if duplicates == 1 { one } else { many };
    if !config.drop {
        let summary = format!(
            "{} games, {duplicates} {}{not_compared}",
            games.len(),
            plural("duplicate", "duplicates")
        );
        report(out, config.format, &games, &kept, &summary)?;
    } else {
        match output {
            Some((_, path)) if io_trouble => {
                trouble(format_args!(
                    "an input could not be read, so `{}` was not written",
                    shown(path)
                ));
                return Ok(Exit::Trouble);
            }
            Some((o, path)) => {
                let written =
                    write_kept(tx.writer(o), &games, &kept, &files).map_err(|e| OutputError {
                        path: path.clone(),
                        why: e.into(),
                    });
                if let Err(e) = written.and_then(|()| tx.commit()) {
                    e.report();
                    return Ok(Exit::Trouble);
                }
            }
            None => write_kept(out, &games, &kept, &files)?,
        }
        super::note(format_args!(
            "dropped {duplicates} duplicate {} of {}{not_compared}",
            plural("game", "games"),
            games.len()
        ));
    }
    Ok(if io_trouble {
        Exit::Trouble
    } else {
        Exit::Valid
    })
}
