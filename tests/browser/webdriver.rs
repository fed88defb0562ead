//! A minimal WebDriver client over plain HTTP/1.1, for Debian's `chromedriver` driving
//! `chromium` headless: enough to open pages, click, press keys, run a script and read the
//! browser's logs. The driver process is stopped when the [`Driver`] is dropped, also when a
//! test fails.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The key of an element reference in WebDriver's answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A running chromedriver and one browser session on it.
pub struct Driver {
    child: Child,
    port: u16,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // Closing the session stops the browser; then the driver itself.
        let _ = http(
            self.port,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The driver process alone, killed when dropped (before a session exists).
struct Process(Option<Child>);

impl Drop for Process {
    fn drop(&mut self) {
        if let Some(c) = &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl Driver {
    /// Starts `driver` on a free port and a headless session of `browser`, whose profile is
    /// made in `profile`; the browser's console and network events are logged.
    pub fn start(driver: &Path, browser: &Path, profile: &Path) -> Result<Driver, String> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", driver.display()))?;
        let mut process = Process(Some(child));
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            match http(port, "GET", "/status", None) {
                Ok(v) if v["value"]["ready"] == json!(true) => break,
                _ if Instant::now() > deadline => return Err("chromedriver did not start".into()),
                _ => std::thread::sleep(Duration::from_millis(100)),
            }
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": browser.to_string_lossy(),
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                         "--disable-dev-shm-usage", "--no-first-run", "--window-size=1000,1000",
                         format!("--user-data-dir={}", profile.display())],
            },
            "goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"},
        }}});
        let v = http(port, "POST", "/session", Some(&caps))?;
        let session = v["value"]["sessionId"]
            .as_str()
            .ok_or_else(|| format!("no session: {v}"))?
            .to_owned();
        let child = process.0.take().expect("the driver");
        Ok(Driver {
            child,
            port,
            session,
        })
    }

    /// A command of the session; the answer's `value`.
    pub fn cmd(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let v = http(self.port, method, &path, body).unwrap_or_else(|e| panic!("{path}: {e}"));
        // A WebDriver error: `error`, `message` and `stacktrace` in the value.
        if v["value"].get("error").is_some() && v["value"].get("stacktrace").is_some() {
            panic!("{method} {path}: {}", v["value"]);
        }
        v["value"].clone()
    }

    /// Opens `url`.
    pub fn open(&self, url: &str) {
        self.cmd("POST", "/url", Some(&json!({ "url": url })));
    }

    /// Runs `script` (a function body) in the page with `args`; what it returns.
    pub fn script(&self, script: &str, args: Value) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(&json!({"script": script, "args": args})),
        )
    }

    /// Clicks the element `css` selects.
    pub fn click(&self, css: &str) {
        let e = self.cmd(
            "POST",
            "/element",
            Some(&json!({"using": "css selector", "value": css})),
        );
        let id = e[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("{css}: {e}"))
            .to_owned();
        self.cmd("POST", &format!("/element/{id}/click"), Some(&json!({})));
    }

    /// Presses and releases `key` (a WebDriver key code such as `"\u{E014}"`, or a letter).
    pub fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]});
        self.cmd("POST", "/actions", Some(&actions));
    }

    /// The entries of the browser's log `kind` (`browser`: the console; `performance`: the
    /// DevTools events, network requests among them) since it was last read.
    pub fn log(&self, kind: &str) -> Vec<Value> {
        let v = self.cmd("POST", "/se/log", Some(&json!({ "type": kind })));
        v.as_array().cloned().unwrap_or_default()
    }
}

/// One HTTP request to the driver on `port`; the answer as JSON.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes())
        .and_then(|()| s.write_all(body.as_bytes()))
        .map_err(|e| e.to_string())?;
    // The driver keeps the connection open: read the head, then Content-Length bytes.
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while !answer.ends_with(b"\r\n\r\n") {
        match s.read(&mut byte).map_err(|e| e.to_string())? {
            0 => return Err("the driver closed the connection".into()),
            _ => answer.push(byte[0]),
        }
    }
    let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("no content length in {head}"))?;
    let mut body = vec![0u8; length];
    s.read_exact(&mut body).map_err(|e| e.to_string())?;
    let json = String::from_utf8_lossy(&body);
    serde_json::from_str(&json).map_err(|e| format!("{e}: {json}"))
}
