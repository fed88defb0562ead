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
    let mut h = Hybrid::new(width);
    std::mem::swap(&mut h.out, out);
    h.take(values, true);
    std::mem::swap(&mut h.out, out);
}

/// Values put in the hybrid encoding as they come, piece by piece: the same bytes whatever
/// the pieces. Values are looked at in groups of eight from where the last run ended (a
/// bit-packed group holds eight); a group of one value begins a run, which goes on as long
/// as the value does. A run that begins within a group is partly bit-packed: the encoding
/// stays valid, a little longer.
#[derive(Debug)]
pub struct Hybrid<T> {
    width: u8,
    /// The sections ended so far.
    out: Vec<u8>,
    /// The bit-packed section that the last piece ended in: its groups, packed, and how
    /// many.
    literal: Vec<u8>,
    groups: usize,
    /// Values short of a group of eight, which the next piece completes.
    carry: Vec<T>,
    /// A run that reached the end of the last piece: its value and length.
    run: Option<(T, usize)>,
}

impl<T: Small> Hybrid<T> {
    /// No values yet, each below `1 << width` (`width` at most 32).
    pub fn new(width: u8) -> Hybrid<T> {
        Hybrid {
            width,
            out: Vec::new(),
            literal: Vec::new(),
            groups: 0,
            carry: Vec::new(),
            run: None,
        }
    }

    /// Adds `values`, the next ones.
    pub fn push(&mut self, values: &[T]) {
        let mut rest = self.go_on(values);
        if !self.carry.is_empty() {
            let k = (8 - self.carry.len()).min(rest.len());
            self.carry.extend_from_slice(&rest[..k]);
            rest = &rest[k..];
            let Ok(group) = <[T; 8]>::try_from(self.carry.as_slice()) else {
                return;
            };
            self.carry.clear();
            if T::same8(&group) {
                self.pack(&[], true);
                self.run = Some((group[0], 8));
                rest = self.go_on(rest);
            } else {
                self.pack(&group, false);
            }
        }
        self.take(rest, false);
    }

    /// Adds `values`, which follow no open run nor values short of a group, the last ones if
    /// `last`.
    fn take(&mut self, values: &[T], last: bool) {
        let n = values.len();
        let (mut literal, mut i) = (0, 0);
        while i + 8 <= n {
            let v = values[i];
            if <&[T; 8]>::try_from(&values[i..i + 8]).is_ok_and(T::same8) {
                let j = T::run_end(values, i);
                self.pack(&values[literal..i], true);
                if j == n && !last {
                    self.run = Some((v, j - i));
                    return;
                }
                run(v.into(), j - i, self.width, &mut self.out);
                (literal, i) = (j, j);
            } else {
                i += 8;
            }
        }
        if last {
            self.pack(&values[literal..], true);
        } else {
            self.pack(&values[literal..i], false);
            self.carry.extend_from_slice(&values[i..]);
        }
    }

    /// Goes on with the open run as far as `values` repeat its value, and writes it if they
    /// end it; the values after it.
    fn go_on<'a>(&mut self, values: &'a [T]) -> &'a [T] {
        let Some((v, n)) = self.run else {
            return values;
        };
        let same = if values.first() == Some(&v) {
            T::run_end(values, 0)
        } else {
            0
        };
        if same == values.len() {
            self.run = Some((v, n + same));
            return &[];
        }
        run(v.into(), n + same, self.width, &mut self.out);
        self.run = None;
        &values[same..]
    }

    /// Adds the groups of `values` (whole groups, or the last values) to the bit-packed
    /// section, which they end if `ends` (a run, or the end, follows them): it is written
    /// then, else kept until it ends.
    fn pack(&mut self, values: &[T], ends: bool) {
        let groups = values.len().div_ceil(8);
        if ends && self.groups == 0 {
            if groups > 0 {
                varint(&mut self.out, (groups << 1) | 1);
                pack_groups(values, self.width, &mut self.out);
            }
            return;
        }
        self.groups += groups;
        pack_groups(values, self.width, &mut self.literal);
        if ends {
            varint(&mut self.out, (self.groups << 1) | 1);
            self.out.extend_from_slice(&self.literal);
            self.literal.clear();
            self.groups = 0;
        }
    }

    /// Appends the encoding of the values handed over, and begins anew.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        if let Some((v, n)) = self.run.take() {
            run(v.into(), n, self.width, &mut self.out);
        }
        let carry = std::mem::take(&mut self.carry);
        self.pack(&carry, true);
        self.carry = carry;
        self.carry.clear();
        out.extend_from_slice(&self.out);
        self.out.clear();
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
fn pack_groups<T: Small>(values: &[T], width: u8, out: &mut Vec<u8>) {
    let groups = values.len().div_ceil(8);
    let width = u32::from(width);
    let start = out.len();
    out.reserve(groups * width as usize);
    if width <= 8 {
        // A group of eight values fits in a word, of which its `width` bytes are written.
        let bytes = width as usize;
        let mut groups = values.chunks_exact(8);
        for group in &mut groups {
            put(out, T::pack8(group, width), bytes);
        }
        if !groups.remainder().is_empty() {
            put(out, one_at_a_time(groups.remainder(), width), bytes);
        }
        return;
    }
    if width <= 16 {
        // A group of eight values fits in two words, of which its `width` bytes are kept: all
        // sixteen appended (a copy of known length), the room past them given back.
        let bytes = width as usize;
        for group in values.chunks(8) {
            let mut acc: u128 = 0;
            for (k, &v) in group.iter().enumerate() {
                acc |= u128::from(v.into()) << (k as u32 * width);
            }
            let end = out.len() + bytes;
            out.extend_from_slice(&acc.to_le_bytes());
            out.truncate(end);
        }
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

/// Appends the low `bytes` bytes of `word` (at most 8): a copy of a length known when
/// compiled for each, where one not known is a call to `memcpy`.
#[inline(always)]
fn put(out: &mut Vec<u8>, word: u64, bytes: usize) {
    let b = word.to_le_bytes();
    match bytes {
        1 => out.push(b[0]),
        2 => out.extend_from_slice(&b[..2]),
        3 => out.extend_from_slice(&b[..3]),
        4 => out.extend_from_slice(&b[..4]),
        5 => out.extend_from_slice(&b[..5]),
        6 => out.extend_from_slice(&b[..6]),
        7 => out.extend_from_slice(&b[..7]),
        _ => out.extend_from_slice(&b),
    }
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
    fn booleans_are_packed_a_bit_each() {
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
