//! `seega split`: an archive cut at game boundaries into numbered parts (`part-0001.sgn`, …)
//! in a directory, each part the input's own bytes ([`super::copy`]), with a manifest,
//! `parts.jsonl`, that says which games of the input each part holds.
//!
//! The parts and the manifest are one transaction of [`super::output`]: written as temporary
//! files in the directory, each finished (synced and closed) before the next is opened, and
//! renamed together at the end, or none of them.
//!
//! A part's name ends with [`Config`]'s `suffix`: `.sgn`, or with `--compress` `.sgn.gz`,
//! `.sgn.zst`, `.sgn.bz2` or `.sgn.xz`, which the writing module compresses by; the manifest
//! names each part by its file name, and its byte ranges are of the input's own bytes.

use std::ops::Range;
use std::path::{Path, PathBuf};

use seega::Encoding;
use seega::notation::BOM;
use seega::notation::Scanner;
use serde::Serialize;

use super::args::{PartCompression, SplitArgs};
use super::copy::{Copier, File};
use super::inputs::{Input, decode};
use super::output::{OutputError, Transaction, ensure_dir};
use super::{Exit, shown, trouble};
use seega::input::compress::is_archive_name;

/// The manifest's name in the directory.
pub const MANIFEST: &str = "parts.jsonl";

/// Where a part ends.
#[derive(Debug, Clone, Copy)]
enum Size {
    /// After this many games.
    Games(u64),
    /// Before the game that would take it past this many bytes.
    Bytes(u64),
}

/// What `seega split` runs with.
pub struct Config {
    input: Input,
    encoding: Encoding,
    size: Size,
    dir: PathBuf,
    /// What a part's name ends with (`.sgn`, or `.sgn.zst` and the like when compressed).
    suffix: &'static str,
}

impl Config {
    /// The configuration `args` ask for.
    pub fn new(args: &SplitArgs) -> Config {
        let input = match &args.path {
            Some(p) if p.as_os_str() != "-" => Input::File(p.clone()),
            _ => Input::Stdin,
        };
        let size = match (args.games, args.bytes) {
            (Some(n), _) => Size::Games(n),
            (None, b) => Size::Bytes(b.unwrap_or(u64::MAX)),
        };
        Config {
            input,
            encoding: args.encoding.encoding,
            size,
            dir: args.output.clone(),
            suffix: match args.compress {
                None => ".sgn",
                Some(PartCompression::Gz) => ".sgn.gz",
                Some(PartCompression::Zst) => ".sgn.zst",
                Some(PartCompression::Bz2) => ".sgn.bz2",
                Some(PartCompression::Xz) => ".sgn.xz",
            },
        }
    }
}

/// One line of the manifest: a part, and where its games are in the input.
#[derive(Serialize)]
struct ManifestLine<'a> {
    /// The part's file name, in the directory.
    part: &'a str,
    /// The input, as `convert` names it in the JSON.
    file: &'a str,
    /// The input's name as bytes, only when it is not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    file_bytes: Option<&'a [u8]>,
    /// The number in the input of the part's first game.
    first_game: usize,
    /// The games of the part.
    games: usize,
    /// Where the part's bytes start in the input.
    first_byte: usize,
    /// Where they end (exclusive).
    end_byte: usize,
}

/// One part: its games' byte ranges in the input, and the number of its first game.
struct Part {
    first_game: usize,
    games: usize,
    pieces: Range<usize>,
}

/// The parts of a file whose games are the byte ranges `pieces`, cut as `size` says.
fn cut(pieces: &[Range<usize>], size: Size) -> Vec<Part> {
    let mut parts: Vec<Part> = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let full = parts.last().is_none_or(|p| match size {
            Size::Games(n) => p.games as u64 >= n,
            Size::Bytes(b) => (piece.end - pieces[p.pieces.start].start) as u64 > b,
        });
        if full {
            parts.push(Part {
                first_game: i + 1,
                games: 0,
                pieces: i..i,
            });
        }
        let part = parts.last_mut().expect("pushed above");
        part.games += 1;
        part.pieces.end = i + 1;
    }
    parts
}

/// The part files already in `dir` (a split's parts, compressed or not, or its manifest), which
/// a new split would mix with its own.
fn parts_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n == MANIFEST || (n.starts_with("part-") && is_archive_name(Path::new(n))))
        .collect();
    found.sort();
    found
}

/// The name of part `k` (from 1) of `count`: `part-0001.sgn`, wider when there are more than
/// 9999 parts.
fn part_name(k: usize, count: usize, suffix: &str) -> String {
    let width = count.to_string().len().max(4);
    format!("part-{k:0width$}{suffix}")
}

/// The byte ranges of the games of the input `bytes`, one per game, covering the input after
/// its byte-order mark, and whether they are games: a text with no game but some bytes is one
/// piece.
fn pieces(input: &Input, bytes: &[u8], encoding: Encoding) -> (Vec<Range<usize>>, bool) {
    let source = decode(input, bytes, encoding);
    let starts: Vec<usize> = Scanner::new(source.text(), source.invalid())
        .map(|g| g.span.start)
        .collect();
    let file = File::new(0, bytes);
    let mut pieces = file.pieces(&source, &starts);
    let first = if file.bom { BOM.len() } else { 0 };
    if pieces.is_empty() && bytes.len() > first {
        pieces.push(first..bytes.len());
        return (pieces, false);
    }
    (pieces, true)
}

