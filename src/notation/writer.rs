//! The canonical writer: a game's content → text in canonical layout.
//!
//! It knows no rules. It writes a [`Doc`], a game stripped of layout: tags and header comments,
//! turns with the captures to write after each step, annotations, `$N` glyphs and comments. A
//! `Doc` comes from a syntax tree ([`Doc::from_game`], given the captures to write, usually the
//! ones the validator computed) or from anywhere else (the JSON reader builds one).
//!
//! The canonical layout:
//! - tags one per line, each header comment on its own line after the tag it followed; with
//!   [`WriteOptions::reorder_tags`], tags in the order Event, Site, Date, Round, Black, White,
//!   Result, Rules, then the rest in file order;
//! - one blank line between the header and the movetext;
//! - movetext tokens separated by one space and wrapped at [`WriteOptions::width`] columns:
//!   `N.` before every odd turn, each turn with all its captures, then its `$N` glyphs, then
//!   its comments; the result; comments after the result;
//! - a `;` comment ends its line.
//!
//! ```
//! use seega::notation::writer::{
//!     Doc, DocComment, DocHeader, DocKind, DocTurn, NotWritable, WriteOptions, comment,
//!     push_game_text, turn_text, write_game,
//! };
//!
//! let text = "[Site \"Cairo\"] [Event \"Cup\"] 1.a1,b1 {ok}  a2,b2 2. c1-c2xc3! *";
//! let game = seega::parse(text).next().unwrap();
//! let doc = Doc::from_game(&game, &|_| None)?;
//! assert!(matches!(&doc.headers[0], DocHeader::Tag { name, .. } if name == "Site"));
//! assert_eq!(doc.turns[0].comments, [comment(&seega::notation::Comment {
//!     text: "ok",
//!     line: false,
//!     span: Default::default(),
//! })]);
//! let third: &DocTurn = &doc.turns[2];
//! let ok: &DocComment = &doc.turns[0].comments[0];
//! assert_eq!((ok.text.as_str(), ok.line), ("ok", false));
//! let DocKind::Move(from, steps) = &third.kind else { panic!() };
//! assert_eq!((from.to_string(), steps.len()), ("c1".to_owned(), 1));
//! assert_eq!(turn_text(&doc.turns[2].kind, doc.turns[2].annotation), "c1-c2xc3!");
//!
//! let mut out = String::new();
//! write_game(&doc, &WriteOptions::default(), &mut out);
//! assert_eq!(out, "[Event \"Cup\"]\n[Site \"Cairo\"]\n\n1. a1,b1 {ok} a2,b2 2. c1-c2xc3! *\n");
//!
//! let mut archive = String::new();
//! push_game_text(&mut archive, &out);
//! push_game_text(&mut archive, &out);
//! assert_eq!(archive, format!("{out}\n{out}"));
//!
//! // A game with a syntax error cannot be rebuilt from its parts.
//! let broken = seega::parse("1. a1,b1 zz *").next().unwrap();
//! assert_eq!(Doc::from_game(&broken, &|_| None), Err(NotWritable));
//! let (read, whole) = Doc::read(&broken, &|_| None);
//! assert_eq!((read.turns.len(), whole), (1, false));
//! # Ok::<(), NotWritable>(())
//! ```

use super::LinePath;
use super::ast::{Annotation, Comment, Element, Game, GameResult};
use crate::board::Square;
use crate::numbering::{move_number_of_turn, turn_number};

/// The tags that come first in canonical order, in that order.
pub(crate) const TAG_ORDER: [&str; 8] = [
    "Event", "Site", "Date", "Round", "Black", "White", "Result", "Rules",
];

/// How to write: [`WriteOptions::default`] (80 columns, tags in canonical order), changed field
/// by field.
///
/// ```
/// use seega::notation::writer::WriteOptions;
///
/// let opts = WriteOptions::default().width(40).reorder_tags(false);
/// assert_eq!((opts.width, opts.reorder_tags), (40, false));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// Columns to wrap the movetext at (a longer single token gets a line of its own).
    pub width: usize,
    /// Whether to put the tags in canonical order (`fmt`) or keep their order (`convert`).
    pub reorder_tags: bool,
}

impl WriteOptions {
    /// These options wrapping the movetext at `width` columns.
    #[must_use]
    pub fn width(mut self, width: usize) -> WriteOptions {
        self.width = width;
        self
    }

    /// These options putting the tags in canonical order when `reorder` is true.
    #[must_use]
    pub fn reorder_tags(mut self, reorder: bool) -> WriteOptions {
        self.reorder_tags = reorder;
        self
    }
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            width: 80,
            reorder_tags: true,
        }
    }
}

