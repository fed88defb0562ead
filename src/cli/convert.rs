//! `seega convert`: SGN ⇄ JSON / JSON Lines, and SGN or JSON → Parquet, game by game.

mod parquet;
mod partitioned;
mod print;

use std::io::{BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

use seega::Encoding;
use seega::archive::convert::{ConvertWork, convert_stream};
use seega::input::content::Content;
use seega::notation::BOM;
use seega::notation::limits::MAX_FILE_BYTES;
use seega::notation::{LineIndex, Source};
use seega::render::game_json::GameObject;
use seega::render::terminal;
use seega::tools::ludii;
use seega::validate::{Options, Problem};

use super::args::{ConvertArgs, DataFormat, InputFormat};
use super::config::Sources;
use super::inputs::{Input, read_in, tell_switch};
use super::output::{is_stdout, write_file};
use super::{Exit, shown, trouble};
use print::GamePrinter;

/// The format of an input: `--from`, else the extension, else the content.
fn format_of(input: &Input, bytes: &[u8], from: Option<InputFormat>) -> InputFormat {
    if let Some(f) = from {
        return f;
    }
    if let Input::File(p) = input {
        // `games.json.zst` holds JSON: the extension before the compression's says.
        match seega::input::compress::inner(p)
            .extension()
            .and_then(|e| e.to_str())
        {
            Some("sgn") => return InputFormat::Sgn,
            Some("json") => return InputFormat::Json,
            Some("jsonl" | "ndjson") => return InputFormat::Jsonl,
            _ => {}
        }
    }
    sniff(bytes)
}

/// Guesses the format from the first bytes: a Ludii trial ([`ludii::is_trial`]), else seega's
/// JSON or JSON Lines as the library tells them ([`seega::input::content::sniff`]), else
/// notation.
pub fn sniff(bytes: &[u8]) -> InputFormat {
    if ludii::is_trial(bytes) {
        return InputFormat::Ludii;
    }
    match seega::input::content::sniff(bytes) {
        Content::Json => InputFormat::Json,
        Content::Jsonl => InputFormat::Jsonl,
        _ => InputFormat::Sgn,
    }
}

/// Hands each element of a JSON array of games to `sink` as soon as it is read, so that a
/// large array is never held whole.
struct EachGame<'s> {
    sink: &'s mut dyn FnMut(GameObject) -> Result<(), ()>,
}

impl<'de> serde::de::Visitor<'de> for EachGame<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an array of game objects")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(g) = seq.next_element::<GameObject>()? {
            if (self.sink)(g).is_err() {
                return Err(serde::de::Error::custom("the output cannot be written"));
            }
        }
        Ok(())
    }
}

/// What a run found.
#[derive(Default)]
struct Tally {
    games: usize,
    dropped: usize,
    trouble: bool,
    /// Games whose Rules tag won over the default rules.
    tag_ruled: usize,
}

/// What `seega convert` runs with.
pub struct Config {
    /// The archives to convert; their encoding is the notation's (JSON is always UTF-8).
    pub sources: Sources,
    /// The rules of games without a Rules tag, recording captures.
    pub options: Options,
    /// The format to read, when given.
    pub from: Option<InputFormat>,
    /// The format to write.
    pub to: DataFormat,
    /// The file to write, or `None` for standard output.
    pub output: Option<PathBuf>,
    /// Whether to drop invalid games.
    pub valid_only: bool,
    /// Columns to wrap notation at.
    pub width: usize,
    /// Threads converting games.
    pub jobs: usize,
    /// Games to a Parquet row group.
    pub row_group: usize,
    /// The column of the games table to partition the output directory by.
    pub partition_by: Option<String>,
    /// Whether `--rules` was given, without `--force-rules` (see [`super::rules_note`]).
    pub rules_given: bool,
}

impl Config {
    /// The configuration `args` ask for.
    pub fn new(args: &ConvertArgs) -> Config {
        Config {
            sources: Sources::new(&args.input, args.encoding),
            options: args.rules.options(true),
            from: args.from,
            to: args.to,
            output: args.output.clone().filter(|p| !is_stdout(p)),
            valid_only: args.valid_only,
            width: args.width.max(1),
            jobs: args.jobs.threads(),
            row_group: usize::try_from(args.row_group).unwrap_or(parquet::ROW_GROUP_GAMES),
            partition_by: args.partition_by.clone(),
            rules_given: args.rules.may_lose_to_tags(),
        }
    }
}

