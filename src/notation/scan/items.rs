//! One game's items as [`Scanner::next`] reads them: tag lines, comments and movetext tokens,
//! with the limits of one game, and the end of the game.

use super::super::ast::{Body, Token};
use super::super::ast::{Comment, Element, Game, Header, Span, SyntaxError, SyntaxKind, Tag};
use super::super::lex::ends_token;
use super::super::limits::{MAX_HEADERS, MAX_MOVETEXT};
use super::super::token::parse_token_in;
use super::{Scanner, limit_message, too_long};

/// A game being read by [`Scanner::next`], and where the reading stands.
pub(super) struct Reading<'a> {
    pub(super) game: Game<'a>,
    /// Whether anything but comments was read: only then is there a game.
    pub(super) started: bool,
    /// Whether the movetext has begun (a tag line then starts the next game).
    pub(super) in_moves: bool,
    /// Where the game's first item starts.
    pub(super) first: Option<usize>,
    /// Where the last item read ends.
    pub(super) last: usize,
    /// Where the last tag or token ends (a missing result is reported there).
    pub(super) last_token: usize,
    /// Set once a limit is passed: later items are scanned for the game's end, not kept.
    pub(super) skipping: bool,
}

impl<'a> Scanner<'a> {
    /// Reads the tag line at `start`, a header of the game.
    pub(super) fn header_tag(&mut self, r: &mut Reading<'a>, start: usize) {
        let item = self.tag();
        self.header_tag_read(r, start, item);
    }

    /// Takes the tag line read at `start` (ending at the cursor) among the headers.
    pub(super) fn header_tag_read(
        &mut self,
        r: &mut Reading<'a>,
        start: usize,
        item: Result<Tag<'a>, SyntaxError>,
    ) {
        r.started = true;
        let item = match item {
            Ok(t) => Header::Tag(t),
            Err(e) => Header::Error(e),
        };
        if r.game.headers.len() < MAX_HEADERS {
            r.game.headers.push(item);
        } else if !r.skipping {
            r.skipping = true;
            r.game.headers.push(Header::Error(too_long(
                Span::new(start, self.pos),
                format!("this game has more than {MAX_HEADERS} header lines"),
            )));
        }
        r.last_token = self.pos;
    }

    /// Reads the comment at `start`, among the headers or in the movetext.
    pub(super) fn comment_item(&mut self, r: &mut Reading<'a>, start: usize) {
        let item = self.comment();
        self.comment_read(r, start, item);
    }

    /// Takes the comment read at `start` (ending at the cursor), among the headers or in the
    /// movetext.
    pub(super) fn comment_read(
        &mut self,
        r: &mut Reading<'a>,
        start: usize,
        item: Result<Comment<'a>, SyntaxError>,
    ) {
        let in_moves = r.in_moves;
        let kept = if in_moves {
            r.game.moves.len()
        } else {
            r.game.headers.len()
        };
        let cap = if in_moves { MAX_MOVETEXT } else { MAX_HEADERS };
        if r.skipping || kept >= cap {
            let mut past = Vec::with_capacity(2);
            if !r.skipping {
                r.skipping = true;
                past.push(too_long(
                    Span::new(start, self.pos),
                    limit_message(in_moves),
                ));
            }
            // A comment left open that runs to the end of the text is kept even past the
            // limit: a stream's chunk may end inside it, and the chunk's check must see that
            // (there is at most one in a text).
            if let Err(e) = item {
                if e.kind == SyntaxKind::UnterminatedComment && self.pos >= self.text.len() {
                    past.push(e);
                }
            }
            for e in past {
                if in_moves {
                    r.game.moves.push(Element::Error(e));
                } else {
                    r.game.headers.push(Header::Error(e));
                }
            }
            return;
        }
        match (in_moves, item) {
            (true, Ok(c)) => r.game.moves.push(Element::Comment(c)),
            (true, Err(e)) => r.game.moves.push(Element::Error(e)),
            (false, Ok(c)) => r.game.headers.push(Header::Comment(c)),
            (false, Err(e)) => {
                // Bad bytes in a comment make it no less a comment: it opens no game.
                r.started |= e.kind != SyntaxKind::InvalidUtf8InComment;
                r.game.headers.push(Header::Error(e))
            }
        }
    }

    /// Reads the movetext token at `start`; returns whether it was the game's result.
    pub(super) fn token_item(&mut self, r: &mut Reading<'a>, start: usize) -> bool {
        r.started = true;
        r.in_moves = true;
        let b = self.bytes();
        let mut end = start;
        while end < b.len() && !ends_token(b[end]) {
            end += 1;
        }
        self.pos = end;
        r.last_token = end;
        let span = Span::new(start, end);
        if r.skipping || r.game.moves.len() >= MAX_MOVETEXT {
            // Past a limit: keep nothing, but still end the game at its result.
            if !r.skipping {
                r.skipping = true;
                r.game
                    .moves
                    .push(Element::Error(too_long(span, limit_message(true))));
            }
            // A result token is at most 7 bytes (`1/2-1/2`): nothing longer is parsed.
            if let Some(Ok(Token {
                body: Some(Body::Result(res)),
                ..
            })) = (span.len() <= 7).then(|| parse_token_in(self.text, start, end))
            {
                r.game.result = Some(res);
                return true;
            }
            return false;
        }
        if let Some(e) = self.tainted(span) {
            r.game.moves.push(Element::Error(e));
            return false;
        }
        match parse_token_in(self.text, start, end) {
            Err(e) => r.game.moves.push(Element::Error(e)),
            Ok(tok) => {
                if let Some(n) = tok.number {
                    r.game.moves.push(Element::Number(n));
                }
                match tok.body {
                    None => {}
                    Some(Body::Turn(t)) => r.game.moves.push(Element::Turn(t)),
                    Some(Body::Nag(n, s)) => r.game.moves.push(Element::Nag(n, s)),
                    Some(Body::Result(res)) => {
                        r.game.result = Some(res);
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The game read, once its items are: its missing result reported, or the end of its
    /// trailing comments (`end`, where the reader says the game ends) taken; `None` when only
    /// comments (or nothing) were left.
    pub(super) fn finish(&mut self, r: Reading<'a>, end: Option<usize>) -> Option<Game<'a>> {
        let Reading {
            mut game,
            started,
            first,
            mut last,
            last_token,
            ..
        } = r;
        if !started {
            // Only comments (or nothing) were left: they belong to no game, nor do their errors.
            self.outside
                .extend(game.headers.into_iter().filter_map(|h| match h {
                    Header::Error(e) if e.kind == SyntaxKind::InvalidUtf8InComment => Some(e),
                    _ => None,
                }));
            return None;
        }
        if game.result.is_none() {
            game.moves.push(Element::Error(SyntaxError {
                kind: SyntaxKind::MissingResult,
                span: Span::new(last_token, last_token),
                message: "the game ends without a result".to_owned(),
            }));
        } else if let Some(end) = end {
            self.pos = end;
            last = last.max(end);
        }
        game.span = Span::new(first.unwrap_or(last), last);
        self.hint = (game.moves.len() + 8).clamp(16, 1024);
        Some(game)
    }
}
