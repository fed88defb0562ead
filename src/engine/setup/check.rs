//! The check of a [`Setup`] against a ruleset, and a game between turns made from it: the
//! one way from a setup to a game ([`crate::GameState::from_setup`]).

use super::{Setup, SetupError};
use crate::engine::bitboard::Bitboard;
use crate::engine::kernel::with_board;
use crate::engine::outcome::Termination;
use crate::engine::play::Play;
use crate::engine::position::{Phase, Position};
use crate::engine::referee::Between;
use crate::engine::ruleset::{Blocked, Ruleset};

fn impossible(why: String) -> SetupError {
    SetupError::Impossible(why)
}

impl Between {
    /// The game `setup` describes under `rules`, its next turn numbered 1: ended already when
    /// the setup is an end, as the position after the turn that led there (R13, R21). The
    /// outcome is the one the referee found after that turn: a pass when an opening is owed
    /// (R16), and the limit when the count has reached it (R16a).
    pub(crate) fn from_setup(rules: Ruleset, setup: &Setup) -> Result<Between, SetupError> {
        let position = position(rules, setup)?;
        match position.phase() {
            Phase::Placement => placement(&position, setup)?,
            Phase::Movement => movement(&position, setup)?,
        }
        let passer = setup.opening_owed.then(|| setup.to_move.other());
        let quiet = setup.quiet_turns;
        let outcome = with_board!(rules.size, B => {
            let play = Play::<B>::of(&position);
            let quiet_reply_ends = rules.limit.is_some_and(|n| quiet.saturating_add(1) >= n);
            play.outcome_after(passer.is_some(), quiet_reply_ends).or_else(|| {
                rules
                    .limit
                    .filter(|&n| quiet >= n)
                    .map(|_| play.by_count(Termination::Limit))
            })
        });
        Ok(Between {
            position,
            number: 1,
            passer,
            outcome,
            quiet,
        })
    }

    /// The game a position string `text` sets up under `rules`, as a `Position` tag starts one:
    /// a string of a rank count no board has is read, under rules, as a board of the wrong
    /// size.
    pub(crate) fn from_text(rules: Ruleset, text: &str) -> Result<Between, SetupError> {
        match Setup::parse(text) {
            Ok(setup) => Between::from_setup(rules, &setup),
            Err(SetupError::NotABoard(found)) => Err(SetupError::WrongSize {
                found,
                expected: rules.size.get(),
            }),
            Err(e) => Err(e),
        }
    }

    /// The game as a setup: its position and the state beyond it.
    pub(crate) fn setup(&self) -> Setup {
        Setup {
            opening_owed: self.passer.is_some(),
            quiet_turns: self.quiet,
            ..self.position.setup()
        }
    }
}

/// The position of `setup` under `rules`: the board's size, pieces on it and apart, and no side
/// with more pieces than it starts with.
fn position(rules: Ruleset, setup: &Setup) -> Result<Position, SetupError> {
    if setup.size != rules.size {
        return Err(SetupError::WrongSize {
            found: usize::from(setup.size.get()),
            expected: rules.size.get(),
        });
    }
    let [black, white] = setup.pieces;
    if !((black | white) & !Bitboard::full(rules.size)).is_empty() {
        return Err(impossible("a piece lies off the board".to_owned()));
    }
    if !(black & white).is_empty() {
        return Err(impossible(
            "a square holds a black piece and a white one".to_owned(),
        ));
    }
    let max = rules.size.pieces_per_side();
    for color in [crate::engine::Color::Black, crate::engine::Color::White] {
        let count = setup.pieces[color.index()].count() + u32::from(setup.in_hand[color.index()]);
        if count > u32::from(max) {
            return Err(SetupError::TooMany { color, count, max });
        }
    }
    // A turn captures only the other side's pieces, and the game ends when a side has none
    // (R14): no game reaches a position where neither has any.
    if (black | white).is_empty() && setup.in_hand == [0, 0] {
        return Err(impossible(
            "neither side has a piece, on the board or in hand: no game gets there, as a turn captures only the other side's pieces and the game ends when one side has none".to_owned(),
        ));
    }
    Ok(Position {
        rules,
        pieces: setup.pieces,
        hands: setup.in_hand,
        to_move: setup.to_move,
    })
}

/// A setup of the placement phase: no pass and no count yet, every piece on the board or in
/// hand (nothing is captured before the movement phase), placed two at a time off the centre,
/// and the side to move the one whose turn the hands say it is (R3, R4).
fn placement(pos: &Position, setup: &Setup) -> Result<(), SetupError> {
    if setup.opening_owed {
        return Err(impossible(
            "no side passes in the placement phase".to_owned(),
        ));
    }
    if setup.quiet_turns != 0 {
        return Err(impossible(
            "turns without a capture are counted only in the movement phase".to_owned(),
        ));
    }
    let rules = pos.rules;
    let max = rules.size.pieces_per_side();
    for color in [crate::engine::Color::Black, crate::engine::Color::White] {
        let (board, hand) = (pos.pieces(color).count(), pos.in_hand(color));
        if board + u32::from(hand) != u32::from(max) {
            return Err(impossible(format!(
                "{color} has {board} pieces on the board and {hand} in hand, but nothing is captured in the placement phase: a side has all {max}"
            )));
        }
        if hand % 2 == 1 {
            return Err(impossible(format!(
                "{color} has {hand} pieces in hand, but pieces are placed two at a time"
            )));
        }
    }
    if pos.occupied().contains(rules.size.centre()) {
        return Err(impossible(
            "the centre holds a piece in the placement phase, where none is placed on it"
                .to_owned(),
        ));
    }
    let first = rules.first_placer;
    let (f, o) = (pos.in_hand(first), pos.in_hand(first.other()));
    let next = if f == o {
        first
    } else if u16::from(f) + 2 == u16::from(o) {
        first.other()
    } else {
        return Err(impossible(format!(
            "{first} has {f} pieces in hand and {} has {o}, but {first} places first and the sides place two at a time, so {first} has as many as {} or two fewer",
            first.other(),
            first.other()
        )));
    };
    if pos.to_move != next {
        return Err(impossible(format!(
            "{} is to move, but the hands say {next} places next",
            pos.to_move
        )));
    }
    Ok(())
}

/// A setup of the movement phase: a count only under a limit and not past it (R16a), an
/// opening owed only under `blocked=open` and to a side with no step, which alone may pass
/// (R11, R12).
fn movement(pos: &Position, setup: &Setup) -> Result<(), SetupError> {
    let rules = pos.rules;
    let q = setup.quiet_turns;
    match rules.limit {
        None if q != 0 => {
            return Err(impossible(format!(
                "the position counts {q} turns without a capture, but the rules set no limit"
            )));
        }
        Some(n) if q > n => {
            return Err(impossible(format!(
                "the position counts {q} turns without a capture, more than the limit of {n}"
            )));
        }
        _ => {}
    }
    if setup.opening_owed {
        if rules.blocked != Blocked::Open {
            return Err(impossible(
                "an opening is owed after a pass only under blocked=open".to_owned(),
            ));
        }
        let passer = pos.to_move.other();
        if pos.has_step_for(passer) {
            return Err(impossible(format!(
                "{passer} has a step, so it cannot have passed"
            )));
        }
    }
    Ok(())
}
