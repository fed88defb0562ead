//! A game as the rows of a table read it: a visitor, [`GameVisitor`], that both models of a
//! converted game feed, so that one producer of rows (the command's Parquet tables) serves
//! both: a game object ([`visit_object`]: any game, read from JSON or made the full way) and
//! the fast lane's record of a clean game (`CleanFeeder`, on `convert`'s workers, with no game
//! object made). The two feed the same calls with the same values for the same game: the
//! command's Parquet files made from either are tested byte for byte equal over the test
//! corpora and generated archives (`src/cli/convert/parquet/tests.rs`).
//!
//! The calls, in order: [`GameVisitor::game`]; [`GameVisitor::tag`] for every tag in file
//! order; [`GameVisitor::rules`]; for every turn written, [`GameVisitor::turn`], then its
//! squares ([`GameVisitor::square`]), its steps each followed by its captures
//! ([`GameVisitor::step`], [`GameVisitor::capture`]), its comments
//! ([`GameVisitor::comment`]) and [`GameVisitor::turn_end`], then, for a visitor that reads
//! them ([`GameVisitor::lines`]), each of its variations ([`GameVisitor::variation`], its
//! turns the same way, [`GameVisitor::variation_end`]); [`GameVisitor::error`] for every
//! diagnostic; [`GameVisitor::end`]. Header comments, glyphs, positions in the source and the
//! verbatim source are not handed over (no table holds them). A game the fast lane read hands
//! its turns over in one call, [`GameVisitor::lane_turns`], which makes the calls for each
//! turn unless the visitor takes them at once (the games table does).
//!
//! ```
//! use seega::render::game_json::{GameObject, RulesObject, Side};
//! use seega::render::game_view::{GameEnd, GameVisitor, TurnHead, visit_object};
//! use seega::render::wire::DiagnosticLine;
//!
//! /// Writes a game as one line of words.
//! #[derive(Default)]
//! struct Words(String);
//!
//! impl GameVisitor for Words {
//!     fn game(&mut self, file: &str, game: usize) {
//!         self.0 += &format!("{file} #{game}:");
//!     }
//!     fn tag(&mut self, name: &str, value: &str) {
//!         self.0 += &format!(" {name}={value}");
//!     }
//!     fn rules(&mut self, rules: Option<&RulesObject>) {
//!         self.0 += &format!(" [{}]", rules.map_or("?", |r| r.text.as_str()));
//!     }
//!     fn turn(&mut self, turn: &TurnHead<'_>) {
//!         self.0 += &format!(" {}.", turn.number);
//!         self.0 += turn.from.unwrap_or("");
//!     }
//!     fn square(&mut self, square: &str) {
//!         self.0 += &format!("{square},");
//!     }
//!     fn step(&mut self, to: &str) {
//!         self.0 += &format!("-{to}");
//!     }
//!     fn capture(&mut self, square: &str) {
//!         self.0 += &format!("x{square}");
//!     }
//!     fn error(&mut self, error: &DiagnosticLine) {
//!         self.0 += &format!(" !{}", error.code);
//!     }
//!     fn end(&mut self, end: &GameEnd<'_>) {
//!         self.0 += &format!(" {} valid={}", end.result.unwrap_or("?"), end.valid);
//!     }
//! }
//!
//! let text = "[Event \"Cup\"]\n\n1. a1,b1 e5,d5 *\n";
//! let mut objects = Vec::new();
//! let opts = seega::validate::Options::default();
//! seega::archive::for_each_object(&seega::notation::Source::from_text(text), "cup.sgn", &opts,
//!     &mut |o: GameObject| { objects.push(o); Ok::<(), ()>(()) }).unwrap();
//! let mut words = Words::default();
//! visit_object(&objects[0], &mut words);
//! assert_eq!(words.0, "cup.sgn #1: Event=Cup [standard] 1.a1,b1, 2.e5,d5, * valid=true");
//! ```

use super::game_json::{GameObject, HeaderItem, KindName, RulesObject, Side, TurnObject};
use super::wire::DiagnosticLine;
use crate::engine::Setup;

/// What a turn is, handed over before its squares, steps and comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct TurnHead<'a> {
    /// The turn's number, from 1, counting every turn written.
    pub number: u64,
    /// The side that played it, or `None` for a turn that was not replayed.
    pub side: Option<Side>,
    /// Placement, movement or pass.
    pub kind: KindName,
    /// A movement's start.
    pub from: Option<&'a str>,
    /// The annotation written after it: `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub annotation: Option<&'a str>,
    /// Whether the engine replayed it and found it legal.
    pub legal: bool,
    /// How many variations follow it (each an alternative to it): handed over after its
    /// [`GameVisitor::turn_end`] to a visitor that reads them ([`GameVisitor::lines`]).
    pub variations: usize,
}

