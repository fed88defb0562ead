//! `seega show`: a game's positions, or a position string, drawn as boards.

use std::io::Write;
use std::path::Path;

use seega::canonical::computed_captures;
use seega::engine::{Outcome, Position, Size};
use seega::notation::writer::{DocKind, turn_text};
use seega::notation::{Element, Game, Scanner, TurnKind};
use seega::render::ascii::{Glyphs, Highlight, board, summary};
use seega::render::svg::svg;
use seega::render::terminal;
use seega::validate::{Options, Verdict, check_game};

use super::args::ShowArgs;
use super::inputs::Input;
use super::output::{Stamp, Transaction, ensure_dir, is_stdout, write_file};
use super::{Exit, trouble};

/// `game N (Black vs White, Event)`, made safe for a terminal ([`terminal::escape`]).
fn title(game: &Game<'_>, index: usize) -> String {
    let tag = |n: &str| {
        game.tag(n)
            .map(|t| t.value.to_string())
            .filter(|v| !v.is_empty() && v != "?")
    };
    let mut parts = Vec::new();
    match (tag("Black"), tag("White")) {
        (Some(b), Some(w)) => parts.push(format!("{b} vs {w}")),
        (Some(b), None) => parts.push(format!("{b} as black")),
        (None, Some(w)) => parts.push(format!("{w} as white")),
        (None, None) => {}
    }
    parts.extend(tag("Event"));
    if parts.is_empty() {
        format!("game {index}")
    } else {
        format!("game {index} ({})", terminal::escape(&parts.join(", ")))
    }
}

/// The token of the played turn `k` (from 1) and its highlight.
fn turn_at(game: &Game<'_>, verdict: &Verdict, k: usize) -> (String, Highlight) {
    let hl = Highlight::of_played(game, verdict, k);
    let p = &verdict.played[k - 1];
    let Some(Element::Turn(t)) = game.moves.get(p.element) else {
        return (String::new(), hl);
    };
    let caps = computed_captures(verdict, p.element).unwrap_or_default();
    let kind = match &t.kind {
        TurnKind::Place(a, b) => DocKind::Place(a.square, b.square),
        TurnKind::Pass => DocKind::Pass,
        TurnKind::Move { from, steps } => DocKind::Move(
            from.square,
            steps
                .iter()
                .zip(caps.iter().chain(std::iter::repeat(&Vec::new())))
                .map(|(s, c)| (s.to.square, c.clone()))
                .collect(),
        ),
    };
    (turn_text(&kind, t.annotation), hl)
}

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
        let mut title = self.what.to_owned();
        if !self.when.is_empty() {
            title.push('\n');
            title.push_str(&self.when);
        }
        match self.outcome {
            Some(o) => {
                let who = o.winner.map_or("draw".to_owned(), |c| format!("{c} wins"));
                title.push_str(&format!(
                    "\ngame over: {}, {who} ({})",
                    o.termination.as_str(),
                    o.result_token()
                ));
            }
            None if self.when.is_empty() => {
                title.push_str(&format!("\n{} to move", self.pos.to_move()));
            }
            None => {}
        }
        svg(self.pos, &self.hl, Some(&title))
    }
}

