//! `seega show`: a game's positions, or a position string, drawn as boards.

use std::io::Write;
use std::path::{Path, PathBuf};

use seega::Encoding;
use seega::notation::{Element, LinePath};
use seega::render::ascii::{Glyphs, Highlight, board, summary};
use seega::render::svg::{svg, title};
use seega::render::terminal;
use seega::validate::{Options, Played, Verdict, check_game, line_turns, turn_text};
use seega::{Outcome, Position, Ruleset};

mod html;

use super::args::ShowArgs;
use super::inputs::Input;
use super::output::{Stamp, Transaction, ensure_dir, is_stdout, write_file};
use super::pick::{self, When};
use super::{Exit, trouble};

/// The legal turns along a line, from the start, each with the movetext it is written in.
type LineTurns<'g, 'a> = [(&'g [Element<'a>], &'g Played)];

/// One position to draw.
struct Frame<'a> {
    /// What it belongs to: `game 3 (Kofi vs Mona)` or `position …`.
    what: &'a str,
    /// Which position of the game it is (`start`, `after turn 4 (white): c2,d4`), or empty.
    when: String,
    pos: &'a Position,
    hl: Highlight,
    /// The outcome, on the position that ended the game.
    outcome: Option<Outcome>,
}

impl Frame<'_> {
    fn heading(&self) -> String {
        if self.when.is_empty() {
            self.what.to_owned()
        } else {
            format!("{}, {}", self.what, self.when)
        }
    }

    fn text(&self, out: &mut impl Write, glyphs: Glyphs) -> std::io::Result<()> {
        writeln!(out, "{}", self.heading())?;
        out.write_all(board(self.pos, &self.hl, glyphs).as_bytes())?;
        out.write_all(summary(self.pos, self.outcome).as_bytes())
    }

    /// The diagram, titled with the game, the position and the outcome when it is the end.
    fn svg(&self) -> String {
        let title = title(self.what, &self.when, self.pos.to_move(), self.outcome);
        svg(self.pos, &self.hl, Some(&title))
    }
}

/// Where the drawings go.
enum Drawing {
    /// Text boards on standard output.
    Text(Glyphs),
    /// One diagram, on standard output or in a file.
    Svg(Option<PathBuf>),
    /// One diagram file per position, in a directory.
    SvgDir(PathBuf),
}

impl Drawing {
    /// Draws `frames`; `Ok(false)` when a file could not be written (already reported). No
    /// file written may be one of `inputs`.
    fn draw(
        &self,
        frames: &[Frame<'_>],
        out: &mut impl Write,
        inputs: &[Stamp],
    ) -> std::io::Result<bool> {
        match self {
            Drawing::Text(glyphs) => {
                for (i, f) in frames.iter().enumerate() {
                    if i > 0 {
                        writeln!(out)?;
                    }
                    f.text(out, *glyphs)?;
                }
                Ok(true)
            }
            Drawing::Svg(None) => {
                for f in frames {
                    out.write_all(f.svg().as_bytes())?;
                }
                Ok(true)
            }
            Drawing::Svg(Some(path)) => {
                let doc: String = frames.iter().map(Frame::svg).collect();
                Ok(reported(write_file(path, inputs, &mut |w| {
                    w.write_all(doc.as_bytes())
                })))
            }
            Drawing::SvgDir(dir) => {
                // Every diagram or none.
                let digits = (frames.len().saturating_sub(1)).to_string().len().max(3);
                let mut tx = Transaction::new(inputs.to_vec());
                for (k, f) in frames.iter().enumerate() {
                    let path = dir.join(format!("turn-{k:0digits$}.svg"));
                    let written = tx.create(&path).and_then(|o| {
                        tx.writer(o).write_all(f.svg().as_bytes()).map_err(|e| {
                            super::output::OutputError {
                                path: path.clone(),
                                why: e.into(),
                            }
                        })
                    });
                    if !reported(written) {
                        return Ok(false);
                    }
                }
                let done = reported(tx.commit());
                if done {
                    stale_frames(dir, frames.len());
                }
                Ok(done)
            }
        }
    }

    /// Where notes about the game go: after text boards, else standard error.
    fn note(&self, out: &mut impl Write, note: std::fmt::Arguments<'_>) -> std::io::Result<()> {
        match self {
            Drawing::Text(_) => writeln!(out, "note: {note}"),
            _ => writeln!(std::io::stderr(), "seega: note: {note}"),
        }
    }
}

/// Says on stderr when `dir` holds diagrams of positions past the `written` ones of this run,
/// left by an earlier one: a reader of `turn-*.svg` would take them for this game's.
fn stale_frames(dir: &Path, written: usize) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let stale = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name();
            let k = name.to_str()?.strip_prefix("turn-")?.strip_suffix(".svg")?;
            k.parse::<usize>().ok().filter(|&k| k >= written)
        })
        .count();
    if stale > 0 {
        let digits = written.saturating_sub(1).to_string().len().max(3);
        super::note(format_args!(
            "`{}` also holds {stale} diagram{} of positions past this game's last (turn-{written:0digits$}.svg and on), left by an earlier run; they were not changed",
            terminal::path(dir),
            if stale == 1 { "" } else { "s" },
        ));
    }
}

