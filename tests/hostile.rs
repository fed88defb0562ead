//! Hostile input through the library: every case asserts the diagnostics it must give (code,
//! game, line and column), not only that nothing panics. The command-line cases (directories,
//! FIFOs, unreadable files, a closed stdout) are in `hostile_cli.rs`.

use seega::archive::check_source;
use seega::notation::{LineIndex, Source};
use seega::render::diagnostic::{NamedText, Renderer};
use seega::render::wire::DiagnosticLine;
use seega::validate::Options;

/// One diagnostic as `(game, code, line, column)`.
type Diag = (usize, String, usize, usize);

/// Checks `bytes` as one file; returns every diagnostic as `check --format jsonl` writes it,
/// and the number of games and of valid games.
fn lines(bytes: &[u8]) -> (Vec<DiagnosticLine>, usize, usize) {
    let source = Source::from_bytes(bytes);
    let text = source.text();
    let index = LineIndex::new(text);
    let opts = Options::default();
    let (mut diags, mut games, mut valid) = (Vec::new(), 0, 0);
    for c in check_source(&source, &opts) {
        games += 1;
        valid += usize::from(c.verdict.is_valid());
        for p in &c.verdict.problems {
            diags.push(DiagnosticLine::new(p, "t.sgn", text, &index));
        }
    }
    (diags, games, valid)
}

/// [`lines`], each diagnostic as a [`Diag`].
fn check(bytes: &[u8]) -> (Vec<Diag>, usize, usize) {
    let (diags, games, valid) = lines(bytes);
    let diags = diags
        .into_iter()
        .map(|d| (d.game, d.code, d.line, d.column))
        .collect();
    (diags, games, valid)
}

fn d(game: usize, code: &str, line: usize, column: usize) -> Diag {
    (game, format!("seega::{code}"), line, column)
}

/// Renders every problem of `bytes` as the human report does.
fn render(bytes: &[u8]) -> String {
    let source = Source::from_bytes(bytes);
    let text = source.text();
    let lines = LineIndex::new(text);
    let named = NamedText {
        name: "t.sgn",
        text,
        lines: &lines,
    };
    let renderer = Renderer::plain();
    let opts = Options::default();
    let mut out = String::new();
    for c in check_source(&source, &opts) {
        for p in &c.verdict.problems {
            out.push_str(&renderer.render(p, named));
        }
    }
    out
}

#[test]
fn invalid_utf8_in_a_tag_is_reported_where_it_stands() {
    let (diags, games, valid) =
        check(b"[Event \"caf\xE9 night\"]\nc2,d4 *\n\n[Event \"ok\"]\nc2,d4 *\n");
    assert_eq!(diags, vec![d(1, "input::invalid-utf8", 1, 12)]);
    assert_eq!((games, valid), (2, 1));
}

#[test]
fn invalid_utf8_in_a_comment_is_reported_where_it_stands() {
    let (diags, games, _) = check(b"c2,d4 {bad \xFE\xFF bytes} b1,b2 *\n");
    assert_eq!(diags, vec![d(1, "input::invalid-utf8", 1, 12)]);
    assert_eq!(games, 1);
    // A comment changes no turn: the turns after it are still checked.
    let (diags, _, _) = check(b"c2,d4 {caf\xE9} b1,b2 c3,a1 *\n");
    assert_eq!(
        diags,
        vec![
            d(1, "input::invalid-utf8", 1, 11),
            d(1, "place::centre", 1, 20)
        ]
    );
}

#[test]
fn invalid_utf8_in_movetext_is_reported_where_it_stands() {
    let (diags, _, _) = check(b"[Event \"x\"]\n1. c2,d\xC3 b1,b2 *\n");
    assert_eq!(diags, vec![d(1, "input::invalid-utf8", 2, 8)]);
}

