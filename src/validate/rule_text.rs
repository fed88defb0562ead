//! The text of the rule or notation section each code enforces, quoted from `spec/` (a test
//! holds every quote to the spec's own words), so that `seega explain` needs no file.

use super::code::Code;

/// The words of rule [`Code::rule`] that `code` enforces, as the spec writes them.
pub fn rule_text(code: Code) -> &'static str {
    match code {
        Code::InvalidUtf8 => {
            "An archive is UTF-8. A leading byte-order mark is skipped. Lines end with LF, CRLF or a lone CR. Bytes that are not UTF-8 are reported (`seega::input::invalid-utf8`) where they stand; the game holding them is invalid and the other games are checked."
        }
        Code::BidiControl => {
            "A bidirectional control (U+202A–U+202E, U+2066–U+2069) anywhere in a game's text — a tag value, a comment, a broken line — makes a terminal or an editor show the text after it in another order than the file holds. It gets a warning, `seega::input::bidi-control`, once per game at the first of them (the message counts the others); the game stays valid."
        }
        Code::SyntaxToken => {
            "Movetext is a sequence of tokens separated by whitespace; a token also ends before `{` or `;`, and before `(` or `)` (N9). Each token is parsed on its own, so one bad token (`seega::syntax::token`) never hides the ones after it."
        }
        Code::SyntaxSquare => {
            "`a1` is bottom-left. `f2` is a square of the notation but lies off a 5×5 board: that is a rule error (`seega::square::off-board`, rule R1). `a10`, `j1`, `a0` are not squares (`seega::syntax::square` or `seega::syntax::token`)."
        }
        Code::SyntaxMove => {
            "The starting square, then each step as `-` and its destination, followed by the squares that step captured, each as `x` and a square. Captures may be left out entirely (they are computed)."
        }
        Code::SyntaxPlacement => {
            "Example: `c2,d4` places two pieces of the side to move on c2 and d4."
        }
        Code::SyntaxNumber => {
            "`N.` announces turn 2N−1, `N...` announces turn 2N. A number that announces another turn than the next is a warning (`seega::number::mismatch`); the game stays valid. A number may be glued to the turn after it: `7.c4-c3`. Zero and numbers above 2,147,483,646 are `seega::syntax::number`."
        }
        Code::NumberMismatch => {
            "Turns are counted from 1 across the whole game (placements, movements and passes alike). `N.` announces turn 2N−1, `N...` announces turn 2N. A number that announces another turn than the next is a warning (`seega::number::mismatch`); the game stays valid."
        }
        Code::SyntaxNag => "Examples: `c4-c3xc2!`, `d1-e1?!`, `$14`.",
        Code::SyntaxTag => {
            "One tag per line; a value cannot span lines. `\\\"` and `\\\\` are the only escapes. Tags keep their order."
        }
        Code::SyntaxUnterminatedTag => "One tag per line; a value cannot span lines.",
        Code::SyntaxEscape => "`\\\"` and `\\\\` are the only escapes.",
        Code::SyntaxUnterminatedComment => {
            "Brace comments do not nest and may span lines, but not a line that starts with `[`: that line begins the next game's tags. A `{` without its `}` before such a line (or the end) is reported where it starts (`seega::syntax::unterminated-comment`) and reading resumes at that line, so a forgotten `}` never swallows the games after it."
        }
        Code::SyntaxVariation => {
            "A `(` before any turn of its line, a line that goes on after its own result, and a `)` that closes no variation are `seega::syntax::variation`, as is a `(` without its `)` before the game's end (a result inside a variation ends that line, not the game: the game then ends without its own result, `seega::syntax::missing-result`, at the next tag line or the end)."
        }
        Code::MissingResult => {
            "Every game ends with a result token (`seega::syntax::missing-result` otherwise)."
        }
        Code::ResultTagMismatch => {
            "When a Result tag is present it must equal the token (`seega::result::tag-mismatch`)."
        }
        Code::TooLong => {
            "What seega accepts, and what happens past it. Each limit past which something is refused gives a diagnostic; none loses a later game."
        }
        Code::RulesPreset | Code::RulesOption | Code::RulesValue | Code::RulesRepeated => {
            "The `Rules` tag is a preset name, then optional `key=value` options, separated by spaces. An unknown preset, option or value is an error on that tag, and the game is not replayed. Games without a Rules tag use `--rules` (default `standard`)."
        }
        Code::RulesInferred | Code::RulesAmbiguous => {
            "With `--rules auto`, a game without a Rules tag is replayed under each preset: when one fits it is checked under it (warning `seega::rules::inferred`), when several fit under the first of them (warning `seega::rules::ambiguous`), when none fits under the one that gets furthest."
        }
        Code::PositionMalformed | Code::PositionImpossible => {
            "A string that does not follow this grammar is `seega::position::malformed`; one whose rank count does not match the board, that gives a side more than (N²−1)/2 pieces, or that no game under the rules reaches (N3 lists the cases) is `seega::position::impossible`."
        }
        Code::OffBoard => {
            "The board is N×N with N = 5, 7 or 9. Files are `a`…, ranks `1`…, `a1` bottom-left. The centre is the middle square (`c3`, `d4`, `e5`). A square off the board is illegal."
        }
        Code::WrongPhase => {
            "The game begins in the placement phase. Turns alternate, starting with the first placer. The placement phase lasts while any piece is in hand; in it every turn is a placement, and a movement or a pass is illegal (`seega::turn::wrong-phase`). After it, a placement is illegal."
        }
        Code::AfterEnd => {
            "Any turn after the game has ended is illegal (`seega::turn::after-end`)."
        }
        Code::PlaceSame | Code::PlaceCentre | Code::PlaceOccupied => {
            "A placement puts exactly two pieces of the side to move on two different empty squares, neither of them the centre. Placement never captures."
        }
        Code::MoveEmpty | Code::MoveEnemy => {
            "When both hands are empty the movement phase begins with the first mover, who may be the side that placed last (it then plays two turns in a row). Turns alternate from then on. A movement turn moves one piece of the side to move."
        }
        Code::MoveDiagonal | Code::MoveFar | Code::MoveOccupied => {
            "A step moves the piece one square orthogonally onto an empty square (the centre included). A diagonal step, a longer step or a step onto an occupied square is illegal."
        }
        Code::ChainOn => {
            "Chains (`chain=`): `none` — a turn is one step; `capture` — after a step that captured, the same piece may take another step that itself captures, and so on; `any` — after a step that captured, the same piece may take another step of any kind, and may go on only after steps that capture. Going on is optional unless capture is forced (R10)."
        }
        Code::Forced => {
            "Forced capture (`forced=yes`): when any step available to the mover captures, the turn must begin with a capturing step; and while the moving piece, after a capturing step, has a capturing step available (and the chain mode allows going on), it must take one."
        }
        Code::CaptureMissing | Code::CaptureWrong => {
            "If any are written for a step they must be exactly that step's captures, in any order: a square the step does not capture is `seega::capture::wrong`, a capture left out is `seega::capture::missing`."
        }
        Code::PassIllegal => {
            "A side to move in the movement phase with no legal step must pass (`--`). A pass is illegal when a step exists."
        }
        Code::PassNoOpening => {
            "Under `blocked=open` (the default), the turn after a pass must leave the passer at least one legal step (`seega::pass::no-opening`), unless that turn ends the game (by R14, R15 or R16a). Under `blocked=pass` nothing is owed: the reply may leave the passer blocked, and it passes again."
        }
        Code::LudiiMalformed
        | Code::LudiiUnknownLine
        | Code::LudiiUnsupported
        | Code::LudiiMover
        | Code::LudiiCapture
        | Code::LudiiCount
        | Code::LudiiEnd => ludii_text(code),
        Code::ResultWrong => {
            "When the game ended by rule, the result must be its outcome (`1-0` white wins, `0-1` black wins, `1/2-1/2` draw). A record may end earlier (resignation, agreement, unfinished): then any result, `*` included, is accepted."
        }
    }
}