/// A comment's text and kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocComment {
    /// The text inside the braces, or after the semicolon.
    pub text: String,
    /// Whether it is a `;` comment, which runs to the end of the line.
    pub line: bool,
}

/// An item of the header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocHeader {
    /// A tag pair (value unescaped).
    Tag {
        /// The name.
        name: String,
        /// The value.
        value: String,
    },
    /// A comment among the tags.
    Comment(DocComment),
}

/// What a turn does, with the captures to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocKind {
    /// Two pieces placed.
    Place(Square, Square),
    /// A movement: the start, then each step's destination and the captures to write after it.
    Move(Square, Vec<(Square, Vec<Square>)>),
    /// A pass.
    Pass,
}

/// A turn with what is attached after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocTurn {
    /// What it does.
    pub kind: DocKind,
    /// Its suffix annotation.
    pub annotation: Option<Annotation>,
    /// The `$N` glyphs after it.
    pub nags: Vec<u32>,
    /// The comments after it, up to the next turn.
    pub comments: Vec<DocComment>,
    /// The variations after it, each an alternative to it (written after its glyphs and
    /// comments).
    pub variations: Vec<DocLine>,
}

/// A variation without layout: an alternative to the turn it follows, starting at that turn's
/// number.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DocLine {
    /// `$N` glyphs before its first turn.
    pub nags: Vec<u32>,
    /// Comments before its first turn.
    pub comments: Vec<DocComment>,
    /// Its turns, each with its own glyphs, comments and variations.
    pub turns: Vec<DocTurn>,
    /// The result its line ends with, if one is written.
    pub result: Option<GameResult>,
}

/// A game without layout, ready to be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Doc {
    /// Tags and header comments in file order.
    pub headers: Vec<DocHeader>,
    /// `$N` glyphs before the first turn.
    pub nags: Vec<u32>,
    /// Movetext comments before the first turn (only after a leading `$N`: without one they
    /// are header comments).
    pub comments: Vec<DocComment>,
    /// The turns.
    pub turns: Vec<DocTurn>,
    /// The result.
    pub result: GameResult,
    /// Comments after the result (end of file).
    pub trailing: Vec<DocComment>,
}

/// What [`Doc::read_lines`] asks the captures of a turn of: the line it is in and its index in
/// that line's movetext; `None` keeps the captures written.
pub type LineCaptures<'c> = dyn Fn(&LinePath, usize) -> Option<Vec<Vec<Square>>> + 'c;

/// Why a syntax tree has no canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the game has syntax errors")]
pub struct NotWritable;

/// A comment of the syntax tree as the writer writes it.
pub fn comment(c: &Comment<'_>) -> DocComment {
    DocComment {
        text: c.text.to_owned(),
        line: c.line,
    }
}

impl Doc {
    /// A game of tags `(name, value)`, turns and a result, with no comment or glyph: what a
    /// program that plays a game (an engine, a Ludii trial's import) writes down, in canonical
    /// layout (`seega fmt`'s) by [`Doc::text`].
    ///
    /// ```
    /// use seega::notation::GameResult;
    /// use seega::notation::writer::{Doc, DocKind, DocTurn};
    ///
    /// let a1 = "a1".parse()?;
    /// let b1 = "b1".parse()?;
    /// let turn = DocTurn {
    ///     kind: DocKind::Place(a1, b1),
    ///     annotation: None,
    ///     nags: vec![],
    ///     comments: vec![],
    ///     variations: vec![],
    /// };
    /// let doc = Doc::plain([("Event", "Cup".to_owned())], vec![turn], GameResult::Unknown);
    /// assert_eq!(doc.text(), "[Event \"Cup\"]\n\n1. a1,b1 *\n");
    /// # Ok::<(), seega::ParseError>(())
    /// ```
    pub fn plain<'n>(
        tags: impl IntoIterator<Item = (&'n str, String)>,
        turns: Vec<DocTurn>,
        result: GameResult,
    ) -> Doc {
        let headers = (tags.into_iter())
            .map(|(name, value)| DocHeader::Tag {
                name: name.to_owned(),
                value,
            })
            .collect();
        Doc {
            headers,
            nags: Vec::new(),
            comments: Vec::new(),
            turns,
            result,
            trailing: Vec::new(),
        }
    }

    /// The game in canonical layout, as `seega fmt` writes it ([`write_game`] with the default
    /// options).
    ///
    /// ```
    /// use seega::notation::GameResult;
    /// use seega::notation::writer::Doc;
    ///
    /// assert_eq!(Doc::plain([], vec![], GameResult::Unknown).text(), "*\n");
    /// ```
    pub fn text(&self) -> String {
        let mut out = String::new();
        write_game(self, &WriteOptions::default(), &mut out);
        out
    }
}

