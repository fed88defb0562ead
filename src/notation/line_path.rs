//! Where a line of a game's movetext tree is: the main line, or a variation reached by its
//! branches (`spec/notation.md`, N9).

use std::fmt;
use std::str::FromStr;

/// One branch of a [`LinePath`]: the variation numbered `index` (from 1) among those written
/// after turn `turn` of the line it branches from, an alternative to that turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Branch {
    /// The number of the turn the variation is an alternative to (from 1, counted as in the
    /// main line).
    pub turn: u64,
    /// Its place among the variations written after that turn, from 1.
    pub index: u32,
}

/// A line of a game: the main line (no branch), or a variation, the branches from the main
/// line down to it. Written `14.1` (the first variation after turn 14 of the main line), and
/// `14.1/16.2` (the second variation after turn 16 of that one); the main line is written as
/// the empty string.
///
/// ```
/// use seega::notation::{Branch, LinePath};
///
/// let path: LinePath = "14.1/16.2".parse().unwrap();
/// assert_eq!(path.branches(), [Branch { turn: 14, index: 1 }, Branch { turn: 16, index: 2 }]);
/// assert_eq!(path.to_string(), "14.1/16.2");
/// assert_eq!(path.parent().unwrap().to_string(), "14.1");
/// assert!(LinePath::main().is_main() && "".parse::<LinePath>().unwrap().is_main());
/// assert!("14".parse::<LinePath>().is_err() && "0.1".parse::<LinePath>().is_err());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LinePath(Vec<Branch>);

impl LinePath {
    /// The main line.
    pub fn main() -> LinePath {
        LinePath(Vec::new())
    }

    /// Whether this is the main line.
    pub fn is_main(&self) -> bool {
        self.0.is_empty()
    }

    /// The branches from the main line, outermost first.
    pub fn branches(&self) -> &[Branch] {
        &self.0
    }

    /// How deep the line is: 0 for the main line.
    pub fn depth(&self) -> usize {
        self.0.len()
    }

    /// The variation numbered `index` after turn `turn` of this line.
    pub fn child(&self, turn: u64, index: u32) -> LinePath {
        let mut branches = Vec::with_capacity(self.0.len() + 1);
        branches.extend_from_slice(&self.0);
        branches.push(Branch { turn, index });
        LinePath(branches)
    }

    /// The line this one branches from; `None` for the main line.
    pub fn parent(&self) -> Option<LinePath> {
        let (_, rest) = self.0.split_last()?;
        Some(LinePath(rest.to_vec()))
    }
}

impl fmt::Display for LinePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, b) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str("/")?;
            }
            write!(f, "{}.{}", b.turn, b.index)?;
        }
        Ok(())
    }
}

/// A line path that does not read: not `TURN.INDEX` parts joined by `/`, each number from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is no line: write a variation as TURN.INDEX (`14.1`), nested ones joined by `/` (`14.1/16.2`)"
)]
pub struct BadLinePath(pub String);

impl FromStr for LinePath {
    type Err = BadLinePath;

    fn from_str(s: &str) -> Result<LinePath, BadLinePath> {
        if s.is_empty() {
            return Ok(LinePath::main());
        }
        let bad = || BadLinePath(s.to_owned());
        let branch = |part: &str| {
            let (turn, index) = part.split_once('.')?;
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            if !digits(turn) || !digits(index) {
                return None;
            }
            let (turn, index) = (turn.parse().ok()?, index.parse().ok()?);
            (turn > 0 && index > 0).then_some(Branch { turn, index })
        };
        s.split('/')
            .map(|part| branch(part).ok_or_else(bad))
            .collect::<Result<_, _>>()
            .map(LinePath)
    }
}
