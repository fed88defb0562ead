//! The columns of `convert --to parquet`: one row per game (`spec/parquet.md`, the games
//! table), filled game by game from what a [`GameVisitor`] is told.

use std::any::Any;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, Int64Builder, StringBuilder};
use arrow_array::{Array, ArrayRef, BooleanArray, Int64Array, MapArray, RecordBatch};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, Field};
use seega::archive::convert::ChunkRows;
use seega::render::game_json::{RulesObject, Side};
use seega::render::game_view::{GameEnd, GameVisitor, TurnHead};
use seega::render::wire::DiagnosticLine;

use super::arrays::{HeadColumns, Texts, i64_of, item, list, list_of_structs, structs};
use super::{Part, Rows};

/// The known tags (`spec/notation.md`), each a column of its own named `tag_` and the tag in
/// lower case; every other tag goes in the `tags` map.
pub const KNOWN_TAGS: [&str; 11] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "Black",
    "White",
    "Result",
    "Rules",
    "Termination",
    "Position",
    "Annotator",
];

/// The columns of the resolved ruleset.
#[derive(Debug, Default)]
struct RulesColumns {
    text: StringBuilder,
    size: Int64Builder,
    first_placer: StringBuilder,
    first_mover: StringBuilder,
    chain: StringBuilder,
    forced: BooleanBuilder,
    barrier: StringBuilder,
    centre: StringBuilder,
    blocked: StringBuilder,
    limit: Int64Builder,
}

impl RulesColumns {
    fn push(&mut self, r: Option<&RulesObject>) {
        self.text.append_option(r.map(|r| &r.text));
        self.size.append_option(r.map(|r| i64::from(r.size)));
        (self.first_placer).append_option(r.map(|r| r.first_placer.as_str()));
        (self.first_mover).append_option(r.map(|r| r.first_mover.as_str()));
        self.chain.append_option(r.map(|r| &r.chain));
        self.forced.append_option(r.map(|r| r.forced));
        self.barrier.append_option(r.map(|r| &r.barrier));
        self.centre.append_option(r.map(|r| &r.centre));
        self.blocked.append_option(r.map(|r| &r.blocked));
        (self.limit).append_option(r.and_then(|r| r.limit).map(i64::from));
    }

    fn finish(&mut self, columns: &mut Vec<(String, ArrayRef, bool)>) {
        let mut push = |name: &str, a: ArrayRef| columns.push((name.into(), a, true));
        push("rules", Arc::new(self.text.finish()));
        push("rules_size", Arc::new(self.size.finish()));
        push("rules_first_placer", Arc::new(self.first_placer.finish()));
        push("rules_first_mover", Arc::new(self.first_mover.finish()));
        push("rules_chain", Arc::new(self.chain.finish()));
        push("rules_forced", Arc::new(self.forced.finish()));
        push("rules_barrier", Arc::new(self.barrier.finish()));
        push("rules_centre", Arc::new(self.centre.finish()));
        push("rules_blocked", Arc::new(self.blocked.finish()));
        push("rules_limit", Arc::new(self.limit.finish()));
    }
}

/// The items of the `turns` column.
#[derive(Debug, Default)]
struct TurnColumns {
    /// Turns of each game.
    per_game: Vec<usize>,
    head: HeadColumns,
    squares: Texts,
    /// Steps of each turn.
    steps: Vec<usize>,
    to: StringBuilder,
    captures: Texts,
    comments: Texts,
}

impl TurnColumns {
    /// Room for `n` turns.
    fn with_capacity(n: usize) -> TurnColumns {
        let text = || StringBuilder::with_capacity(n, 5 * n);
        TurnColumns {
            head: HeadColumns::with_capacity(n, 5),
            squares: Texts::with_capacity(n),
            steps: Vec::with_capacity(n),
            to: text(),
            captures: Texts::with_capacity(n),
            comments: Texts::with_capacity(n),
            ..TurnColumns::default()
        }
    }

    fn column(&mut self) -> ArrayRef {
        let steps = structs(vec![
            ("to", Arc::new(self.to.finish()), false),
            ("captures", self.captures.list(), false),
        ]);
        let steps = list(
            item(steps.data_type().clone(), false),
            std::mem::take(&mut self.steps).into_iter(),
            Arc::new(steps),
        );
        let head = self.head.finish();
        list_of_structs(
            vec![
                ("number", head.number, false),
                ("side", head.side, true),
                ("kind", head.kind, false),
                ("squares", self.squares.list(), false),
                ("from", head.from, true),
                ("steps", steps, false),
                ("annotation", head.annotation, true),
                ("comments", self.comments.list(), false),
                ("legal", head.legal, false),
            ],
            &mut self.per_game,
        )
    }
}

