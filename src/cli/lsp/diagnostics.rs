//! A document's problems as the protocol's diagnostics: `check`'s code, message and help, its
//! span, and the second place a problem names as related information; go to that place.

use lsp_server::{Message, Notification};
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, GotoDefinitionParams,
    GotoDefinitionResponse, Location, NumberOrString, PublishDiagnosticsParams, Uri,
};
use seega::notation::Span;
use seega::validate::Problem;
use serde_json::Value;

use super::Server;
use super::document::Document;
use super::position::Units;

/// A problem of a document, its spans counted from the start of the text.
pub struct Placed<'d> {
    /// The problem (its spans counted from `base`).
    pub problem: &'d Problem,
    /// Where its game's stretch starts.
    pub base: usize,
    /// Its game, from 1.
    pub game: usize,
}

impl Placed<'_> {
    /// `span`, one of the problem's, counted from the start of the text.
    pub fn at(&self, span: Span) -> Span {
        Span::new(span.start + self.base, span.end + self.base)
    }
}

/// Every problem of `doc`, in order.
pub fn placed(doc: &Document) -> impl Iterator<Item = Placed<'_>> {
    let outside = doc.outside().iter().map(|problem| Placed {
        problem,
        base: 0,
        game: 0,
    });
    let games = doc.games().iter().enumerate().flat_map(|(k, g)| {
        g.problems.iter().map(move |problem| Placed {
            problem,
            base: g.start,
            game: k + 1,
        })
    });
    outside.chain(games)
}

/// The diagnostic of `p`, in the document `uri` of `doc`: `check`'s code and span, its message
/// and help (`message` then a line `help: …`), the place it also names.
pub fn diagnostic(p: &Placed<'_>, uri: &Uri, doc: &Document, units: Units) -> Diagnostic {
    let (text, lines) = (doc.text(), doc.lines());
    let span = p.at(p.problem.span);
    let range = lines.range(text, span.start, span.end, units);
    let message = p.problem.message();
    let help = p.problem.help();
    let related = p.problem.also.as_ref().map(|(also, label)| {
        let also = p.at(*also);
        vec![DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), lines.range(text, also.start, also.end, units)),
            message: label.clone(),
        }]
    });
    let fix = p.problem.fix.as_ref().map(|f| {
        let at = p.at(f.span);
        serde_json::json!({
            "range": lines.range(text, at.start, at.end, units),
            "newText": f.replacement,
        })
    });
    Diagnostic {
        range,
        severity: Some(if p.problem.is_error() {
            DiagnosticSeverity::ERROR
        } else {
            DiagnosticSeverity::WARNING
        }),
        code: Some(NumberOrString::String(p.problem.code.as_str().to_owned())),
        code_description: None,
        source: Some("seega".to_owned()),
        message: if help.is_empty() {
            message.into_owned()
        } else {
            format!("{message}\nhelp: {help}")
        },
        related_information: related,
        tags: None,
        data: Some(serde_json::json!({
            "game": p.game,
            "turn": p.problem.turn,
            "help": help,
            "fix": fix.unwrap_or(Value::Null),
        })),
    }
}

/// A `textDocument/publishDiagnostics` notification.
pub fn notification(params: PublishDiagnosticsParams) -> Message {
    Message::Notification(Notification::new(
        "textDocument/publishDiagnostics".to_owned(),
        params,
    ))
}

impl Server {
    /// The diagnostics of the document `key`, as a notification.
    pub(super) fn publish(&self, key: &str) -> Option<Message> {
        let (uri, doc) = self.docs.get(key)?;
        let diagnostics = placed(doc)
            .map(|p| diagnostic(&p, uri, doc, self.units))
            .collect();
        Some(notification(PublishDiagnosticsParams::new(
            uri.clone(),
            diagnostics,
            Some(doc.version),
        )))
    }

    /// Go to the place a problem under the cursor refers to (the earlier turn, the Result tag).
    pub(super) fn definition(&self, params: GotoDefinitionParams) -> Value {
        let at = params.text_document_position_params;
        let Some((uri, doc)) = self.doc(&at.text_document.uri) else {
            return Value::Null;
        };
        let offset = doc.lines().offset(doc.text(), at.position, self.units);
        let target = placed(doc).find_map(|p| {
            let span = p.at(p.problem.span);
            let (also, _) = p.problem.also.as_ref()?;
            (span.start <= offset && offset <= span.end).then(|| p.at(*also))
        });
        let Some(also) = target else {
            return Value::Null;
        };
        let range = doc
            .lines()
            .range(doc.text(), also.start, also.end, self.units);
        let location = Location::new(uri.clone(), range);
        serde_json::to_value(GotoDefinitionResponse::Scalar(location)).unwrap_or(Value::Null)
    }
}
