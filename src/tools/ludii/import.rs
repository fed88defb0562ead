//! A trial's moves replayed on the referee under the ludii rules (`spec/ludii.md`, T3–T6):
//! each Ludii move mapped to a turn of the notation, each capture and legal move count Ludii
//! lists held to the engine's, and the end held to the trial's winner.

use crate::engine::referee::result_of;
use crate::engine::{Color, Phase, Ruleset, Size, Square};
use crate::notation::writer::{DocKind, DocTurn};
use crate::notation::{GameResult, Span};
use crate::validate::Code;
use crate::validate::game_state::GameState;
use crate::validate::ply::{PlayError, Ply, PlyStep};

use super::Found;
use super::parse::{LudiiMove, Number, Trial};

/// The actions a move of the game may hold (the hands are filled by `Add` before the first).
const ACTIONS: [&str; 4] = ["Move", "Remove", "Pass", "SetNextPlayer"];

/// The turns a trial's moves make, each with the span of the line of its (first) move.
#[derive(Debug, Clone)]
pub(super) struct Turns {
    /// The turns, captures written.
    pub turns: Vec<DocTurn>,
    /// The line of each turn's first Ludii move.
    pub lines: Vec<Span>,
    /// The result the trial's winner gives.
    pub result: GameResult,
}

/// The board of the trial, from its `game=` line and options; `None` after a problem.
pub(super) fn board(trial: &Trial<'_>, found: &mut Vec<Found>) -> Option<Size> {
    let Some(game) = trial.game else {
        found.push(Found::at(
            Code::LudiiUnsupported,
            Span::new(0, 0),
            "the trial names no game".into(),
            "A Ludii trial starts with a line `game=` naming the game's `.lud` file; seega reads trials of `Seega.lud`.".into(),
        ));
        return None;
    };
    let name = game.text.trim();
    let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
    if !file.eq_ignore_ascii_case("Seega.lud") {
        found.push(Found::at(
            Code::LudiiUnsupported,
            game.span,
            format!("a trial of `{file}`, not of Seega"),
            "seega reads the trials of Ludii's `Seega.lud` only.".into(),
        ));
        return None;
    }
    let mut size = Size::FIVE;
    for option in &trial.options {
        let n = option
            .text
            .strip_prefix("Board Size/")
            .and_then(|s| s.split_once('x'))
            .filter(|(a, b)| a == b)
            .and_then(|(a, _)| a.parse::<u8>().ok())
            .and_then(Size::new);
        match n {
            Some(n) => size = n,
            None => {
                found.push(Found::at(
                    Code::LudiiUnsupported,
                    option.span,
                    format!("a game option seega does not know: `{}`", option.text),
                    "Ludii's Seega has one option, the board: `Board Size/5x5`, `Board Size/7x7` or `Board Size/9x9`.".into(),
                ));
                return None;
            }
        }
    }
    Some(size)
}

/// Replays the trial's moves under `rules`; `None` once a problem stopped the replay.
pub(super) fn replay(trial: &Trial<'_>, rules: Ruleset, found: &mut Vec<Found>) -> Option<Turns> {
    let initial = initial_moves(trial, rules.size, found)?;
    let moves = &trial.moves[initial..];
    check_count_lines(trial, moves, found);
    let mut r = Replay {
        size: rules.size,
        game: GameState::new(rules),
        pending: None,
        out: Turns {
            turns: Vec::new(),
            lines: Vec::new(),
            result: GameResult::Unknown,
        },
        found,
        count_wrong: false,
    };
    for (k, m) in moves.iter().enumerate() {
        r.one(m, trial.counts.get(k))?;
    }
    if let Some((_, line)) = r.pending {
        let turn = r.game.turns_played() + 1;
        r.found.push(Found::at(
            Code::LudiiMover,
            line,
            "a placement turn of one piece".into(),
            "A placement turn puts two pieces, each its own Ludii move; the trial ends after the first.".into(),
        ).turn(turn));
        return None;
    }
    let result = end(trial, &r.game, r.found)?;
    Some(Turns { result, ..r.out })
}

