//! Reports written on the worker threads: each chunk's problems are rendered by the worker
//! that checked it, with the file's lines and game numbers, so that the calling thread only
//! writes bytes in order.
//!
//! A worker knows its chunk's lines and games once it has checked it, but its place in the
//! file depends on the chunks before, checked on other threads. The workers tell a
//! `Ledger` what each chunk holds as soon as they know it (before rendering), and a worker
//! waits only for the counts of the chunks before its own, never for their reports. When a
//! chunk's cut failed, its counts were not those of the joined chunk that takes its place, and
//! the place a later worker assumed is wrong: the calling thread sees it
//! (`Rendered::placed_at`) and renders that chunk again itself.
//!
//! # Inside
//!
//! reports rendered on the workers: `Report` (how a chunk's problems are written, given the chunk's
//! first file line), `Ledger` (each worker tells the lines and games of its chunk as soon as it has
//! checked it, and waits only for the counts of the chunks before its own, never for their
//! reports); a chunk whose assumed place turns out wrong (after a failed cut) is rendered again on
//! the main thread.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex};

use crate::validate::Problem;

/// The trait of what renders a chunk's problems, which `render` implements
/// ([`crate::render::file_report::FileReport`]); defined with the renderers, so that they
/// import nothing of the threads that call them.
pub use crate::render::file_report::Report;

/// A chunk's report, rendered on a worker that assumed the chunk's place in the file.
#[derive(Debug)]
pub(crate) struct Rendered {
    /// The 0-based line and the games before the chunk that the worker assumed.
    pub placed_at: (usize, usize),
    /// The report.
    pub bytes: Vec<u8>,
}

/// Renders `problems` (numbered within their chunk) as games and lines after `placed_at`
/// (lines, games).
pub(crate) fn render(
    report: &dyn Report,
    problems: &[Problem],
    text: &str,
    placed_at: (usize, usize),
) -> Rendered {
    let mut bytes = Vec::new();
    let placed: Vec<Problem> = problems
        .iter()
        .map(|p| {
            let mut p = p.clone();
            p.renumber(placed_at.1 + p.game);
            p
        })
        .collect();
    report.report(&placed, text, placed_at.0, &mut bytes);
    Rendered { placed_at, bytes }
}

/// The lines and games of each chunk, as the workers find them, summed in input order.
#[derive(Debug, Default)]
pub(crate) struct Ledger {
    state: Mutex<State>,
    counted: Condvar,
}

#[derive(Debug, Default)]
struct State {
    /// The first chunk whose counts are not yet summed.
    next: u64,
    /// Lines and games of the chunks before `next`.
    sum: (usize, usize),
    /// Counts of chunks after `next`, told early, and whether their workers will ask where
    /// they stand.
    early: BTreeMap<u64, (usize, usize, bool)>,
    /// Lines and games before each summed chunk whose worker will ask, until it does.
    before: BTreeMap<u64, (usize, usize)>,
    /// Whether a chunk will never be counted (its work panicked): nobody waits any more.
    broken: bool,
    /// Workers waiting in [`Ledger::before`] (what a test waits for, instead of sleeping).
    waiting: usize,
}

impl Ledger {
    /// Tells the lines and games of chunk `seq`, and whether its worker will ask what comes
    /// before ([`Ledger::before`]).
    pub fn tell(&self, seq: u64, lines: usize, games: usize, ask: bool) {
        let Ok(mut s) = self.state.lock() else { return };
        s.early.insert(seq, (lines, games, ask));
        loop {
            let next = s.next;
            let Some((l, g, ask)) = s.early.remove(&next) else {
                break;
            };
            let (next, sum) = (s.next, s.sum);
            if ask {
                s.before.insert(next, sum);
            }
            s.sum = (sum.0 + l, sum.1 + g);
            s.next += 1;
        }
        self.counted.notify_all();
    }

    /// Says that chunk `seq` will never be counted.
    pub fn abandon(&self) {
        if let Ok(mut s) = self.state.lock() {
            s.broken = true;
        }
        self.counted.notify_all();
    }

    /// The lines and games before chunk `seq`, once every chunk before it is counted (`seq`
    /// itself must be told first, asking); `None` when one never will be.
    pub fn before(&self, seq: u64) -> Option<(usize, usize)> {
        let mut s = self.state.lock().ok()?;
        loop {
            if let Some(b) = s.before.remove(&seq) {
                return Some(b);
            }
            if s.broken {
                return None;
            }
            s.waiting += 1;
            s = self.counted.wait(s).ok()?;
            s.waiting -= 1;
        }
    }

    /// How many workers wait in [`Ledger::before`] now.
    #[cfg(test)]
    fn waiting(&self) -> usize {
        self.state.lock().map_or(0, |s| s.waiting)
    }

    /// Returns once some worker waits in [`Ledger::before`].
    #[cfg(test)]
    fn until_one_waits(&self) {
        while self.waiting() == 0 {
            std::thread::yield_now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_told_in_any_order_are_summed_in_input_order() {
        let ledger = Ledger::default();
        ledger.tell(2, 5, 1, true);
        ledger.tell(0, 3, 2, true);
        ledger.tell(1, 4, 7, true);
        assert_eq!(ledger.before(0), Some((0, 0)));
        assert_eq!(ledger.before(2), Some((7, 9)));
        assert_eq!(ledger.before(1), Some((3, 2)));
    }

    #[test]
    fn a_worker_waits_for_the_chunks_before_its_own() {
        let ledger = Ledger::default();
        std::thread::scope(|s| {
            let waiting = s.spawn(|| {
                ledger.tell(1, 10, 1, true);
                ledger.before(1)
            });
            ledger.until_one_waits();
            ledger.tell(0, 2, 3, false);
            assert_eq!(waiting.join().unwrap(), Some((2, 3)));
        });
    }

    #[test]
    fn nobody_waits_for_a_chunk_abandoned() {
        let ledger = Ledger::default();
        std::thread::scope(|s| {
            let waiting = s.spawn(|| {
                ledger.tell(1, 10, 1, true);
                ledger.before(1)
            });
            ledger.until_one_waits();
            ledger.abandon();
            assert_eq!(waiting.join().unwrap(), None);
        });
    }
}
