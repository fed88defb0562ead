//! The command line as clap sees it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use seega::Ruleset;

mod shared;

use shared::{
    CHECK_RULES_HELP, CONVERT_JOBS_HELP, FMT_PATHS_HELP, FMT_RULES_HELP, GENERATE_JOBS_HELP,
    RulesetParser, SELECT_RULES_HELP, SHOW_ALL_HELP, SHOW_GAME_HELP, SHOW_POSITION_HELP,
    SHOW_TURN_HELP, help_of, width_range,
};
pub use shared::{EncodingArg, GameArgs, InputArgs, JobsArg, PositionArgs, RulesArg};

/// Check, convert, show and format Seega game archives.
#[derive(Debug, Parser)]
#[command(name = "seega", version, about, long_about = None)]
pub struct Cli {
    /// When to colour the output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every game and report each illegal turn and syntax error.
    Check(CheckArgs),
    /// Write random games, legal or with one illegal turn, deterministic for a seed.
    Generate(GenerateArgs),
    /// Convert archives between SGN, JSON and JSON Lines, losslessly; or to Parquet tables.
    Convert(ConvertArgs),
    /// Draw a game's position as a board.
    Show(ShowArgs),
    /// List the legal turns of a position, or of every position of a game, or count them.
    Moves(MovesArgs),
    /// Rewrite games in canonical form.
    Fmt(FmtArgs),
    /// Explain a diagnostic code, with the rule it enforces and examples; list every code.
    Explain(ExplainArgs),
    /// Speak the Language Server Protocol on standard input and output, for editors.
    Lsp(LspArgs),
    /// Count games, results, endings, phase lengths, captures and chains.
    Stats(StatsArgs),
    /// Keep the games that match every filter given; quarantine invalid ones if asked.
    Select(SelectArgs),
    /// Find games recorded more than once (also mirrored or rotated with --symmetric).
    Dedupe(DedupeArgs),
    /// Cut an archive at game boundaries into numbered parts, bytes copied as they are.
    Split(SplitArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print a manual page (roff): seega's, or a command's; or write them all into a directory.
    Man(ManArgs),
}

impl Command {
    /// The paths the command reads archives from (none: standard input), when it reads any.
    pub fn inputs(&self) -> Option<Vec<PathBuf>> {
        Some(match self {
            Command::Check(a) => a.input.paths.clone(),
            Command::Convert(a) => a.input.paths.clone(),
            Command::Fmt(a) => a.input.paths.clone(),
            Command::Stats(a) => a.input.paths.clone(),
            Command::Select(a) => a.input.paths.clone(),
            Command::Dedupe(a) => a.input.paths.clone(),
            Command::Show(a) if a.setup.position.is_none() => a.at.path.iter().cloned().collect(),
            Command::Moves(a) if a.setup.position.is_none() => a.at.path.iter().cloned().collect(),
            _ => return None,
        })
    }
}

/// Arguments of `seega stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StatsFormat::Human)]
    pub format: StatsFormat,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Output formats of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// A table.
    Human,
    /// One JSON object.
    Json,
}

/// Arguments of `seega select`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("validity").args(["valid", "invalid"])))]
#[command(mut_args(help_of("rules", SELECT_RULES_HELP)))]
pub struct SelectArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Keep games whose tag NAME is exactly VALUE (repeatable).
    #[arg(long, value_name = "NAME=VALUE")]
    pub tag: Vec<String>,
    /// Keep games whose tag NAME matches the regular expression (repeatable).
    #[arg(long, value_name = "NAME=REGEX")]
    pub tag_regex: Vec<String>,
    /// Keep games with this result: 1-0, 0-1, 1/2-1/2 or *.
    #[arg(long)]
    pub result: Option<String>,
    /// Keep games played under this ruleset (a preset and options, compared as rules).
    #[arg(long, value_name = "RULES")]
    pub ruleset: Option<String>,
    /// Keep games with at least N turns.
    #[arg(long, value_name = "N")]
    pub min_turns: Option<u64>,
    /// Keep games with at most N turns.
    #[arg(long, value_name = "N")]
    pub max_turns: Option<u64>,
    /// Keep valid games only.
    #[arg(long)]
    pub valid: bool,
    /// Keep invalid games only.
    #[arg(long)]
    pub invalid: bool,
    /// Keep games with at least one variation (the other filters read the main line only).
    #[arg(long, conflicts_with = "no_variations")]
    pub has_variations: bool,
    /// Keep games without variations.
    #[arg(long)]
    pub no_variations: bool,
    /// Keep games that reach this position string at some point.
    #[arg(long, value_name = "STRING")]
    pub position: Option<String>,
    /// With --position: any rotation or reflection of it counts too.
    #[arg(long)]
    pub symmetric: bool,
    /// Write the kept games to this file (atomically) instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Write invalid games here (atomically), each after comments naming its errors, and keep
    /// them out of the output.
    #[arg(long, value_name = "FILE")]
    pub invalid_to: Option<PathBuf>,
    #[command(flatten)]
    pub rules: RulesArg,
    #[command(flatten)]
    pub jobs: JobsArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Arguments of `seega dedupe`.
