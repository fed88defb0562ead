//! A client of `seega lsp` as an editor is one: the server run with pipes, JSON-RPC frames
//! written to its standard input and read from its standard output (by a thread, so that a
//! server that does not answer fails the test after a generous time instead of hanging it).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde_json::{Value, json};

/// How long an answer may take before the test fails: only to catch a server that hangs.
const PATIENCE: Duration = Duration::from_secs(60);

/// A frame the server wrote: a message, or bytes that are not one (which fail the tests).
pub type Frame = Result<Value, String>;

/// The server, running.
pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    frames: Receiver<Frame>,
    next_id: i64,
    /// Notifications received while waiting for something else.
    pub notifications: Vec<Value>,
}

impl Client {
    /// Starts `seega lsp` with `args` after it.
    pub fn start(args: &[&str]) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_seega"))
            .arg("lsp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("seega lsp runs");
        let stdout = child.stdout.take().expect("stdout");
        let (send, frames) = channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            while let Some(frame) = read_frame(&mut out) {
                if send.send(frame).is_err() {
                    break;
                }
            }
        });
        Client {
            stdin: child.stdin.take(),
            child,
            frames,
            next_id: 0,
            notifications: Vec::new(),
        }
    }

    /// Starts the server and initializes it with `capabilities` and `options`.
    pub fn initialized(capabilities: Value, options: Value) -> Client {
        let mut client = Client::start(&[]);
        let result = client.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": capabilities,
                   "initializationOptions": options}),
        );
        assert!(result["capabilities"].is_object(), "{result}");
        client.notify("initialized", json!({}));
        client
    }

    /// Writes `bytes` as they are.
    pub fn raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("open");
        stdin.write_all(bytes).expect("the server reads");
        stdin.flush().expect("the server reads");
    }

    /// Writes `message` in a frame.
    pub fn send(&mut self, message: &Value) {
        let body = message.to_string();
        self.raw(format!("Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes());
    }

    /// The next frame; fails the test when none comes.
    pub fn next(&mut self) -> Value {
        match self.frames.recv_timeout(PATIENCE) {
            Ok(Ok(v)) => v,
            Ok(Err(e)) => panic!("the server wrote something that is not a message: {e}"),
            Err(RecvTimeoutError::Timeout) => panic!("the server did not answer"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server's output ended"),
        }
    }

    /// Sends a request; its whole response (result or error).
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        self.response(&json!(id))
    }

    /// The response whose id is `id`, the notifications before it kept.
    pub fn response(&mut self, id: &Value) -> Value {
        loop {
            let m = self.next();
            if m.get("id") == Some(id) && m.get("method").is_none() {
                return m;
            }
            self.notifications.push(m);
        }
    }

    /// Sends a request; its result (fails the test on an error).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let response = self.call(method, params);
        assert!(response.get("error").is_none(), "{method}: {response}");
        response["result"].clone()
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// Opens a document of `text` at `uri`; the diagnostics published for it.
    pub fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "sgn", "version": 1, "text": text}}),
        );
        self.diagnostics(uri, 1)
    }

    /// Changes document `uri` to `version` with `changes`; the diagnostics published for it.
    pub fn change(&mut self, uri: &str, version: i64, changes: Value) -> Vec<Value> {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": changes}),
        );
        self.diagnostics(uri, version)
    }

    /// The diagnostics published for version `version` of `uri` (those kept, else the next).
    pub fn diagnostics(&mut self, uri: &str, version: i64) -> Vec<Value> {
        let is_it = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["uri"] == uri
                && m["params"]["version"] == version
        };
        if let Some(i) = self.notifications.iter().position(is_it) {
            let m = self.notifications.remove(i);
            return m["params"]["diagnostics"].as_array().cloned().unwrap();
        }
        loop {
            let m = self.next();
            if is_it(&m) {
                return m["params"]["diagnostics"].as_array().cloned().unwrap();
            }
            self.notifications.push(m);
        }
    }

    /// Whether the diagnostics of `uri` are cleared (as they are when it is closed): waits for
    /// the next diagnostics of `uri`.
    pub fn cleared(&mut self, uri: &str) -> bool {
        loop {
            let m = self.next();
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"] == json!([]);
            }
            self.notifications.push(m);
        }
    }

    /// Says `shutdown` then `exit`; the server's exit code.
    pub fn stop(mut self) -> Option<i32> {
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        self.stdin.take();
        self.child.wait().expect("the server ends").code()
    }

    /// Closes the server's standard input without a word; its exit code.
    pub fn hang_up(mut self) -> Option<i32> {
        self.stdin.take();
        self.child.wait().expect("the server ends").code()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // A test that failed leaves no server behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The next frame of `out`: `None` at its end, an error for bytes that are not a frame.
fn read_frame(out: &mut impl BufRead) -> Option<Frame> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if out.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line == "\r\n" {
            break;
        }
        match line.strip_prefix("Content-Length: ") {
            Some(n) => length = n.trim_end().parse::<usize>().ok(),
            None => return Some(Err(format!("not a header: {line:?}"))),
        }
    }
    let Some(n) = length else {
        return Some(Err("no Content-Length".to_owned()));
    };
    let mut body = vec![0; n];
    out.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).map_err(|e| format!("{e}: {body:?}")))
}

/// The text of `text` with the protocol's `edits` (objects with `range` and `newText`) made,
/// positions counted in UTF-16 code units.
pub fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |pos: &Value| {
        let (line, ch) = (
            pos["line"].as_u64().unwrap(),
            pos["character"].as_u64().unwrap(),
        );
        let mut start = 0;
        for _ in 0..line {
            match text[start..].find('\n') {
                Some(k) => start += k + 1,
                None => return text.len(),
            }
        }
        let mut units = 0;
        for (i, c) in text[start..].char_indices() {
            if units >= ch || c == '\n' || c == '\r' {
                return start + i;
            }
            units += c.len_utf16() as u64;
        }
        text.len()
    };
    let mut edits: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut text = text.to_owned();
    for (a, b, new) in edits {
        text.replace_range(a..b, new);
    }
    text
}
