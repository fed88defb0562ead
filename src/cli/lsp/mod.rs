//! `seega lsp`: the checker in the editor, a Language Server Protocol server over standard input
//! and output. It is a face of the library like the other commands: the diagnostics are
//! `check`'s (each document checked as `check` checks a chunk), the quick fixes the checker's
//! suggestions, the formatting `fmt`'s, the completions `moves`'s legal turns, the hovers the
//! boards of `show` and the texts of `explain`.
//!
//! # Inside
//!
//! `transport` reads the frames (and answers any that holds no message with a protocol error),
//! `position` turns byte offsets into the protocol's positions, `document` keeps each open
//! document's games checked edit by edit; this module runs the exchange and dispatches; the
//! answers are in `diagnostics` (problems as diagnostics, related places, go to), `edits`
//! (formatting, quick fixes, `fmt --fix-results`), `features` (hover, completion) and `outline`
//! (symbols, folding, inlay hints). Messages go to standard output only through `transport`;
//! nothing else is written there.

mod diagnostics;
mod document;
mod edits;
mod features;
mod outline;
mod position;
mod transport;

use std::collections::HashMap;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    ClientCapabilities, InitializeParams, PositionEncodingKind, ServerCapabilities, Uri,
};
use seega::Ruleset;
use seega::validate::Options;
use serde_json::Value;

use super::Exit;
use super::args::LspArgs;
use document::Document;
use position::Units;
use transport::Incoming;

/// The server's state.
struct Server {
    /// The open documents, by URI.
    docs: HashMap<String, (Uri, Document)>,
    /// How the client counts characters.
    units: Units,
    /// How games without a Rules tag are checked.
    opts: Options,
    /// Whether the client shows Markdown in hovers.
    markdown: bool,
    initialized: bool,
    shut_down: bool,
    /// Notifications to send after the response being made (a bad setting said).
    queued: Vec<Message>,
}

/// Runs `seega lsp` on standard input and `out` until the client says `exit` or the input ends.
pub fn run(_args: &LspArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let stdin = std::io::stdin();
    if std::io::IsTerminal::is_terminal(&stdin) {
        // Someone typed `seega lsp` at a prompt: say what it waits for, on standard error.
        super::stdio::line(format_args!(
            "seega: note: `seega lsp` speaks the Language Server Protocol on standard input and \
             output, for an editor to start (docs/editors.md); Ctrl-D ends it"
        ));
    }
    let mut input = stdin.lock();
    let mut server = Server {
        docs: HashMap::new(),
        units: Units::Utf16,
        opts: Options::default(),
        markdown: false,
        initialized: false,
        shut_down: false,
        queued: Vec::new(),
    };
    loop {
        let message = match transport::read(&mut input)? {
            Incoming::End => return Ok(Exit::Valid),
            Incoming::Bad { id, code, message } => {
                transport::write_error(out, id, code, &message)?;
                continue;
            }
            Incoming::Message(m) => m,
        };
        match message {
            Message::Request(req) => {
                let response = server.answer(req);
                transport::write(out, Message::Response(response))?;
                for m in server.queued.drain(..) {
                    transport::write(out, m)?;
                }
            }
            Message::Notification(n) if n.method == "exit" => {
                return Ok(if server.shut_down {
                    Exit::Valid
                } else {
                    Exit::Invalid
                });
            }
            Message::Notification(n) => {
                let sent = catch_unwind(AssertUnwindSafe(|| server.notified(n)));
                let Ok(sent) = sent else {
                    continue;
                };
                for m in sent {
                    transport::write(out, m)?;
                }
            }
            // The server sends no request, so no response is awaited.
            Message::Response(_) => {}
        }
    }
}

/// An error response.
fn error(id: RequestId, code: ErrorCode, message: impl Into<String>) -> Response {
    Response::new_err(id, code as i32, message.into())
}