/// [`rule_text`] of the codes of Ludii trials (`spec/ludii.md`).
fn ludii_text(code: Code) -> &'static str {
    match code {
        Code::LudiiMalformed => {
            "A line of one of these kinds that is not in its form — a move line that is not `Move=[Move:mover=N,from=F,to=T,actions=[Name:key=value,...],...]`, a count or a winner that is not a whole number, a second `game=`, `winner=`, `endtype=`, `numInitialPlacementMoves=` or `LUDII_VERSION=` line, game options never closed — is an error (`seega::ludii::malformed`)."
        }
        Code::LudiiUnknownLine => {
            "Any other line is a warning (`seega::ludii::unknown-line`) and is passed over; the game stays valid."
        }
        Code::LudiiUnsupported => {
            "The `game=` line must name Ludii's `Seega.lud` (the file name of the path, in any letter case); a trial of another game is not read (`seega::ludii::unsupported`). The board is 5×5 unless an option names another: `Board Size/7x7` or `Board Size/9x9`."
        }
        Code::LudiiMover => {
            "A move by the player whose turn it is not under the ludii rules (`seega::ludii::mover`) ends the replay, as does a placement turn left at one piece when the other player moves or the trial ends."
        }
        Code::LudiiCapture => {
            "The pieces a step removes must be exactly those the step captures under the ludii rules, in any order; any other removal, or a capture Ludii does not list, is `seega::ludii::capture` at the move, and the replay stops there."
        }
        Code::LudiiCount => {
            "seega counts Ludii's moves from the engine's legal turns: during placement, a placement of one piece on each empty square but the centre (for the second piece of a turn, those left once the first is placed); in movement, one move for each step; when the side to move has no step, its one legal move is the pass, so the count before a pass is 1."
        }
        Code::LudiiEnd => {
            "When the game ended under the ludii rules (a side without pieces), the winner must be its winner; when it did not, `endtype=NaturalEnd` (Ludii ended it by its rules) contradicts the rules. Either is `seega::ludii::end` at the winner line."
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text with every run of blank space, line ends included, as one space.
    fn words(s: &str) -> String {
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn every_quote_is_the_spec_s_own_words() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/spec/");
        let spec: String = ["notation.md", "rules.md", "limits.md", "ludii.md"]
            .iter()
            .map(|f| std::fs::read_to_string(format!("{dir}{f}")).unwrap())
            .map(|t| words(&t))
            .collect::<Vec<_>>()
            .join(" ");
        for code in Code::ALL {
            let quote = words(rule_text(code));
            assert!(spec.contains(&quote), "{code}: `{quote}` is not in spec/");
        }
    }
}
