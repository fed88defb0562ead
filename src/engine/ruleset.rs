//! Named rulesets: presets plus `key=value` options (rules R20–R21 of `spec/rules.md`).

use std::fmt;

use crate::board::{Color, Size};

/// How a turn may go on after its first step (rule R9).
///
/// ```
/// use seega::{Chain, Ruleset};
/// assert_eq!(Ruleset::parse("standard chain=none").unwrap().chain, Chain::None);
/// assert_eq!(Chain::Capture.as_str(), "capture");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chain {
    /// One step per turn.
    None,
    /// After a capturing step, the piece may take further steps that capture.
    Capture,
    /// After a capturing step, the piece may take a further step of any kind.
    Any,
}

/// Which barriers end the game (rule R15).
///
/// ```
/// use seega::{Barrier, Ruleset};
/// assert_eq!(Ruleset::parse("standard barrier=line").unwrap().barrier, Barrier::Line);
/// assert_eq!(Barrier::Wall.as_str(), "wall");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Barrier {
    /// Barriers do not end the game.
    None,
    /// A closed wall of one side's pieces with nothing of the opponent behind it.
    Wall,
    /// A full inner rank or file of one side with every enemy piece on one side of it.
    Line,
}

/// Whether a piece on the centre can be captured (rule R8).
///
/// ```
/// use seega::{Centre, Ruleset};
/// assert_eq!(Ruleset::parse("standard centre=plain").unwrap().centre, Centre::Plain);
/// assert_eq!(Centre::Immune.as_str(), "immune");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Centre {
    /// A piece on the centre is never captured.
    Immune,
    /// A piece on the centre is captured like any other.
    Plain,
}

/// What a pass asks of the game (rules R12 and R16).
///
/// ```
/// use seega::{Blocked, Ruleset};
/// assert_eq!(Ruleset::parse("standard blocked=pass").unwrap().blocked, Blocked::Pass);
/// assert_eq!(Blocked::Open.as_str(), "open");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Blocked {
    /// The turn after a pass must open the game for the passer (R12), and the game ends at a
    /// pass that cannot be answered so (R16).
    Open,
    /// A pass is only a pass: no opening is owed and the game does not end by it.
    Pass,
}

/// The largest number of turns `limit=N` takes (rule R16a).
pub const MAX_LIMIT: u16 = 1000;

/// A complete set of rule choices.
///
/// ```
/// use seega::{Barrier, Blocked, Centre, Chain, PRESETS, Ruleset, Size};
///
/// let names: Vec<&str> = PRESETS.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names, ["standard", "ludus", "seesa", "ludii"]);
/// let mut rules = Ruleset::preset("standard").unwrap();
/// assert_eq!(rules.size, Size::FIVE);
/// assert_eq!(
///     (rules.chain, rules.barrier, rules.centre, rules.blocked),
///     (Chain::Capture, Barrier::Wall, Centre::Immune, Blocked::Open),
/// );
/// rules.set("chain", "none").unwrap();
/// rules.set("size", "7").unwrap();
/// assert!(rules.set("size", "6").is_err());
/// assert_eq!(rules, Ruleset::parse("standard chain=none size=7").unwrap());
/// assert_eq!((Chain::Any.as_str(), Barrier::Line.as_str()), ("any", "line"));
/// assert_eq!((Centre::Plain.as_str(), Blocked::Pass.as_str()), ("plain", "pass"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Ruleset {
    /// Board size.
    pub size: Size,
    /// The side that places first.
    pub first_placer: Color,
    /// The side that makes the first movement turn.
    pub first_mover: Color,
    /// Chain mode.
    pub chain: Chain,
    /// Whether capturing is compulsory.
    pub forced: bool,
    /// Which barrier ends the game.
    pub barrier: Barrier,
    /// Whether a piece on the centre can be captured.
    pub centre: Centre,
    /// What a pass asks of the game.
    pub blocked: Blocked,
    /// The number of movement turns in a row without a capture that ends the game (R16a), from 1
    /// to `MAX_LIMIT`, or `None`.
    pub limit: Option<u16>,
}

