//! A Ludii trial file read into its parts, each with its span in the text: the lines and the
//! fields of each `Move=` line, and nothing of the rules (`spec/ludii.md`, T1 and T2).

use crate::notation::Span;
use crate::validate::Code;

use super::Found;

/// A value of a line (`game=…`, `endtype=…`, an option), with where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Field<'t> {
    /// The value.
    pub text: &'t str,
    /// The value's span.
    pub span: Span,
    /// The whole line's span (without its line break).
    pub line: Span,
}

/// A whole number of a line (`winner=1`, `LEGAL MOVES LIST SIZE = 24`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Number {
    /// The number.
    pub value: u64,
    /// The number's span.
    pub span: Span,
    /// The whole line's span.
    pub line: Span,
}

/// One action of a move: `[Remove:type=Cell,to=7]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Action<'t> {
    /// Its name: `Move`, `Remove`, `Pass`, `Add`, `SetNextPlayer`, …
    pub name: &'t str,
    /// Its `key=value` fields, in order.
    pub fields: Vec<(&'t str, &'t str)>,
    /// The span of the bracketed action.
    pub span: Span,
}

impl<'t> Action<'t> {
    /// The value of field `key`, if written.
    pub fn field(&self, key: &str) -> Option<&'t str> {
        self.fields.iter().find(|(k, _)| *k == key).map(|&(_, v)| v)
    }
}

/// One `Move=` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LudiiMove<'t> {
    /// The `mover` field.
    pub mover: u64,
    /// The `from` field, when written.
    pub from: Option<u64>,
    /// The `to` field, when written.
    pub to: Option<u64>,
    /// The actions, in order.
    pub actions: Vec<Action<'t>>,
    /// The whole line's span.
    pub line: Span,
}

impl LudiiMove<'_> {
    /// Whether an action of the move is named `name`.
    pub fn has(&self, name: &str) -> bool {
        self.actions.iter().any(|a| a.name == name)
    }
}

/// What a trial file holds.
#[derive(Debug, Clone, Default)]
pub(super) struct Trial<'t> {
    /// The `game=` line.
    pub game: Option<Field<'t>>,
    /// The lines between `START GAME OPTIONS` and `END GAME OPTIONS`.
    pub options: Vec<Field<'t>>,
    /// Every `Move=` line.
    pub moves: Vec<LudiiMove<'t>>,
    /// Every `LEGAL MOVES LIST SIZE = N` line.
    pub counts: Vec<Number>,
    /// The `numInitialPlacementMoves=` line.
    pub initial: Option<Number>,
    /// The `winner=` line.
    pub winner: Option<Number>,
    /// The `endtype=` line.
    pub endtype: Option<Field<'t>>,
    /// The `LUDII_VERSION=` line.
    pub version: Option<Field<'t>>,
    /// The span of the last line that holds anything.
    pub last_line: Span,
}

/// Lines read and passed over: they say nothing seega checks.
const PASSED_OVER: [&str; 4] = ["RNG internal state=", "rankings=", "SANDBOX=", "storeLegal"];

/// Reads `text` as a trial file; the lines it cannot read are problems in `found`.
pub(super) fn read<'t>(text: &'t str, found: &mut Vec<Found>) -> Trial<'t> {
    let mut trial = Trial::default();
    let mut block = Block::None;
    for (line, start) in lines(text) {
        let span = Span::new(start, start + line.len());
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        trial.last_line = span;
        let at = |prefix: &str| Span::new(start + prefix.len(), span.end);
        let field = |prefix: &str| Field {
            text: &line[prefix.len()..],
            span: at(prefix),
            line: span,
        };
        match block {
            Block::Options if trimmed == "END GAME OPTIONS" => block = Block::None,
            Block::Options => trial.options.push(Field {
                text: trimmed,
                span,
                line: span,
            }),
            Block::Legal if trimmed == "END LEGAL MOVES LIST" => block = Block::None,
            Block::Legal => {}
            Block::None => read_line(line, span, &mut trial, &mut block, found, &field),
        }
    }
    match block {
        Block::Options => found.push(Found::at(
            Code::LudiiMalformed,
            trial.last_line,
            "the game options are never closed".into(),
            "A block of game options ends with a line `END GAME OPTIONS`.".into(),
        )),
        Block::Legal | Block::None => {}
    }
    trial
}

