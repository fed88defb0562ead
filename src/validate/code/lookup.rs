//! Finding a code by any unambiguous part of it, as `seega explain` takes one: `too-far`,
//! `place-centre`, `move::too-far`, `seega::move::too-far`; and the nearest codes otherwise.

use super::Code;

/// What a lookup of a code found ([`Code::lookup`]) when it did not find one code.
///
/// ```
/// use seega::validate::{Code, NotACode};
///
/// assert_eq!(Code::lookup("too-far"), Ok(Code::MoveFar));
/// let Err(NotACode::Ambiguous(codes)) = Code::lookup("occupied") else { panic!() };
/// assert_eq!(codes, [Code::PlaceOccupied, Code::MoveOccupied]);
/// let Err(NotACode::Unknown(nearest)) = Code::lookup("place-center") else { panic!() };
/// assert_eq!(nearest, [Code::PlaceCentre]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotACode {
    /// Several codes end with (or hold) what was written: they are listed.
    Ambiguous(Vec<Code>),
    /// No code does; the nearest ones by spelling, if any are near.
    Unknown(Vec<Code>),
}

/// `s` lowercase with `::`, `_`, `.`, `/` and blank space as `-`, the prefix `seega` dropped.
fn normal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.trim().chars() {
        let c = match c {
            ':' | '_' | '.' | '/' | ' ' => '-',
            c => c.to_ascii_lowercase(),
        };
        if !(c == '-' && (out.is_empty() || out.ends_with('-'))) {
            out.push(c);
        }
    }
    let out = out.trim_end_matches('-');
    out.strip_prefix("seega-").unwrap_or(out).to_owned()
}

/// The edit distance between `a` and `b` (insertions, deletions, substitutions).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

impl Code {
    /// The code that `s` names: the code itself (with or without `seega::`), or any part of it
    /// that only one code ends with, or holds between its separators (`too-far`,
    /// `place-centre`, `unterminated-comment`); `::`, `-`, `_` and case are not told apart.
    /// When several codes match, [`NotACode::Ambiguous`] lists them; when none does,
    /// [`NotACode::Unknown`] holds the nearest by spelling. The example is [`NotACode`]'s.
    pub fn lookup(s: &str) -> Result<Code, NotACode> {
        if let Some(code) = Code::parse(s.trim()) {
            return Ok(code);
        }
        let want = normal(s);
        let names: Vec<(Code, String)> = Code::ALL
            .into_iter()
            .map(|c| (c, normal(c.as_str())))
            .collect();
        // First the codes whose last parts are what was written (`tag` is `syntax::tag`, not
        // `syntax::unterminated-tag`), then those that end with it, then those that hold it.
        let tier = |k: usize, code: Code, n: &str| match k {
            0 => {
                let parts: Vec<&str> = code.as_str().split("::").collect();
                (0..parts.len()).any(|p| normal(&parts[p..].join("::")) == want)
            }
            1 => n.ends_with(&format!("-{want}")),
            _ => format!("-{n}-").contains(&format!("-{want}-")),
        };
        let found = (0..3)
            .map(|k| {
                names
                    .iter()
                    .filter(|(c, n)| tier(k, *c, n))
                    .map(|(c, _)| *c)
                    .collect::<Vec<_>>()
            })
            .find(|found| !found.is_empty())
            .unwrap_or_default();
        match found[..] {
            [one] => return Ok(one),
            [_, _, ..] if !want.is_empty() => return Err(NotACode::Ambiguous(found)),
            _ => {}
        }
        // The nearest: by the whole code, or by its last parts, within a third of the length.
        let near = |n: &str| {
            let parts: Vec<&str> = n.split('-').collect();
            (0..parts.len())
                .map(|k| distance(&want, &parts[k..].join("-")))
                .min()
                .unwrap_or(usize::MAX)
        };
        let best = names
            .iter()
            .map(|(_, n)| near(n))
            .min()
            .unwrap_or(usize::MAX);
        let nearest = if best <= (want.chars().count() / 3).max(1) {
            names
                .iter()
                .filter(|(_, n)| near(n) == best)
                .map(|(c, _)| *c)
                .collect()
        } else {
            Vec::new()
        };
        Err(NotACode::Unknown(nearest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_unambiguous_part_names_a_code() {
        for (query, want) in [
            ("seega::move::too-far", Code::MoveFar),
            ("move::too-far", Code::MoveFar),
            ("too-far", Code::MoveFar),
            ("TOO_FAR", Code::MoveFar),
            ("place-centre", Code::PlaceCentre),
            ("centre", Code::PlaceCentre),
            ("unterminated-comment", Code::SyntaxUnterminatedComment),
            ("token", Code::SyntaxToken),
            ("tag-mismatch", Code::ResultTagMismatch),
            ("syntax tag", Code::SyntaxTag),
        ] {
            assert_eq!(Code::lookup(query), Ok(want), "{query}");
        }
    }

    #[test]
    fn several_matches_are_listed_and_none_gives_the_nearest() {
        assert_eq!(
            Code::lookup("tag"),
            Ok(Code::SyntaxTag),
            "a code whose last part it is comes before one that ends with it"
        );
        assert_eq!(
            Code::lookup("unterminated"),
            Err(NotACode::Ambiguous(vec![
                Code::SyntaxUnterminatedTag,
                Code::SyntaxUnterminatedComment
            ]))
        );
        let Err(NotACode::Ambiguous(codes)) = Code::lookup("ludii") else {
            panic!("ludii names many codes")
        };
        assert!(codes.len() > 3);
        assert_eq!(
            Code::lookup("too-farr"),
            Err(NotACode::Unknown(vec![Code::MoveFar]))
        );
        assert_eq!(
            Code::lookup("move::to-far"),
            Err(NotACode::Unknown(vec![Code::MoveFar]))
        );
        assert_eq!(Code::lookup("xyzzy"), Err(NotACode::Unknown(vec![])));
        assert_eq!(Code::lookup(""), Err(NotACode::Unknown(vec![])));
    }
}
