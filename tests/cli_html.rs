//! `seega show --html`, run as a user runs it: the replay page's data against the engine's
//! games, what the page may hold (nothing loaded from elsewhere, nothing from a file unescaped),
//! its size, and its writing. The page in a real browser is `tests/browser.rs`.

use super::common;
use common::{ROOT, scratch, stderr, stdout};
use serde_json::Value;

fn run(args: &[&str]) -> std::process::Output {
    common::run_with(args, None)
}

/// The page of `args` (after `show --html`), which must succeed.
fn page(args: &[&str]) -> String {
    let mut all = vec!["show", "--html"];
    all.extend(args);
    let o = run(&all);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// The games the page holds, one JSON element each, as `{"games": [...]}`.
fn data(page: &str) -> Value {
    let open = r#"<script type="application/json" class="seega-game">"#;
    let games: Vec<Value> = page
        .split(open)
        .skip(1)
        .map(|rest| {
            let len = rest.find("</script>").expect("its end");
            serde_json::from_str(&rest[..len]).expect("JSON")
        })
        .collect();
    serde_json::json!({ "games": games })
}

/// Every position of every game of `page` as its script replays them (`replay.js`, run by
/// Node.js): `GAME POSITION-STRING BOARD` lines, the start of each game first, then the
/// positions after each turn of each of its variations, as `GAME@PATH POSITION-STRING BOARD`.
fn replayed(dir: &std::path::Path, page: &str) -> Vec<String> {
    let file = dir.join("page.html");
    std::fs::write(&file, page).unwrap();
    let script = r#"
const fs = require('fs');
const [replay, file] = process.argv.slice(1);
const SeegaReplay = new Function(fs.readFileSync(replay, 'utf8') + '\nreturn SeegaReplay;')();
const html = fs.readFileSync(file, 'utf8');
const open = '<script type="application/json" class="seega-game">';
const games = html.split(open).slice(1).map(r => JSON.parse(r.slice(0, r.indexOf('</script>'))));
const arrows = JSON.parse(html.split('id="seega-arrows">')[1].split('</script>')[0]);
const out = [];
// each variation's own positions after its game's, `N@PATH`, in the checker's order
const lines = (g, turns, from, base) => turns.forEach((t, i) => (t.v || []).forEach(v => {
  const pos = SeegaReplay.branch(g, v, from + i, base, arrows);
  for (const p of pos.slice(from + i + 1)) out.push(g.n + '@' + v.path + ' ' + p.p + ' ' + p.b);
  lines(g, v.turns, from + i, pos);
}));
for (const g of games) {
  const main = SeegaReplay.positions(g, arrows);
  for (const p of main) out.push(g.n + ' ' + p.p + ' ' + p.b);
  lines(g, g.turns, 0, main);
}
process.stdout.write(out.join('\n'));
"#;
    let replay = format!("{ROOT}/src/render/html/replay.js");
    let o = std::process::Command::new("node")
        .args(["-e", script, &replay, file.to_str().unwrap()])
        .output()
        .expect("Node.js runs the page's script (it is on every machine seega is built on)");
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o).lines().map(str::to_owned).collect()
}

const SAMPLES: [&str; 6] = [
    "samples/standard.sgn",
    "samples/seesa.sgn",
    "samples/ludus.sgn",
    "samples/options.sgn",
    "samples/positions.sgn",
    "samples/club-archive-crlf.sgn",
];

#[test]
fn snapshot_of_a_small_page() {
    insta::assert_snapshot!(
        "html_positions_game_1",
        page(&["samples/positions.sgn", "--game", "1"])
    );
}

