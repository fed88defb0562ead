//! The columns of `convert --to parquet`: one row per game (`spec/parquet.md`, the games
//! table), built from game objects.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, MapArray, RecordBatch, StructArray};
use arrow_buffer::OffsetBuffer;
use arrow_schema::{ArrowError, Field};
use seega::render::game_json::{
    GameObject, HeaderItem, KindName, RulesObject, Side, StepObject, TurnObject,
};

use super::arrays::{
    boolean, i64_of, int, item, list, maybe_boolean, maybe_int, maybe_text, structs, text,
    text_list,
};

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

/// A side's name as the JSON writes it.
pub fn side_name(s: Side) -> &'static str {
    match s {
        Side::Black => "black",
        Side::White => "white",
    }
}

/// A turn kind's name as the JSON writes it.
pub fn kind_name(k: KindName) -> &'static str {
    match k {
        KindName::Place => "place",
        KindName::Move => "move",
        KindName::Pass => "pass",
    }
}

/// The first value of the tag `name` in `g`.
pub fn tag<'g>(g: &'g GameObject, name: &str) -> Option<&'g str> {
    g.headers.iter().find_map(|h| match h {
        HeaderItem::Tag { name: n, value } if n == name => Some(value.as_str()),
        _ => None,
    })
}

/// The tags of `g` that are not known, each name once with its first value, in file order.
fn other_tags(g: &GameObject) -> Vec<(&str, &str)> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    for h in &g.headers {
        if let HeaderItem::Tag { name, value } = h {
            let known = KNOWN_TAGS.contains(&name.as_str());
            if !known && !out.iter().any(|(n, _)| n == name) {
                out.push((name, value));
            }
        }
    }
    out
}

/// The pieces the legal turns of `g` captured.
pub fn captures(g: &GameObject) -> usize {
    (g.turns.iter().filter(|t| t.legal))
        .flat_map(|t| &t.steps)
        .map(|s| s.captures.len())
        .sum()
}

/// The legal turns of `g` of kind `kind`.
fn turns_of(g: &GameObject, kind: KindName) -> usize {
    (g.turns.iter())
        .filter(|t| t.legal && t.kind == kind)
        .count()
}

/// The `tags` column: a map from tag name to value.
fn tags_column(games: &[GameObject]) -> Result<ArrayRef, ArrowError> {
    let tags: Vec<Vec<(&str, &str)>> = games.iter().map(other_tags).collect();
    let entries = tags.iter().flatten();
    let entries = structs(vec![
        ("key", text(entries.clone().map(|(k, _)| *k)), false),
        ("value", text(entries.map(|(_, v)| *v)), false),
    ]);
    let field = Arc::new(Field::new("entries", entries.data_type().clone(), false));
    let offsets = OffsetBuffer::from_lengths(tags.iter().map(Vec::len));
    Ok(Arc::new(MapArray::try_new(
        field, offsets, entries, None, false,
    )?))
}

/// The steps of a list of turns, as a list column (one list per turn).
fn steps_column<'a>(turns: impl Iterator<Item = &'a TurnObject> + Clone) -> ArrayRef {
    let steps: Vec<&StepObject> = turns.clone().flat_map(|t| &t.steps).collect();
    let to = text(steps.iter().map(|s| s.to.as_str()));
    let captures = text_list(steps.iter().map(|s| s.captures.iter().map(String::as_str)));
    let values = structs(vec![("to", to, false), ("captures", captures, false)]);
    let field = item(values.data_type().clone(), false);
    list(field, turns.map(|t| t.steps.len()), Arc::new(values))
}

/// The `turns` column: a list of turn structs.
fn turns_column(games: &[GameObject]) -> ArrayRef {
    let turns = games.iter().flat_map(|g| &g.turns);
    let values: StructArray = structs(vec![
        (
            "number",
            int(turns.clone().map(|t| i64_of(t.number))),
            false,
        ),
        (
            "side",
            maybe_text(turns.clone().map(|t| t.side.map(side_name))),
            true,
        ),
        (
            "kind",
            text(turns.clone().map(|t| kind_name(t.kind))),
            false,
        ),
        (
            "squares",
            text_list(turns.clone().map(|t| t.squares.iter().map(String::as_str))),
            false,
        ),
        (
            "from",
            maybe_text(turns.clone().map(|t| t.from.as_deref())),
            true,
        ),
        ("steps", steps_column(turns.clone()), false),
        (
            "annotation",
            maybe_text(turns.clone().map(|t| t.annotation.as_deref())),
            true,
        ),
        (
            "comments",
            text_list(
                turns
                    .clone()
                    .map(|t| t.comments.iter().map(|c| c.text.as_str())),
            ),
            false,
        ),
        ("legal", boolean(turns.map(|t| t.legal)), false),
    ]);
    let field = item(values.data_type().clone(), false);
    list(field, games.iter().map(|g| g.turns.len()), Arc::new(values))
}

