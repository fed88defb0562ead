//! A game the fast lane found clean, handed to a [`GameVisitor`] from its [`CleanGame`]: the
//! same calls with the same values as [`super::visit_object`] of the game object
//! `GameObject::from_clean` makes of it, without the object (squares are named from a table,
//! the ruleset's object and the final position's text are kept from game to game).

use std::fmt::Write;

use super::{GameEnd, GameVisitor, TurnHead};
use crate::engine::{Ruleset, Square};
use crate::notation::read::unescaped;
use crate::render::game_json::{KindName, RulesObject, Side};
use crate::validate::{CleanGame, CleanHeader, CleanKind, CleanNote};

/// Every square's name, in the order of [`Square::index`] (`rank * 9 + file`).
const NAMES: &str = concat!(
    "a1b1c1d1e1f1g1h1i1",
    "a2b2c2d2e2f2g2h2i2",
    "a3b3c3d3e3f3g3h3i3",
    "a4b4c4d4e4f4g4h4i4",
    "a5b5c5d5e5f5g5h5i5",
    "a6b6c6d6e6f6g6h6i6",
    "a7b7c7d7e7f7g7h7i7",
    "a8b8c8d8e8f8g8h8i8",
    "a9b9c9d9e9f9g9h9i9",
);

/// The name of `s`, `a1` to `i9`.
pub(crate) fn name(s: Square) -> &'static str {
    let i = 2 * s.index();
    NAMES.get(i..i + 2).unwrap_or("")
}

/// [`name`] as its two bytes (appended with a copy of known length).
#[cfg(feature = "arrow")]
pub(crate) fn name_bytes(s: Square) -> [u8; 2] {
    name(s).as_bytes().try_into().unwrap_or_default()
}

/// The rulesets [`CleanFeeder`] keeps the objects of.
const KEPT_RULES: usize = 8;

/// Hands clean games to a visitor, keeping what games share from one to the next.
#[derive(Debug, Default)]
pub(crate) struct CleanFeeder {
    /// The last few rulesets handed over, and their objects (an archive mixes a few).
    rules: Vec<(Ruleset, RulesObject)>,
    /// The final position's text.
    last: String,
}

impl CleanFeeder {
    /// Hands `game`, game number `index` of the file named `file`, to `v`.
    pub(crate) fn visit<V: GameVisitor + ?Sized>(
        &mut self,
        game: &CleanGame<'_>,
        file: &str,
        index: usize,
        v: &mut V,
    ) {
        v.game(file, index);
        for h in &game.headers {
            match h {
                CleanHeader::Tag {
                    name,
                    value,
                    escaped: false,
                } => v.tag(name, value),
                CleanHeader::Tag { name, value, .. } => v.tag(name, &unescaped(value)),
                CleanHeader::Comment(_) => {}
            }
        }
        v.rules(self.rules_object(game.rules));
        v.lane_turns(&LaneTurns { game });
        self.last.clear();
        if let Some(last) = &game.last {
            // Writing into a String cannot fail.
            let _ = write!(self.last, "{last}");
        }
        let outcome = game.outcome.as_ref();
        v.end(&GameEnd {
            result: game.result.map(|r| r.as_str()),
            termination: outcome.map(|o| o.termination.as_str()),
            winner: outcome.and_then(|o| o.winner).map(Side::from),
            final_position: game.last.is_some().then_some(self.last.as_str()),
            valid: true,
        });
    }

    /// The object of `rules`, made anew only when they are none of the last few games'.
    fn rules_object(&mut self, rules: Option<Ruleset>) -> Option<&RulesObject> {
        let rules = rules?;
        let at = match self.rules.iter().position(|(r, _)| *r == rules) {
            Some(at) => at,
            None => {
                if self.rules.len() == KEPT_RULES {
                    self.rules.remove(0);
                }
                self.rules.push((rules, RulesObject::from(&rules)));
                self.rules.len() - 1
            }
        };
        self.rules.get(at).map(|(_, o)| o)
    }
}

/// A clean turn's kind as a table names it, and a movement's start.
pub(crate) fn kind_of(kind: CleanKind) -> (KindName, Option<Square>) {
    match kind {
        CleanKind::Place(..) => (KindName::Place, None),
        CleanKind::Pass => (KindName::Pass, None),
        CleanKind::Slide(from, _) | CleanKind::Move(from) => (KindName::Move, Some(from)),
    }
}

/// The turns of a game the fast lane read, every one of them legal, handed to
/// [`GameVisitor::lane_turns`]: a visitor that does not take them at once has them handed
/// over call by call ([`LaneTurns::visit`]).
#[derive(Debug, Clone, Copy)]
pub struct LaneTurns<'a, 't> {
    game: &'a CleanGame<'t>,
}

impl<'t> LaneTurns<'_, 't> {
    /// The clean game whose turns these are.
    #[cfg(feature = "arrow")]
    pub(crate) fn game(&self) -> &CleanGame<'t> {
        self.game
    }

    /// Hands the turns to `v` call by call, as the module's documentation orders the calls:
    /// what [`GameVisitor::lane_turns`] does unless a visitor says otherwise.
    ///
    /// ```
    /// use seega::render::game_view::{GameVisitor, LaneTurns, TurnHead};
    ///
    /// /// Counts turns, and hands a clean game's turns over one by one to count them.
    /// struct Turns(u64);
    ///
    /// impl GameVisitor for Turns {
    ///     fn turn(&mut self, _turn: &TurnHead<'_>) {
    ///         self.0 += 1;
    ///     }
    ///     fn lane_turns(&mut self, turns: &LaneTurns<'_, '_>) {
    ///         turns.visit(self);
    ///     }
    /// }
    /// # let _ = Turns(0);
    /// ```
    pub fn visit<V: GameVisitor + ?Sized>(&self, v: &mut V) {
        let game = self.game;
        let (mut next_step, mut next_note) = (0, 0);
        let afters: &[_] = if v.wants_after() { &game.afters } else { &[] };
        for (i, (t, number)) in game.turns.iter().zip(1..).enumerate() {
            let (kind, from) = kind_of(t.kind);
            v.turn(&TurnHead {
                number,
                side: Some(Side::from(t.side)),
                kind,
                from: from.map(name),
                annotation: t.annotation.map(|a| a.as_str()),
                legal: true,
                variations: 0,
            });
            match t.kind {
                CleanKind::Place(a, b) => {
                    v.square(name(a));
                    v.square(name(b));
                }
                CleanKind::Pass => {}
                CleanKind::Slide(_, to) => v.step(name(to)),
                CleanKind::Move(_) => {
                    let end = next_step + t.steps as usize;
                    for (to, captured) in game.steps.get(next_step..end).unwrap_or_default() {
                        v.step(name(*to));
                        for c in captured.squares() {
                            v.capture(name(c));
                        }
                    }
                    next_step = end;
                }
            }
            if t.notes > 0 {
                let end = next_note + t.notes as usize;
                for n in game.notes.get(next_note..end).unwrap_or_default() {
                    if let CleanNote::Comment(c) = n {
                        v.comment(c.text);
                    }
                }
                next_note = end;
            }
            if let Some(after) = afters.get(i) {
                v.after(after);
            }
            v.turn_end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_is_named_as_it_displays() {
        for i in 0..81 {
            let s = Square::from_index(i).expect("a square");
            assert_eq!(name(s), s.to_string());
        }
    }
}
