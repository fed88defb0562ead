//! Bit kernels sized to the board: the inner loops of the engine (spreads, captures, barrier
//! tests) on a `u64` for boards up to 7×7 and on a `u128` for 9×9.
//!
//! Squares keep the layout of [`super::Bitboard`] (bit `rank * 9 + file`), so a 7×7 board ends
//! at bit 60 and narrowing a board's bitboard to `u64` loses nothing. Each kernel is generic over
//! a [`Board`] and called through [`with_board!`], which picks the board type from the size at
//! run time; the compiler then folds the board's masks into the code.
//!
//! Every kernel takes bitboards that lie on the board (as a [`super::Position`]'s pieces always
//! do) and is checked against a plain square-by-square version in `tests/engine_reference.rs`.

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

use super::bitboard::{FILE_A, full_mask};

/// An unsigned word holding the squares of a board.
pub(crate) trait Word:
    std::fmt::Debug
    + Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// No squares.
    const ZERO: Self;
    /// The low bits of a `u128` bitboard (all of them for the board's own squares).
    fn narrow(x: u128) -> Self;
    /// Back to a `u128` bitboard.
    fn widen(self) -> u128;
    /// The word with only bit `i` set, or no bit when `i` is past the word's end.
    fn bit(i: usize) -> Self;
    /// The number of bits set.
    fn count(self) -> u32;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn narrow(x: u128) -> u64 {
        x as u64
    }
    #[inline(always)]
    fn widen(self) -> u128 {
        self as u128
    }
    #[inline(always)]
    fn bit(i: usize) -> u64 {
        1u64.checked_shl(i as u32).unwrap_or(0)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    #[inline(always)]
    fn narrow(x: u128) -> u128 {
        x
    }
    #[inline(always)]
    fn widen(self) -> u128 {
        self
    }
    #[inline(always)]
    fn bit(i: usize) -> u128 {
        1u128.checked_shl(i as u32).unwrap_or(0)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
}

/// The inner lines of an `n`×`n` board for the line barrier (R15b): for each inner rank and
/// file `k` (1 ≤ k ≤ n−2), the line itself, the squares on its low side and those on its high
/// side.
const fn lines<const L: usize>(n: u32) -> [(u128, u128, u128); L] {
    let full = full_mask(n);
    let mut out = [(0u128, 0u128, 0u128); L];
    let mut k = 1;
    let mut i = 0;
    while k + 1 < n {
        let rank_on = ((1u128 << n) - 1) << (9 * k);
        let rank_low = full & ((1u128 << (9 * k)) - 1);
        out[i] = (rank_on, rank_low, full & !rank_on & !rank_low);
        let file_on = (FILE_A << k) & full;
        let file_low = FILE_A.wrapping_mul((1u128 << k) - 1) & full;
        out[i + 1] = (file_on, file_low, full & !file_on & !file_low);
        i += 2;
        k += 1;
    }
    out
}

/// A board size as a type: its word and masks.
pub(crate) trait Board {
    /// The word that holds its squares.
    type W: Word + 'static;
    /// Its squares.
    const FULL: Self::W;
    /// The squares that may shift one file towards `i` without wrapping onto the next rank: all
    /// but file `i` on 9×9; every square on smaller boards, where a shift from the last file
    /// lands on file n (and one towards `a` from file `a` on file `i` of the rank below), off
    /// the board, and every use intersects the result with squares of the board.
    const NOT_LAST: Self::W;
    /// The same for shifts towards file `a`.
    const NOT_FIRST: Self::W;
    /// The inner lines, as in [`lines`].
    const LINES: &'static [(u128, u128, u128)];
    /// The centre square, whose piece cannot be captured under `centre=immune` (R8).
    const CENTRE: Self::W;
    /// Each square's own bit when it lies on the board (no bit otherwise), by square index
    /// (for all 256 values a [`super::Square`]'s index can take): one load instead of a shift
    /// and a test of the word's width.
    const BIT: &'static [Self::W; 256];
    /// The squares of the board next to each square, by square index as in [`Board::BIT`].
    const NEXT: &'static [Self::W; 256];
    /// The squares of the board two squares away from each square in a straight line (past a
    /// neighbour, in one of the four directions), by square index as in [`Board::BIT`].
    const JUMP: &'static [Self::W; 256];
    /// For each square of the board, by square index as in [`Board::BIT`], and each direction
    /// (up, right, down, left): its neighbour that way and the neighbour's own neighbours, or
    /// the whole board when there is no neighbour that way (no squares for an index off the
    /// board). What [`witness_holds`] looks at.
    const CLOSE: &'static [[Self::W; 4]; 256];
    /// Whether the wall tests look at a witness first ([`has_wall_seen`]): on 7×7 and 9×9,
    /// where it saves time; on 5×5 a spread of the board costs less time than the witness's
    /// loads and tests (checking the standard archive took 14 % longer with a witness, for
    /// fewer instructions).
    const WITNESS: bool;
}

/// The squares of an `n`×`n` board as in [`Board::BIT`] (`reach` 0), [`Board::NEXT`]
/// (`reach` 1) or [`Board::JUMP`] (`reach` 2, no squares for an index off the board).
const fn square_words(n: u32, reach: u32) -> [u128; 256] {
    let full = full_mask(n);
    let mut out = [0u128; 256];
    let mut i = 0;
    while i < 81 {
        let b = 1u128 << i;
        let (file, rank) = (i as u32 % 9, i as u32 / 9);
        out[i] = match reach {
            0 => b & full,
            1 => (b << 9 | b >> 9 | (b & !(FILE_A << 8)) << 1 | (b & !FILE_A) >> 1) & full,
            _ if b & full == 0 => 0,
            _ => {
                let mut w = 0u128;
                if file + 2 < n {
                    w |= b << 2;
                }
                if file >= 2 {
                    w |= b >> 2;
                }
                if rank + 2 < n {
                    w |= b << 18;
                }
                if rank >= 2 {
                    w |= b >> 18;
                }
                w
            }
        };
        i += 1;
    }
    out
}

/// The squares of an `n`×`n` board as in [`Board::CLOSE`].
const fn close_words(n: u32) -> [[u128; 4]; 256] {
    let full = full_mask(n);
    let next = square_words(n, 1);
    let mut out = [[0u128; 4]; 256];
    let mut i: usize = 0;
    while i < 81 {
        let (file, rank) = (i as u32 % 9, i as u32 / 9);
        if file < n && rank < n {
            // Up, right, down, left, and whether the neighbour that way is on the board.
            let ways = [
                (i + 9, rank + 1 < n),
                (i + 1, file + 1 < n),
                (i.wrapping_sub(9), rank > 0),
                (i.wrapping_sub(1), file > 0),
            ];
            let mut d = 0;
            while d < 4 {
                let (q, on) = ways[d];
                out[i][d] = if on { (1u128 << q) | next[q] } else { full };
                d += 1;
            }
        }
        i += 1;
    }
    out
}

/// [`close_words`] of a board of at most 7×7, whose squares all lie below bit 64.
const fn narrow_close(words: [[u128; 4]; 256]) -> [[u64; 4]; 256] {
    let mut out = [[0u64; 4]; 256];
    let mut i = 0;
    while i < 256 {
        let mut d = 0;
        while d < 4 {
            out[i][d] = words[i][d] as u64;
            d += 1;
        }
        i += 1;
    }
    out
}

/// [`square_words`] of a board of at most 7×7, whose squares all lie below bit 64.
const fn narrow_words(words: [u128; 256]) -> [u64; 256] {
    let mut out = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        out[i] = words[i] as u64;
        i += 1;
    }
    out
}

