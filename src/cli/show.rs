//! `seega show`: a game's positions, or a position string, drawn as boards.

use std::io::Write;

use seega::canonical::computed_captures;
use seega::engine::{Position, Ruleset, Size};
use seega::notation::writer::{DocKind, turn_text};
use seega::notation::{Element, Game, Scanner, Source, TurnKind};
use seega::render::ascii::{Glyphs, Highlight, board, summary};
use seega::validate::{Options, Verdict, check_game};

use super::args::ShowArgs;
use super::inputs::Input;
use super::{Exit, trouble};

/// `game N (Black vs White, Event)`.
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
        format!("game {index} ({})", parts.join(", "))
    }
}

/// The token of the played turn `k` (from 1) and its highlight.
fn turn_at(game: &Game<'_>, verdict: &Verdict, k: usize) -> (String, Highlight) {
    let p = &verdict.played[k - 1];
    let mut hl = Highlight::default();
    let Some(Element::Turn(t)) = game.moves.get(p.element) else {
        return (String::new(), hl);
    };
    let caps = computed_captures(verdict, p.element).unwrap_or_default();
    for c in &caps {
        for sq in c {
            hl.captured.insert(*sq);
        }
    }
    let kind = match &t.kind {
        TurnKind::Place(a, b) => {
            hl.touched.insert(a.square);
            hl.touched.insert(b.square);
            DocKind::Place(a.square, b.square)
        }
        TurnKind::Pass => DocKind::Pass,
        TurnKind::Move { from, steps } => {
            hl.touched.insert(from.square);
            for s in steps {
                hl.touched.insert(s.to.square);
            }
            DocKind::Move(
                from.square,
                steps
                    .iter()
                    .zip(caps.iter().chain(std::iter::repeat(&Vec::new())))
                    .map(|(s, c)| (s.to.square, c.clone()))
                    .collect(),
            )
        }
    };
    (turn_text(&kind, t.annotation), hl)
}

fn draw(
    out: &mut impl Write,
    heading: &str,
    pos: &Position,
    hl: &Highlight,
    glyphs: Glyphs,
    outcome: Option<seega::engine::Outcome>,
) -> std::io::Result<()> {
    writeln!(out, "{heading}")?;
    out.write_all(board(pos, hl, glyphs).as_bytes())?;
    out.write_all(summary(pos, outcome).as_bytes())
}

/// Runs `seega show`.
pub fn run(args: &ShowArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let glyphs = Glyphs {
        unicode: args.unicode,
    };
    let mut rules = match Ruleset::parse(&args.rules) {
        Ok(r) => r,
        Err(e) => {
            trouble(format_args!(
                "--rules {:?}: {e}\n  help: {}.",
                args.rules,
                e.help()
            ));
            return Ok(Exit::Trouble);
        }
    };
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
                let outcome = pos.outcome_after_turn(false);
                draw(
                    out,
                    &format!("position {text}"),
                    &pos,
                    &Highlight::default(),
                    glyphs,
                    outcome,
                )?;
                Ok(Exit::Valid)
            }
            Err(e) => {
                trouble(format_args!(
                    "--position {text:?}: {e}\n  help: Write the ranks from the top, separated by `/`, each as `b`, `w` or a count of empty squares, then a space and the side to move: `bbw1w/5/2b2/5/w3w b`."
                ));
                Ok(Exit::Trouble)
            }
        };
    }
    let input = match &args.path {
        Some(p) if p.as_os_str() != "-" => Input::File(p.clone()),
        _ => Input::Stdin,
    };
    let name = input.name();
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => {
            trouble(format_args!("cannot read `{name}`: {e}"));
            return Ok(Exit::Trouble);
        }
    };
    let source = Source::from_bytes(&bytes);
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
        let why = verdict
            .problems
            .first()
            .map_or(String::new(), |p| format!(": {}", p.message));
        trouble(format_args!("{heading} cannot be set up{why}"));
        return Ok(Exit::Invalid);
    };
    let n = verdict.played.len();
    let wanted: Vec<usize> = if args.all {
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
    for (i, &k) in wanted.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let (pos, hl, head) = if k == 0 {
            (&start, Highlight::default(), format!("{heading}, start"))
        } else {
            let p = &verdict.played[k - 1];
            let (token, hl) = turn_at(&game, &verdict, k);
            (
                &p.after,
                hl,
                format!("{heading}, after turn {k} ({}): {token}", p.side),
            )
        };
        let outcome = if k == n { verdict.outcome } else { None };
        draw(out, &head, pos, &hl, glyphs, outcome)?;
    }
    if let Some(p) = verdict.problems.iter().find(|p| p.is_error()) {
        writeln!(out, "note: the game is invalid ({}): {}", p.code, p.message)?;
        if verdict.unchecked > 0 {
            writeln!(
                out,
                "note: positions stop after turn {n}, the last legal one"
            )?;
        }
    }
    Ok(Exit::Valid)
}