#[test]
fn nul_bytes_are_token_errors_and_never_reach_the_terminal() {
    let input = b"[Event \"x\"]\nc2,d4\0 b1,b2 *\n";
    let (diags, _, _) = check(input);
    assert_eq!(diags, vec![d(1, "syntax::placement", 2, 6)]);
    let shown = render(input);
    assert!(shown.contains("syntax::placement"), "{shown}");
    assert!(
        !shown.contains('\0'),
        "a NUL byte reached the report: {shown:?}"
    );
}

#[test]
fn control_characters_from_the_file_are_not_printed() {
    let input = b"[White \"\x1b[2Jmallory\"]\nc2,d4\x1b[31m *\n";
    let shown = render(input);
    assert!(shown.contains("syntax::placement"), "{shown}");
    assert!(
        !shown.contains('\x1b'),
        "an escape sequence reached the report: {shown:?}"
    );
    assert!(
        shown.contains("\\u{1b}[2Jmallory"),
        "the label shows the escape: {shown}"
    );
}

#[test]
fn a_bom_is_skipped_and_columns_start_after_it() {
    let (diags, _, valid) = check(b"\xEF\xBB\xBF[Event \"x\"]\na1,c3 *\n");
    assert_eq!(diags, vec![d(1, "place::centre", 2, 4)]);
    assert_eq!(valid, 0);
    // A BOM in the middle of a file is no whitespace: it is reported, not skipped.
    let (diags, _, _) = check(b"[Event \"x\"]\nc2,d4 \xEF\xBB\xBFb1,b2 *\n");
    assert_eq!(diags, vec![d(1, "syntax::token", 2, 7)]);
}

#[test]
fn line_ends_of_every_kind_keep_lines_and_columns() {
    let lines = ["[Event \"x\"]", "", "1. c2,d4 b1,b2", "2. a1,c3 *"];
    for (name, sep) in [("LF", "\n"), ("CRLF", "\r\n"), ("CR", "\r")] {
        let text = lines.join(sep);
        let (diags, _, _) = check(text.as_bytes());
        assert_eq!(diags, vec![d(1, "place::centre", 4, 7)], "{name}");
        let shown = render(text.as_bytes());
        assert!(shown.contains("t.sgn:4:7"), "{name}: {shown}");
        assert!(
            !shown.contains('\r'),
            "{name}: a carriage return reached the report"
        );
    }
    let mixed = "[Event \"x\"]\r\n\r1. c2,d4 b1,b2\n2. a1,c3 *";
    let (diags, _, _) = check(mixed.as_bytes());
    assert_eq!(diags, vec![d(1, "place::centre", 4, 7)], "mixed");
}

#[test]
fn a_ten_megabyte_line_is_read_and_reported_with_a_short_snippet() {
    let mut text = String::from("[Event \"x\"]\nc2,d4 {");
    text.push_str(&"é".repeat(5 * 1024 * 1024));
    text.push_str("} a1,c3 *\n");
    assert!(text.len() > 10 * 1024 * 1024);
    let (diags, games, _) = check(text.as_bytes());
    assert_eq!(games, 1);
    assert_eq!(diags, vec![d(1, "place::centre", 2, 5 * 1024 * 1024 + 13)]);
    let shown = render(text.as_bytes());
    assert!(
        shown.contains(&format!("t.sgn:2:{}", 5 * 1024 * 1024 + 13)),
        "{}",
        &shown[..shown.len().min(2000)]
    );
    assert_short(&shown, "the report copies the whole line");
}

#[test]
fn a_megabyte_token_is_reported_by_its_start_in_a_short_report() {
    let mut text = String::from("[Event \"x\"]\n1. c2,d4 ");
    text.push_str(&"é".repeat(512 * 1024));
    text.push_str(" a1,b1 *\n");
    let (diags, games, _) = check(text.as_bytes());
    assert_eq!(games, 1);
    assert_eq!(diags, vec![d(1, "limit::too-long", 2, 10)]);
    let shown = render(text.as_bytes());
    assert!(shown.contains("╰── game 1 (x), turn 2"), "{shown}");
    assert!(shown.contains("long text in a `{ comment }`"), "{shown}");
    assert_short(&shown, "the report underlines the whole token");
}

