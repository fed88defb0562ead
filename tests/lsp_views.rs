//! `seega lsp`'s views of a document, driven over pipes: hovers (the board `seega show` draws
//! after a turn, a problem's `explain` text, a tag's meaning), symbols, folds, inlay hints and go
//! to the place a problem names; and its answers to what no client should send: frames that are
//! not messages, bytes that are not UTF-8, unknown methods, requests out of turn, a huge
//! document. Whatever comes, it answers with protocol and only protocol (the client fails on
//! anything else on standard output), and goes on answering.

use serde_json::{Value, json};

use super::common::{self, lsp::Client};

const URI: &str = "file:///work/game.sgn";

fn read(sample: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(common::ROOT).join(sample)).unwrap()
}

/// The position of byte `offset` of an ASCII `text`.
fn position(text: &str, offset: usize) -> Value {
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let character = before.len() - before.rfind('\n').map_or(0, |k| k + 1);
    json!({"line": line, "character": character})
}

fn hover(client: &mut Client, text: &str, offset: usize) -> String {
    let result = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": URI}, "position": position(text, offset)}),
    );
    result["contents"]["value"]
        .as_str()
        .unwrap_or("")
        .to_owned()
}

#[test]
fn hovers_show_the_board_after_a_turn_a_codes_explanation_and_a_tags_meaning() {
    let sample = "samples/standard.sgn";
    let text = read(sample);
    let mut client = Client::initialized(json!({}), json!({}));
    client.open(URI, &text);
    // Game 2's turns 1, 3 and its last.
    let game2 = text.match_indices("\n1. ").nth(1).unwrap().0 + 4;
    let game3 = text.match_indices("\n1. ").nth(2).unwrap().0;
    let result = text[..game3].rfind(" 0-1").unwrap();
    let last = result - 1;
    let third = game2 + text[game2..].match_indices(' ').nth(2).unwrap().0 + 2;
    for (offset, turn) in [(game2 + 1, "1"), (third, "3"), (last, "last")] {
        let shown = hover(&mut client, &text, offset);
        let turn = if turn == "last" {
            shown.split(' ').nth(2).unwrap().to_owned()
        } else {
            turn.to_owned()
        };
        let o = common::run_with(&["show", sample, "--game", "2", "--turn", &turn], None);
        let show = common::stdout(&o);
        let board = show.split_once('\n').unwrap().1;
        assert!(
            shown.starts_with(&format!("after turn {turn} (")),
            "{shown}"
        );
        assert!(
            shown.ends_with(board),
            "turn {turn}:\n{shown}\n---\n{board}"
        );
    }
    // A tag.
    let tag = text.find("[Rules").unwrap() + 2;
    assert!(hover(&mut client, &text, tag).starts_with("[Rules] The rules the game"));
    // A problem: its explanation, as `seega explain` gives it.
    let bad = text.replacen("c5,d1", "c3,d1", 1);
    client.change(URI, 2, json!([{"text": bad}]));
    let at = bad.find("c3,d1").unwrap();
    let shown = hover(&mut client, &bad, at);
    let o = common::run_with(&["explain", "seega::place::centre"], None);
    let explained = common::stdout(&o);
    assert!(shown.starts_with("seega::place::centre\n\n"), "{shown}");
    let rule = explained.lines().find(|l| l.starts_with("Rule R")).unwrap();
    assert!(shown.contains(rule), "{shown}\n---\n{explained}");
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn markdown_hovers_carry_the_diagram() {
    let caps = json!({"textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}}});
    let mut client = Client::initialized(caps, json!({}));
    let text = "1. c2,d4 *\n";
    client.open(URI, text);
    let shown = hover(&mut client, text, 4);
    assert!(shown.contains("```text\n"), "{shown}");
    assert!(shown.contains("](data:image/svg+xml;base64,"), "{shown}");
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn symbols_folds_hints_and_going_to_the_place_a_problem_names() {
    let text = read("samples/standard.sgn");
    let mut client = Client::initialized(json!({}), json!({}));
    client.open(URI, &text);
    let doc = json!({"textDocument": {"uri": URI}});
    let symbols = client.request("textDocument/documentSymbol", doc.clone());
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    let games = text.matches("[Event").count();
    assert_eq!(names.len(), games);
    assert_eq!(names[0], "game 1 (Zaynab vs Youssef, Luxor winter cup)");
    assert_eq!(symbols[0]["detail"], "1-0");
    let folds = client.request("textDocument/foldingRange", doc);
    assert_eq!(folds.as_array().unwrap().len(), games);
    assert_eq!(folds[0]["startLine"], symbols[0]["range"]["start"]["line"]);
    // A turn written without the captures it makes.
    let bare = "[Rules \"standard\"]\n[Position \"b4/2w2/wb1bw/2b2/2w2 w\"]\n\n1. c4-c3 *\n";
    client.open("file:///work/bare.sgn", bare);
    let range = json!({"start": {"line": 0, "character": 0}, "end": {"line": 9, "character": 0}});
    let hints = client.request(
        "textDocument/inlayHint",
        json!({"textDocument": {"uri": "file:///work/bare.sgn"}, "range": range}),
    );
    assert_eq!(hints.as_array().unwrap().len(), 1, "{hints}");
    assert_eq!(hints[0]["label"], "xc2xb3xd3");
    assert_eq!(hints[0]["position"], json!({"line": 3, "character": 8}));
    // A Result tag that the result token contradicts, a turn after the end: related to the
    // token, to the turn that ended the game, and reached.
    for (sample, place, label) in [
        ("result-tag-mismatch", "0-1", "the result token"),
        ("turn-after-end", "c4-c5xb5", "turn 1 ended the game"),
    ] {
        let text = read(&format!("samples/invalid/{sample}.sgn"));
        let uri = format!("file:///work/{sample}.sgn");
        let diagnostics = client.open(&uri, &text);
        let d = &diagnostics[0];
        let related = &d["relatedInformation"][0];
        assert_eq!(related["message"], label);
        let related = &related["location"];
        assert_eq!(related["uri"], uri.as_str());
        let at = text.rfind(place).unwrap();
        assert_eq!(related["range"]["start"], position(&text, at), "{sample}");
        let target = client.request(
            "textDocument/definition",
            json!({"textDocument": {"uri": uri}, "position": d["range"]["start"]}),
        );
        assert_eq!(target["range"], related["range"], "{target}");
    }
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn malformed_and_out_of_turn_input_gets_protocol_errors() {
    let mut client = Client::start(&[]);
    let early = client.call("textDocument/hover", json!({}));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    let result = client.request("initialize", json!({"capabilities": {}}));
    assert!(result["capabilities"].is_object());
    let again = client.call("initialize", json!({"capabilities": {}}));
    assert_eq!(again["error"]["code"], -32600, "{again}");
    let frames: [&[u8]; 6] = [
        b"Content-Length: 9\r\n\r\n{\"jsonrp\"",
        b"Content-Length: 5\r\n\r\n\xff\xfe\x80\x81\"",
        b"Content-Length: 2\r\n\r\n[]",
        b"Content-Length: nine\r\n\r\n",
        b"no header at all\r\n\r\n",
        b"Content-Length: 35\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}",
    ];
    let codes = [-32700, -32700, -32600, -32700, -32700, -32600];
    for (frame, code) in frames.iter().zip(codes) {
        client.raw(frame);
        let answer = client.next();
        assert_eq!(answer["error"]["code"], code, "{answer}");
    }
    let unknown = client.call("seega/nothing", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let bad = client.call("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(bad["error"]["code"], -32602, "{bad}");
    client.notify("seega/nothing", json!({}));
    client.notify("textDocument/didChange", json!({"contentChanges": 1}));
    let none = client.request(
        "textDocument/hover",
        json!({"textDocument": {"uri": "file:///nowhere.sgn"}, "position": {"line": 0, "character": 0}}),
    );
    assert!(none.is_null());
    // A change past the end of the text, and a position within a character.
    client.open(URI, "1. c2,d\u{e9}4 *");
    let far = json!({"start": {"line": 40, "character": 9}, "end": {"line": 99, "character": 0}});
    client.change(URI, 2, json!([{"range": far, "text": " {é}"}]));
    let half = json!({"start": {"line": 0, "character": 8}, "end": {"line": 0, "character": 8}});
    client.change(URI, 3, json!([{"range": half, "text": "\u{1F600}"}]));
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn a_huge_document_is_checked_and_exit_without_shutdown_fails() {
    let mut client = Client::initialized(json!({}), json!({}));
    // A game of a hundred thousand passes on one line, and a thousand games.
    let long = format!("1. c2,d4 {}*\n", "-- ".repeat(100_000));
    let many = "[Event \"x\"]\n\n1. c2,d4 *\n\n".repeat(1000);
    for text in [long, many] {
        let got = client.open(URI, &text);
        let o = common::run_with(&["check", "--format", "jsonl"], Some(text.as_bytes()));
        let want = common::stdout(&o).matches("\"diagnostic\"").count();
        assert_eq!(got.len(), want);
        client.notify(
            "textDocument/didClose",
            json!({"textDocument": {"uri": URI}}),
        );
        assert!(client.cleared(URI));
    }
    client.notify("exit", Value::Null);
    assert_eq!(client.hang_up(), Some(1));
    let client = Client::initialized(json!({}), json!({}));
    assert_eq!(client.hang_up(), Some(0), "the input's end ends the server");
}

#[test]
fn range_formatting_and_completion_in_tags() {
    let mut client = Client::initialized(json!({}), json!({}));
    // Two games written loosely; a range in the second formats the second only, as fmt does.
    let text = "[Event  \"a\"]\n1.c2,d4   a1,b1 *\n\n[Event \"b\"]\n1.c2,d4   a1,b1 *\n";
    client.open(URI, text);
    let second = text.rfind("a1,b1").unwrap();
    let range = json!({"start": position(text, second), "end": position(text, second + 1)});
    let edits = client.request(
        "textDocument/rangeFormatting",
        json!({"textDocument": {"uri": URI}, "range": range,
               "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let edits = edits.as_array().unwrap();
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["range"]["start"]["line"], 3);
    assert_eq!(edits[0]["newText"], "[Event \"b\"]\n\n1. c2,d4 a1,b1 *");
    // Tag names after `[`, presets then options in a Rules tag's value.
    let tags = "[Ru\n";
    client.open("file:///work/tags.sgn", tags);
    let complete = |client: &mut Client, uri: &str, character: u64| -> Vec<String> {
        let items = client.request(
            "textDocument/completion",
            json!({"textDocument": {"uri": uri},
                   "position": {"line": 0, "character": character}}),
        );
        let labels = items.as_array().unwrap().iter();
        labels
            .map(|i| i["label"].as_str().unwrap().to_owned())
            .collect()
    };
    let names = complete(&mut client, "file:///work/tags.sgn", 3);
    assert!(names.contains(&"Rules".to_owned()) && names.contains(&"Event".to_owned()));
    let rules = "[Rules \"standard ch\n";
    client.open("file:///work/rules.sgn", rules);
    let presets = complete(&mut client, "file:///work/rules.sgn", 10);
    assert!(presets.contains(&"standard".to_owned()), "{presets:?}");
    let options = complete(&mut client, "file:///work/rules.sgn", 19);
    assert!(options.contains(&"chain=none".to_owned()), "{options:?}");
    assert!(!options.contains(&"standard".to_owned()), "{options:?}");
    assert_eq!(client.stop(), Some(0));
}

#[test]
fn typed_at_a_prompt_the_server_says_what_it_waits_for_on_standard_error() {
    // `script` gives the server a terminal as its standard input (then ends it: its own input
    // is empty); the note goes to standard error, which `script` shows with the rest.
    let command = format!("{} lsp 2>&1 >/dev/null", env!("CARGO_BIN_EXE_seega"));
    let Some(shown) = common::on_a_terminal(std::path::Path::new(common::ROOT), &command) else {
        return;
    };
    let text = String::from_utf8_lossy(&shown);
    assert!(
        text.contains("speaks the Language Server Protocol on standard input and output"),
        "{text}"
    );
    // Through pipes, as an editor starts it, standard error stays quiet.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_seega"))
        .arg("lsp")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("seega runs");
    assert!(o.stderr.is_empty() && o.stdout.is_empty(), "{o:?}");
}
