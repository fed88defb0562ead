//! The scanner as a visitor of the reader ([`crate::notation::read`]): the pieces of a game
//! become its syntax tree, and whatever the reader refuses (a malformed tag, token or comment,
//! bytes that are not UTF-8, a limit passed) is read here the full way, which words the error.

use super::super::Annotation;
use super::super::ast::Body;
use super::super::ast::{Comment, Element, MoveNumber, ResultToken, Span, SquareAt};
use super::super::read::tree::Builder;
use super::super::read::{Headers, Resume, TagAt, Visitor};
use super::Scanner;
use super::items::Reading;

/// A game being read into its syntax tree.
pub(super) struct Tree<'s, 'a> {
    s: &'s mut Scanner<'a>,
    r: Reading<'a>,
    /// The token being read.
    token: Builder,
}

impl<'s, 'a> Tree<'s, 'a> {
    /// The game that `r` starts, read by the scanner `s`.
    pub(super) fn new(s: &'s mut Scanner<'a>, r: Reading<'a>) -> Tree<'s, 'a> {
        Tree {
            s,
            r,
            token: Builder::default(),
        }
    }

    /// The game as read.
    pub(super) fn done(self) -> Reading<'a> {
        self.r
    }

    /// An item starts at `at`.
    fn item(&mut self, at: usize) {
        self.r.first.get_or_insert(at);
    }

    /// The item that started at `at` ends where the cursor is.
    fn item_end(&mut self) -> usize {
        self.r.last = self.s.pos;
        self.s.pos
    }

    /// Whether the next movetext item is past the limit, or one is: the scanner's own reading
    /// of tokens words the limit and looks only for the result.
    fn at_limit(&self) -> bool {
        self.r.skipping || self.r.full()
    }

    /// A variation's parenthesis at `span`, an item of the movetext that `take` adds to the
    /// reading.
    fn parenthesis(&mut self, span: Span, take: impl FnOnce(&mut Reading<'a>)) -> Option<()> {
        self.item(span.start);
        self.r.started = true;
        self.r.in_moves = true;
        self.r.last_token = span.end;
        take(&mut self.r);
        self.s.pos = span.end;
        self.item_end();
        Some(())
    }

    /// The token at `at`, read the full way; whether it was the game's result.
    fn full_token(&mut self, at: usize) -> bool {
        self.token.take();
        self.item(at);
        self.s.pos = at;
        self.s.token_item(&mut self.r, at)
    }
}

impl<'a> Headers<'a> for Tree<'_, 'a> {
    fn tag(&mut self, t: TagAt, text: &'a str) -> Option<()> {
        self.item(t.start);
        self.s.pos = t.end;
        let item = self.s.checked_tag(t.tag(text));
        self.s.header_tag_read(&mut self.r, t.start, item);
        self.item_end();
        Some(())
    }

    fn comment(&mut self, c: Comment<'a>) -> Option<()> {
        self.item(c.span.start);
        self.s.pos = c.span.end;
        let item = self.s.checked_comment(c);
        self.s.comment_read(&mut self.r, c.span.start, item);
        self.item_end();
        Some(())
    }

    fn refused(&mut self, at: usize) -> Option<usize> {
        self.item(at);
        self.s.pos = at;
        if self.s.bytes()[at] == b'[' {
            self.s.header_tag(&mut self.r, at);
        } else {
            self.s.comment_item(&mut self.r, at);
        }
        Some(self.item_end())
    }
}

impl<'a> Visitor<'a> for Tree<'_, 'a> {
    const RECOVERS: bool = true;
    type Move = <Builder as Visitor<'a>>::Move;
    type Step = <Builder as Visitor<'a>>::Step;

    fn begin_turn(&mut self, at: usize) -> Option<()> {
        self.token.begin_turn(at)
    }

    fn pass(&mut self, span: Span, marks: Option<Annotation>) -> Option<()> {
        self.token.pass(span, marks)
    }