/// Fails with `why` when a report is longer than a few lines.
fn assert_short(shown: &str, why: &str) {
    assert!(shown.len() < 4096, "{why}: {} bytes", shown.len());
}

#[test]
fn a_label_at_the_end_of_a_text_without_a_last_line_break_is_drawn() {
    for (text, label) in [
        ("1. c2,d4 a1,b1", "game 1, turn 3"),
        ("[Event \"x\"]\n\n1. b2-", "game 1 (x), turn 1"),
        ("1. c2,d4 a1,b1\r", "game 1, turn 3"),
    ] {
        let shown = render(text.as_bytes());
        assert!(shown.contains(label), "{text:?}: {shown}");
        assert!(shown.contains('▲'), "{text:?}: {shown}");
    }
}

#[test]
fn many_diagnostics_on_one_long_line_each_get_their_column() {
    // 20,000 broken comments among the tags, on one line of 1.2 MB.
    let n = 20_000;
    let mut bytes = b"[Event \"x\"] ".to_vec();
    for _ in 0..n {
        bytes.extend_from_slice(b"{\xFF} ");
        bytes.extend_from_slice(&[b' '; 55]);
    }
    bytes.extend_from_slice(b"\nc2,d4 *\n");
    let (diags, games, _) = check(&bytes);
    assert_eq!(games, 1);
    assert_eq!(diags.len(), n);
    for (k, diag) in diags.iter().enumerate() {
        assert_eq!(diag, &d(1, "input::invalid-utf8", 1, 14 + 59 * k));
    }
}

#[test]
fn an_unterminated_comment_is_reported_where_it_starts_and_the_next_game_is_kept() {
    let text = "[Event \"a\"]\nc2,d4 {never closed\nb1,b2 *\n\n[Event \"b\"]\nc2,d4 b1,b2 *\n";
    let (diags, games, valid) = check(text.as_bytes());
    assert_eq!(diags, vec![d(1, "syntax::unterminated-comment", 2, 7)]);
    assert_eq!((games, valid), (2, 1));
}

#[test]
fn a_comment_is_not_closed_by_a_brace_in_the_next_game() {
    let text =
        "[Event \"a\"]\nc2,d4 {never closed\nb1,b2 *\n\n[Event \"b\"]\nc2,d4 {a note} b1,b2 *\n";
    let (diags, games, valid) = check(text.as_bytes());
    assert_eq!(diags, vec![d(1, "syntax::unterminated-comment", 2, 7)]);
    assert_eq!((games, valid), (2, 1));
    let shown = render(text.as_bytes());
    assert!(
        shown.contains("not closed with `}` before the next tag line"),
        "{shown}"
    );
    // Lines that end with a lone carriage return, as in old Mac files.
    let (diags, games, valid) = check(text.replace('\n', "\r").as_bytes());
    assert_eq!(diags, vec![d(1, "syntax::unterminated-comment", 2, 7)]);
    assert_eq!((games, valid), (2, 1));
}

#[test]
fn a_comment_with_bad_bytes_on_the_result_line_is_the_game_own() {
    let (diags, games, valid) = check(b"c2,d4 1-0 {bad \xFF}\n[Event \"x\"]\nc2,d4 1-0\n");
    assert_eq!(diags, vec![d(1, "input::invalid-utf8", 1, 16)]);
    assert_eq!((games, valid), (2, 1));
}

#[test]
fn many_unterminated_comments_stay_linear_and_each_is_reported() {
    let n = 20_000;
    let text = "[Event \"a\"]\nc2,d4 {open\n".repeat(n);
    let (diags, games, valid) = check(text.as_bytes());
    assert_eq!((games, valid), (n, 0));
    assert_eq!(diags.len(), n);
    for (k, diag) in diags.iter().enumerate() {
        assert_eq!(
            diag,
            &d(k + 1, "syntax::unterminated-comment", 2 * k + 2, 7)
        );
    }
}

