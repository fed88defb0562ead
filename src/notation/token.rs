//! The token grammar as a nom parser: [`token`] reads one movetext token (a move number, a
//! turn, a pass, a `$N` glyph or a result) with the reader of games ([`super::read`]), the one
//! definition of every token, in the wide window, and hands back what it refuses as a nom
//! error saying where and why. The token parser ([`parse_token`]) reads a token in the narrow
//! window first, as the fast lane does, and what that refuses through [`token`], whose refusal
//! it words.

use nom::IResult;
use nom::error::{ErrorKind, ParseError};

use super::GameResult;
use super::ast::{Body, Span, SyntaxError, SyntaxKind, Token, Turn, TurnKind};
use super::limits::MAX_TOKEN_BYTES;
use super::read::tree::{read_token, read_whole, shifted};
use super::window::{self, WHOLE};
use crate::board::Square;

/// Where the reader refused a token, and why: the error of [`token`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Refused<'a> {
    /// The input from where the trouble starts.
    pub input: &'a str,
    /// What the trouble is.
    pub kind: SyntaxKind,
}

impl<'a> ParseError<&'a str> for Refused<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        Refused {
            input,
            kind: SyntaxKind::UnknownToken,
        }
    }
    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

/// One movetext token at the start of `input`, up to blank space, a comment or the end, read
/// by the reader of games: a nom parser. Spans are offsets in `input`. A refused token is a
/// [`nom::Err::Failure`] whose input starts where the trouble does. It composes with nom's
/// combinators as any nom parser does (`tests.rs`: a list of tokens read by
/// `separated_list1`).
pub(crate) fn token(input: &str) -> IResult<&str, Token, Refused<'_>> {
    match read_token::<WHOLE>(input, 0) {
        Ok((t, end)) => Ok((&input[end..], t)),
        Err(why) => {
            let (at, kind) = why.unwrap_or((0, SyntaxKind::UnknownToken));
            let input = input.get(at..).unwrap_or(input);
            Err(nom::Err::Failure(Refused { input, kind }))
        }
    }
}

/// Parses one whitespace-free token that starts at byte `base` of the source.
///
/// A well-formed token is read in the narrow window, as the fast lane reads every token;
/// anything that refuses, every malformed token among them, through [`token`], whose refusal
/// is worded here. A token longer than [`MAX_TOKEN_BYTES`] is refused unread.
pub fn parse_token(tok: &str, base: usize) -> Result<Token, SyntaxError> {
    if let Some(t) = read_whole(tok, base) {
        return Ok(t);
    }
    worded(tok, base)
}

/// [`parse_token`] of the token from `start` to `end` of `text`, read in place: the narrow
/// window reads the text itself rather than a copy of the token's last bytes.
pub(crate) fn parse_token_in(text: &str, start: usize, end: usize) -> Result<Token, SyntaxError> {
    match read_token::<{ window::WIDTH }>(text, start) {
        Ok((t, to)) if to == end => Ok(t),
        _ => worded(&text[start..end], start),
    }
}

/// Parses `text` as one square, `a1` to `i9`, as the reader reads a square.
pub(crate) fn parse_square(text: &str) -> Result<Square, SyntaxError> {
    let mut pad = [0; window::WIDTH];
    let w = window::window(text.as_bytes(), 0, &mut pad);
    match window::square(w, 0) {
        Some(square) if text.len() == 2 => Ok(square),
        _ => Err(error(text, 0, 0, SyntaxKind::BadSquare)),
    }
}

/// The token `tok` (at `base`) read through [`token`], its refusal worded.
fn worded(tok: &str, base: usize) -> Result<Token, SyntaxError> {
    let end = base + tok.len();
    // Refused unread, before anything is made of it.
    if tok.len() > MAX_TOKEN_BYTES {
        return Err(SyntaxError {
            kind: SyntaxKind::TokenTooLong,
            span: Span::new(base, end),
            message: format!(
                "this token is {} bytes long; a token has at most {MAX_TOKEN_BYTES}",
                tok.len()
            ),
        });
    }
    if let Some(e) = misspelt(tok, base) {
        return Err(e);
    }
    let at = |rest: &str| end - rest.len();
    match token(tok) {
        Ok(("", t)) => Ok(shifted(t, base)),
        // Read, but something follows it in `tok` (a comment or blank space, which the scanner
        // never leaves in a token).
        Ok((rest, t)) => {
            let kind = match t.body {
                Some(Body::Turn(Turn {
                    kind: TurnKind::Place(..),
                    ..
                })) => SyntaxKind::BadPlacement,
                Some(Body::Turn(Turn {
                    kind: TurnKind::Move { .. },
                    ..
                })) => SyntaxKind::BadMove,
                _ => SyntaxKind::UnknownToken,
            };
            Err(error(tok, base, at(rest), kind))
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            let at = at(e.input);
            // Trouble at the token's first byte: the token is no token at all, unless it is a
            // number or a glyph that says what it is.
            let kind = match e.kind {
                SyntaxKind::NumberOverflow | SyntaxKind::BadNag => e.kind,
                _ if at == base => SyntaxKind::UnknownToken,
                // A square due at the end: the turn is cut short.
                SyntaxKind::BadSquare if e.input.is_empty() && tok.ends_with(',') => {
                    SyntaxKind::BadPlacement
                }
                SyntaxKind::BadSquare if e.input.is_empty() => SyntaxKind::BadMove,
                kind => kind,
            };
            Err(error(tok, base, at, kind))
        }
        Err(nom::Err::Incomplete(_)) => Err(error(tok, base, base, SyntaxKind::UnknownToken)),
    }
}

