//! Playing turns: placements (R3–R4), steps and chains (R5–R10), passes (R11–R12).

use super::bitboard::Bitboard;
use super::kernel::{self, B9, Board, Word, with_board};
use super::position::{Phase, Position};
use super::ruleset::Chain;
use super::square::{Color, Square};

/// Why a turn, or one step of it, is illegal. Each variant is one rule of `spec/rules.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum IllegalTurn {
    /// A square lies off the board of this game (R1).
    #[error("{0} is not on this board")]
    OffBoard(Square),
    /// A turn of the wrong kind for the phase (R3, R5).
    #[error("a {found} turn in the {phase} phase")]
    WrongPhase {
        /// The phase the game is in.
        phase: Phase,
        /// The kind of turn written: `placement`, `movement` or `pass`.
        found: &'static str,
    },
    /// Both pieces of a placement on one square (R4).
    #[error("both pieces are placed on {0}")]
    PlaceSame(Square),
    /// A placement on the centre (R4).
    #[error("pieces may not be placed on the centre {0}")]
    PlaceCentre(Square),
    /// A placement on an occupied square (R4).
    #[error("{0} is already occupied")]
    PlaceOccupied(Square),
    /// A move starts from an empty square (R5).
    #[error("there is no piece on {0}")]
    MoveEmpty(Square),
    /// A move starts from an enemy piece (R5).
    #[error("the piece on {0} belongs to the opponent")]
    MoveEnemy(Square),
    /// A step goes diagonally (R6).
    #[error("{from}-{to} is a diagonal step")]
    MoveDiagonal {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// A step goes further than one square (R6).
    #[error("{from}-{to} is not a step to a neighbouring square")]
    MoveFar {
        /// Start of the step.
        from: Square,
        /// End of the step.
        to: Square,
    },
    /// A step onto an occupied square (R6).
    #[error("{0} is occupied")]
    MoveOccupied(Square),
    /// A second step where the chain mode allows none, or after a step that captured nothing (R9).
    #[error("the piece may not go on: {0}")]
    ChainOn(&'static str),
    /// A capture was compulsory and was not made (R10).
    #[error("capture is compulsory: {0}")]
    Forced(&'static str),
    /// A pass while a step exists (R11).
    #[error("a pass while {0} has a legal step")]
    PassIllegal(Color),
    /// The turn after a pass leaves the passer still without a step (R12).
    #[error("this turn leaves {0}, who passed, still without a legal step")]
    NoOpening(Color),
}

/// A movement turn under way: the moving piece, where it stands, and how its steps went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    at: Square,
    steps: u32,
    last_captured: bool,
}

impl Move {
    /// Where the moving piece stands now.
    pub fn at(&self) -> Square {
        self.at
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }
}

impl Position {
    fn expect_phase(&self, phase: Phase, found: &'static str) -> Result<(), IllegalTurn> {
        if self.phase() == phase {
            Ok(())
        } else {
            Err(IllegalTurn::WrongPhase {
                phase: self.phase(),
                found,
            })
        }
    }

    fn on_board(&self, sq: Square) -> Result<(), IllegalTurn> {
        if self.size().contains(sq) {
            Ok(())
        } else {
            Err(IllegalTurn::OffBoard(sq))
        }
    }

    /// Places two pieces of the side to move on `a` and `b` (R3, R4).
    pub fn place(&mut self, a: Square, b: Square) -> Result<(), IllegalTurn> {
        self.on_board(a)?;
        self.on_board(b)?;
        self.expect_phase(Phase::Placement, "placement")?;
        let centre = self.size().centre();
        let occupied = self.occupied().0;
        let (bit_a, bit_b) = (1u128 << a.index(), 1u128 << b.index());
        for (sq, bit) in [(a, bit_a), (b, bit_b)] {
            if sq == centre {
                return Err(IllegalTurn::PlaceCentre(sq));
            }
            if occupied & bit != 0 {
                return Err(IllegalTurn::PlaceOccupied(sq));
            }
        }
        if a == b {
            return Err(IllegalTurn::PlaceSame(a));
        }
        let me = self.to_move;
        let hand = &mut self.hands[me.index()];
        *hand = hand.saturating_sub(2);
        self.pieces[me.index()].0 |= bit_a | bit_b;
        self.to_move = if self.phase() == Phase::Movement {
            self.rules.first_mover
        } else {
            me.other()
        };
        Ok(())
    }

    /// Starts a movement turn with the piece on `from` (R5).
    pub fn begin_move(&self, from: Square) -> Result<Move, IllegalTurn> {
        self.on_board(from)?;
        self.expect_phase(Phase::Movement, "movement")?;
        match self.piece_at(from) {
            None => Err(IllegalTurn::MoveEmpty(from)),
            Some(c) if c != self.to_move => Err(IllegalTurn::MoveEnemy(from)),
            Some(_) => Ok(Move {
                at: from,
                steps: 0,
                last_captured: false,
            }),
        }
    }

    /// The enemy pieces a step from `from` to the empty neighbour `to` would capture (R7, R8).
    pub fn captures_of_step(&self, from: Square, to: Square) -> Bitboard {
        let pieces = [self.pieces[0].0, self.pieces[1].0];
        let (f, t) = (from.index(), to.index());
        let on_board = with_board!(self.size(), B => kernel::captures_of_step::<B>(f, t, pieces));
        Bitboard(on_board.unwrap_or_else(|| self.captures_off_board(from, to)))
    }

    /// [`Position::captures_of_step`] for a `to` off the board, which no caller asks for: the
    /// 9×9 kernel's file masks keep every shift on its rank, so the pieces of this board next to
    /// `to` are still found as the rule says.
    fn captures_off_board(&self, from: Square, to: Square) -> u128 {
        let Some(me) = self.piece_at(from) else {
            return 0;
        };
        let mine = self.pieces(me).0;
        let mut theirs = self.pieces(me.other());
        theirs.remove(self.size().centre());
        kernel::captures::<B9>(1u128 << to.index(), mine, theirs.0)
    }

    /// Whether a piece of `me` standing on a square of `from` has a step that captures.
    fn capture_from(&self, me: Color, from: Bitboard) -> bool {
        let (mine, theirs) = (self.pieces(me).0, self.pieces(me.other()).0);
        with_board!(self.size(), B => kernel::can_capture_from::<B>(from.0, mine, theirs))
    }

    /// Whether the piece on `at` has a step that captures.
    pub fn piece_can_capture(&self, at: Square) -> bool {
        match self.piece_at(at) {
            Some(me) => self.capture_from(me, Bitboard::from_square(at)),
            None => false,
        }
    }

    /// Whether any piece of the side to move has a step that captures.
    pub fn can_capture(&self) -> bool {
        self.capture_from(self.to_move, self.pieces(self.to_move))
    }

    /// Whether the side to move has any step at all (R11).
    pub fn has_step(&self) -> bool {
        self.has_step_for(self.to_move)
    }

    /// Whether `color` would have a step if it were its turn.
    pub fn has_step_for(&self, color: Color) -> bool {
        let (mine, occupied) = (self.pieces(color).0, self.occupied().0);
        with_board!(self.size(), B => kernel::has_step::<B>(mine, occupied))
    }

    /// Takes one step of `mv` to `to`, returning what it captured (R6–R10).
    pub fn step(&mut self, mv: &mut Move, to: Square) -> Result<Bitboard, IllegalTurn> {
        with_board!(self.size(), B => self.step_on::<B>(mv, to))
    }

    /// [`Position::step`] on the words of board `B`, the board of this position.
    fn step_on<B: Board>(&mut self, mv: &mut Move, to: Square) -> Result<Bitboard, IllegalTurn> {
        let zero = <B::W as Word>::ZERO;
        // Every index below 81 past the word's end is off the smaller boards too.
        let bit_to = B::W::bit(to.index()) & B::FULL;
        if bit_to == zero {
            return Err(IllegalTurn::OffBoard(to));
        }
        let from = mv.at;
        if mv.steps > 0 {
            match self.rules.chain {
                Chain::None => {
                    return Err(IllegalTurn::ChainOn("these rules allow one step per turn"));
                }
                _ if !mv.last_captured => {
                    return Err(IllegalTurn::ChainOn(
                        "a piece goes on only after a step that captured",
                    ));
                }
                _ => {}
            }
        }
        let d = to.index() as i32 - from.index() as i32;
        let next_to = d == 9 || d == -9 || ((d == 1 || d == -1) && from.rank() == to.rank());
        if !next_to {
            let df = (from.file() as i8 - to.file() as i8).abs();
            let dr = (from.rank() as i8 - to.rank() as i8).abs();
            return Err(if df == 1 && dr == 1 {
                IllegalTurn::MoveDiagonal { from, to }
            } else {
                IllegalTurn::MoveFar { from, to }
            });
        }
        let a = B::W::narrow(self.pieces[0].0);
        let b = B::W::narrow(self.pieces[1].0);
        if (a | b) & bit_to != zero {
            return Err(IllegalTurn::MoveOccupied(to));
        }
        // The captures of the piece on `from`, whichever side it belongs to (R7, R8).
        let bit_from = B::W::bit(from.index());
        let captured = if a & bit_from != zero {
            kernel::captures::<B>(bit_to, a, b & !B::CENTRE)
        } else if b & bit_from != zero {
            kernel::captures::<B>(bit_to, b, a & !B::CENTRE)
        } else {
            zero
        };
        if captured == zero {
            if mv.steps > 0 && self.rules.chain == Chain::Capture {
                return Err(IllegalTurn::ChainOn(
                    "under chain=capture every further step must capture",
                ));
            }
            if self.rules.forced {
                if mv.steps == 0 && self.can_capture() {
                    return Err(IllegalTurn::Forced("a capturing step is available"));
                }
                if mv.steps > 0 && self.piece_can_capture(from) {
                    return Err(IllegalTurn::Forced(
                        "the moving piece has a capturing step and must take it",
                    ));
                }
            }
        }
        // The pieces lie on the board, inside the word: widening gives them back whole.
        let me = self.to_move.index();
        let mine = B::W::narrow(self.pieces[me].0) & !bit_from | bit_to;
        self.pieces[me].0 = mine.widen();
        self.pieces[1 - me].0 = (B::W::narrow(self.pieces[1 - me].0) & !captured).widen();
        mv.at = to;
        mv.steps += 1;
        mv.last_captured = captured != zero;
        Ok(Bitboard(captured.widen()))
    }

    /// Whether `mv` may take another step, and whether it must (R9, R10).
    #[inline]
    pub fn continuation(&self, mv: &Move) -> (bool, bool) {
        if mv.steps == 0 {
            return (true, true);
        }
        if self.rules.chain == Chain::None || !mv.last_captured {
            return (false, false);
        }
        self.continuation_after_capture(mv)
    }

    /// [`Position::continuation`] after a capturing step under a chain mode, kept out of line so
    /// that the common case (no capture) stays small.
    #[inline(never)]
    fn continuation_after_capture(&self, mv: &Move) -> (bool, bool) {
        let can_capture = self.piece_can_capture(mv.at);
        let may = match self.rules.chain {
            Chain::Any => {
                let (at, occupied) = (Bitboard::from_square(mv.at).0, self.occupied().0);
                with_board!(self.size(), B => kernel::has_empty_neighbour::<B>(at, occupied))
            }
            _ => can_capture,
        };
        (may, self.rules.forced && can_capture)
    }

    /// Ends a movement turn (R10): the move must not stop while a capture is compulsory.
    pub fn end_move(&mut self, mv: Move) -> Result<(), IllegalTurn> {
        if mv.steps == 0 {
            return Err(IllegalTurn::ChainOn("a move takes at least one step"));
        }
        if self.continuation(&mv).1 {
            return Err(IllegalTurn::Forced(
                "the moving piece can capture again and must go on",
            ));
        }
        self.to_move = self.to_move.other();
        Ok(())
    }

    /// Passes: legal only for a side in the movement phase without any step (R11).
    pub fn pass(&mut self) -> Result<(), IllegalTurn> {
        self.expect_phase(Phase::Movement, "pass")?;
        if self.has_step() {
            return Err(IllegalTurn::PassIllegal(self.to_move));
        }
        self.to_move = self.to_move.other();
        Ok(())
    }
}
