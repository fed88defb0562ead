//! Suggestions: a corrected token for an illegal turn, found by trying the engine's legal turns
//! near what was written (right captures, swapped squares, one mistyped square, a missing pass).

use super::code::Code;
use super::play_turn::play_from;
use crate::engine::{Bitboard, Position, Square};
use crate::notation::writer::{doc_kind_with, turn_text};
use crate::notation::{Span, SquareAt, Step, Turn, TurnKind};

/// A replacement for a span of the archive that makes the turn legal.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Fix {
    /// The text to replace: the whole turn token.
    pub span: Span,
    /// The corrected text.
    pub replacement: String,
}

/// The token of a turn `kind` with `captures` (one set per step) written after its steps: the
/// canonical writer's token.
pub(crate) fn written_with(kind: &TurnKind, captures: &[Bitboard]) -> String {
    let caps = |i: usize| {
        captures
            .get(i)
            .copied()
            .unwrap_or_default()
            .squares()
            .collect()
    };
    turn_text(&doc_kind_with(kind, caps), None)
}

fn at(square: Square) -> SquareAt {
    SquareAt {
        square,
        span: Span::default(),
    }
}

fn single_move(from: Square, to: Square) -> TurnKind {
    TurnKind::Move {
        from: at(from),
        steps: std::iter::once(Step {
            to: at(to),
            captures: Default::default(),
            span: Span::default(),
        })
        .collect(),
    }
}

/// The token for `kind` when it is legal from `before`, with its captures written out.
fn legal(before: &Position, kind: TurnKind) -> Option<String> {
    let turn = Turn {
        kind,
        annotation: None,
        span: Span::default(),
    };
    let (_, captures) = play_from(before, &turn, true).ok()?;
    Some(written_with(&turn.kind, &captures))
}

/// The squares that differ from `sq` in the file or the rank only, on the board.
fn one_typo_away(before: &Position, sq: Square) -> impl Iterator<Item = Square> + '_ {
    let n = before.size().get();
    let files = (0..n)
        .filter(move |f| *f != sq.file())
        .map(move |f| Square::new(f, sq.rank().min(8)));
    let ranks = (0..n)
        .filter(move |r| *r != sq.rank())
        .map(move |r| Square::new(sq.file().min(8), r));
    files
        .chain(ranks)
        .filter(move |s| before.size().contains(*s))
}

/// A unique corrected token for the illegal turn `t` played from `before`, if there is one.
pub(crate) fn suggest(before: &Position, t: &Turn, code: Code) -> Option<Fix> {
    let fix = |replacement: String| {
        Some(Fix {
            span: t.span,
            replacement: match t.annotation {
                Some(a) => format!("{replacement}{}", a.as_str()),
                None => replacement,
            },
        })
    };
    if matches!(code, Code::CaptureMissing | Code::CaptureWrong) {
        let mut bare = t.kind.clone();
        if let TurnKind::Move { steps, .. } = &mut bare {
            steps.iter_mut().for_each(|s| s.captures.clear());
        }
        return legal(before, bare).and_then(fix);
    }
    // A missing pass: the side to move had no step and the turn is the opponent's.
    if !matches!(t.kind, TurnKind::Pass) && !before.has_step() {
        let mut passed = before.clone();
        if passed.pass().is_ok() {
            if let Some(token) = legal(&passed, t.kind.clone()) {
                return fix(format!("-- {token}"));
            }
        }
    }
    let mut found: Vec<String> = Vec::new();
    let mut consider = |kind: TurnKind| {
        if let Some(token) = legal(before, kind) {
            if !found.contains(&token) {
                found.push(token);
            }
        }
    };
    match &t.kind {
        TurnKind::Move { from, steps } if steps.len() == 1 => {
            let (a, b) = (from.square, steps[0].to.square);
            consider(single_move(b, a));
            for a2 in one_typo_away(before, a) {
                consider(single_move(a2, b));
            }
            for b2 in one_typo_away(before, b) {
                consider(single_move(a, b2));
            }
        }
        TurnKind::Place(a, b) => {
            for a2 in one_typo_away(before, a.square) {
                consider(TurnKind::Place(at(a2), *b));
            }
            for b2 in one_typo_away(before, b.square) {
                consider(TurnKind::Place(*a, at(b2)));
            }
        }
        _ => {}
    }
    match found.as_slice() {
        [only] => fix(only.clone()),
        _ => None,
    }
}
