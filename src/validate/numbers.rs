//! A move number that announces another turn than the next (`seega::number::mismatch`), and
//! what the engine can tell of it: whether the numbers are wrong, or a turn is missing or
//! written twice before the number.

use super::code::Code;
use super::play_turn::play_turn;
use super::problem::Kind;
use super::replay::Cx;
use crate::engine::kernel::with_board;
use crate::engine::referee::{Referee, move_number_of_turn, turn_of_move_number};
use crate::engine::{Color, Phase, Position};
use crate::notation::{Element, MoveNumber};

/// How many turns after a mismatched number are replayed to tell one reading from another.
const WINDOW: usize = 6;

/// What a mismatched number was found to say of the record, for the error it explains.
pub(super) struct Reading {
    /// The sentence added to the help of the error that stops the replay after the number.
    pub note: String,
}

/// Reports the number `n` that announces another turn than `next`, the next one to be played
/// from `pos` (`prev`: the position before the turn just played). `moves[i]` is the number.
/// For the first such number of a game (`analyse`) the engine tries the other readings: when the
/// turns after the number are illegal as written but legal with one turn more (a turn missing)
/// or one fewer (the turn before the number written twice), the help says so, and the reading
/// is returned so that the error it causes can point back at it.
pub(super) fn mismatch(
    cx: &mut Cx<'_, '_>,
    n: &MoveNumber,
    next: u64,
    pos: &Position,
    prev: Option<&Position>,
    (moves, i): (&[Element<'_>], usize),
    analyse: bool,
) -> Option<Reading> {
    let after = &moves[i + 1..];
    let off = n.turn().abs_diff(next) == 1 && analyse && !follows(pos, after);
    let seems = if off && n.turn() > next {
        match missing(pos, after).as_slice() {
            [] => Seems::Numbered,
            [only] => Seems::Missing(only.clone()),
            many => Seems::MissingOneOf(many.len()),
        }
    } else if off && prev.is_some_and(|p| follows(p, after)) {
        let extra = moves[..i].iter().rev().find_map(|e| match e {
            Element::Turn(t) => Some(t),
            _ => None,
        });
        Seems::Twice(extra.map(|t| super::suggest::written_with(&t.kind, &[])))
    } else {
        Seems::Numbered
    };
    let facts = NumberFacts {
        number: n.number,
        second: n.second,
        next,
        side: pos.to_move(),
        seems,
        notes: String::new(),
    };
    let reading = facts.reading();
    let kind = Kind::Number(Box::new(facts));
    cx.push_kind(Code::NumberMismatch, n.span, kind, Some(next));
    reading.map(|note| Reading { note })
}

/// What the turns after a mismatched number say of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seems {
    /// Nothing more than a wrong number.
    Numbered,
    /// A turn of the side to move is missing before the number, and this is the only one that
    /// fits.
    Missing(String),
    /// A turn is missing, and this many turns of the side to move fit.
    MissingOneOf(usize),
    /// The turn before the number (written so, when there is one) seems written twice.
    Twice(Option<String>),
}

/// The facts of a move number that announces another turn than the next, worded when rendered
/// ([`NumberFacts::words`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NumberFacts {
    /// The number as written, and whether it is written `n...`.
    number: u32,
    second: bool,
    /// The next turn.
    next: u64,
    /// The side to move.
    side: Color,
    /// What the turns after it say.
    seems: Seems,
    /// Sentences added to the help.
    pub(crate) notes: String,
}

impl NumberFacts {
    /// The message and the help.
    pub(crate) fn words(&self) -> (String, String) {
        let written = written_number(u64::from(self.number), self.second);
        let announced = turn_of_move_number(self.number, self.second);
        let message = format!(
            "`{written}` announces turn {announced} but the next turn is {}",
            self.next
        );
        let mut help = self.help(&written);
        help.push_str(&self.notes);
        (message, help)
    }

