//! Where a leaf's rows begin, and a leaf cut where one does: what row groups and batches
//! that end within a chunk's rows need.

use super::Leaf;

impl Leaf {
    /// Where row `rows` begins: the number of entries and of values before it (the entries
    /// before the `rows`th one whose repetition level is 0, or the first `rows` entries of a
    /// column not in a list), or the leaf's ends if it has no more rows.
    ///
    /// ```
    /// use seega::table::Leaf;
    ///
    /// // Two rows of a list of integers: [1, null, 3], then an empty list.
    /// let mut leaf = Leaf::ints(1, 2);
    /// leaf.int(0, 1);
    /// leaf.null(1, 1);
    /// leaf.int(1, 3);
    /// leaf.null(0, 0);
    /// assert_eq!(leaf.rows_at(1), (3, 2));
    /// assert_eq!(leaf.rows_at(2), (4, 2));
    /// ```
    pub fn rows_at(&self, rows: usize) -> (usize, usize) {
        self.rows_after((0, 0), rows)
    }

    /// Where the row `rows` rows after the one that begins at `from` (its entries and values
    /// before it, as [`Leaf::rows_at`] gives them) begins.
    ///
    /// ```
    /// use seega::table::Leaf;
    ///
    /// let mut leaf = Leaf::ints(0, 1);
    /// leaf.int(0, 1);
    /// leaf.null(0, 0);
    /// leaf.int(0, 3);
    /// assert_eq!(leaf.rows_after(leaf.rows_at(1), 1), (2, 1));
    /// ```
    pub fn rows_after(&self, (entries, values): (usize, usize), rows: usize) -> (usize, usize) {
        let end = if self.max_rep == 0 {
            (entries + rows).min(self.entries())
        } else {
            // A row starts at each repetition level 0 (found as a byte, a word at a time).
            let rest = self.rep.get(entries..).unwrap_or_default();
            let mut starts = memchr::memchr_iter(0, rest);
            starts.nth(rows).map_or(self.rep.len(), |i| entries + i)
        };
        let added = if self.max_def == 0 {
            end - entries
        } else {
            let max = self.max_def;
            let defs = self.def.get(entries..end).unwrap_or_default();
            defs.iter().filter(|d| **d == max).count()
        };
        (end, values + added)
    }

    /// The first `rows` rows, taken out ([`Leaf::rows_at`]).
    pub fn split_rows(&mut self, rows: usize) -> Leaf {
        let (entries, values) = self.rows_at(rows);
        let rep = if self.max_rep > 0 {
            let rest = self.rep.split_off(entries);
            std::mem::replace(&mut self.rep, rest)
        } else {
            Vec::new()
        };
        let def = if self.max_def > 0 {
            let rest = self.def.split_off(entries);
            std::mem::replace(&mut self.def, rest)
        } else {
            Vec::new()
        };
        Leaf {
            max_rep: self.max_rep,
            max_def: self.max_def,
            rep,
            def,
            values: self.values.split_off_front(values),
        }
    }
}
