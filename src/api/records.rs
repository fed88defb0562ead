//! Games read from a stream of any size, one at a time, each owning its text: what a program
//! that cannot hold the whole archive (or wants games that outlive the text) reads through.

use super::visiting::{self, Visitor};
use crate::notation::writer::{WriteOptions, write_game};
use crate::notation::{Game, LineIndex, Scanner, Span};
use crate::render::game_json::{GameObject, Origin};
use crate::render::wire::DiagnosticLine;
use crate::validate::{
    Options, Problem, RulesCache, Verdict, canonical_doc, check_game, clean_verdict, uncut,
};

mod reader;

pub use reader::GameReader;

/// One game of an archive, with its own copy of the text it was written in and where in the
/// file that text stands: it can be parsed, checked, written as JSON or in canonical notation
/// long after the reader has moved on.
///
/// ```
/// let text = "[Rules \"standard\"]\n\n1. a1,b1 a2,b2 *\n\n1. c3,d4 *\n";
/// let games: Vec<_> = seega::GameReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!((games[1].number(), games[1].line()), (2, 5));
/// let verdict = games[1].check(&seega::Options::default());
/// let d = games[1].diagnostic(&verdict.problems[0], "cup.sgn");
/// assert_eq!((d.code.as_str(), d.line, d.column), ("seega::place::centre", 5, 4));
///
/// // The spans of its tree count `offset` bytes before its text; its lines are the file's.
/// let tree = games[1].parse();
/// let start = tree.span.start - games[1].offset();
/// assert!(games[1].text()[start..].starts_with("1. c3,d4"));
/// assert_eq!(games[1].line_col(verdict.problems[0].span.start), (5, 4));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct RecordedGame {
    /// The game's text (from a record made by the reader, its first item to its last).
    text: String,
    /// Bytes of the game's text that were not UTF-8 (U+FFFD in `text`).
    invalid: Vec<Span>,
    /// Where the game starts in `text` (0 for a record the reader makes).
    start: usize,
    /// The 0-based file line `text` starts on.
    base: usize,
    /// The characters that stood before `text` on its first line in the file.
    column: usize,
    /// The game's number in its file, from 1.
    number: usize,
    /// For a stretch skipped unread ([`RecordedGame::skipped`]): its length in bytes; else 0.
    skipped: usize,
    /// The verdict under [`Options::default`] of a game the reader's fast lane proved clean
    /// as it cut the stream (what [`RecordedGame::check`] gives then, without reading it
    /// again); not part of the record's value.
    clean: Option<Box<Verdict>>,
}

/// Records are equal when their parts are ([`RecordedGame::parts`]).
impl PartialEq for RecordedGame {
    fn eq(&self, other: &RecordedGame) -> bool {
        (self.text == other.text)
            && self.invalid == other.invalid
            && (
                self.start,
                self.base,
                self.column,
                self.number,
                self.skipped,
            ) == (
                other.start,
                other.base,
                other.column,
                other.number,
                other.skipped,
            )
    }
}

impl Eq for RecordedGame {}

/// What a [`RecordedGame`] holds, to keep it and make the same record again elsewhere
/// ([`RecordedGame::parts`], [`RecordedGame::from_parts`]): Python pickles a game with it.
///
/// ```
/// let text = "1. a1,b1 *\n\n  [Event \"Cup\"] 1. c3,d4 *\n";
/// let games: Vec<_> = seega::GameReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
/// let parts = games[1].parts();
/// assert_eq!((parts.line, parts.column, parts.number), (3, 2, 2));
/// assert!(parts.text.starts_with("[Event"));
/// let again = seega::RecordedGame::from_parts(parts.clone()).unwrap();
/// assert_eq!(again, games[1]);
/// // Parts that describe no record are refused, saying why.
/// let outside = seega::RecordedParts { start: 99, ..parts.clone() };
/// assert!(seega::RecordedGame::from_parts(outside).unwrap_err().contains("not a place"));
/// let line_0 = seega::RecordedParts { line: 0, ..parts };
/// assert!(seega::RecordedGame::from_parts(line_0).is_err());
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedParts {
    /// The record's text; the game starts `start` bytes into it (0 for a record the reader
    /// makes).
    pub text: String,
    /// The byte ranges of `text` that stand for input bytes that were not UTF-8 (U+FFFD there).
    pub invalid: Vec<(usize, usize)>,
    /// Where the game starts in `text`: the bytes before it are not the game's.
    pub start: usize,
    /// The file line `text` starts on, from 1.
    pub line: usize,
    /// How many characters stood before `text` on its first line in the file.
    pub column: usize,
    /// The game's number in its file, from 1.
    pub number: usize,
    /// For a stretch skipped unread, its length in bytes; else 0.
    pub skipped: usize,
}

