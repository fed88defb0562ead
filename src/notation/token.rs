//! nom parsers for one movetext token: a move number, a turn, a pass, a `$N` glyph or a result.
//!
//! Every parser works on the token's text; spans are made absolute by adding the token's byte
//! offset in the source, computed from the original input.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{cut, opt};
use nom::error::{ErrorKind, ParseError};
use nom::{IResult, Parser};

use super::ast::{
    Annotation, Captures, GameResult, MoveNumber, ResultToken, Span, SquareAt, Step, Steps,
    SyntaxError, SyntaxKind, Turn, TurnKind,
};
use crate::board::Square;

/// What one token holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// A move number, alone or glued before a turn (`7.c4-c3`).
    pub number: Option<MoveNumber>,
    /// What follows the number, if anything.
    pub body: Option<Body>,
}

/// The part of a token after any move number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    /// A placement, movement or pass.
    Turn(Turn),
    /// `$N`.
    Nag(u32, Span),
    /// A result token.
    Result(ResultToken),
}

#[derive(Debug, PartialEq)]
struct PErr<'a> {
    input: &'a str,
    kind: SyntaxKind,
}

impl<'a> ParseError<&'a str> for PErr<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        PErr {
            input,
            kind: SyntaxKind::UnknownToken,
        }
    }
    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, O> = IResult<&'a str, O, PErr<'a>>;

/// Replaces the kind of an error, keeping its position.
fn kind<'a, O>(
    k: SyntaxKind,
    mut p: impl Parser<&'a str, Output = O, Error = PErr<'a>>,
) -> impl Parser<&'a str, Output = O, Error = PErr<'a>> {
    move |i: &'a str| {
        p.parse(i).map_err(|e| {
            e.map(|mut e| {
                e.kind = k;
                e
            })
        })
    }
}

struct Cx<'t> {
    tok: &'t str,
    base: usize,
}

impl Cx<'_> {
    fn at(&self, rest: &str) -> usize {
        self.base + self.tok.len() - rest.len()
    }
    fn span(&self, before: &str, after: &str) -> Span {
        Span::new(self.at(before), self.at(after))
    }
}

fn square<'a>(cx: &Cx<'_>) -> impl Parser<&'a str, Output = SquareAt, Error = PErr<'a>> {
    move |i: &'a str| {
        let (r, (f, k)) = (
            one_of::<_, _, PErr<'a>>("abcdefghi"),
            one_of::<_, _, PErr<'a>>("123456789"),
        )
            .parse(i)
            .map_err(|e| {
                e.map(|_| PErr {
                    input: i,
                    kind: SyntaxKind::BadSquare,
                })
            })?;
        if r.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(nom::Err::Error(PErr {
                input: i,
                kind: SyntaxKind::BadSquare,
            }));
        }
        let sq = Square::new(f as u8 - b'a', k as u8 - b'1');
        Ok((
            r,
            SquareAt {
                square: sq,
                span: cx.span(i, r),
            },
        ))
    }
}

fn step<'a>(cx: &Cx<'_>) -> impl Parser<&'a str, Output = Step, Error = PErr<'a>> {
    move |i: &'a str| {
        let (r, _) = char('-').parse(i)?;
        let (mut r, to) = cut(square(cx)).parse(r)?;
        let mut captures = Captures::new();
        while let Ok((r2, _)) = char::<_, PErr<'a>>('x').parse(r) {
            let (r3, sq) = cut(square(cx)).parse(r2)?;
            captures.push(sq);
            r = r3;
        }
        Ok((
            r,
            Step {
                to,
                captures,
                span: cx.span(i, r),
            },
        ))
    }
}

fn annotation(i: &str) -> Res<'_, Option<Annotation>> {
    opt(alt((
        tag("!!"),
        tag("??"),
        tag("!?"),
        tag("?!"),
        tag("!"),
        tag("?"),
    )))
    .map(|s| s.and_then(Annotation::parse))
    .parse(i)
}

fn turn<'a>(cx: &Cx<'_>) -> impl Parser<&'a str, Output = Turn, Error = PErr<'a>> {
    move |i: &'a str| {
        if let Ok((r, _)) = tag::<_, _, PErr<'a>>("--").parse(i) {
            let (r, annotation) = annotation(r)?;
            return Ok((
                r,
                Turn {
                    kind: TurnKind::Pass,
                    annotation,
                    span: cx.span(i, r),
                },
            ));
        }
        let (r, first) = square(cx).parse(i)?;
        let (r, kind_) = if let Ok((r, _)) = char::<_, PErr<'a>>(',').parse(r) {
            let (r, second) = cut(square(cx)).parse(r)?;
            (r, TurnKind::Place(first, second))
        } else {
            if !r.starts_with('-') {
                return Err(nom::Err::Failure(PErr {
                    input: r,
                    kind: SyntaxKind::BadTurn,
                }));
            }
            let mut steps = Steps::new();
            let mut r = r;
            while r.starts_with('-') {
                let (r2, s) = cut(step(cx)).parse(r)?;
                steps.push(s);
                r = r2;
            }
            (r, TurnKind::Move { from: first, steps })
        };
        let (r, annotation) = annotation(r)?;
        Ok((
            r,
            Turn {
                kind: kind_,
                annotation,
                span: cx.span(i, r),
            },
        ))
    }
}