    fn place(
        &mut self,
        a: SquareAt,
        b: SquareAt,
        span: Span,
        marks: Option<Annotation>,
    ) -> Option<()> {
        self.token.place(a, b, span, marks)
    }

    fn first_step(&mut self, from: SquareAt, to: SquareAt) -> Option<(Self::Move, Self::Step)> {
        self.token.first_step(from, to)
    }

    fn step(&mut self, mv: &mut Self::Move, to: SquareAt) -> Option<Self::Step> {
        self.token.step(mv, to)
    }

    fn capture(&mut self, step: &mut Self::Step, square: SquareAt) -> Option<()> {
        self.token.capture(step, square)
    }

    fn end_step(&mut self, mv: &mut Self::Move, step: Self::Step, span: Span) -> Option<()> {
        self.token.end_step(mv, step, span)
    }

    fn end_move(&mut self, mv: Self::Move, span: Span, marks: Option<Annotation>) -> Option<()> {
        self.token.end_move(mv, span, marks)
    }

    fn number(&mut self, number: MoveNumber) -> Option<()> {
        self.token.number(number)
    }

    fn nag(&mut self, value: u32, span: Span) -> Option<()> {
        self.token.nag(value, span)
    }

    fn result(&mut self, result: ResultToken) -> Option<()> {
        let at = result.span.start;
        if self.at_limit() {
            // The scanner's reading past the limit ends the game at its result too.
            self.full_token(at);
        } else {
            self.item(at);
            self.r.started = true;
            self.r.in_moves = true;
            self.r.last_token = result.span.end;
            self.r.game.result = Some(result);
            self.s.pos = result.span.end;
        }
        self.item_end();
        Some(())
    }

    fn comment(&mut self, c: Comment<'a>) -> Option<()> {
        Headers::comment(self, c)
    }

    fn trailing(&mut self, c: Comment<'a>) {
        match self.s.checked_comment(c) {
            Ok(c) => self.r.game.trailing.push(c),
            // A comment with bytes that are not UTF-8 is the game's all the same.
            Err(e) => self.r.push(Element::Error(e)),
        }
    }

    fn end_token(&mut self, start: usize, end: usize) -> Option<()> {
        if self.at_limit() {
            self.full_token(start);
        } else {
            self.item(start);
            self.r.started = true;
            self.r.in_moves = true;
            self.r.last_token = end;
            self.s.pos = end;
            let token = self.token.take();
            if let Some(n) = token.number {
                self.r.push(Element::Number(n));
            }
            match token.body {
                None | Some(Body::Result(_)) => {}
                Some(Body::Turn(t)) => self.r.push(Element::Turn(t)),
                Some(Body::Nag(n, s)) => self.r.push(Element::Nag(n, s)),
            }
        }
        self.item_end();
        Some(())
    }

    fn variation(&mut self, open: Span, depth: u32) -> Option<()> {
        self.parenthesis(open, |r| r.open(open, depth))
    }

    fn variation_end(&mut self, close: Span, depth: u32) -> Option<()> {
        self.parenthesis(close, |r| r.close(close, depth))
    }

    fn line_result(&mut self, result: ResultToken, _depth: u32) -> Option<()> {
        self.item(result.span.start);
        self.r.last_token = result.span.end;
        if !self.at_limit() {
            self.r.result(result);
        }
        self.s.pos = result.span.end;
        self.item_end();
        Some(())
    }

    fn refused(&mut self, at: usize) -> Option<Resume> {
        self.token.take();
        let b = self.s.bytes();
        match b.get(at) {
            // The end of the text, or the next game's tags: this game has no result.
            None | Some(b'[') => {
                self.s.pos = at.min(b.len());
                None
            }
            Some(b'{' | b';') => {
                self.item(at);
                self.s.pos = at;
                self.s.comment_item(&mut self.r, at);
                Some(Resume::At(self.item_end()))
            }
            Some(_) => {
                let result = self.full_token(at);
                let end = self.item_end();
                Some(if result {
                    Resume::Result(end)
                } else {
                    Resume::At(end)
                })
            }
        }
    }
}
