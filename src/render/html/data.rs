//! What the replay page shows of a game, decided by the engine when the page is written: the
//! JSON the page's script reads (see `spec/replay.md`). A game carries its start and each
//! legal turn's recorded effect (the squares placed on, the moving piece's path, the squares
//! captured on), which the script applies one after the other; a turn whose position the effect
//! does not give exactly carries its board or hands too, so that every position the page shows
//! is the referee's.

use serde::Serialize;

use crate::engine::{Bitboard, Color, Setup, Size, Square};
use crate::render::game_json::{
    GameObject, HeaderItem, LineObject, OutcomeObject, Replayed, TurnObject,
};
use crate::render::svg::{game_over, outcome_words};
use crate::{GameState, Ply};

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
    /// Its start, or `None` when it cannot be set up (then it has no turn).
    pub start: Option<PageStart>,
    /// The number of its first turn (1 unless a Position tag says otherwise).
    pub first: u64,
    /// The side to move at each position, the start first: `b` or `w`, one more than its
    /// turns.
    pub mv: String,
    /// Its legal turns, in order: turn `k` (from 1) leads from position `k - 1` to `k`.
    pub turns: Vec<PageTurn>,
    /// The comments, each with the position it follows: 0 for the header's and those before
    /// the first turn, `k` for those after turn `k`.
    pub c: Vec<(usize, String)>,
    /// On a game that ended by rule, how (`game over: capture-all, white wins (1-0)`), shown
    /// on its last position; else empty.
    pub end: String,
}

/// The start of a game.
#[derive(Debug, Clone, Serialize)]
pub struct PageStart {
    /// The board: `b`, `w` or `.` for each square, rank by rank from a1.
    pub b: String,
    /// The pieces in hand: black, white.
    pub hand: [u8; 2],
    /// Whether the side to move owes an opening (the position string's `--`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub o: bool,
    /// The turns without a capture counted toward a limit.
    #[serde(skip_serializing_if = "is_zero")]
    pub q: u16,
}

/// One legal turn and its effect.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PageTurn {
    /// Its notation, the captures found by the engine written out.
    pub t: String,
    /// The squares a placement placed on, as indices in the board's order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub p: Vec<u8>,
    /// The moving piece's path, start first, as indices.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub m: Vec<u8>,
    /// The squares it captured on, as indices.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub x: Vec<u8>,
    /// The board after it, when the effect alone does not give it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub b: Option<String>,
    /// The hands after it, when the effect alone does not give them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<[u8; 2]>,
    /// Whether the side to move after it owes an opening.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub o: bool,
    /// The turns without a capture counted toward a limit after it.
    #[serde(skip_serializing_if = "is_zero")]
    pub q: u16,
    /// Its variations, alternatives to it played from the position before it, in the order
    /// written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub v: Vec<PageLine>,
}

/// A variation of a turn, as the page walks it: its legal turns and their effects, played
/// from the position before the turn it is an alternative to.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PageLine {
    /// Its line path (`14.1`, `14.1/16.2`).
    pub path: String,
    /// The side to move at each of its positions, the one before its first turn first: one
    /// more than its turns.
    pub mv: String,
    /// Its legal turns, in order, each with its own variations.
    pub turns: Vec<PageTurn>,
    /// Its comments, each with the turn of the line it follows, from 1 (those before its
    /// first turn with that turn).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub c: Vec<(usize, String)>,
    /// The result written at its end, or empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub result: String,
}

fn is_zero(q: &u16) -> bool {
    *q == 0
}