#[test]
fn an_unterminated_tag_string_is_reported_where_it_starts_and_the_next_game_is_kept() {
    let text = "[Event \"open\n[Site \"x\"]\nc2,d4 b1,b2 *\n\n[Event \"b\"]\nc2,d4 b1,b2 *\n";
    let (diags, games, valid) = check(text.as_bytes());
    assert_eq!(diags, vec![d(1, "syntax::unterminated-tag", 1, 1)]);
    assert_eq!((games, valid), (2, 1));
}

#[test]
fn ten_thousand_tags_are_all_read() {
    let mut text = String::new();
    for i in 0..10_000 {
        text.push_str(&format!("[Tag{i} \"value {i}\"]\n"));
    }
    text.push_str("[Rules \"seesa\"]\n\nc2,d4 *\n");
    let source = Source::from_text(text.clone());
    let game = seega::notation::Scanner::new(source.text(), &[])
        .next()
        .expect("a game");
    assert_eq!(game.headers.len(), 10_001);
    assert_eq!(
        game.tag("Tag9999").map(|t| t.value.to_string()),
        Some("value 9999".into())
    );
    // The Rules tag after them is honoured: seesa is 7×7, where g7 exists.
    let (diags, _, valid) = check(text.replace("c2,d4", "g7,a1").as_bytes());
    assert_eq!((diags, valid), (vec![], 1));
}

#[test]
fn more_header_lines_than_the_limit_give_a_diagnostic() {
    let limit = seega::notation::limits::MAX_HEADERS;
    let mut text = "[A \"b\"]\n".repeat(limit + 5);
    text.push_str("[Rules \"ludus\"]\nc2,d4 *\n\n[Event \"next\"]\nc2,d4 *\n");
    let (diags, games, valid) = check(text.as_bytes());
    assert_eq!(diags, vec![d(1, "limit::too-long", limit + 1, 1)]);
    assert_eq!((games, valid), (2, 1));
}

/// A legal game of `turns` turns: two lone pieces walk back and forth.
fn long_game(turns: usize) -> String {
    let mut text = String::from("[Position \"b4/5/5/5/4w w\"]\n");
    let cycle = ["e1-e2", "a5-a4", "e2-e1", "a4-a5"];
    for k in 0..turns {
        text.push_str(cycle[k % 4]);
        text.push(if k % 16 == 15 { '\n' } else { ' ' });
    }
    text.push_str("*\n");
    text
}

#[test]
fn a_hundred_thousand_turn_game_is_replayed_to_the_end() {
    let text = long_game(100_000) + "\n[Event \"next\"]\n1. c2,d4 b1,b2 *\n";
    let source = Source::from_text(text);
    let opts = Options::default();
    let checked: Vec<_> = check_source(&source, &opts).collect();
    assert_eq!(checked.len(), 2);
    let v = &checked[0].verdict;
    assert_eq!(v.problems, vec![]);
    assert_eq!((v.legal_turns, v.unchecked), (100_000, 0));
    assert!(checked[1].verdict.is_valid());
}

#[test]
fn an_illegal_last_turn_of_a_long_game_is_found() {
    let text = long_game(100_000);
    let text = format!(
        "{}e1-e3 *\n",
        text.strip_suffix("*\n").expect("the game ends with *")
    );
    let (diags, _, _) = check(text.as_bytes());
    let line = 2 + 100_000 / 16;
    assert_eq!(diags, vec![d(1, "move::too-far", line, 3)]);
}

