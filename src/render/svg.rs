//! SVG diagrams of a position: the board with coordinates, the centre marked, the squares of the
//! last turn and the pieces it captured highlighted — the "Diagramme" of the rule books.
//!
//! The highlight is the one the text boards draw ([`Highlight`]); a movement also gets an arrow
//! along the moving piece's path.
//!
//! ```
//! use seega::render::svg::{Highlight, svg};
//!
//! let start = seega::Position::new(seega::Ruleset::parse("standard").unwrap());
//! let drawn = svg(&start, &Highlight::default(), Some("the empty board"));
//! assert!(drawn.starts_with("<svg") && drawn.trim_end().ends_with("</svg>"));
//! assert!(drawn.contains(">the empty board</text>")); // the title, above the board
//! ```

use std::fmt::Write;

use crate::GameState;
use crate::engine::{Color, Outcome, Position, Square};

pub use super::highlight::Highlight;

mod live;
pub(crate) use live::{live_arrow, live_board};

/// Side of a square, in pixels.
const CELL: u32 = 48;
/// Space around the board, for the coordinates.
const MARGIN: u32 = 28;
/// Height of one title line.
const TITLE_LINE: u32 = 20;
/// Font size of the title.
const TITLE_FONT: u32 = 14;

const PAPER: &str = "#fdf8ee";
const BOARD: &str = "#e8d2a0";
const LINE: &str = "#6b4f2a";
const INK: &str = "#3b2f22";
const TOUCHED: &str = "#f6d55c";
const CAPTURED: &str = "#f1a9a0";
const CROSS: &str = "#c0392b";
const PATH: &str = "#1f6fb2";

/// Draws `pos` as a standalone SVG document, with an optional `title` above the board (one line
/// of text per line of `title`).
pub fn svg(pos: &Position, highlight: &Highlight, title: Option<&str>) -> String {
    let lines: Vec<String> = title
        .map(|t| t.lines().map(clean).collect())
        .unwrap_or_default();
    let f = Frame::new(u32::from(pos.size().get()), &lines);
    let mut s = String::with_capacity(8192);
    let (width, height) = (f.width, f.height);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{width}" height="{height}" fill="{PAPER}"/>"#
    );
    for (i, line) in lines.iter().enumerate() {
        let weight = if i == 0 { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="{TITLE_FONT}"{weight} fill="{INK}">{}</text>"#,
            width / 2,
            20 + TITLE_LINE * i as u32,
            escape(line)
        );
    }
    board(&mut s, &f, pos, highlight);
    coordinates(&mut s, &f);
    crosses(&mut s, &f, pos, highlight);
    path_arrow(&mut s, &highlight.path, &|sq| f.at(sq));
    pieces(&mut s, &f, pos);
    s.push_str("</svg>\n");
    s
}

/// The title `seega show --svg` writes above a diagram: what is drawn (`game 3 (Kofi vs
/// Mona)`, `position 5/5/5/5/5 b`), on a second line which of its positions (`after turn 4
/// (white): c2,d4`) unless `when` is empty, then how the game ended when `outcome` says it
/// did, else the side to move when `when` is empty.
///
/// ```
/// use seega::render::svg::title;
/// use seega::{Color, GameState, Ruleset};
///
/// assert_eq!(title("position 5/5/5/5/5 b", "", Color::Black, None), "position 5/5/5/5/5 b\nblack to move");
/// assert_eq!(title("game 2", "start", Color::Black, None), "game 2\nstart");
/// let rules = Ruleset::parse("standard").unwrap();
/// let over = GameState::from_setup(rules, &"5/1b3/5/1b3/5 w".parse().unwrap()).unwrap();
/// assert_eq!(
///     title("game 2", "after turn 9 (black): b1-b2xb3", Color::White, over.outcome()),
///     "game 2\nafter turn 9 (black): b1-b2xb3\ngame over: capture-all, black wins (0-1)"
/// );
/// ```
pub fn title(what: &str, when: &str, to_move: Color, outcome: Option<Outcome>) -> String {
    let mut title = what.to_owned();
    if !when.is_empty() {
        title.push('\n');
        title.push_str(when);
    }
    match outcome {
        Some(o) => {
            title.push('\n');
            title.push_str(&game_over(o));
        }
        None if when.is_empty() => title.push_str(&format!("\n{to_move} to move")),
        None => {}
    }
    title
}

