//! The bidirectional controls of which the full path warns, looked for by the lane in the
//! comments it reads. (The reader of tags finds them in tag values as it scans them, and the
//! rest of a game the lane reads is ASCII.)

use crate::notation::read::tag::bidi_at;

/// Whether `text` holds a bidirectional control, which the full path warns of.
pub(super) fn has_bidi(text: &str) -> bool {
    let b = text.as_bytes();
    memchr::memchr_iter(0xe2, b).any(|i| bidi_at(b, i))
}
