//! Words for illegal turns: the code, the message and a help sentence, and where to point.

use super::code::Code;
use crate::engine::{Color, IllegalTurn, Phase, Position, Square};
use crate::notation::{Span, Turn, TurnKind};

/// The span of the square `sq` as written in `t`, or the whole turn.
fn square_span(t: &Turn, sq: Square, last: bool) -> Span {
    let mut found = None;
    let mut consider = |at: &crate::notation::SquareAt| {
        if at.square == sq && (found.is_none() || last) {
            found = Some(at.span);
        }
    };
    match &t.kind {
        TurnKind::Place(a, b) => {
            consider(a);
            consider(b);
        }
        TurnKind::Move { from, steps } => {
            consider(from);
            for s in steps {
                consider(&s.to);
            }
        }
        TurnKind::Pass => {}
    }
    found.unwrap_or(t.span)
}

/// Where to point for an illegal turn.
pub(crate) fn span_of(e: &IllegalTurn, t: &Turn, step: Option<usize>) -> Span {
    let the_step = match (&t.kind, step) {
        (TurnKind::Move { steps, .. }, Some(k)) => steps.get(k),
        _ => None,
    };
    let step_at = the_step.map(|s| s.span);
    match *e {
        IllegalTurn::OffBoard(sq) => square_span(t, sq, false),
        IllegalTurn::PlaceSame(sq) => square_span(t, sq, true),
        IllegalTurn::PlaceCentre(sq) | IllegalTurn::PlaceOccupied(sq) => square_span(t, sq, false),
        IllegalTurn::MoveEmpty(sq) | IllegalTurn::MoveEnemy(sq) => square_span(t, sq, false),
        IllegalTurn::MoveDiagonal { .. } | IllegalTurn::MoveFar { .. } => step_at.unwrap_or(t.span),
        IllegalTurn::MoveOccupied(_) => the_step.map_or(t.span, |s| s.to.span),
        IllegalTurn::ChainOn(_) => step_at.map_or(t.span, |s| Span::new(s.start, t.span.end)),
        IllegalTurn::Forced(_) => match step_at {
            Some(s) if step != Some(0) => s,
            _ => t.span,
        },
        IllegalTurn::WrongPhase { .. }
        | IllegalTurn::PassIllegal(_)
        | IllegalTurn::NoOpening(_) => t.span,
    }
}

/// The code of an illegal turn.
pub(crate) fn code_of(e: &IllegalTurn) -> Code {
    match e {
        IllegalTurn::OffBoard(_) => Code::OffBoard,
        IllegalTurn::WrongPhase { .. } => Code::WrongPhase,
        IllegalTurn::PlaceSame(_) => Code::PlaceSame,
        IllegalTurn::PlaceCentre(_) => Code::PlaceCentre,
        IllegalTurn::PlaceOccupied(_) => Code::PlaceOccupied,
        IllegalTurn::MoveEmpty(_) => Code::MoveEmpty,
        IllegalTurn::MoveEnemy(_) => Code::MoveEnemy,
        IllegalTurn::MoveDiagonal { .. } => Code::MoveDiagonal,
        IllegalTurn::MoveFar { .. } => Code::MoveFar,
        IllegalTurn::MoveOccupied(_) => Code::MoveOccupied,
        IllegalTurn::ChainOn(_) => Code::ChainOn,
        IllegalTurn::Forced(_) => Code::Forced,
        IllegalTurn::PassIllegal(_) => Code::PassIllegal,
        IllegalTurn::NoOpening(_) => Code::PassNoOpening,
    }
}

