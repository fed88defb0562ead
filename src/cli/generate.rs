//! `seega generate`: random games, written in order, batches made on every core.

use std::io::Write;

use seega::generate::{GenOptions, Generator};

use super::args::GenerateArgs;
use super::output::{is_stdout, write_file};
use super::stdio::stdout_closed;
use super::{Exit, trouble};

/// Games per batch handed to one thread.
const BATCH: u64 = 2048;

/// Runs `seega generate`.
pub fn run(args: &GenerateArgs, out: &mut impl Write) -> std::io::Result<Exit> {
    let rules = args.rules.clone();
    if !(0.0..=1.0).contains(&args.invalid_rate) {
        trouble(format_args!(
            "--invalid-rate {} is not a probability\n  help: Give a number from 0 to 1, like 0.01.",
            args.invalid_rate
        ));
        return Ok(Exit::Trouble);
    }
    let opts = GenOptions {
        seed: args.seed,
        rules,
        invalid_rate: args.invalid_rate,
        max_turns: args.max_turns,
    };
    let jobs = args.jobs.threads();
    match &args.output {
        Some(path) if !is_stdout(path) => {
            match write_file(path, &[], &mut |w| write_games(&opts, args.games, jobs, w)) {
                Ok(()) => Ok(Exit::Valid),
                Err(e) => {
                    e.report();
                    Ok(Exit::Trouble)
                }
            }
        }
        _ => {
            write_games(&opts, args.games, jobs, out)?;
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