/// The items of the `errors` column.
#[derive(Debug, Default)]
struct ErrorColumns {
    /// Diagnostics of each game.
    per_game: Vec<usize>,
    severity: StringBuilder,
    code: StringBuilder,
    message: StringBuilder,
    line: Vec<i64>,
    column: Vec<i64>,
    turn: Int64Builder,
}

impl ErrorColumns {
    fn column(&mut self) -> ArrayRef {
        let int = |v: &mut Vec<i64>| -> ArrayRef { Arc::new(Int64Array::from(std::mem::take(v))) };
        list_of_structs(
            vec![
                ("severity", Arc::new(self.severity.finish()), false),
                ("code", Arc::new(self.code.finish()), false),
                ("message", Arc::new(self.message.finish()), false),
                ("line", int(&mut self.line), false),
                ("column", int(&mut self.column), false),
                ("turn", Arc::new(self.turn.finish()), true),
            ],
            &mut self.per_game,
        )
    }
}

/// What is counted of the game being read.
#[derive(Debug, Default)]
struct Game {
    /// Its tags' names and values, one after the other.
    tags: Vec<(std::ops::Range<usize>, std::ops::Range<usize>)>,
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
#[derive(Debug, Default)]
pub struct GamesRows {
    file: StringBuilder,
    game: Vec<i64>,
    known: [StringBuilder; 11],
    /// The `tags` map: entries of each game, keys, values.
    others: Vec<usize>,
    keys: StringBuilder,
    values: StringBuilder,
    rules: RulesColumns,
    result: StringBuilder,
    termination: StringBuilder,
    winner: StringBuilder,
    valid: Vec<bool>,
    kinds: [Vec<i64>; 3],
    captures: Vec<i64>,
    last: StringBuilder,
    errors: ErrorColumns,
    turns: TurnColumns,
    at: Game,
    weights: Vec<usize>,
}

impl GamesRows {
    /// Rows with room for the turns of a chunk of games: about its bytes over 8 (a turn and
    /// its move number take 8 to 12 bytes), so that the turns' columns seldom grow.
    pub fn for_chunk(bytes: usize) -> GamesRows {
        GamesRows {
            turns: TurnColumns::with_capacity(bytes / 8),
            ..GamesRows::default()
        }
    }

    /// The tags of the game read, into the known tags' columns and the map.
    fn tags(&mut self) {
        let g = &self.at;
        let value = |name: &str| {
            (g.tags.iter())
                .find(|(n, _)| &g.text[n.clone()] == name)
                .map(|(_, v)| &g.text[v.clone()])
        };
        for (column, name) in self.known.iter_mut().zip(KNOWN_TAGS) {
            column.append_option(value(name));
        }
        let mut entries = 0;
        for (i, (n, v)) in g.tags.iter().enumerate() {
            let name = &g.text[n.clone()];
            let first = !g.tags[..i].iter().any(|(m, _)| &g.text[m.clone()] == name);
            if first && !KNOWN_TAGS.contains(&name) {
                self.keys.append_value(name);
                self.values.append_value(&g.text[v.clone()]);
                entries += 1;
            }
        }
        self.others.push(entries);
    }

    /// The `tags` column: a map from tag name to value.
    fn tags_column(&mut self) -> Result<ArrayRef, ArrowError> {
        let entries = structs(vec![
            ("key", Arc::new(self.keys.finish()), false),
            ("value", Arc::new(self.values.finish()), false),
        ]);
        let field = Arc::new(Field::new("entries", entries.data_type().clone(), false));
        let offsets = OffsetBuffer::from_lengths(std::mem::take(&mut self.others));
        Ok(Arc::new(MapArray::try_new(
            field, offsets, entries, None, false,
        )?))
    }
}

impl GameVisitor for GamesRows {
    fn game(&mut self, file: &str, game: usize) {
        self.file.append_value(file);
        self.game.push(i64_of(game));
        self.at.tags.clear();
        self.at.text.clear();
        self.at.kinds = [0; 3];
        self.at.captures = 0;
        self.at.turns = 0;
        self.at.errors = 0;
        self.at.weight = file.len() + 128;
    }

