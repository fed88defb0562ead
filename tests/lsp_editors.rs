//! The editors' set-ups of `editors/`. A real client: Debian's Neovim, headless, with the
//! set-up of `editors/neovim/seega.lua`, opens a sample with mistakes and must receive from
//! `seega lsp` the diagnostics `seega check --format jsonl` gives (code, line, column, severity).
//! The Visual Studio Code extension's files are JSON that name one language, its grammar and
//! the server; Helix's table starts the same server.
//!
//! Without Neovim the test fails, naming it, unless `SEEGA_SKIP_NVIM` is set; never skipped in
//! CI (`CI` set): `.ci/run` installs `neovim`. `SEEGA_NVIM` names another `nvim` than
//! `/usr/bin/nvim`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

use serde_json::Value;

use super::common;

/// Waits for diagnostics, then writes them as JSON, one a line, into `$SEEGA_OUT`.
const DRIVER: &str = r#"
local ok = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local lines = {}
if not ok then
  table.insert(lines, "no diagnostics came")
end
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(lines, vim.fn.json_encode({
    code = d.code, lnum = d.lnum, col = d.col, severity = d.severity, message = d.message,
  }))
end
vim.fn.writefile(lines, vim.env.SEEGA_OUT)
vim.cmd("qa!")
"#;

fn nvim() -> Option<PathBuf> {
    let nvim = std::env::var_os("SEEGA_NVIM").map_or_else(|| "/usr/bin/nvim".into(), PathBuf::from);
    if nvim.exists() {
        return Some(nvim);
    }
    let why = format!(
        "{} is missing (Debian: apt-get install neovim; `.ci/run` installs it)",
        nvim.display()
    );
    common::skip_or_fail("SEEGA_SKIP_NVIM", &format!("Neovim: {why}"));
    None
}

#[test]
fn neovim_receives_the_diagnostics_of_check() {
    let Some(nvim) = nvim() else {
        return;
    };
    let dir = common::scratch("lsp-neovim");
    let sample = Path::new(common::ROOT).join("samples/invalid/capture-missing.sgn");
    let game = dir.join("game.sgn");
    std::fs::copy(&sample, &game).unwrap();
    std::fs::write(dir.join("driver.lua"), DRIVER).unwrap();
    let setup = Path::new(common::ROOT).join("editors/neovim/seega.lua");
    let out = dir.join("diagnostics.jsonl");
    let bin = env!("CARGO_BIN_EXE_seega");
    let mut child = Command::new(nvim)
        .args(["--headless", "--clean", "-u", "NONE", "-i", "NONE", "-n"])
        .arg("--cmd")
        .arg(format!("let g:seega_command = '{bin}'"))
        .arg("-c")
        .arg(format!("luafile {}", setup.display()))
        .args(["-c", "edit game.sgn", "-c", "luafile driver.lua"])
        .current_dir(&dir)
        // Neovim's own files (its LSP log among them) stay in the scratch directory.
        .env("SEEGA_OUT", &out)
        .env("HOME", &dir)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_STATE_HOME", dir.join("state"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nvim runs");
    let stderr = child.stderr.take().unwrap();
    // A generous limit, only to catch a hang; the run takes well under a second.
    let (send, done) = channel();
    let waiter = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = std::io::Read::read_to_string(&mut { stderr }, &mut text);
        let _ = send.send(text);
    });
    let stderr = match done.recv_timeout(Duration::from_secs(120)) {
        Ok(text) => text,
        Err(_) => {
            let _ = child.kill();
            panic!("nvim did not finish");
        }
    };
    waiter.join().unwrap();
    let status = child.wait().unwrap();
    assert!(status.success(), "nvim: {status}: {stderr}");
    let got = std::fs::read_to_string(&out).unwrap_or_default();
    let mut got: Vec<(String, u64, u64, u64)> = got
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap_or_else(|_| panic!("{l}: {stderr}")))
        .map(|d| {
            let n = |k: &str| d[k].as_u64().unwrap();
            (
                d["code"].as_str().unwrap().to_owned(),
                n("lnum"),
                n("col"),
                n("severity"),
            )
        })
        .collect();
    let o = common::run_in(&["check", "--format", "jsonl", "game.sgn"], &dir);
    let mut want: Vec<(String, u64, u64, u64)> = common::stdout(&o)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|d| d["type"] == "diagnostic")
        .map(|d| {
            let n = |k: &str| d[k].as_u64().unwrap() - 1;
            let severity = if d["severity"] == "error" { 1 } else { 2 };
            (
                d["code"].as_str().unwrap().to_owned(),
                n("line"),
                n("column"),
                severity,
            )
        })
        .collect();
    got.sort();
    want.sort();
    assert!(!want.is_empty());
    assert_eq!(got, want, "{stderr}");
}

#[test]
fn every_editor_starts_seega_lsp_for_sgn_files() {
    let root = Path::new(common::ROOT).join("editors");
    let json = |p: &str| -> Value {
        let text = std::fs::read_to_string(root.join(p)).unwrap();
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{p}: {e}"))
    };
    let package = json("vscode/package.json");
    let language = &package["contributes"]["languages"][0];
    assert_eq!(language["id"], "sgn");
    assert_eq!(language["extensions"], serde_json::json!([".sgn"]));
    let grammar = &package["contributes"]["grammars"][0];
    assert_eq!(grammar["language"], "sgn");
    let tm = json(&format!("vscode/{}", grammar["path"].as_str().unwrap()));
    assert_eq!(tm["scopeName"], grammar["scopeName"]);
    json(&format!(
        "vscode/{}",
        language["configuration"].as_str().unwrap()
    ));
    let main = std::fs::read_to_string(root.join("vscode").join(package["main"].as_str().unwrap()));
    let main = main.unwrap();
    assert!(
        main.contains(r#"args: ["lsp"]"#) && main.contains(r#"language: "sgn""#),
        "{main}"
    );
    let helix = std::fs::read_to_string(root.join("helix/languages.toml")).unwrap();
    for line in [
        "name = \"sgn\"",
        "file-types = [\"sgn\"]",
        "args = [\"lsp\"]",
    ] {
        assert!(helix.contains(line), "{line}");
    }
    let neovim = std::fs::read_to_string(root.join("neovim/seega.lua")).unwrap();
    assert!(neovim.contains(r#""lsp" }"#) && neovim.contains(r#"pattern = "*.sgn""#));
}
