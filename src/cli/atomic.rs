//! Writing files atomically: a temporary file in the same directory, then a rename over the
//! target, so that readers see the old file or the new one and never half of either.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Temporary files being written now, removed by the Ctrl-C handler.
static PENDING: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

/// On Ctrl-C (SIGINT or SIGTERM), removes every temporary file being written and exits with
/// status 130, so that an interrupted run leaves no partial output file behind.
pub fn remove_partial_output_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        if let Ok(pending) = PENDING.lock() {
            for p in pending.iter() {
                let _ = std::fs::remove_file(p);
            }
        }
        std::process::exit(130);
    });
}

fn pending() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    PENDING
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Removes the temporary file unless it was renamed, and forgets it.
struct Guard(Option<PathBuf>);

impl Drop for Guard {
    fn drop(&mut self) {
        let mut pending = pending();
        if let Some(p) = self.0.take() {
            let _ = std::fs::remove_file(&p);
            pending.retain(|q| *q != p);
        }
    }
}

/// Writes `target` atomically with what `fill` writes; an existing target keeps its permissions.
pub fn write_atomically(
    target: &Path,
    fill: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let (file, tmp) = loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (f, tmp),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    };
    pending().push(tmp.clone());
    let mut guard = Guard(Some(tmp.clone()));
    let mut w = std::io::BufWriter::new(file);
    fill(&mut w)?;
    let file = w.into_inner().map_err(|e| e.into_error())?;
    if let Ok(meta) = std::fs::metadata(target) {
        file.set_permissions(meta.permissions())?;
    }
    file.sync_all()?;
    drop(file);
    {
        // Rename and forget under the lock, so that Ctrl-C removes the temporary file or
        // lets the finished output stand, never half of each.
        let mut pending = pending();
        std::fs::rename(&tmp, target)?;
        pending.retain(|q| *q != tmp);
        guard.0 = None;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("seega-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("a.sgn");
        std::fs::write(&target, "old").unwrap();
        write_atomically(&target, &mut |w| w.write_all(b"new")).unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        let failed = write_atomically(&target, &mut |_| Err(std::io::Error::other("boom")));
        assert!(failed.is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "only the target is left");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
