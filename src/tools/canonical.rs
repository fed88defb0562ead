//! Canonical text of whole archives (`fmt`): each game's content with its computed captures
//! ([`crate::validate::canonical_doc`]) through the notation's writer, or the game kept as
//! written when it cannot be written from its parts.
//!
//! ```
//! use seega::notation::Source;
//! use seega::notation::writer::WriteOptions;
//! use seega::tools::canonical::{Fixing, Formatted, FormattedGame, format_games, format_source};
//! use seega::validate::Options;
//!
//! let source = Source::from_text("[Rules \"standard\"]  1.a1,b1   a2,b2 *\n\n1. zz *\n");
//! let (check, write) = (Options::default(), WriteOptions::default());
//! let formatted: Formatted = format_games(&source, &check, &write, Fixing::default());
//! assert!(!formatted.is_complete()); // the second game is kept as written
//! assert!(matches!(&formatted.games[0], FormattedGame::Canonical { text, .. }
//!     if text == "[Rules \"standard\"]\n\n1. a1,b1 a2,b2 *\n"));
//! assert!(matches!(&formatted.games[1], FormattedGame::Kept { index: 2, .. }));
//! // The whole text is refused, with the reasons, while a game cannot be written.
//! let problems = formatted.into_text(&source).unwrap_err();
//! assert_eq!(problems[0].code.as_str(), "seega::syntax::token");
//! assert_eq!(format_source(&source, &check, &write).unwrap_err(), problems);
//!
//! let clean = Source::from_text("1.a1,b1   a2,b2 *");
//! assert_eq!(format_source(&clean, &check, &write).unwrap(), "1. a1,b1 a2,b2 *\n");
//! ```
//!
//! # Inside
//!
//! every game of an archive in canonical form, or kept as written when it cannot be written from
//! its parts (`format_games` → `Formatted`, or `format_games_each` game by game, used by `fmt`,
//! which copies a kept game's own bytes; with `Fixing`, results set from outcomes and missing ones
//! written, and numbers renumbered); `format_source`, the whole text or the problems of the games
//! that cannot be written.

use crate::notation::writer::{
    Doc, DocHeader, NotWritable, WriteOptions, comment, comment_text, numbers_of, push_game_text,
    write_game_numbered,
};
use crate::notation::{Comment, Element, Game, GameResult, ResultToken, Source, Span, SyntaxKind};
use crate::tools::results::{ResultFix, result_to_fix, set_result};
use crate::validate::{Code, Options, Problem, canonical_doc};

/// The canonical text of every game of `source`, or, when any game cannot be written, the
/// errors that prevent it (its syntax errors, or the errors that stopped its reading): no
/// game is ever left out of the text. A source without any game (only comments, or nothing)
/// is its own canonical text. A game with a move number that announces another turn than the
/// next (`seega::number::mismatch`) keeps its numbers as written, as evidence of a turn missing
/// or written twice.
pub fn format_source(
    source: &Source,
    check: &Options,
    write: &WriteOptions,
) -> Result<String, Vec<Problem>> {
    let formatted = format_games(source, check, write, Fixing::default());
    formatted.into_text(source)
}

/// What [`format_games`] changes beyond the layout.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fixing {
    /// Set the results of the games that ended by rule from their outcome, adding a missing
    /// result token.
    pub results: bool,
    /// Write move numbers from the turn order also in games whose numbers announce other turns.
    pub renumber: bool,
    /// Write each game's main line only, without its variations.
    pub strip_variations: bool,
}

/// One game of a formatted archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormattedGame {
    /// In canonical form.
    Canonical {
        /// Its text, ending with a line end.
        text: String,
        /// Where the game stands in the source.
        span: Span,
    },
    /// Kept as written, for it cannot be written from its parts (a syntax error, or a broken
    /// Rules or Position tag before any): `span` is its text in the source, `problems` say why.
    Kept {
        /// The game's number in its file, from 1.
        index: usize,
        /// Its text in the source.
        span: Span,
        /// Its syntax errors, or the errors that stopped its reading.
        problems: Vec<Problem>,
    },
}