/// The named presets.
///
/// ```
/// let (name, rules) = seega::PRESETS[0];
/// assert_eq!((name, rules.size.get()), ("standard", 5));
/// assert_eq!(seega::Ruleset::preset(name), Some(rules));
/// ```
pub const PRESETS: [(&str, Ruleset); 4] = [
    (
        "standard",
        Ruleset {
            size: Size::FIVE,
            first_placer: Color::Black,
            first_mover: Color::White,
            chain: Chain::Capture,
            forced: false,
            barrier: Barrier::Wall,
            centre: Centre::Immune,
            blocked: Blocked::Open,
            limit: None,
        },
    ),
    (
        "ludus",
        Ruleset {
            size: Size::FIVE,
            first_placer: Color::Black,
            first_mover: Color::White,
            chain: Chain::Capture,
            forced: true,
            barrier: Barrier::Line,
            centre: Centre::Immune,
            blocked: Blocked::Open,
            limit: None,
        },
    ),
    (
        "seesa",
        Ruleset {
            size: Size::SEVEN,
            first_placer: Color::White,
            first_mover: Color::White,
            chain: Chain::Any,
            forced: false,
            barrier: Barrier::Wall,
            centre: Centre::Immune,
            blocked: Blocked::Open,
            limit: None,
        },
    ),
    (
        "ludii",
        Ruleset {
            size: Size::FIVE,
            first_placer: Color::Black,
            first_mover: Color::Black,
            chain: Chain::None,
            forced: false,
            barrier: Barrier::None,
            centre: Centre::Plain,
            blocked: Blocked::Pass,
            limit: None,
        },
    ),
];

/// The option keys, in the order they are written.
pub const OPTION_KEYS: [&str; 9] = [
    "size",
    "first-placer",
    "first-mover",
    "chain",
    "forced",
    "barrier",
    "centre",
    "blocked",
    "limit",
];

/// Why a rules string was refused.
///
/// ```
/// use seega::{RulesError, Ruleset};
///
/// let text = "standard Size=7";
/// let err = Ruleset::parse(text).unwrap_err();
/// assert_eq!(err, RulesError::UnknownOption("Size=7".to_owned()));
/// assert_eq!(err.word(text), Some("Size=7"));
/// assert_eq!(err.meant().as_deref(), Some("size=7"));
/// assert!(err.help().starts_with("Did you mean `size=7`?"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The rules string is empty.
    #[error("the rules string is empty")]
    Empty,
    /// The first word is not a preset.
    #[error("unknown rules preset `{0}`")]
    UnknownPreset(String),
    /// A word is not `key=value` or the key is unknown.
    #[error("unknown rules option `{0}`")]
    UnknownOption(String),
    /// The key is known but the value is not one of its values.
    #[error("`{value}` is not a value of the rules option `{key}`")]
    BadValue {
        /// The option key.
        key: String,
        /// The value written.
        value: String,
    },
    /// An option is written twice.
    #[error("the rules option `{0}` is written twice")]
    Repeated(String),
}

impl RulesError {
    /// The byte range within the rules string that the error is about.
    pub fn word<'a>(&self, text: &'a str) -> Option<&'a str> {
        let needle = match self {
            RulesError::Empty => return None,
            RulesError::UnknownPreset(w) | RulesError::UnknownOption(w) => w.as_str(),
            RulesError::BadValue { value, .. } => value.as_str(),
            RulesError::Repeated(key) => {
                // The second time the key is written.
                let at = text.match_indices(&format!("{key}=")).nth(1)?.0;
                return text.get(at..).map(|rest| {
                    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                    &rest[..end]
                });
            }
        };
        text.find(needle).map(|i| &text[i..i + needle.len()])
    }

    /// A sentence that tells how to write it right (without its final period), after a
    /// question naming the word meant when only its letter case is wrong.
    pub fn help(&self) -> String {
        match self.meant() {
            Some(meant) => format!("Did you mean `{meant}`? {}", self.how()),
            None => self.how(),
        }
    }

    /// The word meant, when the word refused differs from a preset, an option or a value only
    /// in letter case (`Standard`, `Size=7`, `chain=Capture`).
    pub fn meant(&self) -> Option<String> {
        let known = |word: &str, among: &[&str]| {
            among
                .iter()
                .find(|k| k.eq_ignore_ascii_case(word))
                .map(|k| (*k).to_owned())
        };
        match self {
            RulesError::Empty | RulesError::Repeated(_) => None,
            RulesError::UnknownPreset(w) => known(w, &PRESETS.map(|(n, _)| n)),
            RulesError::UnknownOption(w) => {
                let (key, value) = w.split_once('=')?;
                let key = known(key, &OPTION_KEYS)?;
                let value = known(value, values_of(&key))?;
                Some(format!("{key}={value}"))
            }
            RulesError::BadValue { key, value } => {
                Some(format!("{key}={}", known(value, values_of(key))?))
            }
        }
    }

    /// How to write a rules string right, without a final period.
    fn how(&self) -> String {
        match self {
            RulesError::Empty | RulesError::UnknownPreset(_) => format!(
                "Start the rules with a preset: {}",
                PRESETS.map(|(n, _)| n).join(", ")
            ),
            RulesError::UnknownOption(_) => format!(
                "Options are written key=value with a key among {}",
                OPTION_KEYS.join(", ")
            ),
            RulesError::BadValue { key, .. } if key == "limit" => {
                format!("`limit` takes none or a number of turns from 1 to {MAX_LIMIT}")
            }
            RulesError::BadValue { key, .. } => {
                format!("`{key}` takes one of: {}", values_of(key).join(", "))
            }
            RulesError::Repeated(key) => {
                format!("Write each option once: keep the `{key}=` you mean and remove the other")
            }
        }
    }
}

