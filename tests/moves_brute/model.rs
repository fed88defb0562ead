//! A referee of Seega written from `spec/rules.md` alone (with the options `centre`, `blocked`
//! and `limit` as the rules state them: a piece on the centre captured like any other, a pass
//! that owes no opening and never ends the game, the end after N movement turns in a row
//! without a capture), square by square, to enumerate the
//! legal turns of a position by brute force. It shares nothing with the engine but the rule
//! options it reads off a `Ruleset`: its own board, its own steps, captures, chains, passes,
//! barriers and ends, and its own notation of a turn (`spec/notation.md`).

use seega::{Barrier, Chain, Ruleset};
use seega::{Blocked, Centre};

/// A side: 0 black, 1 white.
pub type Side = u8;

/// The rule options, as plain values.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    pub n: usize,
    pub first_mover: Side,
    /// R9: 0 none, 1 capture, 2 any.
    pub chain: u8,
    /// R10.
    pub forced: bool,
    /// R15: 0 none, 1 wall, 2 line.
    pub barrier: u8,
    /// R8: a piece on the centre cannot be captured.
    pub centre_immune: bool,
    /// R12 and R16 apply (`blocked=open`).
    pub blocked_open: bool,
    /// The game ends after this many turns in a row of the movement phase without a capture.
    pub limit: Option<u16>,
}

impl Rules {
    /// The options of `r`.
    pub fn of(r: &Ruleset) -> (Rules, Side) {
        let side = |c: seega::Color| u8::from(c == seega::Color::White);
        let rules = Rules {
            n: usize::from(r.size.get()),
            first_mover: side(r.first_mover),
            chain: match r.chain {
                Chain::None => 0,
                Chain::Capture => 1,
                Chain::Any => 2,
            },
            forced: r.forced,
            barrier: match r.barrier {
                Barrier::None => 0,
                Barrier::Wall => 1,
                Barrier::Line => 2,
            },
            centre_immune: r.centre == Centre::Immune,
            blocked_open: r.blocked == Blocked::Open,
            limit: r.limit,
        };
        (rules, side(r.first_placer))
    }

    fn centre(&self) -> usize {
        (self.n * self.n) / 2
    }

    /// The squares next to `s`, up, right, down, left.
    fn neighbours(&self, s: usize) -> Vec<usize> {
        let n = self.n as i64;
        let (f, r) = ((s % self.n) as i64, (s / self.n) as i64);
        [(0, 1), (1, 0), (0, -1), (-1, 0)]
            .into_iter()
            .map(|(df, dr)| (f + df, r + dr))
            .filter(|&(f, r)| (0..n).contains(&f) && (0..n).contains(&r))
            .map(|(f, r)| (r * n + f) as usize)
            .collect()
    }

    /// The square `k` steps from `s` in direction (`df`, `dr`).
    fn along(&self, s: usize, df: i64, dr: i64, k: i64) -> Option<usize> {
        let n = self.n as i64;
        let (f, r) = ((s % self.n) as i64 + df * k, (s / self.n) as i64 + dr * k);
        ((0..n).contains(&f) && (0..n).contains(&r)).then(|| (r * n + f) as usize)
    }

    /// `a1`, `e5`.
    pub fn name(&self, s: usize) -> String {
        format!("{}{}", (b'a' + (s % self.n) as u8) as char, s / self.n + 1)
    }
}

/// How a game ended: the rule and the winner (`None`: a draw).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct End {
    pub rule: &'static str,
    pub winner: Option<Side>,
}

/// A game between turns.
#[derive(Debug, Clone)]
pub struct State {
    pub rules: Rules,
    /// Each square: `None` empty, else the side of its piece; square = rank × n + file.
    pub board: Vec<Option<Side>>,
    pub hands: [usize; 2],
    pub to_move: Side,
    /// The side that passed last turn.
    pub passer: Option<Side>,
    /// Movement turns in a row without a capture.
    pub quiet: u32,
    pub end: Option<End>,
}

/// Where a movement stands after a step.
#[derive(Debug, Clone, Copy)]
struct Chained {
    /// The last step captured.
    captured: bool,
    /// Some step of the turn captured.
    any: bool,
    /// The next step must capture (R10).
    must_capture: bool,
}