/// The result that `tok` misspells, when it is a common way of writing one that the notation
/// does not take: `1:0`, `0–1` (a dash), `1-0.`, `½-½`, `0.5-0.5`, `1/2`.
pub(crate) fn meant_result(tok: &str) -> Option<&'static str> {
    let t = tok.strip_suffix('.').unwrap_or(tok);
    let t = t
        .replace([':', '–', '—', '‒', '−'], "-")
        .replace('½', "1/2")
        .replace("0.5", "1/2")
        .replace("0,5", "1/2");
    GameResult::ALL
        .map(GameResult::as_str)
        .into_iter()
        .find(|r| *r == t || (t == "1/2" && *r == "1/2-1/2"))
        .filter(|r| *r != tok)
}

/// The error for a token that is a known slip rather than noise: a result misspelt, or a turn
/// written in capitals (no token of the notation holds a capital letter).
fn misspelt(tok: &str, base: usize) -> Option<SyntaxError> {
    let span = Span::new(base, base + tok.len());
    if meant_result(tok).is_some() {
        return Some(SyntaxError {
            kind: SyntaxKind::ResultTypo,
            span,
            message: format!("`{tok}` is not a result"),
        });
    }
    if !tok.bytes().any(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let lower = tok.to_ascii_lowercase();
    matches!(
        token(&lower),
        Ok((
            "",
            Token {
                body: Some(Body::Turn(_)),
                ..
            }
        ))
    )
    .then(|| SyntaxError {
        kind: SyntaxKind::Uppercase,
        span,
        message: format!("`{tok}` writes its squares in capital letters"),
    })
}

/// Builds the error for token `tok` (at `base`) whose trouble starts at byte `at`.
fn error(tok: &str, base: usize, at: usize, kind: SyntaxKind) -> SyntaxError {
    let end = base + tok.len();
    let span = if kind == SyntaxKind::UnknownToken || kind == SyntaxKind::NumberOverflow {
        Span::new(base, end)
    } else if kind == SyntaxKind::BadSquare {
        // The alphanumeric run at `at` (letters of any script: `bé2` is one bad square), or else
        // the one character there: never half of one.
        let rest = tok.get(at - base..).unwrap_or("");
        let len = match rest.find(|c: char| !c.is_alphanumeric()) {
            Some(0) => rest.chars().next().map_or(0, char::len_utf8),
            Some(n) => n,
            None => rest.len(),
        };
        Span::new(at, at + len)
    } else {
        Span::new(at, end)
    };
    let bad = span.of_token(tok, base);
    let (kind, span) = if kind == SyntaxKind::BadTurn && bad.is_empty() {
        (SyntaxKind::LoneSquare, Span::new(base, end))
    } else {
        (kind, span)
    };
    let message = match kind {
        SyntaxKind::LoneSquare => format!("`{tok}` is a single square, not a turn"),
        SyntaxKind::UnknownToken => {
            format!("`{tok}` is not a turn, a move number, an annotation or a result")
        }
        SyntaxKind::BadSquare if bad.is_empty() => format!("`{tok}` ends where a square is due"),
        SyntaxKind::BadSquare => format!("`{bad}` is not a square"),
        SyntaxKind::BadMove if bad.is_empty() => {
            format!("the movement `{tok}` is cut short")
        }
        SyntaxKind::BadMove => format!("unexpected `{bad}` in the movement `{tok}`"),
        SyntaxKind::BadTurn => format!(
            "unexpected `{bad}` after the square `{}` in `{tok}`",
            tok.get(..at - base).unwrap_or_default()
        ),
        SyntaxKind::BadPlacement if bad.is_empty() => {
            format!("the placement `{tok}` is cut short")
        }
        SyntaxKind::BadPlacement => format!("unexpected `{bad}` in the placement `{tok}`"),
        SyntaxKind::NumberOverflow => format!("`{tok}` is not a usable move number"),
        SyntaxKind::BadNag => format!("`{tok}` is not a numeric annotation"),
        _ => format!("`{tok}` cannot be read"),
    };
    SyntaxError {
        kind,
        span,
        message,
    }
}

impl Span {
    fn of_token<'t>(&self, tok: &'t str, base: usize) -> &'t str {
        tok.get(self.start - base..self.end - base).unwrap_or("")
    }
}

#[cfg(test)]
mod tests;
