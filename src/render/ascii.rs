//! Boards as text: coordinates on both axes, the centre marked, the last turn's squares and
//! its captures highlighted, then side to move, material, phase and outcome.
//!
//! Each square is three characters: a bracket, the content, a bracket. `[b]` marks a square of
//! the last turn (placed, started from, stepped on), `(x)` a piece it captured, `+` the empty
//! centre; a piece on the centre is drawn `+b+` unless the last turn highlights it.
//!
//! ```
//! use seega::render::ascii::{Glyphs, Highlight, board, summary};
//! use seega::validate::Options;
//!
//! let text = "[Position \"5/1b3/1w3/5/1b3 b\"]\n\n1. b1-b2xb3 0-1\n";
//! let game = seega::parse(text).next().unwrap();
//! let verdict = seega::check_game(&game, &Options::default().record(true));
//! let last = verdict.position.as_ref().unwrap();
//! let highlight = Highlight::of_played(&game, &verdict, 1);
//! let drawn = board(last, &highlight, Glyphs { unicode: false });
//! let expected = [
//!     "    a  b  c  d  e",
//!     " 5  .  .  .  .  .  5",
//!     " 4  .  b  .  .  .  4",
//!     " 3  . (x) +  .  .  3",
//!     " 2  . [b] .  .  .  2",
//!     " 1  . [.] .  .  .  1",
//!     "    a  b  c  d  e",
//! ];
//! assert_eq!(drawn.lines().collect::<Vec<_>>(), expected);
//! assert!(summary(last, verdict.outcome).starts_with("game over: capture-all, black wins (0-1)"));
//! ```

use crate::engine::{Color, Outcome, Position, Square};

pub use super::highlight::Highlight;

/// How to draw pieces.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Glyphs {
    /// `●`/`○`/`·` instead of `b`/`w`/`.`.
    pub unicode: bool,
}

impl Glyphs {
    fn piece(self, c: Color) -> char {
        match (c, self.unicode) {
            (Color::Black, false) => 'b',
            (Color::White, false) => 'w',
            (Color::Black, true) => '●',
            (Color::White, true) => '○',
        }
    }

    fn empty(self) -> char {
        if self.unicode { '·' } else { '.' }
    }
}

fn files_line(n: u8) -> String {
    let mut s = String::from("   ");
    for f in 0..n {
        s.push(' ');
        s.push((b'a' + f) as char);
        s.push(' ');
    }
    s.trim_end().to_owned()
}

/// The board of `pos` with highlights, one line per rank from the top, files below and above.
pub fn board(pos: &Position, hl: &Highlight, glyphs: Glyphs) -> String {
    let n = pos.size().get();
    let centre = pos.size().centre();
    let mut out = files_line(n);
    out.push('\n');
    for rank in (0..n).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..n {
            let sq = Square::new(file, rank);
            let (l, r) = if hl.captured.contains(sq) {
                ('(', ')')
            } else if hl.touched.contains(sq) {
                ('[', ']')
            } else if sq == centre && pos.piece_at(sq).is_some() {
                ('+', '+')
            } else {
                (' ', ' ')
            };
            let c = match pos.piece_at(sq) {
                Some(color) => glyphs.piece(color),
                None if hl.captured.contains(sq) => 'x',
                None if sq == centre => '+',
                None => glyphs.empty(),
            };
            out.push(l);
            out.push(c);
            out.push(r);
        }
        out.push_str(&format!(" {}\n", rank + 1));
    }
    out.push_str(&files_line(n));
    out.push('\n');
    out
}

/// The lines under a board: side to move and phase (or the outcome, when the game is over),
/// material.
pub fn summary(pos: &Position, outcome: Option<Outcome>) -> String {
    let mut out = String::new();
    if outcome.is_none() {
        out.push_str(&format!(
            "{} to move, {} phase\n",
            pos.to_move(),
            pos.phase()
        ));
    }
    if let Some(o) = outcome {
        let who = match o.winner {
            Some(c) => format!("{c} wins"),
            None => "draw".to_owned(),
        };
        out.push_str(&format!(
            "game over: {}, {who} ({})\n",
            o.termination.as_str(),
            o.result_token()
        ));
    }
    for c in [Color::Black, Color::White] {
        out.push_str(&format!(
            "{c}: {} on board, {} in hand\n",
            pos.pieces(c).count(),
            pos.in_hand(c)
        ));
    }
    out.push_str(&format!(
        "centre {} (+); [ ] last turn, (x) captured\n",
        pos.size().centre()
    ));
    out
}