/// The 5×5 board.
pub(crate) struct B5;
/// The 7×7 board.
pub(crate) struct B7;
/// The 9×9 board.
pub(crate) struct B9;

impl Board for B5 {
    type W = u64;
    const FULL: u64 = full_mask(5) as u64;
    const NOT_LAST: u64 = !0;
    const NOT_FIRST: u64 = !0;
    const LINES: &'static [(u128, u128, u128)] = &lines::<6>(5);
    const CENTRE: u64 = 1 << (2 * 9 + 2);
    const BIT: &'static [u64; 256] = &narrow_words(square_words(5, 0));
    const NEXT: &'static [u64; 256] = &narrow_words(square_words(5, 1));
    const JUMP: &'static [u64; 256] = &narrow_words(square_words(5, 2));
    const CLOSE: &'static [[u64; 4]; 256] = &narrow_close(close_words(5));
    const WITNESS: bool = false;
}

impl Board for B7 {
    type W = u64;
    const FULL: u64 = full_mask(7) as u64;
    const NOT_LAST: u64 = !0;
    const NOT_FIRST: u64 = !0;
    const LINES: &'static [(u128, u128, u128)] = &lines::<10>(7);
    const CENTRE: u64 = 1 << (3 * 9 + 3);
    const BIT: &'static [u64; 256] = &narrow_words(square_words(7, 0));
    const NEXT: &'static [u64; 256] = &narrow_words(square_words(7, 1));
    const JUMP: &'static [u64; 256] = &narrow_words(square_words(7, 2));
    const CLOSE: &'static [[u64; 4]; 256] = &narrow_close(close_words(7));
    const WITNESS: bool = true;
}

