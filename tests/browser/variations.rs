//! The replay page walks a game's variations: a deep link to a turn of a variation, a click on
//! a variation's turn in the moves, and the keys along a line (← →) and into and out of a
//! variation (↓ ↑) each show the position `seega show --line PATH --turn K` draws, with the
//! position string the checker's replay of that line reaches.

use super::{
    Driver, LEFT, RIGHT, Scratch, assert_quiet, board_of, browser, common, expected, open_fresh,
    page, shown,
};
use serde_json::json;

const DOWN: &str = "\u{E015}";
const UP: &str = "\u{E013}";
const FILE: &str = "samples/variations.sgn";

/// The position string after turn `turn` along the line `line` of game `game` of the sample,
/// as the checker's replay of that line reached it.
fn position_of(game: usize, line: &str, turn: usize) -> String {
    let text = std::fs::read_to_string(FILE).unwrap();
    let g = seega::parse(&text).nth(game - 1).expect("the game");
    let opts = seega::Options::default().record(true);
    let verdict = seega::validate::check_game(&g, &opts);
    let turns = seega::validate::line_turns(&g, &verdict, &line.parse().unwrap()).expect("line");
    turns[turn - 1].1.after.setup().to_string()
}

/// Asserts that the page shows turn `turn` of line `line` (empty: the main line) of game
/// `game`, as `seega show --line` draws it, and names it in its attributes and address.
fn assert_line(d: &Driver, game: usize, line: &str, turn: usize, how: &str) {
    let deadline = std::time::Instant::now() + super::PAGE_WAIT;
    let at = |d: &Driver| {
        d.script(
            "const b = document.getElementById('board'); return [b.dataset.line, b.dataset.turn];",
            json!([]),
        )
    };
    while at(d) != json!([line, turn.to_string()]) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(at(d), json!([line, turn.to_string()]), "{how}");
    let (got, attrs) = shown(d);
    assert_eq!(got, expected(FILE, game, turn, line), "{how}");
    assert_eq!(attrs["game"], json!(game.to_string()), "{how}");
    let position = attrs["position"].as_str().expect("data-position");
    assert_eq!(board_of(position), got.pieces, "{how}");
    let want = match line {
        "" => position_of_main(game, turn),
        _ => position_of(game, line, turn),
    };
    assert_eq!(position, want, "data-position ({how})");
    let hash = d.script("return location.hash;", json!([]));
    let want = match line {
        "" => format!("#game={game}&turn={turn}"),
        _ => format!("#game={game}&line={line}&turn={turn}"),
    };
    assert_eq!(hash, json!(want), "{how}");
    // the link of the turn shown, and only it, is marked as the current one (none at the start)
    let current = d.script(
        "return [...document.querySelectorAll('#moves a[aria-current]')].map(a => [a.dataset.line || '', a.dataset.k]);",
        json!([]),
    );
    let want = match turn {
        0 => json!([]),
        _ => json!([[line, turn.to_string()]]),
    };
    assert_eq!(current, want, "{how}");
}

/// The position string after main line turn `turn` of game `game`, as `seega moves` prints it.
fn position_of_main(game: usize, turn: usize) -> String {
    let (g, t) = (game.to_string(), turn.to_string());
    let args = [
        "moves", FILE, "--game", &g, "--turn", &t, "--format", "jsonl",
    ];
    let out = common::stdout(&common::run_with(&args, None));
    let line: serde_json::Value =
        serde_json::from_str(out.lines().next().expect("a line")).unwrap();
    line["position"].as_str().expect("position").to_owned()
}

#[test]
fn the_replay_page_walks_variations() {
    let Some((browser, driver)) = browser() else {
        return;
    };
    let scratch = Scratch(common::scratch("browser-variations"));
    let dir = scratch.0.clone();
    let profile = dir.join("profile");
    std::fs::create_dir_all(&profile).unwrap();
    let d = Driver::start(&driver, &browser, &profile).expect("the browser starts");
    let url = page(&dir, FILE);

    // deep links, each on a fresh load
    let links = [
        (1, "1.1/3.1", 4),
        (1, "1.1/3.1/3.1", 4),
        (1, "95.1", 95),
        (2, "16.1", 18),
    ];
    for (game, line, turn) in links {
        open_fresh(&d, &format!("{url}#game={game}&line={line}&turn={turn}"));
        assert_line(
            &d,
            game,
            line,
            turn,
            &format!("deep link to {line} turn {turn}"),
        );
        assert_quiet(&d, &url);
    }
    // a line the game does not have opens its start
    open_fresh(&d, &format!("{url}#game=2&line=9.1&turn=4"));
    assert_line(&d, 2, "", 0, "a deep link to no line");
    // a turn of the line before its branch is the line's it branches from
    open_fresh(&d, &format!("{url}#game=2&line=16.1&turn=3"));
    assert_line(&d, 2, "", 3, "a deep link before the branch");

    // a click on a variation's turn in the moves
    d.click("#moves a[data-line='16.1'][data-k='17']");
    assert_line(&d, 2, "16.1", 17, "click on turn 17 of 16.1");
    // the keys along the line, out of it at its first turn, and into and out of it
    let keys = [
        (LEFT, "16.1", 16, "key left in the variation"),
        (LEFT, "", 15, "key left off the variation's first turn"),
        (RIGHT, "", 16, "key right on the main line"),
        (DOWN, "16.1", 16, "key down into the variation"),
        (RIGHT, "16.1", 17, "key right in the variation"),
        (RIGHT, "16.1", 18, "key right to the variation's last"),
        (RIGHT, "16.1", 18, "key right past the variation's last"),
        (UP, "", 16, "key up out of the variation"),
    ];
    for (key, line, turn, how) in keys {
        d.press(key);
        assert_line(&d, 2, line, turn, how);
    }
    // nested: down twice goes two deep, up once comes back one
    open_fresh(&d, &format!("{url}#game=1&line=1.1&turn=3"));
    assert_line(&d, 1, "1.1", 3, "deep link to 1.1 turn 3");
    d.press(DOWN);
    assert_line(&d, 1, "1.1/3.1", 3, "key down into 1.1/3.1");
    d.press(DOWN);
    assert_line(&d, 1, "1.1/3.1/3.1", 3, "key down into 1.1/3.1/3.1");
    d.press(RIGHT);
    assert_line(&d, 1, "1.1/3.1/3.1", 4, "key right three deep");
    d.press(UP);
    assert_line(&d, 1, "1.1/3.1", 3, "key up out of 1.1/3.1/3.1");
    d.click("#moves a[data-line='1.1/3.1/3.1'][data-k='4']");
    assert_line(&d, 1, "1.1/3.1/3.1", 4, "click three deep");
    assert_quiet(&d, &url);
}
