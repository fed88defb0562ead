//! How `show` and `moves` choose what they look at: one game of an archive (`--game`) and
//! positions of it (`--turn`, `--all`, the final one by default), or a position string
//! (`--position`), with the same words for each thing that is not there.

use seega::Encoding;
use seega::GameState;
use seega::notation::{Game, Scanner};
use seega::render::terminal;
use seega::validate::Verdict;
use seega::{Ruleset, Setup};

use super::args::GameArgs;
use super::inputs::Input;
use super::trouble;

/// Which positions of a game to look at.
#[derive(Debug, Clone, Copy)]
pub enum When {
    /// The final one, after the last legal turn.
    Final,
    /// The one after turn K (0: the start).
    Turn(u64),
    /// Every one, from the start.
    All,
}

impl When {
    /// The positions `args` ask for; `all` also when another argument asks for every one.
    pub fn of(args: &GameArgs, all: bool) -> When {
        match args.turn {
            _ if args.all || all => When::All,
            Some(k) => When::Turn(k),
            None => When::Final,
        }
    }

    /// The positions of a game of `n` legal turns, each as the number of turns played before
    /// it; `None` (reported) when there is no such position.
    pub fn positions(self, n: usize, heading: &str) -> Option<Vec<usize>> {
        Some(match self {
            When::All => (0..=n).collect(),
            When::Final => vec![n],
            When::Turn(k) => match usize::try_from(k).ok().filter(|k| *k <= n) {
                Some(k) => vec![k],
                None => {
                    trouble(format_args!(
                        "{heading} has {n} legal {}: there is no position after turn {k}",
                        if n == 1 { "turn" } else { "turns" }
                    ));
                    return None;
                }
            },
        })
    }
}

/// `input` or standard input, as `PATH` names it (`-` or none: standard input).
pub fn input(args: &GameArgs) -> Input {
    match &args.path {
        Some(p) if p.as_os_str() != "-" => Input::File(p.clone()),
        _ => Input::Stdin,
    }
}

/// `game N (Black vs White, Event)`, made safe for a terminal ([`terminal::escape`]).
pub fn title(game: &Game<'_>, index: usize) -> String {
    let players = seega::validate::Players::of(game);
    terminal::escape(&format!("game {index}{players}")).into_owned()
}

/// The game a `--position` string gives under `rules`, on the board size the string has;
/// `None` (reported) when it gives none.
pub fn setup(rules: Ruleset, text: &str) -> Option<GameState> {
    let game = Setup::parse(text).and_then(|setup| {
        let mut rules = rules;
        rules.size = setup.size;
        GameState::from_setup(rules, &setup)
    });
    match game {
        Ok(game) => Some(game),
        Err(e) => {
            trouble(format_args!(
                "--position {text:?}: {e}\n  help: Write the ranks from the top, separated by `/`, each as `b`, `w` or a count of empty squares (one digit, 1 to 9), then a space and the side to move: `bbw1w/5/2b2/5/w3w b`; then, when a side has pieces in hand, black's and white's counts: `5/5/5/5/5 b 12/12`."
            ));
            None
        }
    }
}

/// Reads `input` in `encoding` and hands its game `index` (from 1) to `each` (the game holds
/// the decoded text); `None` (reported) when the input cannot be read or holds no such game.
pub fn with_game<T>(
    input: &Input,
    encoding: Encoding,
    index: usize,
    each: impl FnOnce(&Game<'_>) -> T,
) -> Option<T> {
    let name = input.name();
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => {
            trouble(format_args!("cannot read `{name}`: {e}"));
            return None;
        }
    };
    let source = super::inputs::decode_vec(input, bytes, encoding);
    let text = source.text();
    let Some(game) = Scanner::new(text, source.invalid())
        .nth(index.saturating_sub(1))
        .filter(|_| index > 0)
    else {
        let count = Scanner::new(text, source.invalid()).count();
        trouble(format_args!(
            "`{name}` has {count} {}: there is no game {index}",
            if count == 1 { "game" } else { "games" },
        ));
        return None;
    };
    Some(each(&game))
}

/// Says that the game `heading` names cannot be set up (its rules or Position tag), with the
/// first problem found.
pub fn cannot_set_up(heading: &str, verdict: &Verdict) {
    let why = verdict.problems.first().map_or(String::new(), |p| {
        format!(": {}", terminal::escape(&p.message()))
    });
    trouble(format_args!("{heading} cannot be set up{why}"));
}
