//! Ctrl-C during a long run leaves no partial output file.
#![cfg(unix)]

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::common;
use common::{files_in, scratch};

#[test]
fn an_interrupted_convert_leaves_no_partial_output_and_says_which_signal() {
    let dir = scratch("interrupt");
    let input = dir.join("games.sgn");
    let made = Command::new(env!("CARGO_BIN_EXE_seega"))
        .args(["generate", "--games", "40000", "--seed", "3", "-o"])
        .arg(&input)
        .status()
        .expect("generate runs");
    assert!(made.success());
    for (signal, code) in [("-INT", 130), ("-TERM", 143), ("-HUP", 129)] {
        let out = dir.join("out.jsonl");
        let mut child = Command::new(env!("CARGO_BIN_EXE_seega"))
            .args(["convert", "--to", "jsonl", "-o"])
            .arg(&out)
            .arg(&input)
            .stderr(Stdio::null())
            .spawn()
            .expect("convert runs");
        // Wait until the temporary output file exists: the run is under way.
        let started = Instant::now();
        while files_in(&dir).len() < 2 {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no temporary file appeared"
            );
            assert!(
                child.try_wait().expect("wait").is_none(),
                "convert ended too soon to test"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let killed = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let status = child.wait().expect("convert ends");
        assert_eq!(
            status.code(),
            Some(code),
            "{signal} ends the run with {code}, as a shell says"
        );
        assert_eq!(
            files_in(&dir),
            ["games.sgn"],
            "no partial or temporary file is left"
        );
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}
