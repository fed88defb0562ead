//! The argument groups several commands share, each flattened into the commands that take it
//! (`#[command(flatten)]`), and the value parsers that turn their text into values once.
//!
//! A group's help is written for most of its commands; a command that says it otherwise
//! replaces it with [`help_of`] and one of the texts below.

use std::ffi::OsStr;
use std::path::PathBuf;

use clap::Args;
use clap::builder::{StringValueParser, TypedValueParser};
use clap::error::ErrorKind;
use seega::Encoding;
use seega::Ruleset;
use seega::validate::Options;

/// The most threads a command runs: `--jobs` past it is refused, and the default (all cores)
/// is cut to it.
pub const MAX_JOBS: usize = 256;

/// Gives the argument `id` the help `text`, for `#[command(mut_args(help_of(…)))]`: every
/// argument stays where it is, so help, manual pages and completions keep their order.
pub fn help_of(id: &'static str, text: &'static str) -> impl FnMut(clap::Arg) -> clap::Arg {
    move |a| if a.get_id() == id { a.help(text) } else { a }
}

/// The archives a command reads.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Files (plain or compressed), directories (searched for *.sgn, *.sgn.gz, *.sgn.zst, …) or
    /// `-` for standard input [default: -].
    pub paths: Vec<PathBuf>,
}

/// One game of an archive and a position in it, as `show` and `moves` choose them. A command
/// that flattens it defines the group `when` (its `--turn` and `--all`, and any others) and
/// flattens [`PositionArgs`].
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// The archive (`-` or none for standard input).
    pub path: Option<PathBuf>,
    /// The game, from 1 [default: 1].
    #[arg(long, value_name = "GAME")]
    pub game: Option<usize>,
    /// The position after turn K (0 for the start) [default: the final position, after the
    /// last legal turn].
    #[arg(long, value_name = "K")]
    pub turn: Option<u64>,
    /// Every position of the game, from the start.
    #[arg(long)]
    pub all: bool,
}

impl GameArgs {
    /// The game asked for, from 1: the first when `--game` is not given.
    pub fn game(&self) -> usize {
        self.game.unwrap_or(1)
    }
}

/// The help of `show`'s `--game`.
pub const SHOW_GAME_HELP: &str =
    "The game to show, from 1 (default: the first; with --html, every game)";
/// The help of `show`'s `--turn`.
pub const SHOW_TURN_HELP: &str = "Show the position after turn K (0 for the start)";
/// The help of `show`'s `--all`.
pub const SHOW_ALL_HELP: &str = "Show every position, each with its turn";
/// The help of `show`'s `--position`.
pub const SHOW_POSITION_HELP: &str =
    "Draw this position string instead of a game (`ranks side`, e.g. `bbw1w/5/2b2/5/w3w b`)";

/// A position string instead of a game, and the rules of both (flattened after [`GameArgs`]).
#[derive(Debug, Clone, Args)]
pub struct PositionArgs {
    /// This position string instead of a game (`ranks side`, e.g. `bbw1w/5/2b2/5/w3w b`).
    #[arg(long, value_name = "STRING", conflicts_with_all = ["path", "game", "when"])]
    pub position: Option<String>,
    /// Rules for games without a Rules tag, and for --position (its size comes from the
    /// string) [default: standard].
    #[arg(long, value_parser = RulesetParser)]
    pub rules: Option<Ruleset>,
    /// Apply --rules to the game even when its Rules tag names other rules
    #[arg(long)]
    pub force_rules: bool,
}

impl PositionArgs {
    /// The rules asked for, `standard` when none was.
    pub fn ruleset(&self) -> Ruleset {
        self.rules
            .unwrap_or(seega::validate::Options::default().default_rules)
    }

    /// Whether `--rules` was given without `--force-rules` (see [`RulesArg::may_lose_to_tags`]).
    pub fn may_lose_to_tags(&self) -> bool {
        self.rules.is_some() && !self.force_rules
    }
}

/// The help of `fmt`'s paths, which go to standard output only when read from standard input.
pub const FMT_PATHS_HELP: &str =
    "Files or directories (searched for *.sgn); none: standard input to standard output";

/// How the inputs' bytes are read.
#[derive(Debug, Clone, Copy, Args)]
pub struct EncodingArg {
    /// How the files' bytes are read: utf-8, latin-1, windows-1252, or auto (UTF-8 up to the
    /// first byte that is not, Windows-1252 from there on, said once per file).
    #[arg(long, value_name = "ENCODING", default_value = "utf-8", value_parser = encoding)]
    pub encoding: Encoding,
}

/// The rules of games that do not name theirs: a ruleset, or `auto`.
#[derive(Debug, Clone, Copy, Args)]
pub struct RulesArg {
    /// Rules for games without a Rules tag: a preset, then key=value options [default:
    /// standard].
    #[arg(long, value_parser = RulesParser)]
    pub rules: Option<RulesChoice>,
    /// Apply --rules to every game, even one whose Rules tag names other rules
    #[arg(long)]
    pub force_rules: bool,
}

impl RulesArg {
    /// The checking options these arguments ask for; `record` keeps every played turn.
    pub fn options(self, record: bool) -> Options {
        let rules = self
            .rules
            .unwrap_or(RulesChoice::Rules(Options::default().default_rules));
        rules.options(record).force_rules(self.force_rules)
    }

    /// Whether `--rules` was given without `--force-rules`: then a Rules tag may win over it,
    /// and the run says so once ([`crate::cli::rules_note`]).
    pub fn may_lose_to_tags(self) -> bool {
        self.rules.is_some() && !self.force_rules
    }
}

