//! A position: the board, the pieces in hand, the side to move and the rules in force.

use super::bitboard::Bitboard;
use super::ruleset::Ruleset;
use super::setup::{Setup, SetupText};
use crate::board::{Color, Size, Square};

/// The two phases of a game (rules R3 and R5).
///
/// ```
/// use seega::{GameState, Phase, Ruleset};
///
/// let game = GameState::new(Ruleset::parse("standard").unwrap());
/// assert_eq!((game.phase(), game.position().phase()), (Phase::Placement, Phase::Placement));
/// assert_eq!((Phase::Placement.as_str(), Phase::Movement.as_str()), ("placement", "movement"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Pieces are still in hand and are put on the board two at a time.
    Placement,
    /// Every piece is on the board and pieces step.
    Movement,
}

impl Phase {
    /// `placement` or `movement`.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Placement => "placement",
            Phase::Movement => "movement",
        }
    }
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A legal position under a [`Ruleset`].
///
/// Built only by [`Position::new`] (the empty board of a new game), by play, or from a
/// [`Setup`] checked by [`crate::GameState::from_setup`], so that its invariants hold: pieces
/// lie on the board, no square holds both colours, and no side has more pieces than it started
/// with.
///
/// Its questions, asked of a position in the movement phase:
///
/// ```
/// use seega::{Color, GameState, Phase, Ruleset, Size, Square};
///
/// let rules = Ruleset::parse("standard").unwrap();
/// let game = GameState::from_setup(rules, &"5/1b3/1w3/5/1b3 b".parse().unwrap()).unwrap();
/// let mut pos = game.position().clone();
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// assert_eq!((pos.size(), pos.phase()), (Size::FIVE, Phase::Movement));
/// assert_eq!(pos.to_move(), Color::Black);
/// assert_eq!((pos.piece_at(sq("b3")), pos.piece_at(sq("a1"))), (Some(Color::White), None));
/// assert_eq!((pos.material(Color::Black), pos.empty().count()), (2, 22));
/// assert!(pos.has_step() && pos.has_step_for(Color::White));
/// assert!(pos.can_capture() && pos.piece_can_capture(sq("b1")));
/// assert!(!pos.piece_can_capture(sq("b4")));
/// assert!(pos.captures_of_step(sq("b1"), sq("b2")).contains(sq("b3")));
/// assert!(!pos.has_barrier(Color::Black));
///
/// // Every movement of the side to move, by the path of its piece.
/// let mut paths = Vec::new();
/// pos.for_each_turn(&mut |_, path| {
///     paths.push(path.iter().map(|s| s.to_string()).collect::<Vec<_>>().join("-"));
///     true
/// });
/// assert!(paths.contains(&"b1-b2".to_owned()));
///
/// // A pass is refused while a step exists; a movement that takes the last white piece ends
/// // the game.
/// assert!(pos.pass().is_err());
/// let mut mv = pos.begin_move(sq("b1")).unwrap();
/// pos.step(&mut mv, sq("b2")).unwrap();
/// pos.end_move(mv).unwrap();
/// assert_eq!(pos.outcome_after_turn(false).map(|o| o.winner), Some(Some(Color::Black)));
///
/// // Placements, in a new game.
/// let mut start = seega::Position::new(rules);
/// start.place(sq("a1"), sq("b1")).unwrap();
/// assert!(start.place(sq("c3"), sq("d1")).is_err()); // the centre stays empty
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) rules: Ruleset,
    pub(crate) pieces: [Bitboard; 2],
    pub(crate) hands: [u8; 2],
    pub(crate) to_move: Color,
}

impl Position {
    /// The start of a game: an empty board, full hands, the first placer to move.
    ///
    /// ```
    /// use seega::{Color, Phase, Position, Ruleset};
    ///
    /// let pos = Position::new(Ruleset::parse("seesa")?);
    /// assert_eq!(pos.phase(), Phase::Placement);
    /// assert_eq!(pos.in_hand(Color::Black), 24);
    /// assert_eq!(pos.to_setup_string(), "7/7/7/7/7/7/7 w 24/24");
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    pub fn new(rules: Ruleset) -> Position {
        let n = rules.size.pieces_per_side();
        Position {
            rules,
            pieces: [Bitboard::EMPTY; 2],
            hands: [n, n],
            to_move: rules.first_placer,
        }
    }

