//! The leaves of `convert --to parquet`: one row per game (`spec/parquet.md`, the games
//! table), filled game by game from what a [`GameVisitor`] is told, in the order of
//! [`super::schema::games`].

use std::any::Any;
use std::ops::Range;

use crate::archive::convert::ChunkRows;
use crate::notation::KNOWN_TAGS;
use crate::render::game_json::{RulesObject, Side};
use crate::render::game_view::{GameEnd, GameVisitor, LaneTurns, TurnHead};
use crate::render::wire::DiagnosticLine;

use super::column::{Leaf, Names};
use super::head::{HeadLeaves, i64_of};
use super::{Part, Rows};

mod lane;

/// The leaves of the resolved ruleset, optional columns.
#[derive(Debug)]
struct RulesLeaves {
    text: Leaf,
    size: Leaf,
    first_placer: Leaf,
    first_mover: Leaf,
    chain: Leaf,
    forced: Leaf,
    barrier: Leaf,
    centre: Leaf,
    blocked: Leaf,
    limit: Leaf,
}

impl RulesLeaves {
    /// Leaves with room for `g` games.
    fn new(g: usize) -> RulesLeaves {
        let texts = |bytes: usize| Leaf::texts(0, 1).with_room(g, bytes);
        let ints = || Leaf::ints(0, 1).with_room(g, 0);
        RulesLeaves {
            text: texts(8),
            size: ints(),
            first_placer: texts(5),
            first_mover: texts(5),
            chain: texts(8),
            forced: Leaf::bools(0, 1).with_room(g, 0),
            barrier: texts(8),
            centre: texts(8),
            blocked: texts(8),
            limit: ints(),
        }
    }

    fn push(&mut self, r: Option<&RulesObject>) {
        self.text.opt_text(0, r.map(|r| r.text.as_str()));
        self.size.opt_int(0, r.map(|r| i64::from(r.size)));
        (self.first_placer).opt_text(0, r.map(|r| r.first_placer.as_str()));
        (self.first_mover).opt_text(0, r.map(|r| r.first_mover.as_str()));
        self.chain.opt_text(0, r.map(|r| r.chain.as_str()));
        self.forced.opt_bool(0, r.map(|r| r.forced));
        self.barrier.opt_text(0, r.map(|r| r.barrier.as_str()));
        self.centre.opt_text(0, r.map(|r| r.centre.as_str()));
        self.blocked.opt_text(0, r.map(|r| r.blocked.as_str()));
        (self.limit).opt_int(0, r.and_then(|r| r.limit).map(i64::from));
    }

    fn finish(&mut self, leaves: &mut Vec<Leaf>) {
        for leaf in [
            &mut self.text,
            &mut self.size,
            &mut self.first_placer,
            &mut self.first_mover,
            &mut self.chain,
            &mut self.forced,
            &mut self.barrier,
            &mut self.centre,
            &mut self.blocked,
            &mut self.limit,
        ] {
            leaves.push(leaf.take());
        }
    }
}

/// The leaves of the `turns` list: its items' fields at repetition level 1, the lists in
/// them (squares, steps, comments) at 2, the captures of a step at 3.
#[derive(Debug)]
struct TurnLeaves {
    head: HeadLeaves,
    squares: Leaf,
    to: Leaf,
    captures: Leaf,
    comments: Leaf,
    /// The repetition level of the turn being read (0 for a game's first), and its squares,
    /// steps, comments and the last step's captures so far.
    rep: u8,
    counts: [usize; 4],
}

impl TurnLeaves {
    /// Leaves with room for `n` turns.
    fn new(n: usize) -> TurnLeaves {
        TurnLeaves {
            head: HeadLeaves::new(1, 1, n),
            squares: Leaf::coded(2, 2, Names::Squares).with_room(n, 0),
            to: Leaf::coded(2, 2, Names::Squares).with_room(n, 0),
            captures: Leaf::coded(3, 3, Names::Squares).with_room(n, 0),
            comments: Leaf::texts(2, 2).with_room(n, 0),
            rep: 0,
            counts: [0; 4],
        }
    }

    /// The repetition level of the next item of a list in the turn, its `count`th so far.
    fn rep(&self, count: usize) -> u8 {
        if count == 0 { self.rep } else { 2 }
    }

    /// The end of the last step: an empty list of captures if it had none.
    fn step_end(&mut self) {
        if self.counts[1] > 0 && self.counts[3] == 0 {
            let rep = self.rep(self.counts[1] - 1);
            self.captures.listed_null(rep, 2);
        }
    }

    fn end(&mut self) {
        self.step_end();
        if self.counts[0] == 0 {
            self.squares.listed_null(self.rep, 1);
        }
        if self.counts[1] == 0 {
            self.to.listed_null(self.rep, 1);
            self.captures.listed_null(self.rep, 1);
        }
        if self.counts[2] == 0 {
            self.comments.listed_null(self.rep, 1);
        }
    }