/// How reading one input ended.
#[derive(Default)]
struct Ended {
    /// The output failed: the run stops.
    io_error: Option<std::io::Error>,
    /// The input could not be read to its end, or held something that is not a game.
    bad_input: bool,
}

/// Converts every input into one output.
struct Converter<'a> {
    config: &'a Config,
    printer: Box<dyn GamePrinter>,
    w: &'a mut dyn Write,
    tally: &'a mut Tally,
    /// Whether the output has begun: once an input could be opened. When none can, nothing is
    /// written (not even an empty JSON array).
    begun: bool,
}

impl Converter<'_> {
    /// Converts every input.
    fn all(mut self) -> std::io::Result<()> {
        for input in self.config.sources.resolved() {
            match input {
                Ok(input) => self.input(input)?,
                Err((input, e)) => self.unreadable(&input.name(), e),
            }
        }
        if self.begun {
            self.printer.end(self.w)?;
        }
        Ok(())
    }

    /// Begins the output, the first time an input is read.
    fn begin(&mut self) -> std::io::Result<()> {
        if !self.begun {
            self.begun = true;
            self.printer.begin(self.w)?;
        }
        Ok(())
    }

    fn unreadable(&mut self, name: &str, e: &dyn std::fmt::Display) {
        trouble(format_args!("cannot read `{name}`: {e}"));
        self.tally.trouble = true;
    }

    /// Converts one input, in the format it is written in.
    fn input(&mut self, input: &Input) -> std::io::Result<()> {
        let name = input.name();
        let mut reader = match input.open_any() {
            Ok((r, _)) => std::io::BufReader::with_capacity(1 << 16, r),
            Err(e) => {
                self.unreadable(&name, &e);
                return Ok(());
            }
        };
        let format = match reader.fill_buf() {
            Ok(head) => format_of(input, head, self.config.from),
            Err(e) => {
                self.unreadable(&name, &e);
                return Ok(());
            }
        };
        self.begin()?;
        // Every format streams: notation in blocks, JSON one object at a time, JSON Lines one
        // line at a time; a byte-order mark before JSON is skipped.
        let json = matches!(format, InputFormat::Json | InputFormat::Jsonl);
        if json && reader.fill_buf().is_ok_and(|h| h.starts_with(BOM)) {
            reader.consume(BOM.len());
        }
        let encoding = self.config.sources.encoding;
        let ended = match format {
            InputFormat::Sgn => self.notation(input, reader, encoding),
            InputFormat::Json => self.json(&name, reader),
            InputFormat::Jsonl => self.jsonl(&name, reader),
            InputFormat::Ludii => self.trial(input, reader),
        };
        self.tally.trouble |= ended.bad_input;
        ended.io_error.map_or(Ok(()), Err)
    }

    /// Converts an input of notation, read in `encoding`, on the library's workers.
    fn notation(
        &mut self,
        input: &Input,
        reader: impl Read + Send + 'static,
        encoding: Encoding,
    ) -> Ended {
        let config = self.config;
        let (name, json_name) = (input.name(), input.json_name());
        let target = self.printer.target();
        let work = ConvertWork::new(&config.options, &json_name.file, target, config.valid_only)
            .with_file_bytes(json_name.file_bytes.as_deref())
            .with_rows(self.printer.rows());
        let mut ended = Ended::default();
        let (mut commented, mut games) = (false, 0);
        let (reader, switched) = read_in(reader, encoding);
        let (tally, w, printer) = (&mut *self.tally, &mut *self.w, &mut self.printer);
        let read = convert_stream(reader, &work, config.jobs, &mut |c, before| {
            games += c.games;
            tally.games += c.games;
            tally.dropped += c.dropped;
            tally.tag_ruled += c.tag_ruled;
            commented |= c.text;
            for (n, why) in &c.refused {
                trouble(format_args!(
                    "`{name}`, game {}: {}",
                    before + n,
                    terminal::escape(&why.to_string())
                ));
                tally.trouble = true;
            }
            let written = if let Some(rows) = c.rows.take() {
                printer.take_rows(w, rows, before)
            } else if printer.rows().is_some() {
                // A stretch too long: no rows, nothing to write.
                Ok(())
            } else {
                c.write_to(w, target, before, printer.written())
            };
            written.map_err(|e| {
                ended.io_error = Some(e);
                std::io::Error::other("the output failed")
            })
        });
        if let Err(e) = read {
            if ended.io_error.is_none() {
                trouble(format_args!("cannot read `{name}`: {e}"));
                ended.bad_input = true;
            }
        }
        let line = switched.load(Ordering::Relaxed);
        if line > 0 {
            tell_switch(input, line);
        }
        if games == 0 && commented {
            super::stdio::line(format_args!(
                "seega: warning: `{name}` holds no game, only comments: nothing converted"
            ));
        }
        ended
    }

    /// Converts a Ludii trial: its diagnostics on stderr, its game, when the import found no
    /// error, written as a game of notation is (`spec/ludii.md`, T7).
    fn trial(&mut self, input: &Input, reader: impl Read) -> Ended {
        let name = input.name();
        let Some(source) = read_trial(input, reader, self.config.sources.encoding) else {
            return Ended {
                bad_input: true,
                ..Ended::default()
            };
        };
        let imported = ludii::import(source.text());
        say_problems(&name, source.text(), &imported.problems);
        match imported.game {
            Some(game) => self.notation(input, std::io::Cursor::new(game), Encoding::Utf8),
            None => {
                trouble(format_args!(
                    "`{name}` is a Ludii trial seega cannot import: nothing written for it"
                ));
                Ended {
                    bad_input: true,
                    ..Ended::default()
                }
            }
        }
    }

    /// Writes game `index` of `name`, read from JSON; `Err` when the output failed.
    fn object(&mut self, name: &str, index: usize, g: GameObject) -> std::io::Result<()> {
        self.tally.games += 1;
        if self.config.valid_only && !g.valid {
            self.tally.dropped += 1;
            return Ok(());
        }
        match self.printer.take(self.w, g) {
            Ok(()) => Ok(()),
            Err(Ok(why)) => {
                trouble(format_args!(
                    "`{name}`, game {index}: {}",
                    terminal::escape(&why.to_string())
                ));
                self.tally.trouble = true;
                Ok(())
            }
            Err(Err(e)) => Err(e),
        }
    }

    /// Converts an input holding one JSON array of game objects, an element at a time.
    fn json(&mut self, name: &str, mut reader: impl Read) -> Ended {
        let mut ended = Ended::default();
        let mut index = 0;
        let mut sink = |g: GameObject| {
            index += 1;
            self.object(name, index, g)
                .map_err(|e| ended.io_error = Some(e))
        };
        let mut de = serde_json::Deserializer::from_reader(&mut reader);
        let streamed = serde::Deserializer::deserialize_seq(&mut de, EachGame { sink: &mut sink })
            .and_then(|()| de.end());
        if let Err(e) = streamed {
            if ended.io_error.is_none() {
                if e.is_io() {
                    trouble(format_args!("cannot read `{name}`: {e}"));
                } else {
                    trouble(format_args!("`{name}` is not a JSON array of games: {e}"));
                }
                ended.bad_input = true;
            }
        }
        ended
    }

    /// Converts an input of JSON Lines, a line at a time.
    fn jsonl(&mut self, name: &str, mut reader: impl BufRead) -> Ended {
        let mut ended = Ended::default();
        let (mut line, mut number, mut index) = (Vec::new(), 0, 0);
        loop {
            line.clear();
            match reader.read_until(b'\n', &mut line) {
                Ok(0) => break,
                Ok(_) => number += 1,
                Err(e) => {
                    trouble(format_args!("cannot read `{name}`: {e}"));
                    ended.bad_input = true;
                    break;
                }
            }
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            match serde_json::from_slice::<GameObject>(&line) {
                Ok(g) => {
                    index += 1;
                    if let Err(e) = self.object(name, index, g) {
                        ended.io_error = Some(e);
                        break;
                    }
                }
                Err(e) => {
                    trouble(format_args!(
                        "`{name}` line {number}: not a game object: {e}"
                    ));
                    ended.bad_input = true;
                }
            }
        }
        ended
    }
}

