//! The columns of `convert --to parquet-turns`: one row per turn (`spec/parquet.md`, the turns
//! table), built from game objects, with the position after each legal turn replayed on a
//! [`GameState`].

use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::ArrowError;
use seega::render::game_json::{GameObject, KindName, TurnObject, square};
use seega::{GameState, Ply, PlyStep, Ruleset, Setup};

use super::arrays::{boolean, i64_of, int, maybe_text, text};
use super::games::{kind_name, side_name, tag};

/// One row of the turns table.
struct Row<'g> {
    game: &'g GameObject,
    turn: &'g TurnObject,
    /// The turn in notation, captures written out.
    text: String,
    /// The pieces it captured, space-separated, or `None`.
    captured: Option<String>,
    /// The position string after it, when it was legal and replayed.
    after: Option<String>,
}

/// The game's start, as the referee set it up: its ruleset and its Position tag; `None` when
/// either cannot be read (the game was not replayed).
fn start(g: &GameObject) -> Option<GameState> {
    let rules = Ruleset::parse(&g.rules.as_ref()?.text).ok()?;
    match tag(g, "Position") {
        Some(text) => GameState::from_setup(rules, &Setup::parse(text).ok()?).ok(),
        None => Some(GameState::new(rules)),
    }
}

/// The turn as a ply to play, its captures left to the engine.
fn ply(t: &TurnObject) -> Option<Ply> {
    Some(match t.kind {
        KindName::Pass => Ply::Pass,
        KindName::Place => match t.squares.as_slice() {
            [a, b] => Ply::Place(square(a).ok()?, square(b).ok()?),
            _ => return None,
        },
        KindName::Move => Ply::Move {
            from: square(t.from.as_deref()?).ok()?,
            steps: (t.steps.iter())
                .map(|s| {
                    square(&s.to).map(|to| PlyStep {
                        to,
                        captures: Vec::new(),
                    })
                })
                .collect::<Result<_, _>>()
                .ok()?,
        },
    })
}

/// The turn in notation: `c2,d4`, `b2-b3xb4-c4`, `--`.
fn notation(t: &TurnObject) -> String {
    match t.kind {
        KindName::Pass => "--".into(),
        KindName::Place => t.squares.join(","),
        KindName::Move => {
            let mut s = t.from.clone().unwrap_or_default();
            for step in &t.steps {
                s.push('-');
                s.push_str(&step.to);
                for c in &step.captures {
                    s.push('x');
                    s.push_str(c);
                }
            }
            s
        }
    }
}

/// The rows of `g`, one per turn written, replaying its legal turns.
fn rows(g: &GameObject) -> impl Iterator<Item = Row<'_>> {
    let mut state = start(g);
    g.turns.iter().map(move |turn| {
        let after = match (&mut state, turn.legal) {
            (Some(s), true) => match ply(turn).map(|p| s.play(&p)) {
                Some(Ok(_)) => Some(s.setup().to_string()),
                _ => {
                    state = None;
                    None
                }
            },
            _ => None,
        };
        let captured: Vec<&str> = (turn.steps.iter())
            .flat_map(|s| &s.captures)
            .map(String::as_str)
            .collect();
        Row {
            game: g,
            turn,
            text: notation(turn),
            captured: (!captured.is_empty()).then(|| captured.join(" ")),
            after,
        }
    })
}

/// The turns table's rows for the turns of `games`, one row group's worth.
pub fn batch(games: &[GameObject]) -> Result<RecordBatch, ArrowError> {
    let rows: Vec<Row<'_>> = games.iter().flat_map(rows).collect();
    let r = || rows.iter();
    let placed = |i: usize| maybe_text(r().map(move |r| r.turn.squares.get(i).map(String::as_str)));
    let columns: Vec<(&str, ArrayRef, bool)> = vec![
        ("file", text(r().map(|r| r.game.file.as_str())), false),
        ("game", int(r().map(|r| i64_of(r.game.game))), false),
        ("turn", int(r().map(|r| i64_of(r.turn.number))), false),
        (
            "side",
            maybe_text(r().map(|r| r.turn.side.map(side_name))),
            true,
        ),
        ("kind", text(r().map(|r| kind_name(r.turn.kind))), false),
        ("legal", boolean(r().map(|r| r.turn.legal)), false),
        ("notation", text(r().map(|r| r.text.as_str())), false),
        (
            "from",
            maybe_text(r().map(|r| r.turn.from.as_deref())),
            true,
        ),
        (
            "to",
            maybe_text(r().map(|r| r.turn.steps.last().map(|s| s.to.as_str()))),
            true,
        ),
        ("placed_1", placed(0), true),
        ("placed_2", placed(1), true),
        ("steps", int(r().map(|r| i64_of(r.turn.steps.len()))), false),
        (
            "captures",
            int(r().map(|r| i64_of(r.turn.steps.iter().map(|s| s.captures.len()).sum::<usize>()))),
            false,
        ),
        (
            "captured",
            maybe_text(r().map(|r| r.captured.as_deref())),
            true,
        ),
        (
            "annotation",
            maybe_text(r().map(|r| r.turn.annotation.as_deref())),
            true,
        ),
        (
            "position_after",
            maybe_text(r().map(|r| r.after.as_deref())),
            true,
        ),
    ];
    RecordBatch::try_from_iter_with_nullable(columns)
}
