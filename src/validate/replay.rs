//! Replays one game's syntax tree on the engine and collects its problems.

use super::code::Code;
use super::problem::Problem;
use super::syntax_words::{lone_pair, slip_fix, syntax_code, syntax_help};
use super::turn_errors::explain;
use crate::engine::{Bitboard, Color, Outcome, Position, RulesError, Ruleset, SetupError};
use crate::notation::{Element, Game, Header, Span, SyntaxKind, Turn, TurnKind};

/// How to check games.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The rules for games without a `Rules` tag.
    pub default_rules: Ruleset,
    /// Whether to keep every played turn in [`Verdict::played`].
    pub record: bool,
    /// Whether games without a Rules tag are tried under every preset (`--rules auto`).
    pub auto_rules: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            default_rules: Ruleset::preset("standard").unwrap_or(crate::engine::PRESETS[0].1),
            record: false,
            auto_rules: false,
        }
    }
}

/// What each step of a turn captured.
pub type StepCaptures = smallvec::SmallVec<[Bitboard; 2]>;

/// A turn that was played, as the engine saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Index of the turn in [`Game::moves`].
    pub element: usize,
    /// The turn number, from 1.
    pub number: u64,
    /// The side that played it.
    pub side: Color,
    /// What each step captured (empty for placements and passes); inline for moves of up to
    /// two steps, so that recording a game allocates nothing per turn.
    pub captures: StepCaptures,
    /// The position after the turn.
    pub after: Position,
}

/// What checking a game found.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// The rules the game was checked under, when they could be read.
    pub rules: Option<Ruleset>,
    /// Errors and warnings in the order found; at most one error about turns.
    pub problems: Vec<Problem>,
    /// How the game ended by rule, if it did.
    pub outcome: Option<Outcome>,
    /// The position before the game's first turn, when the rules could be read.
    pub start: Option<Position>,
    /// The position after the last legal turn.
    pub position: Option<Position>,
    /// Turns checked and found legal.
    pub legal_turns: u64,
    /// Turns written after the first error, left unchecked.
    pub unchecked: u64,
    /// Every legal turn, when [`Options::record`] is set.
    pub played: Vec<Played>,
}

impl Verdict {
    /// Whether the game has no errors (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.problems.iter().all(|p| !p.is_error())
    }

    /// The number of errors.
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }

    /// The number of warnings.
    pub fn warnings(&self) -> usize {
        self.problems.len() - self.errors()
    }
}

/// The game and where we are in it, to word problems. The title is made only when a problem
/// is reported.
pub(super) struct Cx<'g, 'a> {
    game: usize,
    source: &'g Game<'a>,
    title: Option<String>,
    pub(super) problems: Vec<Problem>,
}

impl Cx<'_, '_> {
    pub(super) fn push(
        &mut self,
        code: Code,
        span: Span,
        message: String,
        help: String,
        turn: Option<u64>,
    ) {
        let (source, game) = (self.source, self.game);
        let title = self.title.get_or_insert_with(|| title(source, game));
        let label = match turn {
            Some(t) => format!("{title}, turn {t}"),
            None => title.clone(),
        };
        self.problems.push(Problem {
            code,
            message,
            help,
            span,
            label,
            game: self.game,
            turn,
            also: None,
            fix: None,
        });
    }
}

pub(super) fn title(game: &Game<'_>, index: usize) -> String {
    let mut t = format!("game {index}");
    let b = game
        .tag("Black")
        .map(|t| t.value.as_ref())
        .filter(|v| !v.is_empty() && *v != "?");
    let w = game
        .tag("White")
        .map(|t| t.value.as_ref())
        .filter(|v| !v.is_empty() && *v != "?");
    match (b, w) {
        (Some(b), Some(w)) => t.push_str(&format!(" ({b} vs {w}")),
        (Some(b), None) => t.push_str(&format!(" ({b} as black")),
        (None, Some(w)) => t.push_str(&format!(" ({w} as white")),
        (None, None) => {}
    }
    let event = game
        .tag("Event")
        .map(|t| t.value.as_ref())
        .filter(|v| !v.is_empty() && *v != "?");
    match (b.is_some() || w.is_some(), event) {
        (true, Some(e)) => t.push_str(&format!(", {e})")),
        (true, None) => t.push(')'),
        (false, Some(e)) => t.push_str(&format!(" ({e})")),
        (false, None) => {}
    }
    t
}

