//! Ludii's Seega as the issue states it, modelled here square by square and independently of
//! the engine: random games of every board size are played on the model and written as trial
//! files, with every capture and legal move count the model finds. The import must agree with
//! each of them, and must find the one capture or count changed in a copy.

use seega::notation::LineIndex;
use seega::tools::ludii;

/// A small deterministic generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One Ludii move of the model: a placement on a cell, a step, or a pass.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Move {
    Place(usize),
    Step(usize, usize),
    Pass,
}

/// A game of Ludii's Seega on an N×N board, cells numbered N × row + column from the bottom
/// left, players 1 and 2.
struct Model {
    n: usize,
    cells: Vec<u8>,
    hand: [usize; 3],
    mover: u8,
    /// Whether the mover has placed the first piece of its turn.
    half: bool,
    lines: Vec<String>,
    counts: Vec<usize>,
    winner: Option<u8>,
}

impl Model {
    fn new(n: usize) -> Model {
        let each = (n * n - 1) / 2;
        Model {
            n,
            cells: vec![0; n * n],
            hand: [0, each, each],
            mover: 1,
            half: false,
            lines: Vec::new(),
            counts: Vec::new(),
            winner: None,
        }
    }

    fn centre(&self) -> usize {
        self.n * (self.n / 2) + self.n / 2
    }

    /// The cell `k` steps in direction `(dr, dc)` from `c`, when on the board.
    fn along(&self, c: usize, (dr, dc): (i64, i64), k: i64) -> Option<usize> {
        let n = self.n as i64;
        let (r, f) = ((c as i64) / n + dr * k, (c as i64) % n + dc * k);
        ((0..n).contains(&r) && (0..n).contains(&f)).then(|| (r * n + f) as usize)
    }

    /// The legal moves of the mover: one cell at a time while its hand holds pieces (never the
    /// centre), else every step onto an empty neighbour, else the pass.
    fn legal(&self) -> Vec<Move> {
        let me = self.mover;
        if self.hand[usize::from(me)] > 0 {
            return (0..self.cells.len())
                .filter(|&c| self.cells[c] == 0 && c != self.centre())
                .map(Move::Place)
                .collect();
        }
        let mut steps = Vec::new();
        for c in (0..self.cells.len()).filter(|&c| self.cells[c] == me) {
            for d in DIRECTIONS {
                if let Some(t) = self.along(c, d, 1).filter(|&t| self.cells[t] == 0) {
                    steps.push(Move::Step(c, t));
                }
            }
        }
        if steps.is_empty() {
            steps.push(Move::Pass);
        }
        steps
    }

    /// What a step to `to` removes: each enemy next to it with a piece of the mover beyond,
    /// the centre like any other cell.
    fn captures(&self, from: usize, to: usize) -> Vec<usize> {
        let (me, other) = (self.mover, 3 - self.mover);
        let mut cells = self.cells.clone();
        cells[from] = 0;
        cells[to] = me;
        DIRECTIONS
            .into_iter()
            .filter_map(|d| {
                let next = self.along(to, d, 1)?;
                let beyond = self.along(to, d, 2)?;
                (cells[next] == other && cells[beyond] == me).then_some(next)
            })
            .collect()
    }

    fn play(&mut self, mv: Move) {
        self.counts.push(self.legal().len());
        let me = self.mover;
        let hand = self.n * self.n + usize::from(me) - 1;
        let line = match mv {
            Move::Place(c) => {
                self.cells[c] = me;
                self.hand[usize::from(me)] -= 1;
                let first = !self.half;
                self.half = first;
                let next = if first {
                    format!(",[SetNextPlayer:player={me}]")
                } else {
                    String::new()
                };
                let line = format!(
                    "Move=[Move:mover={me},from={hand},to={c},actions=[Move:typeFrom=Cell,from={hand},typeTo=Cell,to={c},decision=true]{next}]"
                );
                self.lines.push(line);
                if first {
                    return;
                }
                String::new()
            }
            Move::Step(f, t) => {
                let caps = self.captures(f, t);
                self.cells[f] = 0;
                self.cells[t] = me;
                let mut actions =
                    format!("[Move:typeFrom=Cell,from={f},typeTo=Cell,to={t},decision=true]");
                for c in caps {
                    self.cells[c] = 0;
                    actions.push_str(&format!(",[Remove:type=Cell,to={c}]"));
                }
                format!("Move=[Move:mover={me},from={f},to={t},actions={actions}]")
            }
            Move::Pass => format!("Move=[Move:mover={me},actions=[Pass:decision=true]]"),
        };
        if !line.is_empty() {
            self.lines.push(line);
        }
        self.mover = 3 - me;
        let placing = self.hand[1] + self.hand[2] > 0;
        if !placing && !self.cells.contains(&self.mover) {
            self.winner = Some(me);
        }
    }

