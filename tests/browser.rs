//! The replay page (`seega show --html`) in a real browser: Debian's `chromium`, headless,
//! driven over WebDriver by `chromedriver`. For sample games and turns, reached by deep links,
//! by clicking the buttons and moves and by pressing keys, every square's `data-piece`, the
//! highlighted squares and the board's `data-game`/`data-turn`/`data-position` must be those
//! `seega show --game G --turn T` prints; flipping turns the board; the page logs no console
//! message and requests nothing but its own file; hostile text stays text.
//!
//! Without the browser the test says so and passes, except under CI (`CI` set), where it fails:
//! `.ci/run` installs `chromium` and `chromium-driver`. `SEEGA_CHROMIUM` and
//! `SEEGA_CHROMEDRIVER` name another browser and driver than Debian's `/usr/bin` ones.

use super::common;
#[path = "browser/embedded.rs"]
mod embedded;
#[path = "browser/hostile.rs"]
mod hostile;
#[path = "browser/variations.rs"]
mod variations;
#[path = "browser/webdriver.rs"]
mod webdriver;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use webdriver::Driver;

const BROWSER: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";

const RIGHT: &str = "\u{E014}";
const LEFT: &str = "\u{E012}";
const HOME: &str = "\u{E011}";
const END: &str = "\u{E010}";

/// What a board shows: each square's piece (`b`, `w` or empty), the squares of the last turn
/// and the squares captured on.
#[derive(Debug, PartialEq, Eq)]
struct Shown {
    pieces: BTreeMap<String, String>,
    touched: Vec<String>,
    captured: Vec<String>,
}

/// The board `seega show FILE --game G --turn T` (with `--line LINE` unless it is empty)
/// prints, read from its text board.
fn expected(file: &str, game: usize, turn: usize, line: &str) -> Shown {
    let (g, t) = (game.to_string(), turn.to_string());
    let mut args = vec!["show", file, "--game", &g, "--turn", &t];
    if !line.is_empty() {
        args.extend(["--line", line]);
    }
    let out = common::run_with(&args, None);
    assert!(out.status.success(), "{}", common::stderr(&out));
    let text = common::stdout(&out);
    let mut shown = Shown {
        pieces: BTreeMap::new(),
        touched: Vec::new(),
        captured: Vec::new(),
    };
    for line in text.lines().skip(2) {
        let Some(rank) = line
            .split_whitespace()
            .next()
            .and_then(|r| r.parse::<u8>().ok())
        else {
            break;
        };
        // ` 5  w  w [.] b  w  5`: a cell of three characters from column 4 on
        let cells = &line.as_bytes()[3..];
        for (file, cell) in cells.chunks(3).enumerate() {
            if cell.len() < 3 || !b"bw.+x".contains(&cell[1]) {
                break;
            }
            let sq = format!("{}{rank}", char::from(b'a' + file as u8));
            let piece = match cell[1] {
                b'b' => "b",
                b'w' => "w",
                _ => "",
            };
            match cell[0] {
                b'[' => shown.touched.push(sq.clone()),
                b'(' => shown.captured.push(sq.clone()),
                _ => {}
            }
            shown.pieces.insert(sq, piece.to_owned());
        }
    }
    assert!(!shown.pieces.is_empty(), "no board in {text}");
    shown.touched.sort();
    shown.captured.sort();
    shown
}

/// What the page's board shows now, and its `data-game`, `data-turn` and `data-position`.
fn shown(d: &Driver) -> (Shown, Value) {
    let v = d.script(
        "const b = document.getElementById('board');
         const sq = [...b.querySelectorAll('[data-square]')];
         const of = c => sq.filter(e => e.classList.contains(c)).map(e => e.dataset.square).sort();
         return {pieces: sq.map(e => [e.dataset.square, e.dataset.piece]),
                 t: of('t'), x: of('x'),
                 game: b.dataset.game, turn: b.dataset.turn, position: b.dataset.position};",
        json!([]),
    );
    let pieces = v["pieces"]
        .as_array()
        .expect("squares")
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_owned(),
                p[1].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let list = |k: &str| {
        v[k].as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_owned())
            .collect()
    };
    let s = Shown {
        pieces,
        touched: list("t"),
        captured: list("x"),
    };
    (s, v)
}