    fn finish(&mut self, leaves: &mut Vec<Leaf>) {
        let [number, side, kind, from, annotation, legal] = self.head.take();
        leaves.extend([number, side, kind, self.squares.take(), from]);
        leaves.extend([self.to.take(), self.captures.take(), annotation]);
        leaves.extend([self.comments.take(), legal]);
    }
}

/// The leaves of the `errors` list.
#[derive(Debug)]
struct ErrorLeaves {
    severity: Leaf,
    code: Leaf,
    message: Leaf,
    line: Leaf,
    column: Leaf,
    turn: Leaf,
}

impl ErrorLeaves {
    fn new() -> ErrorLeaves {
        ErrorLeaves {
            severity: Leaf::texts(1, 1),
            code: Leaf::texts(1, 1),
            message: Leaf::texts(1, 1),
            line: Leaf::ints(1, 1),
            column: Leaf::ints(1, 1),
            turn: Leaf::ints(1, 2),
        }
    }

    fn leaves(&mut self) -> [&mut Leaf; 6] {
        [
            &mut self.severity,
            &mut self.code,
            &mut self.message,
            &mut self.line,
            &mut self.column,
            &mut self.turn,
        ]
    }
}

/// What is counted of the game being read.
#[derive(Debug, Default)]
struct Game {
    /// Where the first value of each known tag is in `text`, and the names and values of
    /// the other tags, each name once (its first value).
    known: [Option<Range<usize>>; 11],
    others: Vec<(Range<usize>, Range<usize>)>,
    text: String,
    /// Legal placements, movements and passes.
    kinds: [i64; 3],
    captures: i64,
    /// Whether the turn being read is legal.
    legal: bool,
    turns: usize,
    errors: usize,
    weight: usize,
}

/// The rows of the games table, game by game.
#[derive(Debug)]
pub struct GamesRows {
    file: Leaf,
    game: Leaf,
    known: [Leaf; 11],
    /// The `tags` map's keys and values.
    keys: Leaf,
    values: Leaf,
    rules: RulesLeaves,
    result: Leaf,
    termination: Leaf,
    winner: Leaf,
    valid: Leaf,
    kinds: [Leaf; 3],
    captures: Leaf,
    last: Leaf,
    errors: ErrorLeaves,
    turns: TurnLeaves,
    at: Game,
    weights: Vec<usize>,
}

impl GamesRows {
    /// Rows with room for the turns of a chunk of `bytes` bytes of notation: about its bytes
    /// over 8 (a turn and its move number take 8 to 12 bytes), and for its games (about its
    /// bytes over 256; a game seldom takes fewer), so that the leaves seldom grow.
    pub fn for_chunk(bytes: usize) -> GamesRows {
        let g = bytes / 256;
        let texts = |bytes: usize| Leaf::texts(0, 1).with_room(g, bytes);
        let ints = || Leaf::ints(0, 0).with_room(g, 0);
        GamesRows {
            file: Leaf::texts(0, 0).with_room(g, 16),
            game: ints(),
            known: std::array::from_fn(|_| texts(8)),
            keys: Leaf::texts(1, 1),
            values: Leaf::texts(1, 1),
            rules: RulesLeaves::new(g),
            result: texts(3),
            termination: texts(8),
            winner: texts(5),
            valid: Leaf::bools(0, 0).with_room(g, 0),
            kinds: std::array::from_fn(|_| ints()),
            captures: ints(),
            last: texts(40),
            errors: ErrorLeaves::new(),
            turns: TurnLeaves::new(bytes / 8),
            at: Game::default(),
            weights: Vec::with_capacity(g),
        }
    }
}

impl GamesRows {
    /// The tags of the game read, into the known tags' columns and the map.
    fn tags(&mut self) {
        let g = &self.at;
        for (column, at) in self.known.iter_mut().zip(&g.known) {
            column.opt_text(0, at.clone().map(|at| &g.text[at]));
        }
        for (i, (n, v)) in g.others.iter().enumerate() {
            let rep = u8::from(i > 0);
            self.keys.text(rep, &g.text[n.clone()]);
            self.values.text(rep, &g.text[v.clone()]);
        }
        if g.others.is_empty() {
            self.keys.null(0, 0);
            self.values.null(0, 0);
        }
    }
}

impl GameVisitor for GamesRows {
    fn game(&mut self, file: &str, game: usize) {
        self.file.text(0, file);
        self.game.int(0, i64_of(game));
        self.at.known = Default::default();
        self.at.others.clear();
        self.at.text.clear();
        self.at.kinds = [0; 3];
        self.at.captures = 0;
        self.at.turns = 0;
        self.at.errors = 0;
        self.at.weight = file.len() + 128;
    }

