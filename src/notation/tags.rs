//! The tags the notation knows (`spec/notation.md`), each with what it means; a game may hold
//! others, which are kept as written.

/// Each known tag and what it means, in canonical order.
///
/// ```
/// use seega::notation::{KNOWN_TAGS, tag_meaning};
///
/// assert_eq!(KNOWN_TAGS[0].0, "Event");
/// assert!(tag_meaning("Rules").unwrap().contains("preset"));
/// assert_eq!(tag_meaning("Colour"), None);
/// ```
pub const KNOWN_TAGS: [(&str, &str); 11] = [
    (
        "Event",
        "The event the game was played at: a tournament, a club night.",
    ),
    ("Site", "Where the game was played."),
    (
        "Date",
        "When the game was played, `YYYY.MM.DD`, with `??` for a part not known.",
    ),
    ("Round", "The round of the event."),
    (
        "Black",
        "The player of black, who places first under the standard rules.",
    ),
    (
        "White",
        "The player of white, who moves first under the standard rules.",
    ),
    (
        "Result",
        "The result: `1-0` (white wins), `0-1` (black wins), `1/2-1/2` (a draw) or `*` (not known or unfinished); it must agree with the result token after the turns.",
    ),
    (
        "Rules",
        "The rules the game was played under (rule R20): a preset (`standard`, …), then `key=value` options; without it the game is checked under the default rules (`--rules`).",
    ),
    ("Termination", "How the game ended, in words."),
    (
        "Position",
        "The position the game starts from (rule R21): the ranks from the top, the side to move, and the pieces in hand; without it the game starts on an empty board.",
    ),
    ("Annotator", "Who wrote the comments and variations."),
];

/// What the known tag `name` means; `None` for a tag the notation does not know.
///
/// ```
/// assert!(seega::notation::tag_meaning("Black").unwrap().contains("black"));
/// ```
pub fn tag_meaning(name: &str) -> Option<&'static str> {
    KNOWN_TAGS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, meaning)| *meaning)
}