#[test]
fn every_position_the_script_replays_is_the_referees() {
    let dir = scratch("html-replay");
    let (mut positions, mut variations) = (0, 0);
    for file in common::corpus_files() {
        let name = file.to_str().unwrap();
        let p = page(&[name]);
        let got = replayed(&dir, &p);
        // The referee's: every state of every game, as `seega moves --all` prints them.
        let bytes = std::fs::read(&file).unwrap();
        let (source, _) = seega::notation::Source::decode_vec(bytes, seega::Encoding::Auto);
        let mut want = Vec::new();
        for (i, game) in seega::notation::Scanner::new(source.text(), source.invalid()).enumerate()
        {
            let opts = seega::validate::Options::default().record(true);
            let verdict = seega::check_game(&game, &opts);
            let states = seega::GameState::replay_states(&game, &verdict);
            let main = states
                .iter()
                .map(|s| (String::new(), s.setup(), s.position().clone()));
            // and the checker's replay of each variation
            let lines = verdict.lines.iter().flat_map(|l| {
                (l.played.iter())
                    .map(|p| (format!("@{}", l.path), p.after.setup(), p.after.clone()))
            });
            for (line, setup, pos) in main.chain(lines) {
                let board: String = (setup.size.squares())
                    .map(|sq| pos.piece_at(sq).map_or('.', |c| c.char()))
                    .collect();
                want.push(format!("{}{line} {setup} {board}", i + 1));
                variations += usize::from(!line.is_empty());
            }
        }
        assert_eq!(got.len(), want.len(), "{name}");
        for (g, w) in got.iter().zip(&want) {
            if !g.split(' ').next().unwrap_or_default().contains('@') {
                assert_eq!(g, w, "{name}");
                continue;
            }
            // A variation's position as the checker keeps it (`Played::after`) has no pass
            // owed nor count: the script's string says them after the same ranks, side and
            // hands.
            let (gp, wp) = (g.rsplit_once(' ').unwrap(), w.rsplit_once(' ').unwrap());
            assert_eq!(gp.1, wp.1, "{name}: {g}");
            assert!(gp.0.starts_with(wp.0), "{name}: {g} is not {w}");
        }
        positions += want.len();
    }
    assert!(positions > 5_000, "{positions} positions");
    assert!(variations > 10, "{variations} positions of variations");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_last_position_is_the_one_seega_show_draws() {
    let dir = scratch("html-last");
    for sample in SAMPLES {
        let p = page(&[sample]);
        let games = data(&p);
        let boards = replayed(&dir, &p);
        let valid: Vec<bool> = stdout(&run(&["convert", "--to", "jsonl", sample]))
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).expect("json")["valid"] == true)
            .collect();
        for g in games["games"].as_array().expect("games") {
            let n = g["n"].as_u64().unwrap();
            let last = boards
                .iter()
                .rfind(|l| l.starts_with(&format!("{n} ")))
                .expect("positions");
            let board = last.rsplit(' ').next().unwrap();
            let shown = stdout(&run(&["show", sample, "--game", &n.to_string()]));
            assert_eq!(
                board_rows(board),
                text_rows(&shown),
                "{sample} game {n}: {shown}"
            );
            let turns = g["turns"].as_array().unwrap().len();
            assert_eq!(g["mv"].as_str().unwrap().len(), turns + 1, "{sample} {n}");
            assert_eq!(g["error"] == "", valid[n as usize - 1], "{sample} game {n}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The ranks of a page's board string (`b`, `w`, `.` from a1), top rank first.
fn board_rows(board: &str) -> Vec<String> {
    let n = (board.len() as f64).sqrt() as usize;
    (0..n)
        .rev()
        .map(|r| board[r * n..(r + 1) * n].to_owned())
        .collect()
}

/// The ranks of a text board, top first, as `b`, `w` and `.`.
fn text_rows(text: &str) -> Vec<String> {
    text.lines()
        .skip(2)
        .take_while(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            l.as_bytes()[3..]
                .chunks(3)
                .filter(|c| c.len() == 3 && b"bw.+x".contains(&c[1]))
                .map(|c| match c[1] {
                    b'b' => 'b',
                    b'w' => 'w',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_page_loads_nothing_from_elsewhere() {
    for sample in SAMPLES {
        let p = page(&[sample]);
        // The only URL is the SVG namespace, which names and loads nothing.
        let urls = p.matches("://").count();
        let namespaces = p.matches(r#"xmlns="http://www.w3.org/2000/svg""#).count();
        assert_eq!(urls, namespaces, "{sample}");
        for forbidden in [
            "src=",
            "<link",
            "@import",
            "url(http",
            "url(//",
            "href=\"/",
            "href=\"h",
            "fetch(",
            "XMLHttpRequest",
            "import(",
        ] {
            assert!(!p.contains(forbidden), "{sample}: {forbidden}");
        }
        assert!(p.contains("Content-Security-Policy\" content=\"default-src 'none';"));
    }
}

#[test]
fn text_from_a_file_cannot_break_the_page() {
    let dir = scratch("html-hostile");
    let hostile = [
        "</script><script>alert(1)</script>",
        "<!-- <script>",
        "--> & &amp; \u{2028} \" '",
        "</SCRIPT >",
    ];
    for (i, h) in hostile.iter().enumerate() {
        let file = dir.join(format!("h{i}.sgn"));
        let tag = h.replace('\\', "\\\\").replace('"', "\\\"");
        std::fs::write(
            &file,
            format!("[Event \"{tag}\"]\n[Black \"{tag}\"]\n\n{{ {h} }}\n1. c5,d1 {{ {h} }} *\n"),
        )
        .unwrap();
        let p = page(&[file.to_str().unwrap()]);
        let lower = p.to_ascii_lowercase();
        // the game's data, the arrows and the script
        assert_eq!(lower.matches("</script").count(), 3, "{h}");
        assert_eq!(lower.matches("<script").count(), 3, "{h}");
        assert!(!p.contains("<!--") && !p.contains("-->"), "{h}");
        let d = data(&p);
        let g = &d["games"][0];
        assert_eq!(g["event"], *h, "the text reads back");
        assert_eq!(g["black"], *h);
        assert_eq!(g["c"][0], serde_json::json!([0, h]));
        assert_eq!(g["c"][1], serde_json::json!([1, h]));
    }
    // the file name is in the title, escaped
    let odd = dir.join("<b>&.sgn");
    std::fs::write(&odd, "1. c5,d1 *\n").unwrap();
    let p = page(&[odd.to_str().unwrap()]);
    assert!(
        p.contains("<title>Seega games: &lt;b&gt;&amp;.sgn</title>"),
        "{p}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn size_is_the_frame_and_at_most_six_times_the_archive() {
    for sample in SAMPLES {
        let p = page(&[sample]);
        let archive = std::fs::metadata(format!("{ROOT}/{sample}")).unwrap().len() as usize;
        let limit = 60_000 + 6 * archive;
        assert!(
            p.len() < limit,
            "{sample}: {} bytes for {archive} bytes of archive",
            p.len()
        );
    }
    // the frame with a board of every size
    let three =
        b"[Rules \"standard\"]\n\n*\n\n[Rules \"seesa\"]\n\n*\n\n[Rules \"seesa size=9\"]\n\n*\n";
    let o = common::run_with(&["show", "--html"], Some(three));
    assert!(o.status.success(), "{}", stderr(&o));
    let p = stdout(&o);
    assert_eq!(p.matches("<template data-size=").count(), 3);
    assert!(p.len() < 60_000, "{} bytes without a turn", p.len());
}

#[test]
fn one_game_an_invalid_game_and_what_is_refused() {
    let p = data(&page(&["samples/standard.sgn", "--game", "3"]));
    assert_eq!(p["games"].as_array().unwrap().len(), 1);
    assert_eq!(p["games"][0]["n"], 3);
    let bad = data(&page(&["samples/invalid/place-occupied.sgn"]));
    let g = &bad["games"][0];
    assert_eq!(g["ending"], "invalid");
    assert!(
        g["error"]
            .as_str()
            .unwrap()
            .starts_with("the game is invalid (seega::"),
        "{g}"
    );
    let cases: [(&[&str], &str); 4] = [
        (
            &["samples/standard.sgn", "--game", "11"],
            "there is no game 11",
        ),
        (&["samples/standard.sgn", "--svg"], "cannot be used with"),
        (
            &["samples/standard.sgn", "--turn", "3"],
            "cannot be used with",
        ),
        (
            &["samples/standard.sgn", "-o", "samples/standard.sgn"],
            "standard.sgn",
        ),
    ];
    for (args, says) in cases {
        let mut all = vec!["show", "--html"];
        all.extend(args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let sample = std::fs::read(format!("{ROOT}/samples/standard.sgn")).unwrap();
    assert!(
        sample.starts_with(b"{ standard rules"),
        "the input is untouched"
    );
}

#[test]
fn the_page_is_written_to_a_file() {
    let dir = scratch("html-out");
    let out = dir.join("games.html");
    let o = run(&[
        "show",
        "samples/ludus.sgn",
        "--html",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written, page(&["samples/ludus.sgn"]));
    let leftovers: Vec<_> = common::files_in(&dir);
    assert_eq!(leftovers, ["games.html"], "no temporary file is left");
    let _ = std::fs::remove_dir_all(&dir);
}