impl Board for B9 {
    type W = u128;
    const FULL: u128 = full_mask(9);
    const NOT_LAST: u128 = !(FILE_A << 8);
    const NOT_FIRST: u128 = !FILE_A;
    const LINES: &'static [(u128, u128, u128)] = &lines::<14>(9);
    const CENTRE: u128 = 1 << (4 * 9 + 4);
    const BIT: &'static [u128; 256] = &square_words(9, 0);
    const NEXT: &'static [u128; 256] = &square_words(9, 1);
    const JUMP: &'static [u128; 256] = &square_words(9, 2);
    const CLOSE: &'static [[u128; 4]; 256] = &close_words(9);
    const WITNESS: bool = true;
}

/// Runs `$body` with `$b` standing for the [`Board`] type of `$size` (a [`super::Size`]).
macro_rules! with_board {
    ($size:expr, $b:ident => $body:expr) => {
        match $size.get() {
            5 => {
                type $b = $crate::engine::kernel::B5;
                $body
            }
            7 => {
                type $b = $crate::engine::kernel::B7;
                $body
            }
            _ => {
                type $b = $crate::engine::kernel::B9;
                $body
            }
        }
    };
}
pub(crate) use with_board;

/// The squares next to some square of `b`, plus (on boards below 9×9) squares off the board:
/// exact once intersected with any set of the board's squares.
#[inline(always)]
pub(crate) fn spread<B: Board>(b: B::W) -> B::W {
    b << 9 | b >> 9 | (b & B::NOT_LAST) << 1 | (b & B::NOT_FIRST) >> 1
}

/// The wall test of R15a for the side owning `mine` against `theirs`.
///
/// R is the set reachable from `theirs` through squares not in `mine`; wall = `mine` ∩ N(R)
/// (N = orthogonal neighbours); behind = board ∖ R ∖ wall. The side has a wall when behind is
/// not empty and wall ⊆ N(behind).
///
/// The flood grows R' ⊆ R round by round and tests both conditions on R' at every round:
/// - every square of N(R) outside R holds a piece of `mine` (an empty or enemy neighbour of R
///   would be reachable, so in R), hence behind = board ∖ (R ∪ N(R)), a subset of
///   behind' = board ∖ (R' ∪ N(R'));
/// - wall' = `mine` ∩ N(R') is a subset of the wall.
///
/// So a wall needs behind' ≠ ∅ and wall' ⊆ wall ⊆ N(behind) ⊆ N(behind'): when either test fails
/// for R' there is no wall. Once R' = R both tests are the rule itself. Most positions fail in the
/// first round, with R' = `theirs`.
#[inline(always)]
pub(crate) fn has_wall<B: Board>(mine: B::W, theirs: B::W) -> bool {
    // The first round, inline: it decides most positions.
    let first = FirstRound::<B>::of(mine, theirs);
    if first.open != B::W::ZERO {
        return false;
    }
    if first.nothing_behind(theirs) {
        return false;
    }
    first.go_on(mine, theirs)
}

/// The first round of [`has_wall`], with R' = `theirs`: its spread, behind' and the pieces of
/// `mine` in wall' that are not next to behind' (`open`).
struct FirstRound<B: Board> {
    spread: B::W,
    behind: B::W,
    open: B::W,
}

impl<B: Board> FirstRound<B> {
    #[inline(always)]
    fn of(mine: B::W, theirs: B::W) -> FirstRound<B> {
        let spread = spread::<B>(theirs);
        let behind = B::FULL & !(theirs | spread);
        FirstRound {
            spread,
            behind,
            open: mine & spread & !self::spread::<B>(behind),
        }
    }

    /// Whether, `open` being empty, the round still shows that there is no wall: behind' is
    /// empty, or so is `theirs`.
    ///
    /// A wall is ruled out by `open` first, on its own: that decides four positions in five
    /// after a move (checking the standard archive). When behind' is empty every square is in
    /// `theirs` or next to it, so every piece of `mine` is next to `theirs` and `open` is all
    /// of `mine`: only a side without pieces gets past that test with behind' empty. The three
    /// tests in one branch, or behind' first, took 3 % more of the time of checking the
    /// standard archive.
    #[inline(always)]
    fn nothing_behind(&self, theirs: B::W) -> bool {
        let zero = B::W::ZERO;
        (self.behind == zero) | (theirs == zero)
    }

    /// The further rounds, when this one did not decide.
    #[inline(always)]
    fn go_on(&self, mine: B::W, theirs: B::W) -> bool {
        let next = theirs | (self.spread & B::FULL & !mine);
        next == theirs || wall_rounds::<B>(mine, next)
    }
}

