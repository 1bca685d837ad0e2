//! `cargo xtask judge <crate> [--bundled]`: run the solution on every sample as a judge would,
//! under the problem's time and memory limits, and print a verdict per case (AC, WA, TLE, MLE,
//! RE, OLE) with its wall time and peak memory, then a summary. Fails unless every case is AC.
//!
//! Limits come from `[package.metadata.judge]` in the crate's `Cargo.toml` (`time-limit-ms`,
//! `memory-limit-mib`), defaulting to the statements' 1 s and 256 MiB; so do the files of a
//! judge that names them (`input-file`, `output-file`: see [`crate::judge_files`]).

use crate::flags::Judge;
use crate::judge_files::Files;
use crate::process::{self, Ending, Limits};
use context_error::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use workspace_layout::{self as workspace, JudgeTable, ProblemCrate};

mod compile;

pub use compile::{build_bundled, build_release, compile_judge_style, full_disk, rustc_version};

/// Time limit when the crate names none: the statements' 1 s.
pub const DEFAULT_TIME_MS: u64 = workspace::DEFAULT_TIME_LIMIT_MS;
/// Memory limit when the crate names none: the statements' 256 MiB.
pub const DEFAULT_MEMORY_MIB: u64 = workspace::DEFAULT_MEMORY_LIMIT_MIB;

pub fn run(flags: Judge) -> Result<()> {
    let Judge {
        problem: name,
        bundled,
        time_limit_ms: time_ms,
        memory_limit_mib: memory_mib,
        samples,
    } = flags;
    let name = &name;
    let root = workspace::root();
    ProblemCrate::find(&root, name)?;
    let mut limits = problem_limits(&root, name)?;
    if time_ms.is_some() || memory_mib.is_some() {
        workspace::check_limits(
            time_ms.unwrap_or(DEFAULT_TIME_MS),
            memory_mib.unwrap_or(DEFAULT_MEMORY_MIB),
        )
        .context("--time-limit-ms / --memory-limit-mib")?;
    }
    if let Some(ms) = time_ms {
        limits.time = Duration::from_millis(ms);
    }
    if let Some(mib) = memory_mib {
        limits.memory = Some(mib << 20);
    }
    eprintln!("{}", process::memory_measure());
    let samples = match samples {
        Some(dir) => PathBuf::from(dir),
        None => workspace::ProblemCrate::new(&root, name).samples_dir(),
    };
    let cases = cases_in(&samples)?;
    if cases.is_empty() {
        bail!("{}: no samples (*.in with *.out)", samples.display());
    }
    let binary = if bundled {
        build_bundled(&root, name)?
    } else {
        build_release(&root, name)?
    };
    eprintln!(
        "judging {} on {} case{} ({})",
        binary.strip_prefix(&root).unwrap_or(&binary).display(),
        cases.len(),
        if cases.len() == 1 { "" } else { "s" },
        samples.strip_prefix(&root).unwrap_or(&samples).display()
    );
    let files = crate::judge_files::problem_files(&root, name)?;
    let stdout = std::io::stdout();
    let results = judge_all_with(&binary, &cases, limits, &files, &mut stdout.lock())?;
    let failed = results.iter().filter(|r| !r.verdict.is_ac()).count();
    if failed > 0 {
        bail!("{} of {} cases not accepted", failed, results.len());
    }
    Ok(())
}

/// The time and memory limits of problem crate `name`, from `[package.metadata.judge]` in its
/// `Cargo.toml`, with the defaults for what it leaves out ([`ProblemCrate::limits`]).
pub fn problem_limits(root: &Path, name: &str) -> Result<Limits> {
    ProblemCrate::new(root, name)
        .judge()
        .map(|judge| Limits::from(&judge))
}

/// The limits a manifest's text declares (see [`problem_limits`]).
pub fn limits_from_manifest(text: &str) -> Result<Limits> {
    JudgeTable::from_manifest(text).map(|judge| Limits::from(&judge))
}

impl From<&JudgeTable> for Limits {
    fn from(judge: &JudgeTable) -> Limits {
        Limits {
            time: Duration::from_millis(judge.time_limit_ms),
            memory: Some(judge.memory_limit_mib << 20),
        }
    }
}

/// A sample case: its name, input file and expected output file.
#[derive(Clone, Debug)]
pub struct Case {
    pub name: String,
    pub input: PathBuf,
    pub expected: PathBuf,
}

