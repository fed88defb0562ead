//! A whole archive checked as `seega check --format jsonl` checks it, its report kept as values.

use std::io::Read;

use crate::archive::report::Report;
use crate::archive::stream::{Placed, check_stream_reported};
use crate::notation::Source;
use crate::notation::encoding::{Encoding, Transcode};
use crate::notation::limits::MAX_FILE_BYTES;
use crate::render::file_report::{FileReport, Style};
use crate::render::wire::{DiagnosticLine, FileName, SummaryLine};
use crate::tools::ludii;
use crate::validate::Options;

/// What checking one archive found: the lines of `seega check --format jsonl` as values.
///
/// ```
/// use seega::{CheckReport, Options, check_archive, notation::Encoding};
///
/// let text = "1. a1,b1 *\n\n1. c3,d1 *\n";
/// let opts = Options::default();
/// let report: CheckReport = check_archive(text.as_bytes(), "cup.sgn", &opts, Encoding::Utf8, 1)?;
/// assert_eq!((report.summary.games, report.summary.invalid), (2, 1));
/// assert_eq!(report.diagnostics.len(), 1);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CheckReport {
    /// The counts of the closing `summary` line (one file).
    pub summary: SummaryLine,
    /// Every `diagnostic` line, in file order.
    pub diagnostics: Vec<DiagnosticLine>,
}

/// Checks the archive read from `reader` in `encoding` as `seega check --format jsonl` checks
/// a file named `file`, on `jobs` threads (at least one), in memory that does not grow with the
/// archive but with its problems: the same games, counts, codes, messages and places. A Ludii
/// trial (told by its first bytes, `spec/ludii.md`) is checked as one game, as the command
/// checks it.
///
/// ```
/// use seega::{Encoding, Options};
///
/// let text = "1. a1,b1 *\n\n1. c3,d4 *\n";
/// let report = seega::check_archive(text.as_bytes(), "cup.sgn", &Options::default(), Encoding::Utf8, 1)?;
/// assert_eq!((report.summary.games, report.summary.valid, report.summary.errors), (2, 1, 1));
/// let d = &report.diagnostics[0];
/// assert_eq!((d.code.as_str(), d.game, d.line, d.column), ("seega::place::centre", 2, 3, 4));
/// assert_eq!(d.message, "c3 is the centre, which stays empty while pieces are placed");
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn check_archive<R: Read + Send>(
    reader: R,
    file: &str,
    options: &Options,
    encoding: Encoding,
    jobs: usize,
) -> std::io::Result<CheckReport> {
    let json_name = FileName {
        file: file.to_owned(),
        file_bytes: None,
    };
    let report = FileReport {
        style: Style::Jsonl,
        name: file,
        json_name: &json_name,
    };
    let mut summary = SummaryLine {
        kind: "summary".into(),
        files: 1,
        ..SummaryLine::default()
    };
    let mut diagnostics = Vec::new();
    let (head, reader) = crate::input::peek(reader)?;
    if ludii::is_trial(&head) {
        check_trial(reader, encoding, &report, &mut summary, &mut diagnostics)?;
        return Ok(CheckReport {
            summary,
            diagnostics,
        });
    }
    check_stream_reported(
        Transcode::new(reader, encoding),
        options,
        jobs.max(1),
        Some(&report),
        &mut |placed: Placed| {
            placed.checked.count_into(&mut summary);
            for line in placed
                .report
                .split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
            {
                diagnostics.push(serde_json::from_slice(line).map_err(std::io::Error::other)?);
            }
            Ok(())
        },
    )?;
    Ok(CheckReport {
        summary,
        diagnostics,
    })
}

/// Checks the Ludii trial read from `reader` as one game (`spec/ludii.md`, T7), adding its
/// counts to `summary` and its problems to `diagnostics`.
fn check_trial(
    reader: impl Read,
    encoding: Encoding,
    report: &FileReport<'_>,
    summary: &mut SummaryLine,
    diagnostics: &mut Vec<DiagnosticLine>,
) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    reader.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "it holds more than {MAX_FILE_BYTES} bytes (1 GiB), the most seega reads from one input"
        )));
    }
    let (source, _) = Source::decode(&bytes, encoding);
    let checked = ludii::check(source.text());
    checked.count_into(summary);
    let mut out = Vec::new();
    report.report(&checked.problems, source.text(), 0, &mut out);
    for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        diagnostics.push(serde_json::from_slice(line).map_err(std::io::Error::other)?);
    }
    Ok(())
}