/// The `errors` column: a list of diagnostic structs, warnings included.
fn errors_column(games: &[GameObject]) -> ArrayRef {
    let errors = games.iter().flat_map(|g| &g.errors);
    let values = structs(vec![
        (
            "severity",
            text(errors.clone().map(|e| e.severity.as_str())),
            false,
        ),
        ("code", text(errors.clone().map(|e| e.code.as_str())), false),
        (
            "message",
            text(errors.clone().map(|e| e.message.as_str())),
            false,
        ),
        ("line", int(errors.clone().map(|e| i64_of(e.line))), false),
        (
            "column",
            int(errors.clone().map(|e| i64_of(e.column))),
            false,
        ),
        ("turn", maybe_int(errors.map(|e| e.turn.map(i64_of))), true),
    ]);
    let field = item(values.data_type().clone(), false);
    list(
        field,
        games.iter().map(|g| g.errors.len()),
        Arc::new(values),
    )
}

/// The columns of the resolved ruleset, all null when the Rules tag cannot be read.
fn rules_columns(games: &[GameObject]) -> Vec<(String, ArrayRef, bool)> {
    let rules = || games.iter().map(|g| g.rules.as_ref());
    let word = |f: fn(&RulesObject) -> &str| maybe_text(rules().map(move |r| r.map(f)));
    vec![
        ("rules".into(), word(|r| &r.text), true),
        (
            "rules_size".into(),
            maybe_int(rules().map(|r| r.map(|r| i64::from(r.size)))),
            true,
        ),
        (
            "rules_first_placer".into(),
            word(|r| side_name(r.first_placer)),
            true,
        ),
        (
            "rules_first_mover".into(),
            word(|r| side_name(r.first_mover)),
            true,
        ),
        ("rules_chain".into(), word(|r| &r.chain), true),
        (
            "rules_forced".into(),
            maybe_boolean(rules().map(|r| r.map(|r| r.forced))),
            true,
        ),
        ("rules_barrier".into(), word(|r| &r.barrier), true),
        ("rules_centre".into(), word(|r| &r.centre), true),
        ("rules_blocked".into(), word(|r| &r.blocked), true),
        (
            "rules_limit".into(),
            maybe_int(rules().map(|r| r.and_then(|r| r.limit).map(i64::from))),
            true,
        ),
    ]
}

/// The games table's rows for `games`, one row group's worth.
pub fn batch(games: &[GameObject]) -> Result<RecordBatch, ArrowError> {
    let g = || games.iter();
    let mut columns: Vec<(String, ArrayRef, bool)> = vec![
        ("file".into(), text(g().map(|g| g.file.as_str())), false),
        ("game".into(), int(g().map(|g| i64_of(g.game))), false),
    ];
    for name in KNOWN_TAGS {
        let values = maybe_text(g().map(|g| tag(g, name)));
        columns.push((format!("tag_{}", name.to_ascii_lowercase()), values, true));
    }
    columns.push(("tags".into(), tags_column(games)?, false));
    columns.extend(rules_columns(games));
    let outcome = || g().map(|g| g.outcome.as_ref());
    columns.extend([
        (
            "result".into(),
            maybe_text(g().map(|g| g.result.as_deref())),
            true,
        ),
        (
            "termination".into(),
            maybe_text(outcome().map(|o| o.map(|o| o.termination.as_str()))),
            true,
        ),
        (
            "winner".into(),
            maybe_text(outcome().map(|o| o.and_then(|o| o.winner).map(side_name))),
            true,
        ),
        ("valid".into(), boolean(g().map(|g| g.valid)), false),
        (
            "placement_turns".into(),
            int(g().map(|g| i64_of(turns_of(g, KindName::Place)))),
            false,
        ),
        (
            "movement_turns".into(),
            int(g().map(|g| i64_of(turns_of(g, KindName::Move)))),
            false,
        ),
        (
            "pass_turns".into(),
            int(g().map(|g| i64_of(turns_of(g, KindName::Pass)))),
            false,
        ),
        (
            "captures".into(),
            int(g().map(|g| i64_of(captures(g)))),
            false,
        ),
        (
            "final".into(),
            maybe_text(g().map(|g| g.final_position.as_deref())),
            true,
        ),
        ("errors".into(), errors_column(games), false),
        ("turns".into(), turns_column(games), false),
    ]);
    RecordBatch::try_from_iter_with_nullable(columns)
}
