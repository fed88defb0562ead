//! Words for syntax errors: the stable code and the help sentence of each kind, and the
//! reporting of a game's syntax errors that its replay did not reach.

use super::code::Code;
use super::problem::Problem;
use super::replay::Cx;
use crate::notation::limits::MAX_UNCUT_BYTES;
use crate::notation::{Element, Span, SyntaxError, SyntaxKind};

/// The stable code of a syntax error of `kind`.
pub(super) fn syntax_code(kind: SyntaxKind) -> Code {
    match kind {
        SyntaxKind::UnknownToken => Code::SyntaxToken,
        SyntaxKind::BadSquare => Code::SyntaxSquare,
        SyntaxKind::BadMove | SyntaxKind::BadTurn => Code::SyntaxMove,
        SyntaxKind::BadPlacement => Code::SyntaxPlacement,
        SyntaxKind::NumberOverflow => Code::SyntaxNumber,
        SyntaxKind::BadNag => Code::SyntaxNag,
        SyntaxKind::BadTag => Code::SyntaxTag,
        SyntaxKind::UnterminatedTag => Code::SyntaxUnterminatedTag,
        SyntaxKind::BadEscape => Code::SyntaxEscape,
        SyntaxKind::UnterminatedComment => Code::SyntaxUnterminatedComment,
        SyntaxKind::MissingResult => Code::MissingResult,
        SyntaxKind::InvalidUtf8 | SyntaxKind::InvalidUtf8InComment => Code::InvalidUtf8,
        SyntaxKind::TooLong | SyntaxKind::TokenTooLong => Code::TooLong,
    }
}

/// The problem for bytes that are not UTF-8 in a comment that belongs to no game (see
/// [`crate::notation::Scanner::outside_games`]): it stands at game 0, at no turn, and
/// [`Problem::renumber`] gives it the game before it, if any, as a scan of the whole file would.
pub fn outside_games(e: &SyntaxError) -> Problem {
    Problem {
        code: syntax_code(e.kind),
        message: e.message.clone(),
        // Not the help of a comment in a game: no turn stands after it.
        help: syntax_help(SyntaxKind::InvalidUtf8).into(),
        span: e.span,
        label: OUTSIDE_GAMES.into(),
        game: 0,
        turn: None,
        also: None,
        fix: None,
    }
}

/// The problem for a stretch of a stream skipped because it ran past [`MAX_UNCUT_BYTES`]
/// without a likely game boundary: `bytes` long, starting at `span`, counted as game 1 of the
/// piece it is (and renumbered as a game of the file).
pub fn uncut(span: Span, bytes: usize) -> Problem {
    Problem {
        code: Code::TooLong,
        message: uncut_message(bytes),
        help: "Break the text into games that each end with a result, and long text into lines: seega skipped it up to the next line where a game can start.".into(),
        span,
        label: "game 1".into(),
        game: 1,
        turn: None,
        also: None,
        fix: None,
    }
}

/// What is wrong with a stretch of `bytes` bytes skipped for running past [`MAX_UNCUT_BYTES`].
pub fn uncut_message(bytes: usize) -> String {
    format!(
        "this text runs {bytes} bytes without a line where a game can start; a game, line or comment is read up to {MAX_UNCUT_BYTES} bytes (64 MiB)"
    )
}

/// The label of a problem that belongs to no game.
pub(super) const OUTSIDE_GAMES: &str = "outside any game";

