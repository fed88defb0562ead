//! Parquet's RLE/bit-packed hybrid encoding, which carries the repetition and definition levels
//! of a data page and the dictionary indices of a dictionary-encoded one: runs of one value
//! (eight or more) as a count and the value, everything else bit-packed in groups of eight.

/// The bits a value up to `max` needs (0 for 0).
pub fn bit_width(max: u32) -> u8 {
    // At most 32, which fits.
    (32 - max.leading_zeros()) as u8
}

/// Appends `n` as an unsigned LEB128 varint.
fn varint(out: &mut Vec<u8>, mut n: usize) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// A value the hybrid encoding holds: a level or a dictionary index.
pub trait Small: Copy + Into<u32> + PartialEq {
    /// The eight values of `group`, each below `1 << width` (`width` at most 8), bit-packed
    /// into the low `8 * width` bits of a word.
    #[inline(always)]
    fn pack8(group: &[Self], width: u32) -> u64 {
        one_at_a_time(group, width)
    }

    /// Whether the eight values of `group` are the same.
    #[inline(always)]
    fn same8(group: &[Self; 8]) -> bool {
        // Most groups differ at their ends: one comparison rules them out.
        group[7] == group[0] && group[1..7].iter().all(|x| *x == group[0])
    }

    /// Where the run of `values[i]` that starts at `i` ends.
    fn run_end(values: &[Self], i: usize) -> usize {
        let v = values[i];
        let mut j = i + 1;
        while j < values.len() && values[j] == v {
            j += 1;
        }
        j
    }
}

impl Small for u32 {}

/// The values of `group` (at most eight, each below `1 << width`) bit-packed into the low
/// bits of a word, one value at a time.
#[inline(always)]
fn one_at_a_time<T: Small>(group: &[T], width: u32) -> u64 {
    let mut acc: u64 = 0;
    for (k, &v) in group.iter().enumerate() {
        acc |= u64::from(v.into()) << (k as u32 * width);
    }
    acc
}

impl Small for u8 {
    /// The eight levels read as one word, then brought together two, four and eight at a
    /// time (each step halves the lanes).
    #[inline(always)]
    fn pack8(group: &[u8], width: u32) -> u64 {
        let Ok(bytes) = <[u8; 8]>::try_from(group) else {
            return one_at_a_time(group, width);
        };
        // Each step joins the two halves of every lane: the high half's value goes just
        // above the low half's.
        let w = u64::from_le_bytes(bytes);
        let join =
            |w: u64, half: u32, mask: u64, at: u32| (w & mask) | (((w >> half) & mask) << at);
        let w = join(w, 8, 0x00ff_00ff_00ff_00ff, width);
        let w = join(w, 16, 0x0000_ffff_0000_ffff, 2 * width);
        join(w, 32, 0x0000_0000_ffff_ffff, 4 * width)
    }

    /// The eight levels read as one word.
    #[inline(always)]
    fn same8(group: &[u8; 8]) -> bool {
        u64::from_le_bytes(*group) == u64::from_le_bytes([group[0]; 8])
    }

    /// Eight levels at a time: levels run long (a required field's, a list's repetitions).
    /// The first word that differs tells where, by its lowest byte that does.
    fn run_end(values: &[u8], i: usize) -> usize {
        let v = values[i];
        let splat = u64::from_le_bytes([v; 8]);
        let mut j = i + 1;
        while let Some(word) = values.get(j..j + 8) {
            let differ = u64::from_le_bytes(word.try_into().unwrap_or_default()) ^ splat;
            if differ != 0 {
                return j + (differ.trailing_zeros() / 8) as usize;
            }
            j += 8;
        }
        while j < values.len() && values[j] == v {
            j += 1;
        }
        j
    }
}

