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
    /// Explain a diagnostic code, with the rule it enforces and examples; list every code.
    Explain(ExplainArgs),
    /// Count games, results, endings, phase lengths, captures and chains.
    Stats(StatsArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print the manual page (roff).
    Man,
}

/// Arguments of `seega stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Files, directories (searched for *.sgn) or `-` for standard input [default: -].
    pub paths: Vec<PathBuf>,
    /// Rules for games without a Rules tag: a preset, then key=value options.
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = StatsFormat::Human)]
    pub format: StatsFormat,
}

/// Output formats of `stats`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StatsFormat {
    /// A table.
    Human,
    /// One JSON object.
    Json,
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

/// Arguments of `seega check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files, directories (searched for *.sgn) or `-` for standard input [default: -].
    pub paths: Vec<PathBuf>,
    /// Rules for games without a Rules tag: a preset, then key=value options; or `auto` to try
    /// every preset and say which fit.
    #[arg(long, default_value = "standard")]
    pub rules: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
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