/// How many moves fill the hands before the game (`numInitialPlacementMoves`, else the moves of
/// player 0 at the start); each must fill one hand with a side's pieces.
fn initial_moves(trial: &Trial<'_>, size: Size, found: &mut Vec<Found>) -> Option<usize> {
    let leading = trial.moves.iter().take_while(|m| m.mover == 0).count();
    let n = trial.initial.map_or(leading as u64, |n| n.value);
    let n = usize::try_from(n).ok().filter(|&n| n <= trial.moves.len());
    let Some(n) = n else {
        let at = trial.initial.map_or(trial.last_line, |n| n.span);
        found.push(Found::at(
            Code::LudiiMalformed,
            at,
            "more initial placement moves than moves".into(),
            "`numInitialPlacementMoves` counts the moves at the start that fill the hands.".into(),
        ));
        return None;
    };
    let cells = u64::from(size.get()) * u64::from(size.get());
    let mut filled = [false; 2];
    for m in &trial.moves[..n] {
        // The one action of the move: an `Add` beside any other is no start of the rules.
        let add = match m.actions.as_slice() {
            [a] if a.name == "Add" => Some(a),
            _ => None,
        };
        let hand = add.and_then(|a| a.field("to")?.parse::<u64>().ok());
        let what = add.and_then(|a| a.field("what")?.parse::<u64>().ok());
        let count = add.and_then(|a| a.field("count")?.parse::<u64>().ok());
        let side = hand.and_then(|h| h.checked_sub(cells)).filter(|&s| s < 2);
        match side {
            Some(s)
                if what == Some(s + 1)
                    && count == Some(size.pieces_per_side().into())
                    && !filled[s as usize] =>
            {
                filled[s as usize] = true;
            }
            _ => {
                found.push(Found::at(
                    Code::LudiiUnsupported,
                    m.line,
                    "a start seega's rules do not have".into(),
                    format!("Each initial placement move fills one hand (site {cells} for player 1, {} for player 2) with that player's {} pieces.", cells + 1, size.pieces_per_side()),
                ));
                return None;
            }
        }
    }
    if filled != [true, true] {
        let at = trial.initial.map_or(trial.last_line, |n| n.line);
        found.push(Found::at(
            Code::LudiiUnsupported,
            at,
            "the initial placement moves do not fill both hands".into(),
            format!("The game starts with both hands full: site {cells} with player 1's pieces, site {} with player 2's.", cells + 1),
        ));
        return None;
    }
    Some(n)
}

/// The count lines must number the moves, when there are any.
fn check_count_lines(trial: &Trial<'_>, moves: &[LudiiMove<'_>], found: &mut Vec<Found>) {
    let counts = &trial.counts;
    if counts.is_empty() || counts.len() == moves.len() {
        return;
    }
    let (at, message) = match moves.get(counts.len()) {
        Some(m) => (m.line, "a move without a legal move count".to_owned()),
        None => (
            counts[moves.len()].line,
            "a legal move count after the last move".to_owned(),
        ),
    };
    found.push(Found::at(
        Code::LudiiCount,
        at,
        message,
        format!("The trial has {} moves after the initial placement moves and {} `LEGAL MOVES LIST SIZE` lines: there is one count before each move.", moves.len(), counts.len()),
    ));
}

/// The replay under way.
struct Replay<'f> {
    size: Size,
    game: GameState,
    /// The first piece of a placement turn, and its line.
    pending: Option<(Square, Span)>,
    out: Turns,
    found: &'f mut Vec<Found>,
    /// Whether a count disagreed: later counts are not compared.
    count_wrong: bool,
}

/// What one Ludii move does.
enum What {
    Pass,
    Place(Square),
    Step(Square, Square),
}

