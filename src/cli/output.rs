//! Every file seega writes goes through here: the outputs of one run are a [`Transaction`],
//! committed together or not at all.
//!
//! The contract (also in `spec/writing.md`):
//! - A regular file is written as a temporary file beside it (see [`temp`]), flushed and
//!   synced, then renamed over it; the directory is synced after the rename. A replaced file
//!   keeps its permissions, owner and group.
//! - A symbolic link is followed: the file it points to is replaced, the link stays a link.
//! - A target that is not a regular file (FIFO, device, socket, anything under `/dev` or
//!   `/proc`) is written straight to, never renamed over.
//! - Refused before anything is written: a target that is an input of the run (same device and
//!   inode, through links too) unless the command rewrites that input in place, a read-only
//!   target, a target with other hard links, one file named as two outputs.
//! - An input rewritten in place that changed after it was read (size, modification time or
//!   inode) is not replaced: the other writer's version is kept and nothing is committed.
//! - When several files are committed, each replaced file is first linked to a backup name, so
//!   that a failed rename puts back every file renamed before it.
//! - A target named `*.gz`, `*.zst`, `*.bz2` or `*.xz` is written compressed in that format
//!   (an input rewritten in place, in the format it was read from), the stream ended before
//!   the sync: a compressed output is as whole as a plain one.

mod target;
mod temp;

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use tempfile::{NamedTempFile, TempPath};

use seega::input::compress::{Compression, Encoder};
pub use target::{Refusal, Stamp};
use target::{Resolved, check_replaceable, resolve};
pub use temp::remove_on_signal;

/// A target that could not be written: which, and why.
#[derive(Debug)]
pub struct OutputError {
    /// The target as the user named it.
    pub path: PathBuf,
    /// Why it was not written.
    pub why: Refusal,
}

impl OutputError {
    /// Reports the error on standard error: `cannot write `PATH`: WHY`, and the help.
    pub fn report(&self) {
        let help = self
            .why
            .help()
            .map_or(String::new(), |h| format!("\n  help: {h}"));
        super::trouble(format_args!(
            "cannot write `{}`: {}{help}",
            super::shown(&self.path),
            self.why.message()
        ));
    }
}

/// Where one output's bytes go until the commit.
enum Sink {
    /// A temporary file to rename over `target`.
    Temp {
        file: BufWriter<Encoder<NamedTempFile>>,
        target: PathBuf,
        /// The input this output rewrites, as it was read.
        rewrites: Option<Stamp>,
    },
    /// A special file, written straight to.
    Direct(BufWriter<Encoder<File>>),
    /// A temporary file written to the end, synced and closed ([`Transaction::finish`]), to
    /// rename over `target` at the commit.
    Finished {
        path: TempPath,
        target: PathBuf,
        rewrites: Option<Stamp>,
        /// What [`Transaction::writer`] gives for it: a writer that refuses every byte.
        closed: Closed,
    },
    /// Only while [`Transaction::finish`] changes a slot's sink.
    Moving(Closed),
}

/// The writer of an output already finished: every write fails.
struct Closed;