/// The values option `key` of a rules string takes (`limit` takes a number too); none for a key
/// that is not an option ([`OPTION_KEYS`]).
///
/// ```
/// use seega::{OPTION_KEYS, option_values};
///
/// assert_eq!(option_values("chain"), ["none", "capture", "any"]);
/// assert!(OPTION_KEYS.iter().all(|k| !option_values(k).is_empty()));
/// assert!(option_values("colour").is_empty());
/// ```
pub fn option_values(key: &str) -> &'static [&'static str] {
    values_of(key)
}

fn values_of(key: &str) -> &'static [&'static str] {
    match key {
        "size" => &["5", "7", "9"],
        "first-placer" | "first-mover" => &["black", "white"],
        "chain" => &["none", "capture", "any"],
        "forced" => &["yes", "no"],
        "barrier" => &["none", "wall", "line"],
        "centre" => &["immune", "plain"],
        "blocked" => &["open", "pass"],
        "limit" => &["none"],
        _ => &[],
    }
}

impl Ruleset {
    /// The preset called `name`.
    pub fn preset(name: &str) -> Option<Ruleset> {
        PRESETS.iter().find(|(n, _)| *n == name).map(|(_, r)| *r)
    }

    /// Parses a preset name followed by `key=value` options, e.g. `seesa size=9`.
    pub fn parse(text: &str) -> Result<Ruleset, RulesError> {
        let mut words = text.split_ascii_whitespace();
        let name = words.next().ok_or(RulesError::Empty)?;
        let mut rules =
            Ruleset::preset(name).ok_or_else(|| RulesError::UnknownPreset(name.to_owned()))?;
        let mut seen = [false; OPTION_KEYS.len()];
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| RulesError::UnknownOption(word.to_owned()))?;
            rules.set(key, value)?;
            // `set` knows the key now.
            if let Some(k) = OPTION_KEYS.iter().position(|k| *k == key) {
                if std::mem::replace(&mut seen[k], true) {
                    return Err(RulesError::Repeated(key.to_owned()));
                }
            }
        }
        Ok(rules)
    }

    /// Sets one option.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = || RulesError::BadValue {
            key: key.to_owned(),
            value: value.to_owned(),
        };
        let color = |v: &str| match v {
            "black" => Some(Color::Black),
            "white" => Some(Color::White),
            _ => None,
        };
        match key {
            "size" => self.size = value.parse().ok().and_then(Size::new).ok_or_else(bad)?,
            "first-placer" => self.first_placer = color(value).ok_or_else(bad)?,
            "first-mover" => self.first_mover = color(value).ok_or_else(bad)?,
            "chain" => {
                self.chain = match value {
                    "none" => Chain::None,
                    "capture" => Chain::Capture,
                    "any" => Chain::Any,
                    _ => return Err(bad()),
                }
            }
            "forced" => {
                self.forced = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad()),
                }
            }
            "barrier" => {
                self.barrier = match value {
                    "none" => Barrier::None,
                    "wall" => Barrier::Wall,
                    "line" => Barrier::Line,
                    _ => return Err(bad()),
                }
            }
            "centre" => {
                self.centre = match value {
                    "immune" => Centre::Immune,
                    "plain" => Centre::Plain,
                    _ => return Err(bad()),
                }
            }
            "blocked" => {
                self.blocked = match value {
                    "open" => Blocked::Open,
                    "pass" => Blocked::Pass,
                    _ => return Err(bad()),
                }
            }
            "limit" => self.limit = parse_limit(value).ok_or_else(bad)?,
            _ => return Err(RulesError::UnknownOption(format!("{key}={value}"))),
        }
        Ok(())
    }
}