impl Replay<'_> {
    /// The square of Ludii cell `cell`: `size × row + column`, from the bottom left.
    fn square(&self, cell: u64) -> Option<Square> {
        let n = u64::from(self.size.get());
        let (row, col) = (cell / n, cell % n);
        (row < n).then(|| Square::new(col as u8, row as u8))
    }

    /// Plays one move, with the count Ludii gives before it; `None` stops the replay.
    fn one(&mut self, m: &LudiiMove<'_>, count: Option<&Number>) -> Option<()> {
        let turn = self.game.turns_played() + 1;
        let what = self.what(m, turn)?;
        if let Some(o) = self.game.outcome() {
            let err = PlayError::game_over(o);
            return self.illegal(&err, m.line, turn);
        }
        // `what` has refused every player but 1 and 2.
        let color = if m.mover == 1 {
            Color::Black
        } else {
            Color::White
        };
        if color != self.game.to_move() {
            let (message, help) = self.wrong_mover(m.mover);
            self.found
                .push(Found::at(Code::LudiiMover, m.line, message, help).turn(turn));
            return None;
        }
        // Counted before the move, compared once it is known to be legal.
        let counted = count
            .filter(|_| !self.count_wrong)
            .map(|c| (*c, self.seega_count()));
        // Every removal is read, whatever the move: only a step captures (T4).
        let removed = self.removed(m, turn)?;
        match what {
            What::Place(sq) => {
                self.captures_nothing(&removed, &format!("the placement on {sq}"), m, turn)?;
                match self.pending.take() {
                    None => self.pending = Some((sq, m.line)),
                    Some((a, line)) => {
                        self.play_ply(&Ply::Place(a, sq), &[], (line, m.line), turn)?;
                    }
                }
            }
            What::Pass => {
                self.captures_nothing(&removed, "a pass", m, turn)?;
                self.play_ply(&Ply::Pass, &[], (m.line, m.line), turn)?;
            }
            What::Step(from, to) => {
                let ply = Ply::Move {
                    from,
                    steps: vec![PlyStep {
                        to,
                        captures: Vec::new(),
                    }],
                };
                self.play_ply(&ply, &removed, (m.line, m.line), turn)?;
            }
        }
        if let Some((count, seega)) = counted {
            self.compare_count(&count, seega, m.line, turn);
        }
        Some(())
    }

    /// What move `m` does, read from its sites and actions.
    fn what(&mut self, m: &LudiiMove<'_>, turn: u64) -> Option<What> {
        let unsupported = |found: &mut Vec<Found>, span, message: String, help: &str| {
            found.push(Found::at(Code::LudiiUnsupported, span, message, help.into()).turn(turn));
            None
        };
        if !(1..=2).contains(&m.mover) {
            return unsupported(
                self.found,
                m.line,
                format!("a move of player {}", m.mover),
                "After the initial placement moves, every move is player 1's (black) or player 2's (white).",
            );
        }
        if let Some(a) = m.actions.iter().find(|a| !ACTIONS.contains(&a.name)) {
            return unsupported(
                self.found,
                a.span,
                format!("an action seega does not read: `{}`", a.name),
                "A move of Seega holds the actions Move, Remove, Pass and SetNextPlayer.",
            );
        }
        if m.has("Pass") {
            return Some(What::Pass);
        }
        let cells = u64::from(self.size.get()).pow(2);
        let hand = cells + m.mover - 1;
        let (Some(from), Some(to)) = (m.from, m.to) else {
            return unsupported(
                self.found,
                m.line,
                "a move with no site to go from or to".into(),
                "A move that is not a pass names its `from` and `to` sites.",
            );
        };
        let site = |cell: u64| {
            format!(
                "site {cell} is neither a cell of the board (0 to {}) nor player {}'s hand ({hand})",
                cells - 1,
                m.mover
            )
        };
        let Some(to_sq) = self.square(to) else {
            return unsupported(
                self.found,
                m.line,
                site(to),
                "A piece goes to a cell of the board.",
            );
        };
        if from == hand {
            return Some(What::Place(to_sq));
        }
        match self.square(from) {
            Some(from_sq) => Some(What::Step(from_sq, to_sq)),
            None => unsupported(
                self.found,
                m.line,
                site(from),
                "A piece comes from its player's hand or from a cell of the board.",
            ),
        }
    }

    /// The words for a move of player `mover` when it is the other side's turn.
    fn wrong_mover(&self, mover: u64) -> (String, String) {
        let side = self.game.to_move();
        let player = if side == Color::Black { 1 } else { 2 };
        let message = match self.pending {
            Some(_) => format!(
                "player {mover} moves after player {player}'s first piece of a placement turn"
            ),
            None => format!("a move of player {mover} when it is player {player}'s ({side}) turn"),
        };
        let help = "Under the ludii rules player 1 (black) places first, two pieces a turn, and moves first; turns alternate, and a side without a step passes.".to_owned();
        (message, help)
    }

    /// The pieces move `m` removes, as squares.
    fn removed(&mut self, m: &LudiiMove<'_>, turn: u64) -> Option<Vec<Square>> {
        let mut out = Vec::new();
        for a in m.actions.iter().filter(|a| a.name == "Remove") {
            match a
                .field("to")
                .and_then(|c| c.parse().ok())
                .and_then(|c| self.square(c))
            {
                Some(sq) => out.push(sq),
                None => {
                    self.found.push(Found::at(
                        Code::LudiiUnsupported,
                        a.span,
                        "a removal from no cell of the board".into(),
                        "A capture removes the piece on a cell of the board: `[Remove:type=Cell,to=N]`.".into(),
                    ).turn(turn));
                    return None;
                }
            }
        }
        Some(out)
    }

    /// Reports the pieces `removed` by move `m`, a placement or a pass (`what`), which
    /// captures nothing under the ludii rules (R4, R11); `None` when it removes any.
    fn captures_nothing(
        &mut self,
        removed: &[Square],
        what: &str,
        m: &LudiiMove<'_>,
        turn: u64,
    ) -> Option<()> {
        if removed.is_empty() {
            return Some(());
        }
        self.found.push(Found::at(
            Code::LudiiCapture,
            m.line,
            format!("Ludii removes {} with {what}, which captures nothing", list(removed)),
            "Under the ludii rules only a step captures: a placement and a pass remove no piece.".into(),
        ).turn(turn));
        None
    }

    /// The legal moves of Ludii's count, from the engine's legal turns: single pieces during
    /// placement (the squares of the turns, or of the turns with the piece already placed),
    /// else each turn (one step, or the pass).
    fn seega_count(&self) -> usize {
        let turns = self.game.legal_turns();
        if self.game.phase() != Phase::Placement {
            return turns.len();
        }
        let mut squares = crate::engine::Bitboard::default();
        for t in &turns {
            if let Ply::Place(a, b) = *t {
                match self.pending {
                    None => {
                        squares.insert(a);
                        squares.insert(b);
                    }
                    Some((p, _)) if p == a => squares.insert(b),
                    Some((p, _)) if p == b => squares.insert(a),
                    Some(_) => {}
                }
            }
        }
        squares.count() as usize
    }

    fn compare_count(&mut self, count: &Number, seega: usize, line: Span, turn: u64) {
        if count.value == seega as u64 {
            return;
        }
        self.count_wrong = true;
        let f = Found::at(
            Code::LudiiCount,
            line,
            format!("Ludii counts {} legal moves before this move, seega {seega}", count.value),
            "seega counts a placement of one piece on each empty square but the centre, one move for each step, and the pass when there is no step; the later counts are not compared.".into(),
        )
        .turn(turn)
        .also(count.span, format!("Ludii's count, {}", count.value));
        self.found.push(f);
    }

    /// Plays `ply`, whose Ludii moves stand on `lines` (the first and the last), holding the
    /// captures to those Ludii removed when it is a step.
    fn play_ply(
        &mut self,
        ply: &Ply,
        removed: &[Square],
        lines: (Span, Span),
        turn: u64,
    ) -> Option<()> {
        let mut after = self.game.clone();
        let played = match after.play(ply) {
            Ok(p) => p,
            Err(e) => {
                let at = match (ply, e.rule()) {
                    (Ply::Place(a, _), Some(r)) if names(r) == Some(*a) => lines.0,
                    _ => lines.1,
                };
                return self.illegal(&e, at, turn);
            }
        };
        if let Ply::Move { from, steps } = ply {
            let mut seega = played.captures();
            let mut ludii = removed.to_vec();
            seega.sort();
            ludii.sort();
            if seega != ludii {
                let step = format!("{from}-{}", steps[0].to);
                self.found.push(Found::at(
                    Code::LudiiCapture,
                    lines.1,
                    format!("Ludii removes {} after {step}, seega captures {}", list(&ludii), list(&seega)),
                    "Under the ludii rules a step captures each enemy piece next to the moved piece with a piece of the mover beyond it, the centre included, and nothing else.".into(),
                ).turn(turn));
                return None;
            }
        }
        self.game = after;
        self.out.turns.push(DocTurn {
            kind: doc_kind(&played),
            annotation: None,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        });
        self.out.lines.push(lines.0);
        Some(())
    }

    /// Reports `e`, the engine's refusal of a turn, at `at`.
    fn illegal(&mut self, e: &PlayError, at: Span, turn: u64) -> Option<()> {
        let help = format!(
            "{} The move is Ludii's, and illegal under the ludii rules.",
            e.help()
        );
        self.found
            .push(Found::at(e.code(), at, e.to_string(), help).turn(turn));
        None
    }
}

