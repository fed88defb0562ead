//! The stable-toolchain fuzz driver: runs the same target functions as the libFuzzer binaries
//! on inputs mutated from a seed corpus, keeping inputs that show new behaviour (new diagnostic
//! codes, code pairs, endings, turn counts) as a crude substitute for coverage feedback.
//!
//! ```text
//! cargo run --release --no-default-features --features stable --bin stable_fuzz -- \
//!     [--target parse|check|roundtrip|json|ludii|variations|all] [--runs N] [--seconds S] [--seed N] [--max-len N]
//! ```
//!
//! A panicking input is written to `artifacts/stable/<target>/crash-<hash>` and the run goes
//! on; an input that takes more than ten seconds is written as `hang-<hash>` and the driver
//! exits with status 3. The exit status is 1 when any crash was found.

use std::collections::{HashMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use seega::PRESETS;
use seega::archive::check_source;
use seega::notation::Source;
use seega::validate::Options;
use seega_fuzz::mutate::{Rng, mutate};
use seega_fuzz::targets::{TARGETS, Target};

struct Args {
    target: String,
    runs: u64,
    seconds: u64,
    seed: u64,
    max_len: usize,
}

fn args() -> Args {
    let mut a = Args {
        target: "all".into(),
        runs: 1_000_000,
        seconds: 0,
        seed: 1,
        max_len: 4096,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let v = it.next().unwrap_or_default();
        match k.as_str() {
            "--target" => a.target = v,
            "--runs" => a.runs = v.parse().unwrap_or(a.runs),
            "--seconds" => a.seconds = v.parse().unwrap_or(0),
            "--seed" => a.seed = v.parse().unwrap_or(1),
            "--max-len" => a.max_len = v.parse().unwrap_or(a.max_len),
            _ => {
                eprintln!("unknown argument {k}");
                std::process::exit(2);
            }
        }
    }
    a
}

fn hash_of(x: impl Hash) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

/// What an input did, as a set of hashed features.
fn features(data: &[u8], out: &mut Vec<u64>) {
    out.clear();
    let (first, rest) = data.split_first().map_or((0, data), |(f, r)| (*f, r));
    let opts = Options::default()
        .default_rules(PRESETS[usize::from(first) % PRESETS.len()].1)
        .record(false)
        .auto_rules(first & 0x40 != 0);
    let source = Source::from_bytes(rest);
    let mut games = 0u32;
    for c in check_source(&source, &opts) {
        games += 1;
        let v = &c.verdict;
        let mut prev = "";
        for p in &v.problems {
            out.push(hash_of((1, p.code.as_str())));
            out.push(hash_of((2, prev, p.code.as_str())));
            prev = p.code.as_str();
        }
        out.push(hash_of((3, v.outcome.map(|o| o.termination.as_str()))));
        out.push(hash_of((
            4,
            64 - v.legal_turns.leading_zeros(),
            v.rules.is_some(),
        )));
        out.push(hash_of((
            5,
            c.game.headers.len().min(8),
            c.game.moves.len().min(16),
        )));
    }
    out.push(hash_of((6, 32 - games.leading_zeros())));
    if seega::tools::ludii::is_trial(rest) {
        let checked = seega::tools::ludii::check(source.text());
        let mut prev = "";
        for p in &checked.problems {
            out.push(hash_of((7, prev, p.code.as_str())));
            prev = p.code.as_str();
        }
        out.push(hash_of((
            8,
            32 - checked.import.turn_lines.len().leading_zeros(),
        )));
    }
}

fn seeds(root: &Path, target: &str) -> Vec<Vec<u8>> {
    let mut dirs = vec![
        root.join("samples"),
        root.join("tests/conformance"),
        root.join("tests/fuzz-regressions"),
        root.join("tests/fixtures/ludii"),
        root.join("samples/invalid"),
        root.join("fuzz/corpus").join(target),
    ];
    dirs.retain(|d| d.is_dir());
    let mut out = Vec::new();
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if let Ok(b) = std::fs::read(&p) {
                // Split big files into games so that mutations stay cheap.
                for chunk in split_games(&b) {
                    out.push(chunk);
                }
            }
        }
    }
    if out.is_empty() {
        out.push(b"c2,d4 *\n".to_vec());
    }
    out
}

/// Cuts a file at blank lines followed by `[`, keeping pieces of at most 4 KiB.
fn split_games(b: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..b.len() {
        if b[i..].starts_with(b"\n\n[") {
            out.push(b[start..i + 2].to_vec());
            start = i + 2;
        }
    }
    out.push(b[start..].to_vec());
    out.retain(|c| !c.is_empty());
    for c in &mut out {
        c.truncate(4096);
    }
    out
}

fn save(dir: &Path, kind: &str, data: &[u8]) -> PathBuf {
    let _ = std::fs::create_dir_all(dir);
    let p = dir.join(format!("{kind}-{:016x}", hash_of(data)));
    let _ = std::fs::write(&p, data);
    p
}

/// How many inputs `--runs` gives the target `name`: under `all`, the `variations` target runs
/// one for every 40 of the others, its inputs being up to 256 KiB of text (about 200 a second
/// against thousands), and `tables` one for every 4 (each input converted to both tables the
/// full way, about 6,000 a second; the reading it starts from is `check`'s, fuzzed in full).
/// `--seconds` gives every target the same time.
fn runs_of(a: &Args, name: &str) -> u64 {
    match name {
        "variations" if a.target == "all" => (a.runs / 40).max(1),
        "tables" if a.target == "all" => (a.runs / 4).max(1),
        _ => a.runs,
    }
}