#[test]
fn more_movetext_items_than_the_limit_give_a_diagnostic() {
    let limit = seega::notation::limits::MAX_MOVETEXT;
    // Glyphs count as movetext items and cost the replay nothing.
    let mut text = String::from("[Event \"big\"]\n1. c2,d4 b1,b2\n");
    text.push_str(&"$1\n".repeat(limit + 10));
    text.push_str("a1,a2 *\n\n[Event \"next\"]\n1. c2,d4 b1,b2 *\n");
    let source = Source::from_text(text);
    let opts = Options::default();
    let checked: Vec<_> = check_source(&source, &opts).collect();
    assert_eq!(
        checked.len(),
        2,
        "the next game is found after the skipped part"
    );
    assert_eq!(
        checked[0].game.moves.len(),
        limit + 1,
        "the skipped items are not kept"
    );
    assert!(
        checked[0].game.result.is_some(),
        "the game's result is still found"
    );
    let v = &checked[0].verdict;
    let p: Vec<(&str, usize)> = v
        .problems
        .iter()
        .map(|p| (p.code.as_str(), p.span.start))
        .collect();
    let first_skipped = "[Event \"big\"]\n1. c2,d4 b1,b2\n".len() + 3 * (limit - 3);
    assert_eq!(p, vec![("seega::limit::too-long", first_skipped)]);
    assert_eq!(v.legal_turns, 2);
    assert!(checked[1].verdict.is_valid());
}

#[test]
fn a_million_tiny_games_are_each_checked() {
    let n = 1_000_000;
    let mut text = String::with_capacity(n * 8);
    for k in 0..n {
        // Every 100,000th game plays on the centre square.
        text.push_str(if k % 100_000 == 99_999 {
            "a1,c3 *\n"
        } else {
            "*\n"
        });
    }
    let (diags, games, valid) = check(text.as_bytes());
    assert_eq!((games, valid), (n, n - 10));
    let want: Vec<Diag> = (1..=10)
        .map(|j| d(100_000 * j, "place::centre", 100_000 * j, 4))
        .collect();
    assert_eq!(diags, want);
}

#[test]
fn overflowing_move_numbers_are_reported() {
    let (diags, _, _) = check(b"c2,d4 99999999999999999999. b1,b2 4294967296... *\n");
    assert_eq!(
        diags,
        vec![d(1, "syntax::number", 1, 7), d(1, "syntax::number", 1, 35)]
    );
    let (diags, _, _) = check(b"c2,d4 b1,b2 $99999999999 *\n");
    assert_eq!(diags, vec![d(1, "syntax::nag", 1, 13)]);
}

#[test]
fn squares_off_every_board_are_reported() {
    let (diags, _, _) = check(b"a10,b2 *\n");
    assert_eq!(diags, vec![d(1, "syntax::token", 1, 1)]);
    let (diags, _, _) = check(b"c2,j1 *\n");
    assert_eq!(diags, vec![d(1, "syntax::square", 1, 4)]);
    let (diags, _, _) = check(b"c2,d4 b1,b2 a1,a10 *\n");
    assert_eq!(diags, vec![d(1, "syntax::square", 1, 16)]);
    // i9 is a square of the notation but not of a 5×5 board.
    let (diags, _, _) = check(b"c2,i9 *\n");
    assert_eq!(diags, vec![d(1, "square::off-board", 1, 4)]);
}

#[test]
fn deeply_repeated_annotations_are_reported_once() {
    let mut text = String::from("c2,d4!?");
    text.push_str(&"!".repeat(1_000));
    text.push_str(" *\n");
    let (diags, _, _) = check(text.as_bytes());
    assert_eq!(diags, vec![d(1, "syntax::placement", 1, 8)]);
    // Past the token limit the token is refused whole, unread.
    let text = text.replace("!?!", &"!".repeat(100_000));
    let (diags, _, _) = check(text.as_bytes());
    assert_eq!(diags, vec![d(1, "limit::too-long", 1, 1)]);
    let mut text = String::from("c2,d4 ");
    text.push_str(&"$1 ".repeat(100_000));
    text.push_str("{x} ".repeat(100_000).as_str());
    text.push_str("b1,b2 *\n");
    let (diags, _, valid) = check(text.as_bytes());
    assert_eq!((diags, valid), (vec![], 1));
}