impl Write for Closed {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("the output was already finished"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// One output of a transaction.
struct Slot {
    /// As the user named it.
    named: PathBuf,
    sink: Sink,
}

/// The outputs of one run. Dropped without [`Transaction::commit`], it removes its temporary
/// files and leaves every target as it was (special files excepted: they were written to).
#[derive(Default)]
pub struct Transaction {
    /// The inputs of the run, which no output may be (but the ones it rewrites in place).
    inputs: Vec<Stamp>,
    slots: Vec<Slot>,
    /// The regular targets taken so far, to refuse a second output to the same file.
    taken: Vec<Stamp>,
    /// The new files taken so far, by [`same_place`].
    new_targets: Vec<PathBuf>,
}

/// A handle on one output of a [`Transaction`].
#[derive(Debug, Clone, Copy)]
pub struct Output(usize);

#[cfg(test)]
impl Output {
    /// A handle for tests of code that only carries one.
    pub fn for_tests() -> Output {
        Output(0)
    }
}

impl Transaction {
    /// A transaction for a run whose inputs are `inputs`.
    pub fn new(inputs: Vec<Stamp>) -> Transaction {
        Transaction {
            inputs,
            ..Transaction::default()
        }
    }

    /// A new output at `path`, which must not be an input of the run, compressed when its
    /// name says so ([`Compression::of_path`]).
    pub fn create(&mut self, path: &Path) -> Result<Output, OutputError> {
        self.open(path, None, Compression::of_path(path))
            .map_err(|why| OutputError {
                path: path.to_path_buf(),
                why,
            })
    }

    /// An output that rewrites the input at `path`, read as `read` from a file compressed in
    /// `compression` (none: plain), which it is written in again.
    pub fn rewrite(
        &mut self,
        path: &Path,
        read: Stamp,
        compression: Option<Compression>,
    ) -> Result<Output, OutputError> {
        self.open(path, Some(read), compression)
            .map_err(|why| OutputError {
                path: path.to_path_buf(),
                why,
            })
    }

    fn open(
        &mut self,
        path: &Path,
        rewrites: Option<Stamp>,
        compression: Option<Compression>,
    ) -> Result<Output, Refusal> {
        let sink = match resolve(path)? {
            Resolved::Special(_) if rewrites.is_some() => return Err(Refusal::NotRegular),
            Resolved::New(_) if rewrites.is_some() => return Err(Refusal::Changed),
            Resolved::Special(at) => {
                Sink::Direct(encode(compression, File::options().write(true).open(at)?)?)
            }
            Resolved::Regular(at, meta) => {
                let stamp = Stamp::of(&meta);
                match rewrites {
                    Some(read) if !read.same_file(&stamp) => return Err(Refusal::Changed),
                    Some(_) => {}
                    None if self.inputs.iter().any(|i| i.same_file(&stamp)) => {
                        return Err(Refusal::IsInput);
                    }
                    None => {}
                }
                if self.taken.iter().any(|t| t.same_file(&stamp)) {
                    return Err(Refusal::Twice);
                }
                check_replaceable(&meta)?;
                self.taken.push(stamp);
                let file = temp_beside(&at, Some(&meta))?;
                Sink::Temp {
                    file: encode(compression, file)?,
                    target: at,
                    rewrites,
                }
            }
            Resolved::New(at) => {
                // The same new file may be named two ways (`x`, `./x`, `d/../x`).
                let key = same_place(&at);
                if self.new_targets.contains(&key) {
                    return Err(Refusal::Twice);
                }
                self.new_targets.push(key);
                let file = temp_beside(&at, None)?;
                Sink::Temp {
                    file: encode(compression, file)?,
                    target: at,
                    rewrites: None,
                }
            }
        };
        self.slots.push(Slot {
            named: path.to_path_buf(),
            sink,
        });
        Ok(Output(self.slots.len() - 1))
    }

    /// Where to write `output`'s bytes.
    pub fn writer(&mut self, output: Output) -> &mut dyn Write {
        match &mut self.slots[output.0].sink {
            Sink::Temp { file, .. } => file,
            Sink::Direct(file) => file,
            Sink::Finished { closed, .. } | Sink::Moving(closed) => closed,
        }
    }

    /// Says that nothing more is written to `output`: its temporary file is flushed, synced
    /// and closed now, and renamed at the commit as the others, so that a run with many
    /// outputs (`split`) holds one open file at a time. Writing to it afterwards fails.
    pub fn finish(&mut self, output: Output) -> Result<(), OutputError> {
        let slot = &mut self.slots[output.0];
        let fail = |why: Refusal| OutputError {
            path: slot.named.clone(),
            why,
        };
        let sink = std::mem::replace(&mut slot.sink, Sink::Moving(Closed));
        slot.sink = match sink {
            Sink::Temp {
                file,
                target,
                rewrites,
            } => {
                let file = closed_temp(file).map_err(fail)?;
                Sink::Finished {
                    path: file.into_temp_path(),
                    target,
                    rewrites,
                    closed: Closed,
                }
            }
            Sink::Direct(mut file) => {
                file.flush().map_err(|e| fail(e.into()))?;
                Sink::Direct(file)
            }
            other @ (Sink::Finished { .. } | Sink::Moving(_)) => other,
        };
        Ok(())
    }

    /// Gives `output`, finished ([`Transaction::finish`]), the new file `path` in the same
    /// directory as its target instead (`split` names its parts once it knows how many there
    /// are).
    pub fn retarget(&mut self, output: Output, path: &Path) -> Result<(), OutputError> {
        let fail = |why: Refusal| OutputError {
            path: path.to_path_buf(),
            why,
        };
        let at = match resolve(path).map_err(|e| fail(e.into()))? {
            Resolved::New(at) => at,
            Resolved::Regular(..) | Resolved::Special(_) => return Err(fail(Refusal::Twice)),
        };
        let key = same_place(&at);
        if self.new_targets.contains(&key) {
            return Err(fail(Refusal::Twice));
        }
        let slot = &mut self.slots[output.0];
        let Sink::Finished { target, .. } = &mut slot.sink else {
            return Err(fail(Refusal::Twice));
        };
        if target.parent() != at.parent() {
            return Err(fail(Refusal::Twice));
        }
        self.new_targets.push(key);
        *target = at;
        slot.named = path.to_path_buf();
        Ok(())
    }

    /// Makes every output what was written to it, or, when any cannot be, none of them.
    pub fn commit(self) -> Result<(), OutputError> {
        let mut ready = Vec::with_capacity(self.slots.len());
        for slot in self.slots {
            let fail = |why: Refusal| OutputError {
                path: slot.named.clone(),
                why,
            };
            match slot.sink {
                Sink::Direct(file) => {
                    let file = file.into_inner().map_err(|e| fail(e.into_error().into()))?;
                    let mut file = file.finish().map_err(|e| fail(e.into()))?;
                    file.flush().map_err(|e| fail(e.into()))?;
                }
                Sink::Temp {
                    file,
                    target,
                    rewrites,
                } => {
                    let file = closed_temp(file).map_err(fail)?;
                    unchanged(&target, rewrites).map_err(fail)?;
                    ready.push((slot.named, file.into_temp_path(), target));
                }
                Sink::Finished {
                    path,
                    target,
                    rewrites,
                    closed: _,
                } => {
                    unchanged(&target, rewrites).map_err(fail)?;
                    ready.push((slot.named, path, target));
                }
                Sink::Moving(_) => {}
            }
        }
        rename_all(ready)
    }
}

/// The temporary file behind `file` once everything written is in it: the buffer flushed, the
/// compressed stream ended, the file synced.
fn closed_temp(file: BufWriter<Encoder<NamedTempFile>>) -> Result<NamedTempFile, Refusal> {
    let file = file
        .into_inner()
        .map_err(|e| Refusal::from(e.into_error()))?;
    let file = file.finish()?;
    file.as_file().sync_all()?;
    Ok(file)
}

/// A buffered writer into `w` that compresses in `compression` (none: as it is).
fn encode<W: Write>(compression: Option<Compression>, w: W) -> io::Result<BufWriter<Encoder<W>>> {
    Encoder::new(compression, w).map(BufWriter::new)
}

/// Fails when `target`, an input rewritten in place and read as `rewrites`, changed since.
fn unchanged(target: &Path, rewrites: Option<Stamp>) -> Result<(), Refusal> {
    if let Some(read) = rewrites {
        let now = std::fs::metadata(target)?;
        if Stamp::of(&now) != read {
            return Err(Refusal::Changed);
        }
    }
    Ok(())
}

/// Where a file that does not exist yet would be: its directory's canonical path and its name.
fn same_place(path: &Path) -> PathBuf {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf());
    match path.file_name() {
        Some(name) => dir.join(name),
        None => path.to_path_buf(),
    }
}

/// A temporary file in the directory of `target`, with the metadata of the file it replaces
/// (`was`), or the permissions a new file gets.
fn temp_beside(target: &Path, was: Option<&std::fs::Metadata>) -> Result<NamedTempFile, Refusal> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    for left in temp::sweep(dir) {
        super::note(format_args!(
            "removed `{}`, left by a seega run that was killed",
            super::shown(&left)
        ));
    }
    let prefix = temp::prefix_for(target, "");
    let mut pending = temp::pending();
    let file = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(temp::SUFFIX)
        .rand_bytes(temp::RANDOM)
        // A new file: what the umask leaves of rw-rw-rw-, as for any file a program creates.
        .permissions(std::fs::Permissions::from_mode(0o666))
        .tempfile_in(dir)
        .map_err(|e| in_dir(dir, &e))?;
    pending.push(file.path().to_path_buf());
    drop(pending);
    if let Some(was) = was {
        let f = file.as_file();
        let now = f.metadata()?;
        if (now.uid(), now.gid()) != (was.uid(), was.gid()) {
            std::os::unix::fs::fchown(f, Some(was.uid()), Some(was.gid()))
                .map_err(Refusal::Owner)?;
        }
        f.set_permissions(was.permissions())?;
    }
    Ok(file)
}