/// The square an illegal placement names.
fn names(rule: crate::engine::IllegalTurn) -> Option<Square> {
    use crate::engine::IllegalTurn as I;
    match rule {
        I::PlaceCentre(s) | I::PlaceOccupied(s) | I::OffBoard(s) | I::PlaceSame(s) => Some(s),
        _ => None,
    }
}

/// `nothing`, `b3`, `b3 and c2`.
fn list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    match names.split_last() {
        None => "nothing".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The writer's turn of a played ply.
fn doc_kind(ply: &Ply) -> DocKind {
    match ply {
        Ply::Place(a, b) => DocKind::Place(*a, *b),
        Ply::Move { from, steps } => DocKind::Move(
            *from,
            steps.iter().map(|s| (s.to, s.captures.clone())).collect(),
        ),
        Ply::Pass => DocKind::Pass,
    }
}

/// The result the trial's winner gives, held to how the game ended under the rules.
fn end(trial: &Trial<'_>, game: &GameState, found: &mut Vec<Found>) -> Option<GameResult> {
    let result = match trial.winner.map(|w| w.value) {
        None => GameResult::Unknown,
        Some(0) => GameResult::Draw,
        Some(1) => GameResult::BlackWins,
        Some(2) => GameResult::WhiteWins,
        Some(n) => {
            let w = trial.winner.map_or(trial.last_line, |w| w.span);
            found.push(Found::at(
                Code::LudiiMalformed,
                w,
                format!("a winner that is no player: {n}"),
                "The winner is 1 (black), 2 (white) or 0 (none).".into(),
            ));
            return None;
        }
    };
    let natural = trial.endtype.is_some_and(|e| e.text.trim() == "NaturalEnd");
    let at = trial
        .winner
        .map(|w| w.line)
        .or(trial.endtype.map(|e| e.line))
        .unwrap_or(trial.last_line);
    let agrees = result_of(game.outcome(), Some(result.as_str()), None).agrees();
    let words = match (agrees, game.outcome()) {
        (Err(o), _) => Some(format!(
            "the game ended by {} with {}, but the trial gives {}",
            o.termination.as_str(),
            o.result_token(),
            winner_words(trial.winner)
        )),
        (Ok(()), None) if natural => Some(format!(
            "the trial ends by Ludii's rules with {}, but the game goes on under the ludii rules",
            winner_words(trial.winner)
        )),
        _ => None,
    };
    match words {
        Some(message) => {
            found.push(Found::at(
                Code::LudiiEnd,
                at,
                message,
                "A Ludii game of Seega ends naturally when the side to move has no pieces: the other side wins. Ludii's turn and move limits are no rule: a trial that reaches them may end with any result.".into(),
            ));
            None
        }
        None => Some(result),
    }
}

/// `winner=1`, or `no winner line`.
fn winner_words(winner: Option<Number>) -> String {
    winner.map_or("no winner line".into(), |w| format!("winner={}", w.value))
}