fn rules_problem(e: &RulesError) -> Code {
    match e {
        RulesError::Empty | RulesError::UnknownPreset(_) => Code::RulesPreset,
        RulesError::UnknownOption(_) => Code::RulesOption,
        RulesError::BadValue { .. } => Code::RulesValue,
    }
}

/// Checks the game numbered `index` (from 1) of a file whose text is `text`.
///
/// ```
/// let text = "[Rules \"ludus\"]\n\n1. a1,b1 *\n\n1. c3,d4 *\n";
/// let opts = seega::Options::default();
/// let problems: Vec<_> = seega::parse(text)
///     .enumerate()
///     .flat_map(|(i, game)| seega::check_game(&game, text, i + 1, &opts).problems)
///     .map(|p| (p.game, p.code.as_str()))
///     .collect();
/// assert_eq!(problems, [(2, "seega::place::centre")]);
/// ```
pub fn check_game(game: &Game<'_>, text: &str, index: usize, opts: &Options) -> Verdict {
    let mut verdict = if opts.auto_rules && game.tag("Rules").is_none() {
        super::auto::check_auto(game, text, index, opts)
    } else {
        replay_game(game, text, index, opts)
    };
    if let Some(p) = super::bidi::warning(game, text, index) {
        super::bidi::insert(&mut verdict.problems, p);
    }
    verdict
}

