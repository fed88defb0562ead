//! The replay page: one self-contained HTML file holding every position of some games, with
//! the board of [`super::svg`] made live by a small script (`html/page.js`). No external
//! resource: the style, the script, the boards and the data are all in the file, and its
//! content security policy forbids loading anything else.
//!
//! Everything from a file reaches the page escaped: the title as HTML text
//! (`html_text`), the games as JSON inside a `<script>` element (`script_json`), which
//! the script puts on the page with `textContent` only. The data and the attributes the page
//! sets are specified in `spec/replay.md`.
//!
//! ```
//! use seega::render::html::{PageGame, page};
//!
//! let text = "[Event \"<Cup>\"]\n\n1. a1,b1 a2,b2 *\n";
//! let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
//! let object = game.object(&seega::Options::default(), "cup.sgn");
//! let html = page("club night", &[PageGame::from_object(&object, 1)]);
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains("<title>club night</title>"));
//! assert!(!html.contains("<Cup>")); // the tag's text is escaped in the page's data
//! # Ok::<(), std::io::Error>(())
//! ```

mod data;

pub use data::{PageGame, PageLine, PageStart, PageTurn};

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};

use crate::engine::{Size, Square};
use crate::render::svg::{live_arrow, live_board};

const TEMPLATE: &str = include_str!("html/page.html");
const STYLE: &str = include_str!("html/page.css");
const REPLAY: &str = include_str!("html/replay.js");
const SCRIPT: &str = include_str!("html/page.js");

/// The replay page of `games`, titled `title`, whole in memory ([`PageWriter`] writes one as
/// its games come).
pub fn page(title: &str, games: &[PageGame]) -> String {
    let mut w = PageWriter::new(Vec::new(), title);
    // Writing into a `Vec` cannot fail.
    for g in games {
        let _ = w.game(g);
    }
    String::from_utf8(w.finish().unwrap_or_default()).unwrap_or_default()
}

/// The title `seega show --html` gives the page of an archive: `Seega games: NAME` with the
/// archive's file name (not its directory), or `Seega games` for standard input (`None`).
///
/// ```
/// use std::path::Path;
/// use seega::render::html::archive_title;
///
/// assert_eq!(archive_title(Some(Path::new("club/cup.sgn"))), "Seega games: cup.sgn");
/// assert_eq!(archive_title(None), "Seega games");
/// ```
pub fn archive_title(path: Option<&std::path::Path>) -> String {
    match path {
        Some(p) => {
            let file = p.file_name().unwrap_or(p.as_os_str()).to_string_lossy();
            format!("Seega games: {file}")
        }
        None => "Seega games".to_owned(),
    }
}

/// `page` (a whole page, as [`page`] writes it) inside an `<iframe>` of the given height in
/// pixels, as the document of its `srcdoc` attribute: for a host page such as a notebook's
/// output, whose style and script the page's stay apart from. The frame is sandboxed to run
/// the page's script only; the page still loads nothing.
///
/// ```
/// use seega::render::html::{embedded, page};
///
/// let frame = embedded(&page("a & b", &[]), 600);
/// assert!(frame.starts_with("<iframe ") && frame.ends_with("</iframe>"));
/// assert!(frame.contains("&lt;title&gt;a &amp;amp; b&lt;/title&gt;")); // escaped twice
/// assert!(!frame.contains("<script"));
/// ```
pub fn embedded(page: &str, height: u32) -> String {
    format!(
        "<iframe sandbox=\"allow-scripts\" title=\"Seega replay\" style=\"width: 100%; height: {height}px; border: 0\" srcdoc=\"{}\"></iframe>",
        html_text(page)
    )
}

