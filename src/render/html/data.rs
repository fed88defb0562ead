//! What the replay page shows of a game, computed by the engine when the page is written: the
//! JSON the page's script reads (see `spec/replay.md`). The script only displays it.

use serde::Serialize;

use crate::engine::referee::result_of;
use crate::engine::{Color, Position, Size, Square, move_number_of_turn};
use crate::notation::{Element, Game, Header};
use crate::render::highlight::Highlight;
use crate::render::svg::live_arrow;
use crate::validate::{Players, Verdict, played_text};

/// One game of the page.
#[derive(Debug, Clone, Serialize)]
pub struct PageGame {
    /// Its number in the archive, from 1.
    pub n: usize,
    /// The Black tag, or empty.
    pub black: String,
    /// The White tag, or empty.
    pub white: String,
    /// The Event tag, or empty.
    pub event: String,
    /// The Site, Date and Round tags that are written, joined by `, `.
    pub details: String,
    /// The result: the result token, else the Result tag, else `*`.
    pub result: String,
    /// How it ended: `capture-all, white wins`, `unfinished` or `invalid`.
    pub ending: String,
    /// The side of its board.
    pub size: u8,
    /// For an invalid game, its first error, worded; else empty.
    pub error: String,
    /// Its legal turns, in order.
    pub turns: Vec<PageTurn>,
    /// Its positions: the start, then the one after each legal turn (empty when the game
    /// cannot be set up).
    pub pos: Vec<PagePosition>,
}

/// One legal turn.
#[derive(Debug, Clone, Serialize)]
pub struct PageTurn {
    /// Its number, from 1.
    pub n: u64,
    /// The side that played it: `b` or `w`.
    pub side: char,
    /// Its notation, the captures found by the engine written out.
    pub t: String,
    /// The move number written before it in the list (`3.` before a pair's first turn, `3...`
    /// before a list that opens on a pair's second), or empty: the referee's numbering.
    pub m: String,
}

/// One position and how it was reached.
#[derive(Debug, Clone, Serialize)]
pub struct PagePosition {
    /// The position string.
    pub p: String,
    /// The board: `b`, `w` or `.` for each square, rank by rank from a1.
    pub b: String,
    /// `placement` or `movement`.
    pub phase: &'static str,
    /// `black` or `white`: the side to move.
    pub mv: &'static str,
    /// Pieces on the board: black, white.
    pub on: [u32; 2],
    /// Pieces in hand: black, white.
    pub hand: [u8; 2],
    /// The comments written after the turn that led here (for the start: the header's and
    /// those before the first turn).
    pub c: Vec<String>,
    /// The squares the turn touched, as indices in the board's order.
    pub t: Vec<u8>,
    /// The squares it captured on, as indices.
    pub x: Vec<u8>,
    /// The arrow along a moving piece's path.
    pub a: Option<PageArrow>,
    /// On the position that ended the game: how it ended (`game over: capture-all, white
    /// wins (1-0)`); else empty.
    pub end: String,
}

/// A path arrow in the live board's pixels.
#[derive(Debug, Clone, Serialize)]
pub struct PageArrow {
    /// The path data.
    pub d: String,
    /// The centre of the start: x, y.
    pub s: [i64; 2],
    /// The radius of the mark on the start.
    pub r: u32,
    /// Whether that mark is a ring around a piece that came back.
    pub ring: bool,
}

