//! The rows of a table in Parquet's own terms: one [`Leaf`] per leaf column of the schema, in
//! the schema's order, each its repetition and definition levels (only those its column has)
//! and its values (the non-null ones, plain). The levels are known from the rows' structure (a
//! game's turns, a turn's steps), so the tables fill them as they go; `page.rs` encodes a
//! leaf's pieces into pages.
//!
//! Arrow arrays could be made from the same leaves, should a reader want record batches: a
//! leaf's texts are already an Arrow string array's offsets and bytes, its integers and
//! booleans its values; a level below a column's maximum definition level is a null (or an
//! empty list, at the level of the list), and a repetition level below a list's own level
//! starts a new list, which gives each list's offsets and each optional value's validity (the
//! inverse of the crate's `compute_leaves`); coded texts (squares, sides, kinds) are an Arrow
//! dictionary array's keys, their names its values.

use crate::render::game_json::{KindName, Side};

/// A closed set of names, whose values a leaf holds as their numbers: most of a game's texts
/// (squares, sides, kinds), which so cost neither a copy nor a dictionary look-up by text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Names {
    /// `a1` to `i9`, numbered as [`crate::Square::index`] (`rank * 9 + file`).
    Squares,
    /// `black`, `white`, numbered as [`Side`]'s variants.
    Sides,
    /// `place`, `move`, `pass`, numbered as [`KindName`]'s variants.
    Kinds,
}

/// Every square's name, numbered as [`Names::Squares`] numbers them.
static SQUARE_NAMES: [[u8; 2]; 81] = {
    let mut names = [[0; 2]; 81];
    let mut i = 0;
    while i < 81 {
        names[i] = [b'a' + (i % 9) as u8, b'1' + (i / 9) as u8];
        i += 1;
    }
    names
};

impl Names {
    /// How many names there are (never none).
    #[allow(clippy::len_without_is_empty, reason = "a set of names is never empty")]
    pub fn len(self) -> u32 {
        match self {
            Names::Squares => 81,
            Names::Sides => 2,
            Names::Kinds => 3,
        }
    }

    /// The name numbered `code` (below [`Names::len`]).
    pub fn name(self, code: u32) -> &'static [u8] {
        let i = code as usize;
        let sides = [Side::Black, Side::White];
        let kinds = [KindName::Place, KindName::Move, KindName::Pass];
        match self {
            Names::Squares => SQUARE_NAMES.get(i).map_or(&[], |n| n.as_slice()),
            Names::Sides => sides.get(i).map_or("", |s| s.as_str()).as_bytes(),
            Names::Kinds => kinds.get(i).map_or("", |k| k.as_str()).as_bytes(),
        }
    }

    /// The number of the square named `s`, if it names one.
    #[inline]
    pub fn square(s: &[u8]) -> Option<u32> {
        match *s {
            [f @ b'a'..=b'i', r @ b'1'..=b'9'] => {
                Some(u32::from(r - b'1') * 9 + u32::from(f - b'a'))
            }
            _ => None,
        }
    }
}

/// A leaf's values, the null ones left out.
#[derive(Debug, Clone)]
pub enum Values {
    /// `INT64`.
    Int(Vec<i64>),
    /// `BOOLEAN`.
    Bool(Vec<bool>),
    /// `BYTE_ARRAY` (`STRING`).
    Text {
        /// The texts one after the other.
        bytes: Vec<u8>,
        /// Where each text ends in `bytes`.
        ends: Vec<u32>,
    },
    /// `BYTE_ARRAY` (`STRING`) of `names`: each value its name's number, or, from
    /// `names.len()` on, that plus the number of a text of `other` (a square written that
    /// names none).
    Coded {
        /// The names.
        names: Names,
        /// Each value's number.
        codes: Vec<u32>,
        /// The texts that name none of the names.
        other: Box<Values>,
    },
}

impl Values {
    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many values there are.
    pub fn len(&self) -> usize {
        match self {
            Values::Int(v) => v.len(),
            Values::Bool(v) => v.len(),
            Values::Text { ends, .. } => ends.len(),
            Values::Coded { codes, .. } => codes.len(),
        }
    }

    /// Adds the integer `n`.
    #[inline(always)]
    pub fn push_int(&mut self, n: i64) {
        if let Values::Int(v) = self {
            v.push(n);
        }
    }

    /// Adds the boolean `b`.
    #[inline(always)]
    pub fn push_bool(&mut self, b: bool) {
        if let Values::Bool(v) = self {
            v.push(b);
        }
    }

    /// Adds the text `s`.
    #[inline(always)]
    pub fn push_text(&mut self, s: &str) {
        match self {
            Values::Text { bytes, ends } => push_text(bytes, ends, s.as_bytes()),
            Values::Coded { .. } => self.push_square(s),
            _ => {}
        }
    }

