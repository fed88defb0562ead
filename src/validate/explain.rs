//! `seega explain`: what each code means, the rule it enforces, and a wrong and a right example.

use super::code::Code;

/// The explanation of one diagnostic code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// The code.
    pub code: Code,
    /// What the code means, in full sentences.
    pub summary: &'static str,
    /// A small archive that gets this code.
    pub wrong: &'static [u8],
    /// The same archive put right.
    pub right: &'static [u8],
    /// Whether the examples are checked with `--rules auto`.
    pub auto_rules: bool,
}

/// A game whose second token is 1100 bytes long: past the 1024-byte limit of a token.
static LONG_TOKEN_GAME: [u8; 1111] = {
    let mut game = [b'a'; 1111];
    let head = b"1. c2,d4 ";
    let mut i = 0;
    while i < head.len() {
        game[i] = head[i];
        i += 1;
    }
    game[1109] = b' ';
    game[1110] = b'*';
    game
};

/// The start of a Ludii trial of Seega: its game line and the two moves that fill the hands.
macro_rules! trial_head {
    () => {
        concat!(
            "game=../Common/res/lud/board/war/custodial/Seega.lud\n",
            "Move=[Move:mover=0,from=25,to=25,actions=[Add:type=Cell,to=25,what=1,count=12]]\n",
            "Move=[Move:mover=0,from=26,to=26,actions=[Add:type=Cell,to=26,what=2,count=12]]\n",
        )
    };
}

/// Player `$p`'s first placement turn in a trial, on a1 and b1 (`$h` is the player's hand).
macro_rules! trial_turn {
    ($p:literal, $h:literal) => {
        concat!(
            "Move=[Move:mover=",
            $p,
            ",from=",
            $h,
            ",to=0,actions=[Move:typeFrom=Cell,from=",
            $h,
            ",typeTo=Cell,to=0,decision=true],[SetNextPlayer:player=",
            $p,
            "]]\n",
            "Move=[Move:mover=",
            $p,
            ",from=",
            $h,
            ",to=1,actions=[Move:typeFrom=Cell,from=",
            $h,
            ",typeTo=Cell,to=1,decision=true]]\n",
        )
    };
}

/// A trial whose 24 pieces are all placed, white's last on d3 (cell 13); black to move.
macro_rules! trial_placed {
    () => {
        concat!(
            trial_head!(),
            "Move=[Move:mover=1,from=25,to=4,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=4,decision=true],[SetNextPlayer:player=1]]\n",
            "Move=[Move:mover=1,from=25,to=20,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=20,decision=true]]\n",
            "Move=[Move:mover=2,from=26,to=2,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=2,decision=true],[SetNextPlayer:player=2]]\n",
            "Move=[Move:mover=2,from=26,to=10,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=10,decision=true]]\n",
            "Move=[Move:mover=1,from=25,to=5,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=5,decision=true],[SetNextPlayer:player=1]]\n",
            "Move=[Move:mover=1,from=25,to=21,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=21,decision=true]]\n",
            "Move=[Move:mover=2,from=26,to=19,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=19,decision=true],[SetNextPlayer:player=2]]\n",
            "Move=[Move:mover=2,from=26,to=23,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=23,decision=true]]\n",
            "Move=[Move:mover=1,from=25,to=17,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=17,decision=true],[SetNextPlayer:player=1]]\n",
            "Move=[Move:mover=1,from=25,to=18,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=18,decision=true]]\n",
            "Move=[Move:mover=2,from=26,to=6,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=6,decision=true],[SetNextPlayer:player=2]]\n",
            "Move=[Move:mover=2,from=26,to=1,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=1,decision=true]]\n",
            "Move=[Move:mover=1,from=25,to=14,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=14,decision=true],[SetNextPlayer:player=1]]\n",
            "Move=[Move:mover=1,from=25,to=0,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=0,decision=true]]\n",
            "Move=[Move:mover=2,from=26,to=15,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=15,decision=true],[SetNextPlayer:player=2]]\n",
            "Move=[Move:mover=2,from=26,to=16,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=16,decision=true]]\n",
            "Move=[Move:mover=1,from=25,to=3,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=3,decision=true],[SetNextPlayer:player=1]]\n",
            "Move=[Move:mover=1,from=25,to=22,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=22,decision=true]]\n",
            "Move=[Move:mover=2,from=26,to=11,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=11,decision=true],[SetNextPlayer:player=2]]\n",
            "Move=[Move:mover=2,from=26,to=9,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=9,decision=true]]\n",
            "Move=[Move:mover=1,from=25,to=8,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=8,decision=true],[SetNextPlayer:player=1]]\n",
            "Move=[Move:mover=1,from=25,to=24,actions=[Move:typeFrom=Cell,from=25,typeTo=Cell,to=24,decision=true]]\n",
            "Move=[Move:mover=2,from=26,to=7,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=7,decision=true],[SetNextPlayer:player=2]]\n",
            "Move=[Move:mover=2,from=26,to=13,actions=[Move:typeFrom=Cell,from=26,typeTo=Cell,to=13,decision=true]]\n",
        )
    };
}

