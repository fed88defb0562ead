//! The command line as clap sees it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
}

/// Arguments of `seega check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files, directories (searched for *.sgn) or `-` for standard input [default: -].
    pub paths: Vec<PathBuf>,
    /// Rules for games without a Rules tag: a preset, then key=value options.
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Threads checking games [default: all cores].
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
}

/// Arguments of `seega generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seed: the same seed and options give the same bytes.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Rulesets to draw each game's rules from (a preset, then key=value options).
    #[arg(long, num_args = 1.., default_values_t = ["standard".to_owned()])]
    pub rules: Vec<String>,
    /// Probability (0 to 1) that a game gets one illegal turn.
    #[arg(long, default_value_t = 0.0)]
    pub invalid_rate: f64,
    /// Movement turns after which a game stops unfinished with `*`.
    #[arg(long, default_value_t = 60)]
    pub max_turns: u32,
    /// Output file (written atomically) [default: standard output].
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// Threads generating games [default: all cores].
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
}

/// Output formats of `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Graphical diagnostics and a summary line.
    Human,
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