/// Appends `values`, each below `1 << width`, in the hybrid encoding (without a length).
/// `width` is at most 32.
pub fn hybrid<T: Small>(values: &[T], width: u8, out: &mut Vec<u8>) {
    let n = values.len();
    // Values not yet written start at `literal`; they are looked at in groups of eight from
    // there (bit-packed groups hold eight), a group of one value beginning a run. A run that
    // starts within a group is partly bit-packed: the encoding stays valid, a little longer.
    let mut literal = 0;
    let mut i = 0;
    while i + 8 <= n {
        let v = values[i];
        let same = <&[T; 8]>::try_from(&values[i..i + 8]).is_ok_and(T::same8);
        if same {
            let j = T::run_end(values, i);
            if i > literal {
                packed(&values[literal..i], width, out);
            }
            run(v.into(), j - i, width, out);
            literal = j;
            i = j;
        } else {
            i += 8;
        }
    }
    if literal < n {
        packed(&values[literal..], width, out);
    }
}

/// A run of `count` times `value`.
fn run(value: u32, count: usize, width: u8, out: &mut Vec<u8>) {
    varint(out, count << 1);
    // Byte by byte: a copy of a length not known when compiled is a call to `memcpy`.
    for byte in value
        .to_le_bytes()
        .into_iter()
        .take(usize::from(width).div_ceil(8))
    {
        out.push(byte);
    }
}

/// `values` bit-packed, in groups of eight (the last one padded with zeros).
fn packed<T: Small>(values: &[T], width: u8, out: &mut Vec<u8>) {
    let groups = values.len().div_ceil(8);
    varint(out, (groups << 1) | 1);
    let width = u32::from(width);
    let start = out.len();
    out.reserve(groups * width as usize + 8);
    if width <= 8 {
        // A group of eight values fits in a word: each written whole where the group's
        // `width` bytes go, the next group's written over its last bytes (and the bytes past
        // the last group cut off at the end).
        let bytes = width as usize;
        let end = start + groups * bytes;
        out.resize(end + 8, 0);
        let mut at = start;
        let mut groups = values.chunks_exact(8);
        for group in &mut groups {
            let acc = T::pack8(group, width);
            if let Some(word) = out.get_mut(at..at + 8) {
                word.copy_from_slice(&acc.to_le_bytes());
            }
            at += bytes;
        }
        let acc = one_at_a_time(groups.remainder(), width);
        if let Some(word) = out.get_mut(at..at + 8) {
            word.copy_from_slice(&acc.to_le_bytes());
        }
        out.truncate(end);
        return;
    }
    let mut acc: u64 = 0;
    let mut bits = 0;
    for &v in values {
        acc |= u64::from(v.into()) << bits;
        bits += width;
        while bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    }
    if bits > 0 {
        out.push(acc as u8);
    }
    out.resize(start + groups * width as usize, 0);
}

/// Appends the levels `levels` (each at most `max`) of a data page of format v1: their length
/// in 4 bytes, then the hybrid encoding.
pub fn levels(levels: &[u8], max: u8, out: &mut Vec<u8>) {
    let at = out.len();
    out.extend_from_slice(&[0; 4]);
    hybrid(levels, bit_width(u32::from(max)), out);
    let len = u32::try_from(out.len() - at - 4).unwrap_or(u32::MAX);
    out[at..at + 4].copy_from_slice(&len.to_le_bytes());
}

/// `values` bit-packed one bit each, least significant bit first (Parquet's plain booleans).
pub fn booleans(values: &[bool], out: &mut Vec<u8>) {
    for group in values.chunks(8) {
        let mut byte = 0u8;
        for (k, &b) in group.iter().enumerate() {
            byte |= u8::from(b) << k;
        }
        out.push(byte);
    }
}

#[cfg(test)]
mod tests {
    use bytes::Bytes;
    use parquet::encodings::rle::RleDecoder;

    use super::*;

