//! `seega convert`: SGN ⇄ JSON / JSON Lines, game by game.

use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;

use seega::archive::convert::{ConvertWork, Target, convert_stream};
use seega::notation::source::BOM;
use seega::render::game_json::{GameObject, game_bytes};
use seega::render::terminal;
use seega::validate::Options;

use super::args::{ConvertArgs, DataFormat};
use super::inputs::{Input, read_in, resolve, stamps, tell_switch};
use super::output::{is_stdout, write_file};
use super::{Exit, shown, trouble};

/// The format of an input: `--from`, else the extension, else the content.
fn format_of(input: &Input, bytes: &[u8], from: Option<DataFormat>) -> DataFormat {
    if let Some(f) = from {
        return f;
    }
    if let Input::File(p) = input {
        match p.extension().and_then(|e| e.to_str()) {
            Some("sgn") => return DataFormat::Sgn,
            Some("json") => return DataFormat::Json,
            Some("jsonl" | "ndjson") => return DataFormat::Jsonl,
            _ => {}
        }
    }
    sniff(bytes)
}

/// Guesses the format from the first bytes: `{` followed by `"` is JSON Lines, `[` followed by
/// `{` or `]` is a JSON array, anything else (a tag `[Event ...`, a comment, a turn) is
/// notation.
pub fn sniff(bytes: &[u8]) -> DataFormat {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut rest = bytes.iter().skip_while(|b| b.is_ascii_whitespace());
    match rest.next() {
        Some(b'{') => match rest.find(|b| !b.is_ascii_whitespace()) {
            Some(b'"' | b'}') => DataFormat::Jsonl,
            _ => DataFormat::Sgn,
        },
        Some(b'[') => match rest.find(|b| !b.is_ascii_whitespace()) {
            Some(b'{' | b']') | None => DataFormat::Json,
            _ => DataFormat::Sgn,
        },
        _ => DataFormat::Sgn,
    }
}

/// Writes game objects in the output format.
struct Emitter {
    to: DataFormat,
    width: usize,
    written: usize,
}

impl Emitter {
    fn begin(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        if self.to == DataFormat::Json {
            w.write_all(b"[")?;
        }
        Ok(())
    }

    /// Writes one game; `Err(Ok(message))` when the object cannot be written as notation.
    fn game(
        &mut self,
        w: &mut dyn Write,
        g: &GameObject,
    ) -> Result<(), Result<String, std::io::Error>> {
        match self.to {
            DataFormat::Sgn => {
                let bytes = game_bytes(g, self.width).map_err(Ok)?;
                if self.written > 0 {
                    w.write_all(b"\n").map_err(Err)?;
                }
                w.write_all(&bytes).map_err(Err)?;
            }
            DataFormat::Json => {
                w.write_all(if self.written > 0 { b",\n" } else { b"\n" })
                    .map_err(Err)?;
                serde_json::to_writer(&mut *w, g).map_err(|e| Err(e.into()))?;
            }
            DataFormat::Jsonl => {
                serde_json::to_writer(&mut *w, g).map_err(|e| Err(e.into()))?;
                w.write_all(b"\n").map_err(Err)?;
            }
        }
        self.written += 1;
        Ok(())
    }

