//! Where an output really goes: links followed, special files told apart, and the reasons a
//! target is refused before anything is written.

use std::fs::Metadata;
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

/// Symbolic links followed at most, as the kernel does before it says `ELOOP`.
const MAX_LINKS: usize = 40;

/// A file's identity and the state it was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    dev: u64,
    ino: u64,
    len: u64,
    mtime: (i64, i64),
    /// The inode's change time, which no program can set back as it can the modification time.
    ctime: (i64, i64),
}

impl Stamp {
    /// The stamp of a file as `meta` describes it.
    pub fn of(meta: &Metadata) -> Stamp {
        Stamp {
            dev: meta.dev(),
            ino: meta.ino(),
            len: meta.len(),
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
        }
    }

    /// Whether `other` is the same file (device and inode), whatever its state.
    pub fn same_file(&self, other: &Stamp) -> bool {
        (self.dev, self.ino) == (other.dev, other.ino)
    }
}

/// What an output path names, once its links are followed.
#[derive(Debug)]
pub enum Resolved {
    /// A regular file that exists: it is replaced by a rename, its metadata kept.
    Regular(PathBuf, Metadata),
    /// Nothing yet: a new file is made there.
    New(PathBuf),
    /// A FIFO, a device, a socket, or a path under `/dev` or `/proc`: written straight to,
    /// never renamed over.
    Special(PathBuf),
}

/// Follows the links of `path` to what it names. A dangling link resolves to the missing file
/// it points to, which is then created.
pub fn resolve(path: &Path) -> io::Result<Resolved> {
    if path.starts_with("/dev") || path.starts_with("/proc") {
        return Ok(Resolved::Special(path.to_path_buf()));
    }
    let mut at = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&at)?;
                at = match at.parent() {
                    Some(dir) => dir.join(to),
                    None => to,
                };
            }
            Ok(m) if m.is_file() => return Ok(Resolved::Regular(at, m)),
            Ok(m) if m.is_dir() => {
                return Err(io::Error::other("it is a directory"));
            }
            Ok(_) => return Ok(Resolved::Special(at)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Resolved::New(at)),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links in a row"
    )))
}

/// Why a target is not written.
#[derive(Debug)]
pub enum Refusal {
    /// The target is one of the run's inputs.
    IsInput,
    /// The target has other hard links, which a replacement would split from it.
    HardLinks(u64),
    /// The target has no write permission.
    ReadOnly,
    /// Two outputs of one run name the same file.
    Twice,
    /// The target changed after seega read it.
    Changed,
    /// An input to rewrite in place is not a regular file (a FIFO, a device).
    NotRegular,
    /// The replacement could not be given the target's owner.
    Owner(io::Error),
    /// The file system said no.
    Io(io::Error),
}

impl From<io::Error> for Refusal {
    fn from(e: io::Error) -> Refusal {
        Refusal::Io(e)
    }
}

impl Refusal {
    /// What is wrong, in a few words.
    pub fn message(&self) -> String {
        match self {
            Refusal::IsInput => "it is also an input of this run".to_owned(),
            Refusal::HardLinks(n) => format!(
                "it has {n} other hard {}, which a replacement would split from it",
                if *n == 1 { "link" } else { "links" }
            ),
            Refusal::ReadOnly => "it is read-only".to_owned(),
            Refusal::Twice => "it is named as two outputs of this run".to_owned(),
            Refusal::Changed => "it changed after seega read it".to_owned(),
            Refusal::NotRegular => {
                "it is not a regular file, so it cannot be rewritten in place".to_owned()
            }
            Refusal::Owner(e) => format!("its owner cannot be kept ({e})"),
            Refusal::Io(e) => e.to_string(),
        }
    }

    /// What to do about it, in a full sentence, when there is something to say.
    pub fn help(&self) -> Option<&'static str> {
        Some(match self {
            Refusal::IsInput => {
                "Write to another file: seega never writes over what it reads, except `fmt --in-place` and `check --fix`."
            }
            Refusal::HardLinks(_) => {
                "Write to another file, or remove the other links first if the copies may part."
            }
            Refusal::ReadOnly => "Make it writable (`chmod u+w`) if it is meant to be replaced.",
            Refusal::Twice => "Give each output its own file.",
            Refusal::Changed => {
                "Someone else's version is kept and nothing was written; run seega again on it."
            }
            Refusal::Owner(_) => "Run seega as the file's owner, or write to another file.",
            Refusal::NotRegular => "Write the result to standard output instead.",
            Refusal::Io(_) => return None,
        })
    }
}

/// Refuses a regular target that may not be replaced: read-only, or hard-linked elsewhere.
pub fn check_replaceable(meta: &Metadata) -> Result<(), Refusal> {
    if meta.permissions().readonly() {
        return Err(Refusal::ReadOnly);
    }
    if meta.nlink() > 1 {
        return Err(Refusal::HardLinks(meta.nlink() - 1));
    }
    Ok(())
}
