//! Words for syntax errors: the stable code and the help sentence of each kind.

use super::code::Code;
use crate::notation::SyntaxKind;

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