/// What keeps a file from being made in `dir`, said of the directory rather than of the
/// temporary file's name.
fn in_dir(dir: &Path, e: &io::Error) -> io::Error {
    let what = match e.kind() {
        io::ErrorKind::NotFound => format!("no such directory `{}`", super::shown(dir)),
        io::ErrorKind::PermissionDenied => {
            format!("no permission to create a file in `{}`", super::shown(dir))
        }
        _ => e
            .get_ref()
            .and_then(|inner| inner.source())
            .map_or_else(|| e.to_string(), ToString::to_string),
    };
    io::Error::new(e.kind(), what)
}

/// Renames each temporary file over its target, under the pending list's lock, and syncs
/// their directories; on a failure, puts back the targets already renamed over.
fn rename_all(ready: Vec<(PathBuf, TempPath, PathBuf)>) -> Result<(), OutputError> {
    let several = ready.len() > 1;
    let mut pending = temp::pending();
    // (target, backup of what it was, or None when it was new)
    let mut done: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
    let mut dirs: Vec<PathBuf> = Vec::new();
    let mut result = Ok(());
    for (named, file, target) in ready {
        let tmp = file.to_path_buf();
        let backup = if several && target.exists() {
            match backup_of(&target) {
                Ok(b) => Some(b),
                Err(e) => {
                    result = Err(OutputError {
                        path: named,
                        why: e.into(),
                    });
                    break;
                }
            }
        } else {
            None
        };
        match file.persist(&target) {
            Ok(_) => {
                pending.retain(|p| *p != tmp);
                if let Some(d) = target.parent() {
                    dirs.push(d.to_path_buf());
                }
                done.push((target, backup));
            }
            Err(e) => {
                if let Some(b) = backup {
                    let _ = std::fs::remove_file(b);
                }
                result = Err(OutputError {
                    path: named,
                    why: e.error.into(),
                });
                break;
            }
        }
    }
    if result.is_err() {
        for (target, backup) in done.iter().rev() {
            let _ = match backup {
                Some(b) => std::fs::rename(b, target),
                None => std::fs::remove_file(target),
            };
        }
    } else {
        for (_, backup) in &done {
            if let Some(b) = backup {
                let _ = std::fs::remove_file(b);
            }
        }
    }
    drop(pending);
    dirs.sort();
    dirs.dedup();
    for d in dirs {
        let d = if d.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            d
        };
        if let Ok(f) = File::open(&d) {
            let _ = f.sync_all();
        }
    }
    result
}

