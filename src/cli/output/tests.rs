//! The output module's own tests: transactions, targets and temporary files.

use super::*;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("seega-output-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

#[test]
fn an_input_changed_since_it_was_read_is_not_replaced() {
    let dir = scratch("changed");
    let file = dir.join("a.sgn");
    std::fs::write(&file, "mine").expect("write");
    let read = Stamp::of(&std::fs::metadata(&file).expect("meta"));
    let mut tx = Transaction::new(vec![read]);
    let out = tx.rewrite(&file, read, None).expect("open");
    tx.writer(out).write_all(b"formatted").expect("write");
    // Someone appends a game meanwhile.
    std::fs::write(&file, "mine, and theirs").expect("write");
    let e = tx.commit().expect_err("refused");
    assert!(matches!(e.why, Refusal::Changed), "{e:?}");
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        "mine, and theirs"
    );
    assert_eq!(
        std::fs::read_dir(&dir).expect("dir").count(),
        1,
        "no temporary file left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_commit_puts_back_what_it_renamed() {
    let dir = scratch("rollback");
    let (a, b) = (dir.join("a"), dir.join("b"));
    std::fs::create_dir_all(&a).expect("dir");
    std::fs::create_dir_all(&b).expect("dir");
    std::fs::write(a.join("x"), "old x").expect("write");
    std::fs::write(b.join("y"), "old y").expect("write");
    let mut tx = Transaction::new(Vec::new());
    for p in [a.join("x"), b.join("y")] {
        let out = tx.create(&p).expect("open");
        tx.writer(out).write_all(b"new").expect("write");
    }
    // The second target's directory goes away before the commit: its rename fails.
    std::fs::remove_dir_all(&b).expect("remove");
    assert!(tx.commit().is_err());
    assert_eq!(std::fs::read_to_string(a.join("x")).expect("read"), "old x");
    assert_eq!(
        std::fs::read_dir(&a).expect("dir").count(),
        1,
        "no backup left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn finished_outputs_appear_only_at_the_commit() {
    let dir = scratch("finish");
    let mut tx = Transaction::new(Vec::new());
    for name in ["a", "b"] {
        let out = tx.create(&dir.join(name)).expect("open");
        tx.writer(out).write_all(name.as_bytes()).expect("write");
        tx.finish(out).expect("finish");
        assert!(tx.writer(out).write_all(b"more").is_err(), "finished");
    }
    assert!(!dir.join("a").exists(), "not before the commit");
    tx.commit().expect("commit");
    assert_eq!(std::fs::read_to_string(dir.join("a")).expect("read"), "a");
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 2);
    // A transaction dropped after a finish leaves nothing.
    let mut tx = Transaction::new(Vec::new());
    let out = tx.create(&dir.join("c")).expect("open");
    tx.finish(out).expect("finish");
    drop(tx);
    assert_eq!(std::fs::read_dir(&dir).expect("dir").count(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_outputs_to_one_file_are_refused() {
    let dir = scratch("twice");
    let mut tx = Transaction::new(Vec::new());
    tx.create(&dir.join("o")).expect("open");
    let e = tx.create(&dir.join("o")).expect_err("refused");
    assert!(matches!(e.why, Refusal::Twice), "{e:?}");
    let e = tx.create(&dir.join(".").join("o")).expect_err("refused");
    assert!(matches!(e.why, Refusal::Twice), "named another way: {e:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
