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

use std::path::{Path, PathBuf};

use seega::Encoding;
use seega::archive::copying::{Copied, for_each_game};
use seega::render::wire::FileName;
use serde::Serialize;

use super::args::{PartCompression, SplitArgs};
use super::copy::{Copier, File, line_end_of};
use super::inputs::Input;
use super::output::{Output, OutputError, Transaction, ensure_dir};
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

/// One line of the manifest: a part, and where its games are in the input
/// (`spec/split.schema.json`).
#[derive(Serialize)]
struct ManifestLine<'a> {
    /// The part's file name, in the directory.
    part: &'a str,
    /// The input, as `convert` names it in the JSON (`file`, and `file_bytes` when its path is
    /// not UTF-8).
    #[serde(flatten)]
    file: &'a FileName,
    /// The number in the input of the part's first game.
    first_game: usize,
    /// The games of the part.
    games: usize,
    /// Where the part's bytes start in the input.
    first_byte: usize,
    /// Where they end (exclusive).
    end_byte: usize,
}

/// One part written: where its games are in the input, and its output.
struct Part {
    first_game: usize,
    games: usize,
    first_byte: u64,
    end_byte: u64,
    out: Output,
}

/// Whether a part that holds `part` is full before a game that ends at `end` in the input.
fn full(part: Option<&Part>, size: Size, end: u64) -> bool {
    part.is_none_or(|p| match size {
        Size::Games(n) => p.games as u64 >= n,
        Size::Bytes(b) => end - p.first_byte > b,
    })
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

/// The parts of one input as its games stream by, in the run's transaction.
struct Splitting<'c> {
    config: &'c Config,
    tx: Transaction,
    parts: Vec<Part>,
    copier: Copier,
    line_end: Option<&'static [u8]>,
    /// Whether the input holds no game (then its text is one part).
    outside: bool,
    /// The output that could not be written, which stops the run.
    failed: Option<OutputError>,
    /// Why the input could not be cut (a stretch too long to hold).
    too_long: Option<String>,
}

impl Splitting<'_> {
    /// Writes a game (or a text of none), whose bytes start at `at` in the input, into the
    /// part it belongs to, opening the next part when the last one is full.
    fn piece(&mut self, number: usize, at: u64, bytes: &[u8], bom: bool) -> std::io::Result<()> {
        let end = at + bytes.len() as u64;
        if full(self.parts.last(), self.config.size, end) {
            self.next_part(number, at)?;
        }
        let line_end = *self.line_end.get_or_insert_with(|| line_end_of(bytes));
        let file = File {
            id: 0,
            bytes,
            bom,
            line_end,
        };
        let Some(part) = self.parts.last_mut() else {
            return Ok(());
        };
        let w = self.tx.writer(part.out);
        if let Err(e) = self.copier.piece_at(w, &file, at, 0..bytes.len(), None) {
            let k = self.parts.len();
            return Err(self.fail(k, e));
        }
        part.games += 1;
        part.end_byte = end;
        Ok(())
    }

    /// Finishes the last part and opens the next, named for now as if it were the last.
    fn next_part(&mut self, first_game: usize, at: u64) -> std::io::Result<()> {
        if let Some(last) = self.parts.last() {
            let out = last.out;
            if let Err(e) = self.tx.finish(out) {
                self.failed = Some(e);
                return Err(std::io::Error::other("a part failed"));
            }
        }
        let k = self.parts.len() + 1;
        let path = self.config.dir.join(part_name(k, k, self.config.suffix));
        let out = match self.tx.create(&path) {
            Ok(o) => o,
            Err(e) => {
                self.failed = Some(e);
                return Err(std::io::Error::other("a part failed"));
            }
        };
        self.parts.push(Part {
            first_game,
            games: 0,
            first_byte: at,
            end_byte: at,
            out,
        });
        self.copier = Copier::new();
        Ok(())
    }

    fn fail(&mut self, k: usize, e: std::io::Error) -> std::io::Error {
        let path = self.config.dir.join(part_name(k, k, self.config.suffix));
        self.failed = Some(OutputError {
            path,
            why: e.into(),
        });
        std::io::Error::other("a part failed")
    }

    /// Names the parts for their number, writes the manifest and commits them all.
    fn commit(mut self) -> Result<(), OutputError> {
        let count = self.parts.len();
        if let Some(last) = self.parts.last() {
            self.tx.finish(last.out)?;
        }
        let name = self.config.input.json_name();
        let mut manifest = String::new();
        for (i, part) in self.parts.iter().enumerate() {
            let (k, suffix) = (i + 1, self.config.suffix);
            let part_name = part_name(k, count, suffix);
            if part_name != self::part_name(k, k, suffix) {
                self.tx
                    .retarget(part.out, &self.config.dir.join(&part_name))?;
            }
            let line = ManifestLine {
                part: &part_name,
                file: &name,
                first_game: part.first_game,
                games: if self.outside { 0 } else { part.games },
                first_byte: part.first_byte as usize,
                end_byte: part.end_byte as usize,
            };
            let json = seega::render::json_text::to_string(&line).map_err(|e| OutputError {
                path: self.config.dir.join(MANIFEST),
                why: std::io::Error::other(e).into(),
            })?;
            manifest.push_str(&json);
            manifest.push('\n');
        }
        let path = self.config.dir.join(MANIFEST);
        let out = self.tx.create(&path)?;
        (self.tx.writer(out).write_all(manifest.as_bytes())).map_err(|e| OutputError {
            path,
            why: e.into(),
        })?;
        self.tx.commit()
    }
}