/// The help of `check`'s `--rules`.
pub const CHECK_RULES_HELP: &str = "Rules for games without a Rules tag: a preset, then key=value options; or `auto` to try every preset and say which fit [default: standard]";
/// The help of `select`'s `--rules`.
pub const SELECT_RULES_HELP: &str = "Rules for games without a Rules tag: a preset, then key=value options; or `auto` [default: standard]";
/// The help of `fmt`'s `--rules`.
pub const FMT_RULES_HELP: &str =
    "Rules for games without a Rules tag (captures are computed under them) [default: standard]";

/// How many threads a command runs.
#[derive(Debug, Clone, Copy, Args)]
pub struct JobsArg {
    /// Threads checking games, from 1 to 256 [default: all cores, at most 256].
    #[arg(long, short = 'j', value_parser = parse_jobs)]
    pub jobs: Option<usize>,
}

/// The help of `convert`'s `--jobs`.
pub const CONVERT_JOBS_HELP: &str =
    "Threads converting games, from 1 to 256 [default: all cores, at most 256]";
/// The help of `generate`'s `--jobs`.
pub const GENERATE_JOBS_HELP: &str =
    "Threads generating games, from 1 to 256 [default: all cores, at most 256]";

impl JobsArg {
    /// The number of threads to use: `--jobs`, or every core, at most [`MAX_JOBS`].
    pub fn threads(self) -> usize {
        self.jobs
            .filter(|j| *j > 0)
            .unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
            })
            .min(MAX_JOBS)
    }
}

/// A `--rules` value of a command that takes `auto` too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesChoice {
    /// These rules.
    Rules(Ruleset),
    /// Every preset tried on each game without a Rules tag.
    Auto,
}

impl RulesChoice {
    /// The checking options for these rules; `record` keeps every played turn.
    pub fn options(self, record: bool) -> Options {
        match self {
            RulesChoice::Rules(default_rules) => Options::default()
                .default_rules(default_rules)
                .record(record)
                .auto_rules(false),
            RulesChoice::Auto => Options::default().record(record).auto_rules(true),
        }
    }
}

/// The ruleset `text` names, or the error clap reports: the ruleset's own words and help, shown
/// as `seega: error: --rules "…": …`.
fn ruleset(text: &str) -> Result<Ruleset, clap::Error> {
    Ruleset::parse(text).map_err(|e| {
        clap::Error::raw(
            ErrorKind::ValueValidation,
            format!("--rules {text:?}: {e}\n  help: {}.\n", e.help()),
        )
    })
}

/// Reads a `--rules` value of a command that takes `auto` too: a preset, then key=value
/// options, or the word `auto` (blank space around it allowed).
#[derive(Debug, Clone, Copy)]
pub struct RulesParser;

impl TypedValueParser for RulesParser {
    type Value = RulesChoice;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<RulesChoice, clap::Error> {
        let text = StringValueParser::new().parse_ref(cmd, arg, value)?;
        if text.trim() == "auto" {
            return Ok(RulesChoice::Auto);
        }
        ruleset(&text).map(RulesChoice::Rules)
    }
}

/// Reads a `--rules` value of a command that takes a ruleset only (`show`, `generate`).
#[derive(Debug, Clone, Copy)]
pub struct RulesetParser;

impl TypedValueParser for RulesetParser {
    type Value = Ruleset;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Ruleset, clap::Error> {
        let text = StringValueParser::new().parse_ref(cmd, arg, value)?;
        ruleset(&text)
    }
}

/// A `--jobs` value: a whole number from 1 to [`MAX_JOBS`].
fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_JOBS).contains(&n) => Ok(n),
        _ => Err(format!(
            "a number of threads is a whole number from 1 to {MAX_JOBS}"
        )),
    }
}

/// An encoding named on the command line.
fn encoding(name: &str) -> Result<Encoding, String> {
    Encoding::parse(name).ok_or_else(|| {
        format!(
            "`{name}` is not an encoding seega reads: give utf-8, latin-1, windows-1252 or auto"
        )
    })
}

/// The widths a movetext may be wrapped at: narrower than the longest common turn is no layout.
pub fn width_range() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(20..=10_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value `parser` reads from `text`, or the text clap shows for it.
    fn read<P: TypedValueParser>(parser: P, text: &str) -> Result<P::Value, String> {
        let cmd = clap::Command::new("seega");
        parser
            .parse_ref(&cmd, None, OsStr::new(text))
            .map_err(|e| e.render().to_string())
    }

    #[test]
    fn rules_values_read_once_with_the_rulesets_words() {
        let standard = Ruleset::preset("standard").expect("a preset");
        let cases: &[(&str, Result<RulesChoice, &str>)] = &[
            ("standard", Ok(RulesChoice::Rules(standard))),
            (" auto ", Ok(RulesChoice::Auto)),
            (
                "standard board=7",
                Err(
                    "error: --rules \"standard board=7\": unknown rules option `board=7`\n  help: Options are written key=value with a key among size, first-placer, first-mover, chain, forced, barrier, centre, blocked, limit.\n",
                ),
            ),
            (
                "",
                Err(
                    "error: --rules \"\": the rules string is empty\n  help: Start the rules with a preset: standard, ludus, seesa, ludii.\n",
                ),
            ),
        ];
        for (text, want) in cases {
            assert_eq!(
                read(RulesParser, text),
                (*want).map_err(str::to_owned),
                "{text:?}"
            );
        }
        assert_eq!(read(RulesetParser, "standard"), Ok(standard));
        assert!(
            read(RulesetParser, "auto").is_err_and(|e| e.contains("unknown rules preset `auto`"))
        );
        assert_eq!(
            RulesChoice::Auto.options(true).default_rules,
            standard,
            "auto starts from the standard preset"
        );
    }
}