impl PageGame {
    /// The page's view of game `n` (from 1) of the page, from its game object (the one model
    /// of a game: see [`GameObject`]), replayed on the referee ([`GameObject::replay`]).
    ///
    /// ```
    /// use seega::render::html::PageGame;
    ///
    /// let text = "[Black \"Ama\"]\n\n1. a1,b1 {first} a2,b2 *\n";
    /// let game = seega::GameReader::new(text.as_bytes()).next().unwrap()?;
    /// let page = PageGame::from_object(&game.object(&seega::Options::default(), "a.sgn"), 1);
    /// assert_eq!((page.black.as_str(), page.turns.len(), page.mv.as_str()), ("Ama", 2, "bwb"));
    /// assert_eq!(page.c, [(1, "first".to_owned())]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn from_object(game: &GameObject, n: usize) -> PageGame {
        let tag = |name: &str| game.tag(name).filter(|v| !v.is_empty() && *v != "?");
        let details: Vec<&str> = ["Site", "Date", "Round"]
            .into_iter()
            .filter_map(tag)
            .collect();
        let result = (game.result.as_deref())
            .or_else(|| tag("Result"))
            .unwrap_or("*");
        let error = (game.errors.iter())
            .find(|d| d.severity == "error")
            .map(|d| format!("the game is invalid ({}): {}", d.code, d.message));
        let outcome = game.outcome.as_ref().and_then(OutcomeObject::outcome);
        let ending = match (&error, outcome) {
            (Some(_), _) => "invalid".to_owned(),
            (None, Some(o)) => outcome_words(o),
            (None, None) => "unfinished".to_owned(),
        };
        let replayed = game.replay();
        let states: Vec<Setup> = (replayed.iter())
            .flat_map(|r| std::iter::once(&r.start).chain(r.turns.iter().map(|(_, _, s)| s)))
            .map(GameState::setup)
            .collect();
        let mut turns: Vec<PageTurn> = (replayed.iter().flat_map(|r| &r.turns))
            .zip(states.windows(2))
            .map(|((turn, ply, _), w)| PageTurn::new(turn, ply, &w[0], &w[1]))
            .collect();
        if let Some(r) = &replayed {
            variations(&mut turns, &r.start, &r.turns);
        }
        let end = match outcome {
            Some(o) if !states.is_empty() => game_over(o),
            _ => String::new(),
        };
        let player = |name: &str| tag(name).unwrap_or_default().to_owned();
        PageGame {
            n,
            black: player("Black"),
            white: player("White"),
            event: player("Event"),
            details: details.join(", "),
            result: result.to_owned(),
            ending,
            size: states.first().map_or(Size::FIVE, |s| s.size).get(),
            error: error.unwrap_or_default(),
            start: states.first().map(|s| PageStart {
                b: board(s),
                hand: s.in_hand,
                o: s.opening_owed,
                q: s.quiet_turns,
            }),
            first: replayed.map_or(1, |r| r.start.turns_played() + 1),
            mv: states.iter().map(|s| s.to_move.char()).collect(),
            c: comments_by_position(game, turns.len()),
            turns,
            end,
        }
    }
}

impl PageTurn {
    /// The legal turn `turn`, which the referee played as `ply`, leading from `before` to
    /// `after`.
    fn new(turn: &TurnObject, ply: &Ply, before: &Setup, after: &Setup) -> Self {
        let n = before.size.get();
        let index = |sq: Square| sq.rank() * n + sq.file();
        let (placed, path) = match ply {
            Ply::Place(a, b) => (
                Bitboard::from_square(*a) | Bitboard::from_square(*b),
                Vec::new(),
            ),
            Ply::Move { .. } => (Bitboard::default(), ply.squares()),
            Ply::Pass => (Bitboard::default(), Vec::new()),
        };
        let captured = (ply.captures().into_iter())
            .fold(Bitboard::default(), |b, sq| b | Bitboard::from_square(sq));
        let (pieces, hands) = apply(before, placed, &path, captured);
        PageTurn {
            t: turn.notation() + turn.annotation.as_deref().unwrap_or_default(),
            p: placed.squares().map(index).collect(),
            m: path.iter().map(|&sq| index(sq)).collect(),
            x: captured.squares().map(index).collect(),
            b: (pieces != after.pieces).then(|| board(after)),
            hand: (hands != after.in_hand).then_some(after.in_hand),
            o: after.opening_owed,
            q: after.quiet_turns,
            v: Vec::new(),
        }
    }
}