    /// `values` decoded by the parquet crate's own decoder from what [`hybrid`] wrote.
    fn round_trip(values: &[u32], width: u8) -> Vec<u32> {
        let mut out = Vec::new();
        hybrid(values, width, &mut out);
        let mut decoder = RleDecoder::new(width);
        decoder.set_data(Bytes::from(out)).expect("data");
        let mut back = vec![0u32; values.len()];
        let got = decoder.get_batch(&mut back).expect("decoded");
        assert_eq!(got, values.len(), "width {width}");
        back
    }

    /// Values of `width` bits in runs: a run of `run` of one value, then `literals` that
    /// change at every step, and again, `n` in all.
    fn shaped(n: usize, width: u8, run: usize, literals: usize) -> Vec<u32> {
        let mask = if width == 32 {
            u32::MAX
        } else {
            (1u32 << width) - 1
        };
        let mut seed = 0x9e37_79b9u32 ^ u32::from(width);
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed & mask
        };
        let mut v = Vec::with_capacity(n);
        while v.len() < n {
            let x = next();
            v.extend(std::iter::repeat_n(x, run.min(n - v.len())));
            for _ in 0..literals.min(n - v.len()) {
                v.push(next());
            }
        }
        v
    }

    #[test]
    fn levels_are_packed_eight_at_a_time_as_one_at_a_time() {
        let mut seed = 0x2545_f491_u32;
        for width in 1..=8u32 {
            for _ in 0..200 {
                let group: Vec<u8> = (0..8)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 17;
                        seed ^= seed << 5;
                        (seed & ((1 << width) - 1)) as u8
                    })
                    .collect();
                let one_at_a_time = (group.iter().enumerate()).fold(0u64, |acc, (k, &v)| {
                    acc | u64::from(v) << (k as u32 * width)
                });
                assert_eq!(u8::pack8(&group, width), one_at_a_time, "{group:?} {width}");
            }
        }
    }

    #[test]
    fn the_hybrid_encoding_is_read_back_by_the_crates_decoder() {
        for width in [1u8, 2, 3, 5, 7, 8, 9, 13, 16, 17, 24, 31, 32] {
            for n in [0usize, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 4099] {
                for (run, literals) in [(1, 0), (8, 0), (7, 1), (9, 3), (20, 5), (3, 13), (100, 1)]
                {
                    let values = shaped(n, width, run, literals);
                    assert_eq!(round_trip(&values, width), values, "{n} {width} {run}");
                }
            }
        }
    }

    #[test]
    fn levels_and_booleans_are_read_back_by_the_crates_decoder() {
        for max in [1u8, 2, 3, 4] {
            for n in [1usize, 8, 9, 100, 3001] {
                let levels: Vec<u8> = (0..n)
                    .map(|i| ((i * 7 / 5) % (max as usize + 1)) as u8)
                    .collect();
                let mut out = Vec::new();
                super::levels(&levels, max, &mut out);
                let len = u32::from_le_bytes(out[..4].try_into().expect("4 bytes")) as usize;
                assert_eq!(len, out.len() - 4);
                let mut decoder = RleDecoder::new(bit_width(u32::from(max)));
                decoder
                    .set_data(Bytes::from(out[4..].to_vec()))
                    .expect("data");
                let mut back = vec![0u8; n];
                assert_eq!(decoder.get_batch(&mut back).expect("decoded"), n);
                assert_eq!(back, levels);
            }
        }
        for n in [0usize, 1, 7, 8, 9, 100] {
            let values: Vec<bool> = (0..n).map(|i| i % 3 == 0 || i % 7 == 1).collect();
            let mut out = Vec::new();
            booleans(&values, &mut out);
            let back: Vec<bool> = (0..n).map(|i| out[i / 8] >> (i % 8) & 1 == 1).collect();
            assert_eq!(back, values);
        }
    }

    #[test]
    fn bit_widths() {
        for (max, width) in [
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 2),
            (4, 3),
            (80, 7),
            (u32::MAX, 32),
        ] {
            assert_eq!(bit_width(max), width);
        }
    }
}
