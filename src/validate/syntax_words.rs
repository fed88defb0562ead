//! Words for syntax errors: the stable code and the help sentence of each kind.

use super::code::Code;
use super::place::Place;
use super::problem::{Kind, Problem};
use super::suggest::Fix;
use crate::notation::limits::MAX_UNCUT_BYTES;
use crate::notation::token::meant_result;
use crate::notation::{Element, Span, SyntaxError, SyntaxKind};

/// The stable code of a syntax error of `kind`.
pub(crate) fn syntax_code(kind: SyntaxKind) -> Code {
    match kind {
        SyntaxKind::UnknownToken => Code::SyntaxToken,
        SyntaxKind::BadSquare => Code::SyntaxSquare,
        SyntaxKind::BadMove | SyntaxKind::BadTurn | SyntaxKind::LoneSquare => Code::SyntaxMove,
        SyntaxKind::ResultTypo => Code::SyntaxToken,
        SyntaxKind::Uppercase => Code::SyntaxSquare,
        SyntaxKind::BadPlacement => Code::SyntaxPlacement,
        SyntaxKind::NumberOverflow => Code::SyntaxNumber,
        SyntaxKind::BadNag => Code::SyntaxNag,
        SyntaxKind::BadTag | SyntaxKind::TagStray => Code::SyntaxTag,
        SyntaxKind::UnterminatedTag => Code::SyntaxUnterminatedTag,
        SyntaxKind::BadEscape => Code::SyntaxEscape,
        SyntaxKind::UnterminatedComment => Code::SyntaxUnterminatedComment,
        SyntaxKind::MissingResult => Code::MissingResult,
        SyntaxKind::InvalidUtf8 | SyntaxKind::InvalidUtf8InComment => Code::InvalidUtf8,
        SyntaxKind::TooLong | SyntaxKind::TokenTooLong => Code::TooLong,
        SyntaxKind::UnclosedVariation
        | SyntaxKind::StrayParenthesis
        | SyntaxKind::MisplacedVariation => Code::SyntaxVariation,
    }
}

/// The problem for bytes that are not UTF-8 in a comment that belongs to no game (see
/// [`crate::notation::Scanner::outside_games`]): it stands at game 0, at no turn, and
/// [`Problem::renumber`] gives it the game before it, if any, as a scan of the whole file would.
pub fn outside_games(e: &SyntaxError) -> Problem {
    Problem {
        code: syntax_code(e.kind),
        kind: Kind::Worded {
            message: e.message.clone(),
            // Not the help of a comment in a game: no turn stands after it.
            help: kind_help(SyntaxKind::InvalidUtf8).into(),
        },
        span: e.span,
        place: Place::Outside,
        game: 0,
        turn: None,
        also: None,
        fix: None,
        line: None,
    }
}

/// The problem for a stretch of a stream skipped because it ran past [`MAX_UNCUT_BYTES`]
/// without a likely game boundary: `bytes` long, starting at `span`, counted as game 1 of the
/// piece it is (and renumbered as a game of the file).
pub fn uncut(span: Span, bytes: usize) -> Problem {
    Problem {
        code: Code::TooLong,
        kind: Kind::Worded {
            message: uncut_message(bytes),
            help: "Break the text into games that each end with a result, and long text into lines: seega skipped it up to the next line where a game can start.".into(),
        },
        span,
        place: Place::default(),
        game: 1,
        turn: None,
        also: None,
        fix: None,
        line: None,
    }
}

/// What is wrong with a stretch of `bytes` bytes skipped for running past [`MAX_UNCUT_BYTES`].
pub fn uncut_message(bytes: usize) -> String {
    format!(
        "this text runs {bytes} bytes without a line where a game can start; a game, line or comment is read up to {MAX_UNCUT_BYTES} bytes (64 MiB)"
    )
}

/// The help shown with the syntax error `e` of the text `text`: for a slip, the token or tag
/// meant, then the kind's sentence.
pub(super) fn syntax_help(e: &SyntaxError, text: &str) -> String {
    let written = e.span.of(text);
    let meant = match e.kind {
        SyntaxKind::ResultTypo => meant_result(written).map(str::to_owned),
        SyntaxKind::Uppercase => Some(written.to_ascii_lowercase()),
        SyntaxKind::TagStray => tag_meant(e.span, text),
        _ => None,
    };
    match meant {
        Some(m) => format!("Did you mean `{m}`? {}", kind_help(e.kind)),
        None => kind_help(e.kind).to_owned(),
    }
}

