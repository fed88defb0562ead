//! Parquet's `DELTA_BINARY_PACKED` encoding: integers as their first value and the differences
//! from one to the next, bit-packed by miniblocks of 32 (numbers that count up take a few bits
//! each).

/// Values in a block, and miniblocks in a block.
const BLOCK: usize = 128;
const MINIBLOCKS: usize = 4;
const MINIBLOCK: usize = BLOCK / MINIBLOCKS;

/// Appends `n` as an unsigned LEB128 varint.
fn uvarint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// `n` zigzag-encoded: small magnitudes, small numbers.
fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

/// Appends `values` in the `DELTA_BINARY_PACKED` encoding.
pub fn binary_packed(values: &[i64], out: &mut Vec<u8>) {
    uvarint(out, BLOCK as u64);
    uvarint(out, MINIBLOCKS as u64);
    uvarint(out, values.len() as u64);
    uvarint(out, zigzag(values.first().copied().unwrap_or(0)));
    let deltas: Vec<i64> = values.windows(2).map(|w| w[1].wrapping_sub(w[0])).collect();
    for block in deltas.chunks(BLOCK) {
        let min = block.iter().copied().min().unwrap_or(0);
        uvarint(out, zigzag(min));
        let widths = out.len();
        out.extend_from_slice(&[0; MINIBLOCKS]);
        for (m, mini) in block.chunks(MINIBLOCK).enumerate() {
            // Padded with `min`: 0 once less `min`.
            let mut less = [0u64; MINIBLOCK];
            for (to, d) in less.iter_mut().zip(mini) {
                *to = d.wrapping_sub(min) as u64;
            }
            // The widest value's width: that of all of them or-ed together.
            let width = 64 - less.iter().fold(0, |a, v| a | v).leading_zeros();
            out[widths + m] = width as u8;
            pack(&less, width, out);
        }
    }
}

/// The 32 values of a miniblock, `width` bits each: `4 * width` bytes, written eight at a
/// time.
fn pack(values: &[u64; MINIBLOCK], width: u32, out: &mut Vec<u8>) {
    if width == 0 {
        return;
    }
    let (mut acc, mut bits) = (0u64, 0);
    for &v in values {
        acc |= v << bits;
        bits += width;
        if bits >= 64 {
            out.extend_from_slice(&acc.to_le_bytes());
            // The bits of `v` that did not fit (fewer than `width`).
            bits -= 64;
            acc = if bits == 0 { 0 } else { v >> (width - bits) };
        }
    }
    // 32 values fill whole bytes whatever the width.
    out.extend_from_slice(&acc.to_le_bytes()[..bits as usize / 8]);
}

#[cfg(test)]
mod tests {
    use bytes::Bytes;
    use parquet::data_type::Int64Type;
    use parquet::encodings::decoding::{Decoder, DeltaBitPackDecoder};

    use super::*;

    /// `values` as the crate's decoder reads them back from [`binary_packed`].
    fn round_trip(values: &[i64]) -> Vec<i64> {
        let mut out = Vec::new();
        binary_packed(values, &mut out);
        let mut decoder = DeltaBitPackDecoder::<Int64Type>::new();
        decoder
            .set_data(Bytes::from(out), values.len())
            .expect("data");
        let mut back = vec![0i64; values.len()];
        assert_eq!(decoder.get(&mut back).expect("decoded"), values.len());
        back
    }

    #[test]
    fn integers_are_read_back_by_the_crates_decoder() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |bits: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if bits == 64 {
                seed
            } else {
                seed & ((1 << bits) - 1)
            }
        };
        for n in [0usize, 1, 2, 31, 32, 33, 127, 128, 129, 300, 1000] {
            let counting: Vec<i64> = (0..n as i64).map(|i| 1 + i % 61).collect();
            assert_eq!(round_trip(&counting), counting, "counting {n}");
            let same = vec![7i64; n];
            assert_eq!(round_trip(&same), same);
            for bits in [1, 3, 8, 13, 31, 40, 63, 64] {
                let values: Vec<i64> = (0..n).map(|_| next(bits) as i64).collect();
                assert_eq!(round_trip(&values), values, "{n} values of {bits} bits");
            }
            let extremes: Vec<i64> = (0..n).map(|i| [i64::MIN, i64::MAX, 0, -1][i % 4]).collect();
            assert_eq!(round_trip(&extremes), extremes);
        }
    }
}
