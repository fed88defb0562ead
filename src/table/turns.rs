//! The columns of `convert --to parquet-turns`: one row per turn (`spec/parquet.md`, the turns
//! table), filled turn by turn from what a [`GameVisitor`] is told, with the position after
//! each legal turn as the lane's referee left it ([`GameVisitor::after`]) or, for a game the
//! lane did not read, replayed on a [`GameState`].

use std::any::Any;
use std::ops::Range;

use crate::archive::convert::ChunkRows;
use crate::render::game_json::{KindName, RulesObject, square};
use crate::render::game_view::{GameEnd, GameVisitor, LaneTurns, TurnHead};
use crate::render::wire::DiagnosticLine;
use crate::{GameState, Ply, PlyStep, Ruleset, Setup, Square};

use super::column::{Leaf, Names, Values};
use super::head::{HeadLeaves, i64_of};
use super::{Part, Rows};

mod lane;

/// The game being read.
#[derive(Debug, Default)]
struct Game {
    number: i64,
    file: String,
    /// Its first Position tag.
    position: Option<String>,
    /// The last ruleset read, by its text.
    rules: Option<(String, Ruleset)>,
    /// The game as replayed so far; `None` once it cannot be.
    state: Option<GameState>,
    /// The game before the last turn read, kept when variations follow that turn: where
    /// each of them starts.
    before: Option<GameState>,
    /// The line being read (`""` for the main line, `14.1` for a variation).
    line: String,
    /// The lines the variations being read branched from, innermost last: each one's
    /// `state`, `before` and `line`.
    outer: Vec<(Option<GameState>, Option<GameState>, String)>,
    turns: usize,
    weight: usize,
}

/// A square of a turn: where it is written in the turn's notation, and the square it names
/// (`Err` when it names none).
#[derive(Debug, Clone)]
struct Written {
    at: Range<usize>,
    square: Result<Square, ()>,
}

/// The turn being read.
#[derive(Debug, Default)]
struct Turn {
    kind: Option<KindName>,
    legal: bool,
    /// Its notation, captures written out.
    text: String,
    /// Its first two squares (where each is written in `text`, and the square), and how many
    /// it has.
    placed: [Option<Written>; 2],
    squares: usize,
    from: Option<Result<Square, ()>>,
    /// Its steps, for the replay; `None` once one is not a square.
    steps: Option<Vec<PlyStep>>,
    /// Where the last step's square is written in `text`.
    to: Option<Range<usize>>,
    step_count: usize,
    captures: usize,
    captured: String,
}

/// The rows of the turns table, turn by turn.
#[derive(Debug)]
pub struct TurnsRows {
    file: Leaf,
    game: Leaf,
    line: Leaf,
    head: HeadLeaves,
    notation: Leaf,
    to: Leaf,
    placed: [Leaf; 2],
    steps: Leaf,
    captures: Leaf,
    captured: Leaf,
    after: Leaf,
    at: Game,
    t: Turn,
    /// The position's text, written for each legal turn.
    position: Vec<u8>,
    /// Whether `position` was told ([`GameVisitor::after`]) for the turn being read.
    told: bool,
    /// Turns and weight of each game.
    games: Vec<(usize, usize)>,
}

impl TurnsRows {
    /// Rows with room for the turns of a chunk of `bytes` bytes of notation (about its bytes
    /// over 8), so that the leaves seldom grow.
    pub fn for_chunk(bytes: usize) -> TurnsRows {
        let n = bytes / 8;
        TurnsRows {
            file: Leaf::texts(0, 0).with_room(n, 16),
            game: Leaf::ints(0, 0).with_room(n, 0),
            line: Leaf::texts(0, 0).with_room(n, 0),
            head: HeadLeaves::new(0, 0, n),
            notation: Leaf::texts(0, 0).with_room(n, 8),
            to: Leaf::coded(0, 1, Names::Squares).with_room(n, 0),
            placed: [
                Leaf::coded(0, 1, Names::Squares),
                Leaf::coded(0, 1, Names::Squares),
            ],
            steps: Leaf::ints(0, 0).with_room(n, 0),
            captures: Leaf::ints(0, 0).with_room(n, 0),
            captured: Leaf::texts(0, 1).with_room(n, 2),
            after: Leaf::texts(0, 1).with_room(n, 40),
            at: Game::default(),
            t: Turn::default(),
            position: Vec::new(),
            told: false,
            games: Vec::new(),
        }
    }
}