/// The one correction of a slip that `check --fix` applies: a misspelt result's token, a square
/// written in capitals, or (at `moves[i]`) a placement or movement written with a space; `None`
/// for any other syntax error.
pub(super) fn slip_fix(
    moves: &[Element<'_>],
    i: usize,
    e: &SyntaxError,
    text: &str,
    moving: bool,
) -> Option<Fix> {
    let written = e.span.of(text);
    let replacement = match e.kind {
        SyntaxKind::ResultTypo => meant_result(written)?.to_owned(),
        SyntaxKind::Uppercase => written.to_ascii_lowercase(),
        SyntaxKind::LoneSquare => {
            let (span, _, _) = lone_pair(moves, i, text, moving)?;
            let (x, y) = span.of(text).split_once(char::is_whitespace)?;
            let joined = format!("{x}{}{}", if moving { '-' } else { ',' }, y.trim_start());
            return Some(Fix {
                span,
                replacement: joined,
            });
        }
        _ => return None,
    };
    Some(Fix {
        span: e.span,
        replacement,
    })
}

/// The tag line holding the stray punctuation at `span` without it, when the line is short
/// enough to be shown.
fn tag_meant(span: Span, text: &str) -> Option<String> {
    let before = text.get(..span.start)?;
    let line = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
    let rest = text.get(span.end..)?;
    let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
    let (head, tail) = (before[line..].trim_end(), rest[..end].trim());
    (head.len() + tail.len() < 80).then(|| format!("{head} {tail}"))
}

/// A placement written with a space for its comma: the single square `moves[i]` followed, after
/// blank space only, by another single square. Gives the span of both, the message and the
/// help, with the turn meant (a movement when the game is `moving`).
pub(super) fn lone_pair(
    moves: &[Element<'_>],
    i: usize,
    text: &str,
    moving: bool,
) -> Option<(Span, String, String)> {
    let lone = |k: usize| match moves.get(k) {
        Some(Element::Error(e)) if e.kind == SyntaxKind::LoneSquare => Some(e.span),
        _ => None,
    };
    let (a, b) = (lone(i)?, lone(i + 1)?);
    if !text.get(a.end..b.start)?.trim().is_empty() {
        return None;
    }
    let (x, y) = (a.of(text), b.of(text));
    Some(if moving {
        (
            Span::new(a.start, b.end),
            format!(
                "the squares `{x}` and `{y}` are not joined: a movement joins its squares with `-`"
            ),
            format!(
                "Did you mean `{x}-{y}`? A movement is the starting square, then `-` and a square for each step."
            ),
        )
    } else {
        (
            Span::new(a.start, b.end),
            format!(
                "the squares `{x}` and `{y}` are not joined: a placement is two squares joined by `,`"
            ),
            format!("Did you mean `{x},{y}`? A placement is written without a space, as `c2,d4`."),
        )
    })
}

/// The help sentence of a syntax error of `kind`.
fn kind_help(kind: SyntaxKind) -> &'static str {
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
        SyntaxKind::BadTurn | SyntaxKind::LoneSquare => {
            "After its first square a turn goes on with `,` and the second square for a placement (`c2,d4`), or with `-` and a square for each step of a movement (`b2-b3`)."
        }
        SyntaxKind::BadPlacement => "A placement is two squares joined by a comma: `c2,d4`.",
        SyntaxKind::NumberOverflow => {
            "A move number is a positive whole number followed by `.` or `...`, like `7.` or `7...`."
        }
        SyntaxKind::BadNag => "A numeric annotation is `$` followed by digits, like `$14`.",
        SyntaxKind::BadTag => "A tag pair is one line: `[Name \"value\"]`.",
        SyntaxKind::TagStray => {
            "A tag pair is its name, blank space and its value in double quotes, with nothing else between them: `[Name \"value\"]`."
        }
        SyntaxKind::ResultTypo => {
            "A result is `1-0` (white wins), `0-1` (black wins), `1/2-1/2` (a draw) or `*` (unknown)."
        }
        SyntaxKind::Uppercase => {
            "Squares are written in lowercase letters: a file from `a` to `i` and a rank, like `c3`."
        }
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
        SyntaxKind::InvalidUtf8 => {
            "Save the file as UTF-8, or read it in its own encoding with `--encoding latin-1`, `windows-1252` or `auto`."
        }
        SyntaxKind::InvalidUtf8InComment => {
            "Save the file as UTF-8, or read it in its own encoding with `--encoding latin-1`, `windows-1252` or `auto`. A comment changes no turn, so the turns after it were still checked."
        }
        SyntaxKind::TooLong => {
            "Split the game: seega keeps at most 100000 header lines and 1000000 movetext items of one game; the rest of this game was not checked."
        }
        SyntaxKind::TokenTooLong => {
            "A turn, move number or result is a few bytes long: put blank space between tokens, and long text in a `{ comment }`."
        }
        SyntaxKind::UnclosedVariation => {
            "Close the variation with `)`. A result inside a variation ends that line, not the game, so the game went on to its end without a result of its own."
        }
        SyntaxKind::StrayParenthesis => {
            "A variation is written `( … )` right after the turn it is an alternative to; delete this `)` or add the `(` it closes."
        }
        SyntaxKind::MisplacedVariation => {
            "A variation follows the turn it is an alternative to, and a variation's result is its last item, just before its `)`."
        }
    }
}