/// A block of lines being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    /// None: each line on its own.
    None,
    /// The game options.
    Options,
    /// A stored list of legal moves, passed over.
    Legal,
}

/// Reads one line outside any block.
fn read_line<'t>(
    line: &'t str,
    span: Span,
    trial: &mut Trial<'t>,
    block: &mut Block,
    found: &mut Vec<Found>,
    field: &dyn Fn(&str) -> Field<'t>,
) {
    let once = |slot: bool, name: &str, found: &mut Vec<Found>| {
        if slot {
            found.push(Found::at(
                Code::LudiiMalformed,
                span,
                format!("a second `{name}` line"),
                format!("A trial holds one `{name}` line; this one is not read."),
            ));
        }
        !slot
    };
    let number = |prefix: &str, found: &mut Vec<Found>| {
        let f = field(prefix);
        let value = f.text.trim().parse::<u64>().ok();
        if value.is_none() {
            found.push(Found::at(
                Code::LudiiMalformed,
                f.span,
                match f.text.trim() {
                    "" => format!("no number after `{}`", prefix.trim_end()),
                    t => format!("`{t}` is not a whole number"),
                },
                format!("The line is `{prefix}` and a whole number from 0."),
            ));
        }
        // The span of the digits, without the blanks around them.
        let lead = f.text.len() - f.text.trim_start().len();
        let digits = Span::new(
            f.span.start + lead,
            f.span.start + lead + f.text.trim().len(),
        );
        value.map(|value| Number {
            value,
            span: digits,
            line: span,
        })
    };
    let trimmed = line.trim();
    if trimmed == "START GAME OPTIONS" {
        *block = Block::Options;
    } else if trimmed == "NEW LEGAL MOVES LIST" {
        *block = Block::Legal;
    } else if line.starts_with("game=") {
        if once(trial.game.is_some(), "game=", found) {
            trial.game = Some(field("game="));
        }
    } else if line.starts_with("Move=") {
        if let Some(m) = read_move(line, span, found) {
            trial.moves.push(m);
        }
    } else if let Some(rest) = line.strip_prefix("LEGAL MOVES LIST SIZE") {
        match rest.trim_start().strip_prefix('=') {
            Some(value) => {
                let prefix = &line[..line.len() - value.len()];
                trial.counts.extend(number(prefix, found));
            }
            None => found.push(Found::at(
                Code::LudiiMalformed,
                span,
                "a legal move count without `=`".into(),
                "The line is `LEGAL MOVES LIST SIZE = ` and a whole number.".into(),
            )),
        }
    } else if line.starts_with("numInitialPlacementMoves=") {
        if once(trial.initial.is_some(), "numInitialPlacementMoves=", found) {
            trial.initial = number("numInitialPlacementMoves=", found);
        }
    } else if line.starts_with("winner=") {
        if once(trial.winner.is_some(), "winner=", found) {
            trial.winner = number("winner=", found);
        }
    } else if line.starts_with("endtype=") {
        if once(trial.endtype.is_some(), "endtype=", found) {
            trial.endtype = Some(field("endtype="));
        }
    } else if line.starts_with("LUDII_VERSION=") {
        if once(trial.version.is_some(), "LUDII_VERSION=", found) {
            trial.version = Some(field("LUDII_VERSION="));
        }
    } else if !PASSED_OVER.iter().any(|p| line.starts_with(p)) && trimmed != "END GAME OPTIONS" {
        found.push(Found::at(
            Code::LudiiUnknownLine,
            span,
            "a line seega does not read in a Ludii trial".into(),
            "seega reads the game, its options, the moves, the legal move counts, the winner, the end type and the version; it passes this line over.".into(),
        ));
    }
}

/// Each line of `text` without its line break (LF, CRLF or a lone CR), with its offset.
fn lines(text: &str) -> impl Iterator<Item = (&str, usize)> {
    let mut at = 0;
    std::iter::from_fn(move || {
        if at >= text.len() {
            return None;
        }
        let rest = &text[at..];
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = (&rest[..end], at);
        let brk = match rest.as_bytes().get(end..end + 2) {
            Some(b"\r\n") => 2,
            _ if end < rest.len() => 1,
            _ => 0,
        };
        at += end + brk;
        Some(line)
    })
}