#[test]
fn a_token_past_the_limit_is_refused_unread() {
    let limit = seega::notation::limits::MAX_TOKEN_BYTES;
    // A movement of 100,000 steps: no legal turn has more than about 80 steps and captures.
    let mut text = String::from("1. c2,d4 b1,b2 2. c2");
    text.push_str(&"-c1-c2".repeat(100_000));
    text.push_str(" *\n\n1. c2,d4 b1,b2 *\n");
    let source = Source::from_text(text);
    let opts = Options::default();
    let checked: Vec<_> = check_source(&source, &opts).collect();
    assert_eq!(checked.len(), 2);
    let p = &checked[0].verdict.problems;
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].code.as_str(), "seega::limit::too-long");
    assert_eq!(p[0].span.start, "1. c2,d4 b1,b2 2. ".len());
    assert_eq!(
        p[0].message(),
        "this token is 600002 bytes long; a token has at most 1024"
    );
    assert!(limit < 600_002);
    assert!(checked[1].verdict.is_valid());
}

#[test]
fn errors_inside_multibyte_characters_cover_whole_characters() {
    // Found by the fuzzer: these spans used to end inside `é`, `\u{feff}` and `ḥ`.
    let source =
        Source::from_text("1. c2,d4 b1,b2 2. c2-bé2 *\n[A \"x\"\u{feff}\n[B \"\\ḥ\"]\nc2,d4 *\n");
    let text = source.text();
    let opts = Options::default();
    let mut spans = Vec::new();
    for c in check_source(&source, &opts) {
        for p in &c.verdict.problems {
            spans.push((p.code.as_str(), p.span.of(text)));
        }
    }
    assert_eq!(
        spans,
        vec![
            ("seega::syntax::square", "bé2"),
            ("seega::syntax::tag", "\u{feff}"),
            ("seega::syntax::escape", "\\ḥ"),
        ]
    );
}

/// Every diagnostic of `bytes` (one file) as `(turn, code, column)`, and the help of the last.
fn turns(bytes: &[u8]) -> (Vec<(Option<u64>, String, usize)>, String) {
    let (diags, _, _) = lines(bytes);
    let help = diags.last().map(|d| d.help.clone()).unwrap_or_default();
    let turns = diags
        .into_iter()
        .map(|d| (d.turn, d.code, d.column))
        .collect();
    (turns, help)
}

#[test]
fn syntax_errors_after_the_stop_stand_at_their_turn() {
    let t = |turn: u64, code: &str, column: usize| (Some(turn), format!("seega::{code}"), column);
    // `q9` takes no turn's number: `e1,e5` is turn 2, and `%%` stands where turn 3 would.
    let (diags, _) = turns(b"1. a1,b1 q9 e1,e5 %% *\n");
    assert_eq!(
        diags,
        [t(2, "syntax::token", 10), t(3, "syntax::token", 19)]
    );
    // An illegal turn takes its number: after `a1,c1` (turn 2), `e1,e5` is turn 3.
    let (diags, _) = turns(b"1. a1,b1 a1,c1 e1,e5 %% *\n");
    assert_eq!(
        diags,
        [t(2, "place::occupied", 10), t(4, "syntax::token", 22)]
    );
    // Capturing white's last piece ends the game: a missing result then stands at no turn, after
    // a bad token as without one.
    for text in ["1. c2-c1\n", "1. c2-c1 q9\n"] {
        let (diags, _) = turns(format!("[Position \"5/5/5/2b2/bw3 b\"]\n\n{text}").as_bytes());
        let missing = diags.last().expect("a diagnostic");
        assert_eq!(
            (missing.0, missing.1.as_str()),
            (None, "seega::syntax::missing-result"),
            "{text}"
        );
    }
}

#[test]
fn syntax_errors_after_the_stop_are_shown_up_to_a_hundred() {
    let text = format!("1. a1,b1 q9 {}*\n", "%% ".repeat(150));
    let (diags, help) = turns(text.as_bytes());
    assert_eq!(diags.len(), 1 + 100, "the stop and the first 100 after it");
    assert!(
        help.ends_with("50 more syntax errors of this game are not shown."),
        "{help}"
    );
}
