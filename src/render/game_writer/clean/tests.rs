//! The writer of clean games against the piecewise writer and the line index.

use super::*;

/// Steps of every length up to 12, each capturing up to 9 squares: written into a window
/// they are the bytes written piece by piece, unless they do not fit.
#[test]
fn steps_in_a_window_are_the_steps_written_piece_by_piece() {
    let (mut fitted, mut refused) = (0, 0);
    let mut seed = 7u64;
    for len in 0..12 {
        for _ in 0..40 {
            let mut s = Vec::new();
            for _ in 0..len {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let to = Square::new((seed >> 33) as u8 % 9, (seed >> 40) as u8 % 9);
                let mut captured = Bitboard::EMPTY;
                for k in 0..(seed >> 50) % 10 {
                    captured.0 |= 1 << ((seed >> (k * 3)) % 81);
                }
                s.push((to, captured));
            }
            let mut piecewise = JsonBuf::default();
            steps(&mut piecewise, &s);
            let mut w = [0; STEPS_ROOM];
            match steps_into(&mut w, &s) {
                Some(n) => {
                    fitted += 1;
                    assert_eq!(&w[..n], piecewise.bytes());
                }
                None => {
                    refused += 1;
                    assert!(piecewise.bytes().len() > STEPS_ROOM - 3 * s.len());
                }
            }
        }
    }
    assert!(
        fitted > 100 && refused > 50,
        "{fitted} fitted, {refused} refused"
    );
}

/// Turns on lines that cross powers of ten, after blank lines, several on a line, at
/// columns past 100: the lines and columns written are the index's.
#[test]
fn lines_and_columns_are_the_index_s() {
    let mut text = String::new();
    let mut at = Vec::new();
    let wide = " ".repeat(120);
    for l in 0..60 {
        for _ in 0..l % 3 + 1 {
            at.push(text.len());
            text += "a1-a2 ";
        }
        text += match l % 7 {
            0 => "\n\n",
            3 => &wide,
            _ => "\n",
        };
    }
    let slide = CleanKind::Slide(Square::new(0, 0), Square::new(0, 1));
    let game = CleanGame {
        turns: at
            .iter()
            .map(|&at| crate::validate::CleanTurn {
                at,
                steps: 0,
                notes: 0,
                side: crate::engine::Color::Black,
                kind: slide,
                annotation: None,
                noted: false,
            })
            .collect(),
        ..CleanGame::default()
    };
    for base in [0, 5, 90, 995, 9_980, 999_960] {
        let index = crate::notation::LineIndex::with_base(&text, base);
        let cell = std::cell::OnceCell::new();
        let mut lines = LineStream::new(&text, base, &cell, None);
        let mut out = JsonBuf::default();
        GameWriter::for_file("", None).write_clean(&mut out, &game, 1, &mut lines);
        let mut bytes = Vec::new();
        out.write_to(&mut bytes, 0, &mut || b"").unwrap();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        for (k, &at) in at.iter().enumerate() {
            let lc = index.line_col(&text, at);
            let t = &v["turns"][k];
            assert_eq!(t["number"], k + 1);
            assert_eq!(
                (t["line"].as_u64(), t["column"].as_u64()),
                (Some(lc.line as u64), Some(lc.column as u64)),
                "turn {k} at {at}, base {base}"
            );
        }
    }
}
