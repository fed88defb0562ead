//! `seega show --html`: the replay page of an archive's games (`render::html`), written to
//! standard output or through `cli::output`.

use std::io::Write;

use seega::notation::{LineIndex, Scanner};
use seega::render::game_json::{GameObject, Origin};
use seega::render::html::{PageGame, PageWriter, archive_title};
use seega::validate::{Options, check_game};

use super::{Config, Page};
use crate::cli::output::write_file;
use crate::cli::{Exit, trouble};

/// Writes the replay page of the games `page` asks for.
pub(super) fn run(
    config: &Config,
    page_asked: &Page,
    out: &mut impl Write,
) -> std::io::Result<Exit> {
    let input = &config.input;
    let name = input.name();
    let bytes = match input.read() {
        Ok(b) => b,
        Err(e) => {
            trouble(format_args!("cannot read `{name}`: {e}"));
            return Ok(Exit::Trouble);
        }
    };
    let source = crate::cli::inputs::decode_vec(input, bytes, config.encoding);
    let text = source.text();
    let opts = Options::default()
        .default_rules(config.rules)
        .record(true)
        .auto_rules(false)
        .force_rules(config.force_rules);
    let title = title(config);
    let lines = LineIndex::new(text);
    let file = name.to_string();
    let at = Origin {
        file: &file,
        file_bytes: None,
        text,
        lines: &lines,
        raw: None,
    };
    let (mut count, mut tag_ruled, mut none) = (0, 0, false);
    // The page is written as its games are checked; its head only with the first game, so
    // that an archive without the game asked for writes nothing.
    let mut fill = |w: &mut dyn Write| -> std::io::Result<()> {
        let mut writer = PageWriter::new(w, &title);
        for (i, game) in Scanner::new(text, source.invalid()).enumerate() {
            count = i + 1;
            if page_asked.game.is_some_and(|n| n != count) {
                continue;
            }
            let verdict = check_game(&game, &opts);
            tag_ruled += usize::from(opts.tag_overrode(&game, &verdict));
            let object = GameObject::new(&game, &verdict, count, at);
            writer.game(&PageGame::from_object(&object, count))?;
            if page_asked.game.is_some() {
                break;
            }
        }
        none = writer.games() == 0;
        if none {
            return Err(std::io::Error::other("no game"));
        }
        writer.finish().map(drop)
    };
    let written = match &page_asked.to {
        None => fill(out).map_err(Err),
        Some(path) => write_file(path, &config.stamps(), &mut fill).map_err(Ok),
    };
    if config.rules_given {
        crate::cli::rules_note(tag_ruled);
    }
    match written {
        Ok(()) => Ok(Exit::Valid),
        Err(_) if none => {
            let which = match page_asked.game {
                Some(n) => format!("there is no game {n}"),
                None => "there is no game to show".to_owned(),
            };
            trouble(format_args!(
                "`{name}` has {count} {}: {which}",
                if count == 1 { "game" } else { "games" },
            ));
            Ok(Exit::Trouble)
        }
        Err(Err(e)) => Err(e),
        Err(Ok(e)) => {
            e.report();
            Ok(Exit::Trouble)
        }
    }
}

/// The page's title: `Seega games: NAME`, with the archive's file name (not its directory).
fn title(config: &Config) -> String {
    match &config.input {
        crate::cli::inputs::Input::File(p) => archive_title(Some(p)),
        crate::cli::inputs::Input::Stdin => archive_title(None),
    }
}