    /// The help before the notes.
    fn help(&self, written: &str) -> String {
        let (next, side) = (self.next, self.side);
        let right = {
            let (number, second) = move_number_of_turn(next);
            written_number(number, second)
        };
        let which = match &self.seems {
            Seems::Missing(only) => format!(", and `{only}` is the only turn of {side} that fits"),
            Seems::MissingOneOf(n) => format!(" ({n} turns of {side} fit)"),
            Seems::Twice(extra) => {
                let extra = extra.as_ref().map_or(String::new(), |t| format!(" `{t}`"));
                return format!(
                    "Turn {} seems to be written twice: the turns after `{written}` are illegal as written but legal without the turn{extra} before it. If only the number is wrong, write `{right}` here, or leave it out: move numbers are optional.",
                    next - 1
                );
            }
            Seems::Numbered => {
                return format!(
                    "Write `{right}` here, or leave the number out: move numbers are optional."
                );
            }
        };
        format!(
            "Turn {next}, {side}'s, seems to be missing before `{written}`: the turns after it are illegal as written but legal after a turn of {side} here{which}. If only the number is wrong, write `{right}` here, or leave it out: move numbers are optional."
        )
    }

    /// The sentence added to the help of the error that stops the replay after the number, when
    /// the turns after it tell another reading.
    fn reading(&self) -> Option<String> {
        let written = written_number(u64::from(self.number), self.second);
        let (next, side) = (self.next, self.side);
        match &self.seems {
            Seems::Missing(_) | Seems::MissingOneOf(_) => Some(format!(
                " If {side}'s turn {next} is missing before `{written}` (see the warning there), this turn is the other side's."
            )),
            Seems::Twice(extra) => {
                let extra = extra.as_ref().map_or(String::new(), |t| format!(" `{t}`"));
                Some(format!(
                    " If the turn{extra} before `{written}` is one too many (see the warning there), this turn is the other side's."
                ))
            }
            Seems::Numbered => None,
        }
    }
}

/// A move number as written: `n.`, or `n...` for the `second` turn of its pair.
fn written_number(number: u64, second: bool) -> String {
    if second {
        format!("{number}...")
    } else {
        format!("{number}.")
    }
}

/// Whether the next turns of `moves` (up to [`WINDOW`], up to a syntax error) are legal from
/// `pos`, as the referee judges them, none after the game's end.
fn follows(pos: &Position, moves: &[Element<'_>]) -> bool {
    let turns = moves
        .iter()
        .take_while(|e| !matches!(e, Element::Error(_)))
        .filter_map(|e| match e {
            Element::Turn(t) => Some(t),
            _ => None,
        })
        .take(WINDOW);
    with_board!(pos.size(), B => {
        let mut referee = Referee::<B>::of(pos);
        turns.into_iter().all(|t| play_turn(&mut referee, t, false).is_ok())
    })
}

/// The turns of the side to move from `pos` after which the next turns of `moves` are legal
/// (each written as a token; at most a few are kept, as only their number is told beyond one).
fn missing(pos: &Position, moves: &[Element<'_>]) -> Vec<String> {
    let mut fits = Vec::new();
    let mut try_after = |after: &Position, token: String| {
        if after.outcome_after_turn(token == "--").is_none() && follows(after, moves) {
            fits.push(token);
        }
        fits.len() < 100
    };
    if pos.phase() == Phase::Placement {
        let squares: Vec<_> = pos.empty().squares().collect();
        for (k, &a) in squares.iter().enumerate() {
            for &b in &squares[k + 1..] {
                let mut after = pos.clone();
                if after.place(a, b).is_ok() && !try_after(&after, format!("{a},{b}")) {
                    return fits;
                }
            }
        }
    } else {
        pos.for_each_turn(&mut |after, path| {
            let token = if path.is_empty() {
                "--".to_owned()
            } else {
                path.iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join("-")
            };
            try_after(after, token)
        });
    }
    fits
}