/// Whether a file was written; a failure is reported.
fn reported(written: Result<(), super::output::OutputError>) -> bool {
    written.map_err(|e| e.report()).is_ok()
}

/// What `seega show` runs with.
pub struct Config {
    /// The archive read: the path given, or standard input for `-` or none.
    input: Input,
    /// The position string drawn instead of a game.
    position: Option<String>,
    /// The game to draw, from 1.
    game: usize,
    /// The line drawn along: the main line, or a variation.
    line: LinePath,
    when: When,
    /// The rules of a game without a Rules tag, and of the position string.
    rules: Ruleset,
    /// Whether `rules` applies to a game whatever its Rules tag says.
    force_rules: bool,
    /// Whether `--rules` was given without `--force-rules` (see [`super::rules_note`]).
    rules_given: bool,
    encoding: Encoding,
    drawing: Drawing,
    /// The file text boards are written to, at once when all are drawn.
    boards_to: Option<PathBuf>,
    /// With --html, the replay page instead of boards: the game asked for, if one.
    page: Option<Page>,
}

/// The replay page asked for.
struct Page {
    /// The one game to hold (from 1), or every game.
    game: Option<usize>,
    /// The file it is written to, or standard output.
    to: Option<PathBuf>,
}

impl Config {
    /// The configuration `args` ask for, or `None` (reported) when --svg-dir is not a
    /// directory and cannot be made.
    pub fn new(args: &ShowArgs) -> Option<Config> {
        let drawing = drawing(args)?;
        Some(Config {
            input: pick::input(&args.at),
            position: args.setup.position.clone(),
            game: args.at.game(),
            line: args.line.clone().unwrap_or_default(),
            when: When::of(&args.at, args.svg_dir.is_some()),
            rules: args.setup.ruleset(),
            force_rules: args.setup.force_rules,
            rules_given: args.setup.may_lose_to_tags(),
            encoding: args.encoding.encoding,
            drawing,
            boards_to: args.output.clone().filter(|p| !args.svg && !is_stdout(p)),
            page: args.html.then(|| Page {
                game: args.at.game,
                to: args.output.clone().filter(|p| !is_stdout(p)),
            }),
        })
    }

    /// The identity of the archive read, which no file written may be.
    fn stamps(&self) -> Vec<Stamp> {
        super::inputs::stamp(&self.input).into_iter().collect()
    }
}

/// The drawing the arguments ask for, or `None` (reported) when --svg-dir is not a directory.
fn drawing(args: &ShowArgs) -> Option<Drawing> {
    if let Some(dir) = &args.svg_dir {
        let shown = terminal::path(dir);
        let (problem, help) = match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => return Some(Drawing::SvgDir(dir.clone())),
            Ok(_) => (
                "it is not a directory".to_owned(),
                "Give a directory for the diagrams, not a file.".to_owned(),
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match ensure_dir(dir) {
                Ok(()) => return Some(Drawing::SvgDir(dir.clone())),
                Err(e) => (
                    format!("it cannot be made: {e}"),
                    "Give a directory you can write to.".to_owned(),
                ),
            },
            Err(e) => (
                e.to_string(),
                "Give a directory you can write to.".to_owned(),
            ),
        };
        trouble(format_args!(
            "--svg-dir `{shown}`: {problem}\n  help: {help}"
        ));
        return None;
    }
    Some(if args.svg {
        Drawing::Svg(args.output.clone().filter(|p| !is_stdout(p)))
    } else {
        Drawing::Text(Glyphs {
            unicode: args.unicode,
        })
    })
}

/// Runs `seega show`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    if let Some(page) = &config.page {
        return html::run(config, page, out);
    }
    match &config.boards_to {
        // Text boards into a file: drawn first, then written as one output.
        Some(path) => {
            let mut boards = Vec::new();
            let exit = draw(config, &mut boards)?;
            if exit == Exit::Trouble {
                return Ok(exit);
            }
            match write_file(path, &config.stamps(), &mut |w| w.write_all(&boards)) {
                Ok(()) => Ok(exit),
                Err(e) => {
                    e.report();
                    Ok(Exit::Trouble)
                }
            }
        }
        None => draw(config, out),
    }
}

/// Draws what the configuration asks for on `out` (or into the files it names).
fn draw(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    match &config.position {
        Some(text) => draw_position(config, text, out),
        None => draw_game(config, out),
    }
}

