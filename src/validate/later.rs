//! The syntax errors of a game after the one that stopped its replay.

use super::replay::{Cx, syntax_error_turn};
use super::syntax_words::{lone_pair, syntax_code, syntax_help};
use crate::engine::kernel::Board;
use crate::engine::referee::Referee;
use crate::notation::{Element, SyntaxKind};

/// The most syntax errors reported after the one that stopped a game's replay: a game of a
/// million bad tokens is reported in a few screens.
const MAX_LATER_ERRORS: usize = 100;

/// Where a game's replay stopped.
pub(super) struct After {
    /// The element that stopped it.
    pub at: usize,
    /// The number of the first turn after that element.
    pub number: u64,
    /// Whether the game had ended by rule there.
    pub ended: bool,
    /// Whether the game was in its movement phase there.
    pub moving: bool,
}

/// Reports the syntax errors after `moves[after.at]`, the element where the replay stopped:
/// each token was parsed on its own (N5), so a bad one never hides the ones after it, even where
/// the rules are no longer checked. Each error is placed at the turn it stands in (the next turn
/// to be played there), and a missing result after the game ended at none, as the replay places
/// its own errors. A missing result is not reported after an unclosed comment (the comment took
/// the result with it) nor after a misspelt result (which says what is meant); nor is the second
/// square of a placement written with a space, reported with the first.
pub(super) fn later_syntax_errors(
    moves: &[Element<'_>],
    text: &str,
    after: After,
    cx: &mut Cx<'_, '_>,
) {
    let stop = moves.get(after.at);
    let state = State {
        number: after.number,
        ended: after.ended,
        moving: after.moving,
        swallowed: stop.is_some_and(unclosed),
        misspelt: stop.is_some_and(typo),
        paired: lone_pair(moves, after.at, text, after.moving).is_some(),
    };
    report(moves, text, after.at + 1, state, cx);
}

/// Ends the replay of a variation stopped at `moves[at]` (the referee as it stands there):
/// counts its later turns in the last problem's help, and reports the syntax errors after it,
/// as the main line's replay does.
pub(super) fn after_line_stop<B: Board>(
    moves: &[Element<'_>],
    at: usize,
    referee: &Referee<B>,
    text: &str,
    cx: &mut Cx<'_, '_>,
) {
    let stopped_at_turn = matches!(moves[at], Element::Turn(_));
    let later = moves[at + 1..]
        .iter()
        .filter(|el| matches!(el, Element::Turn(_)))
        .count();
    if later > 0 {
        if let Some(p) = cx.problems.last_mut() {
            p.add_help(&if later == 1 {
                " The later turn of this variation was not checked.".to_owned()
            } else {
                format!(" The {later} later turns of this variation were not checked.")
            });
        }
    }
    let after = After {
        at,
        number: referee.number() + u64::from(stopped_at_turn),
        ended: referee.outcome().is_some(),
        moving: referee.in_movement(),
    };
    later_syntax_errors(moves, text, after, cx);
}

/// Reports every syntax error of a game whose replay never started (its rules, start or
/// headers could not be read): its tokens were parsed all the same (N5). Each error is placed
/// at the turn it stands in, counting the written turns from 1.
pub(super) fn unreplayed_syntax_errors(moves: &[Element<'_>], text: &str, cx: &mut Cx<'_, '_>) {
    let state = State {
        number: 1,
        ended: false,
        moving: false,
        swallowed: false,
        misspelt: false,
        paired: false,
    };
    report(moves, text, 0, state, cx);
}

/// What the reporting knows as it goes.
struct State {
    /// The number of the turn the next element stands in.
    number: u64,
    /// Whether the game had ended by rule where the replay stopped.
    ended: bool,
    /// Whether the game was in its movement phase there.
    moving: bool,
    /// Whether a comment left open took the rest with it.
    swallowed: bool,
    /// Whether the last token was a misspelt result.
    misspelt: bool,
    /// Whether the last error was the first square of a placement written with a space.
    paired: bool,
}

/// Whether `el` is a comment left open, which takes everything up to the next tag line with it.
fn unclosed(el: &Element<'_>) -> bool {
    matches!(el, Element::Error(e) if e.kind == SyntaxKind::UnterminatedComment)
}

/// Whether `el` is a misspelt result.
fn typo(el: &Element<'_>) -> bool {
    matches!(el, Element::Error(e) if e.kind == SyntaxKind::ResultTypo)
}

/// Reports the syntax errors of `moves[first..]`; at most [`MAX_LATER_ERRORS`] are shown, and
/// the rest counted in the last one's help.
fn report(moves: &[Element<'_>], text: &str, first: usize, mut st: State, cx: &mut Cx<'_, '_>) {
    let (mut shown, mut hidden) = (0usize, 0usize);
    for (k, el) in moves.iter().enumerate().skip(first) {
        st.swallowed |= unclosed(el);
        if std::mem::take(&mut st.paired) {
            continue;
        }
        match el {
            Element::Turn(_) => st.number += 1,
            Element::Error(e)
                if e.kind == SyntaxKind::MissingResult && (st.swallowed || st.misspelt) => {}
            // The limit and a comment left open are always said: they explain the rest.
            Element::Error(e)
                if shown >= MAX_LATER_ERRORS
                    && !matches!(
                        e.kind,
                        SyntaxKind::TooLong | SyntaxKind::UnterminatedComment
                    ) =>
            {
                hidden += 1
            }
            Element::Error(e) => {
                shown += 1;
                let pair = lone_pair(moves, k, text, st.moving);
                st.paired = pair.is_some();
                let (span, message, help) =
                    pair.unwrap_or_else(|| (e.span, e.message.clone(), syntax_help(e, text)));
                cx.push(
                    syntax_code(e.kind),
                    span,
                    message,
                    help,
                    syntax_error_turn(e.kind, st.ended, st.number),
                );
            }
            // A variation after the stop was not replayed, nor is it read for errors.
            Element::Comment(_) | Element::Nag(..) | Element::Number(_) | Element::Variation(_) => {
            }
        }
        if !matches!(el, Element::Comment(_) | Element::Nag(..)) {
            st.misspelt = typo(el);
        }
    }
    if hidden > 0 {
        if let Some(p) = cx.problems.last_mut() {
            p.add_help(&format!(
                " {hidden} more syntax errors of this game are not shown."
            ));
        }
    }
}