    /// The rules in force.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.rules.size
    }

    /// The side whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The pieces of `color` on the board.
    pub fn pieces(&self, color: Color) -> Bitboard {
        self.pieces[color.index()]
    }

    /// All pieces on the board.
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// The empty squares of the board.
    pub fn empty(&self) -> Bitboard {
        Bitboard::full(self.size()) & !self.occupied()
    }

    /// Pieces of `color` still in hand.
    pub fn in_hand(&self, color: Color) -> u8 {
        self.hands[color.index()]
    }

    /// Pieces of `color` on the board and in hand.
    pub fn material(&self, color: Color) -> u32 {
        self.pieces(color).count() + self.in_hand(color) as u32
    }

    /// The colour of the piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        if self.pieces[0].contains(sq) {
            Some(Color::Black)
        } else if self.pieces[1].contains(sq) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        if self.hands == [0, 0] {
            Phase::Movement
        } else {
            Phase::Placement
        }
    }

    /// The board as rows of squares, the top rank first and each from file `a`: the piece on
    /// each square, if any (as the position string reads them).
    ///
    /// ```
    /// use seega::{Color, GameState, Ruleset};
    ///
    /// let game = GameState::from_setup(Ruleset::parse("standard")?, &"b4/5/5/5/4w w".parse()?)?;
    /// let rows = game.position().rows();
    /// assert_eq!(rows[0][0], Some(Color::Black)); // a5
    /// assert_eq!(rows[4][4], Some(Color::White)); // e1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rows(&self) -> Vec<Vec<Option<Color>>> {
        let n = self.size().get();
        (0..n)
            .rev()
            .map(|rank| {
                (0..n)
                    .map(|file| self.piece_at(Square::new(file, rank)))
                    .collect()
            })
            .collect()
    }

    /// The setup of the position: its board, side to move and hands, and no game-level state
    /// (a [`Position`] keeps none; [`crate::GameState::setup`] adds the game's).
    ///
    /// ```
    /// use seega::{Position, Ruleset};
    ///
    /// let setup = Position::new(Ruleset::parse("standard")?).setup();
    /// assert_eq!(setup.in_hand, [12, 12]);
    /// assert!(!setup.opening_owed);
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    pub fn setup(&self) -> Setup {
        Setup {
            size: self.size(),
            pieces: self.pieces,
            to_move: self.to_move,
            in_hand: self.hands,
            opening_owed: false,
            quiet_turns: 0,
        }
    }

    /// The position string ([`Setup`]'s form): ranks from the top, `/` between them, the side
    /// to move, then the pieces in hand when a side has any.
    ///
    /// ```
    /// use seega::{Position, Ruleset};
    ///
    /// let pos = Position::new(Ruleset::parse("standard")?);
    /// assert_eq!(pos.to_setup_string(), "5/5/5/5/5 b 12/12");
    /// # Ok::<(), seega::RulesError>(())
    /// ```
    pub fn to_setup_string(&self) -> String {
        self.setup_text().as_str().to_owned()
    }

    /// [`Position::to_setup_string`] in a buffer of fixed size, without allocating.
    #[inline]
    pub(crate) fn setup_text(&self) -> SetupText {
        self.setup_text_with(false, 0)
    }

    /// The position string of a game at this position whose side to move owes an opening
    /// (`opening_owed`) and that has counted `quiet_turns` toward a limit, without allocating
    /// ([`crate::GameState::setup`]'s string).
    #[inline]
    pub(crate) fn setup_text_with(&self, opening_owed: bool, quiet_turns: u16) -> SetupText {
        let mut t = SetupText::board(self.size(), self.pieces, self.to_move);
        t.game_fields(self.hands, opening_owed, quiet_turns);
        t
    }
}
