//! Pages of games that try to break the page: markup in their tags and comments, and a game
//! that cannot be set up.

use super::{Driver, assert_quiet, assert_shows, common, open_fresh, page};
use serde_json::json;
use std::path::Path;

/// A game whose tags and comments hold `</script>`, `<!--` and markup: the page still works,
/// runs no script of theirs, and shows them as text.
pub(super) fn hostile(d: &Driver, dir: &Path) {
    let sample = dir.join("hostile.sgn");
    let comment =
        "</script><script>document.title='pwned'</script><!-- <img src=x onerror=alert(1)>";
    std::fs::write(
        &sample,
        format!(
            "[Event \"</script><!--\"]\n[Black \"<b>Ama</b>\"]\n[White \"Kofi & co\"]\n\n1. c5,d1 {{ {comment} }} d2,a5 *\n"
        ),
    )
    .unwrap();
    let url = page(dir, sample.to_str().unwrap());
    open_fresh(d, &format!("{url}#game=1&turn=1"));
    let v = d.script(
        "return {scripts: document.scripts.length, title: document.title,
                 comment: document.querySelector('#comments p').textContent,
                 heading: document.getElementById('game-title').textContent,
                 images: document.images.length};",
        json!([]),
    );
    let title = format!("Seega games: {}", "hostile.sgn");
    // the game's data, the arrows and the page's script: no other
    assert_eq!(
        v,
        json!({"scripts": 3, "title": title, "comment": comment,
               "heading": "Game 1: <b>Ama</b> vs Kofi & co, </script><!--", "images": 0})
    );
    assert_shows(d, sample.to_str().unwrap(), 1, 1, "hostile");
    assert_quiet(d, &url);
}

/// A game that cannot be set up: no position, an empty board, and the error said.
pub(super) fn unplayable(d: &Driver, dir: &Path) {
    let sample = "samples/invalid/position-impossible.sgn";
    let o = common::run_with(&["show", sample], None);
    let said = common::stderr(&o);
    assert!(said.contains("cannot be set up"), "{said}");
    let url = page(dir, sample);
    open_fresh(d, &format!("{url}#game=1&turn=3"));
    let v = d.script(
        "const b = document.getElementById('board');
         return {turn: b.dataset.turn, position: b.dataset.position,
                 pieces: [...b.querySelectorAll('[data-square]')].map(e => e.dataset.piece).join(''),
                 squares: b.querySelectorAll('[data-square]').length,
                 said: document.getElementById('error').textContent,
                 hidden: document.getElementById('error').hidden};",
        json!([]),
    );
    assert_eq!(v["turn"], "");
    assert_eq!(v["position"], "");
    assert_eq!(v["pieces"], "");
    assert!(v["squares"].as_u64().unwrap() >= 25, "{v}");
    assert_eq!(v["hidden"], false);
    let error = v["said"].as_str().unwrap();
    assert!(
        error.starts_with("the game is invalid (seega::position::"),
        "{error}"
    );
    assert_quiet(d, &url);
}
