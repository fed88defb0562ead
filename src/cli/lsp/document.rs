//! An open document: its text, its lines, and each game's problems, kept up to date edit by
//! edit by checking again only the games an edit touches.
//!
//! The games are checked as `check` checks a chunk of a file ([`check_chunk`]): the problems of
//! a stretch of whole games, and whether the stretch ends where a reading of the whole text would
//! end a game too. An edit checks again the games it touches, with the game before them and the
//! one after; when the stretch does not end at a true boundary (a comment left open, a result
//! taken away), it takes more games after it, until it does or the text ends. The games outside
//! the stretch keep their problems: their text is the same, and so is their reading.

use lsp_types::{Range, TextDocumentContentChangeEvent};
use seega::archive::stream::check_chunk;
use seega::notation::{Game, Scanner, Span};
use seega::validate::{Options, Problem};

use super::position::{Lines, Units};

/// One game of a document and its problems.
#[derive(Debug, Clone)]
pub struct Checked {
    /// Where its stretch of the text starts: the game's first item, or 0 for the first game
    /// (the stretch runs to the next game's start, or to the end).
    pub start: usize,
    /// Its problems, their spans counted from `start` (their game numbers are not the file's:
    /// a game's number is its place in the document).
    pub problems: Vec<Problem>,
}

/// An open document.
#[derive(Debug, Clone)]
pub struct Document {
    /// The version the client last gave.
    pub version: i32,
    text: String,
    lines: Lines,
    /// The games, in order.
    games: Vec<Checked>,
    /// The problems of a text of no game (bytes outside any game), spans from 0.
    outside: Vec<Problem>,
    /// How many games the last change checked (for tests and the benchmark).
    pub last_checked: usize,
}