impl Server {
    /// The answer to `req`: its result, or an error (a request that panics is answered with an
    /// internal error, and the server goes on).
    fn answer(&mut self, req: Request) -> Response {
        let id = req.id.clone();
        if req.method == "initialize" {
            if self.initialized {
                return error(id, ErrorCode::InvalidRequest, "initialize was sent already");
            }
            return self.initialize(req);
        }
        if !self.initialized {
            return error(id, ErrorCode::ServerNotInitialized, "initialize first");
        }
        if self.shut_down {
            return error(id, ErrorCode::InvalidRequest, "the server is shut down");
        }
        if req.method == "shutdown" {
            self.shut_down = true;
            return Response::new_ok(id, Value::Null);
        }
        let method = req.method.clone();
        match catch_unwind(AssertUnwindSafe(|| self.dispatch(req))) {
            Ok(Some(Ok(value))) => Response::new_ok(id, value),
            Ok(Some(Err(e))) => error(id, ErrorCode::InvalidParams, e.to_string()),
            Ok(None) => error(
                id,
                ErrorCode::MethodNotFound,
                format!("no method {method:?}"),
            ),
            Err(_) => error(id, ErrorCode::InternalError, format!("{method} failed")),
        }
    }

    /// The result of a request other than `initialize` and `shutdown`; `None` for a method the
    /// server does not know, an error for parameters it cannot read.
    fn dispatch(&mut self, req: Request) -> Option<Result<Value, serde_json::Error>> {
        let params = req.params;
        let value = match req.method.as_str() {
            "textDocument/hover" => serde_json::from_value(params).map(|p| self.hover(p)),
            "textDocument/completion" => serde_json::from_value(params).map(|p| self.complete(p)),
            "textDocument/formatting" => serde_json::from_value(params).map(|p| self.format(p)),
            "textDocument/rangeFormatting" => {
                serde_json::from_value(params).map(|p| self.format_range(p))
            }
            "textDocument/codeAction" => serde_json::from_value(params).map(|p| self.actions(p)),
            "textDocument/definition" => serde_json::from_value(params).map(|p| self.definition(p)),
            "textDocument/documentSymbol" => {
                serde_json::from_value(params).map(|p| self.symbols(p))
            }
            "textDocument/foldingRange" => serde_json::from_value(params).map(|p| self.folds(p)),
            "textDocument/inlayHint" => serde_json::from_value(params).map(|p| self.hints(p)),
            _ => return None,
        };
        Some(value)
    }

    /// Answers `initialize`: the position encoding (UTF-8 when the client offers it) and what
    /// the server can do; the client's settings, when it gives any.
    fn initialize(&mut self, req: Request) -> Response {
        let params: InitializeParams = match serde_json::from_value(req.params) {
            Ok(p) => p,
            Err(e) => return error(req.id, ErrorCode::InvalidParams, e.to_string()),
        };
        self.units = units(&params.capabilities);
        self.markdown = markdown(&params.capabilities);
        if let Some(settings) = &params.initialization_options
            && let Err(why) = self.configure(settings)
        {
            // Said after the response; the defaults stay.
            self.queued.push(show_message(&why));
        }
        self.initialized = true;
        let result = serde_json::json!({
            "capabilities": capabilities(self.units),
            "serverInfo": { "name": "seega", "version": env!("CARGO_PKG_VERSION") },
        });
        Response::new_ok(req.id, result)
    }

    /// Reads the client's settings (`{"rules": "…", "forceRules": bool}`, alone or under
    /// `seega`); an error says what is wrong with them, and the settings stay as they were.
    fn configure(&mut self, settings: &Value) -> Result<(), String> {
        let settings = settings.get("seega").unwrap_or(settings);
        let force = settings.get("forceRules").and_then(Value::as_bool);
        let opts = match settings.get("rules").and_then(Value::as_str) {
            None => Options::default(),
            Some("auto") => Options::default().auto_rules(true),
            Some(text) => match Ruleset::parse(text) {
                Ok(rules) => Options::default().default_rules(rules),
                Err(e) => return Err(format!("the setting rules {text:?}: {e}")),
            },
        };
        self.opts = opts.force_rules(force.unwrap_or(false));
        Ok(())
    }