/// Writes a replay page as its games come: the head with the first game, each game's data as
/// it is given, and at the end the boards, the arrows and the script. What it holds at any time
/// is one game's data and the set of the paths its games' pieces moved along.
///
/// ```
/// use seega::render::html::{PageGame, PageWriter};
///
/// let mut w = PageWriter::new(Vec::new(), "club night");
/// for game in seega::GameReader::new(&b"1. a1,b1 a2,b2 *\n\n1. c5,d1 *\n"[..]) {
///     let object = game?.object(&seega::Options::default(), "club.sgn");
///     w.game(&PageGame::from_object(&object, w.games() + 1))?;
/// }
/// assert_eq!(w.games(), 2);
/// let html = String::from_utf8(w.finish()?).unwrap();
/// assert_eq!(html.matches("<script type=\"application/json\" class=\"seega-game\">").count(), 2);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct PageWriter<W: Write> {
    out: W,
    title: String,
    games: usize,
    sizes: BTreeSet<u8>,
    paths: BTreeSet<(u8, Vec<u8>)>,
    buf: Vec<u8>,
}

impl<W: Write> PageWriter<W> {
    /// A page titled `title`, written to `out`; nothing is written before the first game.
    pub fn new(out: W, title: &str) -> Self {
        PageWriter {
            out,
            title: html_text(title),
            games: 0,
            sizes: BTreeSet::new(),
            paths: BTreeSet::new(),
            buf: Vec::new(),
        }
    }

    /// The number of games written so far.
    pub fn games(&self) -> usize {
        self.games
    }

    /// Writes `game` (and the page's head before the first).
    ///
    /// # Errors
    ///
    /// What writing to the output gave.
    pub fn game(&mut self, game: &PageGame) -> io::Result<()> {
        if self.games == 0 {
            self.head()?;
        }
        self.games += 1;
        self.sizes.insert(game.size);
        self.paths_of(game.size, &game.turns);
        self.buf.clear();
        crate::render::json_text::to_writer(&mut self.buf, game).map_err(io::Error::other)?;
        self.out
            .write_all(b"<script type=\"application/json\" class=\"seega-game\">")?;
        let json = std::str::from_utf8(&self.buf).map_err(io::Error::other)?;
        self.out.write_all(script_json(json).as_bytes())?;
        self.out.write_all(b"</script>\n")
    }

    /// Writes the rest of the page (the head too, for a page without a game) and gives back
    /// the output.
    ///
    /// # Errors
    ///
    /// What writing to the output gave.
    pub fn finish(mut self) -> io::Result<W> {
        if self.games == 0 {
            self.head()?;
        }
        let boards: String = (self.sizes.iter().copied())
            .filter_map(Size::new)
            .map(|s| {
                let (n, board) = (s.get(), live_board(s));
                format!("<template data-size=\"{n}\">{board}</template>\n")
            })
            .collect();
        let arrows = arrows(&self.paths);
        let tail = template_part(false);
        let parts: [(&str, &str); 4] = [
            ("{{boards}}", &boards),
            ("{{arrows}}", &script_json(&arrows)),
            ("{{replay}}", &script_text(REPLAY)),
            ("{{script}}", &script_text(SCRIPT)),
        ];
        self.out.write_all(fill(tail, &parts).as_bytes())?;
        self.out.flush()?;
        Ok(self.out)
    }

    /// Keeps the paths the pieces of `turns` and of their variations moved along.
    fn paths_of(&mut self, size: u8, turns: &[PageTurn]) {
        for t in turns {
            if t.m.len() > 1 && !self.paths.contains(&(size, t.m.clone())) {
                self.paths.insert((size, t.m.clone()));
            }
            for line in &t.v {
                self.paths_of(size, &line.turns);
            }
        }
    }

    fn head(&mut self) -> io::Result<()> {
        let parts: [(&str, &str); 2] = [("{{title}}", &self.title), ("{{style}}", STYLE)];
        let head = fill(template_part(true), &parts);
        self.out.write_all(head.as_bytes())
    }
}

/// The template before the games (`head`), or after them.
fn template_part(head: bool) -> &'static str {
    let (before, after) = TEMPLATE.split_once("{{games}}").unwrap_or((TEMPLATE, ""));
    if head { before } else { after }
}