impl RecordedGame {
    /// What the record holds, to make it again with [`RecordedGame::from_parts`].
    pub fn parts(&self) -> RecordedParts {
        RecordedParts {
            text: self.text.clone(),
            invalid: self.invalid.iter().map(|s| (s.start, s.end)).collect(),
            start: self.start,
            line: self.base + 1,
            column: self.column,
            number: self.number,
            skipped: self.skipped,
        }
    }

    /// The record `parts` describe, or why they describe none (a place outside the text or
    /// inside a character, a line or number of 0): the same record as the one whose
    /// [`RecordedGame::parts`] they are.
    pub fn from_parts(parts: RecordedParts) -> Result<RecordedGame, String> {
        let RecordedParts {
            text,
            invalid,
            start,
            line,
            column,
            number,
            skipped,
        } = parts;
        let at = |i: usize| i <= text.len() && text.is_char_boundary(i);
        if !at(start) {
            return Err(format!(
                "the game's start {start} is not a place in its text"
            ));
        }
        if let Some((a, b)) = invalid.iter().find(|&&(a, b)| a > b || !at(a) || !at(b)) {
            return Err(format!("{a}..{b} is not a stretch of the game's text"));
        }
        if line == 0 || number == 0 {
            return Err("a game's line and number count from 1".into());
        }
        Ok(RecordedGame {
            text,
            invalid: invalid.into_iter().map(|(a, b)| Span::new(a, b)).collect(),
            start,
            base: line - 1,
            column,
            number,
            skipped,
            clean: None,
        })
    }

    /// The game's number in its file, from 1.
    pub fn number(&self) -> usize {
        self.number
    }

    /// The file line (from 1) of the game's first item.
    pub fn line(&self) -> usize {
        self.base + 1
    }