/// An archive formatted game by game: [`format_games`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Formatted {
    /// Every game, in order.
    pub games: Vec<FormattedGame>,
    /// The results set from outcomes (with [`Fixing::results`]).
    pub fixes: Vec<ResultFix>,
    /// For a text without any game: the problems of its comments (bytes that are not UTF-8,
    /// which the text cannot give back); such a text is otherwise its own canonical form.
    pub outside: Vec<Problem>,
}

impl Formatted {
    /// Whether every game could be written in canonical form.
    pub fn is_complete(&self) -> bool {
        self.outside.is_empty()
            && self
                .games
                .iter()
                .all(|g| matches!(g, FormattedGame::Canonical { .. }))
    }

    /// The whole canonical text (games a blank line apart), or the problems of the games that
    /// could not be written.
    pub fn into_text(self, source: &Source) -> Result<String, Vec<Problem>> {
        if !self.is_complete() {
            let mut problems = self.outside;
            for g in self.games {
                if let FormattedGame::Kept { problems: p, .. } = g {
                    problems.extend(p);
                }
            }
            return Err(problems);
        }
        if self.games.is_empty() {
            return Ok(source.text().to_owned());
        }
        let mut out = String::with_capacity(source.text().len() + 64);
        for g in &self.games {
            if let FormattedGame::Canonical { text, .. } = g {
                push_game_text(&mut out, text);
            }
        }
        Ok(out)
    }
}

/// Every game of `source` in canonical form, or kept as written when it cannot be; with
/// `fixing.results` the results of the games that ended by rule set from their outcome (see
/// `crate::tools::results`); with `fixing.renumber` every game's move numbers follow its turns.
pub fn format_games(
    source: &Source,
    check: &Options,
    write: &WriteOptions,
    fixing: Fixing,
) -> Formatted {
    let mut games = Vec::new();
    let mut keep = |g| {
        games.push(g);
        Ok::<(), std::convert::Infallible>(())
    };
    let Ok(formatted) = format_games_each(source, check, write, fixing, &mut keep);
    Formatted { games, ..formatted }
}

/// [`format_games`] that gives each game to `each` as soon as it is formatted rather than
/// holding them all (a command that writes them as they come holds one game's text at a
/// time); the [`Formatted`] it returns holds no game, only the fixes and the problems outside
/// any game. It stops at the first error `each` returns.
///
/// ```
/// use seega::notation::{Source, writer::WriteOptions};
/// use seega::tools::canonical::{Fixing, FormattedGame, format_games_each};
/// use seega::validate::Options;
///
/// let source = Source::from_text("1.  a1,b1   a2,b2 *\n\n1. c5,d1 *\n");
/// let mut texts = Vec::new();
/// let mut each = |g| match g {
///     FormattedGame::Canonical { text, .. } => Ok::<(), ()>(texts.push(text)),
///     FormattedGame::Kept { .. } => Err(()),
/// };
/// let fmt = format_games_each(&source, &Options::default(), &WriteOptions::default(), Fixing::default(), &mut each)?;
/// assert_eq!(texts, ["1. a1,b1 a2,b2 *\n", "1. c5,d1 *\n"]);
/// assert!(fmt.games.is_empty() && fmt.fixes.is_empty());
/// # Ok::<(), ()>(())
/// ```
pub fn format_games_each<E>(
    source: &Source,
    check: &Options,
    write: &WriteOptions,
    fixing: Fixing,
    each: &mut dyn FnMut(FormattedGame) -> Result<(), E>,
) -> Result<Formatted, E> {
    let opts = Options {
        record: true,
        ..*check
    };
    let mut formatted = Formatted::default();
    let mut any = false;
    let mut games = crate::archive::check_source(source, &opts).peekable();
    // Comments that head the next game, taken from a game whose missing result was written.
    let mut carried: Vec<DocHeader> = Vec::new();
    while let Some(checked) = games.next() {
        let lead = std::mem::take(&mut carried);
        let fix = result_to_fix(&checked.verdict).filter(|_| fixing.results);
        let doc = match fix {
            // A missing result token is the one syntax error a fix writes.
            Some((now, _)) if checked.game.result.is_none() => {
                let next = games
                    .peek()
                    .map(|n| Doc::from_game(&n.game, &|_| None).is_ok());
                let (game, heading) = with_result(&checked.game, now, source.text(), next);
                let doc = canonical_doc(&game, &checked.verdict);
                let heading = heading.iter().map(|c| DocHeader::Comment(comment(c)));
                carried.extend(heading);
                doc
            }
            _ => canonical_doc(&checked.game, &checked.verdict),
        };
        let mut doc = match doc {
            Ok(mut doc) => {
                // Before this game's own headers: the comments a fix moved out of the game
                // before it.
                doc.headers.splice(0..0, lead);
                doc
            }
            Err(NotWritable) => {
                any = true;
                kept(checked, lead, each)?;
                continue;
            }
        };
        if let Some((now, outcome)) = fix {
            let was = checked.game.result.map(|r| r.result);
            let tags_were = set_result(&mut doc, now);
            formatted.fixes.push(ResultFix {
                game: checked.index,
                was,
                tags_were,
                now,
                outcome,
            });
        }
        if fixing.strip_variations {
            doc.turns.iter_mut().for_each(|t| t.variations.clear());
        }
        // The main line's numbers: a variation's are written from its turns.
        let mismatched = (checked.verdict.problems.iter())
            .any(|p| p.code == Code::NumberMismatch && p.line.is_none());
        let numbers = (mismatched && !fixing.renumber).then(|| numbers_of(&checked.game));
        let mut text = String::new();
        write_game_numbered(&doc, write, numbers.as_deref(), &mut text);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        any = true;
        each(FormattedGame::Canonical {
            text,
            span: checked.game.span,
        })?;
    }
    if !any {
        formatted.outside = crate::archive::outside_problems(source);
    }
    Ok(formatted)
}