    /// Adds the text `s`, a square's name if it names one.
    #[inline(always)]
    pub fn push_square(&mut self, s: &str) {
        if let Values::Coded {
            names,
            codes,
            other,
        } = self
        {
            match Names::square(s.as_bytes()).filter(|_| *names == Names::Squares) {
                Some(code) => codes.push(code),
                None => {
                    codes.push(names.len() + other.len() as u32);
                    if let Values::Text { bytes, ends } = other.as_mut() {
                        push_text(bytes, ends, s.as_bytes());
                    }
                }
            }
        }
    }

    /// No values of the same kind.
    fn empty_like(&self, room: bool) -> Values {
        let n = |len: usize| if room { len } else { 0 };
        match self {
            Values::Int(v) => Values::Int(Vec::with_capacity(n(v.len()))),
            Values::Bool(v) => Values::Bool(Vec::with_capacity(n(v.len()))),
            Values::Text { bytes, ends } => Values::Text {
                bytes: Vec::with_capacity(n(bytes.len())),
                ends: Vec::with_capacity(n(ends.len())),
            },
            Values::Coded { names, codes, .. } => Values::Coded {
                names: *names,
                codes: Vec::with_capacity(n(codes.len())),
                other: Box::new(Values::texts()),
            },
        }
    }

    /// No texts.
    fn texts() -> Values {
        Values::Text {
            bytes: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// The first `n` values, taken out.
    fn split_off_front(&mut self, n: usize) -> Values {
        match self {
            Values::Int(v) => {
                let rest = v.split_off(n);
                Values::Int(std::mem::replace(v, rest))
            }
            Values::Bool(v) => {
                let rest = v.split_off(n);
                Values::Bool(std::mem::replace(v, rest))
            }
            Values::Coded {
                names,
                codes,
                other,
            } => {
                let rest = codes.split_off(n);
                Values::Coded {
                    names: *names,
                    codes: std::mem::replace(codes, rest),
                    // The texts of the codes of both.
                    other: other.clone(),
                }
            }
            Values::Text { bytes, ends } => {
                let cut = if n == 0 { 0 } else { ends[n - 1] };
                let rest_bytes = bytes.split_off(cut as usize);
                let rest_ends: Vec<u32> = ends[n..].iter().map(|e| e - cut).collect();
                ends.truncate(n);
                Values::Text {
                    bytes: std::mem::replace(bytes, rest_bytes),
                    ends: std::mem::replace(ends, rest_ends),
                }
            }
        }
    }

    /// Adds the `i`th value of `from`, values of the same kind.
    fn push_from(&mut self, from: &Values, i: usize) {
        match (self, from) {
            (Values::Int(v), Values::Int(f)) => v.push(f[i]),
            (Values::Bool(v), Values::Bool(f)) => v.push(f[i]),
            (Values::Text { bytes, ends }, Values::Text { .. }) => {
                push_text(bytes, ends, from.text(i));
            }
            (into @ Values::Coded { .. }, Values::Coded { names, codes, .. }) => {
                match codes[i].checked_sub(names.len()) {
                    None => {
                        if let Values::Coded { codes: to, .. } = into {
                            to.push(codes[i]);
                        }
                    }
                    // A text that names none of the names: numbered among the new texts.
                    Some(_) => {
                        if let Values::Coded {
                            names,
                            codes: to,
                            other,
                        } = into
                        {
                            to.push(names.len() + other.len() as u32);
                            if let Values::Text { bytes, ends } = other.as_mut() {
                                push_text(bytes, ends, from.text(i));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// Adds the values `range` of `from`, values of the same kind.
    fn extend_from(&mut self, from: &Values, range: std::ops::Range<usize>) {
        match (self, from) {
            (Values::Int(v), Values::Int(f)) => v.extend_from_slice(&f[range]),
            (Values::Bool(v), Values::Bool(f)) => v.extend_from_slice(&f[range]),
            (
                Values::Text { bytes, ends },
                Values::Text {
                    bytes: fb,
                    ends: fe,
                },
            ) => {
                let at = |i: usize| if i == 0 { 0 } else { fe[i - 1] };
                let (from_start, before) = (at(range.start), bytes.len() as u32);
                bytes.extend_from_slice(&fb[from_start as usize..at(range.end) as usize]);
                ends.extend(fe[range].iter().map(|e| e - from_start + before));
            }
            // Codes of names only: the same numbers.
            (
                Values::Coded { codes, .. },
                Values::Coded {
                    codes: fc, other, ..
                },
            ) if other.is_empty() => {
                codes.extend_from_slice(&fc[range]);
            }
            (into, _) => {
                for i in range {
                    into.push_from(from, i);
                }
            }
        }
    }

    /// `i`th text (empty for other values).
    pub fn text(&self, i: usize) -> &[u8] {
        match self {
            Values::Text { bytes, ends } => {
                let start = if i == 0 { 0 } else { ends[i - 1] as usize };
                &bytes[start..ends[i] as usize]
            }
            Values::Coded {
                names,
                codes,
                other,
            } => match codes[i].checked_sub(names.len()) {
                None => names.name(codes[i]),
                Some(k) => other.text(k as usize),
            },
            _ => &[],
        }
    }
}

/// One leaf column of some rows: its levels and values.
#[derive(Debug, Clone)]
pub struct Leaf {
    /// The highest repetition level of its column.
    pub max_rep: u8,
    /// The highest definition level of its column.
    pub max_def: u8,
    /// One repetition level per entry (empty when `max_rep` is 0).
    pub rep: Vec<u8>,
    /// One definition level per entry (empty when `max_def` is 0).
    pub def: Vec<u8>,
    /// The values, the null ones left out.
    pub values: Values,
}

impl Leaf {
    fn new(max_rep: u8, max_def: u8, values: Values) -> Leaf {
        Leaf {
            max_rep,
            max_def,
            rep: Vec::new(),
            def: Vec::new(),
            values,
        }
    }

    /// A leaf of texts whose column has those highest levels.
    pub fn texts(max_rep: u8, max_def: u8) -> Leaf {
        let values = Values::Text {
            bytes: Vec::new(),
            ends: Vec::new(),
        };
        Leaf::new(max_rep, max_def, values)
    }

    /// A leaf of texts of `names`.
    pub fn coded(max_rep: u8, max_def: u8, names: Names) -> Leaf {
        let values = Values::Coded {
            names,
            codes: Vec::new(),
            other: Box::new(Values::texts()),
        };
        Leaf::new(max_rep, max_def, values)
    }

    /// A leaf of integers.
    pub fn ints(max_rep: u8, max_def: u8) -> Leaf {
        Leaf::new(max_rep, max_def, Values::Int(Vec::new()))
    }

    /// A leaf of booleans.
    pub fn bools(max_rep: u8, max_def: u8) -> Leaf {
        Leaf::new(max_rep, max_def, Values::Bool(Vec::new()))
    }

    /// The leaf with room for `n` entries and values, of `bytes` bytes of text each.
    pub fn with_room(mut self, n: usize, bytes: usize) -> Leaf {
        if self.max_rep > 0 {
            self.rep.reserve(n);
        }
        if self.max_def > 0 {
            self.def.reserve(n);
        }
        match &mut self.values {
            Values::Int(v) => v.reserve(n),
            Values::Bool(v) => v.reserve(n),
            Values::Text { bytes: b, ends } => {
                b.reserve(n * bytes);
                ends.reserve(n);
            }
            Values::Coded { codes, .. } => codes.reserve(n),
        }
        self
    }

    /// An entry with no value (a null or an empty list) at levels `rep` and `def`.
    #[inline(always)]
    pub fn null(&mut self, rep: u8, def: u8) {
        if self.max_rep > 0 {
            self.rep.push(rep);
        }
        if self.max_def > 0 {
            self.def.push(def);
        }
    }

    /// An entry with no value at levels `rep` and `def`, of a leaf whose column is in a list
    /// and has a definition level (what [`Leaf::null`] does, without asking).
    #[inline(always)]
    pub fn listed_null(&mut self, rep: u8, def: u8) {
        debug_assert!(self.max_rep > 0 && self.max_def > 0, "a leaf in a list");
        self.rep.push(rep);
        self.def.push(def);
    }

    /// The square named `s` at repetition level `rep`, of a leaf of [`Names::Squares`] whose
    /// column is in a list (what [`Leaf::text`] does, without asking).
    #[inline(always)]
    pub fn listed_square(&mut self, rep: u8, s: &str) {
        self.listed_null(rep, self.max_def);
        self.values.push_square(s);
    }

    /// The square numbered `code` ([`Names::Squares`]) at repetition level `rep`, of a leaf of
    /// squares whose column is in a list (what [`Leaf::listed_square`] does with
    /// its name).
    #[inline(always)]
    pub fn listed_code(&mut self, rep: u8, code: u32) {
        self.listed_null(rep, self.max_def);
        if let Values::Coded { codes, .. } = &mut self.values {
            codes.push(code);
        }
    }

    /// The text `s` at levels `rep` and `def` (the column's highest, as a value is).
    #[inline(always)]
    pub fn text(&mut self, rep: u8, s: &str) {
        self.null(rep, self.max_def);
        self.values.push_text(s);
    }

    /// The integer `n` at repetition level `rep`.
    #[inline(always)]
    pub fn int(&mut self, rep: u8, n: i64) {
        self.null(rep, self.max_def);
        self.values.push_int(n);
    }

    /// The boolean `b` at repetition level `rep`.
    #[inline(always)]
    pub fn bool(&mut self, rep: u8, b: bool) {
        self.null(rep, self.max_def);
        self.values.push_bool(b);
    }

    /// The text `s` at repetition level `rep`, or a null one below the highest definition level.
    #[inline(always)]
    pub fn opt_text(&mut self, rep: u8, s: Option<&str>) {
        match s {
            Some(s) => self.text(rep, s),
            None => self.null(rep, self.max_def - 1),
        }
    }

    /// The text of bytes `s` at repetition level `rep`, or a null.
    #[inline(always)]
    pub fn opt_bytes(&mut self, rep: u8, s: Option<&[u8]>) {
        match s {
            Some(s) => {
                self.null(rep, self.max_def);
                if let Values::Text { bytes, ends } = &mut self.values {
                    push_text(bytes, ends, s);
                }
            }
            None => self.null(rep, self.max_def - 1),
        }
    }

    /// The square numbered `code` ([`Names::Squares`]) at repetition level `rep`, or a null
    /// (what [`Leaf::opt_text`] does with its name, without reading the name back).
    #[inline]
    pub fn opt_code(&mut self, rep: u8, code: Option<u32>) {
        match code {
            Some(code) => {
                self.null(rep, self.max_def);
                if let Values::Coded { codes, .. } = &mut self.values {
                    codes.push(code);
                }
            }
            None => self.null(rep, self.max_def - 1),
        }
    }

    /// The text that `write` appends to a buffer, at repetition level `rep` (written where
    /// the leaf holds its texts, not copied there).
    ///
    /// ```
    /// use seega::table::Leaf;
    ///
    /// let mut leaf = Leaf::texts(0, 1);
    /// leaf.text_with(0, |out| out.extend_from_slice(b"5/5/5/5/5 b"));
    /// assert_eq!(leaf.values.text(0), b"5/5/5/5/5 b");
    /// ```
    #[inline]
    pub fn text_with(&mut self, rep: u8, write: impl FnOnce(&mut Vec<u8>)) {
        self.null(rep, self.max_def);
        if let Values::Text { bytes, ends } = &mut self.values {
            write(bytes);
            ends.push(u32::try_from(bytes.len()).unwrap_or(u32::MAX));
        }
    }

    /// The integer `n` at repetition level `rep`, or a null.
    #[inline]
    pub fn opt_int(&mut self, rep: u8, n: Option<i64>) {
        match n {
            Some(n) => self.int(rep, n),
            None => self.null(rep, self.max_def - 1),
        }
    }

    /// The boolean `b` at repetition level `rep`, or a null.
    #[inline]
    pub fn opt_bool(&mut self, rep: u8, b: Option<bool>) {
        match b {
            Some(b) => self.bool(rep, b),
            None => self.null(rep, self.max_def - 1),
        }
    }

    /// Entries (levels, or values when the column has none).
    pub fn entries(&self) -> usize {
        if self.max_def > 0 {
            self.def.len()
        } else {
            self.values.len()
        }
    }

    /// Adds the entries of `more`, a leaf of the same column.
    pub fn append(&mut self, more: &Leaf) {
        self.rep.extend_from_slice(&more.rep);
        self.def.extend_from_slice(&more.def);
        self.values.extend_from(&more.values, 0..more.values.len());
    }

    /// No entries, of the same column.
    pub fn empty_like(&self) -> Leaf {
        Leaf::new(self.max_rep, self.max_def, self.values.empty_like(false))
    }

    /// The leaf's entries taken out, leaving it empty with room for as many (a table's
    /// chunks are alike, so its leaves seldom grow).
    pub fn take(&mut self) -> Leaf {
        let empty = self.values.empty_like(true);
        let (rep, def) = (self.rep.len(), self.def.len());
        Leaf {
            max_rep: self.max_rep,
            max_def: self.max_def,
            rep: std::mem::replace(&mut self.rep, Vec::with_capacity(rep)),
            def: std::mem::replace(&mut self.def, Vec::with_capacity(def)),
            values: std::mem::replace(&mut self.values, empty),
        }
    }
}

/// Appends the text `s` to `bytes` and its end to `ends`.
#[inline(always)]
fn push_text(bytes: &mut Vec<u8>, ends: &mut Vec<u32>, s: &[u8]) {
    bytes.extend_from_slice(s);
    ends.push(u32::try_from(bytes.len()).unwrap_or(u32::MAX));
}

mod repeat;
mod route;
mod rows;
#[cfg(test)]
mod tests;