/// `s` read as a square.
fn read(s: &str) -> Result<Square, ()> {
    square(s).map_err(|_| ())
}

impl TurnsRows {
    /// The game's start, as the referee set it up: its ruleset and its Position tag; `None`
    /// when either cannot be read (the game was not replayed).
    fn start(&mut self, rules: &RulesObject) -> Option<GameState> {
        let g = &mut self.at;
        if g.rules.as_ref().is_none_or(|(text, _)| *text != rules.text) {
            g.rules = Some((rules.text.clone(), Ruleset::parse(&rules.text).ok()?));
        }
        let (_, rules) = g.rules.as_ref()?;
        GameState::from_tag(*rules, g.position.as_deref())
    }

    /// The turn read as a ply to play, its captures left to the engine.
    fn ply(&mut self) -> Option<Ply> {
        let t = &mut self.t;
        Some(match t.kind? {
            KindName::Pass => Ply::Pass,
            KindName::Place => match (t.squares, &t.placed) {
                (2, [Some(a), Some(b)]) => Ply::Place(a.square.ok()?, b.square.ok()?),
                _ => return None,
            },
            KindName::Move => Ply::Move {
                from: t.from?.ok()?,
                steps: t.steps.take()?,
            },
        })
    }

    /// Whether the turn read is legal and the game can be replayed: then it is played, and
    /// `position` holds the position after it.
    fn after(&mut self) -> bool {
        if !self.t.legal || self.at.state.is_none() {
            return false;
        }
        let ply = self.ply();
        let Some(state) = self.at.state.as_mut() else {
            return false;
        };
        match ply.map(|p| state.play(&p)) {
            Some(Ok(_)) => {
                self.position.clear();
                state.setup().append_text(&mut self.position);
                true
            }
            _ => {
                self.at.state = None;
                false
            }
        }
    }
}

impl GameVisitor for TurnsRows {
    fn game(&mut self, file: &str, game: usize) {
        self.at.number = i64_of(game);
        self.at.file.clear();
        self.at.file.push_str(file);
        self.at.position = None;
        self.at.line.clear();
        (self.at.before, self.at.outer) = (None, Vec::new());
        self.at.turns = 0;
        self.at.weight = file.len() + 128;
    }

    fn tag(&mut self, name: &str, value: &str) {
        if name == "Position" && self.at.position.is_none() {
            self.at.position = Some(value.to_owned());
        }
        self.at.weight += name.len() + value.len();
    }

    fn rules(&mut self, rules: Option<&RulesObject>) {
        self.at.state = rules.and_then(|r| self.start(r));
    }

    fn turn(&mut self, turn: &TurnHead<'_>) {
        self.file.text(0, &self.at.file);
        self.game.int(0, self.at.number);
        self.line.text(0, &self.at.line);
        if turn.variations > 0 {
            self.at.before.clone_from(&self.at.state);
        }
        self.head.push(0, turn);
        let t = &mut self.t;
        t.kind = Some(turn.kind);
        t.legal = turn.legal;
        t.text.clear();
        t.placed = [None, None];
        t.squares = 0;
        t.from = turn.from.map(read);
        t.steps = Some(Vec::new()).filter(|_| turn.kind == KindName::Move);
        t.to = None;
        t.step_count = 0;
        t.captures = 0;
        t.captured.clear();
        match turn.kind {
            KindName::Pass => t.text.push_str("--"),
            KindName::Move => t.text.push_str(turn.from.unwrap_or_default()),
            KindName::Place => {}
        }
        self.at.turns += 1;
        self.at.weight += 32;
    }

    fn square(&mut self, square: &str) {
        let t = &mut self.t;
        if t.squares > 0 {
            t.text.push(',');
        }
        let at = t.text.len()..t.text.len() + square.len();
        t.text.push_str(square);
        if let Some(p) = t.placed.get_mut(t.squares) {
            *p = Some(Written {
                at,
                square: read(square),
            });
        }
        t.squares += 1;
    }

