//! The scanner: splits an archive into games and each game into tags, comments and tokens.
//!
//! It works on the whole text with a cursor and yields one [`Game`] at a time, so callers can
//! stream. Each game is read by the reader of games ([`super::read`]), to which the scanner's
//! syntax tree is a visitor (`scan/tree.rs`); what the reader refuses is read here the full
//! way: a bad token becomes an [`Element::Error`](super::Element::Error) and scanning goes on
//! with the next one, a broken tag or an unterminated comment is reported where it starts, and
//! scanning recovers at the next line.

use super::ast::{Comment, Game, Header, ResultToken, Span, SyntaxError, SyntaxKind, Tag};
use super::lex::line_end;
use super::limits::{MAX_HEADERS, MAX_MOVETEXT};
use super::read;
use items::Reading;
use tag::parse_tag;
use tree::Tree;

mod items;
mod tag;
mod tree;

/// Yields the games of an archive in order.
#[derive(Debug, Clone)]
pub struct Scanner<'a> {
    text: &'a str,
    pos: usize,
    invalid: &'a [Span],
    /// Movetext items of the previous game: the next game's first allocation.
    hint: usize,
    /// Errors in comments that belong to no game (see [`Scanner::outside_games`]).
    outside: Vec<SyntaxError>,
    /// Whether a line starting with `[` follows the text (see [`Scanner::tag_line_next`]).
    tag_next: bool,
    /// The games read so far.
    games: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner over `text`; `invalid` lists spans of undecodable bytes (see
    /// [`super::Source::invalid`]).
    pub fn new(text: &'a str, invalid: &'a [Span]) -> Scanner<'a> {
        Scanner {
            text,
            pos: 0,
            invalid,
            hint: 16,
            outside: Vec::new(),
            tag_next: false,
            games: 0,
        }
    }

    /// The same scanner over a text that a line starting with `[` follows (a chunk of a stream
    /// cut before one): a comment left open at the end stops there, as at a tag line in the
    /// text, and is reported as such.
    pub(crate) fn tag_line_next(mut self, yes: bool) -> Scanner<'a> {
        self.tag_next = yes;
        self
    }

    /// Moves the cursor forward to `offset`, a game boundary found by another reader (the fast
    /// lane of [`crate::validate::clean_game`]); never backward.
    pub(crate) fn seek(&mut self, offset: usize) {
        self.pos = self.pos.max(offset.min(self.text.len()));
    }

    /// Where the scan of the next game starts.
    pub(crate) fn offset(&self) -> usize {
        self.pos
    }

    /// The errors found in comments that belong to no game, once the scan has ended: bytes that
    /// are not UTF-8 in the comments of a text that holds only comments (a comment opens no
    /// game, whatever bytes it holds).
    pub fn outside_games(&self) -> &[SyntaxError] {
        &self.outside
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn line_end(&self, from: usize) -> usize {
        line_end(self.bytes(), from)
    }

    /// The first invalid-byte span inside `span`, if any.
    fn tainted(&mut self, span: Span) -> Option<SyntaxError> {
        while let Some(first) = self.invalid.first() {
            if first.end <= span.start {
                self.invalid = &self.invalid[1..];
            } else {
                break;
            }
        }
        let first = self.invalid.first()?;
        (first.start < span.end).then(|| SyntaxError {
            kind: SyntaxKind::InvalidUtf8,
            span: *first,
            message: "these bytes are not valid UTF-8".to_owned(),
        })
    }

    /// Scans a `{...}` or `;...` comment at the cursor, with the reader's
    /// ([`read::comment_end`], [`read::comment`]).
    fn comment(&mut self) -> Result<Comment<'a>, SyntaxError> {
        let start = self.pos;
        match read::comment_end(self.bytes(), start) {
            Ok(end) => {
                self.pos = end;
                self.checked_comment(read::comment(self.text, start, end))
            }
            Err(next) => {
                // Reading resumes at the tag line, or at the end.
                self.pos = next;
                let message = if next < self.text.len() || self.tag_next {
                    "this comment is not closed with `}` before the next tag line"
                } else {
                    "this comment is never closed with `}`"
                };
                Err(SyntaxError {
                    kind: SyntaxKind::UnterminatedComment,
                    span: Span::new(start, start + 1),
                    message: message.to_owned(),
                })
            }
        }
    }

    /// The comment `comment`, or the error of the bytes in it that are not UTF-8.
    fn checked_comment(&mut self, comment: Comment<'a>) -> Result<Comment<'a>, SyntaxError> {
        match self.tainted(comment.span) {
            Some(e) => Err(SyntaxError {
                kind: SyntaxKind::InvalidUtf8InComment,
                ..e
            }),
            None => Ok(comment),
        }
    }

    /// Scans a tag pair at the cursor; on error the cursor moves to the end of the line.
    fn tag(&mut self) -> Result<Tag<'a>, SyntaxError> {
        let start = self.pos;
        match parse_tag(self.text, start) {
            Ok(tag) => {
                self.pos = tag.span.end;
                self.checked_tag(tag)
            }
            Err(e) => {
                let end_of_line = self.line_end(start);
                self.pos = end_of_line;
                Err(self.tainted(Span::new(start, end_of_line)).unwrap_or(e))
            }
        }
    }

    /// The tag `tag`, or the error of the bytes in it that are not UTF-8.
    fn checked_tag(&mut self, tag: Tag<'a>) -> Result<Tag<'a>, SyntaxError> {
        match self.tainted(tag.span) {
            Some(e) => Err(e),
            None => Ok(tag),
        }
    }
}