/// How a game ends, handed over last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameEnd<'a> {
    /// The result token as written, or `None` when missing.
    pub result: Option<&'a str>,
    /// How the game ended by rule (`capture-all`, `barrier`, `blocked`, `limit`), or `None`.
    pub termination: Option<&'a str>,
    /// The winner by rule; `None` for a draw or no ending.
    pub winner: Option<Side>,
    /// The position string after the last legal turn, or `None` when the game cannot be set up.
    pub final_position: Option<&'a str>,
    /// Whether the game has no errors (warnings allowed).
    pub valid: bool,
}

/// What a producer of rows is told of a game, call by call, in the order of the module's
/// documentation: the fields of its game object ([`GameObject`]) that a table holds. Every
/// call does nothing unless a visitor says otherwise.
pub trait GameVisitor {
    /// A game begins: game number `game` of the file named `file`.
    fn game(&mut self, _file: &str, _game: usize) {}
    /// A tag, in file order: every tag, a name as often as it is written.
    fn tag(&mut self, _name: &str, _value: &str) {}
    /// The resolved ruleset, `None` when the Rules tag cannot be read.
    fn rules(&mut self, _rules: Option<&RulesObject>) {}
    /// A turn begins.
    fn turn(&mut self, _turn: &TurnHead<'_>) {}
    /// A square of the turn's placement.
    fn square(&mut self, _square: &str) {}
    /// A step of the turn's movement, to `to`; what it captured follows.
    fn step(&mut self, _to: &str) {}
    /// A square the last step captured.
    fn capture(&mut self, _square: &str) {}
    /// The text of a comment after the turn.
    fn comment(&mut self, _text: &str) {}
    /// Whether the visitor wants the game after each turn of a game the fast lane read
    /// ([`GameVisitor::after`]).
    fn wants_after(&self) -> bool {
        false
    }
    /// The game after the turn, just before its [`GameVisitor::turn_end`], as the referee left
    /// it: told for each turn of a game the fast lane read (every turn of which is legal) when
    /// the visitor [`GameVisitor::wants_after`], and for no other game's turns.
    fn after(&mut self, _setup: &Setup) {}
    /// The turn is over.
    fn turn_end(&mut self) {}
    /// The turns of a game the fast lane read, all at once, in place of the calls above for
    /// each: by default they are handed over call by call ([`LaneTurns::visit`]). A visitor
    /// that fills columns may take them whole; it must fill what the calls would.
    fn lane_turns(&mut self, turns: &LaneTurns<'_, '_>) {
        turns.visit(self);
    }
    /// Whether the visitor reads variations: then each variation of a turn is handed over
    /// after the turn's [`GameVisitor::turn_end`], from [`GameVisitor::variation`] to
    /// [`GameVisitor::variation_end`], its turns (and theirs) in between; else the main line
    /// only.
    fn lines(&self) -> bool {
        false
    }
    /// A variation begins: the line `path` (`14.1`), an alternative to the turn just ended.
    fn variation(&mut self, _path: &str) {}
    /// The variation is over; the line it branched from goes on.
    fn variation_end(&mut self) {}
    /// A diagnostic of the game, errors and warnings, in order.
    fn error(&mut self, _error: &DiagnosticLine) {}
    /// The game is over.
    fn end(&mut self, _end: &GameEnd<'_>) {}
}

/// Hands the game object `g` to `v`.
pub fn visit_object<V: GameVisitor + ?Sized>(g: &GameObject, v: &mut V) {
    v.game(&g.file, g.game);
    for h in &g.headers {
        if let HeaderItem::Tag { name, value } = h {
            v.tag(name, value);
        }
    }
    v.rules(g.rules.as_ref());
    visit_turns(&g.turns, v);
    for e in &g.errors {
        v.error(e);
    }
    let outcome = g.outcome.as_ref();
    v.end(&GameEnd {
        result: g.result.as_deref(),
        termination: outcome.map(|o| o.termination.as_str()),
        winner: outcome.and_then(|o| o.winner),
        final_position: g.final_position.as_deref(),
        valid: g.valid,
    });
}

/// Hands the turns `turns` to `v`, and their variations when it reads them (nested at most
/// `notation::limits::MAX_VARIATION_DEPTH` deep, as the tree holds them).
fn visit_turns<V: GameVisitor + ?Sized>(turns: &[TurnObject], v: &mut V) {
    let lines = v.lines();
    for t in turns {
        v.turn(&TurnHead {
            number: t.number,
            side: t.side,
            kind: t.kind,
            from: t.from.as_deref(),
            annotation: t.annotation.as_deref(),
            legal: t.legal,
            variations: if lines { t.variations.len() } else { 0 },
        });
        for s in &t.squares {
            v.square(s);
        }
        for s in &t.steps {
            v.step(&s.to);
            for c in &s.captures {
                v.capture(c);
            }
        }
        for c in &t.comments {
            v.comment(&c.text);
        }
        v.turn_end();
        if lines {
            for line in &t.variations {
                v.variation(&line.path);
                visit_turns(&line.turns, v);
                v.variation_end();
            }
        }
    }
}

mod clean;
pub(crate) use clean::CleanFeeder;
pub use clean::LaneTurns;
#[cfg(feature = "arrow")]
pub(crate) use clean::{kind_of, name, name_bytes};