/// A cursor over a `Move=` line: ASCII punctuation only is looked for, so that every cut is on
/// a character boundary.
struct Cursor<'t> {
    line: &'t str,
    at: usize,
    /// The line's offset in the text.
    base: usize,
}

impl<'t> Cursor<'t> {
    fn eat(&mut self, s: &str) -> bool {
        let ok = self.line[self.at..].starts_with(s);
        if ok {
            self.at += s.len();
        }
        ok
    }

    /// Text up to (not including) the first of `stops`, or to the end.
    fn until(&mut self, stops: &[char]) -> &'t str {
        let rest = &self.line[self.at..];
        let end = rest.find(stops).unwrap_or(rest.len());
        self.at += end;
        &rest[..end]
    }

    fn here(&self) -> Span {
        let end = self.line[self.at..]
            .chars()
            .next()
            .map_or(self.at, |c| self.at + c.len_utf8());
        Span::new(self.base + self.at, self.base + end)
    }
}

/// Reads one `Move=` line: `Move=[Move:mover=1,from=25,to=19,actions=[...],[...]]`.
fn read_move<'t>(line: &'t str, span: Span, found: &mut Vec<Found>) -> Option<LudiiMove<'t>> {
    let mut c = Cursor {
        line: line.trim_end(),
        at: 0,
        base: span.start,
    };
    let fail = |found: &mut Vec<Found>, at: Span, what: &str| {
        found.push(Found::at(
            Code::LudiiMalformed,
            at,
            format!("a move line that is not Ludii's: {what}"),
            "A move line is `Move=[Move:mover=N,from=F,to=T,actions=[Name:key=value,...],...]`, as Ludii writes it.".into(),
        ));
        None
    };
    if !c.eat("Move=[Move:") {
        return fail(found, c.here(), "it does not start with `Move=[Move:`");
    }
    let (mut mover, mut from, mut to, mut actions) = (None, None, None, Vec::new());
    loop {
        let key_at = c.here();
        let key = c.until(&['=', ',', ']', '[']);
        if !c.eat("=") {
            return fail(found, key_at, "a field without `=`");
        }
        if key == "actions" {
            actions = match read_actions(&mut c) {
                Some(a) => a,
                None => return fail(found, c.here(), "an action not closed with `]`"),
            };
            if actions.is_empty() {
                return fail(found, c.here(), "no action in brackets after `actions=`");
            }
        } else {
            let value_at = c.here();
            let value = c.until(&[',', ']', '[']);
            let slot = match key {
                "mover" => Some(&mut mover),
                "from" => Some(&mut from),
                "to" => Some(&mut to),
                _ => None,
            };
            if let Some(slot) = slot {
                match value.parse::<i64>() {
                    // Ludii writes -1 for "none".
                    Ok(-1) => {}
                    Ok(n) if n >= 0 => *slot = Some(n.unsigned_abs()),
                    _ => return fail(found, value_at, "a site or player that is not a number"),
                }
            }
        }
        if c.eat(",") {
            continue;
        }
        if c.eat("]") && c.at == c.line.len() {
            break;
        }
        return fail(found, c.here(), "unexpected text");
    }
    let Some(mover) = mover else {
        return fail(found, span, "no `mover` field");
    };
    Some(LudiiMove {
        mover,
        from,
        to,
        actions,
        line: span,
    })
}

/// Reads `[Name:key=value,...],[...]` up to (not including) the `]` or `,` after the last.
fn read_actions<'t>(c: &mut Cursor<'t>) -> Option<Vec<Action<'t>>> {
    let mut actions = Vec::new();
    loop {
        let start = c.base + c.at;
        if !c.eat("[") {
            break;
        }
        let name = c.until(&[':', ']', ',', '[']);
        let mut fields = Vec::new();
        if c.eat(":") {
            loop {
                let key = c.until(&['=', ',', ']', '[']);
                let value = if c.eat("=") {
                    c.until(&[',', ']', '['])
                } else {
                    ""
                };
                fields.push((key, value));
                if !c.eat(",") {
                    break;
                }
            }
        }
        if !c.eat("]") {
            return None;
        }
        actions.push(Action {
            name,
            fields,
            span: Span::new(start, c.base + c.at),
        });
        // Another action follows a comma directly; a comma before a key is the move's.
        if !c.line[c.at..].starts_with(",[") {
            break;
        }
        c.eat(",");
    }
    Some(actions)
}