#[derive(Debug, Args)]
pub struct DedupeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Count a game rotated or reflected, or with a placement's squares swapped, as the same.
    #[arg(long)]
    pub symmetric: bool,
    /// Write the archive without duplicates (keeping the longest, most annotated copy) instead
    /// of a report.
    #[arg(long)]
    pub drop: bool,
    /// With --drop: write to this file (atomically) instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT", requires = "drop")]
    pub output: Option<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = DedupeFormat::Human)]
    pub format: DedupeFormat,
    #[command(flatten)]
    pub rules: RulesArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Report formats of `dedupe`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DedupeFormat {
    /// One line per duplicate and a count.
    Human,
    /// One JSON array of an object per game.
    Json,
    /// JSON Lines: one object per game, a line each.
    Jsonl,
}

/// Arguments of `seega man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (`seega man check`); none: seega's own page.
    pub command: Option<String>,
    /// Write every page (seega.1, seega-check.1, …) into this directory instead.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<std::path::PathBuf>,
}

/// Arguments of `seega completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Arguments of `seega explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code, e.g. `seega::move::too-far` or `move::too-far`; without it, list every code.
    pub code: Option<String>,
}

/// Arguments of `seega lsp`.
#[derive(Debug, Args)]
pub struct LspArgs {
    /// Accepted for editors that pass it; standard input and output are the only transport.
    #[arg(long)]
    pub stdio: bool,
}

/// Formats `convert` reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DataFormat {
    /// Game notation.
    Sgn,
    /// One JSON array of game objects.
    Json,
    /// One game object per line.
    Jsonl,
    /// Parquet, one row per game (to a file or a pipe).
    Parquet,
    /// Parquet, one row per turn (to a file or a pipe).
    ParquetTurns,
}

/// Formats `convert` reads: those it writes, and Ludii's trial files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Game notation.
    Sgn,
    /// One JSON array of game objects.
    Json,
    /// One game object per line.
    Jsonl,
    /// A Ludii trial file of Seega.lud: one game, replayed under the ludii rules.
    Ludii,
}

/// Arguments of `seega convert`.
#[derive(Debug, Args)]
#[command(mut_args(help_of("jobs", CONVERT_JOBS_HELP)))]
pub struct ConvertArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: DataFormat,
    /// The format to read [default: from the file extension, else from the content; a Ludii
    /// trial is told by its content].
    #[arg(long, value_enum)]
    pub from: Option<InputFormat>,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,
    /// Drop invalid games (and say how many were dropped).
    #[arg(long)]
    pub valid_only: bool,
    /// Games to a Parquet row group (what the writer holds in memory at a time).
    #[arg(long, value_name = "GAMES", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..))]
    pub row_group: u32,
    /// Write the table (--to parquet or parquet-turns) into the new directory OUT, a
    /// directory COLUMN=VALUE for each value of COLUMN (`rules`, `result`, `kind`, ...), as
    /// Spark, DuckDB and polars read a partitioned table.
    #[arg(long, value_name = "COLUMN", requires = "output")]
    pub partition_by: Option<String>,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Columns to wrap SGN movetext at (20 to 10000).
    #[arg(long, default_value_t = 80, value_parser = width_range())]
    pub width: usize,
    #[command(flatten)]
    pub jobs: JobsArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Arguments of `seega show`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("when").args(["turn", "all", "final_"])))]