/// A legal turn: its notation, and the squares it names (start, then each step's end; the two
/// squares of a placement; none for a pass), to find a written turn among them.
#[derive(Debug, Clone)]
pub struct Turn {
    pub text: String,
    pub path: Vec<usize>,
    pub after: State,
}

impl State {
    /// The start of a game: empty board, full hands, the first placer to move.
    pub fn start(rules: Rules, first_placer: Side) -> State {
        let per_side = (rules.n * rules.n - 1) / 2;
        State {
            rules,
            board: vec![None; rules.n * rules.n],
            hands: [per_side, per_side],
            to_move: first_placer,
            passer: None,
            quiet: 0,
            end: None,
        }
    }

    /// A position string (`ranks side`, R21): movement phase, hands empty; termination checked
    /// on it. `None` when it is not one.
    pub fn setup(rules: Rules, text: &str) -> Option<State> {
        let mut fields = text.split_ascii_whitespace();
        let ranks: Vec<&str> = fields.next()?.split('/').collect();
        let to_move = match fields.next()? {
            "b" => 0,
            "w" => 1,
            _ => return None,
        };
        if ranks.len() != rules.n {
            return None;
        }
        let mut board = vec![None; rules.n * rules.n];
        for (i, rank) in ranks.iter().enumerate() {
            let r = rules.n - 1 - i;
            let mut f = 0;
            for c in rank.chars() {
                match c {
                    'b' | 'w' if f < rules.n => {
                        board[r * rules.n + f] = Some(u8::from(c == 'w'));
                        f += 1;
                    }
                    '1'..='9' => f += c as usize - '0' as usize,
                    _ => return None,
                }
            }
            if f != rules.n {
                return None;
            }
        }
        let mut state = State {
            rules,
            board,
            hands: [0, 0],
            to_move,
            passer: None,
            quiet: 0,
            end: None,
        };
        state.end = state.capture_all().or_else(|| state.barrier());
        Some(state)
    }

    fn placing(&self) -> bool {
        self.hands[0] + self.hands[1] > 0
    }

    fn pieces(&self, side: Side) -> usize {
        self.board.iter().filter(|&&p| p == Some(side)).count()
    }