/// Keeps `checked`, a game that cannot be written from its parts, as written: with the problems
/// that keep it from being written, after the comments `lead` a fix moved out of the game
/// before it (comments are moved only to a game that can be written; should one come here all
/// the same, it is written on its own rather than lost).
fn kept<E>(
    checked: crate::archive::Checked<'_>,
    lead: Vec<DocHeader>,
    each: &mut dyn FnMut(FormattedGame) -> Result<(), E>,
) -> Result<(), E> {
    let lead: String = lead
        .iter()
        .filter_map(|h| match h {
            DocHeader::Comment(c) => Some(comment_text(c) + "\n"),
            DocHeader::Tag { .. } => None,
        })
        .collect();
    if !lead.is_empty() {
        let at = Span::new(checked.game.span.start, checked.game.span.start);
        each(FormattedGame::Canonical {
            text: lead,
            span: at,
        })?;
    }
    let problems = checked.verdict.problems;
    let problems = if problems.iter().any(|p| p.code.is_syntax()) {
        problems
            .into_iter()
            .filter(|p| p.code.is_syntax())
            .collect()
    } else {
        // Whatever stopped the game's reading is what keeps it from being written.
        problems.into_iter().filter(Problem::is_error).collect()
    };
    each(FormattedGame::Kept {
        index: checked.index,
        span: checked.game.span,
        problems,
    })
}

/// `game` with `result` as its result token, in place of the missing one, right after its last
/// turn. The comments after that turn on lines of their own head the next game once the result
/// stands before them: they are taken out and given back when the next game can take them
/// (`next`: whether it can be written), or made the game's trailing comments when it is the
/// last (`next` is `None`); otherwise they stay where they are.
fn with_result<'a>(
    game: &Game<'a>,
    result: GameResult,
    text: &str,
    next: Option<bool>,
) -> (Game<'a>, Vec<Comment<'a>>) {
    let mut g = game.clone();
    g.moves
        .retain(|e| !matches!(e, Element::Error(e) if e.kind == SyntaxKind::MissingResult));
    let last = g
        .moves
        .iter()
        .rposition(|e| !matches!(e, Element::Comment(_)));
    let end = last.map_or(game.span.end, |k| element_end(&g.moves[k]));
    // The comments after the last turn that start on a later line.
    let heading = match last {
        Some(k) => g.moves[k + 1..]
            .iter()
            .position(|e| match e {
                Element::Comment(c) => text
                    .get(end..c.span.start)
                    .is_some_and(|gap| gap.contains(['\n', '\r'])),
                _ => false,
            })
            .map_or(g.moves.len(), |p| k + 1 + p),
        None => g.moves.len(),
    };
    let mut moved = Vec::new();
    if heading < g.moves.len() && next != Some(false) {
        for e in g.moves.drain(heading..) {
            if let Element::Comment(c) = e {
                moved.push(c);
            }
        }
        if next.is_none() {
            // The last game: after its result, they stay its own.
            g.trailing.splice(0..0, moved.drain(..));
        }
    }
    g.result = Some(ResultToken {
        result,
        span: Span::new(end, end),
    });
    (g, moved)
}