/// Whether the square of index `w` (any index) shows at once that the side owning `mine` has
/// no wall against `theirs` (not empty): it holds a piece of `mine` next to `theirs` whose every
/// neighbour is in `theirs` or next to it. That piece is in wall' and not next to behind' in
/// the first round of [`has_wall`] (R' = `theirs`), so there is no wall. Table loads only, no
/// spread of the board.
#[inline(always)]
pub(crate) fn witness_holds<B: Board>(mine: B::W, theirs: B::W, w: usize) -> bool {
    let zero = B::W::ZERO;
    let close = &B::CLOSE[w];
    mine & B::BIT[w] != zero
        && B::NEXT[w] & theirs != zero
        && close[0] & theirs != zero
        && close[1] & theirs != zero
        && close[2] & theirs != zero
        && close[3] & theirs != zero
}

/// [`has_wall`], first trying `witness`, a square that showed there was no wall in an earlier
/// position of the game ([`witness_holds`]): most moves leave it as it was. When it no longer
/// shows it, the full test runs and keeps in `witness` a square that does, if it finds one.
#[inline(always)]
pub(crate) fn has_wall_seen<B: Board>(mine: B::W, theirs: B::W, witness: &mut u8) -> bool {
    let zero = B::W::ZERO;
    if B::WITNESS && theirs != zero && witness_holds::<B>(mine, theirs, usize::from(*witness)) {
        return false;
    }
    let first = FirstRound::<B>::of(mine, theirs);
    if first.open != zero {
        // A piece of `mine` in wall' not next to behind': what `witness_holds` looks for.
        if B::WITNESS {
            *witness = first.open.widen().trailing_zeros() as u8;
        }
        return false;
    }
    if first.nothing_behind(theirs) {
        return false;
    }
    first.go_on(mine, theirs)
}

/// The further rounds of [`has_wall`], from `reach` (a non-empty R' ⊆ R).
#[inline(never)]
fn wall_rounds<B: Board>(mine: B::W, mut reach: B::W) -> bool {
    let zero = B::W::ZERO;
    let pass = B::FULL & !mine;
    loop {
        let s = spread::<B>(reach);
        let behind = B::FULL & !(reach | s);
        if behind == zero || mine & s & !spread::<B>(behind) != zero {
            return false;
        }
        let next = reach | (s & pass);
        if next == reach {
            return true;
        }
        reach = next;
    }
}

/// Whether either side has a barrier of kind `line` (else wall), with the pieces of the two
/// sides in `pieces`. Out of line: a small leaf that keeps its callers small.
#[inline(never)]
pub(crate) fn either_barrier<B: Board>(line: bool, pieces: [u128; 2]) -> bool {
    let (a, b) = (B::W::narrow(pieces[0]), B::W::narrow(pieces[1]));
    if line {
        has_line::<B>(a, b) || has_line::<B>(b, a)
    } else {
        has_wall::<B>(a, b) || has_wall::<B>(b, a)
    }
}

/// Whether either side has a wall, with the pieces of the two sides in `pieces` and their
/// witnesses in `witness`, in the same order ([`has_wall_seen`]). Inline: after every capture,
/// a call here cost the fast lane the registers it saves around a call (checking the archive
/// of another writer's style, with 7×7 and 9×9 games, took 2 % longer; the standard archive
/// the same time).
#[inline(always)]
pub(crate) fn either_wall_seen<B: Board>(pieces: [B::W; 2], witness: &mut [u8; 2]) -> bool {
    let [a, b] = pieces;
    let [wa, wb] = witness;
    has_wall_seen::<B>(a, b, wa) || has_wall_seen::<B>(b, a, wb)
}

/// The line test of R15b for the side owning `mine` against `theirs`: an inner rank or file
/// full of `mine` with every piece of `theirs` strictly on one side of it.
pub(crate) fn has_line<B: Board>(mine: B::W, theirs: B::W) -> bool {
    let zero = B::W::ZERO;
    if theirs == zero {
        return false;
    }
    B::LINES.iter().any(|&(on, low, high)| {
        let (on, low, high) = (B::W::narrow(on), B::W::narrow(low), B::W::narrow(high));
        on & !mine == zero && (theirs & !low == zero || theirs & !high == zero)
    })
}

/// Whether some piece of `mine` has an empty square next to it (`occupied` holds every piece).
#[inline(always)]
pub(crate) fn has_step<B: Board>(mine: u128, occupied: u128) -> bool {
    let empty = B::FULL & !B::W::narrow(occupied);
    spread::<B>(empty) & B::W::narrow(mine) != B::W::ZERO
}

