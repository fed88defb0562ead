//! Every command that writes files, on a full disk: the run fails, the target keeps what it
//! held and no temporary file is left (the other targets that break naive writers are in
//! `writers.rs`).

use std::process::Command;

use super::common::{self, scratch};
use super::writers::{OLD, WRITERS, before, is_root, read, run, setup, temporaries};
use std::path::Path;

/// A small tmpfs mounted at `dir`, or why there can be none.
fn small_disk(dir: &Path) -> Result<(), String> {
    if !is_root() {
        return Err("only root can mount a small tmpfs".into());
    }
    let out = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=256k", "tmpfs"])
        .arg(dir)
        .output()
        .map_err(|e| format!("mount cannot run: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "mount refused: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Fills the file system of `dir` to the last byte.
fn fill(dir: &Path) {
    use std::io::Write;
    let mut f = std::fs::File::create(dir.join("filler")).expect("filler");
    let block = vec![b'x'; 4096];
    while f.write_all(&block).is_ok() {}
    while f.write_all(b"x").is_ok() {}
    let _ = f.sync_all();
}

#[test]
fn a_full_disk_fails_the_run_and_keeps_the_target() {
    let root = scratch("writers-full");
    for w in WRITERS {
        let (dir, input, target) = setup(w, &root, "full");
        let disk = dir.join("disk");
        std::fs::create_dir_all(&disk).expect("dir");
        if let Err(why) = small_disk(&disk) {
            let _ = std::fs::remove_dir_all(&root);
            if common::may_skip_without_root(&format!("no small disk to fill ({why})")) {
                return;
            }
        }
        let (input_on_disk, target_on_disk) = if w.in_place {
            let i = disk.join("in.sgn");
            std::fs::copy(&input, &i).expect("copy");
            (i.clone(), i)
        } else {
            let t = disk.join(target.file_name().expect("a name"));
            std::fs::write(&t, OLD).expect("write");
            (input.clone(), t)
        };
        fill(&disk);
        let out = run(&(w.args)(&input_on_disk, &target_on_disk));
        let kept = read(&target_on_disk);
        let left = temporaries(&disk);
        let _ = Command::new("umount").arg(&disk).status();
        assert_eq!(out.status.code(), Some(2), "{}: {out:?}", w.name);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("No space left"),
            "{}: {out:?}",
            w.name
        );
        assert_eq!(kept, before(w), "{}", w.name);
        assert!(left.is_empty(), "{}: {left:?}", w.name);
    }
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_full_disk_leaves_no_partition_behind() {
    let root = scratch("writers-full-partitions");
    let disk = root.join("disk");
    std::fs::create_dir_all(&disk).expect("dir");
    if let Err(why) = small_disk(&disk) {
        let _ = std::fs::remove_dir_all(&root);
        if common::may_skip_without_root(&format!("no small disk to fill ({why})")) {
            return;
        }
    }
    fill(&disk);
    let out = disk.join("by-rules");
    let input = format!("{}/samples", common::ROOT);
    let args = [
        "convert",
        "--to",
        "parquet",
        "--partition-by",
        "rules",
        "-o",
    ];
    let o = common::run_with(
        &[&args[..], &[out.to_str().unwrap(), &input]].concat(),
        None,
    );
    let (made, left) = (out.exists(), temporaries(&disk));
    let _ = Command::new("umount").arg(&disk).status();
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("No space left") && said.contains("cannot write"),
        "{said}"
    );
    assert!(!made, "the directories made are removed");
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(&root);
}
