//! Replays one game's syntax tree on the engine and collects its problems.

use super::code::Code;
use super::place::{Place, Players};
use super::problem::{Kind, Problem};
use super::syntax_words::{syntax_code, syntax_help};
use crate::engine::kernel::with_board;
use crate::engine::referee::Between;
use crate::engine::referee::Referee;
use crate::engine::{Bitboard, Color, Outcome, Position, RulesError, Ruleset, Setup, SetupError};
use crate::notation::{Element, Game, Header, Span, SyntaxKind};

/// How to check games: [`Options::default`] (the `standard` rules for a game without a Rules
/// tag, no turns kept), changed field by field.
///
/// ```
/// use seega::{Options, Ruleset};
///
/// let opts = Options::default().default_rules(Ruleset::preset("ludii").unwrap()).record(true);
/// assert!(opts.record && !opts.auto_rules);
/// assert_eq!(opts.default_rules, "ludii".parse()?);
/// # Ok::<(), seega::RulesError>(())
/// ```
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct Options {
    /// The rules for games without a `Rules` tag.
    pub default_rules: Ruleset,
    /// Whether to keep every played turn in [`Verdict::played`].
    pub record: bool,
    /// Whether games without a Rules tag are tried under every preset (`--rules auto`).
    pub auto_rules: bool,
    /// Whether [`Options::default_rules`] (or `auto`) applies to every game, its Rules tag
    /// ignored (`--force-rules`).
    pub force_rules: bool,
}

impl Options {
    /// These options with `rules` for the games without a Rules tag.
    #[must_use]
    pub fn default_rules(mut self, rules: Ruleset) -> Options {
        self.default_rules = rules;
        self
    }

    /// These options keeping every played turn in [`Verdict::played`] when `record` is true.
    #[must_use]
    pub fn record(mut self, record: bool) -> Options {
        self.record = record;
        self
    }

    /// These options trying every preset on a game without a Rules tag when `auto` is true
    /// (`--rules auto`).
    #[must_use]
    pub fn auto_rules(mut self, auto: bool) -> Options {
        self.auto_rules = auto;
        self
    }

    /// These options applying the default rules (or `auto`) to every game, whatever its Rules
    /// tag says, when `force` is true (`--force-rules`): for an archive whose tags are known to
    /// be wrong, or to see how its games fare under other rules.
    ///
    /// ```
    /// use seega::{Ruleset, validate::{Options, check_game}};
    ///
    /// let text = "[Rules \"standard\"]\n\n1. c3,d4 *\n"; // the centre, refused by standard
    /// let game = seega::parse(text).next().unwrap();
    /// let ludii = Options::default().default_rules(Ruleset::preset("ludii").unwrap());
    /// assert!(!check_game(&game, &ludii).is_valid(), "the tag wins");
    /// let forced = check_game(&game, &ludii.force_rules(true));
    /// assert_eq!(forced.rules.map(|r| r.to_string()), Some("ludii".to_owned()));
    /// ```
    #[must_use]
    pub fn force_rules(mut self, force: bool) -> Options {
        self.force_rules = force;
        self
    }

    /// Whether `game`'s own Rules tag decides its rules under these options.
    pub(crate) fn tag_decides(&self, game: &Game<'_>) -> bool {
        !self.force_rules && game.tag("Rules").is_some()
    }

    /// Whether `game`'s Rules tag won over these options' rules: it named other rules, and
    /// [`Options::force_rules`] is off. (What a command that was given `--rules` says once.)
    ///
    /// ```
    /// use seega::{Ruleset, validate::{Options, check_game}};
    ///
    /// let game = seega::parse("[Rules \"standard\"]\n\n1. a1,b1 *\n").next().unwrap();
    /// let ludii = Options::default().default_rules(Ruleset::preset("ludii").unwrap());
    /// assert!(ludii.tag_overrode(&game, &check_game(&game, &ludii)));
    /// let forced = ludii.force_rules(true);
    /// assert!(!forced.tag_overrode(&game, &check_game(&game, &forced)));
    /// ```
    pub fn tag_overrode(&self, game: &Game<'_>, verdict: &Verdict) -> bool {
        self.tag_decides(game) && verdict.rules.is_some_and(|r| r != self.default_rules)
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            default_rules: Ruleset::preset("standard").unwrap_or(crate::engine::PRESETS[0].1),
            record: false,
            auto_rules: false,
            force_rules: false,
        }
    }
}

