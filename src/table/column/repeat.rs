//! One value given to many rows at once: the columns a game's turns all hold the same value
//! of (the turns table's file, game and line).

use super::{Leaf, Values};

impl Leaf {
    /// The text `s`, `n` times, at repetition level `rep` (what `n` calls of [`Leaf::text`]
    /// give, the text copied a doubling run at a time).
    ///
    /// ```
    /// use seega::table::Leaf;
    ///
    /// let mut leaf = Leaf::texts(0, 0);
    /// leaf.text(0, "a.sgn");
    /// leaf.repeat_text(0, "b.sgn", 3);
    /// assert_eq!(leaf.values.len(), 4);
    /// assert_eq!(leaf.values.text(3), b"b.sgn");
    /// ```
    pub fn repeat_text(&mut self, rep: u8, s: &str, n: usize) {
        self.repeat_levels(rep, n);
        match &mut self.values {
            Values::Text { bytes, ends } => {
                let (start, len) = (bytes.len(), s.len());
                bytes.reserve(len * n);
                if n > 0 {
                    bytes.extend_from_slice(s.as_bytes());
                }
                while bytes.len() - start < len * n {
                    let have = bytes.len() - start;
                    bytes.extend_from_within(start..start + have.min(len * n - have));
                }
                let end = |k: usize| u32::try_from(start + k * len).unwrap_or(u32::MAX);
                ends.extend((1..=n).map(end));
            }
            values => (0..n).for_each(|_| values.push_text(s)),
        }
    }

    /// The integer `v`, `n` times, at repetition level `rep`.
    ///
    /// ```
    /// use seega::table::{Leaf, Values};
    ///
    /// let mut leaf = Leaf::ints(0, 0);
    /// leaf.repeat_int(0, 7, 2);
    /// assert!(matches!(&leaf.values, Values::Int(v) if v == &[7, 7]));
    /// ```
    pub fn repeat_int(&mut self, rep: u8, v: i64, n: usize) {
        self.repeat_levels(rep, n);
        if let Values::Int(ints) = &mut self.values {
            ints.extend(std::iter::repeat_n(v, n));
        }
    }

    /// `n` entries' levels, each with a value.
    fn repeat_levels(&mut self, rep: u8, n: usize) {
        if self.max_rep > 0 {
            self.rep.extend(std::iter::repeat_n(rep, n));
        }
        if self.max_def > 0 {
            self.def.extend(std::iter::repeat_n(self.max_def, n));
        }
    }
}