/// A hard link to `target` under a temporary name, which keeps what it was while it is
/// replaced.
fn backup_of(target: &Path) -> io::Result<PathBuf> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = temp::prefix_for(target, "old.");
    let name = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(temp::SUFFIX)
        .rand_bytes(temp::RANDOM)
        .make_in(dir, |p| std::fs::hard_link(target, p))?;
    // The link must outlive the builder's guard.
    let ((), path) = name.keep().map_err(|e| e.error)?;
    Ok(path)
}

/// Makes the directory `dir` and its parents where missing, for outputs to go in; says so
/// plainly when `dir` is something else, or a link to nothing.
pub fn ensure_dir(dir: &Path) -> io::Result<()> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return Ok(()),
        Ok(_) => return Err(io::Error::other("it is not a directory")),
        Err(_) => {}
    }
    if let Ok(to) = std::fs::read_link(dir) {
        return Err(io::Error::other(format!(
            "it is a symbolic link to `{}`, which does not exist",
            super::shown(&to)
        )));
    }
    std::fs::create_dir_all(dir)
}

/// Commits `tx`, which rewrites `rewritten` inputs in place, unless an input of the run could
/// not be read (`unread`): all the files or none. Says on stderr why no file was changed;
/// gives whether the files were written (or there were none to write).
pub fn commit_rewrites(tx: Transaction, rewritten: usize, unread: bool) -> bool {
    if rewritten == 0 {
        return true;
    }
    if unread {
        super::trouble(format_args!(
            "an input could not be read, so no file was changed"
        ));
        return false;
    }
    match tx.commit() {
        Ok(()) => true,
        Err(e) => {
            e.report();
            super::trouble(format_args!("no file was changed"));
            false
        }
    }
}

/// Whether an output path means standard output (`-`).
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Writes one output at `path` with what `fill` writes, for a run whose inputs are `inputs`.
pub fn write_file(
    path: &Path,
    inputs: &[Stamp],
    fill: &mut dyn FnMut(&mut dyn Write) -> io::Result<()>,
) -> Result<(), OutputError> {
    let mut tx = Transaction::new(inputs.to_vec());
    let out = tx.create(path)?;
    fill(tx.writer(out)).map_err(|e| OutputError {
        path: path.to_path_buf(),
        why: e.into(),
    })?;
    tx.commit()
}

#[cfg(test)]
mod tests;