/// The text of a turn token: `c2,d4`, `b2-b3xc3-b4`, `--`, with its annotation.
pub fn turn_text(kind: &DocKind, annotation: Option<Annotation>) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(16);
    match kind {
        DocKind::Place(a, b) => {
            let _ = write!(s, "{a},{b}");
        }
        DocKind::Pass => s.push_str("--"),
        DocKind::Move(from, steps) => {
            let _ = write!(s, "{from}");
            for (to, caps) in steps {
                let _ = write!(s, "-{to}");
                for c in caps {
                    let _ = write!(s, "x{c}");
                }
            }
        }
    }
    if let Some(a) = annotation {
        s.push_str(a.as_str());
    }
    s
}

/// Whether `name` can be written as a tag's name: letters, digits and `_`, at least one.
///
/// ```
/// use seega::notation::writer::is_tag_name;
///
/// assert!(is_tag_name("Event") && is_tag_name("Ludii_End2"));
/// assert!(!is_tag_name("") && !is_tag_name("Bad name") && !is_tag_name("É"));
/// ```
pub fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && (name.bytes()).all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A tag value with `\` and `"` escaped.
pub(crate) fn escape_tag_value(value: &str) -> String {
    let mut s = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        if c == '"' || c == '\\' {
            s.push('\\');
        }
        s.push(c);
    }
    s
}

/// A comment as written: `{text}`, or `;text` to the end of its line.
pub(crate) fn comment_text(c: &DocComment) -> String {
    if c.line {
        format!(";{}", c.text)
    } else {
        format!("{{{}}}", c.text)
    }
}

/// The rank of a tag name in canonical order.
fn tag_rank(name: &str) -> usize {
    TAG_ORDER
        .iter()
        .position(|t| *t == name)
        .unwrap_or(TAG_ORDER.len())
}

/// Greedy line filling of movetext tokens.
struct Flow<'o> {
    out: &'o mut String,
    width: usize,
    col: usize,
}

impl Flow<'_> {
    fn token(&mut self, tok: &str, ends_line: bool) {
        self.put(tok, ends_line, false);
    }

    /// Writes `tok` after a space, or at the start of a new line when it does not fit in the
    /// width (never when `glued`: it then stays on the line, however long).
    fn put(&mut self, tok: &str, ends_line: bool, glued: bool) {
        let first = tok.split('\n').next().unwrap_or("").chars().count();
        if self.col > 0 {
            if glued || self.col + 1 + first <= self.width {
                self.out.push(' ');
                self.col += 1;
            } else {
                self.out.push('\n');
                self.col = 0;
            }
        }
        self.out.push_str(tok);
        match tok.rfind('\n') {
            Some(i) => self.col = tok[i + 1..].chars().count(),
            None => self.col += first,
        }
        if ends_line {
            self.out.push('\n');
            self.col = 0;
        }
    }

    fn comment(&mut self, c: &DocComment) {
        self.token(&comment_text(c), c.line);
    }

    fn finish(&mut self) {
        if self.col > 0 {
            self.out.push('\n');
            self.col = 0;
        }
    }
}

/// Appends `doc` in canonical layout to `out`, ending with a newline.
pub fn write_game(doc: &Doc, opts: &WriteOptions, out: &mut String) {
    write_game_numbered(doc, opts, None, out);
}

/// The move numbers of `game` as written: each with the index of the turn it stands before
/// (the number of turns for one after the last turn), for [`write_game_numbered`].
pub(crate) fn numbers_of(game: &Game<'_>) -> Vec<(usize, String)> {
    let mut turns = 0;
    let mut numbers = Vec::new();
    for el in &game.moves {
        match el {
            Element::Number(n) => {
                let dots = if n.second { "..." } else { "." };
                numbers.push((turns, format!("{}{dots}", n.number)));
            }
            Element::Turn(_) => turns += 1,
            _ => {}
        }
    }
    numbers
}