    fn tag(&mut self, name: &str, value: &str) {
        let t = &mut self.at.text;
        let n = t.len()..t.len() + name.len();
        t.push_str(name);
        let v = t.len()..t.len() + value.len();
        t.push_str(value);
        self.at.tags.push((n, v));
        self.at.weight += name.len() + value.len();
    }

    fn rules(&mut self, rules: Option<&RulesObject>) {
        self.tags();
        self.rules.push(rules);
    }

    fn turn(&mut self, turn: &TurnHead<'_>) {
        let t = &mut self.turns;
        t.head.push(turn);
        t.steps.push(0);
        t.squares.start();
        t.comments.start();
        self.at.legal = turn.legal;
        if turn.legal {
            self.at.kinds[turn.kind as usize] += 1;
        }
        self.at.turns += 1;
        self.at.weight += 32;
    }

    fn square(&mut self, square: &str) {
        self.turns.squares.push(square);
    }

    fn step(&mut self, to: &str) {
        let t = &mut self.turns;
        t.to.append_value(to);
        t.captures.start();
        if let Some(n) = t.steps.last_mut() {
            *n += 1;
        }
        self.at.weight += 8;
    }

    fn capture(&mut self, square: &str) {
        self.turns.captures.push(square);
        self.at.captures += i64::from(self.at.legal);
    }

    fn comment(&mut self, text: &str) {
        self.turns.comments.push(text);
        self.at.weight += text.len();
    }

    fn turn_end(&mut self) {}

    fn error(&mut self, e: &DiagnosticLine) {
        let c = &mut self.errors;
        c.severity.append_value(&e.severity);
        c.code.append_value(&e.code);
        c.message.append_value(&e.message);
        c.line.push(i64_of(e.line));
        c.column.push(i64_of(e.column));
        c.turn.append_option(e.turn.map(i64_of));
        self.at.errors += 1;
        self.at.weight += 64 + e.message.len();
    }

    fn end(&mut self, end: &GameEnd<'_>) {
        self.result.append_option(end.result);
        self.termination.append_option(end.termination);
        self.winner.append_option(end.winner.map(Side::as_str));
        self.valid.push(end.valid);
        for (column, n) in self.kinds.iter_mut().zip(self.at.kinds) {
            column.push(n);
        }
        self.captures.push(self.at.captures);
        self.last.append_option(end.final_position);
        self.errors.per_game.push(self.at.errors);
        self.turns.per_game.push(self.at.turns);
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

    fn finish(&mut self, before: usize) -> Result<Part, ArrowError> {
        let before = i64_of(before);
        let int = |v: &mut Vec<i64>| -> ArrayRef { Arc::new(Int64Array::from(std::mem::take(v))) };
        let game: Vec<i64> = self.game.drain(..).map(|n| n + before).collect();
        let mut columns: Vec<(String, ArrayRef, bool)> = vec![
            ("file".into(), Arc::new(self.file.finish()), false),
            ("game".into(), Arc::new(Int64Array::from(game)), false),
        ];
        for (column, name) in self.known.iter_mut().zip(KNOWN_TAGS) {
            let name = format!("tag_{}", name.to_ascii_lowercase());
            columns.push((name, Arc::new(column.finish()), true));
        }
        columns.push(("tags".into(), self.tags_column()?, false));
        self.rules.finish(&mut columns);
        let valid = Arc::new(BooleanArray::from(std::mem::take(&mut self.valid)));
        let [place, movement, pass] = &mut self.kinds;
        columns.extend([
            (
                "result".into(),
                Arc::new(self.result.finish()) as ArrayRef,
                true,
            ),
            (
                "termination".into(),
                Arc::new(self.termination.finish()),
                true,
            ),
            ("winner".into(), Arc::new(self.winner.finish()), true),
            ("valid".into(), valid, false),
            ("placement_turns".into(), int(place), false),
            ("movement_turns".into(), int(movement), false),
            ("pass_turns".into(), int(pass), false),
            ("captures".into(), int(&mut self.captures), false),
            ("final".into(), Arc::new(self.last.finish()), true),
            ("errors".into(), self.errors.column(), false),
            ("turns".into(), self.turns.column(), false),
        ]);
        let weights = std::mem::take(&mut self.weights);
        Ok(Part {
            batch: RecordBatch::try_from_iter_with_nullable(columns)?,
            games: weights.into_iter().map(|w| (1, w)).collect(),
        })
    }
}