/// The path arrows of the page, as JSON: for each board size, each path (its squares' indices
/// joined by `,`) and its arrow.
fn arrows(paths: &BTreeSet<(u8, Vec<u8>)>) -> String {
    #[derive(serde::Serialize)]
    struct PageArrow {
        d: String,
        s: [i64; 2],
        r: u32,
        ring: bool,
    }
    let mut by_size: BTreeMap<u8, BTreeMap<String, PageArrow>> = BTreeMap::new();
    for (size, path) in paths {
        let Some(s) = Size::new(*size) else { continue };
        let n = s.get();
        let squares: Vec<Square> = path.iter().map(|&i| Square::new(i % n, i / n)).collect();
        if let Some(a) = live_arrow(s, &squares) {
            let key = path.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
            let arrow = PageArrow {
                d: a.d,
                s: [a.start.0, a.start.1],
                r: a.radius,
                ring: a.ring,
            };
            by_size.entry(*size).or_default().insert(key, arrow);
        }
    }
    crate::render::json_text::to_string(&by_size).unwrap_or_else(|_| "{}".into())
}

/// `template` with each `{{name}}` replaced by its text; the texts put in are not searched
/// again, so a text that holds `{{name}}` stays as it is.
fn fill(template: &str, parts: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + parts.iter().map(|p| p.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        match parts.iter().find(|(name, _)| tail.starts_with(name)) {
            Some((name, text)) => {
                out.push_str(text);
                rest = &tail[name.len()..];
            }
            None => {
                out.push_str("{{");
                rest = &tail[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The page's script as the page holds it: `js` without its comment lines, blank lines and
/// indentation (the sources keep them for their readers). The scripts hold no template
/// literal, block comment or string that spans lines, so that this changes no statement.
fn script_text(js: &str) -> String {
    let mut out = String::with_capacity(js.len());
    for line in js.lines().map(str::trim_start) {
        if !line.is_empty() && !line.starts_with("//") {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// `t` as HTML text or a quoted attribute's value: `&`, `<`, `>`, `"` and `'` escaped, and
/// control characters (which HTML forbids) replaced by U+FFFD.
pub(crate) fn html_text(t: &str) -> String {
    let mut s = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => s.push('\u{fffd}'),
            c => s.push(c),
        }
    }
    s
}

/// JSON text made safe inside an HTML `<script>` element: `<`, `>` and `&` written as JSON's
/// `\u` escapes, so that no `</script>`, `<!--` or `-->` can appear, and U+2028 and U+2029
/// too. The JSON reads back the same.
pub(crate) fn script_json(json: &str) -> String {
    let mut s = String::with_capacity(json.len());
    for c in json.chars() {
        match c {
            '<' => s.push_str("\\u003c"),
            '>' => s.push_str("\\u003e"),
            '&' => s.push_str("\\u0026"),
            '\u{2028}' => s.push_str("\\u2028"),
            '\u{2029}' => s.push_str("\\u2029"),
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_for_html_and_for_script() {
        let cases = [
            (
                "</script><!--x-->",
                "\\u003c/script\\u003e\\u003c!--x--\\u003e",
            ),
            ("a&b\u{2028}", "a\\u0026b\\u2028"),
            ("plain", "plain"),
        ];
        for (raw, want) in cases {
            assert_eq!(script_json(raw), want);
            let html = html_text(raw);
            assert!(!html.contains('<') && !html.contains('>'), "{html}");
        }
        assert_eq!(html_text("\"'\u{1}"), "&quot;&#39;\u{fffd}");
    }

    #[test]
    fn the_script_loses_its_comments_and_indentation_only() {
        let js = "// a note\nvar a = 1; // kept\n\n  if (a) {\n    a = '//';\n  }\n";
        assert_eq!(
            script_text(js),
            "var a = 1; // kept\nif (a) {\na = '//';\n}\n"
        );
        for line in [REPLAY, SCRIPT].iter().flat_map(|s| s.lines()) {
            let code = !line.trim_start().starts_with("//");
            let spans = line.contains('`') || line.contains("/*") || line.ends_with('\\');
            assert!(
                !(code && spans),
                "a literal or comment that may span lines: {line}"
            );
        }
    }

    #[test]
    fn fill_does_not_search_what_it_put_in() {
        let out = fill("<{{a}}|{{b}}|{{c}}>", &[("{{a}}", "{{b}}"), ("{{b}}", "B")]);
        assert_eq!(out, "<{{b}}|B|{{c}}>");
    }
}