impl Document {
    /// A document of `text`, checked under `opts`.
    pub fn new(text: String, version: i32, opts: &Options) -> Document {
        let mut doc = Document {
            version,
            lines: Lines::new(&text),
            text,
            games: Vec::new(),
            outside: Vec::new(),
            last_checked: 0,
        };
        doc.check_all(opts);
        doc
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The lines.
    pub fn lines(&self) -> &Lines {
        &self.lines
    }

    /// Each game's stretch start and problems.
    pub fn games(&self) -> &[Checked] {
        &self.games
    }

    /// The problems that belong to no game.
    pub fn outside(&self) -> &[Problem] {
        &self.outside
    }

    /// The stretch of game `k` (from 0).
    pub fn stretch(&self, k: usize) -> Span {
        let end = self.games.get(k + 1).map_or(self.text.len(), |g| g.start);
        Span::new(self.games.get(k).map_or(0, |g| g.start), end)
    }

    /// The game whose stretch holds byte `offset`, from 0; `None` in a text of no game.
    pub fn game_at(&self, offset: usize) -> Option<usize> {
        let k = self.games.partition_point(|g| g.start <= offset);
        k.checked_sub(1)
    }

    /// Reads game `k` (from 0) from its stretch, whose start is `start`: its spans are counted
    /// from `start`.
    pub fn read_game(&self, k: usize) -> Option<(usize, Game<'_>)> {
        let stretch = self.stretch(k);
        let game = Scanner::new(stretch.of(&self.text), &[]).next()?;
        Some((stretch.start, game))
    }

    /// Checks every game again (new rules).
    pub fn check_all(&mut self, opts: &Options) {
        let (games, outside) = check_stretch(&self.text, 0, opts);
        self.last_checked = games.len();
        self.games = games;
        self.outside = outside;
    }

    /// Applies the client's `changes` in order, each game touched checked again under `opts`.
    pub fn change(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        units: Units,
        opts: &Options,
    ) {
        self.version = version;
        self.last_checked = 0;
        for change in changes {
            match change.range {
                Some(range) => self.edit(range, &change.text, units, opts),
                None => {
                    self.text = change.text;
                    self.lines = Lines::new(&self.text);
                    self.check_all(opts);
                }
            }
        }
    }

    /// Replaces `range` with `new`, then checks the games it touched.
    fn edit(&mut self, range: Range, new: &str, units: Units, opts: &Options) {
        let a = self.lines.offset(&self.text, range.start, units);
        let b = self.lines.offset(&self.text, range.end, units).max(a);
        self.text.replace_range(a..b, new);
        self.lines = Lines::new(&self.text);
        let delta = new.len() as isize - (b - a) as isize;
        if self.games.is_empty() {
            self.check_all(opts);
            return;
        }
        // The games touched, and one on each side.
        let touched = |o: usize| self.games.partition_point(|g| g.start <= o).max(1) - 1;
        let first = touched(a).saturating_sub(1);
        let mut end = touched(b) + 2;
        let mut more = 1;
        loop {
            let from = self.games[first].start;
            let to = self
                .games
                .get(end)
                .map(|g| g.start.saturating_add_signed(delta));
            let to = to.unwrap_or(self.text.len());
            let (checked, outside, boundary) = check_within(&self.text, from, to, opts);
            if boundary || to >= self.text.len() {
                if checked.is_empty() && first == 0 && end >= self.games.len() {
                    self.games = Vec::new();
                    self.outside = outside;
                    self.last_checked = 0;
                    return;
                }
                self.last_checked += checked.len();
                let after = end.min(self.games.len());
                for g in &mut self.games[after..] {
                    g.start = g.start.saturating_add_signed(delta);
                }
                self.games.splice(first..after, checked);
                if let Some(g) = self.games.first_mut() {
                    g.start = 0;
                }
                return;
            }
            end += more;
            more *= 2;
        }
    }
}

/// Checks the games of `text[from..to]` as `check` checks a chunk: each game with its stretch
/// start in `text` and its problems (spans from its start), the problems outside any game, and
/// whether the stretch ends where a reading of the whole text would end a game.
fn check_within(
    text: &str,
    from: usize,
    to: usize,
    opts: &Options,
) -> (Vec<Checked>, Vec<Problem>, bool) {
    let part = &text[from..to];
    let chunk = check_chunk(part.as_bytes(), opts);
    let mut games: Vec<Checked> = Scanner::new(part, &[])
        .enumerate()
        .map(|(i, g)| Checked {
            start: from + if i == 0 { 0 } else { g.span.start },
            problems: Vec::new(),
        })
        .collect();
    let mut outside = Vec::new();
    for mut p in chunk.problems {
        match p.game.checked_sub(1).and_then(|k| games.get_mut(k)) {
            Some(g) => {
                move_spans(&mut p, g.start - from);
                g.problems.push(p);
            }
            None => outside.push(p),
        }
    }
    (games, outside, chunk.boundary)
}

/// [`check_within`] of a whole text, from `from`.
fn check_stretch(text: &str, from: usize, opts: &Options) -> (Vec<Checked>, Vec<Problem>) {
    let (games, outside, _) = check_within(text, from, text.len(), opts);
    (games, outside)
}

/// Counts `p`'s spans from `by` bytes further on.
fn move_spans(p: &mut Problem, by: usize) {
    let back = |s: Span| Span::new(s.start.saturating_sub(by), s.end.saturating_sub(by));
    p.span = back(p.span);
    if let Some((s, _)) = &mut p.also {
        *s = back(*s);
    }
    if let Some(f) = &mut p.fix {
        f.span = back(f.span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Position;

    fn problems(doc: &Document) -> Vec<(usize, usize, String)> {
        let mut all = Vec::new();
        for (k, g) in doc.games().iter().enumerate() {
            for p in &g.problems {
                all.push((k + 1, g.start + p.span.start, p.code.as_str().to_owned()));
            }
        }
        all
    }

    fn edit(doc: &mut Document, at: usize, remove: usize, new: &str) {
        let lines = doc.lines().clone();
        let start = lines.position(doc.text(), at, Units::Utf8);
        let end = lines.position(doc.text(), at + remove, Units::Utf8);
        let change = TextDocumentContentChangeEvent {
            range: Some(Range::new(start, end)),
            range_length: None,
            text: new.to_owned(),
        };
        doc.change(
            vec![change],
            doc.version + 1,
            Units::Utf8,
            &Options::default(),
        );
    }

    #[test]
    fn an_edit_checks_again_the_games_it_touches_and_agrees_with_a_whole_check() {
        let opts = Options::default();
        let games: Vec<String> = (0..40)
            .map(|i| format!("[Round \"{i}\"]\n\n1. c2,d4 c4,b3 *\n"))
            .collect();
        let mut doc = Document::new(games.join("\n"), 1, &opts);
        assert_eq!(doc.games().len(), 40);
        assert!(problems(&doc).is_empty());
        let turn = doc.text().find("c2,d4").unwrap() + 200;
        let turn = turn + doc.text()[turn..].find("c2,d4").unwrap();
        edit(&mut doc, turn, 5, "c3,d4");
        assert!(doc.last_checked <= 4, "{}", doc.last_checked);
        let whole = Document::new(doc.text().to_owned(), 1, &opts);
        assert_eq!(problems(&doc), problems(&whole));
        assert_eq!(problems(&doc)[0].2, "seega::place::centre");
        // A comment left open swallows every game after it: checked to the end.
        edit(&mut doc, turn, 0, "{");
        let whole = Document::new(doc.text().to_owned(), 1, &opts);
        assert_eq!(doc.games().len(), whole.games().len());
        assert_eq!(problems(&doc), problems(&whole));
        edit(&mut doc, turn, 1, "");
        assert_eq!(doc.games().len(), 40);
        // Everything taken away, then put back.
        let len = doc.text().len();
        edit(&mut doc, 0, len, "");
        assert!(doc.games().is_empty());
        edit(&mut doc, 0, 0, "1. c3,d4 *");
        assert_eq!(problems(&doc), [(1, 3, "seega::place::centre".to_owned())]);
        let _ = Position::default();
    }
}
