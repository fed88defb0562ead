//! `seega select`: keep the games that match, quarantine the invalid ones.

use std::io::Write;
use std::path::PathBuf;

use seega::Ruleset;
use seega::archive::Checked;
use seega::archive::copying::{Copied, for_each_game};
use seega::notation::{GameResult, LineIndex, Source};
use seega::tools::select::Filter;
use seega::validate::Options;

use super::args::SelectArgs;
use super::config::Sources;
use super::copy::{Copier, File, line_end_of};
use super::inputs::Input;
use super::output::{Output, OutputError, Transaction, is_stdout};
use super::{Exit, shown, trouble};

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
        variations: match (args.has_variations, args.no_variations) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
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

/// What becomes of one game.
enum Fate {
    /// Copied to the output.
    Keep,
    /// Copied to the quarantine file, after a comment that says why.
    Quarantine(String),
    /// Left out.
    Leave,
}

/// The comments put before a quarantined game: its errors, one line each, word for word. A
/// brace comment has no escape for `}` (N7), so an error whose words hold one is written as a
/// `;` comment, which ends at the line's end; a line end in the words (from a file's name) is
/// written `\n` or `\r`, so that every error stays one comment on one line.
fn why_invalid(c: &Checked<'_>, name: &str, text: &str, lines: &LineIndex) -> String {
    let mut q = String::new();
    for p in c.verdict.problems.iter().filter(|p| p.is_error()) {
        let at = lines.line_col(text, p.span.start);
        let note = format!(
            "{} at {name}:{}:{}: {}",
            p.code,
            at.line,
            at.column,
            p.message()
        )
        .replace('\n', "\\n")
        .replace('\r', "\\r");
        if note.contains('}') {
            q.push_str(&format!("; {note}\n"));
        } else {
            q.push_str(&format!("{{ {note} }}\n"));
        }
    }
    q
}

/// What `seega select` runs with.
pub struct Config {
    /// The archives to read.
    sources: Sources,
    /// The rules of games without a Rules tag (positions recorded for --position).
    options: Options,
    /// What a game must match to be kept.
    filter: Filter,
    /// The file the kept games go to, or `None` for standard output.
    output: Option<PathBuf>,
    /// The file invalid games go to, out of the output, when asked.
    invalid_to: Option<PathBuf>,
    /// Whether `--rules` was given without `--force-rules` (see [`super::rules_note`]).
    rules_given: bool,
    /// Threads checking games.
    jobs: usize,
}

impl Config {
    /// The configuration `args` ask for, or `None` (reported) when a filter is malformed.
    pub fn new(args: &SelectArgs) -> Option<Config> {
        let filter = filter(args)
            .map_err(|why| trouble(format_args!("{why}")))
            .ok()?;
        Some(Config {
            sources: Sources::new(&args.input, args.encoding),
            options: args.rules.options(args.position.is_some()),
            filter,
            output: args.output.clone(),
            invalid_to: args.invalid_to.clone(),
            rules_given: args.rules.may_lose_to_tags(),
            jobs: args.jobs.threads(),
        })
    }
}

/// An output file opened in the run's transaction, with its path.
type OpenedOutput = Option<(Output, PathBuf)>;

/// Where the games go, and how many went.
struct Sorting<'c> {
    config: &'c Config,
    tx: Transaction,
    output: OpenedOutput,
    quarantine: OpenedOutput,
    to_out: Copier,
    to_quarantine: Copier,
    kept: usize,
    quarantined: usize,
    total: usize,
    /// Games whose Rules tag won over `--rules`.
    tag_ruled: usize,
    files: usize,
    /// The output file that could not be written, which stops the run.
    failed: Option<OutputError>,
    /// Why an input could not be sorted whole (a stretch too long to hold), which stops the run.
    too_long: Option<String>,
}

