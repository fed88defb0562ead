use super::*;

/// Says where each chunk starts, and that every chunk ends at a boundary; the thread that
/// hands results on works on chunks too when `COLLECTS` is set.
struct Lines<const COLLECTS: bool>;

impl<const COLLECTS: bool> ChunkWork for Lines<COLLECTS> {
    type Done = (usize, usize);
    const COLLECTOR_WORKS: bool = COLLECTS;

    fn work(&self, bytes: &[u8], lines: ChunkLines, _: bool) -> (usize, usize) {
        // Every chunk ends at a boundary: none is joined, and each was counted whole.
        assert_eq!(lines.lone_cr, Some(LineIndex::has_lone_cr(bytes)));
        (lines.first, LineIndex::count_breaks_in(bytes))
    }

    fn boundary(&self, _: &(usize, usize)) -> bool {
        true
    }

    fn too_long(&self, skipped: &Skipped, first_line: usize) -> (usize, usize) {
        (first_line, skipped.breaks)
    }
}

fn archive(games: usize) -> Vec<u8> {
    "[Event \"x\"]\r\n\r1. c2,d4 *\n\n"
        .repeat(games)
        .into_bytes()
}

#[test]
fn chunks_come_in_order_with_their_first_line() {
    let crlf = "[Event \"x\"]\r\n\r\n1. c2,d4 *\r\n\r\n".repeat(2000);
    // Even jobs: the thread that hands results on works too.
    for (bytes, jobs) in [archive(2000), crlf.into_bytes()]
        .iter()
        .flat_map(|b| [1, 2, 3, 4, 5].map(|jobs| (b, jobs)))
    {
        let count = |each: &mut dyn FnMut((usize, usize)) -> std::io::Result<()>| {
            if jobs % 2 == 0 {
                for_each_chunk(&bytes[..], 256, jobs, &Lines::<true>, each)
            } else {
                for_each_chunk(&bytes[..], 256, jobs, &Lines::<false>, each)
            }
        };
        let mut line = 0;
        let mut chunks = 0;
        count(&mut |(first, breaks)| {
            assert_eq!(first, line);
            line += breaks;
            chunks += 1;
            Ok(())
        })
        .unwrap();
        assert_eq!(line, LineIndex::count_breaks_in(bytes));
        assert!(chunks > 100, "{chunks} chunks");
    }
}

/// Takes its time, so that the reader fills the queue of jobs.
struct Slow<const COLLECTS: bool>;

impl<const COLLECTS: bool> ChunkWork for Slow<COLLECTS> {
    type Done = ();
    const COLLECTOR_WORKS: bool = COLLECTS;

    fn work(&self, _: &[u8], _: ChunkLines, _: bool) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }

    fn boundary(&self, _: &()) -> bool {
        true
    }

    fn too_long(&self, _: &Skipped, _: usize) {}
}

#[test]
fn a_failing_consumer_stops_every_thread() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let bytes = archive(2_000);
        let fail = &mut |()| Err(std::io::Error::other("the output failed"));
        let r = for_each_chunk(&bytes[..], 128, 2, &Slow::<false>, fail);
        let collecting = for_each_chunk(&bytes[..], 128, 2, &Slow::<true>, fail);
        let _ = tx.send((r.is_err(), collecting.is_err()));
    });
    let stopped = rx.recv_timeout(std::time::Duration::from_secs(60));
    assert_eq!(
        stopped,
        Ok((true, true)),
        "the run ends, with the consumer's error"
    );
}

/// Gives `good` bytes, then fails.
struct Failing<'a> {
    good: &'a [u8],
}

impl Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.good.is_empty() {
            return Err(std::io::Error::other("the disk failed"));
        }
        let n = buf.len().min(self.good.len());
        buf[..n].copy_from_slice(&self.good[..n]);
        self.good = &self.good[n..];
        Ok(n)
    }
}

#[test]
fn a_failing_read_ends_the_run_with_its_error_after_the_chunks_read() {
    let bytes = archive(2000);
    for jobs in [1, 2, 3, 4, 5] {
        let mut line = 0;
        let each = &mut |(first, breaks)| {
            assert_eq!(first, line);
            line += breaks;
            Ok(())
        };
        // Even jobs: the thread that hands results on works too.
        let r = if jobs % 2 == 0 {
            for_each_chunk(Failing { good: &bytes }, 256, jobs, &Lines::<true>, each)
        } else {
            for_each_chunk(Failing { good: &bytes }, 256, jobs, &Lines::<false>, each)
        };
        let e = r.expect_err("the read error is returned");
        assert_eq!(e.to_string(), "the disk failed", "jobs {jobs}");
        assert_eq!(
            line,
            LineIndex::count_breaks_in(&bytes),
            "jobs {jobs}: every byte read before the error is handed on"
        );
    }
}

/// Waits, as it finishes each piece, until the piece before was finished: as the reports of
/// `check` wait for the counts of the chunks before theirs.
#[derive(Default)]
struct InTurn {
    finished: Mutex<u64>,
    turn: std::sync::Condvar,
}

impl ChunkWork for InTurn {
    type Done = u64;
    const COLLECTOR_WORKS: bool = true;

    fn work(&self, bytes: &[u8], _: ChunkLines, _: bool) -> u64 {
        bytes.len() as u64
    }

    fn boundary(&self, _: &u64) -> bool {
        true
    }

    fn too_long(&self, _: &Skipped, _: usize) -> u64 {
        0
    }

    fn finish(&self, seq: u64, _: Option<&mut u64>) {
        let mut finished = self.finished.lock().unwrap();
        while *finished < seq {
            finished = self.turn.wait(finished).unwrap();
        }
        *finished = seq + 1;
        self.turn.notify_all();
    }
}

#[test]
fn pieces_that_wait_for_the_ones_before_all_come_when_the_collector_works() {
    let bytes = archive(3000);
    for jobs in [2, 3, 4] {
        let (tx, rx) = std::sync::mpsc::channel();
        let bytes = bytes.clone();
        std::thread::spawn(move || {
            let mut total = 0;
            let r = for_each_chunk(&bytes[..], 128, jobs, &InTurn::default(), &mut |n| {
                total += n;
                Ok(())
            });
            let _ = tx.send((r.is_ok(), total));
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(60));
        assert_eq!(got, Ok((true, archive(3000).len() as u64)), "jobs {jobs}");
    }
}
