//! `seega stats`: counts over whole archives.

use std::io::Write;

use seega::archive::check_source;
use seega::notation::Source;
use seega::stats::Stats;

use super::args::{StatsArgs, StatsFormat};
use super::inputs::resolve;
use super::{Exit, trouble};

/// Runs `seega stats`.
pub fn run(args: &StatsArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(opts) = super::options(&args.rules, true) else {
        return Ok(Exit::Trouble);
    };
    let mut stats = Stats::default();
    let mut io_trouble = false;
    for input in resolve(&args.paths) {
        let bytes = match input.and_then(|i| i.read().map_err(|e| (i.name(), e))) {
            Ok(b) => b,
            Err((name, e)) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                io_trouble = true;
                continue;
            }
        };
        let source = Source::from_bytes(&bytes);
        for checked in check_source(&source, &opts) {
            stats.add(&checked);
        }
    }
    match args.format {
        StatsFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, &stats)?;
            writeln!(out)?;
        }
        StatsFormat::Human => write_table(out, &stats)?,
    }
    Ok(if io_trouble {
        Exit::Trouble
    } else {
        Exit::Valid
    })
}

fn write_table(out: &mut impl Write, s: &Stats) -> std::io::Result<()> {
    writeln!(
        out,
        "{} games: {} valid, {} invalid\n",
        s.games, s.valid, s.invalid
    )?;
    let results = ["1-0", "0-1", "1/2-1/2", "*"];
    let ends = ["capture-all", "barrier", "blocked", "none"];
    write!(out, "{:<28} {:>6}", "ruleset", "games")?;
    for h in results.iter().chain(ends.iter()) {
        write!(out, " {h:>11}")?;
    }
    writeln!(out)?;
    for (name, r) in &s.rulesets {
        write!(out, "{name:<28} {:>6}", r.games)?;
        for h in results {
            write!(out, " {:>11}", r.results.get(h).copied().unwrap_or(0))?;
        }
        for h in ends {
            write!(out, " {:>11}", r.terminations.get(h).copied().unwrap_or(0))?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "\nper valid game: {:.1} placement turns, {:.1} movement turns, {:.1} captures",
        s.avg_placement_turns, s.avg_movement_turns, s.avg_captures
    )?;
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
