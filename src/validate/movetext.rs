//! The full replay of a game's movetext on its referee, which judges every turn; here the
//! judgements are worded, and the syntax errors met on the way reported.

use super::numbers::Reading;
use super::play_turn::{Failure, play_turn};
use super::problem::{Illegal, Kind};
use super::replay::{Cx, LinePlayed, Played, Verdict, syntax_error_turn};
use super::syntax_words::{lone_pair, slip_fix, syntax_code, syntax_help};
use crate::engine::kernel::Board;
use crate::engine::play::Play;
use crate::engine::referee::Referee;
use crate::notation::{
    Element, Game, LinePath, MoveNumber, Span, SyntaxError, SyntaxKind, Turn, Variation,
};

/// A game's replay under way.
pub(super) struct Movetext<'g, 'a, 'c, B: Board> {
    pub(super) game: &'g Game<'a>,
    pub(super) text: &'c str,
    /// Whether every played turn is kept in [`Verdict::played`].
    pub(super) record: bool,
    pub(super) referee: Referee<B>,
    pub(super) cx: Cx<'g, 'a>,
    pub(super) verdict: Verdict,
}

/// What the replay knows of the move numbers met so far.
struct Numbers<B: Board> {
    /// The position before the last turn played.
    prev: Option<Play<B>>,
    /// Whether a number was found wrong already.
    wrong: bool,
    /// What the first wrong one says of the turns after it.
    reading: Option<Reading>,
    /// Where the last turn played in this line is written.
    last: Option<Span>,
}