/// [`check_game`] under the rules of `opts` or of the game's Rules tag, without looking at
/// the game's text for anything but its turns and tags.
pub(super) fn replay_game(game: &Game<'_>, text: &str, index: usize, opts: &Options) -> Verdict {
    let mut cx = Cx {
        game: index,
        source: game,
        title: None,
        problems: Vec::new(),
    };
    let total_turns = game
        .moves
        .iter()
        .filter(|e| matches!(e, Element::Turn(_)))
        .count() as u64;
    let mut verdict = Verdict {
        rules: None,
        problems: Vec::new(),
        outcome: None,
        start: None,
        position: None,
        legal_turns: 0,
        unchecked: total_turns,
        played: Vec::with_capacity(if opts.record { total_turns as usize } else { 0 }),
    };

    // Header errors: report them all; a broken Rules or Position line stops the replay.
    let mut stop = false;
    // Where the previous header item ended: a broken tag's line starts no earlier, so looking
    // back for it costs no more than the header's own bytes.
    let mut prev_end = game.span.start;
    for h in &game.headers {
        let item_end = match h {
            Header::Tag(t) => t.span.end,
            Header::Comment(c) => c.span.end,
            Header::Error(e) => e.span.end,
        };
        if let Header::Error(e) = h {
            let code = syntax_code(e.kind);
            cx.push(code, e.span, e.message.clone(), syntax_help(e, text), None);
            let from = prev_end.min(e.span.start);
            let line = text
                .get(e.span.start..)
                .unwrap_or("")
                .trim_start_matches(['[', ' ', '\t']);
            let line_start = text
                .get(from..e.span.start)
                .and_then(|t| t.rfind(['\n', '\r']))
                .map_or(from, |i| from + i + 1);
            let whole = text
                .get(line_start..)
                .unwrap_or("")
                .trim_start_matches(['[', ' ', '\t']);
            stop |= e.kind == SyntaxKind::TooLong
                || [line, whole]
                    .iter()
                    .any(|l| l.starts_with("Rules") || l.starts_with("Position"));
        }
        prev_end = prev_end.max(item_end);
    }

    let rules = match game.tag("Rules") {
        None => Some(opts.default_rules),
        Some(tag) => match Ruleset::parse(&tag.value) {
            Ok(r) => Some(r),
            Err(e) => {
                let span = e
                    .word(tag.value_span.of(text))
                    .map(|w| {
                        let off = w.as_ptr() as usize - text.as_ptr() as usize;
                        Span::new(off, off + w.len())
                    })
                    .unwrap_or(tag.value_span);
                cx.push(
                    rules_problem(&e),
                    span,
                    e.to_string(),
                    format!("{}.", e.help()),
                    None,
                );
                None
            }
        },
    };
    verdict.rules = rules;
    let Some(rules) = rules.filter(|_| !stop) else {
        super::later::unreplayed_syntax_errors(&game.moves, text, &mut cx);
        verdict.problems = cx.problems;
        return verdict;
    };

    let mut pos = match game.tag("Position") {
        None => Position::new(rules),
        Some(tag) => match Position::from_setup(rules, &tag.value) {
            Ok(p) => p,
            Err(e) => {
                let code = match e {
                    SetupError::Malformed(_) => Code::PositionMalformed,
                    _ => Code::PositionImpossible,
                };
                cx.push(
                    code,
                    tag.value_span,
                    e.to_string(),
                    "Write the ranks from the top, separated by `/`, each as `b`, `w` or a count of empty squares, then a space and the side to move: `bbw1w/5/2b2/5/w3w b`.".into(),
                    None,
                );
                super::later::unreplayed_syntax_errors(&game.moves, text, &mut cx);
                verdict.problems = cx.problems;
                return verdict;
            }
        },
    };
    verdict.start = Some(pos.clone());

    let mut number: u64 = 1;
    let mut outcome: Option<Outcome> = None;
    let mut passer: Option<Color> = None;
    // The element where the replay stopped, at an error.
    let mut failed = None;
    // The position before the last turn played; whether no number has been found wrong yet; what
    // the first wrong one says of the turns after it.
    let (mut prev, mut first, mut reading) = (None, true, None);
    for (i, el) in game.moves.iter().enumerate() {
        match el {
            Element::Comment(_) | Element::Nag(..) => {}
            Element::Number(n) if n.turn() != number => {
                let at = (game.moves.as_slice(), i);
                let r =
                    super::numbers::mismatch(&mut cx, n, number, &pos, prev.as_ref(), at, first);
                (first, reading) = (false, reading.or(r));
            }
            Element::Number(_) => {}
            Element::Error(e) if e.kind == SyntaxKind::InvalidUtf8InComment => cx.push(
                syntax_code(e.kind),
                e.span,
                e.message.clone(),
                syntax_help(e, text),
                Some(number),
            ),
            Element::Error(e) => {
                let turn = syntax_error_turn(e.kind, outcome.is_some(), number);
                let moving = pos.phase() == crate::engine::Phase::Movement;
                let (span, message, help) = lone_pair(&game.moves, i, text, moving)
                    .unwrap_or_else(|| (e.span, e.message.clone(), syntax_help(e, text)));
                cx.push(syntax_code(e.kind), span, message, help, turn);
                if let Some(p) = cx.problems.last_mut() {
                    p.fix = slip_fix(&game.moves, i, e, text, moving);
                }
                failed = Some(i);
                break;
            }
            Element::Turn(t) => {
                let side = pos.to_move();
                if let Some(o) = outcome {
                    cx.push(
                        Code::AfterEnd,
                        t.span,
                        format!(
                            "turn {number} comes after the game ended by {} on turn {}",
                            o.termination.as_str(),
                            number - 1
                        ),
                        format!(
                            "The game was over ({} for {}): end the record there with `{}`, or fix an earlier turn.",
                            o.termination.as_str(),
                            o.winner.map_or("neither side".to_owned(), |c| c.to_string()),
                            o.result_token()
                        ),
                        Some(number),
                    );
                    failed = Some(i);
                    break;
                }
                let before = pos.clone();
                match play(&mut pos, t, opts.record) {
                    Ok(captures) => {
                        if let Some(p) = passer.take() {
                            let over = pos.outcome_after_turn(false);
                            if over.is_none() && !pos.has_step_for(p) {
                                let e = crate::engine::IllegalTurn::NoOpening(p);
                                let (code, message, help) = explain(&e, &before, t);
                                cx.push(code, t.span, message, help, Some(number));
                                failed = Some(i);
                                break;
                            }
                        }
                        let was_pass = matches!(t.kind, TurnKind::Pass);
                        if was_pass {
                            passer = Some(side);
                        }
                        outcome = pos.outcome_after_turn(was_pass);
                        verdict.legal_turns += 1;
                        prev = Some(before);
                        if opts.record {
                            verdict.played.push(Played {
                                element: i,
                                number,
                                side,
                                captures,
                                after: pos.clone(),
                            });
                        }
                    }
                    Err(fail) => {
                        let (code, span, message, mut help) = fail.into_parts(&before, t);
                        // A turn out of order is no typo: its suggestion would be wrong.
                        let fix = match &reading {
                            Some(r) => {
                                help.push_str(&r.note);
                                None
                            }
                            None => super::suggest::suggest(&before, t, code),
                        };
                        if let Some(f) = &fix {
                            help.push_str(&format!(" Did you mean `{}`?", f.replacement));
                        }
                        cx.push(code, span, message, help, Some(number));
                        if let Some(p) = cx.problems.last_mut() {
                            p.fix = fix;
                        }
                        failed = Some(i);
                        break;
                    }
                }
                number += 1;
            }
        }
    }
    verdict.unchecked = total_turns - verdict.legal_turns;
    if let Some(at) = failed {
        // The turns after the one that stopped the replay (which is a turn, or a bad token).
        let later = verdict.unchecked - u64::from(matches!(game.moves[at], Element::Turn(_)));
        if later > 0 {
            if let Some(p) = cx.problems.last_mut() {
                p.help.push_str(&if later == 1 {
                    " The later turn of this game was not checked.".to_owned()
                } else {
                    format!(" The {later} later turns of this game were not checked.")
                });
            }
        }
        // The next turn is the one after the stopping turn; a bad token takes no number.
        let next = number + u64::from(matches!(game.moves[at], Element::Turn(_)));
        let moving = pos.phase() == crate::engine::Phase::Movement;
        let after = super::later::After {
            at,
            number: next,
            ended: outcome.is_some(),
            moving,
        };
        super::later::later_syntax_errors(&game.moves, text, after, &mut cx);
    } else {
        super::result_check::check_result(game, outcome, &mut cx);
    }
    verdict.outcome = outcome;
    verdict.position = Some(pos);
    verdict.problems = cx.problems;
    verdict
}

