//! A small mutation engine for the stable driver: a seeded xorshift generator and byte-level
//! mutations biased towards the notation's own tokens. No dependencies, so the main crate's
//! tests can include it too.

/// Tokens of the notation and known troublemakers, inserted whole by the mutator.
pub const DICTIONARY: &[&[u8]] = &[
    b"[",
    b"]",
    b"\"",
    b"\\",
    b"{",
    b"}",
    b";",
    b"\n",
    b"\r",
    b"\r\n",
    b" ",
    b"\t",
    b"\0",
    b"\xEF\xBB\xBF",
    b"\xFF",
    b"\xC3",
    b"\xE2\x82",
    b"\xF0\x9F\x98",
    b"\xC3\xA9",
    b"\xE1\xB8\xA5",
    b"[Event \"",
    b"[Rules \"",
    b"[Position \"",
    b"[Result \"",
    b"[Black \"",
    b"[White \"",
    b"\"]\n",
    b"standard",
    b"ludus",
    b"seesa",
    b" size=7",
    b" size=9",
    b" chain=none",
    b" forced=yes",
    b" barrier=line",
    b" barrier=none",
    b"bbw1w/5/2b2/5/w3w b",
    b"5/5/5/5/5 w",
    b"1.",
    b"7...",
    b"99999999999999999999.",
    b"4294967295.",
    b"0.",
    b"c2,d4",
    b"a1,e5",
    b"b2-b3",
    b"b2-b3xc3",
    b"-b4xa4",
    b"x",
    b"-",
    b",",
    b"--",
    b"!",
    b"?",
    b"!!",
    b"??",
    b"!?",
    b"?!",
    b"$",
    b"$14",
    b"$99999999999",
    b"1-0",
    b"0-1",
    b"1/2-1/2",
    b"*",
    b"a10",
    b"j1",
    b"i9",
    b"a0",
    b"e5",
    b"c3",
    b"(",
    b")",
    b"(1. c2,b3 ",
    b"(1... a1,a2 *)",
    b"((((((((",
    b"))))))))",
    b"{(}",
    b";)\n",
];

/// A xorshift64* generator: fast, seeded, reproducible.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True with probability 1/`n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// Interesting single bytes.
const BYTES: &[u8] = b"\0\n\r\t []{}\";\\-,x!?$*/.0123456789abcdefghij\xFF\xC3\x80";

/// Mutates `data` in place with one to eight stacked mutations; `other` is another input to
/// splice from. The result is at most `max_len` bytes.
pub fn mutate(data: &mut Vec<u8>, other: &[u8], rng: &mut Rng, max_len: usize) {
    let rounds = 1 + rng.below(8);
    for _ in 0..rounds {
        let len = data.len();
        match rng.below(11) {
            0 if len > 0 => {
                let i = rng.below(len);
                data[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let i = rng.below(len);
                data[i] = BYTES[rng.below(BYTES.len())];
            }
            2 | 3 => {
                let tok = DICTIONARY[rng.below(DICTIONARY.len())];
                let i = rng.below(len + 1);
                data.splice(i..i, tok.iter().copied());
            }
            4 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(16.min(len - a))).min(len);
                data.drain(a..b);
            }
            5 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(64.min(len - a))).min(len);
                let chunk: Vec<u8> = data[a..b].to_vec();
                let times = if rng.one_in(8) { 1 + rng.below(64) } else { 1 };
                let at = rng.below(len + 1);
                for _ in 0..times {
                    data.splice(at..at, chunk.iter().copied());
                }
            }
            6 if !other.is_empty() => {
                let a = rng.below(other.len());
                let b = (a + 1 + rng.below(256.min(other.len() - a))).min(other.len());
                let at = rng.below(len + 1);
                data.splice(at..at, other[a..b].iter().copied());
            }
            7 if len > 0 => {
                data.truncate(rng.below(len));
            }
            8 if len > 0 => {
                let a = rng.below(len);
                let b = (a + 1 + rng.below(8.min(len - a))).min(len);
                let tok = DICTIONARY[rng.below(DICTIONARY.len())];
                data.splice(a..b, tok.iter().copied());
            }
            9 => {
                let at = rng.below(len + 1);
                let n = 1 + rng.below(8);
                let junk: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
                data.splice(at..at, junk);
            }
            _ => {
                // Swap two lines: reorders tags, movetext and games.
                let starts: Vec<usize> = std::iter::once(0)
                    .chain(
                        data.iter()
                            .enumerate()
                            .filter(|(_, b)| **b == b'\n')
                            .map(|(i, _)| i + 1),
                    )
                    .filter(|&i| i < len)
                    .collect();
                if starts.len() > 2 {
                    let i = rng.below(starts.len() - 1);
                    let (a, b, c) = (
                        starts[i],
                        starts[i + 1],
                        starts.get(i + 2).copied().unwrap_or(len),
                    );
                    let mut swapped = data[b..c].to_vec();
                    swapped.extend_from_slice(&data[a..b]);
                    data.splice(a..c, swapped);
                }
            }
        }
        if data.len() > max_len {
            data.truncate(max_len);
        }
    }
}