/// How a game ended, in words: `capture-all, white wins`, `blocked, draw`.
///
/// ```
/// use seega::{Outcome, Termination, render::svg::{game_over, outcome_words}};
///
/// let rules = seega::Ruleset::parse("standard").unwrap();
/// let end = seega::GameState::from_setup(rules, &"5/1b3/5/1b3/5 w".parse().unwrap()).unwrap();
/// let o: Outcome = end.outcome().unwrap();
/// assert_eq!(outcome_words(o), "capture-all, black wins");
/// assert_eq!(game_over(o), "game over: capture-all, black wins (0-1)");
/// ```
pub fn outcome_words(o: Outcome) -> String {
    let who = o.winner.map_or("draw".to_owned(), |c| format!("{c} wins"));
    format!("{}, {who}", o.termination.as_str())
}

/// The line that says a game is over: `game over: capture-all, white wins (1-0)`, as
/// `seega show` writes it under a diagram and the replay page on a game's last position.
pub fn game_over(o: Outcome) -> String {
    format!("game over: {} ({})", outcome_words(o), o.result_token())
}

/// The diagram of a game in progress as `seega show --svg --position STRING` draws it for its
/// position string (`STRING` written as [`GameState::setup`] writes it): the board titled
/// `position STRING`, then the side to move or how the game ended. The Python package's
/// `_repr_svg_` (a notebook's drawing of a position) is this diagram.
///
/// ```
/// let state = seega::GameState::new(seega::Ruleset::parse("standard").unwrap());
/// let drawn = seega::render::svg::position_svg(&state);
/// assert!(drawn.contains(">position 5/5/5/5/5 b 12/12</text>"));
/// assert!(drawn.contains(">black to move</text>"));
/// assert!(!drawn.contains("<circle")); // no piece on the board yet
/// ```
pub fn position_svg(state: &GameState) -> String {
    let pos = state.position();
    let what = format!("position {}", state.setup());
    let title = title(&what, "", pos.to_move(), state.outcome());
    svg(pos, &Highlight::default(), Some(&title))
}

/// Where a diagram's parts go: the board of `n` squares a side, below the title's lines.
struct Frame {
    n: u32,
    left: u32,
    top: u32,
    board: u32,
    width: u32,
    height: u32,
}

impl Frame {
    fn new(n: u32, lines: &[String]) -> Frame {
        let top = MARGIN + TITLE_LINE * lines.len() as u32;
        let board = n * CELL;
        // A rough width of the title (sans-serif averages about 0.6 em), so that it is never cut.
        let title_width = lines
            .iter()
            .map(|l| l.chars().count() as u32 * TITLE_FONT * 6 / 10)
            .max()
            .unwrap_or(0);
        let width = (2 * MARGIN + board).max(title_width + 2 * 12);
        Frame {
            n,
            left: (width - board) / 2,
            top,
            board,
            width,
            height: top + board + MARGIN,
        }
    }

    /// The top left corner of `sq`.
    fn at(&self, sq: Square) -> (u32, u32) {
        let x = self.left + u32::from(sq.file()) * CELL;
        let y = self.top + (self.n - 1 - u32::from(sq.rank())) * CELL;
        (x, y)
    }
}

/// The board: its ground, the highlighted squares, the grid and the centre's cross.
fn board(s: &mut String, f: &Frame, pos: &Position, highlight: &Highlight) {
    let (left, top, board) = (f.left, f.top, f.board);
    let _ = writeln!(
        s,
        r#"<rect x="{left}" y="{top}" width="{board}" height="{board}" fill="{BOARD}"/>"#
    );
    for sq in pos.size().squares() {
        let fill = if highlight.captured.contains(sq) {
            CAPTURED
        } else if highlight.touched.contains(sq) {
            TOUCHED
        } else {
            continue;
        };
        let (x, y) = f.at(sq);
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#
        );
    }
    lines(s, f, pos.size().centre());
}

