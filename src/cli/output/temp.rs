//! Temporary files: their names, the list a signal handler empties, and the leftovers of runs
//! that were killed.
//!
//! A temporary file is named `.seega-PID-NAME.XXXXXX.tmp` beside its target (`NAME` cut so that
//! the whole fits in 255 bytes), so that it is recognisably seega's and whose. SIGINT, SIGTERM
//! and SIGHUP remove the temporary files of the run; after a `kill -9` they are left, and the
//! next run that writes in that directory removes those of processes that no longer exist.

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// What every temporary file's name starts with.
const PREFIX: &str = ".seega-";
/// What every temporary file's name ends with.
pub const SUFFIX: &str = ".tmp";
/// Random characters in a name.
pub const RANDOM: usize = 6;
/// The longest file name most file systems take.
const NAME_MAX: usize = 255;

/// Temporary files of this run not yet renamed or removed.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// Directories already swept of leftovers in this run.
static SWEPT: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);

/// The list of pending temporary files, held while a commit renames them so that a signal
/// sees every one of them either renamed or still pending.
pub fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    PENDING.lock().unwrap_or_else(PoisonError::into_inner)
}

/// On SIGINT, SIGTERM or SIGHUP, removes every pending temporary file and exits with status
/// 128 + the signal's number (130, 143, 129), as a shell reports a process the signal ended,
/// so that an interrupted run leaves no partial output behind. A progress bar's line on a
/// terminal is cleared first, so the shell's prompt starts on a clean line.
pub fn remove_on_signal() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            // Held until the process ends: a thread that would make a temporary file after
            // these are removed waits for the list, and the exit comes first.
            let pending = pending();
            for p in pending.iter() {
                let _ = std::fs::remove_file(p);
            }
            if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
                let _ = std::io::Write::write_all(&mut std::io::stderr(), b"\r\x1b[2K");
            }
            std::process::exit(128 + signal);
        }
    });
}

/// The prefix of a temporary file for `target`: `.seega-PID-`, as much of the target's name
/// as fits, a dot, and `tag`.
pub fn prefix_for(target: &Path, tag: &str) -> OsString {
    let mut p = format!("{PREFIX}{}-", std::process::id()).into_bytes();
    let room = NAME_MAX - p.len() - 1 - tag.len() - RANDOM - SUFFIX.len();
    let name = target.file_name().map_or(&b"out"[..], OsStr::as_bytes);
    p.extend_from_slice(&name[..name.len().min(room)]);
    p.push(b'.');
    p.extend_from_slice(tag.as_bytes());
    OsString::from_vec(p)
}

/// The process that left the temporary file `name`, if it is one of seega's (the name's bytes
/// are read as they are: a target's name need not be UTF-8).
fn owner(name: &OsStr) -> Option<u32> {
    let rest = name.as_bytes().strip_prefix(PREFIX.as_bytes())?;
    if !rest.ends_with(SUFFIX.as_bytes()) {
        return None;
    }
    let digits = rest.iter().position(|&c| c == b'-')?;
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

/// Whether process `pid` runs, when the system can tell (`/proc`).
fn runs(pid: u32) -> Option<bool> {
    Path::new("/proc/self")
        .exists()
        .then(|| Path::new(&format!("/proc/{pid}")).exists())
}

/// Removes from `dir`, once a run, the temporary files of seega processes that no longer run,
/// and returns the names removed.
pub fn sweep(dir: &Path) -> Vec<PathBuf> {
    {
        let mut swept = SWEPT.lock().unwrap_or_else(PoisonError::into_inner);
        if !swept
            .get_or_insert_with(HashSet::new)
            .insert(dir.to_path_buf())
        {
            return Vec::new();
        }
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let me = std::process::id();
    let mut removed = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = owner(&name) else {
            continue;
        };
        if pid != me && runs(pid) == Some(false) && e.file_type().is_ok_and(|t| t.is_file()) {
            let path = e.path();
            if std::fs::remove_file(&path).is_ok() {
                removed.push(path);
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fit_and_say_whose() {
        let long = "a".repeat(250);
        let p = prefix_for(Path::new(&long), "");
        let old = prefix_for(Path::new(&long), "old.");
        assert_eq!(old.len(), p.len());
        assert_eq!(p.len() + RANDOM + SUFFIX.len(), NAME_MAX);
        let name = format!("{}XXXXXX{SUFFIX}", p.to_str().unwrap());
        assert_eq!(owner(OsStr::new(&name)), Some(std::process::id()));
        assert_eq!(owner(OsStr::new(".seega-12-a.sgn.abcdef.tmp")), Some(12));
        assert_eq!(owner(OsStr::new(".seega-12-a.sgn")), None);
        assert_eq!(owner(OsStr::new("seega-12-a.tmp")), None);
        assert_eq!(owner(OsStr::new(".seega-x-a.tmp")), None);
    }
}