impl PageGame {
    /// The page's view of game `n` (from 1), checked into `verdict` with
    /// [`crate::validate::Options::record`].
    pub fn new(game: &Game<'_>, verdict: &Verdict, n: usize) -> PageGame {
        let players = Players::of(game);
        let tag = |name: &str| {
            game.tag(name)
                .map(|t| t.value.as_ref())
                .filter(|v| !v.is_empty() && *v != "?")
        };
        let details: Vec<&str> = ["Site", "Date", "Round"]
            .into_iter()
            .filter_map(tag)
            .collect();
        let token = game.result.map(|r| r.result.as_str());
        let result = result_of(verdict.outcome, token, tag("Result")).written;
        let error = verdict
            .problems
            .iter()
            .find(|p| p.is_error())
            .map(|p| format!("the game is invalid ({}): {}", p.code, p.message()));
        let ending = match (&error, verdict.outcome) {
            (Some(_), _) => "invalid".to_owned(),
            (None, Some(o)) => outcome_words(o),
            (None, None) => "unfinished".to_owned(),
        };
        let size = verdict
            .start
            .as_ref()
            .map_or(Size::FIVE, |p| p.size())
            .get();
        let turns = (1..=verdict.played.len())
            .map(|k| {
                let p = &verdict.played[k - 1];
                let (pair, second) = move_number_of_turn(p.number);
                PageTurn {
                    n: p.number,
                    side: p.side.char(),
                    t: played_text(game, verdict, k),
                    m: match (second, k) {
                        (false, _) => format!("{pair}."),
                        (true, 1) => format!("{pair}..."),
                        (true, _) => String::new(),
                    },
                }
            })
            .collect();
        PageGame {
            n,
            black: players.black.unwrap_or_default(),
            white: players.white.unwrap_or_default(),
            event: players.event.unwrap_or_default(),
            details: details.join(", "),
            result: result.to_owned(),
            ending,
            size,
            error: error.unwrap_or_default(),
            turns,
            pos: positions(game, verdict),
        }
    }
}

/// `capture-all, white wins` or `blocked, draw`.
fn outcome_words(o: crate::engine::Outcome) -> String {
    let who = o.winner.map_or("draw".to_owned(), |c| format!("{c} wins"));
    format!("{}, {who}", o.termination.as_str())
}

/// Every position of a checked game, start first; none when it cannot be set up.
fn positions(game: &Game<'_>, verdict: &Verdict) -> Vec<PagePosition> {
    let Some(start) = &verdict.start else {
        return Vec::new();
    };
    let comments = comments_by_position(game, verdict);
    let n = verdict.played.len();
    let mut out = Vec::with_capacity(n + 1);
    for (k, c) in comments.into_iter().enumerate() {
        let pos = if k == 0 {
            start
        } else {
            &verdict.played[k - 1].after
        };
        let hl = Highlight::of_played(game, verdict, k);
        let end = match verdict.outcome {
            Some(o) if k == n => format!("game over: {} ({})", outcome_words(o), o.result_token()),
            _ => String::new(),
        };
        out.push(position(pos, &hl, c, end));
    }
    out
}

/// The comments after each position's turn: for the start, the header's and the movetext's
/// before the first turn; none after the last legal turn's (the turns there were not played).
fn comments_by_position(game: &Game<'_>, verdict: &Verdict) -> Vec<Vec<String>> {
    let n = verdict.played.len();
    let mut by = vec![Vec::new(); n + 1];
    for h in &game.headers {
        if let Header::Comment(c) = h {
            by[0].push(c.text.trim().to_owned());
        }
    }
    let mut at = Some(0);
    let mut next = 0;
    for (i, e) in game.moves.iter().enumerate() {
        match e {
            Element::Turn(_) => {
                at = match verdict.played.get(next) {
                    Some(p) if p.element == i => {
                        next += 1;
                        Some(next)
                    }
                    _ => None,
                };
            }
            Element::Comment(c) => {
                if let Some(k) = at {
                    by[k].push(c.text.trim().to_owned());
                }
            }
            _ => {}
        }
    }
    if let Some(k) = at {
        for c in &game.trailing {
            by[k].push(c.text.trim().to_owned());
        }
    }
    by
}

/// One position as the page shows it.
fn position(pos: &Position, hl: &Highlight, c: Vec<String>, end: String) -> PagePosition {
    let size = pos.size();
    let n = size.get();
    let index = |sq: Square| sq.rank() * n + sq.file();
    let b = size
        .squares()
        .map(|sq| pos.piece_at(sq).map_or('.', Color::char))
        .collect();
    let indices = |set: crate::engine::Bitboard| set.squares().map(index).collect();
    PagePosition {
        p: pos.to_setup_string(),
        b,
        phase: pos.phase().as_str(),
        mv: pos.to_move().name(),
        on: [
            pos.pieces(Color::Black).count(),
            pos.pieces(Color::White).count(),
        ],
        hand: [pos.in_hand(Color::Black), pos.in_hand(Color::White)],
        c,
        t: indices(hl.touched),
        x: indices(hl.captured),
        a: live_arrow(size, &hl.path).map(|a| PageArrow {
            d: a.d,
            s: [a.start.0, a.start.1],
            r: a.radius,
            ring: a.ring,
        }),
        end,
    }
}