    /// The trial file, ended by the winner or by Ludii's move limit.
    fn text(&self) -> String {
        let n = self.n;
        let cells = n * n;
        let each = (cells - 1) / 2;
        let mut out = vec![
            "game=../Common/res/lud/board/war/custodial/Seega.lud".to_owned(),
            "START GAME OPTIONS".to_owned(),
        ];
        if n != 5 {
            out.push(format!("Board Size/{n}x{n}"));
        }
        out.push("END GAME OPTIONS".to_owned());
        for (p, site) in [(1, cells), (2, cells + 1)] {
            out.push(format!(
                "Move=[Move:mover=0,from={site},to={site},actions=[Add:type=Cell,to={site},what={p},count={each}]]"
            ));
        }
        out.extend(self.lines.iter().cloned());
        out.extend(
            self.counts
                .iter()
                .map(|c| format!("LEGAL MOVES LIST SIZE = {c}")),
        );
        out.push("numInitialPlacementMoves=2".to_owned());
        match self.winner {
            Some(w) => out.push(format!("winner={w}\nendtype=NaturalEnd")),
            None => out.push("winner=0\nendtype=MoveLimit".to_owned()),
        }
        out.push("LUDII_VERSION=1.3.0".to_owned());
        out.join("\n") + "\n"
    }
}

const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// A random game on `n`×`n`, taking a capture when one exists with probability `greedy`/4, up
/// to `limit` moves.
fn random_game(n: usize, seed: u64, greedy: usize, limit: usize) -> Model {
    let mut rng = Rng(seed);
    let mut m = Model::new(n);
    while m.winner.is_none() && m.lines.len() < limit {
        let mut legal = m.legal();
        if let Move::Step(..) = legal[0] {
            let captures: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&mv| matches!(mv, Move::Step(f, t) if !m.captures(f, t).is_empty()))
                .collect();
            if !captures.is_empty() && rng.below(4) < greedy {
                legal = captures;
            }
        }
        let mv = legal[rng.below(legal.len())];
        m.play(mv);
    }
    m
}

#[test]
fn random_trials_of_every_size_import_with_every_capture_and_count() {
    let (mut games, mut moves, mut passes, mut centre) = (0, 0, 0, 0);
    for (n, count, limit) in [(5, 60, 400), (7, 20, 1200), (9, 8, 2500)] {
        for seed in 0..count {
            let m = random_game(n, seed, (seed % 4) as usize, limit);
            let text = m.text();
            let checked = ludii::check(&text);
            assert!(
                checked.is_valid() && checked.problems.is_empty(),
                "{n}×{n}, seed {seed}: {:?}\n{text}",
                checked.problems
            );
            games += 1;
            moves += m.lines.len();
            passes += text.matches("[Pass:").count();
            let c = m.n * (m.n / 2) + m.n / 2;
            centre += usize::from(text.contains(&format!("[Remove:type=Cell,to={c}]")));
        }
    }
    eprintln!(
        "{games} games, {moves} Ludii moves, {passes} passes, {centre} with a capture on the centre"
    );
    // The games reach what the rules are about: passes and captures on the centre.
    assert!(
        passes > 10 && centre > 40,
        "{games} games: {passes} passes, {centre} centre"
    );
    assert!(moves > 30_000, "{moves} moves");
}

#[test]
fn one_capture_or_count_changed_is_found_at_its_move() {
    let m = random_game(5, 3, 3, 400);
    let text = m.text();
    let lines: Vec<&str> = text.lines().collect();
    let first_move = lines.iter().position(|l| l.starts_with("Move=")).unwrap() + 2;
    let first_count = lines.iter().position(|l| l.starts_with("LEGAL")).unwrap();
    let mut found = 0;
    for (i, line) in lines.iter().enumerate() {
        // A removal dropped.
        let changed = if let Some(at) = line.find(",[Remove:") {
            let end = at + line[at + 1..].find(']').unwrap() + 2;
            format!("{}{}", &line[..at], &line[end..])
        } else if let Some(count) = line.strip_prefix("LEGAL MOVES LIST SIZE = ") {
            let count: usize = count.parse().unwrap();
            format!("LEGAL MOVES LIST SIZE = {}", count + 1)
        } else {
            continue;
        };
        let mut copy = lines.clone();
        copy[i] = &changed;
        let copy = copy.join("\n");
        let checked = ludii::check(&copy);
        let first = checked.problems.first().expect("a problem");
        let at = LineIndex::new(&copy).line_col(&copy, first.span.start).line - 1;
        if i >= first_count {
            assert_eq!(first.code.as_str(), "seega::ludii::count");
            assert_eq!(at, first_move + (i - first_count), "count line {}", i + 1);
        } else {
            assert_eq!(first.code.as_str(), "seega::ludii::capture");
            assert_eq!(at, i, "move line {}", i + 1);
        }
        found += 1;
    }
    assert!(found > 50, "{found} changes");
}
