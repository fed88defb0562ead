//! The bidirectional controls of which the full path warns, looked for by the lane once it has
//! read a game.

/// Whether the bytes at `i` are a bidirectional control in UTF-8 (U+202A–U+202E: E2 80 AA–AE;
/// U+2066–U+2069: E2 81 A6–A9; see [`crate::render::terminal::is_bidi_control`]).
fn bidi_at(b: &[u8], i: usize) -> bool {
    matches!(
        b.get(i..i + 3),
        Some([0xe2, 0x80, 0xaa..=0xae] | [0xe2, 0x81, 0xa6..=0xa9])
    )
}

/// Whether `b` holds a bidirectional control, which the full path warns of. Blank space and
/// tokens the reader reads are ASCII: only tag values and comments can hold one.
pub(super) fn has_bidi(b: &[u8]) -> bool {
    memchr::memchr_iter(0xe2, b).any(|i| bidi_at(b, i))
}
