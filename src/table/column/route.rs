//! What partitioned output needs of rows: each row's value of a column, compared and shown,
//! and a leaf's rows handed to the leaves of their partitions.

use super::{Leaf, Values};

impl Values {
    /// Whether the values `i` and `j` are equal.
    pub fn same(&self, i: usize, j: usize) -> bool {
        match self {
            Values::Int(v) => v[i] == v[j],
            Values::Bool(v) => v[i] == v[j],
            _ => self.text(i) == self.text(j),
        }
    }

    /// The `i`th value as a partition's value (`Int`s in decimal, `Bool`s `true` or `false`).
    pub fn shown(&self, i: usize) -> String {
        match self {
            Values::Int(v) => v[i].to_string(),
            Values::Bool(v) => v[i].to_string(),
            _ => String::from_utf8_lossy(self.text(i)).into_owned(),
        }
    }
}

impl Leaf {
    /// The number among the values of each row's value, in a column that holds one a row (no
    /// list above it); `None` for a null.
    pub fn row_values(&self) -> Vec<Option<usize>> {
        let mut next = 0;
        (0..self.entries())
            .map(|e| {
                let present = self.max_def == 0 || self.def[e] == self.max_def;
                present.then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect()
    }

    /// Hands each row to the leaf `outs[to[row]]`, in order: its entries (a list's all, up to
    /// the next row's start) and their values, rows going to the same leaf one after the
    /// other copied together.
    pub fn route(&self, to: &[usize], outs: &mut [Leaf]) {
        let n = self.entries();
        // Where the row starting at entry `e` ends.
        let row_end = |e: usize| {
            let mut end = e + 1;
            if self.max_rep > 0 {
                while end < n && self.rep[end] != 0 {
                    end += 1;
                }
            }
            end
        };
        let (mut e, mut v, mut row) = (0, 0, 0);
        while e < n && row < to.len() {
            let k = to[row];
            let mut end = row_end(e);
            row += 1;
            while row < to.len() && to[row] == k && end < n {
                end = row_end(end);
                row += 1;
            }
            let values = if self.max_def == 0 {
                end - e
            } else {
                self.def[e..end]
                    .iter()
                    .filter(|&&d| d == self.max_def)
                    .count()
            };
            let Some(out) = outs.get_mut(k) else {
                return;
            };
            if self.max_rep > 0 {
                out.rep.extend_from_slice(&self.rep[e..end]);
            }
            if self.max_def > 0 {
                out.def.extend_from_slice(&self.def[e..end]);
            }
            out.values.extend_from(&self.values, v..v + values);
            (e, v) = (end, v + values);
        }
    }
}
