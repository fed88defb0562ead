//! SVG diagrams of a position: the board with coordinates, the centre marked, the squares of the
//! last turn and the pieces it captured highlighted — the "Diagramme" of the rule books.

use std::fmt::Write;

use crate::engine::{Bitboard, Color, Position, Square};

/// What to highlight on a diagram.
#[derive(Debug, Clone, Default)]
pub struct Highlight {
    /// The squares the last turn used (placed on, or moved through).
    pub squares: Vec<Square>,
    /// The squares whose pieces the last turn captured.
    pub captured: Bitboard,
}

const CELL: u32 = 48;
const MARGIN: u32 = 28;

/// Draws `pos` as a standalone SVG document, with an optional `title` above the board.
pub fn svg(pos: &Position, highlight: &Highlight, title: Option<&str>) -> String {
    let n = pos.size().get() as u32;
    let top = if title.is_some() { MARGIN + 20 } else { MARGIN };
    let width = 2 * MARGIN + n * CELL;
    let height = top + MARGIN + n * CELL;
    let mut s = String::with_capacity(4096);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#fdf8ee"/>"##
    );
    if let Some(t) = title {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="16" fill="#333">{}</text>"##,
            width / 2,
            MARGIN,
            escape(t)
        );
    }
    let at = |sq: Square| {
        let x = MARGIN + sq.file() as u32 * CELL;
        let y = top + (n - 1 - sq.rank() as u32) * CELL;
        (x, y)
    };
    let _ = writeln!(
        s,
        r##"<rect x="{MARGIN}" y="{top}" width="{}" height="{}" fill="#e9d3a2" stroke="#5a4220" stroke-width="2"/>"##,
        n * CELL,
        n * CELL
    );
    for sq in pos.size().squares() {
        let (x, y) = at(sq);
        let fill = if highlight.squares.contains(&sq) {
            "#f4d03f"
        } else if highlight.captured.contains(sq) {
            "#f5b7b1"
        } else {
            "none"
        };
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#5a4220" stroke-width="1"/>"##
        );
    }
    // the centre: a cross from corner to corner
    let (cx, cy) = at(pos.size().centre());
    let _ = writeln!(
        s,
        r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#8b6b3d" stroke-width="2"/>"##,
        cx + 6,
        cy + 6,
        cx + CELL - 6,
        cy + CELL - 6,
        cx + CELL - 6,
        cy + 6,
        cx + 6,
        cy + CELL - 6
    );
    for i in 0..n {
        let file = (b'a' + i as u8) as char;
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="14" fill="#333">{file}</text>"##,
            MARGIN + i * CELL + CELL / 2,
            top + n * CELL + 20
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="14" fill="#333">{}</text>"##,
            MARGIN / 2,
            top + (n - 1 - i) * CELL + CELL / 2 + 5,
            i + 1
        );
    }
    for sq in highlight.captured.squares() {
        let (x, y) = at(sq);
        let _ = writeln!(
            s,
            r##"<path d="M{} {} L{} {} M{} {} L{} {}" stroke="#c0392b" stroke-width="4"/>"##,
            x + 12,
            y + 12,
            x + CELL - 12,
            y + CELL - 12,
            x + CELL - 12,
            y + 12,
            x + 12,
            y + CELL - 12
        );
    }
    for color in [Color::Black, Color::White] {
        let (fill, stroke) = match color {
            Color::Black => ("#222222", "#000000"),
            Color::White => ("#fafafa", "#333333"),
        };
        for sq in pos.pieces(color).squares() {
            let (x, y) = at(sq);
            let _ = writeln!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="2"/>"#,
                x + CELL / 2,
                y + CELL / 2,
                CELL / 2 - 7
            );
        }
    }
    s.push_str("</svg>\n");
    s
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
    use crate::engine::Ruleset;

    #[test]
    fn draws_every_piece_square_and_label() {
        let rules = Ruleset::preset("standard").expect("preset");
        let pos = Position::from_setup(rules, "w1w2/5/bbbbb/5/5 w").expect("position");
        let mut captured = Bitboard::EMPTY;
        captured.insert(Square::new(1, 4));
        let h = Highlight {
            squares: vec![Square::new(2, 1), Square::new(2, 2)],
            captured,
        };
        let out = svg(&pos, &h, Some("turn 1 <b>"));
        assert!(out.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(out.matches("<circle").count(), 7);
        assert_eq!(out.matches("fill=\"#f4d03f\"").count(), 2);
        assert_eq!(out.matches("fill=\"#f5b7b1\"").count(), 1);
        assert!(out.contains("&lt;b&gt;"));
        assert!(out.contains(">e</text>") && out.contains(">5</text>"));
        assert!(out.trim_end().ends_with("</svg>"));
    }
}
