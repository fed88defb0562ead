//! One written turn played on the referee: the engine's rules, and the captures written after
//! each step checked against what the step captured.

use super::code::Code;
use super::replay::StepCaptures;
use super::turn_errors::{code_of, span_of, word_illegal};
use crate::engine::kernel::{Board, Word, with_board};
use crate::engine::referee::{AfterEnd, Between, Referee, WrittenCaptures};
use crate::engine::{Bitboard, IllegalTurn, Position, Square};
use crate::notation::{Span, Turn, TurnKind};

/// Why a turn failed: the game had ended, an engine rule, or a written capture list that
/// disagrees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The turn comes after the end of the game (R17).
    AfterEnd(AfterEnd),
    /// A rule of turns (R3–R12), and the step it failed at, when at a step.
    Rule(IllegalTurn, Option<usize>),
    /// A written capture the step does not make, where it is written.
    CaptureWrong(Span, Square),
    /// The step (where it is written) captures more than its list says.
    CaptureMissing(Span, Vec<Square>),
}

impl Failure {
    /// The code of this failure.
    pub(crate) fn code(&self) -> Code {
        match self {
            Failure::AfterEnd(_) => Code::AfterEnd,
            Failure::Rule(e, _) => code_of(e),
            Failure::CaptureWrong(..) => Code::CaptureWrong,
            Failure::CaptureMissing(..) => Code::CaptureMissing,
        }
    }

    /// Where this failure of `t` is written.
    pub(crate) fn span(&self, t: &Turn) -> Span {
        match self {
            Failure::AfterEnd(_) => t.span,
            Failure::Rule(e, step) => span_of(e, t, *step),
            Failure::CaptureWrong(span, _) | Failure::CaptureMissing(span, _) => *span,
        }
    }

    /// The message and help of this failure of `t`, played from `before`.
    pub(crate) fn words(&self, before: &Position, t: &Turn) -> (String, String) {
        match self {
            Failure::AfterEnd(AfterEnd { outcome: o, ended_on }) => (
                if *ended_on == 0 {
                    format!(
                        "turn 1 comes after the game ended by {}: the position it starts from is an end",
                        o.termination.as_str(),
                    )
                } else {
                    format!(
                        "turn {} comes after the game ended by {} on turn {ended_on}",
                        ended_on + 1,
                        o.termination.as_str(),
                    )
                },
                format!(
                    "The game was over ({} for {}): end the record there with `{}`, or fix {}.",
                    o.termination.as_str(),
                    o.winner.map_or("neither side".to_owned(), |c| c.to_string()),
                    o.result_token(),
                    if *ended_on == 0 { "the Position tag" } else { "an earlier turn" }
                ),
            ),
            Failure::Rule(e, _) => word_illegal(e, before, t),
            Failure::CaptureWrong(_, sq) => (
                format!("this step does not capture {sq}"),
                "List after a step exactly the pieces it captures, or leave the captures out: they are computed.".into(),
            ),
            Failure::CaptureMissing(_, missing) => {
                let list: Vec<String> = missing.iter().map(|s| s.to_string()).collect();
                (
                    format!("this step also captures {}", list.join(" and ")),
                    format!(
                        "Add {} to the step's captures, or leave all its captures out: they are computed.",
                        list.iter().map(|s| format!("`x{s}`")).collect::<Vec<_>>().join(" and ")
                    ),
                )
            }
        }
    }

    /// The code, span, message and help of this failure of `t`, played from `before`.
    pub(crate) fn into_parts(self, before: &Position, t: &Turn) -> (Code, Span, String, String) {
        let (message, help) = self.words(before, t);
        (self.code(), self.span(t), message, help)
    }

    /// Whether a correction near what was written may be looked for: not for a turn after the
    /// end, nor for one that leaves a passer without a step, which no nearby turn mends.
    pub(super) fn may_suggest(&self) -> bool {
        !matches!(
            self,
            Failure::AfterEnd(_) | Failure::Rule(IllegalTurn::NoOpening(_), None)
        )
    }
}

/// Plays the written turn `t` on `referee`, checking any written captures; returns what each
/// step captured when `record` is set (and nothing, without allocating, otherwise).
pub(crate) fn play_turn<B: Board>(
    referee: &mut Referee<B>,
    t: &Turn,
    record: bool,
) -> Result<StepCaptures, Failure> {
    referee.begin_turn().map_err(Failure::AfterEnd)?;
    let rule = |e| Failure::Rule(e, None);
    match &t.kind {
        TurnKind::Place(a, b) => {
            referee.place(a.square, b.square).map_err(rule)?;
            Ok(StepCaptures::new())
        }
        TurnKind::Pass => {
            referee.pass().map_err(rule)?;
            Ok(StepCaptures::new())
        }
        TurnKind::Move { from, steps } => {
            let mut mv = referee.begin_move(from.square).map_err(rule)?;
            let (mut captures, mut any) = (StepCaptures::new(), false);
            for (k, s) in steps.iter().enumerate() {
                let got = referee
                    .step(&mut mv, s.to.square)
                    .map_err(|e| Failure::Rule(e, Some(k)))?;
                let mut written = WrittenCaptures::<B>::of(got);
                if let Some(c) = s.captures.iter().find(|c| !written.add(c.square)) {
                    return Err(Failure::CaptureWrong(c.span, c.square));
                }
                let missing = Bitboard(written.missing().widen());
                if !missing.is_empty() {
                    return Err(Failure::CaptureMissing(s.span, missing.squares().collect()));
                }
                any |= got != B::W::ZERO;
                if record {
                    captures.push(Bitboard(got.widen()));
                }
            }
            referee.end_move(mv, any).map_err(rule)?;
            Ok(captures)
        }
    }
}

/// [`play_turn`] of `t` as the next turn from `pos`, on a referee that knows nothing of the
/// turns before (see [`Referee::of`]): the position after it, and what each step captured.
pub(crate) fn play_from(
    pos: &Position,
    t: &Turn,
    record: bool,
) -> Result<(Position, StepCaptures), Failure> {
    with_board!(pos.size(), B => {
        let mut referee = Referee::<B>::of(pos);
        let captures = play_turn(&mut referee, t, record)?;
        Ok((referee.position(), captures))
    })
}

/// [`play_turn`] of `t` in the game kept as `between`: the game after it, and what each step
/// captured.
pub(crate) fn play_between(
    between: &Between,
    t: &Turn,
    record: bool,
) -> Result<(Between, StepCaptures), Failure> {
    with_board!(between.position.size(), B => {
        let mut referee = Referee::<B>::resume(between);
        let captures = play_turn(&mut referee, t, record)?;
        Ok((referee.save(), captures))
    })
}
