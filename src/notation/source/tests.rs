use super::*;

#[test]
fn breaks_are_counted_as_the_lines_are_found() {
    // CRLF, lone CR and LF in every mix, across the 192-byte blocks of the count; and
    // CRLF with LF but no lone CR, but for the last byte of some.
    let mut seed = 3u64;
    let mixes: [&[&[u8]]; 2] = [
        &[b"\r", b"\n", b"x", b"\r", b"\n"],
        &[b"\r\n", b"\n", b"x", b"xx", b"\r\n"],
    ];
    for (len, mix) in [
        0, 1, 2, 15, 16, 17, 191, 192, 193, 194, 300, 384, 385, 4080, 9000,
    ]
    .into_iter()
    .flat_map(|len| mixes.map(|mix| (len, mix)))
    {
        for _ in 0..20 {
            let mut bytes = Vec::new();
            while bytes.len() < len {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                bytes.extend_from_slice(mix[(seed >> 33) as usize % mix.len()]);
            }
            bytes.truncate(len);
            let breaks = line_breaks(&bytes).count();
            assert_eq!(LineIndex::count_breaks_in(&bytes), breaks, "{bytes:?}");
            let lone =
                (0..bytes.len()).any(|i| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            assert_eq!(LineIndex::has_lone_cr(&bytes), lone, "{bytes:?}");
            assert_eq!(
                LineIndex::count_breaks_and_lone_cr(&bytes),
                (breaks, lone),
                "{bytes:?}"
            );
        }
    }
}

#[test]
fn columns_count_characters() {
    let t = "ab\r\nḥé x\ry";
    let idx = LineIndex::new(t);
    assert_eq!(idx.line_col(t, 0), LineCol { line: 1, column: 1 });
    let x = t.find('x').unwrap();
    assert_eq!(idx.line_col(t, x), LineCol { line: 2, column: 4 });
    let y = t.find('y').unwrap();
    assert_eq!(idx.line_col(t, y), LineCol { line: 3, column: 1 });
}

#[test]
fn chunks_number_lines_as_in_the_file() {
    let t = "a\r\nb\rc\nd\n";
    let cut = t.find('c').unwrap();
    let (head, tail) = t.split_at(cut);
    let whole = LineIndex::new(t);
    let part = LineIndex::with_base(tail, LineIndex::count_breaks(head));
    assert_eq!(part.line_col(tail, 2), whole.line_col(t, cut + 2));
    assert_eq!(part.line_col(tail, 2), LineCol { line: 4, column: 1 });
}

#[test]
fn columns_on_long_lines_use_checkpoints() {
    let line = "é".repeat(3 * CHECKPOINT) + "x\r" + &"ab".repeat(CHECKPOINT) + "y";
    let idx = LineIndex::new(&line);
    assert!(!idx.checkpoints.is_empty());
    let x = line.find('x').unwrap();
    assert_eq!(
        idx.line_col(&line, x),
        LineCol {
            line: 1,
            column: 3 * CHECKPOINT + 1
        }
    );
    let y = line.find('y').unwrap();
    assert_eq!(
        idx.line_col(&line, y),
        LineCol {
            line: 2,
            column: 2 * CHECKPOINT + 1
        }
    );
    for off in (0..line.len())
        .filter(|&o| line.is_char_boundary(o))
        .step_by(997)
    {
        let l = idx.line_of(off);
        let start = idx.line_start(l, &line);
        assert_eq!(idx.column0(&line, off), line[start..off].chars().count());
    }
}

#[test]
fn a_cursor_answers_as_the_index_does() {
    let t = "é".repeat(CHECKPOINT + 7) + "ab\r\nḥé x\ry\n\n" + &"ab".repeat(CHECKPOINT) + "\r";
    let idx = LineIndex::with_base(&t, 40);
    let every: Vec<usize> = (0..=t.len() + 3).collect();
    let mut forward = idx.cursor(&t);
    for &o in &every {
        assert_eq!(forward.line_col(o), idx.line_col(&t, o), "offset {o}");
    }
    // Jumps forward over lines and back, on and off character boundaries.
    let mut jumping = idx.cursor(&t);
    for o in every
        .iter()
        .step_by(613)
        .chain(every.iter().rev().step_by(389))
    {
        assert_eq!(jumping.line_col(*o), idx.line_col(&t, *o), "offset {o}");
    }
}

#[test]
fn invalid_bytes_are_marked() {
    let s = Source::from_bytes(b"\xEF\xBB\xBFab\xFFc");
    assert_eq!(s.text(), "ab\u{FFFD}c");
    assert_eq!(s.invalid(), &[Span::new(2, 5)]);
}

/// [`utf8`] answers as `std::str::from_utf8` does: on texts built of valid characters of every
/// length and of the byte sequences UTF-8 forbids (overlong forms, surrogates, code points past
/// U+10FFFF, stray continuation bytes, sequences cut short, bytes that never occur), at random
/// offsets in texts of 0 to 1,000 bytes, around the 32- and 64-byte blocks a vector check
/// reads.
#[test]
fn utf8_answers_as_std() {
    let pieces: [&[u8]; 19] = [
        b"a",
        b"e2-d2 ",
        "é".as_bytes(),
        "\u{2013}".as_bytes(),
        "\u{202e}".as_bytes(),
        "\u{10348}".as_bytes(),
        "\u{10ffff}".as_bytes(),
        b"\xc0\x80",
        b"\xe0\x80\x80",
        b"\xf0\x80\x80\x80",
        b"\xed\xa0\x80",
        b"\xf4\x90\x80\x80",
        b"\x80",
        b"\xbf",
        b"\xc3",
        b"\xe2\x80",
        b"\xf0\x90\x8d",
        b"\xff",
        b"\xf8\x88\x80\x80\x80",
    ];
    let mut seed = 7u64;
    let (mut valid, mut invalid) = (0, 0);
    for len in [
        0, 1, 2, 3, 4, 15, 16, 31, 32, 33, 63, 64, 65, 100, 200, 1000,
    ] {
        for round in 0..200 {
            let mut bytes = Vec::new();
            while bytes.len() < len {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                // Every other text of valid pieces only, so that texts of every length are
                // valid too.
                let k = (seed >> 33) as usize;
                let piece = if round % 2 == 0 {
                    k % 7
                } else {
                    k % pieces.len()
                };
                bytes.extend_from_slice(pieces[piece]);
            }
            let want = std::str::from_utf8(&bytes).ok();
            assert_eq!(utf8(&bytes), want, "{bytes:x?}");
            if want.is_some() {
                valid += 1;
            } else {
                invalid += 1;
            }
        }
    }
    assert!(
        valid > 1000 && invalid > 1000,
        "{valid} valid, {invalid} invalid"
    );
}

#[test]
fn a_text_cut_mid_line_answers_as_the_whole_does() {
    let whole = "é".repeat(CHECKPOINT + 7) + "ab x\r\nḥé x\ry\n\n" + &"ab".repeat(CHECKPOINT);
    let index = LineIndex::with_base(&whole, 40);
    let first_line = whole.find('\r').unwrap();
    for cut in [0, 2, 10, CHECKPOINT + 2, 2 * CHECKPOINT + 14, first_line] {
        let tail = &whole[cut..];
        let column = whole[..cut].chars().count();
        let part = LineIndex::with_base(tail, 40).first_column(column);
        let mut cursor = part.cursor(tail);
        for o in (0..=tail.len()).filter(|&o| tail.is_char_boundary(o)) {
            let expected = index.line_col(&whole, cut + o);
            assert_eq!(part.line_col(tail, o), expected, "cut {cut}, offset {o}");
            assert_eq!(
                cursor.line_col(o),
                expected,
                "cursor, cut {cut}, offset {o}"
            );
        }
    }
}