/// The value of `limit=`: `none`, or a number from 1 to [`MAX_LIMIT`] written in plain digits.
fn parse_limit(value: &str) -> Option<Option<u16>> {
    if value == "none" {
        return Some(None);
    }
    if value.is_empty() || value.starts_with('0') || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u16 = value.parse().ok()?;
    (n <= MAX_LIMIT).then_some(Some(n))
}

impl Centre {
    /// The option value: `immune` or `plain`.
    pub fn as_str(self) -> &'static str {
        match self {
            Centre::Immune => "immune",
            Centre::Plain => "plain",
        }
    }
}

impl Blocked {
    /// The option value: `open` or `pass`.
    pub fn as_str(self) -> &'static str {
        match self {
            Blocked::Open => "open",
            Blocked::Pass => "pass",
        }
    }
}

impl Chain {
    /// The option value: `none`, `capture` or `any`.
    pub fn as_str(self) -> &'static str {
        match self {
            Chain::None => "none",
            Chain::Capture => "capture",
            Chain::Any => "any",
        }
    }
}

impl Barrier {
    /// The option value: `none`, `wall` or `line`.
    pub fn as_str(self) -> &'static str {
        match self {
            Barrier::None => "none",
            Barrier::Wall => "wall",
            Barrier::Line => "line",
        }
    }
}

/// Writes the canonical form: the preset that differs least, then the options that differ.
impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, base) = PRESETS
            .iter()
            .min_by_key(|(_, p)| p.differences(self).len())
            .copied()
            .unwrap_or(PRESETS[0]);
        f.write_str(name)?;
        for (key, value) in base.differences(self) {
            write!(f, " {key}={value}")?;
        }
        Ok(())
    }
}

impl Ruleset {
    fn differences(&self, other: &Ruleset) -> Vec<(&'static str, String)> {
        let mut d = Vec::new();
        if self.size != other.size {
            d.push(("size", other.size.to_string()));
        }
        if self.first_placer != other.first_placer {
            d.push(("first-placer", other.first_placer.to_string()));
        }
        if self.first_mover != other.first_mover {
            d.push(("first-mover", other.first_mover.to_string()));
        }
        if self.chain != other.chain {
            d.push(("chain", other.chain.as_str().to_owned()));
        }
        if self.forced != other.forced {
            d.push(("forced", if other.forced { "yes" } else { "no" }.to_owned()));
        }
        if self.barrier != other.barrier {
            d.push(("barrier", other.barrier.as_str().to_owned()));
        }
        if self.centre != other.centre {
            d.push(("centre", other.centre.as_str().to_owned()));
        }
        if self.blocked != other.blocked {
            d.push(("blocked", other.blocked.as_str().to_owned()));
        }
        if self.limit != other.limit {
            d.push(("limit", limit_text(other.limit)));
        }
        d
    }
}

/// The value of `limit=` for `limit`: `none` or the number.
pub fn limit_text(limit: Option<u16>) -> String {
    limit.map_or_else(|| "none".to_owned(), |n| n.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_and_options_parse() {
        let r = Ruleset::parse("seesa size=9").unwrap();
        assert_eq!(r.size, Size::NINE);
        assert_eq!(r.chain, Chain::Any);
        let r = Ruleset::parse("standard barrier=none").unwrap();
        assert_eq!(r.barrier, Barrier::None);
        let r = Ruleset::parse("ludus forced=no barrier=wall").unwrap();
        assert!(!r.forced);
    }

    #[test]
    fn bad_rules_are_refused() {
        assert_eq!(
            Ruleset::parse("chess"),
            Err(RulesError::UnknownPreset("chess".into()))
        );
        assert!(matches!(
            Ruleset::parse("standard size=6"),
            Err(RulesError::BadValue { .. })
        ));
        assert!(matches!(
            Ruleset::parse("standard colour=red"),
            Err(RulesError::UnknownOption(_))
        ));
        assert!(matches!(
            Ruleset::parse("standard fast"),
            Err(RulesError::UnknownOption(_))
        ));
        assert_eq!(Ruleset::parse("  "), Err(RulesError::Empty));
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "standard",
            "seesa size=9",
            "standard chain=none",
            "ludus barrier=wall",
        ] {
            let r = Ruleset::parse(text).unwrap();
            assert_eq!(Ruleset::parse(&r.to_string()).unwrap(), r);
        }
        assert_eq!(Ruleset::parse("seesa").unwrap().to_string(), "seesa");
    }
}
