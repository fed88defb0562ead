//! A document's outline: a symbol per game (its Event, players and result), a fold per game,
//! and inlay hints of the captures a turn makes where the record leaves them out.

use lsp_types::{
    DocumentSymbol, DocumentSymbolParams, FoldingRange, FoldingRangeParams, InlayHint,
    InlayHintLabel, InlayHintParams, SymbolKind,
};
use seega::Ply;
use seega::notation::Element;
use seega::validate::{Players, check_game};
use serde_json::Value;

use super::Server;

impl Server {
    /// One symbol per game: `game N (Black vs White, Event)`, its result as detail.
    pub(super) fn symbols(&self, params: DocumentSymbolParams) -> Value {
        let Some((_, doc)) = self.doc(&params.text_document.uri) else {
            return Value::Null;
        };
        let (text, lines, units) = (doc.text(), doc.lines(), self.units);
        let symbols: Vec<DocumentSymbol> = (0..doc.games().len())
            .filter_map(|k| {
                let (base, game) = doc.read_game(k)?;
                let span = game.span;
                let range = lines.range(text, base + span.start, base + span.end, units);
                let result = game.result.map(|r| r.result.as_str().to_owned());
                #[allow(deprecated, reason = "the protocol's type still has the field")]
                let symbol = DocumentSymbol {
                    name: format!("game {}{}", k + 1, Players::of(&game)),
                    detail: result,
                    kind: SymbolKind::OBJECT,
                    tags: None,
                    deprecated: None,
                    range,
                    selection_range: range,
                    children: None,
                };
                Some(symbol)
            })
            .collect();
        serde_json::to_value(symbols).unwrap_or(Value::Null)
    }

    /// A fold per game of more than one line.
    pub(super) fn folds(&self, params: FoldingRangeParams) -> Value {
        let Some((_, doc)) = self.doc(&params.text_document.uri) else {
            return Value::Null;
        };
        let (text, lines, units) = (doc.text(), doc.lines(), self.units);
        let folds: Vec<FoldingRange> = (0..doc.games().len())
            .filter_map(|k| {
                let (base, game) = doc.read_game(k)?;
                let range = lines.range(text, base + game.span.start, base + game.span.end, units);
                (range.end.line > range.start.line).then(|| FoldingRange {
                    start_line: range.start.line,
                    end_line: range.end.line,
                    ..FoldingRange::default()
                })
            })
            .collect();
        serde_json::to_value(folds).unwrap_or(Value::Null)
    }

    /// After each legal turn of the main line written without its captures, the squares it
    /// captures (`xb3xd3`), in the games the range touches.
    pub(super) fn hints(&self, params: InlayHintParams) -> Value {
        let Some((_, doc)) = self.doc(&params.text_document.uri) else {
            return Value::Null;
        };
        let (text, lines, units) = (doc.text(), doc.lines(), self.units);
        let (from, to) = lines.offsets(text, params.range, units);
        let (Some(first), Some(last)) = (doc.game_at(from), doc.game_at(to)) else {
            return Value::Array(Vec::new());
        };
        let mut hints = Vec::new();
        for k in first..=last {
            let Some((base, game)) = doc.read_game(k) else {
                continue;
            };
            let verdict = check_game(&game, &self.opts.record(true));
            for played in &verdict.played {
                let Some(Element::Turn(turn)) = game.moves.get(played.element) else {
                    continue;
                };
                let end = base + turn.span.end;
                let caps: Vec<String> = played
                    .captures
                    .iter()
                    .flat_map(|c| c.squares())
                    .map(|s| s.to_string())
                    .collect();
                if caps.is_empty() || !Ply::from_turn(turn).captures().is_empty() {
                    continue;
                }
                if end < from || end > to {
                    continue;
                }
                hints.push(InlayHint {
                    position: lines.position(text, end, units),
                    label: InlayHintLabel::String(format!("x{}", caps.join("x"))),
                    kind: None,
                    text_edits: None,
                    tooltip: None,
                    padding_left: None,
                    padding_right: None,
                    data: None,
                });
            }
        }
        serde_json::to_value(hints).unwrap_or(Value::Null)
    }
}