impl<'g, 'a, B: Board> Movetext<'g, 'a, '_, B> {
    /// Replays every turn of the main line up to its first error, and each variation from its
    /// branch point up to its own; then reports what follows the main line's error: the later
    /// syntax errors after it, or the result's.
    pub(super) fn run(mut self) -> Verdict {
        let failed = self.line(&self.game.moves, &LinePath::main());
        self.finish(failed)
    }

    /// Replays the line `moves` (the line `path`) from the referee's position, and each
    /// variation in it from the position before the turn it is an alternative to; returns the
    /// index of the element where the line stopped, at an error.
    fn line(&mut self, moves: &'g [Element<'a>], path: &LinePath) -> Option<usize> {
        let mut numbers = Numbers {
            prev: None,
            wrong: false,
            reading: None,
            last: None,
        };
        // The referee before the last turn played in this line, its number, and the
        // variations met after it.
        let mut branch: Option<(Referee<B>, u64)> = None;
        let mut index = 0;
        for (i, el) in moves.iter().enumerate() {
            let go_on = match el {
                Element::Comment(_) | Element::Nag(..) => true,
                Element::Number(n) => {
                    self.number(n, moves, i, &mut numbers);
                    true
                }
                Element::Error(e) => self.syntax_error(e, moves, i),
                Element::Turn(t) => match self.turn(t, i, &mut numbers) {
                    Some(before) => {
                        let number = before.number();
                        branch = Some((before, number));
                        index = 0;
                        true
                    }
                    None => false,
                },
                Element::Variation(v) => {
                    index += 1;
                    // A misplaced variation (before any turn) is an error of its own line.
                    if let Some((before, number)) = &branch {
                        self.variation(v, before.clone(), path.child(*number, index));
                    }
                    true
                }
            };
            if !go_on {
                return Some(i);
            }
        }
        None
    }

    /// Replays the variation `v`, the line `path`, from `from`: its problems are named by
    /// its path; what it plays counts for none of the game's figures.
    fn variation(&mut self, v: &'g Variation<'a>, from: Referee<B>, path: LinePath) {
        let referee = std::mem::replace(&mut self.referee, from);
        let verdict = std::mem::replace(&mut self.verdict, Verdict::nothing());
        let outer = self.cx.line.replace(path.clone());
        if let Some(at) = self.line(&v.moves, &path) {
            super::later::after_line_stop(&v.moves, at, &self.referee, self.text, &mut self.cx);
        }
        self.cx.line = outer;
        self.referee = referee;
        let inner = std::mem::replace(&mut self.verdict, verdict);
        if self.record {
            let played = inner.played;
            self.verdict.lines.push(LinePlayed { path, played });
            self.verdict.lines.extend(inner.lines);
        }
    }

    /// Reports the move number `n`, `moves[i]`, when it announces another turn than the next.
    fn number(
        &mut self,
        n: &MoveNumber,
        moves: &[Element<'_>],
        i: usize,
        numbers: &mut Numbers<B>,
    ) {
        let next = self.referee.number();
        if n.turn() == next {
            return;
        }
        let at = (moves, i);
        let pos = self.referee.position();
        let prev = numbers.prev.as_ref().map(|p| p.to_position());
        let first = !numbers.wrong;
        let r = super::numbers::mismatch(&mut self.cx, n, next, &pos, prev.as_ref(), at, first);
        numbers.wrong = true;
        numbers.reading = numbers.reading.take().or(r);
    }

    /// Reports the syntax error `e`, `moves[i]`; returns whether the replay goes on (past bad
    /// bytes in a comment, which hide no turn).
    fn syntax_error(&mut self, e: &SyntaxError, moves: &[Element<'_>], i: usize) -> bool {
        let number = self.referee.number();
        if e.kind == SyntaxKind::InvalidUtf8InComment {
            let help = syntax_help(e, self.text);
            let (code, span) = (syntax_code(e.kind), e.span);
            self.cx
                .push(code, span, e.message.clone(), help, Some(number));
            return true;
        }
        let opened = self.cx.line.as_ref().and_then(|l| l.branches().last());
        let turn = match (e.kind, opened) {
            // Reported at its `(`: the turn the variation begins with, not the one after its
            // last.
            (SyntaxKind::UnclosedVariation, Some(b)) => Some(b.turn),
            _ => syntax_error_turn(e.kind, self.referee.outcome().is_some(), number),
        };
        let moving = self.referee.in_movement();
        let text = self.text;
        let (span, message, help) = lone_pair(moves, i, text, moving)
            .unwrap_or_else(|| (e.span, e.message.clone(), syntax_help(e, text)));
        self.cx.push(syntax_code(e.kind), span, message, help, turn);
        if let Some(p) = self.cx.problems.last_mut() {
            p.fix = slip_fix(moves, i, e, text, moving);
        }
        false
    }

    /// Plays the turn `t`, `moves[i]`; when it is legal, returns the referee before it.
    fn turn(&mut self, t: &Turn, i: usize, numbers: &mut Numbers<B>) -> Option<Referee<B>> {
        // Kept whole: an illegal turn leaves the game as it was before it (`final` is the
        // position after the last legal turn).
        let saved = self.referee.clone();
        let before = saved.play().clone();
        let (number, side) = (self.referee.number(), before.to_move());
        match play_turn(&mut self.referee, t, self.record) {
            Ok(captures) => {
                self.verdict.legal_turns += 1;
                numbers.prev = Some(before);
                numbers.last = Some(t.span);
                if self.record {
                    self.verdict.played.push(Played {
                        element: i,
                        number,
                        side,
                        captures,
                        after: self.referee.position(),
                    });
                }
                Some(saved)
            }
            Err(fail) => {
                self.referee = saved;
                self.illegal(fail, &before, t, numbers);
                None
            }
        }
    }

    /// Reports the failure `fail` of the turn `t` played from `before`, with the one
    /// correction near it the engine finds, unless what the move numbers say makes it out of
    /// order (`reading`), which no typo explains.
    /// A turn after the end names the turn of this line that ended the game, when it is in it.
    fn illegal(&mut self, fail: Failure, before: &Play<B>, t: &Turn, numbers: &Numbers<B>) {
        let reading = numbers.reading.as_ref();
        let ended = match &fail {
            Failure::AfterEnd(a) if a.ended_on > 0 => numbers.last.map(|s| (s, a.ended_on)),
            _ => None,
        };
        let before = before.to_position();
        let (code, span) = (fail.code(), fail.span(t));
        let mut notes = String::new();
        let fix = match reading {
            _ if !fail.may_suggest() => None,
            Some(r) => {
                notes.push_str(&r.note);
                None
            }
            None => super::suggest::suggest(&before, t, code),
        };
        if let Some(f) = &fix {
            notes.push_str(&format!(" Did you mean `{}`?", f.replacement));
        }
        let illegal = Illegal {
            failure: fail,
            before,
            turn: t.clone(),
            notes,
        };
        let kind = Kind::Illegal(Box::new(illegal));
        let number = Some(self.referee.number());
        self.cx.push_kind(code, span, kind, number);
        if let Some(p) = self.cx.problems.last_mut() {
            p.fix = fix;
            p.also = ended.map(|(span, n)| (span, format!("turn {n} ended the game")));
        }
    }

    /// Ends the replay, stopped at `moves[failed]` or not: counts the turns left unchecked, and
    /// reports the later syntax errors, or the result's problems.
    fn finish(mut self, failed: Option<usize>) -> Verdict {
        let mut verdict = self.verdict;
        let game = self.game;
        let moves = &game.moves;
        verdict.unchecked -= verdict.legal_turns;
        let number = self.referee.number();
        if let Some(at) = failed {
            // The turns after the one that stopped the replay (which is a turn, or a bad token).
            let stopped_at_turn = matches!(moves[at], Element::Turn(_));
            let later = verdict.unchecked - u64::from(stopped_at_turn);
            if later > 0 {
                if let Some(p) = self.cx.problems.last_mut() {
                    p.add_help(&if later == 1 {
                        " The later turn of this game was not checked.".to_owned()
                    } else {
                        format!(" The {later} later turns of this game were not checked.")
                    });
                }
            }
            // The next turn is the one after the stopping turn; a bad token takes no number.
            let after = super::later::After {
                at,
                number: number + u64::from(stopped_at_turn),
                ended: self.referee.outcome().is_some(),
                moving: self.referee.in_movement(),
            };
            super::later::later_syntax_errors(moves, self.text, after, &mut self.cx);
        } else {
            super::result_check::check_result(game, &self.referee, &mut self.cx);
        }
        verdict.outcome = self.referee.outcome();
        let end = self.referee.setup();
        verdict.position = Some(self.referee.position());
        (verdict.opening_owed, verdict.quiet_turns) = (end.opening_owed, end.quiet_turns);
        verdict.problems = self.cx.problems;
        verdict
    }
}