/// Gives each of the page's turns `pages` the variations of its turn of `played` (a line's
/// legal turns as replayed from `from`), each played from the state before that turn.
fn variations(pages: &mut [PageTurn], from: &GameState, played: &[(&TurnObject, Ply, GameState)]) {
    for (i, (page, (turn, _, _))) in pages.iter_mut().zip(played).enumerate() {
        if turn.variations.is_empty() {
            continue;
        }
        let before = i.checked_sub(1).map_or(from, |j| &played[j].2);
        page.v = (turn.variations.iter())
            .map(|line| page_line(line, before))
            .collect();
    }
}

/// The variation `line`, played from `before`.
fn page_line(line: &LineObject, before: &GameState) -> PageLine {
    let played = Replayed::line(before, &line.turns);
    let states: Vec<Setup> = std::iter::once(before.setup())
        .chain(played.iter().map(|(_, _, s)| s.setup()))
        .collect();
    let mut turns: Vec<PageTurn> = (played.iter().zip(states.windows(2)))
        .map(|((turn, ply, _), w)| PageTurn::new(turn, ply, &w[0], &w[1]))
        .collect();
    variations(&mut turns, before, &played);
    let trim = |c: &crate::render::game_json::CommentObject| c.text.trim().to_owned();
    let mut c: Vec<(usize, String)> = line.comments.iter().map(|x| (1, trim(x))).collect();
    if played.is_empty() {
        c.clear();
    }
    c.extend(
        (played.iter().enumerate())
            .flat_map(|(j, (t, _, _))| t.comments.iter().map(move |x| (j + 1, trim(x)))),
    );
    PageLine {
        path: line.path.clone(),
        mv: states.iter().map(|s| s.to_move.char()).collect(),
        turns,
        c,
        result: line.result.clone().unwrap_or_default(),
    }
}

/// The pieces and hands after a turn of the side to move at `before` that placed on `placed`,
/// moved along `path` and captured on `captured`, as the page's script applies them: the
/// placed squares get the side's pieces out of its hand, the captured squares are emptied, then
/// the piece on the path's start goes to its end.
fn apply(
    before: &Setup,
    placed: Bitboard,
    path: &[Square],
    captured: Bitboard,
) -> ([Bitboard; 2], [u8; 2]) {
    let (mut pieces, mut hands) = (before.pieces, before.in_hand);
    let side = before.to_move.index();
    pieces[side] |= placed;
    let placed_count = u8::try_from(placed.count()).unwrap_or(u8::MAX);
    hands[side] = hands[side].saturating_sub(placed_count);
    for p in &mut pieces {
        *p = *p & !captured;
    }
    if let ([from, ..], Some(&to)) = (path, path.last()) {
        if let Some(mover) = pieces.iter().position(|p| p.contains(*from)) {
            pieces[mover].remove(*from);
            pieces[mover].insert(to);
        }
    }
    (pieces, hands)
}

/// The board of `s`: `b`, `w` or `.` for each square, rank by rank from a1.
fn board(s: &Setup) -> String {
    s.size
        .squares()
        .map(|sq| {
            [Color::Black, Color::White]
                .into_iter()
                .find(|c| s.pieces[c.index()].contains(sq))
                .map_or('.', Color::char)
        })
        .collect()
}

/// The comments with the position each follows: for the start, the header's and the
/// movetext's before the first turn; none after a turn that is not among the `shown` turns
/// played (the turns there were not played).
fn comments_by_position(game: &GameObject, shown: usize) -> Vec<(usize, String)> {
    let mut by = Vec::new();
    for h in &game.headers {
        if let HeaderItem::Comment { comment, .. } = h {
            by.push((0, comment.trim().to_owned()));
        }
    }
    let mut at = Some(0);
    by.extend(game.comments.iter().map(|c| (0, c.text.trim().to_owned())));
    let mut next = 0;
    for turn in &game.turns {
        at = (turn.legal && next < shown).then(|| {
            next += 1;
            next
        });
        if let Some(k) = at {
            by.extend(turn.comments.iter().map(|c| (k, c.text.trim().to_owned())));
        }
    }
    if let Some(k) = at {
        by.extend(game.trailing.iter().map(|c| (k, c.text.trim().to_owned())));
    }
    by
}

#[cfg(test)]
mod tests;