/// Draws a position string, its board's size taken from the string.
fn draw_position(config: &Config, text: &str, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(state) = pick::setup(config.rules, text) else {
        return Ok(Exit::Trouble);
    };
    let pos = state.position();
    let what = format!("position {}", terminal::escape(text));
    let frame = Frame {
        what: &what,
        when: String::new(),
        pos,
        hl: Highlight::default(),
        outcome: state.outcome(),
    };
    Ok(if config.drawing.draw(&[frame], out, &[])? {
        Exit::Valid
    } else {
        Exit::Trouble
    })
}

/// Draws the positions asked for of one game of the archive.
fn draw_game(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let index = config.game;
    pick::with_game(&config.input, config.encoding, index, |game| {
        let opts = Options::default()
            .default_rules(config.rules)
            .record(true)
            .auto_rules(false)
            .force_rules(config.force_rules);
        let verdict = check_game(game, &opts);
        super::rules_note_of_the_game(config.rules_given && opts.tag_overrode(game, &verdict));
        let heading = pick::title(game, index);
        let Some(start) = verdict.start.clone() else {
            pick::cannot_set_up(&heading, &verdict);
            return Ok(Exit::Invalid);
        };
        let Some(turns) = line_turns(game, &verdict, &config.line) else {
            no_line(&heading, &verdict, &config.line);
            return Ok(Exit::Trouble);
        };
        let heading = match config.line.is_main() {
            true => heading,
            false => format!("{heading}, variation {}", config.line),
        };
        let Some(wanted) = config.when.positions(turns.len(), &heading) else {
            return Ok(Exit::Trouble);
        };
        // The outcome belongs to the main line.
        let outcome = verdict.outcome.filter(|_| config.line.is_main());
        let frames = frames(&turns, &start, &heading, &wanted, outcome);
        if !config.drawing.draw(&frames, out, &config.stamps())? {
            return Ok(Exit::Trouble);
        }
        invalid_notes(&config.drawing, &verdict, (&config.line, turns.len()), out)?;
        Ok(Exit::Valid)
    })
    .unwrap_or(Ok(Exit::Trouble))
}

/// Says that the game `heading` names has no line `line`, naming the variations it has.
fn no_line(heading: &str, verdict: &Verdict, line: &LinePath) {
    let paths: Vec<String> = verdict
        .lines
        .iter()
        .map(|l| format!("`{}`", l.path))
        .collect();
    let has = match paths.is_empty() {
        true => "it has no variation".to_owned(),
        false => format!("its variations are {}", paths.join(", ")),
    };
    trouble(format_args!(
        "{heading} has no variation `{line}`: {has}\n  help: Name a variation as TURN.INDEX (`14.1`: the first after turn 14), nested ones joined by `/`; a variation after an illegal turn is not played."
    ));
}

/// The frames of the positions `wanted` (each the number of turns played before it) along the
/// legal turns `turns` of a line from `start`; `outcome` is drawn on the last.
fn frames<'a>(
    turns: &LineTurns<'a, '_>,
    start: &'a Position,
    heading: &'a str,
    wanted: &[usize],
    outcome: Option<Outcome>,
) -> Vec<Frame<'a>> {
    let n = turns.len();
    wanted
        .iter()
        .map(|&k| {
            let outcome = outcome.filter(|_| k == n);
            if k == 0 {
                return Frame {
                    what: heading,
                    when: "start".to_owned(),
                    pos: start,
                    hl: Highlight::default(),
                    outcome,
                };
            }
            let (moves, p) = turns[k - 1];
            let token = turn_text(moves, p);
            Frame {
                what: heading,
                when: format!("after turn {k} ({}): {token}", p.side),
                pos: &p.after,
                hl: Highlight::of_turn_in(moves, p),
                outcome,
            }
        })
        .collect()
}

/// Notes after the drawing of an invalid game: its first error, and, when the line drawn (of
/// `drawn` legal turns) stops at an error, where its positions stop.
fn invalid_notes(
    drawing: &Drawing,
    verdict: &Verdict,
    (line, drawn): (&LinePath, usize),
    out: &mut impl Write,
) -> std::io::Result<()> {
    let Some(p) = verdict.problems.iter().find(|p| p.is_error()) else {
        return Ok(());
    };
    drawing.note(
        out,
        format_args!(
            "the game is invalid ({}): {}",
            p.code,
            terminal::escape(&p.message())
        ),
    )?;
    let stops = match line.is_main() {
        true => verdict.unchecked > 0,
        false => (verdict.problems.iter()).any(|p| p.is_error() && p.line.as_ref() == Some(line)),
    };
    if stops {
        drawing.note(
            out,
            format_args!("positions stop after turn {drawn}, the last legal one"),
        )?;
    }
    Ok(())
}