/// The whole of a trial, read in `encoding` (at most [`MAX_FILE_BYTES`]); `None`, said on
/// stderr, when it cannot be read.
pub fn read_trial(input: &Input, reader: impl Read, encoding: Encoding) -> Option<Source> {
    let mut bytes = Vec::new();
    let read = reader.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes);
    let why = match read {
        Err(e) => e.to_string(),
        Ok(_) if bytes.len() as u64 > MAX_FILE_BYTES => {
            format!(
                "it holds more than {MAX_FILE_BYTES} bytes (1 GiB), the most seega reads from one input"
            )
        }
        Ok(_) => return Some(super::inputs::decode(input, &bytes, encoding)),
    };
    trouble(format_args!("cannot read `{}`: {why}", input.name()));
    None
}

/// Says each of a trial's `problems` on stderr, one line each:
/// `file:line:column: severity[code]: message`.
fn say_problems(name: &str, text: &str, problems: &[Problem]) {
    let lines = LineIndex::new(text);
    for p in problems {
        let at = lines.line_col(text, p.span.start);
        super::stdio::line(format_args!(
            "{name}:{}:{}: {}[{}]: {}",
            at.line,
            at.column,
            if p.is_error() { "error" } else { "warning" },
            p.code,
            terminal::escape(&p.message())
        ));
    }
}

