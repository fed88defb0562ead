//! `seega split`: parts cut at game boundaries that give back the input byte for byte, a
//! manifest that maps each part's games to the input's, and refusals that leave no file.

use super::common;
use std::path::{Path, PathBuf};

use common::{ROOT, corpus_files, files_in, run_with, scratch, stderr};
use serde_json::Value;

/// Runs `seega split` of `input` into `dir` with `size` arguments.
fn split(input: &Path, dir: &Path, size: &[&str]) -> std::process::Output {
    let mut args = vec!["split", "-o", dir.to_str().unwrap()];
    args.extend(size);
    args.push(input.to_str().unwrap());
    run_with(&args, None)
}

/// The manifest's lines.
fn manifest(dir: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(dir.join("parts.jsonl")).expect("a manifest");
    text.lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

/// The game objects of `convert --to jsonl` of `file`.
fn games(file: &Path) -> Vec<Value> {
    let o = run_with(&["convert", "--to", "jsonl", file.to_str().unwrap()], None);
    assert!(o.status.success(), "{}", stderr(&o));
    (o.stdout.split(|&b| b == b'\n'))
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).expect("a game object"))
        .collect()
}

/// A game object without what says where it was read: its file, number and lines.
/// Takes the source line out of every turn of `turns`, its variations' turns too.
fn strip_lines(turns: &mut [Value]) {
    for t in turns {
        let t = t.as_object_mut().unwrap();
        t.remove("line");
        for v in t
            .get_mut("variations")
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            strip_lines(v["turns"].as_array_mut().unwrap());
        }
    }
}

fn content(g: &Value) -> Value {
    let mut g = g.clone();
    for k in ["file", "game"] {
        g.as_object_mut().unwrap().remove(k);
    }
    strip_lines(g["turns"].as_array_mut().unwrap());
    for e in g["errors"].as_array_mut().unwrap() {
        let e = e.as_object_mut().unwrap();
        for k in ["file", "game", "line", "end_line"] {
            e.remove(k);
        }
    }
    g
}

/// Checks the parts in `dir` against `input`: their bytes in order give it back (each part
/// starts with the input's byte-order mark, when it has one), the manifest's ranges are those
/// bytes, and the games of part k are the input's games from the part's first game on.
fn check_parts(input: &Path, dir: &Path) -> usize {
    let bytes = std::fs::read(input).unwrap();
    let bom = bytes.starts_with(b"\xEF\xBB\xBF");
    let lines = manifest(dir);
    let whole = games(input);
    let mut joined = Vec::new();
    let mut next_game = 1;
    for (k, line) in lines.iter().enumerate() {
        let name = line["part"].as_str().unwrap();
        assert_eq!(name, format!("part-{:04}.sgn", k + 1));
        let part = std::fs::read(dir.join(name)).unwrap();
        let body = if bom { &part[3..] } else { &part[..] };
        if bom {
            assert!(part.starts_with(b"\xEF\xBB\xBF"), "{name}");
        }
        let (start, end) = (
            line["first_byte"].as_u64().unwrap() as usize,
            line["end_byte"].as_u64().unwrap() as usize,
        );
        assert_eq!(body, &bytes[start..end], "{name}: its range in the input");
        joined.extend_from_slice(body);
        assert_eq!(line["first_game"], next_game, "{name}");
        let its = games(&dir.join(name));
        assert_eq!(line["games"], its.len(), "{name}");
        for (j, g) in its.iter().enumerate() {
            let original = &whole[next_game + j - 1];
            assert_eq!(content(g), content(original), "{name}, game {}", j + 1);
        }
        next_game += its.len();
    }
    let after_bom = if bom { &bytes[3..] } else { &bytes[..] };
    assert_eq!(joined, after_bom, "the parts give back {}", input.display());
    assert_eq!(next_game - 1, whole.len());
    lines.len()
}

