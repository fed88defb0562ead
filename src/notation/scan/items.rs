//! One game's items as [`Scanner::next`] reads them: tag lines, comments and movetext tokens,
//! with the limits of one game, and the end of the game.

use super::super::ast::{Body, Token};
use super::super::ast::{
    Comment, Element, Game, Header, ResultToken, Span, SyntaxError, SyntaxKind, Tag, Variation,
};
use super::super::lex::ends_token;
use super::super::limits::{MAX_HEADERS, MAX_MOVETEXT, MAX_VARIATION_DEPTH};
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
    /// The variations open, innermost last, each with the items read in it so far.
    pub(super) open: Vec<Variation<'a>>,
    /// Whether each line being read has a turn yet: the main line's first, then each open
    /// variation's (so that a `(` is judged in constant time).
    pub(super) turned: Vec<bool>,
    /// The movetext items kept, in every line.
    pub(super) items: usize,
}

impl<'a> Reading<'a> {
    /// A game read from the start, with room for `hint` movetext items.
    pub(super) fn new(game: Game<'a>, at: usize) -> Reading<'a> {
        Reading {
            game,
            started: false,
            in_moves: false,
            first: None,
            last: at,
            last_token: at,
            skipping: false,
            open: Vec::new(),
            turned: vec![false],
            items: 0,
        }
    }

    /// Keeps the movetext item `el` in the line being read: the innermost open variation's,
    /// or the main line's. An item after a variation's own result is kept after an error
    /// saying so.
    pub(super) fn push(&mut self, el: Element<'a>) {
        self.items += 1;
        if matches!(el, Element::Turn(_)) {
            if let Some(t) = self.turned.last_mut() {
                *t = true;
            }
        }
        let line = match self.open.last_mut() {
            None => &mut self.game.moves,
            Some(v) => {
                if let (Some(r), false) = (v.result, matches!(el, Element::Comment(_))) {
                    // Said once, at the first item after the result.
                    if v.moves.last().is_none_or(|last| last.end() <= r.span.start) {
                        v.moves.push(Element::Error(SyntaxError {
                            kind: SyntaxKind::MisplacedVariation,
                            span: Span::new(r.span.start, el.end()),
                            message: "the variation goes on after its result".to_owned(),
                        }));
                    }
                }
                &mut v.moves
            }
        };
        line.push(el);
    }

    /// Whether the movetext items kept reach [`MAX_MOVETEXT`].
    pub(super) fn full(&self) -> bool {
        self.items >= MAX_MOVETEXT
    }

    /// Takes the result token `res`: the innermost open variation's own, or the game's;
    /// whether it ends the game.
    pub(super) fn result(&mut self, res: ResultToken) -> bool {
        match self.open.last_mut() {
            Some(v) => {
                v.result.get_or_insert(res);
                false
            }
            None => {
                self.game.result = Some(res);
                true
            }
        }
    }

    /// A `(` at `open`, `depth` deep: a variation opens, unless it is past the depth limit
    /// (then the rest of the game is skipped) or a limit was passed.
    pub(super) fn open(&mut self, open: Span, depth: u32) {
        if self.skipping || self.full() {
            return;
        }
        if depth > MAX_VARIATION_DEPTH {
            self.skipping = true;
            self.push(Element::Error(super::too_long(
                open,
                format!("this variation is nested more than {MAX_VARIATION_DEPTH} deep"),
            )));
            return;
        }
        if self.turned.last() != Some(&true) {
            self.push(Element::Error(SyntaxError {
                kind: SyntaxKind::MisplacedVariation,
                span: open,
                message: "this variation comes before any turn it could be an alternative to"
                    .to_owned(),
            }));
        }
        self.open.push(Variation {
            open,
            ..Variation::default()
        });
        self.turned.push(false);
    }

    /// A `)` at `close`, ending the variation `depth` deep (none at depth 0).
    pub(super) fn close(&mut self, close: Span, depth: u32) {
        if depth == 0 {
            if !self.skipping {
                self.push(Element::Error(SyntaxError {
                    kind: SyntaxKind::StrayParenthesis,
                    span: close,
                    message: "this `)` closes no variation".to_owned(),
                }));
            }
            return;
        }
        // Past the depth limit, or once skipping, the deeper ones were never opened.
        if self.open.len() != depth as usize {
            return;
        }
        let mut v = self.open.pop().expect("as deep as the reader");
        self.turned.pop();
        v.close = Some(close);
        self.items -= 1; // the variation is counted with its items, not again
        self.push(Element::Variation(v));
    }

    /// Ends the variations left open at the game's end, each with an error at its `(`.
    pub(super) fn close_all(&mut self) {
        while let Some(mut v) = self.open.pop() {
            self.turned.pop();
            v.moves.push(Element::Error(SyntaxError {
                kind: SyntaxKind::UnclosedVariation,
                span: v.open,
                message: "this variation is never closed".to_owned(),
            }));
            self.push(Element::Variation(v));
        }
    }
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
            r.items
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
                    r.push(Element::Error(e));
                } else {
                    r.game.headers.push(Header::Error(e));
                }
            }
            return;
        }
        match (in_moves, item) {
            (true, Ok(c)) => r.push(Element::Comment(c)),
            (true, Err(e)) => r.push(Element::Error(e)),
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
        if r.skipping || r.full() {
            // Past a limit: keep nothing, but still end the game at its result.
            if !r.skipping {
                r.skipping = true;
                r.push(Element::Error(too_long(span, limit_message(true))));
            }
            // A result token is at most 7 bytes (`1/2-1/2`): nothing longer is parsed.
            if let Some(Ok(Token {
                body: Some(Body::Result(res)),
                ..
            })) = (span.len() <= 7).then(|| parse_token_in(self.text, start, end))
            {
                return r.result(res);
            }
            return false;
        }
        if let Some(e) = self.tainted(span) {
            r.push(Element::Error(e));
            return false;
        }
        match parse_token_in(self.text, start, end) {
            Err(e) => r.push(Element::Error(e)),
            Ok(tok) => {
                if let Some(n) = tok.number {
                    r.push(Element::Number(n));
                }
                match tok.body {
                    None => {}
                    Some(Body::Turn(t)) => r.push(Element::Turn(t)),
                    Some(Body::Nag(n, s)) => r.push(Element::Nag(n, s)),
                    Some(Body::Result(res)) => return r.result(res),
                }
            }
        }
        false
    }

    /// The game read, once its items are: its missing result reported, or the end of its
    /// trailing comments (`end`, where the reader says the game ends) taken; `None` when only
    /// comments (or nothing) were left.
    pub(super) fn finish(&mut self, mut r: Reading<'a>, end: Option<usize>) -> Option<Game<'a>> {
        r.close_all();
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