/// The turn a syntax error of kind `kind` stands at, when `number` is the next turn to be
/// played: none for a missing result once the game has `ended` (no turn is missing then).
pub(super) fn syntax_error_turn(kind: SyntaxKind, ended: bool, number: u64) -> Option<u64> {
    (kind != SyntaxKind::MissingResult || !ended).then_some(number)
}

/// Why a turn failed: an engine rule, or a written capture list that disagrees.
pub(crate) enum Failure {
    Rule(crate::engine::IllegalTurn, Option<usize>),
    CaptureWrong(Span, crate::engine::Square),
    CaptureMissing(Span, Vec<crate::engine::Square>),
}

impl Failure {
    pub(crate) fn into_parts(self, before: &Position, t: &Turn) -> (Code, Span, String, String) {
        match self {
            Failure::Rule(e, step) => {
                let span = super::turn_errors::span_of(&e, t, step);
                let (code, message, help) = explain(&e, before, t);
                (code, span, message, help)
            }
            Failure::CaptureWrong(span, sq) => (
                Code::CaptureWrong,
                span,
                format!("this step does not capture {sq}"),
                "List after a step exactly the pieces it captures, or leave the captures out: they are computed.".into(),
            ),
            Failure::CaptureMissing(span, missing) => {
                let list: Vec<String> = missing.iter().map(|s| s.to_string()).collect();
                (
                    Code::CaptureMissing,
                    span,
                    format!("this step also captures {}", list.join(" and ")),
                    format!(
                        "Add {} to the step's captures, or leave all its captures out: they are computed.",
                        list.iter().map(|s| format!("`x{s}`")).collect::<Vec<_>>().join(" and ")
                    ),
                )
            }
        }
    }
}

/// Plays one turn on `pos`, checking any written captures; returns what each step captured
/// when `record` is set (and nothing, without allocating, otherwise).
pub(crate) fn play(pos: &mut Position, t: &Turn, record: bool) -> Result<StepCaptures, Failure> {
    match &t.kind {
        TurnKind::Place(a, b) => {
            pos.place(a.square, b.square)
                .map_err(|e| Failure::Rule(e, None))?;
            Ok(StepCaptures::new())
        }
        TurnKind::Pass => {
            pos.pass().map_err(|e| Failure::Rule(e, None))?;
            Ok(StepCaptures::new())
        }
        TurnKind::Move { from, steps } => {
            let mut mv = pos
                .begin_move(from.square)
                .map_err(|e| Failure::Rule(e, None))?;
            let mut captures = StepCaptures::new();
            for (k, s) in steps.iter().enumerate() {
                let got = pos
                    .step(&mut mv, s.to.square)
                    .map_err(|e| Failure::Rule(e, Some(k)))?;
                if !s.captures.is_empty() {
                    let mut written = Bitboard::EMPTY;
                    for c in &s.captures {
                        if !got.contains(c.square) || written.contains(c.square) {
                            return Err(Failure::CaptureWrong(c.span, c.square));
                        }
                        written.insert(c.square);
                    }
                    let missing = got & !written;
                    if !missing.is_empty() {
                        return Err(Failure::CaptureMissing(s.span, missing.squares().collect()));
                    }
                }
                if record {
                    captures.push(got);
                }
            }
            pos.end_move(mv).map_err(|e| Failure::Rule(e, None))?;
            Ok(captures)
        }
    }
}