/// The cases of a samples folder: every `*.in` with its `*.out`, sorted by name.
pub fn cases_in(dir: &Path) -> Result<Vec<Case>> {
    let mut cases = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let input = entry?.path();
        if input.extension().is_some_and(|e| e == "in") {
            // A FIFO or a device would be read (or waited on) forever.
            if !input.metadata().is_ok_and(|m| m.is_file()) {
                bail!(
                    "{}: not a regular file (a FIFO, a device or a folder); judge reads files only",
                    input.display()
                );
            }
            let expected = input.with_extension("out");
            if !expected.is_file() {
                bail!("{}: no matching .out file", input.display());
            }
            let name = input
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            cases.push(Case {
                name,
                input,
                expected,
            });
        }
    }
    cases.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(cases)
}

/// A judge's verdict on one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    /// Where the output first differs from the expected one.
    WrongAnswer(String),
    TimeLimit,
    MemoryLimit,
    /// It printed more than [`output_cap`] of the expected output, and was stopped there.
    OutputLimit,
    /// How it ended, with the start of its stderr.
    RuntimeError(String),
}

impl Verdict {
    pub fn is_ac(&self) -> bool {
        *self == Verdict::Accepted
    }

    /// The two or three letters judges print.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::RuntimeError(_) => "RE",
        }
    }

    /// What follows the verdict line, if anything.
    pub fn detail(&self) -> Option<&str> {
        match self {
            Verdict::WrongAnswer(d) | Verdict::RuntimeError(d) => Some(d),
            _ => None,
        }
    }
}

/// The outcome of one case.
#[derive(Clone, Debug)]
pub struct CaseResult {
    pub name: String,
    pub verdict: Verdict,
    pub wall: Duration,
    pub peak_kib: u64,
}

/// The most a solution may print on a case whose expected output is `expected` bytes long:
/// twice that (room for other spacing) and 1 MiB more. Past it the solution is stopped and
/// judged "output limit exceeded" (OLE), as judges do, so that a solution printing forever
/// costs xtask a few MiB, not gigabytes.
pub fn output_cap(expected: usize) -> u64 {
    (expected as u64).saturating_mul(2) + (1 << 20)
}

/// Runs `binary` on one case under `limits` and judges the result.
///
/// A case whose `.out` starts with `error:` expects the solution to refuse the input: a non-zero
/// exit with that line on stderr (what `dp_core::run` does with an `Err`).
pub fn judge_case(binary: &Path, case: &Case, limits: Limits) -> Result<CaseResult> {
    judge_case_with(binary, case, limits, &Files::default())
}

/// [`judge_case`] for a judge that gives the input in a file and reads the answer from one.
pub fn judge_case_with(
    binary: &Path,
    case: &Case,
    limits: Limits,
    files: &Files,
) -> Result<CaseResult> {
    let expected = std::fs::read_to_string(&case.expected)
        .with_context(|| format!("reading {}", case.expected.display()))?;
    let answered = crate::judge_files::run_case(
        binary,
        &case.input,
        limits,
        files,
        output_cap(expected.len()),
    )?;
    let run = answered.run;
    let stderr = String::from_utf8_lossy(&run.stderr);
    let expects_error = expected.trim_start().starts_with("error:");
    // A Rust program that hits RLIMIT_AS aborts with this message (or is killed on a stack
    // overflow guard, which is a runtime error).
    let out_of_memory = stderr.contains("memory allocation of")
        || limits
            .memory
            .is_some_and(|bytes| run.peak_kib.saturating_mul(1024) >= bytes);
    let verdict = match run.ending {
        Ending::TimedOut => Verdict::TimeLimit,
        Ending::OutputLimit => Verdict::OutputLimit,
        _ if run.wall > limits.time => Verdict::TimeLimit,
        Ending::Exited(0) => match &answered.answer {
            Ok(answer) => compare(&expected, &String::from_utf8_lossy(answer), &answered.from),
            Err(missing) => Verdict::WrongAnswer(missing.clone()),
        },
        _ if out_of_memory => Verdict::MemoryLimit,
        Ending::Exited(code) if expects_error && code != 0 => compare(&expected, &stderr, "stderr"),
        ending => Verdict::RuntimeError(format!(
            "{}{}",
            match ending {
                Ending::Exited(code) => format!("exit code {}", code),
                Ending::Signaled(signal) => format!("killed by signal {}", signal),
                Ending::TimedOut | Ending::OutputLimit => unreachable!("handled above"),
            },
            match first_message(&stderr) {
                Some(message) => format!(": {}", message),
                None => String::new(),
            }
        )),
    };
    Ok(CaseResult {
        name: case.name.clone(),
        verdict,
        wall: run.wall,
        peak_kib: run.peak_kib,
    })
}

