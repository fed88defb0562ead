//! A column chunk's dictionary: its entries in the order they came, as its page holds them,
//! found by the numbers of squares, sides and kinds, by a table for small integers, and by a
//! hash of the text otherwise.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use seega::table::{Names, Values};

/// Multiplies and rotates, word by word: a fast hash for the dictionary's short texts (the
/// dictionary is the program's own, no input chooses its keys to collide more than it could
/// by making texts of its own).
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let word = u64::from_le_bytes(c.try_into().unwrap_or_default());
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        let mut last = [0u8; 8];
        let rest = chunks.remainder();
        last[..rest.len()].copy_from_slice(rest);
        let word = u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59);
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, n: u128) {
        for word in [n as u64, (n >> 64) as u64] {
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_i64(&mut self, n: i64) {
        self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

type FxMap<K> = HashMap<K, u32, BuildHasherDefault<Fx>>;

/// A text of at most 15 bytes as one number: its bytes, and its length in the top byte (so
/// that no two texts are the same number); `None` for a longer one.
#[inline]
fn short(s: &[u8]) -> Option<u128> {
    let n = s.len();
    let (lo, hi) = match n {
        0..=7 => (low(s), 0),
        8..=15 => {
            let (head, _) = s.split_at(8);
            // The last 8 bytes, shifted down to those past the first 8.
            let tail = s.get(n - 8..).map_or(0, low);
            (
                low(head),
                tail.checked_shr(8 * (16 - n as u32)).unwrap_or(0),
            )
        }
        _ => return None,
    };
    Some(u128::from(lo) | (u128::from(hi) << 64) | ((n as u128) << 120))
}

/// The bytes of `s` (at most 8) as a little-endian number: whole words read as such (two
/// overlapping reads of 4 for 4 to 7 bytes), not byte by byte.
#[inline(always)]
fn low(s: &[u8]) -> u64 {
    let word = |b: &[u8]| b.try_into().map_or(0, u32::from_le_bytes);
    match s.len() {
        8 => s.try_into().map_or(0, u64::from_le_bytes),
        n @ 4..=7 => {
            let first = u64::from(word(&s[..4]));
            first | (u64::from(word(&s[n - 4..])) << (8 * (n - 4)))
        }
        _ => s.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b)),
    }
}

/// No entry yet in a table of direct indices.
const NONE: u32 = u32::MAX;

/// A column chunk's dictionary: its entries in the order they came, plain-encoded as its page
/// holds them, and how to find an entry's index.
#[derive(Default)]
pub struct Dictionary {
    /// The dictionary page's values (plain).
    pub plain: Vec<u8>,
    /// Its entries.
    pub len: u32,
    /// The texts' indices, and for the squares' names (`a1` to `i9`, most of a game's
    /// texts) a table by square.
    texts: FxMap<Box<[u8]>>,
    /// The indices of texts of at most 15 bytes (a turn's notation, most tags), by the text
    /// and its length in one number ([`short`]): found by one multiplication and comparison.
    shorts: FxMap<u128>,
    squares: Vec<u32>,
    /// The indices of the sides' or the kinds' names, by their number.
    names: Vec<u32>,
    /// The integers' indices, and for those from 0 to 1023 a table.
    ints: FxMap<i64>,
    small: Vec<u32>,
}

impl Dictionary {
    /// The index of the name numbered `code` of `names`, added if new (squares share their
    /// table with [`Dictionary::text`]'s, so that a square is in the dictionary once).
    #[inline]
    fn coded(&mut self, names: Names, code: u32) -> u32 {
        let k = code as usize;
        let i = self.table(names)[k];
        if i != NONE {
            return i;
        }
        let i = self.add_text(names.name(code));
        self.table(names)[k] = i;
        i
    }

    /// Appends the indices of `codes` (of `names`, the others' texts in `other`) to
    /// `indices`, adding the names and texts not in the dictionary yet.
    pub fn codes(&mut self, names: Names, codes: &[u32], other: &Values, indices: &mut Vec<u32>) {
        // The table, out of the dictionary while the codes are looked up in it: a code found
        // there costs a load, one not yet there (or of a text of `other`) a call.
        let mut table = std::mem::take(self.table(names));
        indices.extend(codes.iter().map(|&c| match table.get(c as usize) {
            Some(&i) if i != NONE => i,
            _ => self.code_not_found(names, c, other, &mut table),
        }));
        *self.table(names) = table;
    }

    /// The index of `code` of `names` (or of the text of `other` it numbers), not in
    /// `table` (the table of `names`, taken out of the dictionary) yet.
    #[cold]
    fn code_not_found(
        &mut self,
        names: Names,
        c: u32,
        other: &Values,
        table: &mut Vec<u32>,
    ) -> u32 {
        match c.checked_sub(names.len()) {
            None => {
                let i = self.add_text(names.name(c));
                table[c as usize] = i;
                i
            }
            Some(k) => {
                *self.table(names) = std::mem::take(table);
                let i = self.text(other.text(k as usize));
                *table = std::mem::take(self.table(names));
                i
            }
        }
    }

    /// The indices of the names of `names`, by number.
    #[inline]
    fn table(&mut self, names: Names) -> &mut Vec<u32> {
        let table = match names {
            Names::Squares => &mut self.squares,
            _ => &mut self.names,
        };
        if table.is_empty() {
            *table = vec![NONE; Names::Squares.len() as usize];
        }
        table
    }

    /// Appends the indices of the texts of `bytes` that end at `ends` (the first beginning at
    /// `start`) to `indices`, adding those not in the dictionary yet.
    pub fn texts(&mut self, bytes: &[u8], ends: &[u32], mut start: usize, indices: &mut Vec<u32>) {
        // A column often holds one text many times in a row (the turns table's file and
        // line): the values of a stretch of one length after a value are the same as it when
        // the stretch's bytes repeat with that length as their period (one comparison for
        // the stretch, not one a value).
        let (mut at, mut checked) = (0, 0);
        while let Some(&end) = ends.get(at) {
            let end = end as usize;
            let s = bytes.get(start..end).unwrap_or_default();
            let i = self.text(s);
            let len = s.len();
            let mut stretch = (at + 1, end);
            if at >= checked {
                while let Some(&e) = ends.get(stretch.0)
                    && (e as usize).checked_sub(stretch.1) == Some(len)
                {
                    stretch = (stretch.0 + 1, e as usize);
                }
                checked = stretch.0;
            }
            let (next, stop) = stretch;
            if next > at + 1 && bytes.get(start + len..stop) == bytes.get(start..stop - len) {
                indices.extend(std::iter::repeat_n(i, next - at));
                (at, start) = (next, stop);
            } else {
                indices.push(i);
                (at, start) = (at + 1, end);
            }
        }
    }

    /// The index of the text `s`, added if new.
    #[inline]
    pub fn text(&mut self, s: &[u8]) -> u32 {
        if let Some(code) = Names::square(s) {
            return self.coded(Names::Squares, code);
        }
        if let Some(key) = short(s) {
            return match self.shorts.get(&key) {
                Some(&i) => i,
                None => {
                    let i = self.add_text(s);
                    self.shorts.insert(key, i);
                    i
                }
            };
        }
        match self.texts.get(s) {
            Some(&i) => i,
            None => {
                let i = self.add_text(s);
                self.texts.insert(s.into(), i);
                i
            }
        }
    }

    /// Empties the dictionary, keeping its room.
    pub fn clear(&mut self) {
        self.plain.clear();
        self.len = 0;
        self.texts.clear();
        self.shorts.clear();
        self.ints.clear();
        self.squares.iter_mut().for_each(|i| *i = NONE);
        self.names.iter_mut().for_each(|i| *i = NONE);
        self.small.iter_mut().for_each(|i| *i = NONE);
    }

    fn add_text(&mut self, s: &[u8]) -> u32 {
        let len = u32::try_from(s.len()).unwrap_or(u32::MAX);
        self.plain.extend_from_slice(&len.to_le_bytes());
        self.plain.extend_from_slice(s);
        self.len += 1;
        self.len - 1
    }

    /// The index of the integer `n`, added if new.
    #[inline]
    pub fn int(&mut self, n: i64) -> u32 {
        if (0..1024).contains(&n) {
            if self.small.is_empty() {
                self.small = vec![NONE; 1024];
            }
            let k = n as usize;
            if self.small[k] == NONE {
                self.small[k] = self.add_int(n);
            }
            return self.small[k];
        }
        if let Some(&i) = self.ints.get(&n) {
            return i;
        }
        let i = self.add_int(n);
        self.ints.insert(n, i);
        i
    }

    fn add_int(&mut self, n: i64) -> u32 {
        self.plain.extend_from_slice(&n.to_le_bytes());
        self.len += 1;
        self.len - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`short`] as plainly as it can be written.
    fn plainly(s: &[u8]) -> Option<u128> {
        (s.len() <= 15).then(|| {
            let mut bytes = [0u8; 16];
            bytes[..s.len()].copy_from_slice(s);
            bytes[15] = s.len() as u8;
            u128::from_le_bytes(bytes)
        })
    }

    #[test]
    fn texts_in_stretches_have_the_indices_each_text_has() {
        let cases: [&[&str]; 6] = [
            &["a.sgn", "a.sgn", "a.sgn", "b.sgn", "b.sgn", "a.sgn"],
            &["", "", "", "x", "", ""],
            &["c4-c3", "d4-d3", "c4-c3", "c4-c3", "e1-e2", "e1-e2"],
            &["ab", "abab", "ab", "ab", "ba", "ab"],
            &[
                "a long file name.sgn",
                "a long file name.sgn",
                "a long file name.sgm",
            ],
            &["", "aa", "aa", "a", "a", ""],
        ];
        for texts in cases {
            let mut bytes = Vec::new();
            let mut ends = Vec::new();
            for t in texts {
                bytes.extend_from_slice(t.as_bytes());
                ends.push(bytes.len() as u32);
            }
            for from in 0..texts.len() {
                let start = if from == 0 {
                    0
                } else {
                    ends[from - 1] as usize
                };
                let mut d = Dictionary::default();
                let mut got = Vec::new();
                d.texts(&bytes, &ends[from..], start, &mut got);
                let mut one = Dictionary::default();
                let want: Vec<u32> = texts[from..]
                    .iter()
                    .map(|t| one.text(t.as_bytes()))
                    .collect();
                assert_eq!(got, want, "{texts:?} from {from}");
                assert_eq!(d.plain, one.plain);
            }
        }
    }

    #[test]
    fn short_texts_are_numbered_as_their_bytes_and_length() {
        let text: Vec<u8> = (1..=20u8).map(|b| b.wrapping_mul(37)).collect();
        for n in 0..=text.len() {
            for start in 0..3 {
                let s = text.get(start..start + n).unwrap_or_default();
                assert_eq!(short(s), plainly(s), "{s:?}");
            }
        }
        assert_ne!(short(b"a"), short(b"a\0"));
    }
}