/// Cuts the input into parts as it streams by, in one transaction.
fn write_parts(config: &Config) -> std::io::Result<Result<(usize, usize), String>> {
    let mut splitting = Splitting {
        config,
        tx: Transaction::new(super::inputs::stamp(&config.input).into_iter().collect()),
        parts: Vec::new(),
        copier: Copier::new(),
        line_end: None,
        outside: false,
        failed: None,
        too_long: None,
    };
    let reader = match config.input.open() {
        Ok((r, _)) => r,
        Err(e) => return Ok(Err(format!("cannot read `{}`: {e}", config.input.name()))),
    };
    let name = config.input.name();
    let mut games = 0;
    let mut switched = false;
    let mut each = |copied: Copied<()>| match copied {
        Copied::Game {
            number,
            at,
            bytes,
            bom,
            ..
        } => {
            games = number;
            splitting.piece(number, at, &bytes, bom)
        }
        Copied::Outside { at, bytes, .. } if !bytes.is_empty() => {
            splitting.outside = true;
            splitting.piece(1, at, &bytes, false)
        }
        Copied::Outside { .. } => Ok(()),
        Copied::Switched { line } => {
            if !std::mem::replace(&mut switched, true) {
                super::inputs::tell_switch(&config.input, line);
            }
            Ok(())
        }
        Copied::TooLong { first_line, bytes } => {
            splitting.too_long = Some(format!(
                "cannot split `{name}`: its {bytes} bytes from line {} hold no game boundary, so they cannot be copied (seega holds at most {} bytes without one)",
                first_line + 1,
                seega::notation::limits::MAX_UNCUT_BYTES
            ));
            Err(std::io::Error::other("a stretch too long"))
        }
    };
    let options = seega::validate::Options::default();
    let read = for_each_game(
        reader,
        config.encoding,
        &options,
        1,
        &|_, _, _| (),
        &mut each,
    );
    if let Some(e) = splitting.failed.take() {
        e.report();
        return Ok(Err("no part was written".to_owned()));
    }
    if let Some(why) = splitting.too_long.take() {
        return Ok(Err(why));
    }
    if let Err(e) = read {
        return Ok(Err(format!("cannot read `{}`: {e}", config.input.name())));
    }
    let parts = splitting.parts.len();
    let outside = splitting.outside;
    if let Err(e) = splitting.commit() {
        e.report();
        return Ok(Err("no part was written".to_owned()));
    }
    Ok(Ok((if outside { 0 } else { games }, parts)))
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
    let made = !dir.exists();
    if let Err(e) = ensure_dir(dir) {
        trouble(format_args!("cannot write into `{}`: {e}", shown(dir)));
        return Ok(Exit::Trouble);
    }
    let (n, parts) = match write_parts(config)? {
        Ok(counts) => counts,
        Err(why) => {
            trouble(format_args!("{why}"));
            if made {
                // Made by this run and empty again: it goes too.
                let _ = std::fs::remove_dir(dir);
            }
            return Ok(Exit::Trouble);
        }
    };
    super::note(format_args!(
        "{n} {} into {parts} {} in `{}` (listed in {MANIFEST})",
        if n == 1 { "game" } else { "games" },
        if parts == 1 { "part" } else { "parts" },
        shown(dir)
    ));
    Ok(Exit::Valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_hold_whole_games() {
        let part = |games, first_byte| Part {
            first_game: 1,
            games,
            first_byte,
            end_byte: first_byte,
            out: crate::cli::output::Output::for_tests(),
        };
        assert!(full(None, Size::Games(3), 10));
        assert!(!full(Some(&part(2, 0)), Size::Games(3), 10));
        assert!(full(Some(&part(3, 0)), Size::Games(3), 10));
        assert!(!full(Some(&part(1, 0)), Size::Bytes(25), 25));
        assert!(full(Some(&part(1, 0)), Size::Bytes(25), 26));
    }

    #[test]
    fn part_names_sort_as_numbers() {
        assert_eq!(part_name(7, 12, ".sgn"), "part-0007.sgn");
        assert_eq!(part_name(7, 12345, ".sgn"), "part-00007.sgn");
    }
}
