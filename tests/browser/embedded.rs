//! The replay page of one game inside a sandboxed `<iframe srcdoc>` of a host page
//! (`seega::render::html::embedded`: what the Python package's `Game._repr_html_` gives a
//! notebook): the board steps through the game as on the page alone, held to `seega show`, and
//! nothing is logged or requested but the host page.

use super::{
    Driver, END, RIGHT, Scratch, assert_quiet, assert_shows, browser, common, expected_last,
    open_fresh,
};
use serde_json::json;

#[test]
fn the_replay_page_works_inside_a_sandboxed_frame() {
    let Some((browser, driver)) = browser() else {
        return;
    };
    let scratch = Scratch(common::scratch("browser-embedded"));
    let dir = scratch.0.clone();
    let profile = dir.join("profile");
    std::fs::create_dir_all(&profile).unwrap();
    let d = Driver::start(&driver, &browser, &profile).expect("the browser starts");

    let file = "samples/standard.sgn";
    let out = common::run_with(&["show", file, "--html", "--game", "2"], None);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let frame = seega::render::html::embedded(&common::stdout(&out), 720);
    let host = dir.join("host.html");
    let text = format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>a notebook</title></head>\n<body><p>out [1]:</p>{frame}</body></html>\n"
    );
    std::fs::write(&host, text).unwrap();
    let url = format!("file://{}", host.display());
    open_fresh(&d, &url);
    d.cmd("POST", "/frame", Some(&json!({ "id": 0 })));
    assert_shows(&d, file, 2, 0, "in a frame, at the start");
    d.click("#next");
    assert_shows(&d, file, 2, 1, "in a frame, click #next");
    // Keys go to the focused frame. The click above leaves the focus in it, but not always:
    // once in a few runs the key went nowhere and the board stayed at turn 1. The frame takes
    // the focus as a reader's click on it would give it.
    d.script("window.focus();", json!([]));
    d.press(END);
    assert_shows(&d, file, 2, expected_last(file, 2), "in a frame, key end");
    d.click("#first");
    d.script("window.focus();", json!([]));
    d.press(RIGHT);
    assert_shows(&d, file, 2, 1, "in a frame, #first then key right");
    d.cmd("POST", "/frame/parent", Some(&json!({})));
    assert_quiet(&d, &url);
}