/// The first message of a stderr: its first non-blank line (current rustc starts a panic's
/// output with a blank line), joined with the next one when it ends in `:` (a panic's
/// `thread 'main' panicked at src/main.rs:2:5:` is followed by its message).
pub fn first_message(stderr: &str) -> Option<String> {
    let mut lines = stderr.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next()?;
    Some(match lines.next() {
        Some(next) if first.ends_with(':') => format!("{} {}", first, next),
        _ => first.to_string(),
    })
}

fn compare(expected: &str, got: &str, stream: &str) -> Verdict {
    match first_difference(expected, got) {
        None => Verdict::Accepted,
        Some(diff) => Verdict::WrongAnswer(format!("{} ({})", diff, stream)),
    }
}

/// `None` when both texts hold the same whitespace-separated tokens; otherwise the first token
/// that differs, with its line in each text.
pub fn first_difference(expected: &str, got: &str) -> Option<String> {
    let tokens = |text: &str| -> Vec<(usize, String)> {
        text.lines()
            .enumerate()
            .flat_map(|(i, line)| {
                line.split_ascii_whitespace()
                    .map(move |t| (i + 1, t.to_string()))
            })
            .collect()
    };
    let (want, have) = (tokens(expected), tokens(got));
    let at = (0..want.len().max(have.len()))
        .find(|&i| want.get(i).map(|t| &t.1) != have.get(i).map(|t| &t.1))?;
    let show = |t: Option<&(usize, String)>| match t {
        Some((line, token)) => format!("{:?} on line {}", shorten(token), line),
        None => "end of output".to_string(),
    };
    Some(format!(
        "token {}: expected {}, got {}",
        at + 1,
        show(want.get(at)),
        show(have.get(at))
    ))
}

fn shorten(token: &str) -> String {
    if token.chars().count() <= 40 {
        token.to_string()
    } else {
        format!("{}...", token.chars().take(37).collect::<String>())
    }
}

/// Judges every case in order, printing a line per case as it finishes, then the summary.
pub fn judge_all(
    binary: &Path,
    cases: &[Case],
    limits: Limits,
    out: &mut dyn Write,
) -> Result<Vec<CaseResult>> {
    judge_all_with(binary, cases, limits, &Files::default(), out)
}

/// [`judge_all`] with the judge's files.
pub fn judge_all_with(
    binary: &Path,
    cases: &[Case],
    limits: Limits,
    files: &Files,
    out: &mut dyn Write,
) -> Result<Vec<CaseResult>> {
    let width = cases.iter().map(|c| c.name.len()).max().unwrap_or(0);
    let mut results = Vec::new();
    for case in cases {
        let result = judge_case_with(binary, case, limits, files)?;
        writeln!(
            out,
            "{:<3}  {:<width$}  {:>9}  {:>10}",
            result.verdict.code(),
            result.name,
            process::show_time(result.wall),
            process::show_kib(result.peak_kib),
            width = width
        )?;
        if let Some(detail) = result.verdict.detail() {
            writeln!(out, "     {}", detail)?;
        }
        out.flush()?;
        results.push(result);
    }
    writeln!(out, "{}", summary(&results, limits))?;
    Ok(results)
}

/// One line: the count of each verdict, the limits, the slowest case and the most memory.
pub fn summary(results: &[CaseResult], limits: Limits) -> String {
    let mut counts = Vec::new();
    for code in ["AC", "WA", "TLE", "MLE", "OLE", "RE"] {
        let n = results.iter().filter(|r| r.verdict.code() == code).count();
        if n > 0 {
            counts.push(format!("{} {}", n, code));
        }
    }
    let mut line = format!(
        "{} case{}: {}; limits {} ms, {}",
        results.len(),
        if results.len() == 1 { "" } else { "s" },
        counts.join(", "),
        limits.time.as_millis(),
        match limits.memory {
            Some(bytes) => format!("{} MiB", bytes >> 20),
            None => "no memory limit".to_string(),
        }
    );
    if let Some(slowest) = results.iter().max_by_key(|r| r.wall) {
        line.push_str(&format!(
            "; slowest {} ({})",
            process::show_time(slowest.wall),
            slowest.name
        ));
    }
    if let Some(biggest) = results.iter().max_by_key(|r| r.peak_kib) {
        line.push_str(&format!(
            "; most memory {} ({})",
            process::show_kib(biggest.peak_kib),
            biggest.name
        ));
    }
    line
}

#[cfg(test)]
mod tests;