/// [`write_game`], with the move numbers `numbers` (from [`numbers_of`]) instead of `N.` before
/// every odd turn when they are given: so that numbers that announce other turns than they stand
/// before are kept as evidence.
pub(crate) fn write_game_numbered(
    doc: &Doc,
    opts: &WriteOptions,
    numbers: Option<&[(usize, String)]>,
    out: &mut String,
) {
    // Each tag with the comments that followed it; comments before any tag stay first.
    let mut lead: Vec<&DocComment> = Vec::new();
    let mut groups: Vec<(&str, &str, Vec<&DocComment>)> = Vec::new();
    for h in &doc.headers {
        match h {
            DocHeader::Tag { name, value } => groups.push((name, value, Vec::new())),
            DocHeader::Comment(c) => match groups.last_mut() {
                Some(g) => g.2.push(c),
                None => lead.push(c),
            },
        }
    }
    if opts.reorder_tags {
        groups.sort_by_key(|g| tag_rank(g.0));
    }
    for c in &lead {
        out.push_str(&comment_text(c));
        out.push('\n');
    }
    for (name, value, comments) in &groups {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        out.push_str(&escape_tag_value(value));
        out.push_str("\"]\n");
        for c in comments {
            out.push_str(&comment_text(c));
            out.push('\n');
        }
    }
    if !doc.headers.is_empty() {
        out.push('\n');
    }
    let mut flow = Flow {
        out,
        width: opts.width.max(1),
        col: 0,
    };
    for n in &doc.nags {
        flow.token(&format!("${n}"), false);
    }
    for c in &doc.comments {
        flow.comment(c);
    }
    let mut kept = numbers.unwrap_or_default().iter().peekable();
    let mut after_variation = false;
    for (i, t) in doc.turns.iter().enumerate() {
        match numbers {
            // The referee's count of turns, defined below the notation (`crate::numbering`) so
            // that the writer numbers as the referee does without importing the engine.
            None => {
                if let Some(n) = move_number(turn_number(i), after_variation) {
                    flow.token(&n, false);
                }
            }
            Some(_) => {
                while let Some((_, n)) = kept.next_if(|(at, _)| *at <= i) {
                    flow.token(n, false);
                }
            }
        }
        flow.token(&turn_text(&t.kind, t.annotation), false);
        for n in &t.nags {
            flow.token(&format!("${n}"), false);
        }
        for c in &t.comments {
            flow.comment(c);
        }
        for v in &t.variations {
            let mut toks = Vec::new();
            variation_tokens(v, turn_number(i), &mut toks);
            for (tok, ends_line) in &toks {
                flow.token(tok, *ends_line);
            }
        }
        after_variation = !t.variations.is_empty();
    }
    for (_, n) in kept {
        flow.token(n, false);
    }
    flow.token(doc.result.as_str(), false);
    // Trailing comments stay on the result's line, where they are the game's own (N2); after a
    // `;` comment, which ends the line, they no longer can.
    let mut on_line = true;
    for c in &doc.trailing {
        flow.put(&comment_text(c), c.line, on_line);
        on_line &= !c.line;
    }
    flow.finish();
}

/// The move number written before turn `turn`: `N.` before a first turn, `N...` before a
/// second one only where the turn before it is not just before (at a variation's start, after
/// a variation).
fn move_number(turn: u64, after_break: bool) -> Option<String> {
    match move_number_of_turn(turn) {
        (n, false) => Some(format!("{n}.")),
        (n, true) if after_break => Some(format!("{n}...")),
        _ => None,
    }
}

/// Pushes the tokens of the variation `line`, whose first turn is turn `first`, to `toks`
/// (each with whether it ends its line): `(` glued to its first token and `)` to its last,
/// unless that is a `;` comment, which runs to its line's end.
fn variation_tokens(line: &DocLine, first: u64, toks: &mut Vec<(String, bool)>) {
    let start = toks.len();
    for n in &line.nags {
        toks.push((format!("${n}"), false));
    }
    for c in &line.comments {
        toks.push((comment_text(c), c.line));
    }
    let mut after_break = true;
    for (k, t) in line.turns.iter().enumerate() {
        let turn = first + k as u64;
        if let Some(n) = move_number(turn, after_break) {
            toks.push((n, false));
        }
        toks.push((turn_text(&t.kind, t.annotation), false));
        for n in &t.nags {
            toks.push((format!("${n}"), false));
        }
        for c in &t.comments {
            toks.push((comment_text(c), c.line));
        }
        for v in &t.variations {
            variation_tokens(v, turn, toks);
        }
        after_break = !t.variations.is_empty();
    }
    if let Some(r) = line.result {
        toks.push((r.as_str().to_owned(), false));
    }
    match toks.get_mut(start) {
        Some((first, _)) => first.insert(0, '('),
        None => toks.push(("(".to_owned(), false)),
    }
    match toks.last_mut() {
        Some((last, false)) => last.push(')'),
        _ => toks.push((")".to_owned(), false)),
    }
}

/// Appends a game to an archive being written: a blank line before every game but the first.
pub fn push_game_text(archive: &mut String, game_text: &str) {
    if !archive.is_empty() {
        archive.push('\n');
    }
    archive.push_str(game_text);
    if !game_text.ends_with('\n') {
        archive.push('\n');
    }
}

mod read;
pub(crate) use read::doc_kind_with;
#[cfg(test)]
mod tests;