/// Whether some square of `at` has an empty square next to it (`occupied` holds every piece).
#[inline(always)]
pub(crate) fn has_empty_neighbour<B: Board>(at: u128, occupied: u128) -> bool {
    let empty = B::FULL & !B::W::narrow(occupied);
    spread::<B>(B::W::narrow(at)) & empty != B::W::ZERO
}

/// Whether a piece of `mine` standing on a square of `from` has a step that captures a piece of
/// `theirs` that is not in `shield`, the pieces that cannot be captured (R8).
#[inline(always)]
pub(crate) fn can_capture_from<B: Board>(
    from: u128,
    mine: u128,
    theirs: u128,
    shield: u128,
) -> bool {
    let (mine, theirs) = (B::W::narrow(mine), B::W::narrow(theirs));
    let empty = B::FULL & !(mine | theirs);
    let targets = capture_targets::<B>(mine, theirs & !B::W::narrow(shield), empty);
    targets & spread::<B>(B::W::narrow(from)) != B::W::ZERO
}

/// What the piece on square `from` captures by stepping to square `to` (R7, R8), with the pieces
/// of the two sides in `pieces` and the pieces no capture removes in `shield`; `None` when `to`
/// is off the board. Nothing when `from` is empty.
#[inline(always)]
pub(crate) fn captures_of_step<B: Board>(
    from: usize,
    to: usize,
    pieces: [u128; 2],
    shield: u128,
) -> Option<u128> {
    let zero = B::W::ZERO;
    let at = B::W::bit(to) & B::FULL;
    if at == zero {
        return None;
    }
    let (a, b) = (B::W::narrow(pieces[0]), B::W::narrow(pieces[1]));
    let f = B::W::bit(from);
    let (mine, theirs) = if a & f != zero {
        (a, b)
    } else if b & f != zero {
        (b, a)
    } else {
        return Some(0);
    };
    Some(captures_at::<B>(to, mine, theirs & !B::W::narrow(shield)).widen())
}

/// [`captures`] for a piece of `mine` arriving on the one square of index `to`, which must lie
/// on the board, from the square tables.
///
/// The enemies next to `to` are `NEXT[to] & theirs`, the pieces of `mine` two squares away in
/// a line `JUMP[to] & mine`. An enemy is captured when the piece behind it is there: shifting
/// those pieces one square in every direction (by 1 and by 9 bits, either way) puts each on the
/// square between it and `to`. In index terms a piece `2d` away (d = ±1, ±9) lands `2d + e`
/// away (e = ±1, ±9), which is a square next to `to` (±1, ±9) only when e = −d, its middle:
/// so no mask is needed, whatever lands off the board or on another rank is not next to `to`.
#[inline(always)]
pub(crate) fn captures_at<B: Board>(to: usize, mine: B::W, theirs: B::W) -> B::W {
    let next = B::NEXT[to] & theirs;
    let behind = B::JUMP[to] & mine;
    next & (behind << 9 | behind >> 9 | behind << 1 | behind >> 1)
}

/// The pieces of `theirs` captured by a piece of `mine` arriving on the squares of `to`: an
/// enemy next to `to` with a piece of `mine` right behind it, in the same direction (R7).
/// `theirs` must already leave out the uncapturable centre (R8).
#[inline(always)]
pub(crate) fn captures<B: Board>(to: B::W, mine: B::W, theirs: B::W) -> B::W {
    let up = (to << 9) & theirs & (mine >> 9);
    let down = (to >> 9) & theirs & (mine << 9);
    let right = ((to & B::NOT_LAST) << 1) & theirs & ((mine & B::NOT_FIRST) >> 1);
    let left = ((to & B::NOT_FIRST) >> 1) & theirs & ((mine & B::NOT_LAST) << 1);
    up | down | right | left
}

/// The empty squares a piece of `mine` could step onto to capture, whoever can reach them:
/// every `to` in `empty` with an enemy of `theirs` next to it and a piece of `mine` right behind
/// that enemy. `theirs` must already leave out the centre.
#[inline(always)]
fn capture_targets<B: Board>(mine: B::W, theirs: B::W, empty: B::W) -> B::W {
    let up = (theirs & (mine >> 9)) >> 9;
    let down = (theirs & (mine << 9)) << 9;
    let right = ((theirs & ((mine & B::NOT_FIRST) >> 1)) & B::NOT_FIRST) >> 1;
    let left = ((theirs & ((mine & B::NOT_LAST) << 1)) & B::NOT_LAST) << 1;
    (up | down | right | left) & empty
}

#[cfg(test)]
mod tests;