/// Writes `parts` of the input `bytes` and the manifest into `config.dir` as one
/// transaction; `games` says whether the pieces are games (else the text holds none).
fn write_parts(
    config: &Config,
    bytes: &[u8],
    pieces: &[Range<usize>],
    parts: &[Part],
    games: bool,
) -> Result<(), OutputError> {
    let mut tx = Transaction::new(super::inputs::stamp(&config.input).into_iter().collect());
    let file = File::new(0, bytes);
    let name = config.input.json_name();
    let mut manifest = String::new();
    for (k, part) in parts.iter().enumerate() {
        let part_name = part_name(k + 1, parts.len(), config.suffix);
        let path = config.dir.join(&part_name);
        let out = tx.create(&path)?;
        let mut copier = Copier::new();
        for piece in &pieces[part.pieces.clone()] {
            (copier.piece(tx.writer(out), &file, piece.clone(), None)).map_err(|e| {
                OutputError {
                    path: path.clone(),
                    why: e.into(),
                }
            })?;
        }
        tx.finish(out)?;
        let range = pieces[part.pieces.start].start..pieces[part.pieces.end - 1].end;
        let line = ManifestLine {
            part: &part_name,
            file: &name.file,
            file_bytes: name.file_bytes.as_deref(),
            first_game: part.first_game,
            games: if games { part.games } else { 0 },
            first_byte: range.start,
            end_byte: range.end,
        };
        manifest.push_str(&seega::render::json_text::to_string(&line).map_err(|e| {
            OutputError {
                path: path.clone(),
                why: std::io::Error::other(e).into(),
            }
        })?);
        manifest.push('\n');
    }
    let path = config.dir.join(MANIFEST);
    let out = tx.create(&path)?;
    (tx.writer(out).write_all(manifest.as_bytes())).map_err(|e| OutputError {
        path,
        why: e.into(),
    })?;
    tx.commit()
}

/// Runs `seega split`.
pub fn run(config: &Config) -> std::io::Result<Exit> {
    let dir = &config.dir;
    let already = parts_in(dir);
    if let Some(first) = already.first() {
        trouble(format_args!(
            "cannot write into `{}`: it holds the parts of a split already (`{first}`, {} in all)\n  help: Remove them, or name another directory, so that old parts and new are not mixed.",
            shown(dir),
            already.len()
        ));
        return Ok(Exit::Trouble);
    }
    let bytes = match config.input.read() {
        Ok(b) => b,
        Err(e) => {
            trouble(format_args!("cannot read `{}`: {e}", config.input.name()));
            return Ok(Exit::Trouble);
        }
    };
    let (pieces, games) = pieces(&config.input, &bytes, config.encoding);
    let parts = cut(&pieces, config.size);
    let made = !dir.exists();
    if let Err(e) = ensure_dir(dir) {
        trouble(format_args!("cannot write into `{}`: {e}", shown(dir)));
        return Ok(Exit::Trouble);
    }
    if let Err(e) = write_parts(config, &bytes, &pieces, &parts, games) {
        e.report();
        trouble(format_args!("no part was written"));
        if made {
            // Made by this run and empty again: it goes too.
            let _ = std::fs::remove_dir(dir);
        }
        return Ok(Exit::Trouble);
    }
    let n = if games { pieces.len() } else { 0 };
    super::note(format_args!(
        "{n} {} into {} {} in `{}` (listed in {MANIFEST})",
        if n == 1 { "game" } else { "games" },
        parts.len(),
        if parts.len() == 1 { "part" } else { "parts" },
        shown(dir)
    ));
    Ok(Exit::Valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games_of(parts: &[Part]) -> Vec<(usize, usize)> {
        parts.iter().map(|p| (p.first_game, p.games)).collect()
    }

    #[test]
    fn parts_hold_whole_games() {
        let pieces: Vec<Range<usize>> = (0..7).map(|i| i * 10..i * 10 + 10).collect();
        assert_eq!(
            games_of(&cut(&pieces, Size::Games(3))),
            [(1, 3), (4, 3), (7, 1)]
        );
        assert_eq!(
            games_of(&cut(&pieces, Size::Bytes(25))),
            [(1, 2), (3, 2), (5, 2), (7, 1)]
        );
        // A game longer than a part is a part of its own.
        assert_eq!(games_of(&cut(&pieces, Size::Bytes(5))).len(), 7);
        assert!(cut(&[], Size::Games(1)).is_empty());
    }

    #[test]
    fn part_names_sort_as_numbers() {
        assert_eq!(part_name(7, 12, ".sgn"), "part-0007.sgn");
        assert_eq!(part_name(7, 12345, ".sgn"), "part-00007.sgn");
    }
}