/// The board a position string describes (`ranks side`, ranks from the top).
fn board_of(position: &str) -> BTreeMap<String, String> {
    let ranks: Vec<&str> = position.split(' ').next().unwrap().split('/').collect();
    let n = ranks.len();
    let mut out = BTreeMap::new();
    for (i, r) in ranks.iter().enumerate() {
        let mut file = 0u8;
        for c in r.chars() {
            match c.to_digit(10) {
                Some(k) => {
                    for _ in 0..k {
                        out.insert(
                            format!("{}{}", char::from(b'a' + file), n - i),
                            String::new(),
                        );
                        file += 1;
                    }
                }
                None => {
                    out.insert(
                        format!("{}{}", char::from(b'a' + file), n - i),
                        c.to_string(),
                    );
                    file += 1;
                }
            }
        }
    }
    out
}

/// How long a test waits at most for the page to follow a click or a key: far more than it
/// takes (milliseconds), so that only a page that never follows fails, not a busy machine (5
/// seconds were once too few for a key press in a frame while two builds ran beside the
/// browser).
const PAGE_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// Asserts that the page shows turn `turn` of game `game` of `file`, as `seega show` does.
fn assert_shows(d: &Driver, file: &str, game: usize, turn: usize, how: &str) {
    let want = expected(file, game, turn, "");
    // A click on a link changes the page's hash, and the page follows on the `hashchange`
    // event, after the click has returned: wait for the board to name the game and turn asked
    // for, then hold all of it to what was asked. The wait ends at once when it does; its
    // bound ([`PAGE_WAIT`]) only catches a page that never follows.
    let deadline = std::time::Instant::now() + PAGE_WAIT;
    let (got, attrs) = loop {
        let (got, attrs) = shown(d);
        let there =
            attrs["game"] == json!(game.to_string()) && attrs["turn"] == json!(turn.to_string());
        if there || std::time::Instant::now() > deadline {
            break (got, attrs);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(got, want, "{file} game {game} turn {turn} ({how})");
    assert_eq!(attrs["game"], json!(game.to_string()), "{how}");
    assert_eq!(attrs["turn"], json!(turn.to_string()), "{how}");
    let position = attrs["position"].as_str().expect("data-position");
    assert_eq!(
        board_of(position),
        want.pieces,
        "data-position {position} ({how})"
    );
    // and the whole string is the one `seega moves` prints for the position
    let (g, t) = (game.to_string(), turn.to_string());
    let args = [
        "moves", file, "--game", &g, "--turn", &t, "--format", "jsonl",
    ];
    let moves = common::stdout(&common::run_with(&args, None));
    let line: Value = serde_json::from_str(moves.lines().next().expect("a line")).expect("json");
    assert_eq!(line["position"], json!(position), "data-position ({how})");
    // what a screen reader reads of the board: the squares of each side, in board order
    let n = (want.pieces.len() as f64).sqrt() as u8;
    let side = |c: &str| {
        let sq: Vec<String> = (1..=n)
            .flat_map(|r| (0..n).map(move |f| format!("{}{r}", char::from(b'a' + f))))
            .filter(|s| want.pieces[s] == c)
            .collect();
        if sq.is_empty() {
            "none".to_owned()
        } else {
            sq.join(", ")
        }
    };
    let label = d.script(
        "return document.querySelector('#board svg').getAttribute('aria-label');",
        json!([]),
    );
    assert_eq!(
        label,
        json!(format!(
            "Board. Black: {}. White: {}.",
            side("b"),
            side("w")
        )),
        "{how}"
    );
    // The address names the position, but for a page without one of its own (a srcdoc frame).
    let (hash, about) = (
        d.script("return location.hash;", json!([])),
        d.script("return location.protocol === 'about:';", json!([])),
    );
    let want = if about == json!(true) {
        String::new()
    } else {
        format!("#game={game}&turn={turn}")
    };
    assert_eq!(hash, json!(want), "{how}");
}

/// Asserts that the page says what `seega show` notes about an invalid game, and nothing
/// about a valid one.
fn assert_error(d: &Driver, file: &str, game: usize) {
    let out = common::run_with(&["show", file, "--game", &game.to_string()], None);
    let notes: Vec<String> = common::stdout(&out)
        .lines()
        .filter_map(|l| l.strip_prefix("note: "))
        .map(str::to_owned)
        .collect();
    let shown = d.script(
        "const e = document.getElementById('error'); return e.hidden ? '' : e.textContent;",
        json!([]),
    );
    let shown = shown.as_str().expect("text");
    match notes.first() {
        None => assert_eq!(shown, "", "{file} game {game}"),
        Some(first) => {
            assert!(shown.starts_with(first.as_str()), "{shown:?} for {notes:?}");
            if let Some(stop) = notes.get(1) {
                assert!(shown.contains(stop.as_str()), "{shown:?} for {notes:?}");
            }
        }
    }
}

/// The browser and its driver (`SEEGA_CHROMIUM` and `SEEGA_CHROMEDRIVER` name others), or why
/// they cannot be used.
fn browser() -> Option<(PathBuf, PathBuf)> {
    let path = |var: &str, default: &str| {
        std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
    };
    let (b, d) = (
        path("SEEGA_CHROMIUM", BROWSER),
        path("SEEGA_CHROMEDRIVER", DRIVER),
    );
    if b.exists() && d.exists() {
        return Some((b, d));
    }
    let why = format!(
        "{} or {} is missing (Debian: apt-get install chromium chromium-driver; `.ci/run` installs them)",
        b.display(),
        d.display()
    );
    // A test that cannot run fails, unless the one who runs it says to skip it; never in CI.
    common::skip_or_fail("SEEGA_SKIP_BROWSER", &format!("the browser: {why}"));
    None
}

/// Writes the page of `sample` into `dir`; its file URL.
fn page(dir: &Path, sample: &str) -> String {
    let name = Path::new(sample)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    let out = dir.join(format!("{name}.html"));
    let o = common::run_with(
        &["show", sample, "--html", "-o", out.to_str().unwrap()],
        None,
    );
    assert!(o.status.success(), "{}", common::stderr(&o));
    format!("file://{}", out.display())
}

/// Asserts that the console logged nothing and that no request but the page's own file was
/// made since the logs were last read.
fn assert_quiet(d: &Driver, url: &str) {
    let console = d.log("browser");
    assert!(console.is_empty(), "console messages: {console:?}");
    let page = url.split('#').next().unwrap();
    for entry in d.log("performance") {
        let msg: Value = serde_json::from_str(entry["message"].as_str().unwrap_or("{}")).unwrap();
        if msg["message"]["method"] == json!("Network.requestWillBeSent") {
            let asked = msg["message"]["params"]["request"]["url"]
                .as_str()
                .unwrap_or("");
            assert_eq!(asked.split('#').next(), Some(page), "a request for {asked}");
        }
    }
    let resources = d.script(
        "return performance.getEntriesByType('resource').map(e => e.name);",
        json!([]),
    );
    assert_eq!(resources, json!([]), "resources loaded");
}

/// Opens `url` afresh (not as a jump within the page already open).
fn open_fresh(d: &Driver, url: &str) {
    d.open("about:blank");
    // what the browser did before (its new tab page, the blank page) is not the page's
    let _ = (d.log("browser"), d.log("performance"));
    d.open(url);
}

/// Opens sample pages at deep links, each on a fresh load, and holds each to `seega show`;
/// gives the pages' URLs by sample.
fn deep_links(d: &Driver, dir: &Path) -> BTreeMap<&'static str, String> {
    // Deep links, on a fresh load: (sample, game, turn).
    let links = [
        ("samples/standard.sgn", 1, 14),
        ("samples/standard.sgn", 1, 13),
        ("samples/standard.sgn", 2, 0),
        ("samples/standard.sgn", 3, 26),
        ("samples/seesa.sgn", 1, 60),
        ("samples/seesa.sgn", 2, 367),
        ("samples/seesa.sgn", 6, 45),
        ("samples/ludus.sgn", 2, 40),
        ("samples/ludus.sgn", 3, 12),
        ("samples/positions.sgn", 3, 1),
        ("samples/options.sgn", 5, 250),
        ("samples/club-archive-crlf.sgn", 2, 7),
        ("samples/invalid/move-diagonal.sgn", 1, 0),
        ("samples/invalid/place-occupied.sgn", 1, 1),
    ];
    let mut urls = BTreeMap::new();
    for (sample, game, turn) in links {
        let url = urls
            .entry(sample)
            .or_insert_with(|| page(dir, sample))
            .clone();
        let link = format!("{url}#game={game}&turn={turn}");
        open_fresh(d, &link);
        assert_shows(d, sample, game, turn, &format!("deep link {link}"));
        assert_error(d, sample, game);
        assert_quiet(d, &url);
    }
    urls
}

#[test]
fn the_replay_page_shows_what_seega_show_prints() {
    let Some((browser, driver)) = browser() else {
        return;
    };
    // Removed when the test ends, also when it fails, after the browser (declared later) stops.
    let scratch = Scratch(common::scratch("browser"));
    let dir = scratch.0.clone();
    let profile = dir.join("profile");
    std::fs::create_dir_all(&profile).unwrap();
    let d = Driver::start(&driver, &browser, &profile).expect("the browser starts");

    let urls = deep_links(&d, &dir);

    // Fragments that name no position: the first game's start, or the last position.
    let std_url = urls["samples/standard.sgn"].clone();
    let odd = [
        ("#game=99&turn=5", 1, 0),
        ("#nonsense", 1, 0),
        ("", 1, 0),
        ("#game=2&turn=9999", 2, 86),
        ("#game=3", 3, 0),
    ];
    for (frag, game, turn) in odd {
        open_fresh(&d, &format!("{std_url}{frag}"));
        assert_shows(
            &d,
            "samples/standard.sgn",
            game,
            turn,
            &format!("fragment {frag:?}"),
        );
    }

    // Buttons, moves, the slider and keys, on game 1 of the standard sample.
    let file = "samples/standard.sgn";
    open_fresh(&d, &format!("{std_url}#game=1&turn=0"));
    assert_shows(&d, file, 1, 0, "start");
    let steps: [(&str, usize); 9] = [
        ("click #next", 1),
        ("click #next", 2),
        ("click #prev", 1),
        ("click #last", 95),
        ("click #first", 0),
        ("key right", 1),
        ("key end", 95),
        ("key left", 94),
        ("key home", 0),
    ];
    for (how, turn) in steps {
        match how.split_once(' ').unwrap() {
            ("click", css) => d.click(css),
            ("key", "right") => d.press(RIGHT),
            ("key", "left") => d.press(LEFT),
            ("key", "end") => d.press(END),
            ("key", _) => d.press(HOME),
            _ => unreachable!(),
        }
        assert_shows(&d, file, 1, turn, how);
    }
    // the slider, stepped by its own keys: one position a key, not two
    d.script("document.getElementById('slider').focus();", json!([]));
    d.press(RIGHT);
    d.press(RIGHT);
    assert_shows(&d, file, 1, 2, "two keys right on the slider");
    d.press(LEFT);
    assert_shows(&d, file, 1, 1, "a key left on the slider");
    // a move in the list, and a game in the list
    d.click("#moves a[data-k='13']");
    assert_shows(&d, file, 1, 13, "click on turn 13 in the moves");
    let (at13, _) = shown(&d);
    assert!(!at13.captured.is_empty(), "turn 13 captures: {at13:?}");
    for _ in 0..3 {
        d.press(RIGHT);
    }
    assert_shows(&d, file, 1, 16, "three keys right from turn 13");
    d.click("#game-list li:nth-child(2) a");
    assert_shows(&d, file, 2, 0, "click on game 2 in the list");
    d.press(END);
    assert_shows(&d, file, 2, expected_last(file, 2), "end of game 2");
    assert_quiet(&d, &std_url);

    narrow(&d, &std_url);
    hostile::unplayable(&d, &dir);
    flipping(&d, &std_url);
    hostile::hostile(&d, &dir);
}

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The number of legal turns of game `game` of `file`, from `seega show`'s final position.
fn expected_last(file: &str, game: usize) -> usize {
    let out = common::run_with(&["show", file, "--game", &game.to_string()], None);
    let text = common::stdout(&out);
    let first = text.lines().next().unwrap_or("");
    first
        .split("after turn ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or(0)
}

/// F flips the board: a1 goes to the top right, the files read from `e`, and back.
fn flipping(d: &Driver, url: &str) {
    open_fresh(d, &format!("{url}#game=1&turn=20"));
    let corner = "const r = s => document.querySelector(`[data-square=${s}]`).getBoundingClientRect();
                  const files = [...document.querySelectorAll('#board [data-file]')].map(e => e.textContent);
                  return {a1_above_e5: r('a1').top < r('e5').top, a1_right_of_e5: r('a1').left > r('e5').left,
                          files: files.join(''), pressed: document.getElementById('flip').getAttribute('aria-pressed')};";
    let before = d.script(corner, json!([]));
    assert_eq!(
        before,
        json!({"a1_above_e5": false, "a1_right_of_e5": false, "files": "abcde", "pressed": "false"})
    );
    d.press("f");
    let after = d.script(corner, json!([]));
    assert_eq!(
        after,
        json!({"a1_above_e5": true, "a1_right_of_e5": true, "files": "edcba", "pressed": "true"})
    );
    // the position is the same, only turned
    assert_shows(d, "samples/standard.sgn", 1, 20, "flipped");
    d.click("#flip");
    assert_eq!(d.script(corner, json!([])), before);
    assert_quiet(d, url);
}

/// On a phone's width (and so at 200 % zoom on a narrow window) nothing is wider than the
/// window, the board comes first and fits, and the buttons are large enough to touch.
fn narrow(d: &Driver, url: &str) {
    d.cmd(
        "POST",
        "/window/rect",
        Some(&json!({"width": 390, "height": 900})),
    );
    open_fresh(d, &format!("{url}#game=1&turn=14"));
    let v = d.script(
        "const w = window.innerWidth, b = document.querySelector('#board svg').getBoundingClientRect();
         const list = document.getElementById('games').getBoundingClientRect();
         const buttons = [...document.querySelectorAll('#controls button')].map(e => e.getBoundingClientRect());
         return {fits: document.documentElement.scrollWidth <= w && b.right <= w && b.left >= 0,
                 board_first: b.top < list.top,
                 touchable: buttons.every(r => r.width >= 44 && r.height >= 44)};",
        json!([]),
    );
    let wide = d.script(
        "return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > window.innerWidth)
           .map(e => e.tagName + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().right)).slice(0, 8)
           .concat([window.innerWidth, document.documentElement.scrollWidth]);",
        json!([]),
    );
    assert_eq!(
        v,
        json!({"fits": true, "board_first": true, "touchable": true}),
        "wider than the window: {wide}"
    );
    assert_shows(d, "samples/standard.sgn", 1, 14, "a phone's width");
    d.cmd(
        "POST",
        "/window/rect",
        Some(&json!({"width": 1000, "height": 1000})),
    );
}