/// What the runs share with the panic hook and the watchdog: the last panic's message, the
/// inputs run so far, and the input running.
struct Shared {
    last_panic: Arc<Mutex<String>>,
    progress: Arc<AtomicU64>,
    current: Arc<Mutex<Vec<u8>>>,
}

/// Catches panics' messages for the report, rather than printing them from the default hook.
fn catch_panics() -> Arc<Mutex<String>> {
    let last_panic: Arc<Mutex<String>> = Arc::default();
    let last = Arc::clone(&last_panic);
    std::panic::set_hook(Box::new(move |info| {
        if let Ok(mut l) = last.lock() {
            *l = info.to_string();
        }
    }));
    last_panic
}

/// One watchdog for the whole run: it saves the input running and exits with status 3 when no
/// input finished for ten seconds.
fn watchdog(shared: &Shared, out_dir: PathBuf) {
    let progress = Arc::clone(&shared.progress);
    let current = Arc::clone(&shared.current);
    std::thread::spawn(move || {
        let mut last = u64::MAX;
        loop {
            std::thread::sleep(Duration::from_secs(10));
            let now = progress.load(Ordering::Relaxed);
            if now == last {
                let data = current.lock().map(|c| c.clone()).unwrap_or_default();
                let p = save(&out_dir, "hang", &data);
                eprintln!(
                    "hang: one input ran over ten seconds, saved as {}",
                    p.display()
                );
                std::process::exit(3);
            }
            last = now;
        }
    });
}

fn main() {
    let a = args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let targets: Vec<_> = TARGETS
        .iter()
        .filter(|(n, _)| a.target == "all" || a.target == *n)
        .collect();
    if targets.is_empty() {
        eprintln!("no target called {}", a.target);
        std::process::exit(2);
    }
    let shared = Shared {
        last_panic: catch_panics(),
        progress: Arc::default(),
        current: Arc::default(),
    };
    watchdog(&shared, root.join("fuzz/artifacts/stable"));
    let mut crashed = false;
    for (name, run) in targets {
        crashed |= campaign(&a, &root, name, *run, &shared);
    }
    if crashed {
        std::process::exit(1);
    }
}

/// Runs the target `name` on mutated inputs as `a` says; whether it crashed.
fn campaign(a: &Args, root: &Path, name: &str, run: Target, shared: &Shared) -> bool {
    let out_dir = root.join("fuzz/artifacts/stable").join(name);
    let mut pool = seeds(root, name);
    let seeded = pool.len();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut feats = Vec::new();
    for s in &pool {
        features(s, &mut feats);
        seen.extend(feats.iter().copied());
    }
    let mut rng = Rng::new(a.seed ^ hash_of(name));
    let mut crashes: HashMap<String, PathBuf> = HashMap::new();
    let started = Instant::now();
    let mut execs: u64 = 0;
    let mut report = Instant::now();
    let mut slowest = Duration::ZERO;
    let mut input = Vec::new();
    loop {
        if execs >= runs_of(a, name) && a.seconds == 0 {
            break;
        }
        if a.seconds > 0 && started.elapsed() >= Duration::from_secs(a.seconds) {
            break;
        }
        let base = &pool[rng.below(pool.len())];
        input.clear();
        input.extend_from_slice(base);
        let other = &pool[rng.below(pool.len())];
        mutate(&mut input, other, &mut rng, a.max_len);
        if let Ok(mut c) = shared.current.lock() {
            c.clear();
            c.extend_from_slice(&input);
        }
        let t = Instant::now();
        let outcome = std::panic::catch_unwind(|| run(&input));
        slowest = slowest.max(t.elapsed());
        execs += 1;
        shared.progress.fetch_add(1, Ordering::Relaxed);
        match outcome {
            Err(_) => {
                let msg = (shared.last_panic.lock())
                    .map(|m| m.clone())
                    .unwrap_or_default();
                let key = msg.lines().next().unwrap_or("").to_owned();
                if let std::collections::hash_map::Entry::Vacant(slot) = crashes.entry(key) {
                    let p = save(&out_dir, "crash", &input);
                    eprintln!("crash in {name}: {msg}\n  input saved as {}", p.display());
                    slot.insert(p);
                }
            }
            Ok(()) => {
                features(&input, &mut feats);
                let new = feats.iter().filter(|f| seen.insert(**f)).count();
                if new > 0 && pool.len() < 20_000 {
                    pool.push(input.clone());
                } else if rng.one_in(512) && pool.len() > seeded {
                    // Keep some churn so mutation chains can grow deeper.
                    let i = seeded + rng.below(pool.len() - seeded);
                    pool[i] = input.clone();
                }
            }
        }
        if report.elapsed() >= Duration::from_secs(30) {
            report = Instant::now();
            eprintln!(
                "{name}: {execs} execs, {:.0}/s, pool {}, features {}, crashes {}, slowest {:?}",
                execs as f64 / started.elapsed().as_secs_f64(),
                pool.len(),
                seen.len(),
                crashes.len(),
                slowest
            );
        }
    }
    println!(
        "{name}: {execs} execs in {:.1}s, pool {} (from {seeded} seeds), features {}, crashes {}, slowest input {:?}",
        started.elapsed().as_secs_f64(),
        pool.len(),
        seen.len(),
        crashes.len(),
        slowest
    );
    !crashes.is_empty()
}