    fn end(&mut self, w: &mut dyn Write) -> std::io::Result<()> {
        if self.to == DataFormat::Json {
            w.write_all(if self.written > 0 { b"\n]\n" } else { b"]\n" })?;
        }
        Ok(())
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
}

/// Converts every input into `w`.
fn convert_all(
    args: &ConvertArgs,
    opts: &Options,
    w: &mut dyn Write,
    tally: &mut Tally,
) -> std::io::Result<()> {
    let mut em = Emitter {
        to: args.to,
        width: args.width.max(1),
        written: 0,
    };
    em.begin(w)?;
    for input in resolve(&args.input.paths) {
        let input = match input {
            Ok(i) => i,
            Err((name, e)) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                tally.trouble = true;
                continue;
            }
        };
        let name = input.name();
        let json_name = input.json_name();
        let mut reader = match input.open() {
            Ok((r, _)) => std::io::BufReader::with_capacity(1 << 16, r),
            Err(e) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                tally.trouble = true;
                continue;
            }
        };
        let format = match reader.fill_buf() {
            Ok(head) => format_of(&input, head, args.from),
            Err(e) => {
                trouble(format_args!("cannot read `{name}`: {e}"));
                tally.trouble = true;
                continue;
            }
        };
        // Every format streams: notation in blocks, JSON one object at a time, JSON Lines one
        // line at a time; a byte-order mark before JSON is skipped.
        if format != DataFormat::Sgn && reader.fill_buf().is_ok_and(|h| h.starts_with(BOM)) {
            reader.consume(BOM.len());
        }
        let mut io_error = None;
        let mut bad_input = false;
        let mut index = 0;
        let mut sink = |g: GameObject| -> Result<(), ()> {
            tally.games += 1;
            index += 1;
            if args.valid_only && !g.valid {
                tally.dropped += 1;
                return Ok(());
            }
            match em.game(w, &g) {
                Ok(()) => Ok(()),
                Err(Ok(why)) => {
                    trouble(format_args!(
                        "`{name}`, game {index}: {}",
                        terminal::escape(&why.to_string())
                    ));
                    tally.trouble = true;
                    Ok(())
                }
                Err(Err(e)) => {
                    io_error = Some(e);
                    Err(())
                }
            }
        };
        match format {
            DataFormat::Sgn => {
                let target = match args.to {
                    DataFormat::Json => Target::Json,
                    DataFormat::Jsonl => Target::Jsonl,
                    DataFormat::Sgn => Target::Sgn { width: em.width },
                };
                let work = ConvertWork::new(opts, &json_name.file, target, args.valid_only)
                    .with_file_bytes(json_name.file_bytes.as_deref());
                let mut commented = false;
                let mut games = 0;
                // The encoding is the notation's: JSON is always UTF-8.
                let (reader, switched) = read_in(reader, args.encoding.encoding);
                let read = convert_stream(reader, &work, args.jobs.threads(), &mut |c, before| {
                    games += c.games;
                    tally.games += c.games;
                    tally.dropped += c.dropped;
                    commented |= c.text;
                    for (n, why) in &c.refused {
                        trouble(format_args!(
                            "`{name}`, game {}: {}",
                            before + n,
                            terminal::escape(&why.to_string())
                        ));
                        tally.trouble = true;
                    }
                    match c.write_to(w, target, before, &mut em.written) {
                        Ok(()) => Ok(()),
                        Err(e) => {
                            io_error = Some(e);
                            Err(std::io::Error::other("the output failed"))
                        }
                    }
                });
                if let Err(e) = read {
                    if io_error.is_none() {
                        trouble(format_args!("cannot read `{name}`: {e}"));
                        bad_input = true;
                    }
                }
                let line = switched.load(Ordering::Relaxed);
                if line > 0 {
                    tell_switch(&input, line);
                }
                if games == 0 && commented {
                    super::stdio::line(format_args!(
                        "seega: warning: `{name}` holds no game, only comments: nothing converted"
                    ));
                }
            }
            DataFormat::Json => {
                let mut de = serde_json::Deserializer::from_reader(&mut reader);
                let streamed =
                    serde::Deserializer::deserialize_seq(&mut de, EachGame { sink: &mut sink })
                        .and_then(|()| de.end());
                if let Err(e) = streamed {
                    if io_error.is_none() {
                        if e.is_io() {
                            trouble(format_args!("cannot read `{name}`: {e}"));
                        } else {
                            trouble(format_args!("`{name}` is not a JSON array of games: {e}"));
                        }
                        bad_input = true;
                    }
                }
            }
            DataFormat::Jsonl => {
                let mut line = Vec::new();
                let mut number = 0;
                loop {
                    line.clear();
                    match reader.read_until(b'\n', &mut line) {
                        Ok(0) => break,
                        Ok(_) => number += 1,
                        Err(e) => {
                            trouble(format_args!("cannot read `{name}`: {e}"));
                            bad_input = true;
                            break;
                        }
                    }
                    if line.iter().all(u8::is_ascii_whitespace) {
                        continue;
                    }
                    match serde_json::from_slice::<GameObject>(&line) {
                        Ok(g) => {
                            if sink(g).is_err() {
                                break;
                            }
                        }
                        Err(e) => {
                            trouble(format_args!(
                                "`{name}` line {number}: not a game object: {e}"
                            ));
                            bad_input = true;
                        }
                    }
                }
            }
        }
        tally.trouble |= bad_input;
        if let Some(e) = io_error {
            return Err(e);
        }
    }
    em.end(w)
}

/// Runs `seega convert`.
pub fn run(args: &ConvertArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let opts = args.rules.rules.options(true);
    let mut tally = Tally::default();
    match &args.output {
        Some(path) if !is_stdout(path) => {
            let written = write_file(path, &stamps(&args.input.paths), &mut |w| {
                convert_all(args, &opts, w, &mut tally)?;
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
        _ => convert_all(args, &opts, out, &mut tally)?,
    }
    if args.valid_only {
        super::stdio::line(format_args!(
            "seega: dropped {} invalid {} of {}",
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
        assert_eq!(sniff(b"  [\n {\"game\":1}]"), DataFormat::Json);
        assert_eq!(sniff(b"[]"), DataFormat::Json);
        assert_eq!(sniff(b"{\"game\":1}\n"), DataFormat::Jsonl);
        assert_eq!(sniff(b"[Event \"x\"]\n"), DataFormat::Sgn);
        assert_eq!(sniff(b"\xEF\xBB\xBF1. c2,d4 *"), DataFormat::Sgn);
        assert_eq!(sniff(b""), DataFormat::Sgn);
        assert_eq!(sniff(b"{a comment}\n1. c2,d4 *"), DataFormat::Sgn);
    }
}
