//! The protocol's framing over a byte stream: headers (`Content-Length: N`), a blank line, then
//! N bytes of JSON. Whatever arrives, reading goes on: a header that cannot be read, a body that
//! is not JSON or not a JSON-RPC message, a body past [`MAX_BODY`], all come back as
//! [`Incoming::Bad`], which the server answers with a protocol error; only the end of the input
//! ends the reading. (`lsp-server`'s own reader stops at the first malformed message and holds
//! any length a header announces, so the server reads the frames itself and leaves the messages
//! to `lsp-server`'s types.)

use std::io::{self, BufRead, Read, Write};

use lsp_server::{ErrorCode, Message};
use serde_json::Value;

/// The largest message body read; a longer one is skipped unread and refused.
pub const MAX_BODY: usize = 256 << 20;

/// The longest header line kept; a longer one is read to its end and refused.
const MAX_HEADER: usize = 8 << 10;

/// What one frame held.
#[derive(Debug)]
pub enum Incoming {
    /// A JSON-RPC message.
    Message(Message),
    /// Something the server answers with an error: its id when one could be read (else the
    /// answer's id is `null`), the error's code and what was wrong.
    Bad {
        id: Option<Value>,
        code: i32,
        message: String,
    },
    /// The end of the input.
    End,
}

/// Reads the next frame of `input`.
pub fn read(input: &mut impl BufRead) -> io::Result<Incoming> {
    read_within(input, MAX_BODY)
}

/// [`read`] with a body of at most `max` bytes.
fn read_within(input: &mut impl BufRead, max: usize) -> io::Result<Incoming> {
    let mut length = None;
    let mut malformed = None;
    let mut any = false;
    loop {
        let Some(line) = header_line(input)? else {
            return Ok(Incoming::End);
        };
        let line = match line {
            Header::Line(l) => l,
            Header::TooLong => {
                malformed.get_or_insert_with(|| "a header line is too long".to_owned());
                any = true;
                continue;
            }
        };
        if line.is_empty() {
            if any {
                break;
            }
            // Blank lines between frames are passed over.
            continue;
        }
        any = true;
        match line.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                match value.trim().parse::<usize>() {
                    Ok(n) => length = Some(n),
                    Err(_) => {
                        malformed.get_or_insert_with(|| {
                            "the Content-Length header is not a number".to_owned()
                        });
                    }
                }
            }
            Some(_) => {}
            None => {
                malformed.get_or_insert_with(|| "a header line has no `:`".to_owned());
            }
        }
    }
    let length = match (length, malformed) {
        (Some(n), None) => n,
        (_, Some(why)) => return Ok(bad(None, ErrorCode::ParseError, why)),
        (None, None) => {
            let why = "a message without a Content-Length header".to_owned();
            return Ok(bad(None, ErrorCode::ParseError, why));
        }
    };
    if length > max {
        let skipped = io::copy(&mut input.take(length as u64), &mut io::sink())?;
        if skipped < length as u64 {
            return Ok(Incoming::End);
        }
        let why = format!("a message of {length} bytes, over the limit of {max}");
        return Ok(bad(None, ErrorCode::InvalidRequest, why));
    }
    let mut body = vec![0; length];
    if let Err(e) = input.read_exact(&mut body) {
        return match e.kind() {
            io::ErrorKind::UnexpectedEof => Ok(Incoming::End),
            _ => Err(e),
        };
    }
    Ok(message(&body))
}

/// The message of a frame's `body`.
fn message(body: &[u8]) -> Incoming {
    let value: Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return bad(None, ErrorCode::ParseError, format!("not JSON: {e}")),
    };
    let id = value.get("id").cloned();
    if !value.is_object() || value.get("jsonrpc") != Some(&Value::from("2.0")) {
        let why = "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")".to_owned();
        return bad(id, ErrorCode::InvalidRequest, why);
    }
    let has_method = value.get("method").is_some();
    match serde_json::from_value::<Message>(value) {
        // A request whose method is no string reads as a response, which it is not.
        Ok(Message::Response(_)) if has_method => {
            let why = "not a message: its method is not a string".to_owned();
            bad(id, ErrorCode::InvalidRequest, why)
        }
        Ok(m) => Incoming::Message(m),
        Err(e) => bad(id, ErrorCode::InvalidRequest, format!("not a message: {e}")),
    }
}