/// The grid: lines between squares, a heavier frame and the centre's cross.
fn lines(s: &mut String, f: &Frame, centre: Square) {
    let (left, top, board) = (f.left, f.top, f.board);
    let mut grid = String::new();
    for i in 1..f.n {
        let _ = write!(
            grid,
            "M{} {top}v{board}M{left} {}h{board}",
            left + i * CELL,
            top + i * CELL
        );
    }
    let _ = writeln!(
        s,
        r#"<path d="{grid}" stroke="{LINE}" stroke-width="1" fill="none"/>"#
    );
    let _ = writeln!(
        s,
        r#"<rect x="{left}" y="{top}" width="{board}" height="{board}" fill="none" stroke="{LINE}" stroke-width="2.5"/>"#
    );
    // the centre's mark: a cross from corner to corner of its square
    let (cx, cy) = f.at(centre);
    let _ = writeln!(
        s,
        r#"<path d="M{} {}l{d} {d}M{} {}l{d} -{d}" stroke="{LINE}" stroke-width="1.5"/>"#,
        cx + 5,
        cy + 5,
        cx + 5,
        cy + CELL - 5,
        d = CELL - 10
    );
}

/// The files' letters under the board and the ranks' numbers left of it.
fn coordinates(s: &mut String, f: &Frame) {
    for i in 0..f.n {
        let file = char::from(b'a' + i as u8);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="13" fill="{INK}">{file}</text>"#,
            f.left + i * CELL + CELL / 2,
            f.top + f.board + 18
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle" font-size="13" fill="{INK}">{}</text>"#,
            f.left - MARGIN / 2,
            f.top + (f.n - 1 - i) * CELL + CELL / 2 + 5,
            i + 1
        );
    }
}

/// A cross on each captured square left empty.
fn crosses(s: &mut String, f: &Frame, pos: &Position, highlight: &Highlight) {
    for sq in highlight.captured.squares() {
        if pos.piece_at(sq).is_some() {
            continue;
        }
        let (x, y) = f.at(sq);
        let _ = writeln!(
            s,
            r#"<path d="M{} {}l{d} {d}M{} {}l{d} -{d}" stroke="{CROSS}" stroke-width="4" stroke-linecap="round"/>"#,
            x + 14,
            y + 14,
            x + 14,
            y + CELL - 14,
            d = CELL - 28
        );
    }
}

/// The pieces, black then white.
fn pieces(s: &mut String, f: &Frame, pos: &Position) {
    let r = CELL / 2 - 7;
    for color in [Color::Black, Color::White] {
        let (fill, stroke) = match color {
            Color::Black => ("#262626", "#000000"),
            Color::White => ("#fbfbf8", "#3a3a3a"),
        };
        for sq in pos.pieces(color).squares() {
            let (x, y) = f.at(sq);
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{r}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#,
                x + CELL / 2,
                y + CELL / 2,
            );
        }
    }
}

