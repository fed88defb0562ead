//! Stable diagnostic codes. A code, once published, never changes meaning.

mod lookup;

pub use lookup::NotACode;

/// Every diagnostic the checker can emit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Code {
    /// Bytes that are not UTF-8.
    InvalidUtf8,
    /// A bidirectional control character in a game's text.
    BidiControl,
    /// A token that is no turn, number, annotation or result.
    SyntaxToken,
    /// Something that should be a square is not one.
    SyntaxSquare,
    /// A malformed movement token.
    SyntaxMove,
    /// A malformed placement token.
    SyntaxPlacement,
    /// A move number that cannot be a turn number.
    SyntaxNumber,
    /// A malformed `$N` glyph.
    SyntaxNag,
    /// A malformed tag pair.
    SyntaxTag,
    /// A tag value never closed.
    SyntaxUnterminatedTag,
    /// A bad escape in a tag value.
    SyntaxEscape,
    /// A `{` comment never closed.
    SyntaxUnterminatedComment,
    /// A variation left open, misplaced, or a `)` that closes none.
    SyntaxVariation,
    /// A game without a result token.
    MissingResult,
    /// A game past one of the scanner's limits (too many header lines or movetext items).
    TooLong,
    /// An unknown preset in a Rules tag.
    RulesPreset,
    /// An unknown option in a Rules tag.
    RulesOption,
    /// A bad option value in a Rules tag.
    RulesValue,
    /// An option written twice in a Rules tag.
    RulesRepeated,
    /// A Position tag that does not follow the grammar.
    PositionMalformed,
    /// A Position tag that cannot arise under the rules.
    PositionImpossible,
    /// A square off this game's board.
    OffBoard,
    /// A turn of the wrong kind for the phase.
    WrongPhase,
    /// A turn after the game ended by rule.
    AfterEnd,
    /// A placement with both pieces on one square.
    PlaceSame,
    /// A placement on the centre.
    PlaceCentre,
    /// A placement on an occupied square.
    PlaceOccupied,
    /// A move from an empty square.
    MoveEmpty,
    /// A move of an enemy piece.
    MoveEnemy,
    /// A diagonal step.
    MoveDiagonal,
    /// A step to a square that is not a neighbour.
    MoveFar,
    /// A step onto an occupied square.
    MoveOccupied,
    /// A further step the chain rule does not allow.
    ChainOn,
    /// A compulsory capture not made.
    Forced,
    /// A written capture list that leaves out a captured piece.
    CaptureMissing,
    /// A written capture of a piece the step does not capture.
    CaptureWrong,
    /// A pass while a step exists.
    PassIllegal,
    /// A turn after a pass that leaves the passer without a step.
    PassNoOpening,
    /// A result that contradicts how the game ended by rule.
    ResultWrong,
    /// A Result tag that differs from the result token.
    ResultTagMismatch,
    /// A move number that announces another turn.
    NumberMismatch,
    /// `--rules auto` found the one preset a game fits (or none).
    RulesInferred,
    /// `--rules auto` found several presets a game fits.
    RulesAmbiguous,
    /// A line of a Ludii trial that is not in its form.
    LudiiMalformed,
    /// A line of a Ludii trial that seega does not read.
    LudiiUnknownLine,
    /// A Ludii trial of another game, board or start, or a move seega cannot map.
    LudiiUnsupported,
    /// A Ludii move by the player whose turn it is not.
    LudiiMover,
    /// A Ludii move whose captures are not those the step makes.
    LudiiCapture,
    /// A Ludii legal move count that is not seega's.
    LudiiCount,
    /// A Ludii trial's winner or end that is not how the game ended.
    LudiiEnd,
}