impl<'a> Iterator for Scanner<'a> {
    type Item = Game<'a>;

    fn next(&mut self) -> Option<Game<'a>> {
        let game = Game {
            headers: Vec::with_capacity(8),
            moves: Vec::with_capacity(self.hint),
            text: self.text,
            number: self.games + 1,
            ..Game::default()
        };
        let reading = Reading::new(game, self.pos);
        let (text, at) = (self.text, self.pos);
        let mut tree = Tree::new(self, reading);
        let end =
            read::headers(text, at, &mut tree).and_then(|i| read::movetext(text, i, &mut tree));
        let reading = tree.done();
        let game = self.finish(reading, end);
        self.games += usize::from(game.is_some());
        game
    }
}

impl<'a> Game<'a> {
    /// The text the game was read from, which its spans are offsets in: the whole text of
    /// [`crate::parse`], or a [`crate::RecordedGame`]'s own.
    ///
    /// ```
    /// let text = "1. a1,b1 *\n\n1. c1,d1 *\n";
    /// let second = seega::parse(text).nth(1).unwrap();
    /// assert_eq!(second.text(), text);
    /// assert_eq!(second.span.of(second.text()), "1. c1,d1 *");
    /// assert_eq!(second.number(), 2);
    /// ```
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The game's number in the text it was read from, from 1 (a [`crate::RecordedGame`]'s, its
    /// number in the stream); the number its problems are given ([`crate::check_game`]). The
    /// example is [`Game::text`]'s.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&Tag<'_>> {
        self.headers.iter().find_map(|h| match h {
            Header::Tag(t) if t.name == name => Some(t),
            _ => None,
        })
    }

    /// The result token, if written.
    pub fn result_token(&self) -> Option<ResultToken> {
        self.result
    }
}

/// The error for the first item past a limit.
fn too_long(span: Span, message: String) -> SyntaxError {
    SyntaxError {
        kind: SyntaxKind::TooLong,
        span,
        message,
    }
}

fn limit_message(in_moves: bool) -> String {
    if in_moves {
        format!("this game has more than {MAX_MOVETEXT} movetext items")
    } else {
        format!("this game has more than {MAX_HEADERS} header lines")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Element;

    fn games(text: &str) -> Vec<Game<'_>> {
        Scanner::new(text, &[]).collect()
    }

    #[test]
    fn games_split_at_results_and_tags() {
        let g = games("[A \"1\"]\n\nc2,d4 *\n{between}\n c1,d1 1-0\n[B \"x\\\"y\"]\nb1,b2");
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].headers.len(), 1);
        assert!(g[0].trailing.is_empty());
        assert_eq!(
            g[1].headers.len(),
            1,
            "a comment on a later line opens the next game"
        );
        assert_eq!(g[2].tag("B").unwrap().value, "x\"y");
        assert!(matches!(
            g[2].moves.last(),
            Some(Element::Error(SyntaxError {
                kind: SyntaxKind::MissingResult,
                ..
            }))
        ));
    }

    #[test]
    fn comments_on_the_result_line_are_the_game_own() {
        let text = "c2,d4 1-0 {White resigns} ;adjourned\n{next}\nc1,d1 * {b\nc} {d\n[A \"b\"]\n*";
        let g = games(text);
        assert_eq!(g.len(), 3);
        let texts = |cs: &[Comment<'_>]| cs.iter().map(|c| c.text.to_owned()).collect::<Vec<_>>();
        assert_eq!(texts(&g[0].trailing), ["White resigns", "adjourned"]);
        assert_eq!(
            g[1].headers.len(),
            1,
            "the comment on a later line opens the next game"
        );
        // A comment that starts on the line may span lines; one left open is not the game's.
        assert_eq!(texts(&g[1].trailing), ["b\nc"]);
        assert_eq!(g[2].headers.len(), 2, "the open comment, then the tag");
    }

    #[test]
    fn trailing_comments_stay_with_the_last_game() {
        let g = games("c2,d4 * ; done\n{bye}\n");
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].trailing.len(), 2);
    }

    #[test]
    fn broken_tags_and_comments_recover() {
        let g = games("[Event \"open\nc2,d4 *\n[A \"b\"] {never closed\n[C \"d\"]\nc1,c2 *");
        assert_eq!(g.len(), 2);
        assert!(matches!(
            &g[0].headers[0],
            Header::Error(SyntaxError {
                kind: SyntaxKind::UnterminatedTag,
                ..
            })
        ));
        assert!(matches!(
            &g[1].headers[1],
            Header::Error(SyntaxError {
                kind: SyntaxKind::UnterminatedComment,
                ..
            })
        ));
        assert_eq!(g[1].tag("C").unwrap().value, "d");
        assert!(g[1].result.is_some());
    }
}