fn bad(id: Option<Value>, code: ErrorCode, message: String) -> Incoming {
    Incoming::Bad {
        id,
        code: code as i32,
        message,
    }
}

/// A header line, without its line end.
enum Header {
    Line(String),
    TooLong,
}

/// The next header line of `input`; `None` at the end of the input.
fn header_line(input: &mut impl BufRead) -> io::Result<Option<Header>> {
    let mut line = Vec::new();
    let read = input
        .by_ref()
        .take(MAX_HEADER as u64)
        .read_until(b'\n', &mut line)?;
    if read == 0 {
        return Ok(None);
    }
    if !line.ends_with(b"\n") {
        if line.len() < MAX_HEADER {
            // The input ended within the line.
            return Ok(None);
        }
        // Passes over the rest of the line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n = input
                .by_ref()
                .take(MAX_HEADER as u64)
                .read_until(b'\n', &mut rest)?;
            if n == 0 || rest.ends_with(b"\n") {
                return Ok(Some(Header::TooLong));
            }
        }
    }
    line.pop();
    if line.ends_with(b"\r") {
        line.pop();
    }
    Ok(Some(match String::from_utf8(line) {
        Ok(l) => Header::Line(l),
        // A header of bytes that are not UTF-8 names nothing the server knows.
        Err(_) => Header::Line("x-not-utf-8: ?".to_owned()),
    }))
}

/// Writes `message` as one frame, and flushes.
pub fn write(out: &mut impl Write, message: Message) -> io::Result<()> {
    message.write(out)?;
    out.flush()
}

/// Writes the answer to a frame that held no message the server could take: an error response
/// whose id is `id`, or `null` when none could be read.
pub fn write_error(
    out: &mut impl Write,
    id: Option<Value>,
    code: i32,
    message: &str,
) -> io::Result<()> {
    let id = id
        .filter(|i| i.is_number() || i.is_string())
        .unwrap_or(Value::Null);
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": { "code": code, "message": message },
    });
    let text = body.to_string();
    write!(out, "Content-Length: {}\r\n\r\n{text}", text.len())?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(input: &[u8]) -> Vec<String> {
        let mut r = input;
        let mut seen = Vec::new();
        loop {
            match read_within(&mut r, 64).expect("reads") {
                Incoming::End => return seen,
                Incoming::Message(m) => seen.push(format!("message {m:?}")),
                Incoming::Bad { code, .. } => seen.push(format!("bad {code}")),
            }
        }
    }

    #[test]
    fn reads_on_after_every_malformed_frame() {
        let ok = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let framed = |body: &str| format!("Content-Length: {}\r\n\r\n{body}", body.len());
        let input = [
            framed("{not json"),
            framed(r#"[1,2]"#),
            framed(r#"{"jsonrpc":"2.0","method":5}"#),
            framed(r#"{"jsonrpc":"2.0","id":1,"method":5}"#),
            "Content-Length: many\r\n\r\n".to_owned(),
            "Garbage\r\n\r\n".to_owned(),
            format!("Content-Length: 65\r\n\r\n{}", " ".repeat(65)),
        ]
        .concat();
        let mut bytes = input.into_bytes();
        bytes.extend(framed(ok).as_bytes());
        bytes.extend(b"Content-Length: 5\r\n\r\n\xff\xfe\"\x80\"");
        bytes.extend(framed(ok).as_bytes());
        bytes.extend(b"Content-Length: 100\r\n\r\n{\"cut");
        let seen = frames(&bytes);
        assert_eq!(seen.len(), 10, "{seen:?}");
        assert_eq!(
            &seen[..4],
            ["bad -32700", "bad -32600", "bad -32600", "bad -32600"]
        );
        assert_eq!(&seen[4..7], ["bad -32700", "bad -32700", "bad -32600"]);
        assert!(seen[7].starts_with("message Notification"), "{seen:?}");
        assert_eq!(seen[8], "bad -32700");
        assert!(seen[9].starts_with("message Notification"), "{seen:?}");
    }
}
