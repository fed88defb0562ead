//! The library's modules import down their layers only, so that no import runs in a circle:
//! the layers of `spec/architecture.md`, from the bottom. An import is a `crate::MODULE` path,
//! or a name the crate root re-exports (`crate::GameState`), in a module's code; comments,
//! doc examples and the modules compiled for tests only are not imports. And no file of code
//! is over 600 lines.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::common::ROOT;

/// The layers, from the bottom: a module may import its own layer's and those below.
const LAYERS: &[&[&str]] = &[
    &["board", "numbering"],
    &["engine"],
    &["notation"],
    &["validate"],
    &["render"],
    &["archive"],
    &["input"],
    &["tools", "table"],
    &["api"],
];

fn layer(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The files under `dir` whose extension is one of `kinds`, not under a build's or an
/// environment's folder (`target`, `node_modules`, `__pycache__`, a hidden one).
fn files_under(dir: &Path, kinds: &[&str], out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a directory") {
        let p = e.expect("an entry").path();
        let name = p.file_name().unwrap_or_default().to_string_lossy();
        let skipped =
            name.starts_with('.') || ["target", "node_modules", "__pycache__"].contains(&&*name);
        if p.is_dir() && !skipped {
            files_under(&p, kinds, out);
        } else if (p.extension()).is_some_and(|x| kinds.contains(&&*x.to_string_lossy())) {
            out.push(p);
        }
    }
}

/// The files of the modules declared `#[cfg(test)] mod NAME;` (and everything under them).
fn test_only(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut only = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for w in lines.windows(2) {
            let decl = w[1].trim();
            let Some(name) = decl
                .strip_prefix("mod ")
                .or_else(|| decl.strip_prefix("pub(crate) mod "))
                .and_then(|d| d.strip_suffix(';'))
            else {
                continue;
            };
            if w[0].trim() != "#[cfg(test)]" {
                continue;
            }
            // `a.rs` declares `a/NAME.rs`; `mod.rs` and `lib.rs` their own folder's.
            let stem = f.file_stem().unwrap().to_str().unwrap();
            let folder = match stem {
                "mod" | "lib" => f.parent().unwrap().to_path_buf(),
                _ => f.with_extension(""),
            };
            only.push(folder.join(format!("{name}.rs")));
            only.push(folder.join(name));
        }
    }
    only
}

/// A file's code: without comment lines and without what follows its first
/// `#[cfg(test)]` (its tests).
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// What the crate root re-exports (`pub use MODULE::…`), by name: the module it comes from.
fn root_names() -> BTreeMap<String, String> {
    let lib = std::fs::read_to_string(format!("{ROOT}/src/lib.rs")).unwrap();
    let mut names = BTreeMap::new();
    let code: String = (lib.lines())
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for item in code.split("pub use ").skip(1) {
        let item = &item[..item.find(';').expect("a use ends")];
        let module = item.split("::").next().unwrap().trim().to_owned();
        let list = item.rsplit("::").next().unwrap();
        let list = list.trim_matches(|c: char| c == '{' || c == '}' || c.is_whitespace());
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            names.insert(name.to_owned(), module.clone());
        }
    }
    names
}

#[test]
fn the_library_imports_down_its_layers() {
    let src = Path::new(ROOT).join("src");
    let mut files = Vec::new();
    files_under(&src, &["rs"], &mut files);
    let only = test_only(&files);
    let names = root_names();
    assert!(names.contains_key("GameState"), "{names:?}");
    let mut upward = BTreeSet::new();
    let mut edges = 0;
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap().to_str().unwrap().to_owned();
        let top = rel.split('/').next().unwrap().trim_end_matches(".rs");
        let tests = rel.ends_with("tests.rs") || rel.contains("/tests/");
        if tests || only.iter().any(|o| f.starts_with(o)) {
            continue;
        }
        let Some(from) = layer(top) else { continue };
        let text = code(&std::fs::read_to_string(f).unwrap());
        for path in text.split("crate::").skip(1) {
            let first: String = path
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let module = names.get(&first).map_or(first.as_str(), String::as_str);
            let Some(to) = layer(module) else { continue };
            edges += 1;
            if to > from {
                upward.insert(format!("{rel} imports {module} (`crate::{first}`)"));
            }
        }
    }
    assert!(
        edges > 300,
        "{edges} imports found: the test reads the code"
    );
    assert!(
        upward.is_empty(),
        "imports that run up a layer:\n{}",
        upward.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The most lines a file of code may have (`spec/architecture.md`): a longer one is split by
/// what its parts do.
const MAX_LINES: usize = 600;

#[test]
fn no_file_of_code_is_over_600_lines() {
    let mut code = Vec::new();
    let dirs = [
        "src", "tests", "python", "bench", "benches", "examples", "fuzz", "scripts",
    ];
    for dir in dirs.into_iter().chain([".ci", "editors"]) {
        files_under(
            &Path::new(ROOT).join(dir),
            &["rs", "py", "js", "sh"],
            &mut code,
        );
    }
    assert!(
        code.len() > 300,
        "{} files found: the test reads the tree",
        code.len()
    );
    let long: Vec<String> = (code.iter())
        .map(|f| (f, std::fs::read_to_string(f).unwrap().lines().count()))
        .filter(|(_, n)| *n > MAX_LINES)
        .map(|(f, n)| format!("{}: {n} lines", f.strip_prefix(ROOT).unwrap_or(f).display()))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines:\n{}",
        long.join("\n")
    );
}
