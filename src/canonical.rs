//! Canonical text of whole archives: the validator's captures poured into the notation's writer.
//!
//! The writer knows no rules; this is where the captures the engine computed for each legal
//! turn are written out explicitly. Turns that were not replayed (after a game's first error)
//! keep the captures as written.

use crate::engine::Square;
use crate::notation::writer::{
    Doc, NotWritable, WriteOptions, numbers_of, push_game_text, write_game_numbered,
};
use crate::notation::{Game, Source};
use crate::results::{ResultFix, result_to_fix, set_result};
use crate::validate::{Code, Options, Problem, Verdict};

/// The captures of each step of the played turn at `game.moves[element]`, from the verdict.
pub fn computed_captures(verdict: &Verdict, element: usize) -> Option<Vec<Vec<Square>>> {
    verdict
        .played
        .binary_search_by_key(&element, |p| p.element)
        .ok()
        .map(|i| {
            verdict.played[i]
                .captures
                .iter()
                .map(|b| b.squares().collect())
                .collect()
        })
}

/// The content of `game` with the verdict's captures written out (the verdict must have been
/// made with [`Options::record`]).
pub fn canonical_doc(game: &Game<'_>, verdict: &Verdict) -> Result<Doc, NotWritable> {
    Doc::from_game(game, &|i| computed_captures(verdict, i))
}

/// Whether a problem is a syntax error (the text cannot be read as notation).
pub fn is_syntax(p: &Problem) -> bool {
    let code = p.code.as_str();
    code.starts_with("seega::syntax::") || code.starts_with("seega::input::")
}

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
    format_source_fixing(source, check, write, Fixing::default()).map(|(text, _)| text)
}

/// What [`format_source_fixing`] changes beyond the layout.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fixing {
    /// Set the results of the games that ended by rule from their outcome.
    pub results: bool,
    /// Write move numbers from the turn order also in games whose numbers announce other turns.
    pub renumber: bool,
}

/// [`format_source`], and with `fixing.results` the results of the games that ended by rule
/// set from their outcome (see [`crate::results`]), with the list of results so set; with
/// `fixing.renumber` every game's move numbers follow its turns.
pub fn format_source_fixing(
    source: &Source,
    check: &Options,
    write: &WriteOptions,
    fixing: Fixing,
) -> Result<(String, Vec<ResultFix>), Vec<Problem>> {
    let fix_results = fixing.results;
    let opts = Options {
        record: true,
        ..*check
    };
    let mut out = String::with_capacity(source.text().len() + 64);
    let mut broken = Vec::new();
    let mut fixes = Vec::new();
    let mut game_text = String::new();
    let mut games = 0;
    let mut refused = false;
    for checked in crate::archive::check_source(source, &opts) {
        games += 1;
        match canonical_doc(&checked.game, &checked.verdict) {
            Ok(mut doc) if !refused => {
                if let Some((now, outcome)) =
                    result_to_fix(&checked.verdict).filter(|_| fix_results)
                {
                    let was = doc.result;
                    let tags_were = set_result(&mut doc, now);
                    fixes.push(ResultFix {
                        game: checked.index,
                        was,
                        tags_were,
                        now,
                        outcome,
                    });
                }
                let mismatched =
                    (checked.verdict.problems.iter()).any(|p| p.code == Code::NumberMismatch);
                let numbers = (mismatched && !fixing.renumber).then(|| numbers_of(&checked.game));
                game_text.clear();
                write_game_numbered(&doc, write, numbers.as_deref(), &mut game_text);
                push_game_text(&mut out, &game_text);
            }
            Ok(_) => {}
            Err(NotWritable) => {
                refused = true;
                let problems = checked.verdict.problems;
                if problems.iter().any(is_syntax) {
                    broken.extend(problems.into_iter().filter(is_syntax));
                } else {
                    // Whatever stopped the game's reading is what keeps it from being written.
                    broken.extend(problems.into_iter().filter(Problem::is_error));
                }
            }
        }
    }
    if games == 0 {
        // Only comments, or nothing: they belong to no game and are kept as they are, unless
        // they hold bytes that are not UTF-8, which the text cannot give back.
        let outside = crate::archive::outside_problems(source);
        if outside.is_empty() {
            Ok((source.text().to_owned(), fixes))
        } else {
            Err(outside)
        }
    } else if refused {
        // A game that cannot be written refuses the whole text, never drops out of it.
        Err(broken)
    } else {
        Ok((out, fixes))
    }
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
        let (out, _) = format_source_fixing(
            &Source::from_text(text),
            &Options::default(),
            &WriteOptions::default(),
            renumber,
        )
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
    fn syntax_errors_are_refused() {
        let e = fmt("c2,d4 *\n\nb2b3 *").unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].code.as_str(), "seega::syntax::move");
    }
}