    /// Takes notification `n`; what the server sends back (diagnostics, messages).
    fn notified(&mut self, n: Notification) -> Vec<Message> {
        if !self.initialized || self.shut_down {
            return Vec::new();
        }
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                else {
                    return Vec::new();
                };
                let doc = p.text_document;
                let document = Document::new(doc.text, doc.version, &self.opts);
                let key = doc.uri.as_str().to_owned();
                self.docs.insert(key.clone(), (doc.uri, document));
                self.publish(&key).into_iter().collect()
            }
            "textDocument/didChange" => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                else {
                    return Vec::new();
                };
                let key = p.text_document.uri.as_str().to_owned();
                let Some((_, doc)) = self.docs.get_mut(&key) else {
                    return Vec::new();
                };
                let version = p.text_document.version;
                doc.change(p.content_changes, version, self.units, &self.opts);
                self.publish(&key).into_iter().collect()
            }
            "textDocument/didClose" => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                else {
                    return Vec::new();
                };
                let key = p.text_document.uri.as_str();
                let Some((uri, _)) = self.docs.remove(key) else {
                    return Vec::new();
                };
                let params = lsp_types::PublishDiagnosticsParams::new(uri, Vec::new(), None);
                vec![diagnostics::notification(params)]
            }
            "workspace/didChangeConfiguration" => {
                let settings = n.params.get("settings").cloned().unwrap_or(Value::Null);
                let mut sent = Vec::new();
                if let Err(why) = self.configure(&settings) {
                    sent.push(show_message(&why));
                }
                let keys: Vec<String> = self.docs.keys().cloned().collect();
                for key in keys {
                    if let Some((_, doc)) = self.docs.get_mut(&key) {
                        doc.check_all(&self.opts);
                    }
                    sent.extend(self.publish(&key));
                }
                sent
            }
            _ => Vec::new(),
        }
    }

    /// The open document named `uri`, with its URI.
    fn doc(&self, uri: &Uri) -> Option<(&Uri, &Document)> {
        self.docs.get(uri.as_str()).map(|(u, d)| (u, d))
    }
}

/// A `window/showMessage` notification of an error.
fn show_message(text: &str) -> Message {
    let params = lsp_types::ShowMessageParams {
        typ: lsp_types::MessageType::ERROR,
        message: format!("seega: {text}"),
    };
    Message::Notification(Notification::new("window/showMessage".to_owned(), params))
}

/// UTF-8 when the client offers it, else UTF-16, the protocol's default.
fn units(caps: &ClientCapabilities) -> Units {
    let offered = caps
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    match offered {
        Some(list) if list.contains(&PositionEncodingKind::UTF8) => Units::Utf8,
        _ => Units::Utf16,
    }
}

/// Whether the client shows hovers in Markdown.
fn markdown(caps: &ClientCapabilities) -> bool {
    let formats = caps
        .text_document
        .as_ref()
        .and_then(|t| t.hover.as_ref())
        .and_then(|h| h.content_format.as_ref());
    formats.is_some_and(|f| f.contains(&lsp_types::MarkupKind::Markdown))
}

/// What the server can do.
fn capabilities(units: Units) -> ServerCapabilities {
    use lsp_types::{
        CodeActionKind, CodeActionOptions, CodeActionProviderCapability, CompletionOptions, OneOf,
        TextDocumentSyncCapability, TextDocumentSyncKind,
    };
    ServerCapabilities {
        position_encoding: Some(match units {
            Units::Utf8 => PositionEncodingKind::UTF8,
            Units::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".into(), ".".into(), "\"".into(), "[".into()]),
            ..CompletionOptions::default()
        }),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_range_formatting_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX, edits::FIX_RESULTS.into()]),
            ..CodeActionOptions::default()
        })),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        inlay_hint_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}