impl Sorting<'_> {
    /// Sorts the games of one input as they are read, copying each where it goes. A stretch
    /// too long to hold stops the run: its bytes could not be copied.
    fn input(
        &mut self,
        input: &Input,
        reader: super::config::Stream,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let config = self.config;
        let name = input.name();
        let fate = |c: &Checked<'_>, source: &Source, lines: &LineIndex| {
            let fate = if config.invalid_to.is_some() && !c.verdict.is_valid() {
                Fate::Quarantine(why_invalid(c, &name, source.text(), lines))
            } else if config.filter.matches(c) {
                Fate::Keep
            } else {
                Fate::Leave
            };
            (fate, c.tag_ruled)
        };
        let (encoding, opts, jobs) = (config.sources.encoding, &config.options, config.jobs);
        let id = self.files;
        self.files += 1;
        let mut line_end: Option<&'static [u8]> = None;
        let mut switched = false;
        let mut each = |copied: Copied<(Fate, bool)>| match copied {
            Copied::Game {
                value: (fate, tag_ruled),
                at,
                bytes,
                bom,
                ..
            } => {
                self.total += 1;
                self.tag_ruled += usize::from(tag_ruled);
                let end = *line_end.get_or_insert_with(|| line_end_of(&bytes));
                let file = File {
                    id,
                    bytes: &bytes,
                    bom,
                    line_end: end,
                };
                self.copy(&file, at, &fate, out)
            }
            // A text of no game: nothing to select.
            Copied::Outside { .. } => Ok(()),
            Copied::Switched { line } => {
                if !std::mem::replace(&mut switched, true) {
                    super::inputs::tell_switch(input, line);
                }
                Ok(())
            }
            Copied::TooLong { first_line, bytes } => {
                self.too_long = Some(format!(
                    "cannot select from `{name}`: its {bytes} bytes from line {} hold no game boundary, so they cannot be copied (seega holds at most {} bytes without one)",
                    first_line + 1,
                    seega::notation::limits::MAX_UNCUT_BYTES
                ));
                Err(std::io::Error::other("a stretch too long"))
            }
        };
        for_each_game(reader, encoding, opts, jobs, &fate, &mut each)
    }

    /// Copies one game, `file`'s bytes, which start at `at` in their input, where `fate` sends it.
    fn copy(
        &mut self,
        file: &File<'_>,
        at: u64,
        fate: &Fate,
        out: &mut impl Write,
    ) -> std::io::Result<()> {
        let (copier, dest, note) = match fate {
            Fate::Keep => {
                self.kept += 1;
                (&mut self.to_out, &self.output, None)
            }
            Fate::Quarantine(why) => {
                self.quarantined += 1;
                (
                    &mut self.to_quarantine,
                    &self.quarantine,
                    Some(why.as_str()),
                )
            }
            Fate::Leave => return Ok(()),
        };
        let range = 0..file.bytes.len();
        match dest {
            Some((o, path)) => {
                if let Err(e) = copier.piece_at(self.tx.writer(*o), file, at, range, note) {
                    self.failed = Some(OutputError {
                        path: path.clone(),
                        why: e.into(),
                    });
                    return Err(std::io::Error::other("an output failed"));
                }
                Ok(())
            }
            None => copier.piece_at(out, file, at, range, note),
        }
    }
}

/// Runs `seega select`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    // Every output is opened before anything is read, so that one that cannot be written
    // stops the run before any game goes anywhere.
    let mut tx = Transaction::new(config.sources.stamps());
    let mut open = |path: &Option<PathBuf>| match path {
        Some(p) if !is_stdout(p) => tx.create(p).map(|o| Some((o, p.clone()))),
        _ => Ok(None),
    };
    let (quarantine, output) = match (open(&config.invalid_to), open(&config.output)) {
        (Ok(q), Ok(o)) => (q, o),
        (Err(e), _) | (_, Err(e)) => {
            e.report();
            return Ok(Exit::Trouble);
        }
    };
    let mut sorting = Sorting {
        config,
        tx,
        output,
        quarantine,
        to_out: Copier::new(),
        to_quarantine: Copier::new(),
        kept: 0,
        quarantined: 0,
        total: 0,
        tag_ruled: 0,
        files: 0,
        failed: None,
        too_long: None,
    };
    let io_trouble = config
        .sources
        .for_each_stream(&mut |input, reader| sorting.input(input, reader, out));
    if let Some(e) = sorting.failed {
        e.report();
        return Ok(Exit::Trouble);
    }
    if let Some(why) = sorting.too_long {
        trouble(format_args!("{why}"));
        trouble(format_args!("no file was written"));
        return Ok(Exit::Trouble);
    }
    let io_trouble = io_trouble?.trouble;
    let (kept, total) = (sorting.kept, sorting.total);
    let mut note = format!("selected {kept} of {total} games");
    if let Some(path) = &config.invalid_to {
        note.push_str(&format!(
            "; {} invalid to {}",
            sorting.quarantined,
            shown(path)
        ));
    }
    if io_trouble {
        if sorting.output.is_some() || sorting.quarantine.is_some() {
            trouble(format_args!(
                "an input could not be read, so no output file was written"
            ));
        }
        return Ok(Exit::Trouble);
    }
    if let Err(e) = sorting.tx.commit() {
        e.report();
        return Ok(Exit::Trouble);
    }
    super::note(format_args!("{note}"));
    if config.rules_given {
        super::rules_note(sorting.tag_ruled);
    }
    // As grep: 1 when nothing was selected.
    Ok(if kept == 0 {
        Exit::Invalid
    } else {
        Exit::Valid
    })
}
