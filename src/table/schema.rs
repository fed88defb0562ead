//! The two tables' schemas (`spec/parquet.md`), as Arrow schemas: the `parquet` crate makes
//! the file's Parquet schema from them and records them in its footer (`ARROW:schema`), so
//! that Arrow readers read the same types back. The leaves of `games.rs` and `turns.rs` come
//! in the order of these schemas' leaf columns (checked at every row group).

use std::sync::Arc;

use arrow_schema::{DataType, Field, FieldRef, Fields, Schema};

use crate::notation::KNOWN_TAGS;

fn text(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::Utf8, nullable)
}

fn int(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::Int64, nullable)
}

fn boolean(name: &str, nullable: bool) -> Field {
    Field::new(name, DataType::Boolean, nullable)
}

/// A list (never null) of items of type `data_type`, never null.
fn list(name: &str, data_type: DataType) -> Field {
    let item: FieldRef = Arc::new(Field::new("item", data_type, false));
    Field::new(name, DataType::List(item), false)
}

/// A list of structs of `fields`.
fn list_of_structs(name: &str, fields: Vec<Field>) -> Field {
    list(name, DataType::Struct(Fields::from(fields)))
}

/// The games table: one row per game.
pub fn games() -> Schema {
    let mut fields = vec![text("file", false), int("game", false)];
    // The known tags (`spec/notation.md`), each a column of its own named `tag_` and the tag
    // in lower case; every other tag goes in the `tags` map.
    for (name, _) in KNOWN_TAGS {
        fields.push(text(&format!("tag_{}", name.to_ascii_lowercase()), true));
    }
    let entries = Fields::from(vec![text("key", false), text("value", false)]);
    let entries = Field::new("entries", DataType::Struct(entries), false);
    fields.push(Field::new(
        "tags",
        DataType::Map(Arc::new(entries), false),
        false,
    ));
    fields.extend([
        text("rules", true),
        int("rules_size", true),
        text("rules_first_placer", true),
        text("rules_first_mover", true),
        text("rules_chain", true),
        boolean("rules_forced", true),
        text("rules_barrier", true),
        text("rules_centre", true),
        text("rules_blocked", true),
        int("rules_limit", true),
        text("result", true),
        text("termination", true),
        text("winner", true),
        boolean("valid", false),
        int("placement_turns", false),
        int("movement_turns", false),
        int("pass_turns", false),
        int("captures", false),
        text("final", true),
    ]);
    let errors = vec![
        text("severity", false),
        text("code", false),
        text("message", false),
        int("line", false),
        int("column", false),
        int("turn", true),
    ];
    let steps = vec![text("to", false), list("captures", DataType::Utf8)];
    let turns = vec![
        int("number", false),
        text("side", true),
        text("kind", false),
        list("squares", DataType::Utf8),
        text("from", true),
        list_of_structs("steps", steps),
        text("annotation", true),
        list("comments", DataType::Utf8),
        boolean("legal", false),
    ];
    fields.push(list_of_structs("errors", errors));
    fields.push(list_of_structs("turns", turns));
    Schema::new(fields)
}

/// The turns table: one row per turn.
pub fn turns() -> Schema {
    Schema::new(vec![
        text("file", false),
        int("game", false),
        text("line", false),
        int("turn", false),
        text("side", true),
        text("kind", false),
        boolean("legal", false),
        text("notation", false),
        text("from", true),
        text("to", true),
        text("placed_1", true),
        text("placed_2", true),
        int("steps", false),
        int("captures", false),
        text("captured", true),
        text("annotation", true),
        text("position_after", true),
    ])
}