#[command(group(clap::ArgGroup::new("what").args(["path", "position"])))]
#[command(mut_args(help_of("game", SHOW_GAME_HELP)))]
#[command(mut_args(help_of("turn", SHOW_TURN_HELP)))]
#[command(mut_args(help_of("all", SHOW_ALL_HELP)))]
#[command(mut_args(help_of("position", SHOW_POSITION_HELP)))]
pub struct ShowArgs {
    #[command(flatten)]
    pub at: GameArgs,
    /// Show the final position (the default).
    #[arg(long = "final")]
    pub final_: bool,
    /// Draw pieces as ● and ○.
    #[arg(long)]
    pub unicode: bool,
    /// Draw along the variation PATH instead of the main line (`14.1`: the first variation
    /// after turn 14; nested `14.1/16.2`): --turn K is the position after turn K of that line,
    /// whose turns are numbered on from its branch.
    #[arg(long, value_name = "PATH", conflicts_with = "position")]
    pub line: Option<seega::notation::LinePath>,
    #[command(flatten)]
    pub setup: PositionArgs,
    /// Draw the position as an SVG diagram instead of a text board.
    #[arg(long, conflicts_with = "all")]
    pub svg: bool,
    /// Write the board (the text, with --svg the diagram, with --html the page) to this file
    /// (atomically) instead of standard output.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write an SVG diagram of every position of the game into DIR (created if missing):
    /// turn-000.svg for the start, turn-001.svg after turn 1, and so on.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["svg", "when", "position"])]
    pub svg_dir: Option<PathBuf>,
    /// Write a replay page instead: one self-contained HTML file of every game of the archive
    /// (or of the game --game names), with the board, the moves, the comments and buttons and
    /// keys to step through the positions. It loads nothing from the network and opens from a
    /// file in any current browser; the address `page.html#game=3&turn=14` opens that
    /// position. It goes to standard output, or to the file -o names.
    #[arg(long, conflicts_with_all = ["svg", "svg_dir", "when", "position", "unicode", "line"])]
    pub html: bool,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Arguments of `seega moves`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("when").args(["turn", "all"])))]
#[command(group(clap::ArgGroup::new("what").args(["path", "position"])))]
pub struct MovesArgs {
    #[command(flatten)]
    pub at: GameArgs,
    #[command(flatten)]
    pub setup: PositionArgs,
    /// Print only the number of legal turns of each position.
    #[arg(long)]
    pub count: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = MovesFormat::Human)]
    pub format: MovesFormat,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Output formats of `moves`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MovesFormat {
    /// One turn (or count) a line; with --all, each position's turns after a line naming it
    /// (`text` is the same).
    #[value(alias = "text")]
    Human,
    /// JSON Lines: one object per position.
    Jsonl,
}

/// Arguments of `seega fmt`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("mode").args(["check", "in_place"])))]
#[command(mut_args(help_of("paths", FMT_PATHS_HELP)))]
#[command(mut_args(help_of("rules", FMT_RULES_HELP)))]
pub struct FmtArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Write nothing; list the files that are not canonical and exit 1 if there are any.
    #[arg(long)]
    pub check: bool,
    /// Rewrite the files in place (atomically); a game that cannot be formatted is kept as written.
    #[arg(long)]
    pub in_place: bool,
    /// Write the formatted games in UTF-8, whatever encoding the file was read in (the
    /// default writes them back in it).
    #[arg(long)]
    pub to_utf8: bool,
    /// Columns to wrap the movetext at (20 to 10000).
    #[arg(long, default_value_t = 80, value_parser = width_range())]
    pub width: usize,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Set the result token and the Result tags of each game that ended by rule to what its
    /// outcome calls for, when its only errors are about its result.
    #[arg(long)]
    pub fix_results: bool,
    /// Write move numbers from the turn order also in games whose numbers announce other
    /// turns; without it such a game keeps its numbers as written, as evidence of a turn
    /// missing or written twice.
    #[arg(long)]
    pub renumber: bool,
    /// Write the games without their variations (the lines in parentheses that were not
    /// played), each game's main line only.
    #[arg(long)]
    pub strip_variations: bool,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Arguments of `seega check`.
#[derive(Debug, Args)]
#[command(mut_args(help_of("rules", CHECK_RULES_HELP)))]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub rules: RulesArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Print only the summary (and, with --format jsonl, the summary line).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Correct every game whose errors each have exactly one suggestion: files are rewritten
    /// atomically, standard input goes to standard output; reports go to standard error.
    #[arg(long)]
    pub fix: bool,
    #[command(flatten)]
    pub jobs: JobsArg,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// Arguments of `seega split`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("size").args(["games", "bytes"]).required(true)))]