#[test]
fn every_corpus_file_cut_into_parts_gives_it_back() {
    let dir = scratch("split-corpus");
    let mut cut = 0;
    for (i, input) in corpus_files().iter().enumerate() {
        for (j, size) in [["--games", "1"], ["--games", "3"], ["--bytes", "700"]]
            .iter()
            .enumerate()
        {
            let out = dir.join(format!("{i}-{j}"));
            let o = split(input, &out, size);
            assert!(o.status.success(), "{}: {}", input.display(), stderr(&o));
            cut += usize::from(check_parts(input, &out) > 1);
        }
    }
    assert!(cut > 30, "{cut} splits into several parts");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parts_by_bytes_stay_under_the_size_unless_one_game_is_larger() {
    let dir = scratch("split-bytes");
    let big = dir.join("big.sgn");
    let o = run_with(
        &[
            "generate",
            "--games",
            "300",
            "--seed",
            "3",
            "-o",
            big.to_str().unwrap(),
        ],
        None,
    );
    assert!(o.status.success());
    let out = dir.join("parts");
    let o = split(&big, &out, &["--bytes", "8k"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("300 games into"), "{}", stderr(&o));
    let lines = manifest(&out);
    assert!(lines.len() > 5);
    for l in &lines {
        let size = l["end_byte"].as_u64().unwrap() - l["first_byte"].as_u64().unwrap();
        assert!(size <= 8192 || l["games"] == 1, "{l}");
    }
    assert_eq!(check_parts(&big, &out), lines.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_with_parts_is_refused_and_left_as_it_was() {
    let dir = scratch("split-refused");
    let input = PathBuf::from(format!("{ROOT}/samples/standard.sgn"));
    let out = dir.join("parts");
    assert!(split(&input, &out, &["--games", "2"]).status.success());
    let before = files_in(&out);
    let o = split(&input, &out, &["--games", "5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("holds the parts of a split already"),
        "{}",
        stderr(&o)
    );
    assert_eq!(files_in(&out), before);
    assert_eq!(manifest(&out).len(), 5, "the first split's manifest");
    // Other files do not stop a split.
    let other = dir.join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    assert!(split(&input, &other, &["--games", "5"]).status.success());
    assert_eq!(
        files_in(&other),
        ["notes.txt", "part-0001.sgn", "part-0002.sgn", "parts.jsonl"]
    );
    // An input that cannot be read: no directory made.
    let o = split(
        &dir.join("missing.sgn"),
        &dir.join("none"),
        &["--games", "1"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.join("none").exists());
    // A file where the directory should be.
    let o = split(&input, &input_copy(&dir), &["--games", "1"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // No size, or a size of nothing.
    assert_eq!(split(&input, &dir.join("x"), &[]).status.code(), Some(2));
    assert_eq!(
        split(&input, &dir.join("x"), &["--bytes", "0"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        split(&input, &dir.join("x"), &["--games", "0"])
            .status
            .code(),
        Some(2)
    );
    assert!(!dir.join("x").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

fn input_copy(dir: &Path) -> PathBuf {
    let p = dir.join("a-file");
    std::fs::write(&p, "x").unwrap();
    p
}

#[test]
fn standard_input_is_split_too() {
    let dir = scratch("split-stdin");
    let text = std::fs::read(format!("{ROOT}/samples/ludus.sgn")).unwrap();
    let out = dir.join("p");
    let o = run_with(
        &["split", "--games", "4", "-o", out.to_str().unwrap()],
        Some(&text),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = manifest(&out);
    assert_eq!(lines[0]["file"], "<stdin>");
    let joined: Vec<u8> = (lines.iter())
        .flat_map(|l| std::fs::read(out.join(l["part"].as_str().unwrap())).unwrap())
        .collect();
    assert_eq!(joined, text);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The bytes `path` holds once decompressed, by the format its name ends with.
fn decompressed(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let file = std::fs::File::open(path).unwrap();
    let mut out = Vec::new();
    let name = path.to_str().unwrap();
    if name.ends_with(".gz") {
        flate2::read::MultiGzDecoder::new(file).read_to_end(&mut out)
    } else if name.ends_with(".zst") {
        zstd::stream::read::Decoder::new(file)
            .unwrap()
            .read_to_end(&mut out)
    } else if name.ends_with(".bz2") {
        bzip2::read::MultiBzDecoder::new(file).read_to_end(&mut out)
    } else {
        liblzma::read::XzDecoder::new_multi_decoder(file).read_to_end(&mut out)
    }
    .unwrap();
    out
}

#[test]
fn compressed_parts_give_back_the_input_once_decompressed() {
    let dir = scratch("split-compressed");
    let input = PathBuf::from(format!("{ROOT}/samples/standard.sgn"));
    let bytes = std::fs::read(&input).unwrap();
    for (format, ext) in [("gz", "gz"), ("zst", "zst"), ("bz2", "bz2"), ("xz", "xz")] {
        let out = dir.join(format);
        let o = split(&input, &out, &["--games", "3", "--compress", format]);
        assert!(o.status.success(), "{}", stderr(&o));
        let lines = manifest(&out);
        let mut joined = Vec::new();
        for line in &lines {
            let part = line["part"].as_str().unwrap();
            assert!(part.ends_with(&format!(".sgn.{ext}")), "{part}");
            let raw = std::fs::read(out.join(part)).unwrap();
            assert_ne!(
                raw,
                bytes[..raw.len().min(bytes.len())],
                "{part} is compressed"
            );
            let plain = decompressed(&out.join(part));
            let (from, to) = (line["first_byte"].as_u64(), line["end_byte"].as_u64());
            let range = from.unwrap() as usize..to.unwrap() as usize;
            assert_eq!(plain, bytes[range], "{part}");
            joined.extend(plain);
        }
        assert_eq!(joined, bytes, "{format}");
        assert!(lines.len() > 1);
        // Parts of another format in the directory are parts all the same.
        let o = split(&input, &out, &["--games", "3"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