impl Code {
    /// Every code, in order.
    pub const ALL: [Code; 50] = [
        Code::InvalidUtf8,
        Code::BidiControl,
        Code::SyntaxToken,
        Code::SyntaxSquare,
        Code::SyntaxMove,
        Code::SyntaxPlacement,
        Code::SyntaxNumber,
        Code::SyntaxNag,
        Code::SyntaxTag,
        Code::SyntaxUnterminatedTag,
        Code::SyntaxEscape,
        Code::SyntaxUnterminatedComment,
        Code::SyntaxVariation,
        Code::MissingResult,
        Code::TooLong,
        Code::RulesPreset,
        Code::RulesOption,
        Code::RulesValue,
        Code::RulesRepeated,
        Code::PositionMalformed,
        Code::PositionImpossible,
        Code::OffBoard,
        Code::WrongPhase,
        Code::AfterEnd,
        Code::PlaceSame,
        Code::PlaceCentre,
        Code::PlaceOccupied,
        Code::MoveEmpty,
        Code::MoveEnemy,
        Code::MoveDiagonal,
        Code::MoveFar,
        Code::MoveOccupied,
        Code::ChainOn,
        Code::Forced,
        Code::CaptureMissing,
        Code::CaptureWrong,
        Code::PassIllegal,
        Code::PassNoOpening,
        Code::ResultWrong,
        Code::ResultTagMismatch,
        Code::NumberMismatch,
        Code::RulesInferred,
        Code::RulesAmbiguous,
        Code::LudiiMalformed,
        Code::LudiiUnknownLine,
        Code::LudiiUnsupported,
        Code::LudiiMover,
        Code::LudiiCapture,
        Code::LudiiCount,
        Code::LudiiEnd,
    ];

