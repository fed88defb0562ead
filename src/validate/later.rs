//! The syntax errors of a game after the one that stopped its replay.

use super::replay::{Cx, syntax_error_turn};
use super::syntax_words::{lone_pair, syntax_code, syntax_help};
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
    let from = &moves[after.at..];
    let unclosed = |el: &Element<'_>| matches!(el, Element::Error(e) if e.kind == SyntaxKind::UnterminatedComment);
    let typo =
        |el: &Element<'_>| matches!(el, Element::Error(e) if e.kind == SyntaxKind::ResultTypo);
    let mut swallowed = from.first().is_some_and(unclosed);
    let mut misspelt = from.first().is_some_and(typo);
    let mut paired = lone_pair(moves, after.at, text, after.moving).is_some();
    let (mut shown, mut hidden) = (0usize, 0usize);
    let mut number = after.number;
    for (k, el) in from.iter().enumerate().skip(1) {
        swallowed |= unclosed(el);
        if std::mem::take(&mut paired) {
            continue;
        }
        match el {
            Element::Turn(_) => number += 1,
            Element::Error(e) if e.kind == SyntaxKind::MissingResult && (swallowed || misspelt) => {
            }
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
                let pair = lone_pair(moves, after.at + k, text, after.moving);
                paired = pair.is_some();
                let (span, message, help) =
                    pair.unwrap_or_else(|| (e.span, e.message.clone(), syntax_help(e, text)));
                cx.push(
                    syntax_code(e.kind),
                    span,
                    message,
                    help,
                    syntax_error_turn(e.kind, after.ended, number),
                );
            }
            Element::Comment(_) | Element::Nag(..) | Element::Number(_) => {}
        }
        if !matches!(el, Element::Comment(_) | Element::Nag(..)) {
            misspelt = typo(el);
        }
    }
    if hidden > 0 {
        if let Some(p) = cx.problems.last_mut() {
            p.help.push_str(&format!(
                " {hidden} more syntax errors of this game are not shown."
            ));
        }
    }
}
