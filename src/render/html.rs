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
//! use seega::validate::Options;
//!
//! let text = "[Event \"<Cup>\"]\n\n1. a1,b1 a2,b2 *\n";
//! let game = seega::parse(text).next().unwrap();
//! let verdict = seega::check_game(&game, &Options::default().record(true));
//! let html = page("club night", &[PageGame::new(&game, &verdict, 1)]);
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains("<title>club night</title>"));
//! assert!(!html.contains("<Cup>")); // the tag's text is escaped in the page's data
//! ```

mod data;

pub use data::PageGame;

use crate::engine::Size;
use crate::render::svg::live_board;

const TEMPLATE: &str = include_str!("html/page.html");
const STYLE: &str = include_str!("html/page.css");
const SCRIPT: &str = include_str!("html/page.js");

/// The replay page of `games`, titled `title`.
pub fn page(title: &str, games: &[PageGame]) -> String {
    #[derive(serde::Serialize)]
    struct Data<'a> {
        games: &'a [PageGame],
    }
    let json = crate::render::json_text::to_string(&Data { games })
        .unwrap_or_else(|_| "{\"games\":[]}".into());
    let mut sizes: Vec<u8> = games.iter().map(|g| g.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    let boards: String = sizes
        .into_iter()
        .filter_map(Size::new)
        .map(|s| {
            format!(
                "<template data-size=\"{}\">{}</template>\n",
                s.get(),
                live_board(s)
            )
        })
        .collect();
    let title = html_text(title);
    let parts: [(&str, &str); 5] = [
        ("{{title}}", &title),
        ("{{style}}", STYLE),
        ("{{boards}}", &boards),
        ("{{data}}", &script_json(&json)),
        ("{{script}}", SCRIPT),
    ];
    fill(TEMPLATE, &parts)
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
    fn fill_does_not_search_what_it_put_in() {
        let out = fill("<{{a}}|{{b}}|{{c}}>", &[("{{a}}", "{{b}}"), ("{{b}}", "B")]);
        assert_eq!(out, "<{{b}}|B|{{c}}>");
    }
}