    /// The stable code string, e.g. `seega::capture::missing`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::InvalidUtf8 => "seega::input::invalid-utf8",
            Code::BidiControl => "seega::input::bidi-control",
            Code::SyntaxToken => "seega::syntax::token",
            Code::SyntaxSquare => "seega::syntax::square",
            Code::SyntaxMove => "seega::syntax::move",
            Code::SyntaxPlacement => "seega::syntax::placement",
            Code::SyntaxNumber => "seega::syntax::number",
            Code::SyntaxNag => "seega::syntax::nag",
            Code::SyntaxTag => "seega::syntax::tag",
            Code::SyntaxUnterminatedTag => "seega::syntax::unterminated-tag",
            Code::SyntaxEscape => "seega::syntax::escape",
            Code::SyntaxUnterminatedComment => "seega::syntax::unterminated-comment",
            Code::SyntaxVariation => "seega::syntax::variation",
            Code::MissingResult => "seega::syntax::missing-result",
            Code::TooLong => "seega::limit::too-long",
            Code::RulesPreset => "seega::rules::unknown-preset",
            Code::RulesOption => "seega::rules::unknown-option",
            Code::RulesValue => "seega::rules::bad-value",
            Code::RulesRepeated => "seega::rules::repeated-option",
            Code::PositionMalformed => "seega::position::malformed",
            Code::PositionImpossible => "seega::position::impossible",
            Code::OffBoard => "seega::square::off-board",
            Code::WrongPhase => "seega::turn::wrong-phase",
            Code::AfterEnd => "seega::turn::after-end",
            Code::PlaceSame => "seega::place::same-square",
            Code::PlaceCentre => "seega::place::centre",
            Code::PlaceOccupied => "seega::place::occupied",
            Code::MoveEmpty => "seega::move::empty-square",
            Code::MoveEnemy => "seega::move::enemy-piece",
            Code::MoveDiagonal => "seega::move::diagonal",
            Code::MoveFar => "seega::move::too-far",
            Code::MoveOccupied => "seega::move::occupied",
            Code::ChainOn => "seega::chain::not-allowed",
            Code::Forced => "seega::capture::forced",
            Code::CaptureMissing => "seega::capture::missing",
            Code::CaptureWrong => "seega::capture::wrong",
            Code::PassIllegal => "seega::pass::illegal",
            Code::PassNoOpening => "seega::pass::no-opening",
            Code::ResultWrong => "seega::result::wrong",
            Code::ResultTagMismatch => "seega::result::tag-mismatch",
            Code::NumberMismatch => "seega::number::mismatch",
            Code::RulesInferred => "seega::rules::inferred",
            Code::RulesAmbiguous => "seega::rules::ambiguous",
            Code::LudiiMalformed => "seega::ludii::malformed",
            Code::LudiiUnknownLine => "seega::ludii::unknown-line",
            Code::LudiiUnsupported => "seega::ludii::unsupported",
            Code::LudiiMover => "seega::ludii::mover",
            Code::LudiiCapture => "seega::ludii::capture",
            Code::LudiiCount => "seega::ludii::count",
            Code::LudiiEnd => "seega::ludii::end",
        }
    }

    /// The code written as `s` (with or without the `seega::` prefix).
    pub fn parse(s: &str) -> Option<Code> {
        let full = if s.starts_with("seega::") {
            s.to_owned()
        } else {
            format!("seega::{s}")
        };
        Code::ALL.into_iter().find(|c| c.as_str() == full)
    }

    /// Whether the code is only a warning (the game stays valid).
    pub fn is_warning(self) -> bool {
        matches!(
            self,
            Code::BidiControl
                | Code::NumberMismatch
                | Code::RulesInferred
                | Code::RulesAmbiguous
                | Code::LudiiUnknownLine
        )
    }

    /// Whether the code is a syntax error: the text cannot be read as notation (`seega::syntax::`
    /// and `seega::input::` codes).
    pub fn is_syntax(self) -> bool {
        matches!(
            self,
            Code::InvalidUtf8
                | Code::BidiControl
                | Code::SyntaxToken
                | Code::SyntaxSquare
                | Code::SyntaxMove
                | Code::SyntaxPlacement
                | Code::SyntaxNumber
                | Code::SyntaxNag
                | Code::SyntaxTag
                | Code::SyntaxUnterminatedTag
                | Code::SyntaxEscape
                | Code::SyntaxUnterminatedComment
                | Code::SyntaxVariation
                | Code::MissingResult
        )
    }

    /// The rule or notation section of `spec/` the code enforces.
    pub fn rule(self) -> &'static str {
        match self {
            Code::InvalidUtf8 | Code::BidiControl => "N1",
            Code::SyntaxToken => "N5",
            Code::SyntaxNag => "N6",
            Code::SyntaxSquare => "N4",
            Code::SyntaxMove => "N5.3",
            Code::SyntaxPlacement => "N5.2",
            Code::SyntaxNumber | Code::NumberMismatch => "N5.1",
            Code::SyntaxTag | Code::SyntaxUnterminatedTag | Code::SyntaxEscape => "N3",
            Code::SyntaxUnterminatedComment => "N7",
            Code::SyntaxVariation => "N9",
            Code::MissingResult => "N8",
            Code::TooLong => "L1",
            Code::RulesPreset
            | Code::RulesOption
            | Code::RulesValue
            | Code::RulesRepeated
            | Code::RulesInferred
            | Code::RulesAmbiguous => "R20",
            Code::PositionMalformed | Code::PositionImpossible => "R21",
            Code::OffBoard => "R1",
            Code::WrongPhase => "R3",
            Code::AfterEnd => "R17",
            Code::PlaceSame | Code::PlaceCentre | Code::PlaceOccupied => "R4",
            Code::MoveEmpty | Code::MoveEnemy => "R5",
            Code::MoveDiagonal | Code::MoveFar | Code::MoveOccupied => "R6",
            Code::ChainOn => "R9",
            Code::Forced => "R10",
            Code::CaptureMissing | Code::CaptureWrong => "N5.3",
            Code::PassIllegal => "R11",
            Code::PassNoOpening => "R12",
            Code::ResultWrong => "R18",
            Code::ResultTagMismatch => "N8",
            Code::LudiiMalformed | Code::LudiiUnknownLine => "T1",
            Code::LudiiUnsupported => "T2",
            Code::LudiiMover => "T3",
            Code::LudiiCapture => "T4",
            Code::LudiiCount => "T5",
            Code::LudiiEnd => "T6",
        }
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(seen.insert(c.as_str()), "{c} twice");
            assert_eq!(Code::parse(c.as_str()), Some(c));
        }
        assert_eq!(Code::parse("capture::missing"), Some(Code::CaptureMissing));
    }

    #[test]
    fn syntax_codes_are_the_syntax_and_input_families() {
        for c in Code::ALL {
            let s = c.as_str();
            let family = s.starts_with("seega::syntax::") || s.starts_with("seega::input::");
            assert_eq!(c.is_syntax(), family, "{c}");
        }
    }
}
