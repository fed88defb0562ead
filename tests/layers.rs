//! The library's modules import down their layers only, so that no import runs in a circle:
//! the layers of `spec/architecture.md`, from the bottom. An import is a `crate::MODULE` path,
//! or a name the crate root re-exports (`crate::GameState`), in a module's code; comments,
//! doc examples and the modules compiled for tests only are not imports.

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

/// The `.rs` files under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("a directory") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
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
    rust_files(&src, &mut files);
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
