//! `seega generate`: random games, written in order, batches made on every core.

use std::io::Write;
use std::path::PathBuf;

use seega::tools::generate::{GenOptions, Generator};

use super::args::GenerateArgs;
use super::output::{is_stdout, write_file};
use super::stdio::stdout_closed;
use super::{Exit, trouble};

/// Games per batch handed to one thread.
const BATCH: u64 = 2048;

/// What `seega generate` runs with.
pub struct Config {
    /// The games to make.
    options: GenOptions,
    /// How many.
    games: u64,
    /// Threads generating them.
    jobs: usize,
    /// The file written, or `None` for standard output.
    output: Option<PathBuf>,
}

impl Config {
    /// The configuration `args` ask for, or `None` (reported) when --invalid-rate or
    /// --variations is no probability.
    pub fn new(args: &GenerateArgs) -> Option<Config> {
        let rates = [
            ("--invalid-rate", args.invalid_rate, "0.01"),
            ("--variations", args.variations, "0.1"),
        ];
        for (name, rate, like) in rates {
            if !(0.0..=1.0).contains(&rate) {
                trouble(format_args!(
                    "{name} {rate} is not a probability\n  help: Give a number from 0 to 1, like {like}."
                ));
                return None;
            }
        }
        Some(Config {
            options: GenOptions::default()
                .seed(args.seed)
                .rules(args.rules.clone())
                .invalid_rate(args.invalid_rate)
                .max_turns(args.max_turns)
                .variations(args.variations),
            games: args.games,
            jobs: args.jobs.threads(),
            output: args.output.clone().filter(|p| !is_stdout(p)),
        })
    }
}

/// Runs `seega generate`.
pub fn run(config: &Config, out: &mut impl Write) -> std::io::Result<Exit> {
    let (opts, n, jobs) = (&config.options, config.games, config.jobs);
    match &config.output {
        Some(path) => match write_file(path, &[], &mut |w| write_games(opts, n, jobs, w)) {
            Ok(()) => Ok(Exit::Valid),
            Err(e) => {
                e.report();
                Ok(Exit::Trouble)
            }
        },
        None => {
            write_games(opts, n, jobs, out)?;
            Ok(Exit::Valid)
        }
    }
}

/// Writes games 1..=n in order; `jobs` threads each make one batch per round.
fn write_games(opts: &GenOptions, n: u64, jobs: usize, out: &mut dyn Write) -> std::io::Result<()> {
    let mut gens: Vec<Generator> = (0..jobs).map(|_| Generator::new(opts.clone())).collect();
    let mut bufs: Vec<String> = vec![String::new(); jobs];
    let mut next = 1u64;
    while next <= n {
        std::thread::scope(|s| {
            for (k, (g, buf)) in gens.iter_mut().zip(bufs.iter_mut()).enumerate() {
                let from = next + k as u64 * BATCH;
                let to = (from + BATCH).min(n + 1);
                buf.clear();
                if from < to {
                    s.spawn(move || {
                        for i in from..to {
                            g.write_game(i, buf);
                        }
                    });
                }
            }
        });
        for buf in &bufs {
            out.write_all(buf.as_bytes())?;
        }
        if stdout_closed() {
            // Nobody reads the games any more (a file output never closes).
            break;
        }
        next += jobs as u64 * BATCH;
    }
    Ok(())
}
