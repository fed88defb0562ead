//! Hover (a problem's `explain` text, a tag's meaning, the board after a turn) and completion
//! (the legal turns at the cursor, as `seega moves` lists them; tag names; `Rules` presets and
//! options).

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionTextEdit, Hover, HoverContents,
    HoverParams, MarkupContent, MarkupKind, TextEdit,
};
use seega::notation::{Element, Game, Header, KNOWN_TAGS, tag_meaning};
use seega::render::ascii::{Glyphs, Highlight, board, summary};
use seega::render::svg::{svg, title};
use seega::validate::{check_game, explain, rule_text};
use seega::{GameState, OPTION_KEYS, PRESETS, option_values};
use serde_json::Value;

use super::Server;
use super::diagnostics::placed;
use super::document::Document;

impl Server {
    /// What the cursor is on: the `explain` text of each problem there, a tag's meaning, the
    /// board after the turn there.
    pub(super) fn hover(&self, params: HoverParams) -> Value {
        let at = params.text_document_position_params;
        let Some((_, doc)) = self.doc(&at.text_document.uri) else {
            return Value::Null;
        };
        let offset = doc.lines().offset(doc.text(), at.position, self.units);
        let mut parts: Vec<String> = Vec::new();
        for p in placed(doc) {
            let span = p.at(p.problem.span);
            if span.start <= offset && offset <= span.end {
                let code = p.problem.code;
                let e = explain(code);
                parts.push(format!(
                    "{code}\n\n{}\n\nRule {}: {}",
                    e.summary,
                    code.rule(),
                    rule_text(code)
                ));
            }
        }
        if let Some(k) = doc.game_at(offset) {
            parts.extend(self.hover_game(doc, k, offset));
        }
        if parts.is_empty() {
            return Value::Null;
        }
        let kind = if self.markdown {
            MarkupKind::Markdown
        } else {
            MarkupKind::PlainText
        };
        let hover = Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind,
                value: parts.join("\n\n---\n\n"),
            }),
            range: None,
        };
        serde_json::to_value(hover).unwrap_or(Value::Null)
    }

    /// The hover of game `k` at `offset`: the tag there, or the board after the turn there.
    fn hover_game(&self, doc: &Document, k: usize, offset: usize) -> Option<String> {
        let (base, game) = doc.read_game(k)?;
        let rel = offset.checked_sub(base)?;
        for h in &game.headers {
            if let Header::Tag(tag) = h
                && tag.span.start <= rel
                && rel < tag.span.end
            {
                return tag_meaning(tag.name).map(|m| format!("[{}] {m}", tag.name));
            }
        }
        let verdict = check_game(&game, &self.opts.record(true));
        let (i, played) = verdict.played.iter().enumerate().find(|(_, p)| {
            matches!(game.moves.get(p.element),
                Some(Element::Turn(t)) if t.span.start <= rel && rel <= t.span.end)
        })?;
        let last = i + 1 == verdict.played.len();
        let outcome = verdict.outcome.filter(|_| last);
        let hl = Highlight::of_played(&game, &verdict, i + 1);
        let pos = &played.after;
        let when = format!("after turn {} ({})", played.number, played.side);
        let drawn = format!(
            "{}{}",
            board(pos, &hl, Glyphs::default()),
            summary(pos, outcome)
        );
        if !self.markdown {
            return Some(format!("{when}\n{drawn}"));
        }
        let what = format!("game {}", k + 1);
        let image = svg(pos, &hl, Some(&title(&what, &when, pos.to_move(), outcome)));
        Some(format!(
            "{when}\n\n```text\n{drawn}```\n\n![{when}](data:image/svg+xml;base64,{})",
            base64(image.as_bytes())
        ))
    }

    /// At the cursor: tag names after `[`, presets and options in a Rules tag's value, else
    /// the legal turns of the position the cursor's turn is played from.
    pub(super) fn complete(&self, params: CompletionParams) -> Value {
        let at = params.text_document_position;
        let Some((_, doc)) = self.doc(&at.text_document.uri) else {
            return Value::Null;
        };
        let (text, lines, units) = (doc.text(), doc.lines(), self.units);
        let offset = lines.offset(text, at.position, units);
        let line_start = lines.offset(text, lsp_types::Position::new(at.position.line, 0), units);
        let before = &text[line_start..offset];
        let word_start = offset - before.len()
            + before
                .rfind(|c: char| c.is_whitespace() || c == '[' || c == '"')
                .map_or(0, |i| i + 1);
        let replace = lines.range(text, word_start, offset, units);
        let item = |label: &str, detail: Option<String>, kind| CompletionItem {
            label: label.to_owned(),
            kind: Some(kind),
            detail,
            text_edit: Some(CompletionTextEdit::Edit(TextEdit {
                range: replace,
                new_text: label.to_owned(),
            })),
            ..CompletionItem::default()
        };
        let trimmed = before.trim_start();
        let items: Vec<CompletionItem> = if let Some(value) = trimmed.strip_prefix("[Rules \"") {
            rules_words(value)
                .into_iter()
                .map(|(w, d)| item(&w, d, CompletionItemKind::ENUM_MEMBER))
                .collect()
        } else if trimmed.starts_with('[') && !trimmed.contains([' ', '"']) {
            KNOWN_TAGS
                .iter()
                .map(|(n, m)| item(n, Some((*m).to_owned()), CompletionItemKind::PROPERTY))
                .collect()
        } else {
            self.turns_at(doc, word_start)
                .into_iter()
                .map(|(t, caps)| item(&t, caps, CompletionItemKind::VALUE))
                .collect()
        };
        serde_json::to_value(items).unwrap_or(Value::Null)
    }

    /// The legal turns of the position a turn written at `offset` is played from, each with
    /// the captures it makes: `seega moves --turn K` of the cursor's game, K the turns written
    /// before the cursor; a new game's first turns after a game's result.
    fn turns_at(&self, doc: &Document, offset: usize) -> Vec<(String, Option<String>)> {
        let Some((base, game)) = doc.game_at(offset).and_then(|k| doc.read_game(k)) else {
            return listed(&GameState::new(self.opts.default_rules));
        };
        let rel = offset - base;
        if game.result.is_some_and(|r| r.span.end <= rel) {
            return listed(&GameState::new(self.opts.default_rules));
        }
        let k = turns_before(&game, rel);
        let verdict = check_game(&game, &self.opts);
        let states = GameState::replay_states(&game, &verdict);
        states.get(k).map(listed).unwrap_or_default()
    }
}