/// A trial's step c4-c3 (cells 17 to 12), with the actions after its move.
macro_rules! trial_step {
    ($then:literal) => {
        concat!(
            "Move=[Move:mover=1,from=17,to=12,actions=[Move:typeFrom=Cell,from=17,typeTo=Cell,to=12,decision=true]",
            $then,
            "]\n"
        )
    };
}

/// What each code means, with a wrong and a right example: one row per code (tested).
static TEXTS: &[(Code, &str, &[u8], &[u8])] = &[
    (
        Code::InvalidUtf8,
            "An archive must be UTF-8. The bytes shown are not, so the text around them cannot be trusted; the game holding them is invalid, the rest of the file is still checked.",
            b"1. c2,d4 { caf\xe9 } a1,a2 *",
            b"1. c2,d4 { cafe } a1,a2 *",
    ),
    (
        Code::BidiControl,
            "A bidirectional control (U+202A to U+202E, U+2066 to U+2069) changes the order in which text is shown. A terminal or an editor shows the text after it in another order than the file holds, so what a reader sees is not what is written: here the comment looks like `net`. It is only a warning, reported once per game at the first such control; seega shows it escaped, as `\\u{202e}`, wherever it prints the text.",
            b"1. c2,d4 { \xe2\x80\xaeten\xe2\x80\xac } a1,a2 *",
            b"1. c2,d4 { net } a1,a2 *",
    ),
    (
        Code::SyntaxToken,
            "A movetext token must be a placement, a movement, a pass, a move number, an annotation glyph or a result. Anything else is reported where it stands; the tokens after it are still read.",
            b"1. c2,d4 hello a1,a2 *",
            b"1. c2,d4 a1,a2 *",
    ),
    (
        Code::SyntaxSquare,
            "A square is a file letter a-i and a rank 1-9. Something in a square position of a token is not.",
            b"1. c2,d4 a1,j1 *",
            b"1. c2,d4 a1,e1 *",
    ),
    (
        Code::SyntaxMove,
            "A movement token is the starting square and one or more steps, each `-` and a square, each step optionally followed by `x` and a captured square. The token is cut short or holds a stray character.",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2- *",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-b3 *",
    ),
    (
        Code::SyntaxPlacement,
            "A placement token is two squares joined by a comma.",
            b"1. c2, *",
            b"1. c2,d4 *",
    ),
    (
        Code::SyntaxNumber,
            "A move number is a positive whole number followed by `.` or `...`, small enough to be a turn of a game.",
            b"99999999999999999999. c2,d4 *",
            b"1. c2,d4 *",
    ),
    (
        Code::SyntaxNag,
            "A numeric annotation glyph is `$` followed by digits.",
            b"1. c2,d4 $x a1,a2 *",
            b"1. c2,d4 $1 a1,a2 *",
    ),
    (
        Code::SyntaxTag,
            "A tag pair is `[Name \"value\"]` on one line: a name of ASCII letters, digits or `_`, a quoted value, and a closing bracket.",
            b"[Event]\n\n1. c2,d4 *",
            b"[Event \"Club night\"]\n\n1. c2,d4 *",
    ),
    (
        Code::SyntaxUnterminatedTag,
            "The value of a tag pair must close with `\"` on the same line.",
            b"[Event \"Club night]\n\n1. c2,d4 *",
            b"[Event \"Club night\"]\n\n1. c2,d4 *",
    ),
    (
        Code::SyntaxEscape,
            "Inside a tag value only `\\\"` (a quote) and `\\\\` (a backslash) are escapes.",
            b"[Event \"a\\b\"]\n\n1. c2,d4 *",
            b"[Event \"a\\\\b\"]\n\n1. c2,d4 *",
    ),
    (
        Code::SyntaxUnterminatedComment,
            "A `{` comment must close with `}`; comments do not nest. The checker skips to the next line that starts with `[` and goes on there.",
            b"1. c2,d4 { no closing brace *",
            b"1. c2,d4 { closed } *",
    ),
    (
        Code::SyntaxVariation,
            "A variation `( … )` follows the turn it is an alternative to and closes with `)` before the game's result; a `)` must close a variation.",
            b"1. c2,d4 (1. c2,b3 1... a1,b1 *",
            b"1. c2,d4 (1. c2,b3) 1... a1,b1 *",
    ),
    (
        Code::MissingResult,
            "Every game ends with a result token: `1-0`, `0-1`, `1/2-1/2`, or `*` when unknown. A game ends without one at the end of the file or when the next game's tags begin.",
            b"1. c2,d4 a1,a2",
            b"1. c2,d4 a1,a2 *",
    ),
    (
        Code::RulesPreset,
            "The Rules tag starts with a preset: standard, ludus, seesa or ludii. The game is not replayed, since its rules are unknown.",
            b"[Rules \"chess\"]\n\n1. c2,d4 *",
            b"[Rules \"standard\"]\n\n1. c2,d4 *",
    ),
    (
        Code::RulesOption,
            "After the preset the Rules tag holds key=value options with the keys size, first-placer, first-mover, chain, forced, barrier, centre, blocked and limit.",
            b"[Rules \"standard colour=red\"]\n\n1. c2,d4 *",
            b"[Rules \"standard barrier=none\"]\n\n1. c2,d4 *",
    ),
    (
        Code::RulesValue,
            "Each rules option takes one of a few values: size 5, 7 or 9; first-placer and first-mover black or white; chain none, capture or any; forced yes or no; barrier none, wall or line; centre immune or plain; blocked open or pass; limit none or a number of turns from 1 to 1000.",
            b"[Rules \"standard size=6\"]\n\n1. c2,d4 *",
            b"[Rules \"standard size=7\"]\n\n1. c2,a1 *",
    ),
    (
        Code::RulesRepeated,
            "Each rules option is written at most once in a Rules tag: two values for one option leave the rules unclear, so the game is not replayed.",
            b"[Rules \"standard limit=20 limit=50\"]\n\n1. c2,d4 *",
            b"[Rules \"standard limit=50\"]\n\n1. c2,d4 *",
    ),
    (
        Code::PositionMalformed,
            "A Position tag lists the ranks from the top, separated by `/`, each as `b`, `w` or a digit for a run of empty squares, then a space and the side to move, `b` or `w`; then, optionally, the pieces in hand (`12/12`), the pass (`--` or `-`) and the count of turns without a capture.",
            b"[Rules \"standard\"]\n[Position \"5/5/5/5/5 x\"]\n\n*",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n*",
    ),
    (
        Code::PositionImpossible,
            "A Position tag must describe a board of the ruleset's size, give no side more pieces than it starts with, and be a position a game under the rules can reach.",
            b"[Rules \"standard\"]\n[Position \"5/5/5/5 w\"]\n\n*",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n*",
    ),
    (
        Code::OffBoard,
            "Every square of a turn must lie on the game's board: files a-e and ranks 1-5 on 5x5, a-g and 1-7 on 7x7, a-i and 1-9 on 9x9.",
            b"1. f2,a1 *",
            b"1. e2,a1 *",
    ),
    (
        Code::WrongPhase,
            "While any piece is in hand every turn is a placement; once both hands are empty every turn is a movement or, when no step exists, a pass.",
            b"1. c2-c3 *",
            b"1. c2,d4 *",
    ),
    (
        Code::AfterEnd,
            "A game ends by rule as soon as a side has no pieces, a barrier stands, a pass cannot be answered, or, under limit=N, N turns of the movement phase in a row have captured nothing. A Position tag may start from a position that is already an end. Nothing may be played after that.",
            b"[Rules \"standard\"]\n[Position \"wb3/2w2/5/5/5 w\"]\n\n1. c4-c5xb5 b5-b4 1-0",
            b"[Rules \"standard\"]\n[Position \"wb3/2w2/5/5/5 w\"]\n\n1. c4-c5xb5 1-0",
    ),
    (
        Code::PlaceSame,
            "A placement puts its two pieces on two different squares.",
            b"1. a1,a1 *",
            b"1. a1,b1 *",
    ),
    (
        Code::PlaceCentre,
            "The centre square stays empty during the placement phase.",
            b"1. c3,a1 *",
            b"1. c2,a1 *",
    ),
    (
        Code::PlaceOccupied,
            "A placement puts its pieces on empty squares.",
            b"1. a1,b1 b1,c1 *",
            b"1. a1,b1 c1,d1 *",
    ),
    (
        Code::MoveEmpty,
            "A movement starts from a square that holds a piece of the side to move.",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. a1-a2 *",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-b3 *",
    ),
    (
        Code::MoveEnemy,
            "A movement moves a piece of the side to move, never one of the opponent's. A missing turn earlier in the record often causes this.",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. e5-e4 *",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-b3 *",
    ),
    (
        Code::MoveDiagonal,
            "Pieces step orthogonally: up, down, left or right, never diagonally.",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-c3 *",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-c2 *",
    ),
    (
        Code::MoveFar,
            "Each step goes to a neighbouring square. A longer way is several steps, allowed only when the chain rule lets the piece go on.",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-d2 *",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-c2 *",
    ),
    (
        Code::MoveOccupied,
            "A step goes onto an empty square.",
            b"[Rules \"standard\"]\n[Position \"4b/5/1b3/1w3/5 w\"]\n\n1. b2-b3 *",
            b"[Rules \"standard\"]\n[Position \"4b/5/1b3/1w3/5 w\"]\n\n1. b2-c2 *",
    ),
    (
        Code::ChainOn,
            "A piece takes a further step in the same turn only as the chain option allows: never under chain=none; after a capturing step, with a step that captures again, under chain=capture; after a capturing step, with any step, under chain=any.",
            b"[Rules \"standard chain=none\"]\n[Position \"4b/3w1/3b1/wb3/2w2 w\"]\n\n1. c1-c2xb2-d2xd3 *",
            b"[Rules \"standard chain=none\"]\n[Position \"4b/3w1/3b1/wb3/2w2 w\"]\n\n1. c1-c2xb2 *",
    ),
    (
        Code::Forced,
            "Under forced=yes a side that can capture must: its turn begins with a capturing step, and the moving piece goes on capturing while it can.",
            b"[Rules \"ludus barrier=none\"]\n[Position \"4b/3w1/3b1/wb3/2w2 w\"]\n\n1. a2-a1 *",
            b"[Rules \"ludus barrier=none\"]\n[Position \"4b/3w1/3b1/wb3/2w2 w\"]\n\n1. c1-c2xb2-d2xd3 *",
    ),
    (
        Code::CaptureMissing,
            "Captures may be left out of a step, but when any are written they must be all of that step's captures.",
            b"[Rules \"standard\"]\n[Position \"b4/2w2/wb1bw/2b2/2w2 w\"]\n\n1. c4-c3xb3xd3 *",
            b"[Rules \"standard\"]\n[Position \"b4/2w2/wb1bw/2b2/2w2 w\"]\n\n1. c4-c3xb3xd3xc2 *",
    ),
    (
        Code::CaptureWrong,
            "A square written as captured must hold an enemy piece that the step captures: next to the new square, with a piece of the mover beyond it, and not on the centre.",
            b"[Rules \"standard\"]\n[Position \"4b/3w1/1wb2/5/5 w\"]\n\n1. d4-d3xc3 *",
            b"[Rules \"standard\"]\n[Position \"4b/3w1/1wb2/5/5 w\"]\n\n1. d4-d3 *",
    ),
    (
        Code::PassIllegal,
            "A side may pass only when none of its pieces can step.",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. -- *",
            b"[Rules \"standard\"]\n[Position \"4b/5/5/1w3/5 w\"]\n\n1. b2-b3 *",
    ),
    (
        Code::PassNoOpening,
            "After a pass the opponent must play a turn that gives the passer a step again.",
            b"[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n1. -- e5-e4 *",
            b"[Rules \"standard barrier=none\"]\n[Position \"4b/5/5/b4/wb3 w\"]\n\n1. -- b1-c1 *",
    ),
    (
        Code::ResultWrong,
            "When a game ended by rule its result must be that outcome: the side with more pieces wins a barrier or a blocked game, equal counts draw, capture-all wins outright.",
            b"[Rules \"standard\"]\n[Position \"wb3/2w2/5/5/5 w\"]\n\n1. c4-c5xb5 0-1",
            b"[Rules \"standard\"]\n[Position \"wb3/2w2/5/5/5 w\"]\n\n1. c4-c5xb5 1-0",
    ),
    (
        Code::ResultTagMismatch,
            "The Result tag, when present, must say what the result token says.",
            b"[Result \"1-0\"]\n\n1. c2,d4 0-1",
            b"[Result \"0-1\"]\n\n1. c2,d4 0-1",
    ),
    (
        Code::TooLong,
            "seega bounds what one game may hold, so that memory stays bounded by one game: a token has at most 1024 bytes, a game at most 100,000 header lines and 1,000,000 movetext items. A longer token is not parsed (the tokens after it are); past a game's limit the rest of the game is skipped up to its result. Either way the game is invalid, and the games after it are read as usual.",
            &LONG_TOKEN_GAME,
            b"1. c2,d4 *",
    ),
    (
        Code::RulesInferred,
            "Under `--rules auto` the preset of a game without a Rules tag was inferred from its turns. The game was replayed under every preset: when exactly one fits, the game is checked under it and this warning names it; when none fits, the game is checked under the preset that gets furthest.",
            b"1. f6,a1 *",
            b"[Rules \"seesa\"]\n\n1. f6,a1 *",
    ),
    (
        Code::RulesAmbiguous,
            "Under `--rules auto` a game without a Rules tag fits several presets, so its rules are uncertain. The game was replayed under every preset; it is checked under the first that fits, and this warning lists them all.",
            b"1. c2,d4 a1,a2 *",
            b"[Rules \"standard\"]\n\n1. c2,d4 a1,a2 *",
    ),
    (
        Code::NumberMismatch,
            "A move number announces a turn: `N.` turn 2N-1 and `N...` turn 2N, counting every turn of the game from 1. A wrong number is only a warning.",
            b"2. c2,d4 *",
            b"1. c2,d4 *",
    ),
    (
        Code::LudiiMalformed,
            "A line of a Ludii trial of a kind seega reads (a move, a legal move count, the winner, the game options) must be in the form Ludii writes it. A line that is not is reported where it stands and not read; the trial is not imported.",
            concat!(trial_head!(), trial_turn!("1", "25"), "winner=one\n").as_bytes(),
            concat!(trial_head!(), trial_turn!("1", "25"), "winner=0\n").as_bytes(),
    ),
    (
        Code::LudiiUnknownLine,
            "A line of a Ludii trial that seega does not know says nothing seega checks: it is passed over with a warning, and the game stays valid.",
            concat!(trial_head!(), trial_turn!("1", "25"), "COMMENT=a line of another program\n").as_bytes(),
            concat!(trial_head!(), trial_turn!("1", "25")).as_bytes(),
    ),
    (
        Code::LudiiUnsupported,
            "seega reads the trials of Ludii's Seega.lud on the boards 5×5, 7×7 and 9×9, whose first moves fill both hands. A trial of another game or board, or a move seega cannot make a turn of (a site that is neither a cell of the board nor the mover's hand, an action other than Move, Remove, Pass and SetNextPlayer), is not imported.",
            b"game=../Common/res/lud/board/war/custodial/Seega.lud\nSTART GAME OPTIONS\nBoard Size/6x6\nEND GAME OPTIONS\nMove=[Move:mover=0,from=36,to=36,actions=[Add:type=Cell,to=36,what=1,count=17]]\n",
            b"game=../Common/res/lud/board/war/custodial/Seega.lud\nSTART GAME OPTIONS\nBoard Size/7x7\nEND GAME OPTIONS\nMove=[Move:mover=0,from=49,to=49,actions=[Add:type=Cell,to=49,what=1,count=24]]\nMove=[Move:mover=0,from=50,to=50,actions=[Add:type=Cell,to=50,what=2,count=24]]\n",
    ),
    (
        Code::LudiiMover,
            "Under the ludii rules player 1 (black) places first, two pieces a turn, each its own Ludii move, and moves first; then the players take turns, a side without a step passing. A move of the other player is no turn of the game: the trial and the rules disagree, and the replay stops there.",
            concat!(trial_head!(), trial_turn!("2", "26")).as_bytes(),
            concat!(trial_head!(), trial_turn!("1", "25")).as_bytes(),
    ),
    (
        Code::LudiiCapture,
            "The pieces a step removes in a Ludii trial must be exactly those it captures under the ludii rules. Here black's step c4-c3 (cell 17 to cell 12) captures white's d3 (cell 13), with black's e3 beyond it, but the trial removes nothing. The replay stops at the first such step.",
            concat!(trial_placed!(), trial_step!("")).as_bytes(),
            concat!(trial_placed!(), trial_step!(",[Remove:type=Cell,to=13]")).as_bytes(),
    ),
    (
        Code::LudiiCount,
            "Each `LEGAL MOVES LIST SIZE` line of a Ludii trial gives the number of legal moves before its move, and must be the number seega counts: here black may put its first piece on any of the 24 squares but the centre, and its second on any of the 23 left. Later counts are not compared.",
            concat!(trial_head!(), trial_turn!("1", "25"), "LEGAL MOVES LIST SIZE = 24\nLEGAL MOVES LIST SIZE = 24\n").as_bytes(),
            concat!(trial_head!(), trial_turn!("1", "25"), "LEGAL MOVES LIST SIZE = 24\nLEGAL MOVES LIST SIZE = 23\n").as_bytes(),
    ),
    (
        Code::LudiiEnd,
            "A Ludii trial's winner and end type must be how the game ended under the ludii rules. Here Ludii says the game ended by its rules after two placements, which no rule of Seega does. A trial that reaches Ludii's move or turn limits says so (`endtype=MoveLimit`, `TurnLimit`) and may end with any winner.",
            concat!(trial_head!(), trial_turn!("1", "25"), "winner=1\nendtype=NaturalEnd\n").as_bytes(),
            concat!(trial_head!(), trial_turn!("1", "25"), "winner=0\nendtype=MoveLimit\n").as_bytes(),
    ),
];