/// Converts every input into `w`.
fn convert_all(config: &Config, w: &mut dyn Write, tally: &mut Tally) -> std::io::Result<()> {
    Converter {
        config,
        printer: print::game_printer(config.to, config.width, config.row_group, config.jobs),
        w,
        tally,
        begun: false,
    }
    .all()
}

/// Runs `seega convert`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let mut tally = Tally::default();
    match &config.output {
        Some(dir) if config.partition_by.is_some() => {
            if let Err(exit) = partitioned::partitioned(config, dir, &mut tally) {
                return Ok(exit);
            }
        }
        Some(path) => {
            let written = write_file(path, &config.sources.stamps(), &mut |w| {
                convert_all(config, w, &mut tally)?;
                if tally.trouble {
                    Err(std::io::Error::other("an input could not be converted"))
                } else {
                    Ok(())
                }
            });
            if let Err(e) = written {
                if !tally.trouble {
                    e.report();
                } else {
                    trouble(format_args!("`{}` was left untouched", shown(path)));
                }
                return Ok(Exit::Trouble);
            }
        }
        None if config.partition_by.is_some() => {
            trouble(format_args!(
                "`--partition-by` writes a directory, not standard output: name it with `-o DIR`"
            ));
            return Ok(Exit::Trouble);
        }
        None if matches!(config.to, DataFormat::Parquet | DataFormat::ParquetTurns)
            && std::io::stdout().is_terminal() =>
        {
            trouble(format_args!(
                "Parquet is binary and not written to a terminal: name a file with `-o FILE.parquet`, or pipe standard output"
            ));
            return Ok(Exit::Trouble);
        }
        None => convert_all(config, out, &mut tally)?,
    }
    if config.rules_given {
        super::rules_note(tally.tag_ruled);
    }
    if config.valid_only {
        super::stdio::line(format_args!(
            "seega: note: dropped {} invalid {} of {}",
            tally.dropped,
            if tally.dropped == 1 { "game" } else { "games" },
            tally.games
        ));
    }
    Ok(if tally.trouble {
        Exit::Trouble
    } else {
        Exit::Valid
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniffing_tells_json_from_tags() {
        assert_eq!(sniff(b"  [\n {\"game\":1}]"), InputFormat::Json);
        assert_eq!(sniff(b"[]"), InputFormat::Json);
        assert_eq!(sniff(b"{\"game\":1}\n"), InputFormat::Jsonl);
        assert_eq!(sniff(b"[Event \"x\"]\n"), InputFormat::Sgn);
        assert_eq!(sniff(b"\xEF\xBB\xBF1. c2,d4 *"), InputFormat::Sgn);
        assert_eq!(sniff(b""), InputFormat::Sgn);
        assert_eq!(sniff(b"{a comment}\n1. c2,d4 *"), InputFormat::Sgn);
        assert_eq!(
            sniff(b"game=Seega.lud\nMove=[Move:mover=0]\n"),
            InputFormat::Ludii
        );
        assert_eq!(sniff(b"game=Seega.lud\n"), InputFormat::Sgn);
    }
}