pub struct SplitArgs {
    /// The archive to cut (`-` or none for standard input).
    pub path: Option<PathBuf>,
    /// Games to a part (the last part holds the rest).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Bytes to a part at most, with a suffix k, M or G (1024-based) if wanted; a part
    /// holds whole games, and a game longer than this is a part of its own.
    #[arg(long, value_name = "B", value_parser = parse_bytes)]
    pub bytes: Option<u64>,
    /// The directory to write the parts and their manifest, `parts.jsonl`, into (made when
    /// missing; refused when it holds parts already).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: PathBuf,
    /// Compress each part (`part-0001.sgn.zst`, …); the parts hold the input's bytes once
    /// decompressed.
    #[arg(long, value_name = "FORMAT")]
    pub compress: Option<PartCompression>,
    #[command(flatten)]
    pub encoding: EncodingArg,
}

/// How `seega split` compresses its parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PartCompression {
    /// gzip (`.sgn.gz`).
    Gz,
    /// Zstandard (`.sgn.zst`).
    Zst,
    /// bzip2 (`.sgn.bz2`).
    Bz2,
    /// xz (`.sgn.xz`).
    Xz,
}

/// A size in bytes: digits, then `k`, `M` or `G` (powers of 1024) if wanted.
fn parse_bytes(s: &str) -> Result<u64, String> {
    let (digits, unit) = match s.as_bytes().last() {
        Some(b'k' | b'K') => (&s[..s.len() - 1], 1 << 10),
        Some(b'M') => (&s[..s.len() - 1], 1 << 20),
        Some(b'G') => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("`{s}` is not a size (write e.g. 65536, 64k, 16M or 1G)"))?;
    match n.checked_mul(unit) {
        Some(0) => Err("a part must hold at least one byte".into()),
        Some(b) => Ok(b),
        None => Err(format!("`{s}` is too large")),
    }
}

/// Arguments of `seega generate`.
#[derive(Debug, Args)]
#[command(mut_args(help_of("jobs", GENERATE_JOBS_HELP)))]
pub struct GenerateArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seed: the same seed and options give the same bytes.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Rulesets to draw each game's rules from (a preset, then key=value options).
    #[arg(long, num_args = 1.., default_value = "standard", value_parser = RulesetParser)]
    pub rules: Vec<Ruleset>,
    /// Probability (0 to 1) that a game gets one illegal turn.
    #[arg(long, default_value_t = 0.0)]
    pub invalid_rate: f64,
    /// Movement turns after which a game stops unfinished with `*`.
    #[arg(long, default_value_t = 60)]
    pub max_turns: u32,
    /// Probability (0 to 1) that a main-line turn is followed by a variation: one to three legal
    /// turns from the position before it, sometimes nested, with a comment, a glyph or `*`
    /// (with --invalid-rate, an invalid game with variations has its illegal turn in one of them
    /// half the time).
    #[arg(long, default_value_t = 0.0)]
    pub variations: f64,
    /// Output file (written atomically) [default: standard output].
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub jobs: JobsArg,
}

/// Output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Graphical diagnostics and a summary line.
    Human,
    /// One line per diagnostic, `FILE:LINE:COLUMN: SEVERITY[CODE]: MESSAGE` (as gcc and rustc's
    /// short format), and the summary line.
    Short,
    /// One JSON object per line.
    Jsonl,
}

/// Colour choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal and NO_COLOR is unset.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::Cli;

    /// Every command that takes `--rules` refuses a bad value while the arguments are parsed,
    /// in the same words; `auto` is a value only where games are checked.
    #[test]
    fn every_command_reads_rules_once_in_the_same_words() {
        let bad = "error: --rules \"standard board=7\": unknown rules option `board=7`\n  help: Options are written key=value with a key among size, first-placer, first-mover, chain, forced, barrier, centre, blocked, limit.\n";
        let commands: &[(&[&str], bool)] = &[
            (&["check"], true),
            (&["convert", "--to", "json"], true),
            (&["fmt"], true),
            (&["stats"], true),
            (&["select"], true),
            (&["dedupe"], true),
            (&["show"], false),
            (&["moves"], false),
            (&["generate"], false),
        ];
        for (command, takes_auto) in commands {
            let parse = |rules: &str| {
                let mut argv = vec!["seega"];
                argv.extend_from_slice(command);
                argv.extend(["--rules", rules]);
                Cli::try_parse_from(argv).map_err(|e| e.render().to_string())
            };
            assert_eq!(
                parse("standard board=7").err().as_deref(),
                Some(bad),
                "{command:?}"
            );
            assert_eq!(parse("auto").is_ok(), *takes_auto, "{command:?}");
            assert!(parse("ludus size=7").is_ok(), "{command:?}");
        }
    }
}