/// The message and help for an illegal turn played from `before`.
pub(crate) fn word_illegal(e: &IllegalTurn, before: &Position, t: &Turn) -> (String, String) {
    let side = before.to_move();
    let n = before.size().get();
    match *e {
        IllegalTurn::OffBoard(sq) => (
            format!("{sq} is off the {n}×{n} board"),
            format!(
                "On this board files run from `a` to `{}` and ranks from 1 to {n}; check the square, or the Rules tag if the game is played on a larger board.",
                (b'a' + n - 1) as char
            ),
        ),
        IllegalTurn::WrongPhase { phase, found } => {
            let help = match phase {
                Phase::Placement => format!(
                    "The placement phase lasts until both hands are empty: {side} still has {} pieces in hand, so this turn must be a placement like `c2,d4`.",
                    before.in_hand(side)
                ),
                Phase::Movement => "Every piece is on the board, so this turn must be a movement like `b2-b3` (or `--` when no step exists).".to_owned(),
            };
            (format!("a {found} turn in the {phase} phase"), help)
        }
        IllegalTurn::PlaceSame(sq) => (
            format!("both pieces are placed on {sq}"),
            "A placement puts its two pieces on two different empty squares.".to_owned(),
        ),
        IllegalTurn::PlaceCentre(sq) => (
            format!("{sq} is the centre, which stays empty while pieces are placed"),
            format!("Place the piece on any empty square but the centre {sq}."),
        ),
        IllegalTurn::PlaceOccupied(sq) => (
            format!("{sq} is already occupied by {}", piece_name(before, sq)),
            format!("Place on empty squares only; free squares next to it: {}.", free_near(before, sq, placed_with(t, sq))),
        ),
        IllegalTurn::MoveEmpty(sq) => (
            format!("there is no piece on {sq} to move"),
            format!("A movement starts from a square holding a piece of {side}, the side to move."),
        ),
        IllegalTurn::MoveEnemy(sq) => (
            format!("the piece on {sq} belongs to {}, but it is {side}'s turn", side.other()),
            format!("Move one of {side}'s pieces; check the turn order if a turn is missing before this one."),
        ),
        IllegalTurn::MoveDiagonal { from, to } => (
            format!("{from}-{to} is a diagonal step"),
            "Pieces step one square up, down, left or right, never diagonally.".to_owned(),
        ),
        IllegalTurn::MoveFar { from, to } => (
            format!("{to} is not next to {from}"),
            "Each step goes one square up, down, left or right; write a longer path as several steps only when each step captures.".to_owned(),
        ),
        IllegalTurn::MoveOccupied(sq) => (
            format!("{sq} is occupied by {}", piece_name(before, sq)),
            "A step goes onto an empty square.".to_owned(),
        ),
        IllegalTurn::ChainOn(why) => {
            let chain = before.rules().chain.as_str();
            (
                format!("the piece may not go on: {why}"),
                match chain {
                    "none" => "Under chain=none a piece takes one step per turn, capture or not; end the turn after its first step and write the rest as later turns.".to_owned(),
                    _ => format!(
                        "Under chain={chain} a piece takes a further step only after a step that captured{}; end the turn after the last allowed step and write the rest as later turns.",
                        if chain == "capture" { ", and that step must capture too" } else { "" }
                    ),
                },
            )
        }
        IllegalTurn::Forced(why) => (
            format!("capture is compulsory: {why}"),
            format!("Under forced=yes {side} must capture when it can: {}.", capture_hint(before, t)),
        ),
        IllegalTurn::PassIllegal(c) => (
            format!("{c} passes but has a legal step"),
            format!("A side may pass only when none of its pieces can step; {c} can play, for example, {}.", any_step(before)),
        ),
        IllegalTurn::NoOpening(c) => (
            format!("this turn leaves {c}, who passed, still without a legal step"),
            format!("After a pass the opponent must play a turn that gives {c} a step again."),
        ),
    }
}

fn piece_name(pos: &Position, sq: Square) -> String {
    match pos.piece_at(sq) {
        Some(Color::Black) => "a black piece".into(),
        Some(Color::White) => "a white piece".into(),
        None => "nothing".into(),
    }
}

/// The other square of the placement `t` that puts a piece on `sq`, if `t` is one.
fn placed_with(t: &Turn, sq: Square) -> Option<Square> {
    match &t.kind {
        TurnKind::Place(a, b) if a.square == sq => Some(b.square),
        TurnKind::Place(a, b) if b.square == sq => Some(a.square),
        _ => None,
    }
}

/// The empty squares next to `sq` where a piece may be placed, but `taken` (the placement's
/// other square).
fn free_near(pos: &Position, sq: Square, taken: Option<Square>) -> String {
    let centre = pos.size().centre();
    let free: Vec<String> = sq
        .neighbours(pos.size())
        .filter(|n| *n != centre && Some(*n) != taken && pos.piece_at(*n).is_none())
        .map(|n| n.to_string())
        .collect();
    if free.is_empty() {
        "none".into()
    } else {
        free.join(", ")
    }
}

fn any_step(pos: &Position) -> String {
    let empty = pos.empty();
    for from in pos.pieces(pos.to_move()).squares() {
        if let Some(to) = from.neighbours(pos.size()).find(|n| empty.contains(*n)) {
            return format!("`{from}-{to}`");
        }
    }
    "a step".into()
}

fn capture_hint(pos: &Position, _t: &Turn) -> String {
    let empty = pos.empty();
    for from in pos.pieces(pos.to_move()).squares() {
        for to in from.neighbours(pos.size()) {
            if empty.contains(to) {
                let c = pos.captures_of_step(from, to);
                if !c.is_empty() {
                    let xs: String = c.squares().map(|s| format!("x{s}")).collect();
                    return format!("for example `{from}-{to}{xs}`");
                }
            }
        }
    }
    "take the capturing step".into()
}