/// Where the drawings go.
enum Output<'a> {
    /// Text boards on standard output.
    Text(Glyphs),
    /// One diagram, on standard output or in a file.
    Svg(Option<&'a Path>),
    /// One diagram file per position, in a directory.
    SvgDir(&'a Path),
}

impl Output<'_> {
    /// Draws `frames`; `Ok(false)` when a file could not be written (already reported). No
    /// file written may be one of `inputs`.
    fn draw(
        &self,
        frames: &[Frame<'_>],
        out: &mut impl Write,
        inputs: &[Stamp],
    ) -> std::io::Result<bool> {
        match self {
            Output::Text(glyphs) => {
                for (i, f) in frames.iter().enumerate() {
                    if i > 0 {
                        writeln!(out)?;
                    }
                    f.text(out, *glyphs)?;
                }
                Ok(true)
            }
            Output::Svg(None) => {
                for f in frames {
                    out.write_all(f.svg().as_bytes())?;
                }
                Ok(true)
            }
            Output::Svg(Some(path)) => {
                let doc: String = frames.iter().map(Frame::svg).collect();
                Ok(report(write_file(path, inputs, &mut |w| {
                    w.write_all(doc.as_bytes())
                })))
            }
            Output::SvgDir(dir) => {
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
                    if !report(written) {
                        return Ok(false);
                    }
                }
                let done = report(tx.commit());
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
            Output::Text(_) => writeln!(out, "note: {note}"),
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
fn report(written: Result<(), super::output::OutputError>) -> bool {
    written.map_err(|e| e.report()).is_ok()
}

/// The output the arguments ask for, or `None` (reported) when --svg-dir is not a directory.
fn output(args: &ShowArgs) -> Option<Output<'_>> {
    if let Some(dir) = &args.svg_dir {
        let shown = terminal::path(dir);
        let (problem, help) = match std::fs::metadata(dir) {
            Ok(m) if m.is_dir() => return Some(Output::SvgDir(dir)),
            Ok(_) => (
                "it is not a directory".to_owned(),
                "Give a directory for the diagrams, not a file.".to_owned(),
            ),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => match ensure_dir(dir) {
                Ok(()) => return Some(Output::SvgDir(dir)),
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
        Output::Svg(args.output.as_deref().filter(|p| !is_stdout(p)))
    } else {
        Output::Text(Glyphs {
            unicode: args.unicode,
        })
    })
}

/// Runs `seega show`.
pub fn run(args: &ShowArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    match &args.output {
        // Text boards into a file: drawn first, then written as one output.
        Some(path) if !args.svg && !is_stdout(path) => {
            let mut boards = Vec::new();
            let exit = draw(args, &mut boards)?;
            if exit == Exit::Trouble {
                return Ok(exit);
            }
            let input = input_of(args);
            let inputs: Vec<Stamp> = input.stamp().into_iter().collect();
            match write_file(path, &inputs, &mut |w| w.write_all(&boards)) {
                Ok(()) => Ok(exit),
                Err(e) => {
                    e.report();
                    Ok(Exit::Trouble)
                }
            }
        }
        _ => draw(args, out),
    }
}

/// The archive `show` reads: the path given, or standard input for `-` or none.
fn input_of(args: &ShowArgs) -> Input {
    match &args.path {
        Some(p) if p.as_os_str() != "-" => Input::File(p.clone()),
        _ => Input::Stdin,
    }
}

/// Draws what the arguments ask for on `out` (or into the files they name).
fn draw(args: &ShowArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let Some(output) = output(args) else {
        return Ok(Exit::Trouble);
    };
    let mut rules = args.rules;
    if let Some(text) = &args.position {
        let ranks = text
            .split_ascii_whitespace()
            .next()
            .map_or(0, |b| b.split('/').count());
        if let Some(size) = u8::try_from(ranks).ok().and_then(Size::new) {
            rules.size = size;
        }
        return match Position::from_setup(rules, text) {
            Ok(pos) => {
                let what = format!("position {}", terminal::escape(text));
                let frame = Frame {
                    what: &what,
                    when: String::new(),
                    pos: &pos,
                    hl: Highlight::default(),
                    outcome: pos.outcome_after_turn(false),
                };
                Ok(if output.draw(&[frame], out, &[])? {
                    Exit::Valid
                } else {
                    Exit::Trouble
                })
            }
            Err(e) => {
                trouble(format_args!(
                    "--position {text:?}: {e}\n  help: Write the ranks from the top, separated by `/`, each as `b`, `w` or a count of empty squares, then a space and the side to move: `bbw1w/5/2b2/5/w3w b`."
                ));
                Ok(Exit::Trouble)
            }
        };
    }
    let input = input_of(args);
    let name = input.name();
    let inputs: Vec<Stamp> = input.stamp().into_iter().collect();
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => {
            trouble(format_args!("cannot read `{name}`: {e}"));
            return Ok(Exit::Trouble);
        }
    };
    let source = super::inputs::decode(&input, &bytes, args.encoding.encoding);
    let text = source.text();
    let Some(game) = Scanner::new(text, source.invalid())
        .nth(args.game.saturating_sub(1))
        .filter(|_| args.game > 0)
    else {
        let count = Scanner::new(text, source.invalid()).count();
        trouble(format_args!(
            "`{name}` has {count} {}: there is no game {}",
            if count == 1 { "game" } else { "games" },
            args.game
        ));
        return Ok(Exit::Trouble);
    };
    let opts = Options {
        default_rules: rules,
        record: true,
        auto_rules: false,
    };
    let verdict = check_game(&game, text, args.game, &opts);
    let heading = title(&game, args.game);
    let Some(start) = verdict.start.clone() else {
        let why = verdict.problems.first().map_or(String::new(), |p| {
            format!(": {}", terminal::escape(&p.message))
        });
        trouble(format_args!("{heading} cannot be set up{why}"));
        return Ok(Exit::Invalid);
    };
    let n = verdict.played.len();
    let wanted: Vec<usize> = if args.all || args.svg_dir.is_some() {
        (0..=n).collect()
    } else if let Some(k) = args.turn {
        match usize::try_from(k).ok().filter(|k| *k <= n) {
            Some(k) => vec![k],
            None => {
                trouble(format_args!(
                    "{heading} has {n} legal {}: there is no position after turn {k}",
                    if n == 1 { "turn" } else { "turns" }
                ));
                return Ok(Exit::Trouble);
            }
        }
    } else {
        vec![n]
    };
    let frames: Vec<Frame<'_>> = wanted
        .iter()
        .map(|&k| {
            let outcome = if k == n { verdict.outcome } else { None };
            if k == 0 {
                return Frame {
                    what: &heading,
                    when: "start".to_owned(),
                    pos: &start,
                    hl: Highlight::default(),
                    outcome,
                };
            }
            let p = &verdict.played[k - 1];
            let (token, hl) = turn_at(&game, &verdict, k);
            Frame {
                what: &heading,
                when: format!("after turn {k} ({}): {token}", p.side),
                pos: &p.after,
                hl,
                outcome,
            }
        })
        .collect();
    if !output.draw(&frames, out, &inputs)? {
        return Ok(Exit::Trouble);
    }
    if let Some(p) = verdict.problems.iter().find(|p| p.is_error()) {
        output.note(
            out,
            format_args!(
                "the game is invalid ({}): {}",
                p.code,
                terminal::escape(&p.message)
            ),
        )?;
        if verdict.unchecked > 0 {
            output.note(
                out,
                format_args!("positions stop after turn {n}, the last legal one"),
            )?;
        }
    }
    Ok(Exit::Valid)
}