    fn tag(&mut self, name: &str, value: &str) {
        let g = &mut self.at;
        g.weight += name.len() + value.len();
        let known = KNOWN_TAGS.iter().position(|(k, _)| *k == name);
        let first = match known {
            Some(k) => g.known[k].is_none(),
            None => !(g.others.iter()).any(|(n, _)| &g.text[n.clone()] == name),
        };
        if !first {
            return;
        }
        let n = g.text.len()..g.text.len() + name.len();
        g.text.push_str(name);
        let v = g.text.len()..g.text.len() + value.len();
        g.text.push_str(value);
        match known {
            Some(k) => g.known[k] = Some(v),
            None => g.others.push((n, v)),
        }
    }

    fn rules(&mut self, rules: Option<&RulesObject>) {
        self.tags();
        self.rules.push(rules);
    }

    fn turn(&mut self, turn: &TurnHead<'_>) {
        let t = &mut self.turns;
        t.rep = u8::from(self.at.turns > 0);
        t.counts = [0; 4];
        t.head.push(t.rep, turn);
        self.at.legal = turn.legal;
        if turn.legal {
            self.at.kinds[turn.kind as usize] += 1;
        }
        self.at.turns += 1;
        self.at.weight += 32;
    }

    fn square(&mut self, square: &str) {
        let t = &mut self.turns;
        t.squares.listed_square(t.rep(t.counts[0]), square);
        t.counts[0] += 1;
    }

    fn step(&mut self, to: &str) {
        let t = &mut self.turns;
        t.step_end();
        t.to.listed_square(t.rep(t.counts[1]), to);
        t.counts[1] += 1;
        t.counts[3] = 0;
        self.at.weight += 8;
    }

    fn capture(&mut self, square: &str) {
        let t = &mut self.turns;
        let rep = if t.counts[3] > 0 {
            3
        } else {
            t.rep(t.counts[1].saturating_sub(1))
        };
        t.captures.listed_square(rep, square);
        t.counts[3] += 1;
        self.at.captures += i64::from(self.at.legal);
    }

    fn comment(&mut self, text: &str) {
        let t = &mut self.turns;
        t.comments.text(t.rep(t.counts[2]), text);
        t.counts[2] += 1;
        self.at.weight += text.len();
    }

    fn turn_end(&mut self) {
        self.turns.end();
    }

    fn lane_turns(&mut self, turns: &LaneTurns<'_, '_>) {
        self.turns.push_clean(turns.game(), &mut self.at);
    }

    fn error(&mut self, e: &DiagnosticLine) {
        let rep = u8::from(self.at.errors > 0);
        let c = &mut self.errors;
        c.severity.text(rep, &e.severity);
        c.code.text(rep, &e.code);
        c.message.text(rep, &e.message);
        c.line.int(rep, i64_of(e.line));
        c.column.int(rep, i64_of(e.column));
        c.turn.opt_int(rep, e.turn.map(i64_of));
        self.at.errors += 1;
        self.at.weight += 64 + e.message.len();
    }

    fn end(&mut self, end: &GameEnd<'_>) {
        self.result.opt_text(0, end.result);
        self.termination.opt_text(0, end.termination);
        self.winner.opt_text(0, end.winner.map(Side::as_str));
        self.valid.bool(0, end.valid);
        for (column, n) in self.kinds.iter_mut().zip(self.at.kinds) {
            column.int(0, n);
        }
        self.captures.int(0, self.at.captures);
        self.last.opt_text(0, end.final_position);
        if self.at.errors == 0 {
            self.errors.leaves().into_iter().for_each(|l| l.null(0, 0));
        }
        if self.at.turns == 0 {
            let t = &mut self.turns;
            t.head.none();
            for leaf in [&mut t.squares, &mut t.to, &mut t.captures, &mut t.comments] {
                leaf.null(0, 0);
            }
        }
        self.weights.push(self.at.weight);
    }
}

impl ChunkRows for GamesRows {
    fn into_any(self: Box<Self>) -> Box<dyn Any + Send> {
        self
    }
}

impl Rows for GamesRows {
    fn last_weight(&self) -> usize {
        self.weights.last().copied().unwrap_or(0)
    }

    fn finish(&mut self, before: usize) -> Part {
        let before = i64_of(before);
        let mut game = self.game.take();
        if let super::column::Values::Int(v) = &mut game.values {
            v.iter_mut().for_each(|n| *n += before);
        }
        let mut leaves = vec![self.file.take(), game];
        leaves.extend(self.known.iter_mut().map(Leaf::take));
        leaves.extend([self.keys.take(), self.values.take()]);
        self.rules.finish(&mut leaves);
        leaves.extend([
            self.result.take(),
            self.termination.take(),
            self.winner.take(),
            self.valid.take(),
        ]);
        leaves.extend(self.kinds.iter_mut().map(Leaf::take));
        leaves.extend([self.captures.take(), self.last.take()]);
        leaves.extend(self.errors.leaves().into_iter().map(|l| l.take()));
        self.turns.finish(&mut leaves);
        let weights = std::mem::take(&mut self.weights);
        Part {
            leaves,
            games: weights.into_iter().map(|w| (1, w)).collect(),
        }
    }
}
