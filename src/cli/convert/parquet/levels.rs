//! A data page's levels encoded as its leaves bring them, piece by piece ([`rle::Hybrid`]),
//! so that a page holds its levels encoded only, never as one byte each beside; the bytes
//! are those of all the page's levels encoded at once.

use super::rle::{self, Hybrid};

/// The levels of one kind (repetition or definition) of a page being filled.
#[derive(Debug)]
pub struct LevelWriter {
    encoded: Hybrid<u8>,
    /// The levels handed over.
    count: usize,
}

impl LevelWriter {
    /// No levels yet, of which `max` is the highest.
    pub fn new(max: u8) -> LevelWriter {
        LevelWriter {
            encoded: Hybrid::new(rle::bit_width(u32::from(max))),
            count: 0,
        }
    }

    /// The levels handed over since the page began.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Adds `levels`, those of the page's next entries.
    pub fn push(&mut self, levels: &[u8]) {
        self.count += levels.len();
        self.encoded.push(levels);
    }

    /// Appends the levels as a data page of format v1 holds them (their length in 4 bytes,
    /// then their encoding), and begins a new page.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        let at = out.len();
        out.extend_from_slice(&[0; 4]);
        self.encoded.finish(out);
        let len = u32::try_from(out.len() - at - 4).unwrap_or(u32::MAX);
        out[at..at + 4].copy_from_slice(&len.to_le_bytes());
        self.count = 0;
    }
}

#[cfg(test)]
mod tests {
    use bytes::Bytes;
    use parquet::encodings::rle::RleDecoder;

    use super::*;

    /// Levels up to `max` in runs and changes, from a seed.
    fn shaped(n: usize, max: u8, seed: u32) -> Vec<u8> {
        let mut seed = seed | 1;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let mut v = Vec::with_capacity(n);
        while v.len() < n {
            let level = (next() % (u32::from(max) + 1)) as u8;
            let run = [1, 1, 2, 3, 7, 8, 9, 16, 40][(next() % 9) as usize];
            v.extend(std::iter::repeat_n(level, run.min(n - v.len())));
        }
        v
    }

    #[test]
    fn levels_handed_over_in_pieces_are_read_back_whole() {
        for max in [1u8, 2, 3] {
            for (n, seed) in [
                (0usize, 1u32),
                (1, 2),
                (7, 3),
                (8, 4),
                (23, 5),
                (500, 6),
                (4099, 7),
            ] {
                let levels = shaped(n, max, seed);
                // Pieces of every length from 1 to 20, and the whole at once.
                for piece in (1..=20).chain([n.max(1)]) {
                    let mut w = LevelWriter::new(max);
                    for p in levels.chunks(piece) {
                        w.push(p);
                    }
                    assert_eq!(w.len(), n);
                    let mut out = Vec::new();
                    w.finish(&mut out);
                    let len = u32::from_le_bytes(out[..4].try_into().expect("4 bytes")) as usize;
                    assert_eq!(len, out.len() - 4);
                    let mut decoder = RleDecoder::new(rle::bit_width(u32::from(max)));
                    decoder
                        .set_data(Bytes::from(out[4..].to_vec()))
                        .expect("data");
                    let mut back = vec![0u8; n];
                    assert_eq!(decoder.get_batch(&mut back).expect("decoded"), n);
                    assert_eq!(back, levels, "{max} {n} {piece}");
                    // The writer begins a page anew.
                    assert_eq!(w.len(), 0);
                }
            }
        }
    }

    #[test]
    fn the_bytes_do_not_follow_the_pieces() {
        for max in [1u8, 2, 3] {
            for seed in 1..20u32 {
                let levels = shaped(700, max, seed);
                let mut whole = LevelWriter::new(max);
                whole.push(&levels);
                let mut expected = Vec::new();
                whole.finish(&mut expected);
                for piece in [1usize, 2, 3, 5, 7, 8, 9, 13, 16, 17, 31, 64, 100] {
                    let mut w = LevelWriter::new(max);
                    for p in levels.chunks(piece) {
                        w.push(p);
                    }
                    let mut out = Vec::new();
                    w.finish(&mut out);
                    assert_eq!(out, expected, "{max} {seed} {piece}");
                }
            }
        }
    }
}