/// The explanation of `code`.
pub fn explain(code: Code) -> Explanation {
    let &(_, summary, wrong, right) = TEXTS
        .iter()
        .find(|row| row.0 == code)
        .expect("every code has a row");
    Explanation {
        code,
        summary,
        wrong,
        right,
        auto_rules: matches!(code, Code::RulesInferred | Code::RulesAmbiguous),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::check_source;
    use crate::notation::Source;
    use crate::validate::Options;

    #[test]
    fn every_code_has_one_row() {
        assert_eq!(TEXTS.len(), Code::ALL.len());
        for code in Code::ALL {
            let rows = TEXTS.iter().filter(|row| row.0 == code).count();
            assert_eq!(rows, 1, "{code}");
        }
    }

    fn first_problem(bytes: &[u8], auto_rules: bool) -> Option<Code> {
        let src = Source::from_bytes(bytes);
        let opts = Options {
            auto_rules,
            ..Options::default()
        };
        if crate::tools::ludii::is_trial(bytes) {
            let checked = crate::tools::ludii::check(src.text());
            return checked.problems.first().map(|p| p.code);
        }
        check_source(&src, &opts)
            .flat_map(|c| c.verdict.problems)
            .map(|p| p.code)
            .next()
    }

    #[test]
    fn every_code_is_explained_by_examples_that_work() {
        for code in Code::ALL {
            let e = explain(code);
            assert!(e.summary.ends_with('.'), "{code}: the summary is sentences");
            let first = first_problem(e.wrong, e.auto_rules);
            assert_eq!(first, Some(code), "{code}: the wrong example");
            let right = first_problem(e.right, e.auto_rules);
            assert_eq!(right, None, "{code}: the right example");
        }
    }
}