    /// The position string: ranks from the top, then the side to move.
    pub fn position_string(&self) -> String {
        let n = self.rules.n;
        let mut ranks = Vec::new();
        for r in (0..n).rev() {
            let mut rank = String::new();
            let mut empty = 0;
            for f in 0..n {
                match self.board[r * n + f] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            rank.push_str(&empty.to_string());
                            empty = 0;
                        }
                        rank.push(if p == 0 { 'b' } else { 'w' });
                    }
                }
            }
            if empty > 0 {
                rank.push_str(&empty.to_string());
            }
            ranks.push(rank);
        }
        format!(
            "{} {}",
            ranks.join("/"),
            if self.to_move == 0 { 'b' } else { 'w' }
        )
    }

    /// The legal turns of the game now (R3–R17): none once it has ended; after a pass, only
    /// those that leave the passer a step or end the game (R12).
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.end.is_some() {
            return Vec::new();
        }
        let turns = self.turns_of_position();
        match self.passer {
            Some(p) if self.rules.blocked_open => turns
                .into_iter()
                .filter(|t| t.after.end.is_some() || t.after.has_step(p))
                .collect(),
            _ => turns,
        }
    }

    /// The turns of this position alone, each with the game after it.
    fn turns_of_position(&self) -> Vec<Turn> {
        if self.placing() {
            return self.placements();
        }
        if !self.has_step(self.to_move) {
            let mut after = self.clone();
            after.passer = Some(self.to_move);
            after.to_move = 1 - self.to_move;
            after.quiet += 1;
            after.finish(true);
            return vec![Turn {
                text: "--".to_owned(),
                path: Vec::new(),
                after,
            }];
        }
        let mut turns = Vec::new();
        let forced_start = self.rules.forced && self.any_capture(self.to_move);
        for s in 0..self.board.len() {
            if self.board[s] == Some(self.to_move) {
                let mut text = self.rules.name(s);
                let start = Chained {
                    captured: false,
                    any: false,
                    must_capture: forced_start,
                };
                self.chain(vec![s], &mut text, start, &mut turns);
            }
        }
        turns
    }

    /// R4: every unordered pair of empty squares but the centre, in board order.
    fn placements(&self) -> Vec<Turn> {
        let me = usize::from(self.to_move);
        if self.hands[me] < 2 {
            return Vec::new();
        }
        let free: Vec<usize> = (0..self.board.len())
            .filter(|&s| self.board[s].is_none() && s != self.rules.centre())
            .collect();
        let mut turns = Vec::new();
        for (i, &a) in free.iter().enumerate() {
            for &b in &free[i + 1..] {
                let mut after = self.clone();
                after.board[a] = Some(self.to_move);
                after.board[b] = Some(self.to_move);
                after.hands[me] -= 2;
                after.passer = None;
                if after.placing() {
                    after.to_move = 1 - self.to_move;
                } else {
                    // R5: the movement phase begins with the first mover; R13 after the last
                    // placement.
                    after.to_move = self.rules.first_mover;
                    after.finish(false);
                }
                turns.push(Turn {
                    text: format!("{},{}", self.rules.name(a), self.rules.name(b)),
                    path: vec![a, b],
                    after,
                });
            }
        }
        turns
    }

    /// Whether `side` has a step (R6): a piece next to an empty square.
    pub fn has_step(&self, side: Side) -> bool {
        (0..self.board.len()).any(|s| {
            self.board[s] == Some(side)
                && self
                    .rules
                    .neighbours(s)
                    .iter()
                    .any(|&t| self.board[t].is_none())
        })
    }

    /// Whether any step of `side` captures.
    fn any_capture(&self, side: Side) -> bool {
        (0..self.board.len()).any(|s| self.board[s] == Some(side) && self.capturing_step_from(s))
    }

    fn capturing_step_from(&self, s: usize) -> bool {
        self.rules
            .neighbours(s)
            .iter()
            .any(|&t| self.board[t].is_none() && !self.step(s, t).1.is_empty())
    }

    /// The board after the piece on `from` steps to `to`, and what it captures (R7, R8), in
    /// board order.
    fn step(&self, from: usize, to: usize) -> (Vec<Option<Side>>, Vec<usize>) {
        let me = self.board[from];
        let mut board = self.board.clone();
        board[from] = None;
        board[to] = me;
        let mut captured = Vec::new();
        for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            let (Some(a), Some(b)) = (
                self.rules.along(to, df, dr, 1),
                self.rules.along(to, df, dr, 2),
            ) else {
                continue;
            };
            let enemy = board[a].is_some() && board[a] != me;
            let immune = self.rules.centre_immune && a == self.rules.centre();
            if enemy && board[b] == me && !immune {
                captured.push(a);
            }
        }
        for &c in &captured {
            board[c] = None;
        }
        captured.sort_unstable();
        (board, captured)
    }

    /// Extends a movement of the piece now on `path`'s last square (R6, R9, R10): every step it
    /// may take, each a turn where it may stop, then its continuations.
    fn chain(&self, path: Vec<usize>, text: &mut String, so_far: Chained, turns: &mut Vec<Turn>) {
        let at = path[path.len() - 1];
        for t in self.rules.neighbours(at) {
            if self.board[t].is_some() {
                continue;
            }
            let (board, caps) = self.step(at, t);
            if so_far.must_capture && caps.is_empty() {
                continue;
            }
            if so_far.captured && self.rules.chain == 1 && caps.is_empty() {
                continue;
            }
            let mut next = self.clone();
            next.board = board;
            let mut path = path.clone();
            path.push(t);
            let len = text.len();
            text.push('-');
            text.push_str(&self.rules.name(t));
            for c in &caps {
                text.push('x');
                text.push_str(&self.rules.name(*c));
            }
            let goes_on = !caps.is_empty() && self.rules.chain > 0;
            let forced_on = goes_on && self.rules.forced && next.capturing_step_from(t);
            let any = so_far.any || !caps.is_empty();
            if !forced_on {
                turns.push(next.ended_move(text, &path, any));
            }
            if goes_on {
                let on = Chained {
                    captured: true,
                    any,
                    must_capture: forced_on,
                };
                next.chain(path, text, on, turns);
            }
            text.truncate(len);
        }
    }

    /// The turn that stops here (`captured`: anything on the way): the other side to move, the
    /// ends tested.
    fn ended_move(&self, text: &str, path: &[usize], captured: bool) -> Turn {
        let mut after = self.clone();
        after.to_move = 1 - self.to_move;
        after.passer = None;
        after.quiet = if captured { 0 } else { self.quiet + 1 };
        after.finish(false);
        Turn {
            text: text.to_owned(),
            path: path.to_vec(),
            after,
        }
    }

    /// R13 after a turn of the movement phase or the last placement: capture-all, barrier,
    /// blocked (at a pass), limit.
    fn finish(&mut self, was_pass: bool) {
        self.end = self
            .capture_all()
            .or_else(|| self.barrier())
            .or_else(|| if was_pass { self.blocked() } else { None })
            .or_else(|| self.limit());
    }

    /// R14.
    fn capture_all(&self) -> Option<End> {
        (0..2).find_map(|side: Side| {
            (self.pieces(side) + self.hands[usize::from(side)] == 0).then_some(End {
                rule: "capture-all",
                winner: Some(1 - side),
            })
        })
    }

    /// More pieces on the board wins; equal is a draw.
    fn by_count(&self, rule: &'static str) -> End {
        let (b, w) = (self.pieces(0), self.pieces(1));
        End {
            rule,
            winner: match b.cmp(&w) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            },
        }
    }

    /// R15.
    fn barrier(&self) -> Option<End> {
        let has = |p: Side| match self.rules.barrier {
            1 => self.wall(p),
            2 => self.line(p),
            _ => false,
        };
        (has(0) || has(1)).then(|| self.by_count("barrier"))
    }

    /// R15a.
    fn wall(&self, me: Side) -> bool {
        let them = 1 - me;
        let mut reach: Vec<bool> = self.board.iter().map(|&p| p == Some(them)).collect();
        if !reach.contains(&true) {
            return false;
        }
        let mut stack: Vec<usize> = (0..reach.len()).filter(|&s| reach[s]).collect();
        while let Some(s) = stack.pop() {
            for t in self.rules.neighbours(s) {
                if !reach[t] && self.board[t] != Some(me) {
                    reach[t] = true;
                    stack.push(t);
                }
            }
        }
        let wall: Vec<bool> = (0..reach.len())
            .map(|s| {
                self.board[s] == Some(me) && self.rules.neighbours(s).iter().any(|&t| reach[t])
            })
            .collect();
        let behind = |s: usize| !reach[s] && !wall[s];
        (0..reach.len()).any(behind)
            && (0..reach.len())
                .filter(|&s| wall[s])
                .all(|s| self.rules.neighbours(s).into_iter().any(behind))
    }

    /// R15b.
    fn line(&self, me: Side) -> bool {
        let n = self.rules.n;
        let them: Vec<usize> = (0..self.board.len())
            .filter(|&s| self.board[s] == Some(1 - me))
            .collect();
        if them.is_empty() {
            return false;
        }
        (1..n - 1).any(|k| {
            let rank = (0..n).all(|f| self.board[k * n + f] == Some(me))
                && (them.iter().all(|&s| s / n < k) || them.iter().all(|&s| s / n > k));
            let file = (0..n).all(|r| self.board[r * n + k] == Some(me))
                && (them.iter().all(|&s| s % n < k) || them.iter().all(|&s| s % n > k));
            rank || file
        })
    }

    /// R16, after a pass: the game ends when the passer's opponent has no turn that leaves the
    /// passer a step or ends the game.
    fn blocked(&self) -> Option<End> {
        let passer = self.passer?;
        if !self.rules.blocked_open {
            return None;
        }
        // A pass never opens (and both sides cannot be without a step: some empty square
        // borders a piece of the side that did not pass).
        let opens = self.has_step(self.to_move)
            && self
                .turns_of_position()
                .iter()
                .any(|t| t.after.end.is_some() || t.after.has_step(passer));
        (!opens).then(|| self.by_count("blocked"))
    }

    /// The limit: this many movement turns in a row without a capture.
    fn limit(&self) -> Option<End> {
        let n = self.rules.limit?;
        (self.quiet >= u32::from(n)).then(|| self.by_count("limit"))
    }
}