fn number<'a>(cx: &Cx<'_>) -> impl Parser<&'a str, Output = MoveNumber, Error = PErr<'a>> {
    move |i: &'a str| {
        let (r, digits) = digit1(i)?;
        let (r, dots) = alt((tag("..."), tag("."))).parse(r)?;
        let n: u32 = digits
            .parse()
            .ok()
            .filter(|n| *n > 0 && *n < u32::MAX / 2)
            .ok_or(nom::Err::Failure(PErr {
                input: i,
                kind: SyntaxKind::NumberOverflow,
            }))?;
        Ok((
            r,
            MoveNumber {
                number: n,
                second: dots.len() == 3,
                span: cx.span(i, r),
            },
        ))
    }
}

fn result<'a>(cx: &Cx<'_>) -> impl Parser<&'a str, Output = ResultToken, Error = PErr<'a>> {
    move |i: &'a str| {
        // A result is a whole token.
        let Some(result) = GameResult::parse(i) else {
            return Err(nom::Err::Error(PErr {
                input: i,
                kind: SyntaxKind::UnknownToken,
            }));
        };
        let r = &i[i.len()..];
        Ok((
            r,
            ResultToken {
                result,
                span: cx.span(i, r),
            },
        ))
    }
}

fn nag<'a>(cx: &Cx<'_>) -> impl Parser<&'a str, Output = (u32, Span), Error = PErr<'a>> {
    move |i: &'a str| {
        let (r, _) = char('$').parse(i)?;
        let (r, d) = kind(SyntaxKind::BadNag, cut(digit1)).parse(r)?;
        let n = d.parse().map_err(|_| {
            nom::Err::Failure(PErr {
                input: i,
                kind: SyntaxKind::BadNag,
            })
        })?;
        Ok((r, (n, cx.span(i, r))))
    }
}

/// Parses `text` as one square, `a1` to `i9`, with the token grammar's square parser.
pub(crate) fn parse_square(text: &str) -> Result<Square, SyntaxError> {
    let cx = Cx { tok: text, base: 0 };
    match square(&cx).parse(text) {
        Ok(("", sq)) => Ok(sq.square),
        _ => Err(error(text, 0, 0, SyntaxKind::BadSquare)),
    }
}

/// The nom parser: the reference for every token, and the only one for malformed tokens.
pub(crate) fn parse_token_nom<'t>(tok: &'t str, base: usize) -> Result<Token, SyntaxError> {
    if let Some(e) = misspelt(tok, base) {
        return Err(e);
    }
    let cx = Cx { tok, base };
    let run = |i: &'t str| -> Res<'t, Token> {
        if let Ok((r, res)) = result(&cx).parse(i) {
            return Ok((
                r,
                Token {
                    number: None,
                    body: Some(Body::Result(res)),
                },
            ));
        }
        let (r, number) = opt(number(&cx)).parse(i)?;
        if r.is_empty() && number.is_some() {
            return Ok((r, Token { number, body: None }));
        }
        let (r, body) = alt((
            nag(&cx).map(|(n, s)| Body::Nag(n, s)),
            turn(&cx).map(Body::Turn),
        ))
        .parse(r)?;
        Ok((
            r,
            Token {
                number,
                body: Some(body),
            },
        ))
    };
    match run(tok) {
        Ok(("", t)) => Ok(t),
        Ok((rest, t)) => {
            let k = match t.body {
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
            Err(error(tok, base, cx.at(rest), k))
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => {
            let at = cx.at(e.input);
            let k = if at == base
                && !matches!(e.kind, SyntaxKind::NumberOverflow | SyntaxKind::BadNag)
            {
                SyntaxKind::UnknownToken
            } else {
                e.kind
            };
            let k = if k == SyntaxKind::BadSquare && e.input.is_empty() {
                if tok.ends_with(',') {
                    SyntaxKind::BadPlacement
                } else {
                    SyntaxKind::BadMove
                }
            } else {
                k
            };
            Err(error(tok, base, at, k))
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
        parse_token_nom(&lower, base),
        Ok(Token {
            body: Some(Body::Turn(_)),
            ..
        })
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