/// The main line's turns written before byte `rel` of a game.
fn turns_before(game: &Game<'_>, rel: usize) -> usize {
    game.moves
        .iter()
        .filter(|e| matches!(e, Element::Turn(t) if t.span.start < rel))
        .count()
}

/// The legal turns of `state`, as `seega moves` writes them, each with its captures.
fn listed(state: &GameState) -> Vec<(String, Option<String>)> {
    state
        .legal_turns()
        .iter()
        .map(|t| {
            let caps = t.captures();
            let detail = (!caps.is_empty()).then(|| {
                let names: Vec<String> = caps.iter().map(ToString::to_string).collect();
                format!("captures {}", names.join(", "))
            });
            (t.to_string(), detail)
        })
        .collect()
}

/// What may come next in a Rules value whose text so far is `value`: a preset first, then
/// `key=` options and their values.
fn rules_words(value: &str) -> Vec<(String, Option<String>)> {
    let last = value.rsplit(' ').next().unwrap_or("");
    if !value.contains(' ') {
        return PRESETS
            .iter()
            .map(|(name, _)| ((*name).to_owned(), Some("preset".to_owned())))
            .collect();
    }
    if let Some((key, _)) = last.split_once('=') {
        return option_values(key)
            .iter()
            .map(|v| (format!("{key}={v}"), None))
            .collect();
    }
    OPTION_KEYS
        .iter()
        .flat_map(|k| {
            option_values(k)
                .iter()
                .map(move |v| (format!("{k}={v}"), None))
        })
        .collect()
}

/// `bytes` in Base64 (RFC 4648, with padding), for an image in a hover.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_pads() {
        let cases = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
        ];
        for (plain, coded) in cases {
            assert_eq!(super::base64(plain.as_bytes()), coded);
        }
    }
}