/// What each step of a turn captured.
pub type StepCaptures = smallvec::SmallVec<[Bitboard; 2]>;

/// A turn that was played, as the engine saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Played {
    /// Index of the turn in [`Game::moves`] (for a variation's turn, in its own movetext).
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
#[non_exhaustive]
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
    /// Whether, after the last legal turn, the side to move owes an opening after a pass (R12).
    pub opening_owed: bool,
    /// The turns without a capture counted toward a limit after the last legal turn (R16a).
    pub quiet_turns: u16,
    /// Turns checked and found legal.
    pub legal_turns: u64,
    /// Turns written after the first error, left unchecked.
    pub unchecked: u64,
    /// Every legal turn of the main line, when [`Options::record`] is set.
    pub played: Vec<Played>,
    /// The legal turns of each variation, when [`Options::record`] is set: each line with
    /// its turns ([`Played::element`] indexes its own movetext), outer lines before the ones
    /// nested in them, in file order, which is the order of their paths.
    pub lines: Vec<LinePlayed>,
}

/// The legal turns of one variation of a game ([`Verdict::lines`]).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct LinePlayed {
    /// Which variation.
    pub path: crate::notation::LinePath,
    /// Its legal turns, as [`Verdict::played`] holds the main line's.
    pub played: Vec<Played>,
}

impl Verdict {
    /// A verdict of nothing checked: no rules, no problem, no position, no turn.
    ///
    /// ```
    /// let v = seega::Verdict::nothing();
    /// assert!(v.is_valid() && v.problems.is_empty() && v.position.is_none());
    /// ```
    pub fn nothing() -> Verdict {
        Verdict {
            rules: None,
            problems: Vec::new(),
            outcome: None,
            start: None,
            position: None,
            opening_owed: false,
            quiet_turns: 0,
            legal_turns: 0,
            unchecked: 0,
            played: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// Whether the game has no errors (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.problems.iter().all(|p| !p.is_error())
    }

    /// The number of errors.
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }

    /// The game after the last legal turn as a setup — its position and game-level state, as
    /// `final` in JSON writes it — when the game was replayed.
    ///
    /// ```
    /// let text = "[Rules \"standard\"]\n\n1. a1,b1 *\n";
    /// let game = seega::parse(text).next().unwrap();
    /// let verdict = seega::replay(&game);
    /// assert_eq!(verdict.final_setup().unwrap().to_string(), "5/5/5/5/bb3 w 10/12");
    /// ```
    pub fn final_setup(&self) -> Option<Setup> {
        self.position.as_ref().map(|p| Setup {
            opening_owed: self.opening_owed,
            quiet_turns: self.quiet_turns,
            ..p.setup()
        })
    }

    /// The number of warnings.
    pub fn warnings(&self) -> usize {
        self.problems.len() - self.errors()
    }
}

/// The game and where we are in it, to place problems. The players are read only when a
/// problem is reported.
pub(super) struct Cx<'g, 'a> {
    pub(super) game: usize,
    pub(super) source: &'g Game<'a>,
    pub(super) players: Option<Players>,
    pub(super) problems: Vec<Problem>,
    /// The variation being replayed; `None` on the main line.
    pub(super) line: Option<crate::notation::LinePath>,
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
        self.push_kind(code, span, Kind::Worded { message, help }, turn);
    }

    /// Reports the problem `kind` with the code `code` at `span`, about the turn `turn`.
    pub(super) fn push_kind(&mut self, code: Code, span: Span, kind: Kind, turn: Option<u64>) {
        let source = self.source;
        let players = self.players.get_or_insert_with(|| Players::of(source));
        self.problems.push(Problem {
            code,
            kind,
            span,
            place: Place::Game {
                players: players.clone(),
                rules: None,
            },
            game: self.game,
            turn,
            also: None,
            fix: None,
            line: self.line.clone(),
        });
    }
}

fn rules_problem(e: &RulesError) -> Code {
    match e {
        RulesError::Empty | RulesError::UnknownPreset(_) => Code::RulesPreset,
        RulesError::UnknownOption(_) => Code::RulesOption,
        RulesError::BadValue { .. } => Code::RulesValue,
        RulesError::Repeated(_) => Code::RulesRepeated,
    }
}

