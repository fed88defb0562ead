//! `seega::input::bidi-control`: a warning for the bidirectional controls in a game's text,
//! which make a terminal or an editor show it in another order than it is written (as rustc
//! warns of them in literals).

use super::code::Code;
use super::place::{Place, Players};
use super::problem::{Kind, Problem};
use crate::notation::lex::is_bidi_control;
use crate::notation::{Game, Span};

/// The bidirectional controls of `text` ([`is_bidi_control`]) and their offsets. Each is three
/// bytes starting with 0xE2, so only those bytes are looked at.
pub(crate) fn bidi_controls(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    memchr::memchr_iter(0xe2, text.as_bytes()).filter_map(|i| {
        let c = text.get(i..)?.chars().next()?;
        is_bidi_control(c).then_some((i, c))
    })
}

/// The name of a bidirectional control.
fn control_name(c: char) -> &'static str {
    match c {
        '\u{202a}' => "left-to-right embedding",
        '\u{202b}' => "right-to-left embedding",
        '\u{202c}' => "pop directional formatting",
        '\u{202d}' => "left-to-right override",
        '\u{202e}' => "right-to-left override",
        '\u{2066}' => "left-to-right isolate",
        '\u{2067}' => "right-to-left isolate",
        '\u{2068}' => "first strong isolate",
        _ => "pop directional isolate",
    }
}

/// The warning for game `index`, whose text is `text[game.span]`, when that text holds a
/// bidirectional control: one per game, at the first, counting the others.
pub(super) fn warning(game: &Game<'_>, text: &str, index: usize) -> Option<Problem> {
    let own = text.get(game.span.start..game.span.end)?;
    let mut found = bidi_controls(own);
    let (at, c) = found.next()?;
    let more = found.count();
    let start = game.span.start + at;
    Some(Problem {
        code: Code::BidiControl,
        kind: Kind::Bidi {
            control: c,
            more,
            notes: String::new(),
        },
        span: Span::new(start, start + c.len_utf8()),
        place: Place::Game {
            players: Players::of(game),
            rules: None,
        },
        game: index,
        turn: None,
        also: None,
        fix: None,
        line: None,
    })
}

/// The message and the help of the warning for the bidirectional control `control`, the first
/// of a game's text, which holds `more` others.
pub(super) fn words(control: char, more: usize) -> (String, String) {
    let others = match more {
        0 => String::new(),
        1 => ", and 1 more".to_owned(),
        n => format!(", and {n} more"),
    };
    (
        format!(
            "bidirectional control U+{:04X} ({}) in the game's text{others}",
            u32::from(control),
            control_name(control)
        ),
        "Remove it unless the text needs it: a terminal or an editor shows the text after it in another order than the file holds, so what a reader sees is not what is written.".to_owned(),
    )
}

/// Adds `p` to `problems` before the first that starts after it, so that they stay in the
/// order of the text.
pub(super) fn insert(problems: &mut Vec<Problem>, p: Problem) {
    let at = problems
        .iter()
        .position(|q| q.span.start > p.span.start)
        .unwrap_or(problems.len());
    problems.insert(at, p);
}
