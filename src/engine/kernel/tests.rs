//! The kernels' square tables and shortcuts against the plain kernels and square offsets.

use super::*;
use crate::board::{DIRECTIONS, Size, Square};

/// The squares `reach` away from `sq` in the four directions, by [`Square::offset`].
fn away(sq: Square, reach: i8, size: Size) -> u128 {
    DIRECTIONS
        .into_iter()
        .filter_map(|(df, dr)| sq.offset(df * reach, dr * reach, size))
        .fold(0, |w, s| w | 1u128 << s.index())
}

fn check_tables<B: Board>(n: u8) {
    let size = Size::new(n).unwrap();
    for sq in size.squares() {
        let i = sq.index();
        assert_eq!(B::BIT[i].widen(), 1u128 << i, "{sq}");
        assert_eq!(B::NEXT[i].widen(), away(sq, 1, size), "{sq}");
        assert_eq!(B::JUMP[i].widen(), away(sq, 2, size), "{sq}");
        for (d, (df, dr)) in DIRECTIONS.into_iter().enumerate() {
            let want = sq
                .offset(df, dr, size)
                .map_or(B::FULL.widen(), |q| 1u128 << q.index() | away(q, 1, size));
            assert_eq!(B::CLOSE[i][d].widen(), want, "{sq} {d}");
        }
    }
    for i in 0..256 {
        let on = Square::from_index(i as u8).is_some_and(|s| size.squares().any(|t| t == s));
        if !on {
            assert_eq!(B::BIT[i], B::W::ZERO, "bit {i}");
            assert_eq!(B::JUMP[i], B::W::ZERO, "jump {i}");
            assert_eq!(B::CLOSE[i], [B::W::ZERO; 4], "close {i}");
        }
    }
}

#[test]
fn square_tables_follow_the_squares() {
    check_tables::<B5>(5);
    check_tables::<B7>(7);
    check_tables::<B9>(9);
}

/// [`captures_at`] is [`captures`] of the one square, on every square and for pieces
/// everywhere around it.
fn check_captures_at<B: Board>(n: u8) {
    let size = Size::new(n).unwrap();
    let full = B::FULL.widen();
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..2000 {
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let a = (u128::from(next()) << 64 | u128::from(next())) & full;
        let b = (u128::from(next()) << 64 | u128::from(next())) & full & !a;
        let (mine, theirs) = (B::W::narrow(a), B::W::narrow(b));
        for sq in size.squares() {
            let i = sq.index();
            let want = captures::<B>(B::BIT[i], mine, theirs);
            assert_eq!(captures_at::<B>(i, mine, theirs), want, "{sq} {a:x} {b:x}");
        }
    }
}

/// All the bits when `on`, else none.
fn every(on: bool) -> u128 {
    if on { !0 } else { 0 }
}

/// [`has_wall_seen`] is [`has_wall`] whatever its witness, and a square that
/// [`witness_holds`] for, or that it keeps, shows that there is no wall.
fn check_wall_seen<B: Board>(n: u8) {
    let size = Size::new(n).unwrap();
    let full = B::FULL.widen();
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    let (mut walls, mut held, mut kept) = (0, 0, 0);
    for round in 0..3000u32 {
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let r = |k: u64| u128::from(k) << 64 | u128::from(k.rotate_left(29));
        let (a, b) = if round % 2 == 0 {
            // Random sides, sparse to crowded.
            let a = r(next()) & (r(next()) | every(round % 4 == 0)) & full;
            (
                a,
                full & !a & r(next()) & (r(next()) | every(round % 3 == 0)),
            )
        } else {
            // `theirs` inside a box, `mine` round it (a wall, but for the pieces taken out
            // of the ring at random) and scattered outside.
            let k = next() as u32;
            let (f0, r0) = (k % u32::from(n), (k >> 8) % u32::from(n));
            let (w, h) = (1 + (k >> 16) % 3, 1 + (k >> 24) % 3);
            let mut boxed = 0u128;
            for rank in r0..(r0 + h).min(u32::from(n)) {
                for file in f0..(f0 + w).min(u32::from(n)) {
                    boxed |= 1 << (rank * 9 + file);
                }
            }
            let ring = spread::<B9>(boxed) & full & !boxed;
            let holes = r(next()) & r(next()) & r(next()) & every(round % 3 != 0);
            let outside = full & !boxed & !ring & r(next()) & r(next());
            (
                ring & !holes | outside,
                boxed & (r(next()) | 1 << (r0 * 9 + f0)),
            )
        };
        let (mine, theirs) = (B::W::narrow(a), B::W::narrow(b));
        let want = has_wall::<B>(mine, theirs);
        walls += usize::from(want);
        for w in 0..=255u8 {
            let mut witness = w;
            assert_eq!(
                has_wall_seen::<B>(mine, theirs, &mut witness),
                want,
                "{w} {a:x} {b:x}"
            );
            if theirs != B::W::ZERO && witness_holds::<B>(mine, theirs, usize::from(w)) {
                assert!(!want, "{w} {a:x} {b:x}");
                held += 1;
            }
            if witness != w {
                let at = usize::from(witness);
                assert!(
                    witness_holds::<B>(mine, theirs, at),
                    "{witness} {a:x} {b:x}"
                );
                kept += 1;
            }
        }
    }
    // A board that tests no witness keeps none either.
    let kept_enough = if B::WITNESS { kept > 1000 } else { kept == 0 };
    assert!(
        walls > 100 && held > 1000 && kept_enough,
        "{walls} walls, {held} witnesses held, {kept} kept ({size:?})"
    );
}

#[test]
fn has_wall_seen_is_has_wall() {
    check_wall_seen::<B5>(5);
    check_wall_seen::<B7>(7);
    check_wall_seen::<B9>(9);
}

#[test]
fn captures_at_is_captures_of_one_square() {
    check_captures_at::<B5>(5);
    check_captures_at::<B7>(7);
    check_captures_at::<B9>(9);
}
