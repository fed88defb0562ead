//! What changes a document: formatting (`fmt`'s text, of the whole document or of the games a
//! range touches), the checker's suggestions as quick fixes, and `fmt --fix-results` as an
//! action.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, DocumentFormattingParams,
    DocumentRangeFormattingParams, TextEdit, Uri, WorkspaceEdit,
};
use seega::tools::canonical::{Fixing, FormattedGame};
use serde_json::Value;

use super::super::fmt::format_text;
use super::Server;
use super::diagnostics::{diagnostic, placed};
use super::document::Document;

/// The kind of the action that sets results from outcomes, as `fmt --fix-results` does.
pub const FIX_RESULTS: &str = "source.fixAll.seega";

impl Server {
    /// The whole document as `seega fmt` writes it, as one edit (none when it is already so).
    pub(super) fn format(&self, params: DocumentFormattingParams) -> Value {
        let Some((_, doc)) = self.doc(&params.text_document.uri) else {
            return Value::Null;
        };
        let (text, _, _) = format_text(doc.text(), &self.opts, Fixing::default());
        let edits = self.whole(doc, text).into_iter().collect::<Vec<_>>();
        serde_json::to_value(edits).unwrap_or(Value::Null)
    }

    /// The games a range touches, each as `seega fmt` writes it.
    pub(super) fn format_range(&self, params: DocumentRangeFormattingParams) -> Value {
        let Some((_, doc)) = self.doc(&params.text_document.uri) else {
            return Value::Null;
        };
        let (text, lines, units) = (doc.text(), doc.lines(), self.units);
        let (from, to) = lines.offsets(text, params.range, units);
        let end = super::super::copy::line_end_of(text.as_bytes());
        let end = std::str::from_utf8(end).unwrap_or("\n");
        let (_, games, _) = format_text(text, &self.opts, Fixing::default());
        let edits: Vec<TextEdit> = games
            .iter()
            .filter_map(|g| match g {
                FormattedGame::Canonical { text: new, span } => Some((new, span)),
                FormattedGame::Kept { .. } => None,
            })
            .filter(|(_, span)| span.start <= to && from <= span.end)
            .filter_map(|(new, span)| {
                let new = new.strip_suffix('\n').unwrap_or(new).replace('\n', end);
                (new != span.of(text)).then(|| TextEdit {
                    range: lines.range(text, span.start, span.end, units),
                    new_text: new,
                })
            })
            .collect();
        serde_json::to_value(edits).unwrap_or(Value::Null)
    }

    /// The quick fixes of the problems in the range (each suggestion of the checker), and the
    /// document with its results set from how its games ended (`fmt --fix-results`) when a
    /// problem in the range is about a result.
    pub(super) fn actions(&self, params: CodeActionParams) -> Value {
        let Some((uri, doc)) = self.doc(&params.text_document.uri) else {
            return Value::Null;
        };
        let (text, lines, units) = (doc.text(), doc.lines(), self.units);
        let (from, to) = lines.offsets(text, params.range, units);
        let mut actions = Vec::new();
        let mut results = false;
        for p in placed(doc) {
            let span = p.at(p.problem.span);
            if span.start > to || span.end < from {
                continue;
            }
            results |= p.problem.code.as_str().starts_with("seega::result::")
                || p.problem.code.as_str() == "seega::syntax::missing-result";
            let Some(fix) = &p.problem.fix else {
                continue;
            };
            let at = p.at(fix.span);
            let edit = TextEdit {
                range: lines.range(text, at.start, at.end, units),
                new_text: fix.replacement.clone(),
            };
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("write `{}`", fix.replacement),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diagnostic(&p, uri, doc, units)]),
                edit: Some(one_edit(uri, edit)),
                is_preferred: Some(true),
                ..CodeAction::default()
            }));
        }
        if results {
            actions.extend(self.fix_results(uri, doc));
        }
        serde_json::to_value(actions).unwrap_or(Value::Null)
    }

    /// The document as `seega fmt --fix-results` writes it, as an action; none when it sets no
    /// result.
    fn fix_results(&self, uri: &Uri, doc: &Document) -> Option<CodeActionOrCommand> {
        let fixing = Fixing {
            results: true,
            ..Fixing::default()
        };
        let (text, _, formatted) = format_text(doc.text(), &self.opts, fixing);
        let n = formatted.fixes.len();
        if n == 0 {
            return None;
        }
        let edit = self.whole(doc, text)?;
        Some(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!(
                "set {n} {} from how the games ended (fmt --fix-results)",
                if n == 1 { "result" } else { "results" }
            ),
            kind: Some(CodeActionKind::from(FIX_RESULTS)),
            edit: Some(one_edit(uri, edit)),
            ..CodeAction::default()
        }))
    }

    /// An edit that makes the whole of `doc` `text`; none when it is already.
    fn whole(&self, doc: &Document, text: String) -> Option<TextEdit> {
        (text != doc.text()).then(|| TextEdit {
            range: doc
                .lines()
                .range(doc.text(), 0, doc.text().len(), self.units),
            new_text: text,
        })
    }
}

/// A workspace edit of one edit in `uri`.
fn one_edit(uri: &Uri, edit: TextEdit) -> WorkspaceEdit {
    WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), vec![edit])])),
        ..WorkspaceEdit::default()
    }
}