/// Where a movetext item ends.
fn element_end(e: &Element<'_>) -> usize {
    e.end()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(text: &str) -> Result<String, Vec<Problem>> {
        format_source(
            &Source::from_text(text),
            &Options::default(),
            &WriteOptions::default(),
        )
    }

    #[test]
    fn captures_are_written_out_and_numbers_fixed_when_asked() {
        let text = "[Rules \"standard\"]\n[Event \"x\"]\n\n1. e1,d2 a4,c5 2. d3,e5 b2,e4 3. a2,c2 d1,c4 4. b1,b5 c1,e2\n5. a1,a3 e3,d4 6. b3,a5 b4,d5 9. c4-c3 *";
        let out = fmt(text).unwrap();
        assert!(out.starts_with("[Event \"x\"]\n[Rules \"standard\"]\n\n1. e1,d2"));
        assert!(out.contains(" 9. c4-c3xc2xd3 *\n"), "{out}");
        assert!(!out.contains(" 7. "), "{out}");
        assert_eq!(fmt(&out).unwrap(), out);
        let renumber = Fixing {
            renumber: true,
            ..Fixing::default()
        };
        let source = Source::from_text(text);
        let out = format_games(
            &source,
            &Options::default(),
            &WriteOptions::default(),
            renumber,
        )
        .into_text(&source)
        .unwrap();
        assert!(out.contains(" 7. c4-c3xc2xd3 *\n"), "{out}");
        assert_eq!(fmt(&out).unwrap(), out);
    }

    #[test]
    fn a_file_of_comments_only_is_kept() {
        let text = "{ nothing yet }\n; to do\n";
        assert_eq!(fmt(text).unwrap(), text);
        // Unless a byte of it is not UTF-8: the text would not give it back.
        let bad = Source::from_bytes(b"; caf\xe9\n");
        assert!(format_source(&bad, &Options::default(), &WriteOptions::default()).is_err());
    }

    #[test]
    fn a_game_that_cannot_be_written_refuses_the_text() {
        // A broken Rules tag stops the reading before the bad token is worded: the text is
        // refused all the same, with the error that stopped it.
        let e = fmt("[Rules \"chess\"]\n1. xyz *\n").unwrap_err();
        assert!(!e.is_empty());
        let e = fmt("1. c2,d4 *\n\n[Rules \"chess\"]\n1. xyz *\n").unwrap_err();
        assert!(!e.is_empty());
    }

    #[test]
    fn a_written_result_leaves_the_next_games_heading_comment_to_it() {
        let fixing = Fixing {
            results: true,
            ..Fixing::default()
        };
        let fix = |text: &str| {
            let source = Source::from_text(text);
            format_games(
                &source,
                &Options::default(),
                &WriteOptions::default(),
                fixing,
            )
            .into_text(&source)
            .unwrap()
        };
        let ended = "[Position \"wb3/2w2/5/5/5 w\"]\n\n1. c4-c5xb5 { taken }\n";
        let next = "{ the next game }\n[Event \"next\"]\n\n1. c2,d4 *\n";
        let out = fix(&format!("{ended}{next}"));
        assert!(out.contains("c4-c5xb5 { taken } 1-0\n"), "{out}");
        assert!(
            out.contains("\n{ the next game }\n[Event \"next\"]"),
            "{out}"
        );
        // Read again, the comment is the second game's, and nothing changes.
        assert_eq!(fix(&out), out);
        // After the last game, it is that game's own, after its result.
        let out = fix(&format!("{ended}{{ the end }}\n"));
        assert!(out.ends_with("1-0 { the end }\n"), "{out}");
    }

    #[test]
    fn syntax_errors_are_refused() {
        let e = fmt("c2,d4 *\n\nb2b3 *").unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].code.as_str(), "seega::syntax::move");
    }
}
