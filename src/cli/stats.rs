//! `seega stats`: counts over whole archives.

use std::io::Write;

use seega::archive::check_source;
use seega::tools::stats::{RulesetStats, Stats};

use seega::validate::Options;

use super::Exit;
use super::args::{StatsArgs, StatsFormat};
use super::config::Sources;
use super::inputs::decode_vec;

/// What `seega stats` runs with.
pub struct Config {
    /// The archives to count.
    sources: Sources,
    /// The rules of games without a Rules tag.
    options: Options,
    format: StatsFormat,
    /// Whether `--rules` was given without `--force-rules` (see [`super::rules_note`]).
    rules_given: bool,
}

impl Config {
    /// The configuration `args` ask for.
    pub fn new(args: &StatsArgs) -> Config {
        Config {
            sources: Sources::new(&args.input, args.encoding),
            options: args.rules.options(true),
            format: args.format,
            rules_given: args.rules.may_lose_to_tags(),
        }
    }
}

/// Runs `seega stats`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let mut stats = Stats::default();
    let mut tag_ruled = 0;
    let reads = config.sources.for_each(&mut |input, bytes| {
        let source = decode_vec(input, bytes, config.sources.encoding);
        for checked in check_source(&source, &config.options) {
            tag_ruled += usize::from(checked.tag_ruled);
            stats.add(&checked);
        }
        Ok(())
    })?;
    if reads.none {
        return Ok(Exit::Trouble);
    }
    match config.format {
        StatsFormat::Json => {
            seega::render::json_text::to_writer_pretty(&mut *out, &stats)?;
            writeln!(out)?;
        }
        StatsFormat::Human => write_table(out, &stats)?,
    }
    if config.rules_given {
        super::rules_note(tag_ruled);
    }
    Ok(if reads.trouble {
        Exit::Trouble
    } else {
        Exit::Valid
    })
}

/// The table's columns: a header, and where its count comes from.
const RESULTS: [(&str, &str); 5] = [
    ("1-0", "1-0"),
    ("0-1", "0-1"),
    ("1/2-1/2", "1/2-1/2"),
    ("*", "*"),
    ("no result", "none"),
];
/// The endings' columns; `limit` is shown only when a game ended by it (an option most archives
/// do not use).
const ENDINGS: [(&str, &str); 5] = [
    ("capture-all", "capture-all"),
    ("barrier", "barrier"),
    ("blocked", "blocked"),
    ("limit", "limit"),
    ("not ended", "none"),
];

/// How a column counts the games of one ruleset.
type Count<'a> = Box<dyn Fn(&RulesetStats) -> u64 + 'a>;

fn write_table(out: &mut impl Write, s: &Stats) -> std::io::Result<()> {
    writeln!(
        out,
        "{} {}: {} valid, {} invalid\n",
        s.games,
        if s.games == 1 { "game" } else { "games" },
        s.valid,
        s.invalid
    )?;
    // Each column as wide as its header or its largest count, one space apart: the table of
    // the usual rulesets fits in 100 columns.
    let name_width = s.rulesets.keys().map(String::len).max().unwrap_or(0).max(7);
    let digits = |n: u64| n.to_string().len();
    let width = |header: &str, of: &dyn Fn(&RulesetStats) -> u64| {
        s.rulesets
            .values()
            .map(|r| digits(of(r)))
            .max()
            .unwrap_or(1)
            .max(header.len())
    };
    let count = |map: &std::collections::BTreeMap<String, u64>, key: &str| {
        map.get(key).copied().unwrap_or(0)
    };
    let mut columns: Vec<(&str, usize, Count<'_>)> = Vec::new();
    columns.push(("games", 0, Box::new(|r: &RulesetStats| r.games)));
    for (header, key) in RESULTS {
        columns.push((
            header,
            0,
            Box::new(move |r: &RulesetStats| count(&r.results, key)),
        ));
    }
    let by_limit = s
        .rulesets
        .values()
        .any(|r| count(&r.terminations, "limit") > 0);
    for (header, key) in ENDINGS {
        if key == "limit" && !by_limit {
            continue;
        }
        columns.push((
            header,
            0,
            Box::new(move |r: &RulesetStats| count(&r.terminations, key)),
        ));
    }
    for c in &mut columns {
        c.1 = width(c.0, &*c.2);
    }
    write!(out, "{:<name_width$}", "ruleset")?;
    for (header, w, _) in &columns {
        write!(out, " {header:>w$}")?;
    }
    writeln!(out)?;
    for (name, r) in &s.rulesets {
        write!(out, "{name:<name_width$}")?;
        for (_, w, of) in &columns {
            write!(out, " {:>w$}", of(r))?;
        }
        writeln!(out)?;
    }
    if s.valid == 0 {
        writeln!(out, "\nno valid games")?;
    } else {
        writeln!(
            out,
            "\nper valid game: {:.1} placement turns, {:.1} movement turns, {:.1} captures",
            s.avg_placement_turns, s.avg_movement_turns, s.avg_captures
        )?;
    }
    match s.first_mover_win_rate {
        Some(rate) => writeln!(
            out,
            "first mover won {} of {} decisive games ({:.1}%)",
            s.first_mover_wins,
            s.decisive_games,
            rate * 100.0
        )?,
        None => writeln!(out, "no decisive games")?,
    }
    writeln!(out, "longest chain: {} steps", s.longest_chain)
}