    /// The file column (from 1, in characters) of the game's first item.
    ///
    /// ```
    /// let text = "1. a1,b1 * 1. c3,d4 *\n";
    /// let games: Vec<_> = seega::GameReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
    /// assert_eq!((games[1].line(), games[1].column()), (1, 12));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn column(&self) -> usize {
        self.line_col(self.start).1
    }

    /// The game's text as written, from its first item to its last; for a stretch skipped
    /// unread ([`RecordedGame::skipped`]), its first bytes (up to 256).
    pub fn text(&self) -> &str {
        &self.text[self.start..]
    }

    /// For a stretch of the input that ran more than
    /// [`crate::notation::limits::MAX_UNCUT_BYTES`] without a line where a game can start, and
    /// was skipped unread up to the next such line as `seega check` skips it: its length in
    /// bytes. Such a record stands in the stream where the stretch stood, so that no byte goes
    /// unreported: [`RecordedGame::check`] gives its `seega::limit::too-long` error, and it
    /// holds only the stretch's first bytes ([`RecordedGame::text`]), which is all that
    /// [`RecordedGame::to_canonical`] gives back.
    ///
    /// ```
    /// let mut text = "1. a1,b1 *\n\n".to_owned();
    /// text.push_str(&"x".repeat(70 << 20));
    /// text.push_str("\n\n[Event \"after\"]\n\n1. c3,d4 *\n");
    /// let games: Vec<_> = seega::GameReader::new(text.as_bytes()).collect::<Result<_, _>>()?;
    /// let skipped: Vec<_> = games.iter().filter(|g| g.skipped().is_some()).collect();
    /// assert_eq!(skipped.len(), 1);
    /// assert!(skipped[0].skipped() > Some(seega::notation::limits::MAX_UNCUT_BYTES));
    /// let verdict = skipped[0].check(&seega::Options::default());
    /// assert_eq!(verdict.problems[0].code.as_str(), "seega::limit::too-long");
    /// assert_eq!(games.last().unwrap().skipped(), None);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn skipped(&self) -> Option<usize> {
        (self.skipped > 0).then_some(self.skipped)
    }

    /// The syntax tree of the game ([`crate::parse`] of its text). Its spans are offsets in
    /// the text of [`RecordedGame::text`] preceded by [`RecordedGame::offset`] bytes. A stretch
    /// skipped unread has an empty tree.
    pub fn parse(&self) -> Game<'_> {
        if self.skipped > 0 {
            return Game::default();
        }
        let mut game = Scanner::new(&self.text, &self.invalid)
            .next()
            .unwrap_or_default();
        game.number = self.number;
        game
    }

    /// Hands the game's pieces to `visitor` as they are read, in file order, without a syntax
    /// tree when the game is well formed (see [`Visitor`]); gives what the visitor made of it.
    ///
    /// ```
    /// struct Tags(Vec<String>);
    ///
    /// impl seega::Visitor for Tags {
    ///     type Output = Vec<String>;
    ///     fn tag(&mut self, tag: &seega::notation::Tag<'_>) {
    ///         self.0.push(format!("{}={}", tag.name, tag.value));
    ///     }
    ///     fn end_tags(&mut self) -> seega::Skip {
    ///         seega::Skip(true) // the movetext is not read
    ///     }
    ///     fn end_game(&mut self) -> Vec<String> {
    ///         std::mem::take(&mut self.0)
    ///     }
    /// }
    ///
    /// let text = "[Event \"Cup\"]\n[Rules \"seesa\"]\n\n1. a1,b1 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// assert_eq!(game.visit(&mut Tags(Vec::new())), ["Event=Cup", "Rules=seesa"]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn visit<V: Visitor>(&self, visitor: &mut V) -> V::Output {
        visiting::visit(self, visitor)
    }

    /// The text the spans of the game count in (the record's text, in which the game starts
    /// at [`RecordedGame::offset`]), and the spans of the bytes in it that were not UTF-8.
    pub(crate) fn source(&self) -> (&str, &[Span]) {
        (&self.text, &self.invalid)
    }

    /// How many bytes before [`RecordedGame::text`] the spans of [`RecordedGame::parse`] count.
    pub fn offset(&self) -> usize {
        self.start
    }

    /// Replays the game as `seega check` does under `options` (its number in its file given).
    /// A stretch skipped unread ([`RecordedGame::skipped`]) has one error, where it starts.
    ///
    /// Without [`Options::record`], a game that `check`'s fast lane proves clean is not parsed:
    /// its verdict is the lane's, made as the reader cut the stream (under the default
    /// options) or now, and equals the full path's ([`check_game`] of [`RecordedGame::parse`]).
    ///
    /// ```
    /// let text = "[Rules \"standard\"]\n\n1. a1,b1 a2,b2 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let quick = game.check(&seega::Options::default());
    /// let full = seega::check_game(&game.parse(), &seega::Options::default());
    /// assert!(quick.is_valid() && quick.problems.is_empty());
    /// assert_eq!((quick.legal_turns, quick.final_setup()), (2, full.final_setup()));
    /// assert_eq!(quick.final_setup().unwrap().to_string(), "5/5/5/ww3/bb3 b 10/10");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn check(&self, options: &Options) -> Verdict {
        if self.skipped > 0 {
            return self.skipped_verdict();
        }
        if let Some(v) = self.clean.as_deref().filter(|_| is_default(options)) {
            return v.clone();
        }
        if self.invalid.is_empty() {
            let mut cache = RulesCache::default();
            if let Some((_, v)) = clean_verdict(&self.text, self.start, options, &mut cache) {
                return v;
            }
        }
        check_game(&self.parse(), options)
    }

    /// The verdict of a stretch skipped unread: its `seega::limit::too-long` error on its first
    /// character, as `seega check` reports it.
    fn skipped_verdict(&self) -> Verdict {
        let len = self.text().chars().next().map_or(0, char::len_utf8);
        let mut problem = uncut(Span::new(self.start, self.start + len), self.skipped);
        problem.game = self.number;
        Verdict {
            problems: vec![problem],
            ..Verdict::nothing()
        }
    }

    /// The index of the record's text, its lines and columns those of the file.
    pub(crate) fn lines(&self) -> LineIndex {
        LineIndex::with_base(&self.text, self.base).first_column(self.column)
    }

    /// The file line and column (both from 1, columns in characters) of `offset`, a byte
    /// offset of a span of [`RecordedGame::parse`].
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let lc = self.lines().line_col(&self.text, offset);
        (lc.line, lc.column)
    }

    /// A problem of [`RecordedGame::check`] as `seega check --format jsonl` writes it, in the
    /// file named `file`.
    pub fn diagnostic(&self, problem: &Problem, file: &str) -> DiagnosticLine {
        let lines = self.lines();
        DiagnosticLine::new(problem, file, &self.text, &lines)
    }

    /// The game's JSON object as `seega convert --to jsonl` writes it (one line), checked
    /// under `options`, in the file named `file`.
    ///
    /// ```
    /// let text = "[Event \"Cup\"]\n\n1. a1,b1 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let json = game.to_json(&seega::Options::default(), "cup.sgn");
    /// assert!(json.starts_with("{\"game\":1,\"file\":\"cup.sgn\","));
    /// assert!(json.contains("\"final\":\"5/5/5/5/bb3 w 10/12\""));
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn to_json(&self, options: &Options, file: &str) -> String {
        crate::render::json_text::to_string(&self.object(options, file)).unwrap_or_default()
    }

    /// The game as the object `seega convert` writes (`spec/json.md`), checked under
    /// `options` (the engine's captures recorded), in the file named `file`: its headers, turns
    /// with what the referee found, result, outcome and diagnostics, the model every output of
    /// a game is derived from.
    ///
    /// ```
    /// let text = "[Event \"Cup\"]\n\n1. a1,b1 {opening} a2,b2 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let object = game.object(&seega::Options::default(), "cup.sgn");
    /// assert_eq!((object.game, object.valid, object.turns.len()), (1, true, 2));
    /// assert_eq!(object.turns[0].notation(), "a1,b1");
    /// assert_eq!(object.turns[0].comments[0].text, "opening");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn object(&self, options: &Options, file: &str) -> GameObject {
        let options = Options {
            record: true,
            ..*options
        };
        let game = self.parse();
        let verdict = self.check(&options);
        let lines = self.lines();
        let at = Origin {
            file,
            file_bytes: None,
            text: &self.text,
            lines: &lines,
            raw: None,
        };
        GameObject::new(&game, &verdict, self.number, at)
    }

    /// The game in canonical notation, as `seega fmt` writes a game (tags in canonical order,
    /// captures written out, lines wrapped at 80 columns), checked under `options`; the text
    /// as written when the game holds a syntax error, which no writer can rewrite.
    ///
    /// ```
    /// let text = "[Rules \"standard\"]  [Result \"*\"]\n1.a1,b1 *";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let canonical = game.to_canonical(&seega::Options::default());
    /// assert_eq!(canonical, "[Result \"*\"]\n[Rules \"standard\"]\n\n1. a1,b1 *\n");
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn to_canonical(&self, options: &Options) -> String {
        let options = Options {
            record: true,
            ..*options
        };
        let game = self.parse();
        let verdict = self.check(&options);
        match canonical_doc(&game, &verdict) {
            Ok(doc) => {
                let mut out = String::new();
                write_game(&doc, &WriteOptions::default(), &mut out);
                out
            }
            Err(_) => format!("{}\n", self.text().trim_end()),
        }
    }
}

/// Whether `options` are those the reader's lane checks under: [`Options::default`] without
/// recording.
fn is_default(options: &Options) -> bool {
    let d = Options::default();
    !options.record
        && (
            options.default_rules,
            options.auto_rules,
            options.force_rules,
        ) == (d.default_rules, d.auto_rules, d.force_rules)
}