    fn step(&mut self, to: &str) {
        let t = &mut self.t;
        t.text.push('-');
        t.to = Some(t.text.len()..t.text.len() + to.len());
        t.text.push_str(to);
        t.step_count += 1;
        let step = read(to).ok().map(|to| PlyStep {
            to,
            captures: Vec::new(),
        });
        match (&mut t.steps, step) {
            (Some(steps), Some(step)) => steps.push(step),
            (steps, _) => *steps = None,
        }
        self.at.weight += 8;
    }

    fn capture(&mut self, square: &str) {
        let t = &mut self.t;
        t.text.push('x');
        t.text.push_str(square);
        if t.captures > 0 {
            t.captured.push(' ');
        }
        t.captured.push_str(square);
        t.captures += 1;
    }

    fn comment(&mut self, text: &str) {
        self.at.weight += text.len();
    }

    fn wants_after(&self) -> bool {
        true
    }

    fn lane_turns(&mut self, turns: &LaneTurns<'_, '_>) {
        let game = turns.game();
        // The positions after every turn are kept by the lane for a visitor that wants them:
        // else the turns go one by one, replayed.
        if game.afters.len() == game.turns.len() {
            self.push_clean(game);
        } else {
            turns.visit(self);
        }
    }

    fn after(&mut self, setup: &Setup) {
        self.position.clear();
        setup.append_text(&mut self.position);
        self.told = true;
    }

    fn turn_end(&mut self) {
        // A game the lane read tells each position; any other is replayed here.
        let after = std::mem::take(&mut self.told) || self.after();
        let t = &self.t;
        self.notation.text(0, &t.text);
        self.to.opt_text(0, t.to.clone().map(|at| &t.text[at]));
        for (column, placed) in self.placed.iter_mut().zip(&t.placed) {
            column.opt_text(0, placed.as_ref().map(|p| &t.text[p.at.clone()]));
        }
        self.steps.int(0, i64_of(t.step_count));
        self.captures.int(0, i64_of(t.captures));
        (self.captured).opt_text(0, (t.captures > 0).then_some(t.captured.as_str()));
        self.after
            .opt_bytes(0, after.then_some(self.position.as_slice()));
    }

    fn lines(&self) -> bool {
        true
    }

    fn variation(&mut self, path: &str) {
        let g = &mut self.at;
        // The variation starts where the turn it follows did; the line it leaves is kept.
        let line = std::mem::replace(&mut g.line, path.to_owned());
        let (state, before) = (g.before.clone(), g.before.take());
        g.outer
            .push((std::mem::replace(&mut g.state, state), before, line));
    }

    fn variation_end(&mut self) {
        if let Some((state, before, line)) = self.at.outer.pop() {
            (self.at.state, self.at.before, self.at.line) = (state, before, line);
        }
    }

    fn error(&mut self, e: &DiagnosticLine) {
        self.at.weight += 64 + e.message.len();
    }

    fn end(&mut self, _end: &GameEnd<'_>) {
        self.games.push((self.at.turns, self.at.weight));
    }
}

impl ChunkRows for TurnsRows {
    fn into_any(self: Box<Self>) -> Box<dyn Any + Send> {
        self
    }
}

impl Rows for TurnsRows {
    fn last_weight(&self) -> usize {
        self.games.last().map_or(0, |&(_, weight)| weight)
    }

    fn finish(&mut self, before: usize) -> Part {
        let before = i64_of(before);
        let mut game = self.game.take();
        if let Values::Int(v) = &mut game.values {
            v.iter_mut().for_each(|n| *n += before);
        }
        let [placed_1, placed_2] = &mut self.placed;
        let [number, side, kind, from, annotation, legal] = self.head.take();
        let leaves = vec![
            self.file.take(),
            game,
            self.line.take(),
            number,
            side,
            kind,
            legal,
            self.notation.take(),
            from,
            self.to.take(),
            placed_1.take(),
            placed_2.take(),
            self.steps.take(),
            self.captures.take(),
            self.captured.take(),
            annotation,
            self.after.take(),
        ];
        Part {
            leaves,
            games: std::mem::take(&mut self.games),
        }
    }
}