/// An arrow from the centre of the path's first square through each step, stopping at the edge
/// of the piece on the last square; a dot marks the start, or a ring when the piece came back.
fn path_arrow(s: &mut String, path: &[Square], at: &dyn Fn(Square) -> (u32, u32)) {
    let Some(arrow) = Arrow::of(path, at) else {
        return;
    };
    let (sx, sy) = arrow.start;
    let _ = writeln!(
        s,
        r#"<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="{PATH}"/></marker></defs>"#
    );
    // a dot on the empty start, or a ring around the piece when the path came back to it
    let mark = if arrow.returned {
        format!(
            r#"r="{}" fill="none" stroke="{PATH}" stroke-width="3""#,
            CELL / 2 - 3
        )
    } else {
        format!(r#"r="5" fill="{PATH}""#)
    };
    let _ = writeln!(s, r#"<circle cx="{sx}" cy="{sy}" {mark}/>"#);
    let _ = writeln!(
        s,
        r#"<path d="{}" stroke="{PATH}" stroke-width="4" fill="none" stroke-linejoin="round" stroke-linecap="round" marker-end="url(#head)"/>"#,
        arrow.d
    );
}

/// The arrow of a moving piece's path, in a diagram's pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Arrow {
    /// The SVG path data through the centres of the squares, ending at the last piece's edge.
    pub d: String,
    /// The centre of the first square, rounded.
    pub start: (i64, i64),
    /// Whether the piece came back to the square it started from.
    pub returned: bool,
}

impl Arrow {
    /// The arrow along `path` (start first), with `at` the top left corner of a square; `None`
    /// for a path of fewer than two squares.
    pub(crate) fn of(path: &[Square], at: &dyn Fn(Square) -> (u32, u32)) -> Option<Arrow> {
        let [first, .., last] = path else { return None };
        let centre = |sq: Square| {
            let (x, y) = at(sq);
            (f64::from(x + CELL / 2), f64::from(y + CELL / 2))
        };
        let mut points: Vec<(f64, f64)> = path.iter().map(|&sq| centre(sq)).collect();
        // stop short of the piece that now stands on the last square
        let (lx, ly) = centre(*last);
        let (px, py) = points[points.len() - 2];
        let (dx, dy) = (lx - px, ly - py);
        let len = (dx * dx + dy * dy).sqrt();
        if len > 0.0 {
            let back = f64::from(CELL / 2 - 5);
            if let Some(end) = points.last_mut() {
                *end = (lx - dx / len * back, ly - dy / len * back);
            }
        }
        let mut d = String::new();
        for (i, (x, y)) in points.iter().enumerate() {
            let _ = write!(d, "{}{x:.0} {y:.0}", if i == 0 { "M" } else { "L" });
        }
        let (sx, sy) = centre(*first);
        Some(Arrow {
            d,
            start: (sx.round() as i64, sy.round() as i64),
            returned: first == last,
        })
    }
}

/// A title line without the characters XML forbids (control characters become U+FFFD).
fn clean(line: &str) -> String {
    line.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}

fn escape(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Bitboard, Ruleset};

    #[test]
    fn draws_every_piece_square_label_and_path() {
        let rules = Ruleset::preset("standard").expect("preset");
        let pos =
            crate::GameState::from_setup(rules, &"w1w2/5/bbbbb/5/5 w".parse().expect("setup"))
                .expect("position")
                .position()
                .clone();
        let mut captured = Bitboard::EMPTY;
        captured.insert(Square::new(1, 4));
        let mut touched = Bitboard::EMPTY;
        touched.insert(Square::new(2, 1));
        touched.insert(Square::new(2, 2));
        let h = Highlight {
            touched,
            path: vec![Square::new(2, 1), Square::new(2, 2)],
            captured,
        };
        let out = svg(&pos, &h, Some("turn 1 <b>\nsecond\u{1} line"));
        assert!(out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(
            out.matches("<circle").count(),
            7 + 1,
            "pieces and the path's start"
        );
        assert_eq!(out.matches(&format!("fill=\"{TOUCHED}\"")).count(), 2);
        assert_eq!(out.matches(&format!("fill=\"{CAPTURED}\"")).count(), 1);
        assert_eq!(out.matches("marker-end").count(), 1);
        assert!(out.contains("&lt;b&gt;"));
        assert!(out.contains("second\u{fffd} line"));
        assert!(out.contains(">e</text>") && out.contains(">5</text>"));
        assert!(out.trim_end().ends_with("</svg>"));
        let plain = svg(&pos, &Highlight::default(), None);
        assert_eq!(plain.matches("<circle").count(), 7);
        assert!(!plain.contains("marker"));
    }
}