/// Checks `game` under `opts`, its problems numbered as the game is ([`Game::number`]) and
/// placed in the text it was read from ([`Game::text`]).
///
/// ```
/// let text = "[Rules \"ludus\"]\n\n1. a1,b1 *\n\n1. c3,d4 *\n";
/// let opts = seega::Options::default();
/// let problems: Vec<_> = seega::parse(text)
///     .flat_map(|game| seega::check_game(&game, &opts).problems)
///     .map(|p| (p.game, p.code.as_str()))
///     .collect();
/// assert_eq!(problems, [(2, "seega::place::centre")]);
/// ```
pub fn check_game(game: &Game<'_>, opts: &Options) -> Verdict {
    check_game_at(game, game.number(), opts)
}

/// [`check_game`] of a game numbered `index`, for the chunk loops, whose scans skip the games
/// the fast lane took and so count games themselves.
pub(crate) fn check_game_at(game: &Game<'_>, index: usize, opts: &Options) -> Verdict {
    let text = game.text();
    let mut verdict = if opts.auto_rules && !opts.tag_decides(game) {
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
        players: None,
        problems: Vec::new(),
        line: None,
    };
    let total_turns = game
        .moves
        .iter()
        .filter(|e| matches!(e, Element::Turn(_)))
        .count() as u64;
    let mut verdict = Verdict {
        unchecked: total_turns,
        played: Vec::with_capacity(if opts.record { total_turns as usize } else { 0 }),
        ..Verdict::nothing()
    };
    let stop = header_errors(game, text, &mut cx);
    verdict.rules = game_rules(game, text, opts, &mut cx);
    let start = match verdict.rules.filter(|_| !stop) {
        Some(rules) => start_position(game, rules, &mut cx),
        None => None,
    };
    let Some(start) = start else {
        super::later::unreplayed_syntax_errors(&game.moves, text, &mut cx);
        verdict.problems = cx.problems;
        return verdict;
    };
    verdict.start = Some(start.position.clone());
    with_board!(start.position.size(), B => {
        let replay = super::movetext::Movetext {
            game,
            text,
            record: opts.record,
            referee: Referee::<B>::resume(&start),
            cx,
            verdict,
        };
        replay.run()
    })
}

/// Reports every error of the game's headers; returns whether one of them stops the replay (a
/// broken Rules or Position line, or a header past the limit).
fn header_errors(game: &Game<'_>, text: &str, cx: &mut Cx<'_, '_>) -> bool {
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
    stop
}

/// The game's rules: its Rules tag's, or the default; `None`, reported, when the tag names
/// none.
fn game_rules(game: &Game<'_>, text: &str, opts: &Options, cx: &mut Cx<'_, '_>) -> Option<Ruleset> {
    let Some(tag) = game.tag("Rules").filter(|_| !opts.force_rules) else {
        return Some(opts.default_rules);
    };
    let e = match Ruleset::parse(&tag.value) {
        Ok(r) => return Some(r),
        Err(e) => e,
    };
    let span = e
        .word(tag.value_span.of(text))
        .map(|w| {
            let off = w.as_ptr() as usize - text.as_ptr() as usize;
            Span::new(off, off + w.len())
        })
        .unwrap_or(tag.value_span);
    let code = rules_problem(&e);
    cx.push_kind(code, span, Kind::Rules(e, String::new()), None);
    None
}

/// The game before its first turn: its Position tag's, or the start of `rules`; `None`,
/// reported, when the tag holds no position the rules allow.
fn start_position(game: &Game<'_>, rules: Ruleset, cx: &mut Cx<'_, '_>) -> Option<Between> {
    let Some(tag) = game.tag("Position") else {
        return Some(Between::new(Position::new(rules)));
    };
    let e = match Between::from_text(rules, &tag.value) {
        Ok(b) => return Some(b),
        Err(e) => e,
    };
    let code = match e {
        SetupError::Malformed(_) => Code::PositionMalformed,
        _ => Code::PositionImpossible,
    };
    cx.push_kind(code, tag.value_span, Kind::Setup(e, String::new()), None);
    None
}

/// The turn a syntax error of kind `kind` stands at, when `number` is the next turn to be
/// played: none for a missing result once the game has `ended` (no turn is missing then).
pub(super) fn syntax_error_turn(kind: SyntaxKind, ended: bool, number: u64) -> Option<u64> {
    (kind != SyntaxKind::MissingResult || !ended).then_some(number)
}
