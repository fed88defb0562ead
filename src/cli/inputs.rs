//! Resolving command-line paths into inputs and reading them.

use std::io::Read;
use std::path::{Path, PathBuf};

/// One input: a file or standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// Standard input, named `-`.
    Stdin,
    /// A file.
    File(PathBuf),
}

impl Input {
    /// The name used in diagnostics.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin => "-".to_owned(),
            Input::File(p) => p.display().to_string(),
        }
    }

    /// Opens the input for streaming, with its size when known.
    pub fn open(&self) -> std::io::Result<(Box<dyn Read + Send>, Option<u64>)> {
        match self {
            Input::Stdin => Ok((Box::new(std::io::stdin()), None)),
            Input::File(p) => {
                let f = std::fs::File::open(p)?;
                let len = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
                Ok((Box::new(f), len))
            }
        }
    }

    /// Reads the whole input.
    #[allow(
        dead_code,
        reason = "check streams now; kept for commands that need the whole text"
    )]
    pub fn read(&self) -> std::io::Result<Vec<u8>> {
        match self {
            Input::Stdin => {
                let mut v = Vec::new();
                std::io::stdin().lock().read_to_end(&mut v)?;
                Ok(v)
            }
            Input::File(p) => std::fs::read(p),
        }
    }
}

/// The inputs named by `paths` (standard input when empty), each directory replaced by its
/// `*.sgn` files, recursively and sorted. Paths that cannot be listed come back as errors in
/// their place.
pub fn resolve(paths: &[PathBuf]) -> Vec<Result<Input, (String, std::io::Error)>> {
    if paths.is_empty() {
        return vec![Ok(Input::Stdin)];
    }
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(Ok(Input::Stdin));
        } else if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(Ok(Input::File(p.clone())));
        }
    }
    out
}

fn walk(dir: &Path, out: &mut Vec<Result<Input, (String, std::io::Error)>>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            out.push(Err((dir.display().to_string(), e)));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let is_link = p
            .symlink_metadata()
            .map(|m| m.is_symlink())
            .unwrap_or(false);
        if p.is_dir() {
            if !is_link {
                walk(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "sgn") {
            out.push(Ok(Input::File(p)));
        }
    }
}

/// Reads each input named by `paths` in turn and hands it to `each`; inputs that cannot be read
/// are reported on standard error and skipped. Returns whether any could not be read.
pub fn for_each_input(
    paths: &[PathBuf],
    each: &mut dyn FnMut(&Input, Vec<u8>) -> std::io::Result<()>,
) -> std::io::Result<bool> {
    let mut trouble = false;
    for input in resolve(paths) {
        match input.and_then(|i| i.read().map(|b| (i.clone(), b)).map_err(|e| (i.name(), e))) {
            Ok((input, bytes)) => each(&input, bytes)?,
            Err((name, e)) => {
                super::trouble(format_args!("cannot read `{name}`: {e}"));
                trouble = true;
            }
        }
    }
    Ok(trouble)
}
