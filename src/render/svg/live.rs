//! The diagram of [`super::svg`] as a live board for the replay page: the same ground, grid,
//! centre, coordinates, highlights, crosses, path and pieces, drawn once for a board size with
//! every square's highlight, cross and piece present, for the page's script to show or hide.
//!
//! Each square's ground is a `rect` with `data-square` (`c3`), to which the page adds
//! `data-piece` (`b`, `w` or empty); its highlight is the class `t` (last turn) or `x` (captured) on it. The crosses and
//! pieces are in the same order as the squares, which is [`Size::squares`]'s.

use std::fmt::Write;

use super::{Arrow, BOARD, CAPTURED, CELL, CROSS, Frame, INK, MARGIN, PAPER, PATH, TOUCHED};
use crate::engine::{Size, Square};

/// The live board of `size`, an `svg` element (no XML declaration) for an HTML page.
pub fn live_board(size: Size) -> String {
    let f = Frame::new(u32::from(size.get()), &[]);
    let (width, height) = (f.width, f.height);
    let n = size.get();
    let mut s = String::with_capacity(16_384);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="diagram" viewBox="0 0 {width} {height}" role="img" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = writeln!(
        s,
        "<style>.sq{{fill:transparent}}.sq.t{{fill:{TOUCHED}}}.sq.x{{fill:{CAPTURED}}}.cr,.pc,.from,.arrow{{display:none}}.cr.on,.pc.b,.pc.w,.from.on,.arrow.on{{display:inline}}.pc{{stroke-width:2}}.pc.b{{fill:#262626;stroke:#000000}}.pc.w{{fill:#fbfbf8;stroke:#3a3a3a}}.from{{fill:{PATH};stroke:none}}.from.ring{{fill:none;stroke:{PATH}}}</style>"
    );
    let _ = writeln!(
        s,
        r#"<defs><marker id="head{n}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0 0L10 5L0 10z" fill="{PATH}"/></marker><path id="cross{n}" d="M14 14l{d} {d}M14 {}l{d} -{d}" stroke="{CROSS}" stroke-width="4" stroke-linecap="round"/></defs>"#,
        CELL - 14,
        d = CELL - 28
    );
    let _ = writeln!(
        s,
        r#"<rect width="{width}" height="{height}" fill="{PAPER}"/>"#
    );
    let (cx, cy) = (f.left + f.board / 2, f.top + f.board / 2);
    let _ = writeln!(s, r#"<g class="turn" data-cx="{cx}" data-cy="{cy}">"#);
    ground(&mut s, &f, size);
    for sq in size.squares() {
        let (x, y) = f.at(sq);
        let _ = writeln!(s, r##"<use class="cr" href="#cross{n}" x="{x}" y="{y}"/>"##);
    }
    let _ = writeln!(
        s,
        r#"<circle class="from" cx="0" cy="0" r="5" stroke-width="3"/>"#
    );
    let _ = writeln!(
        s,
        r#"<path class="arrow" d="M0 0" stroke="{PATH}" stroke-width="4" fill="none" stroke-linejoin="round" stroke-linecap="round" marker-end="url(#head{n})"/>"#
    );
    let r = CELL / 2 - 7;
    for sq in size.squares() {
        let (x, y) = f.at(sq);
        let _ = writeln!(
            s,
            r#"<circle class="pc" cx="{}" cy="{}" r="{r}"/>"#,
            x + CELL / 2,
            y + CELL / 2,
        );
    }
    s.push_str("</g>\n");
    coordinates(&mut s, &f);
    s.push_str("</svg>\n");
    s
}

/// The board's ground, every square's `rect` (in [`Size::squares`]'s order), the grid and the
/// centre's cross.
fn ground(s: &mut String, f: &Frame, size: Size) {
    let (left, top, board) = (f.left, f.top, f.board);
    let _ = writeln!(
        s,
        r#"<rect x="{left}" y="{top}" width="{board}" height="{board}" fill="{BOARD}"/>"#
    );
    for sq in size.squares() {
        let (x, y) = f.at(sq);
        let _ = writeln!(
            s,
            r#"<rect class="sq" data-square="{sq}" x="{x}" y="{y}" width="{CELL}" height="{CELL}"/>"#
        );
    }
    super::lines(s, f, size.centre());
}

/// The files' letters and the ranks' numbers, each with its index (`data-file`, `data-rank`)
/// so that the page can write them the other way round when the board is flipped.
fn coordinates(s: &mut String, f: &Frame) {
    for i in 0..f.n {
        let file = char::from(b'a' + i as u8);
        let _ = writeln!(
            s,
            r#"<text data-file="{i}" x="{}" y="{}" text-anchor="middle" font-size="13" fill="{INK}">{file}</text>"#,
            f.left + i * CELL + CELL / 2,
            f.top + f.board + 18
        );
        let _ = writeln!(
            s,
            r#"<text data-rank="{i}" x="{}" y="{}" text-anchor="middle" font-size="13" fill="{INK}">{}</text>"#,
            f.left - MARGIN / 2,
            f.top + (f.n - 1 - i) * CELL + CELL / 2 + 5,
            i + 1
        );
    }
}

/// The path arrow of a turn on the live board of `size`, as the page draws it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiveArrow {
    /// The path data of the arrow.
    pub d: String,
    /// The centre of the square the piece started from.
    pub start: (i64, i64),
    /// The radius of the mark on the start: a dot on an empty square, a ring around a piece
    /// that came back.
    pub radius: u32,
    /// Whether the mark is a ring (not filled).
    pub ring: bool,
}

/// The arrow along a moving piece's `path` (start first) on the live board of `size`, where
/// [`super::svg`] would draw it; `None` when there is no path.
pub fn live_arrow(size: Size, path: &[Square]) -> Option<LiveArrow> {
    let f = Frame::new(u32::from(size.get()), &[]);
    let a = Arrow::of(path, &|sq| f.at(sq))?;
    Some(LiveArrow {
        d: a.d,
        start: a.start,
        radius: if a.returned { CELL / 2 - 3 } else { 5 },
        ring: a.returned,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Ruleset;
    use crate::render::svg::{Highlight, svg};

    #[test]
    fn every_square_has_its_parts_in_board_order() {
        for size in [Size::FIVE, Size::SEVEN, Size::NINE] {
            let n = usize::from(size.get());
            let b = live_board(size);
            assert_eq!(b.matches("<rect class=\"sq\" data-square=").count(), n * n);
            assert_eq!(b.matches("<circle class=\"pc\"").count(), n * n);
            assert_eq!(b.matches("<use class=\"cr\"").count(), n * n);
            let names: Vec<&str> = b
                .split("data-square=\"")
                .skip(1)
                .map(|s| &s[..s.find('"').unwrap()])
                .collect();
            let order: Vec<String> = size.squares().map(|s| s.to_string()).collect();
            assert_eq!(names, order, "{size}");
            assert_eq!(b.matches("data-file=").count(), n);
            assert_eq!(b.matches("data-rank=").count(), n);
        }
    }

    #[test]
    fn the_arrow_is_the_diagrams() {
        let rules = Ruleset::preset("standard").expect("preset");
        let pos = crate::GameState::from_setup(rules, &"5/5/5/5/5 b 12/12".parse().expect("setup"))
            .expect("position")
            .position()
            .clone();
        let paths = [
            vec![Square::new(2, 1), Square::new(2, 2)],
            vec![Square::new(1, 1), Square::new(1, 2), Square::new(1, 1)],
            vec![Square::new(0, 0), Square::new(1, 0), Square::new(1, 1)],
        ];
        for path in paths {
            let h = Highlight {
                path: path.clone(),
                ..Highlight::default()
            };
            let drawn = svg(&pos, &h, None);
            let a = live_arrow(Size::FIVE, &path).expect("an arrow");
            assert!(drawn.contains(&format!("d=\"{}\"", a.d)), "{drawn}");
            let mark = format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"",
                a.start.0, a.start.1, a.radius
            );
            assert!(drawn.contains(&mark), "{mark} in {drawn}");
            assert_eq!(a.ring, path.first() == path.last());
        }
        assert_eq!(live_arrow(Size::FIVE, &[Square::new(0, 0)]), None);
    }
}