/// The help sentence shown with a syntax error of `kind`.
pub(super) fn syntax_help(kind: SyntaxKind) -> &'static str {
    match kind {
        SyntaxKind::UnknownToken => {
            "Write a placement like `c2,d4`, a movement like `b2-b3` or `b2-b3xc3`, a pass `--`, a move number like `7.` or a result: `1-0`, `0-1`, `1/2-1/2` or `*`."
        }
        SyntaxKind::BadSquare => {
            "A square is a file letter from `a` to `i` followed by a rank from `1` to `9`, like `c3`."
        }
        SyntaxKind::BadMove => {
            "A movement is the starting square, then each step as `-` and a square, each followed by the squares it captured as `x` and a square: `b2-b3xc3`."
        }
        SyntaxKind::BadTurn => {
            "After its first square a turn goes on with `,` and the second square for a placement (`c2,d4`), or with `-` and a square for each step of a movement (`b2-b3`)."
        }
        SyntaxKind::BadPlacement => "A placement is two squares joined by a comma: `c2,d4`.",
        SyntaxKind::NumberOverflow => {
            "A move number is a positive whole number followed by `.` or `...`, like `7.` or `7...`."
        }
        SyntaxKind::BadNag => "A numeric annotation is `$` followed by digits, like `$14`.",
        SyntaxKind::BadTag => "A tag pair is one line: `[Name \"value\"]`.",
        SyntaxKind::UnterminatedTag => {
            "Close the value with `\"` and the tag with `]` on the same line; write a quote inside a value as `\\\"`."
        }
        SyntaxKind::BadEscape => "Write a backslash as `\\\\` and a quote as `\\\"`.",
        SyntaxKind::UnterminatedComment => {
            "Close the comment with `}`; comments do not nest, and a line that starts with `[` begins the next game's tags. Everything from the `{` up to that line was skipped."
        }
        SyntaxKind::MissingResult => {
            "End every game with its result: `1-0`, `0-1`, `1/2-1/2`, or `*` when unknown."
        }
        SyntaxKind::InvalidUtf8 => "Save the file as UTF-8.",
        SyntaxKind::InvalidUtf8InComment => {
            "Save the file as UTF-8. A comment changes no turn, so the turns after it were still checked."
        }
        SyntaxKind::TooLong => {
            "Split the game: seega keeps at most 100000 header lines and 1000000 movetext items of one game; the rest of this game was not checked."
        }
        SyntaxKind::TokenTooLong => {
            "A turn, move number or result is a few bytes long: put blank space between tokens, and long text in a `{ comment }`."
        }
    }
}

/// Reports the syntax errors after `from[0]`, the element where the replay stopped: each token
/// was parsed on its own (N5), so a bad one never hides the ones after it, even where the rules
/// are no longer checked. `number` is the number of the first turn after the element that
/// stopped the replay; each error is placed at the turn it stands in (the next turn to be
/// played there), and a missing result after the game `ended` at none, as the replay places
/// its own errors. A missing result after an unclosed comment is not reported: the comment
/// took the result with it.
pub(super) fn later_syntax_errors(
    from: &[Element<'_>],
    number: u64,
    ended: bool,
    cx: &mut Cx<'_, '_>,
) {
    let swallowed = from.first().is_some_and(unclosed);
    syntax_errors(from.get(1..).unwrap_or(&[]), number, ended, swallowed, cx);
}

/// Reports every syntax error of a game whose replay never started (its rules, start or
/// headers could not be read): its tokens were parsed all the same (N5). Each error is placed
/// at the turn it stands in, counting the written turns from 1.
pub(super) fn unreplayed_syntax_errors(moves: &[Element<'_>], cx: &mut Cx<'_, '_>) {
    syntax_errors(moves, 1, false, false, cx);
}

/// Whether `el` is a comment left open, which takes everything up to the next tag line with it.
fn unclosed(el: &Element<'_>) -> bool {
    matches!(el, Element::Error(e) if e.kind == SyntaxKind::UnterminatedComment)
}

/// Reports the syntax errors of `items`, the first of which stands at turn `number`; a missing
/// result after the game `ended` stands at no turn, and one after a comment left open (also
/// before `items` when `swallowed`) is not reported. At most [`MAX_LATER_ERRORS`] are shown,
/// and the rest counted in the last one's help.
fn syntax_errors(
    items: &[Element<'_>],
    mut number: u64,
    ended: bool,
    mut swallowed: bool,
    cx: &mut Cx<'_, '_>,
) {
    let (mut shown, mut hidden) = (0usize, 0usize);
    for el in items {
        swallowed |= unclosed(el);
        match el {
            Element::Turn(_) => number += 1,
            Element::Error(e) if e.kind == SyntaxKind::MissingResult && swallowed => {}
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
                cx.push(
                    syntax_code(e.kind),
                    e.span,
                    e.message.clone(),
                    syntax_help(e.kind).into(),
                    syntax_error_turn(e.kind, ended, number),
                );
            }
            Element::Comment(_) | Element::Nag(..) | Element::Number(_) => {}
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

/// The turn a syntax error of kind `kind` stands at, when `number` is the next turn to be
/// played: none for a missing result once the game has `ended` (no turn is missing then).
pub(super) fn syntax_error_turn(kind: SyntaxKind, ended: bool, number: u64) -> Option<u64> {
    (kind != SyntaxKind::MissingResult || !ended).then_some(number)
}

/// The most syntax errors reported after the one that stopped a game's replay: a game of a
/// million bad tokens is reported in a few screens.
const MAX_LATER_ERRORS: usize = 100;
