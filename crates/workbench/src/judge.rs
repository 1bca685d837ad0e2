//! `cargo xtask judge <crate> [--bundled]`: run the solution on every sample as a judge would,
//! under the problem's time and memory limits, and print a verdict per case (AC, WA, TLE, MLE,
//! RE, OLE) with its wall time and peak memory, then a summary. Fails unless every case is AC.
//!
//! Limits come from `[package.metadata.judge]` in the crate's `Cargo.toml` (`time-limit-ms`,
//! `memory-limit-mib`), defaulting to the statements' 1 s and 256 MiB; so do the files of a
//! judge that names them (`input-file`, `output-file`: see [`crate::judge_files`]).

use crate::judge_files::Files;
use crate::process::{self, Ending, Limits};
use bundler::cli::Args;
use context_error::{bail, Context, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;
use workspace_layout::{self as workspace, JudgeTable, ProblemCrate};

pub const USAGE: &str = "\
cargo xtask judge <crate> [--bundled] [--time-limit-ms N] [--memory-limit-mib N] [--samples DIR]

Runs the release binary (with --bundled: the bundle compiled by `rustc -O --edition 2021`, as
judges do) on every samples/<crate>/*.in and prints a verdict per case (AC, WA, TLE, MLE, RE,
and OLE: output limit exceeded, printing past twice the .out and 1 MiB more), its wall time
and peak memory, then a summary; the exit code is 1 unless every case is AC.
  --bundled               judge the bundle instead of the release binary
  --time-limit-ms N       wall time limit (default: [package.metadata.judge] time-limit-ms, 1000)
  --memory-limit-mib N    address space limit (default: memory-limit-mib, 256)
  --samples DIR           the cases' folder (default samples/<crate>/)
A .out starting with `error:` expects the solution to refuse the input with that line.
";

/// Time limit when the crate names none: the statements' 1 s.
pub const DEFAULT_TIME_MS: u64 = workspace::DEFAULT_TIME_LIMIT_MS;
/// Memory limit when the crate names none: the statements' 256 MiB.
pub const DEFAULT_MEMORY_MIB: u64 = workspace::DEFAULT_MEMORY_LIMIT_MIB;

pub fn run(args: Vec<String>) -> Result<()> {
    let mut args = Args::new(args);
    let bundled = args.flag("--bundled");
    let time_ms = args.parsed::<u64>("--time-limit-ms")?;
    let memory_mib = args.parsed::<u64>("--memory-limit-mib")?;
    let samples = args.value("--samples")?;
    let names = args.finish()?;
    let name = match names.as_slice() {
        [name] => name,
        _ => bail!("usage: {}", USAGE.lines().next().unwrap_or_default()),
    };
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

/// `cargo build --release` of the crate's binary; returns its path.
pub fn build_release(root: &Path, name: &str) -> Result<PathBuf> {
    let out = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args([
            "build",
            "--release",
            "--message-format",
            "json-render-diagnostics",
        ])
        .args(["-p", name, "--bin", name])
        .current_dir(root)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo build")?;
    if !out.status.success() {
        bail!("cargo build --release -p {} failed", name);
    }
    // The JSON messages name the executable, wherever the target folder is.
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] == "compiler-artifact" && message["target"]["name"] == name {
            if let Some(exe) = message["executable"].as_str() {
                return Ok(PathBuf::from(exe));
            }
        }
    }
    bail!("cargo build named no executable for {}", name)
}

/// Assembles the crate's bundle (the text `cargo xtask bundle` writes, without its checks, so a
/// wrong bundle still gets its verdicts), writes it to `target/judge/<crate>.rs` and compiles it
/// as a judge does; returns the binary.
pub fn build_bundled(root: &Path, name: &str) -> Result<PathBuf> {
    let assembled = bundler::assemble(root, name)?;
    let dir = root.join("target").join("judge");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let source = dir.join(format!("{}.rs", name));
    let binary = dir.join(name);
    workspace::write_atomically(&source, &assembled.text)?;
    compile_judge_style(Path::new("rustc"), root, &source, &binary)?;
    Ok(binary)
}

/// `rustc --edition 2021 -O -o <binary> <source>`, the way judges compile a submission.
///
/// rustc works in a folder of its own (its object files are named after the crate, so two
/// compilations in one folder would clash), and the binary is renamed into place: a judge
/// running at the same time never sees a half-written file.
pub fn compile_judge_style(rustc: &Path, root: &Path, source: &Path, binary: &Path) -> Result<()> {
    let dir = binary.parent().unwrap_or(root);
    let work = dir.join(format!(".rustc-{}-{}", std::process::id(), unique()));
    std::fs::create_dir_all(&work).with_context(|| format!("creating {}", work.display()))?;
    let built = work.join("solution");
    let args: Vec<std::ffi::OsString> = ["--edition", "2021", "-O", "--crate-name", "solution"]
        .map(Into::into)
        .to_vec();
    let result = match bundler::compile_cache::rustc(rustc, &args, source, &[], &built) {
        Ok(Ok(_)) => std::fs::rename(&built, binary)
            .with_context(|| format!("renaming to {}", binary.display())),
        Ok(Err(diagnostics)) => Err(match full_disk(&diagnostics, dir) {
            Some(full) => {
                context_error::err!("{}; rustc could not build {}", full, source.display())
            }
            None => context_error::err!("rustc -O rejected {}:\n{}", source.display(), diagnostics),
        }),
        Err(err) => Err(err),
    };
    std::fs::remove_dir_all(&work).ok();
    result
}

/// Less free space than this where a binary is linked is a full disk: a bundle's binary and
/// its objects take 2 to 12 MB.
const LOW_SPACE: u64 = 64 << 20;

/// When a compiler's failure is a full disk, what to tell the user instead of the linker's
/// crash: the disk, its free space, and the line that said so. A failure says "No space left
/// on device", or (lld, writing through a mapping) the linker dies of a bus error while the
/// disk is nearly full.
pub fn full_disk(diagnostics: &str, dir: &Path) -> Option<String> {
    let explicit = diagnostics
        .lines()
        .find(|l| l.contains("No space left on device") || l.contains("os error 28"));
    let temp = std::env::temp_dir();
    let mut places = vec![dir.to_path_buf()];
    // The linker writes its temporary files there: named too when it is the full one.
    if free_bytes(&temp).is_some_and(|free| free < LOW_SPACE)
        && free_bytes(&temp) != free_bytes(dir)
    {
        places.push(temp);
    }
    let low = places
        .iter()
        .any(|place| free_bytes(place).is_some_and(|free| free < LOW_SPACE));
    // A rejection of the code itself (an error with a code, E0308...) is not the disk's.
    let linking = !diagnostics.contains("error[E");
    let said = match explicit {
        Some(line) => line,
        None if low && linking => diagnostics
            .lines()
            .find(|l| l.contains("fatal error") || l.contains("signal"))
            .or_else(|| diagnostics.lines().find(|l| l.starts_with("error")))
            .unwrap_or("nothing"),
        None => return None,
    };
    let places: Vec<String> = places
        .iter()
        .map(|place| match free_bytes(place) {
            Some(free) => format!("{} ({} KiB free)", place.display(), free >> 10),
            None => place.display().to_string(),
        })
        .collect();
    Some(format!(
        "the disk is full: no space left on the device of {}; free some space and run again \
         (the compiler said: {})",
        places.join(" or "),
        said.trim()
    ))
}

/// The bytes free to a user on the file system of `path`.
fn free_bytes(path: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: a zeroed statvfs is a valid out-parameter, and `name` is a C string.
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(name.as_ptr(), &mut stats) } != 0 {
        return None;
    }
    Some((stats.f_bavail as u64).saturating_mul(stats.f_frsize as u64))
}

/// `<rustc> --version` shortened to e.g. `rustc 1.63.0`.
pub fn rustc_version(rustc: &Path) -> Result<String> {
    let out = Command::new(rustc)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {} --version", rustc.display()))?;
    if !out.status.success() {
        context_error::bail!("{} --version failed", rustc.display());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(text
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" "))
}

/// A number not returned before in this process.
fn unique() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
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
mod tests {
    use super::*;
    use crate::process::{TempDir, TinyDisk};
    use std::sync::OnceLock;

    const CRATE: &str = "p4363-staircase-chess";

    /// The bundled p4363 solution, compiled once for all tests of this module.
    fn binary() -> &'static Path {
        static BINARY: OnceLock<PathBuf> = OnceLock::new();
        BINARY.get_or_init(|| build_bundled(&workspace::root(), CRATE).unwrap())
    }

    fn case(dir: &Path, name: &str, input: &str, expected: &str) -> Case {
        let case = Case {
            name: name.to_string(),
            input: dir.join(format!("{}.in", name)),
            expected: dir.join(format!("{}.out", name)),
        };
        std::fs::write(&case.input, input).unwrap();
        std::fs::write(&case.expected, expected).unwrap();
        case
    }

    /// A 14 x 14 board: 40 million shapes, hundreds of milliseconds even when optimised.
    fn big_board() -> String {
        let row = vec!["7"; 14].join(" ");
        let mut text = "14 14\n".to_string();
        for _ in 0..28 {
            text.push_str(&row);
            text.push('\n');
        }
        text
    }

    #[test]
    fn reads_limits_from_the_manifest_with_defaults() {
        let limits = limits_from_manifest("[package]\nname = \"x\"\n").unwrap();
        assert_eq!(limits.time, Duration::from_millis(1000));
        assert_eq!(limits.memory, Some(256 << 20));
        let limits = limits_from_manifest(
            "[package]\nname = \"x\"\n[package.metadata.judge]\ntime-limit-ms = 2500\nmemory-limit-mib = 512\n",
        )
        .unwrap();
        assert_eq!(limits.time, Duration::from_millis(2500));
        assert_eq!(limits.memory, Some(512 << 20));
        assert!(
            limits_from_manifest("[package.metadata.judge]\ntime-limit-ms = \"1s\"\n").is_err()
        );
        // Every problem crate of the workspace has readable limits.
        let root = workspace::root();
        for problem in workspace::problem_crates(&root).unwrap() {
            problem.judge().unwrap();
        }
    }

    #[test]
    fn a_panic_shows_its_message_not_the_blank_line_before_it() {
        let stderr = "\nthread 'main' panicked at src/main.rs:2:5:\nindex out of bounds\nnote: run with `RUST_BACKTRACE=1`\n";
        assert_eq!(
            first_message(stderr).unwrap(),
            "thread 'main' panicked at src/main.rs:2:5: index out of bounds"
        );
        assert_eq!(first_message("error: token 3\n").unwrap(), "error: token 3");
        assert_eq!(first_message("\n \n"), None);
    }

    #[test]
    fn a_panicking_solution_is_re_with_its_message() {
        let dir = TempDir::new("judge-panic");
        let source = dir.0.join("panics.rs");
        std::fs::write(&source, "fn main() { let v: Vec<u8> = Vec::new(); let i = v.len() + 3; println!(\"{}\", v[i]); }\n").unwrap();
        let binary = dir.0.join("panics");
        compile_judge_style(Path::new("rustc"), &dir.0, &source, &binary).unwrap();
        let cases = [case(&dir.0, "any", "1\n", "1\n")];
        let result = judge_case(
            &binary,
            &cases[0],
            problem_limits(&workspace::root(), CRATE).unwrap(),
        )
        .unwrap();
        let Verdict::RuntimeError(detail) = &result.verdict else {
            panic!("{:?}", result.verdict)
        };
        assert!(
            detail.starts_with("exit code 101: thread 'main'")
                && detail.contains("panicked at")
                && detail.contains("index out of bounds: the len is 0 but the index is 3"),
            "{}",
            detail
        );
    }

    /// A compiler whose linker crashes on a full disk, as rustc's does.
    fn full_disk_compiler(dir: &Path) -> PathBuf {
        let fake = dir.join("fake-rustc");
        std::fs::write(
            &fake,
            "#!/bin/sh\n\
             if [ \"$1\" = -vV ]; then echo 'rustc 0.0.0-full-disk'; exit 0; fi\n\
             echo 'error: linking with `cc` failed: exit status: 1' >&2\n\
             echo '  = note: /usr/bin/ld: final link failed: No space left on device' >&2\n\
             echo '          collect2: error: ld returned 1 exit status' >&2\n\
             exit 1\n",
        )
        .unwrap();
        let mut perms = std::fs::metadata(&fake).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&fake, perms).unwrap();
        fake
    }

    #[test]
    fn a_full_disk_is_named_not_shown_as_a_linker_crash() {
        let dir = TempDir::new("judge-full-disk");
        let source = dir.0.join("main.rs");
        std::fs::write(&source, "fn main() {}\n").unwrap();
        let fake = full_disk_compiler(&dir.0);
        let err = compile_judge_style(&fake, &dir.0, &source, &dir.0.join("main"))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("the disk is full: no space left on the device of ")
                && err.contains(&format!("{} (", dir.0.display()))
                && err.contains("KiB free)")
                && err.contains("final link failed: No space left on device")
                && !err.contains("collect2"),
            "{}",
            err
        );
        assert!(!dir.0.join("main").exists());
        // A real one, on a disk of 1 MiB (as root, as on CI): rustc's objects do not fit.
        let Some(disk) = TinyDisk::mount("1m") else {
            return;
        };
        let source = disk.point.join("main.rs");
        // A text no other test compiles: no cache entry to copy from.
        let text = format!("fn main() {{ println!(\"{}\"); }}\n", disk.point.display());
        std::fs::write(&source, text).unwrap();
        let err = compile_judge_style(
            Path::new("rustc"),
            &disk.point,
            &source,
            &disk.point.join("main"),
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.starts_with("the disk is full: no space left on the device of ")
                && err.contains(&disk.point.display().to_string()),
            "{}",
            err
        );
    }

    /// `cp /bin/true target/judge/<crate>` wrote through a hard link into the compile cache,
    /// and every later `judge --bundled` said WA. Now any write to the judged binary is undone
    /// by the next build, whose verdict stays AC.
    #[test]
    fn a_write_over_the_judged_binary_does_not_change_the_next_verdict() {
        let root = workspace::root();
        let dir = TempDir::new("judge-tamper");
        let source = dir.0.join(format!("{}.rs", CRATE));
        std::fs::write(&source, bundler::assemble(&root, CRATE).unwrap().text).unwrap();
        let binary = dir.0.join(CRATE);
        let cases = cases_in(&workspace::ProblemCrate::new(&root, CRATE).samples_dir()).unwrap();
        let limits = problem_limits(&root, CRATE).unwrap();
        let true_binary = std::fs::read("/bin/true").unwrap();
        for tamper in ["write over", "truncate", "replace"] {
            compile_judge_style(Path::new("rustc"), &root, &source, &binary).unwrap();
            match tamper {
                // As `cp` does: the same file, new bytes.
                "write over" => std::fs::write(&binary, &true_binary).unwrap(),
                "truncate" => std::fs::File::options()
                    .write(true)
                    .open(&binary)
                    .unwrap()
                    .set_len(0)
                    .unwrap(),
                _ => {
                    std::fs::remove_file(&binary).unwrap();
                    std::fs::write(&binary, &true_binary).unwrap();
                }
            }
            compile_judge_style(Path::new("rustc"), &root, &source, &binary).unwrap();
            let results = judge_all(&binary, &cases, limits, &mut Vec::new()).unwrap();
            assert!(
                results.iter().all(|r| r.verdict.is_ac()),
                "after {}: {:?}",
                tamper,
                results
            );
        }
    }

    #[test]
    fn first_difference_names_token_and_lines() {
        assert_eq!(first_difference("1 2\n3\n", "1\n2 3"), None);
        let diff = first_difference("1 2\n3\n", "1 2\n\n4\n").unwrap();
        assert_eq!(
            diff,
            "token 3: expected \"3\" on line 2, got \"4\" on line 3"
        );
        let diff = first_difference("1 2", "1").unwrap();
        assert_eq!(diff, "token 2: expected \"2\" on line 1, got end of output");
    }

    #[test]
    fn wrong_out_file_is_wa_with_the_differing_token() {
        let dir = TempDir::new("judge-wa");
        // The statement's sample: Black - White = 2; the .out of `wrong` says 3.
        let input = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";
        let cases = vec![
            case(&dir.0, "right", input, "2\n"),
            case(&dir.0, "wrong", input, "3\n"),
            case(
                &dir.0,
                "refused",
                "0 3\n",
                "error: this is not what the solver says\n",
            ),
        ];
        let mut out = Vec::new();
        let results = judge_all(
            binary(),
            &cases,
            problem_limits(&workspace::root(), CRATE).unwrap(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(results[0].verdict, Verdict::Accepted, "{}", text);
        assert_eq!(
            results[1].verdict,
            Verdict::WrongAnswer(
                "token 1: expected \"3\" on line 1, got \"2\" on line 1 (stdout)".to_string()
            ),
            "{}",
            text
        );
        // The solver refuses n = 0 as expected, but with another message.
        assert_eq!(results[2].verdict.code(), "WA", "{}", text);
        assert!(
            text.lines().any(|l| l.starts_with("WA   wrong")),
            "{}",
            text
        );
        assert!(text.contains("3 cases: 1 AC, 2 WA"), "{}", text);
    }

    #[test]
    fn slow_case_is_killed_as_tle() {
        let dir = TempDir::new("judge-tle");
        let cases = [case(&dir.0, "big", &big_board(), "0\n")];
        let limits = Limits {
            time: Duration::from_millis(20),
            memory: Some(256 << 20),
        };
        let result = judge_case(binary(), &cases[0], limits).unwrap();
        assert_eq!(result.verdict, Verdict::TimeLimit);
        // Killed near the limit, not left to finish.
        assert!(
            result.wall < Duration::from_millis(2000),
            "{:?}",
            result.wall
        );
    }

    /// The child's side of the test below: judges an endless writer and prints its verdict.
    const ENDLESS_CHILD: &str = "GAMEDP_TEST_ENDLESS_WRITER";

    /// A solution that prints forever (`yes`) is stopped as OLE, and judge itself stays far
    /// below 128 MB: measured on a child test process by GNU time, since this process runs
    /// other tests at the same time. Keeping all it printed took 288 to 875 MB in a 1 s limit.
    #[test]
    fn an_endless_writer_is_ole_and_judge_stays_small() {
        if let Some(dir) = std::env::var_os(ENDLESS_CHILD) {
            let dir = PathBuf::from(dir);
            let script = dir.join("endless.sh");
            std::fs::write(&script, "#!/bin/sh\nexec yes 2\n").unwrap();
            let mut perms = std::fs::metadata(&script).unwrap().permissions();
            std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
            std::fs::set_permissions(&script, perms).unwrap();
            let case = case(&dir, "endless", "1\n", "2\n");
            let limits = Limits {
                time: Duration::from_secs(1),
                memory: Some(256 << 20),
            };
            let result = judge_case(&script, &case, limits).unwrap();
            println!("verdict {}", result.verdict.code());
            return;
        }
        let gnu_time = Path::new("/usr/bin/time");
        assert!(
            gnu_time.is_file(),
            "GNU time is part of Debian (apt-get install time)"
        );
        let dir = TempDir::new("judge-endless");
        let out = Command::new(gnu_time)
            .args(["-f", "peak %M KiB"])
            .arg(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "judge::tests::an_endless_writer_is_ole_and_judge_stays_small",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(ENDLESS_CHILD, &dir.0)
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(out.status.success(), "{}{}", stdout, stderr);
        assert!(stdout.contains("verdict OLE"), "{}", stdout);
        let peak_kib: u64 = stderr
            .lines()
            .find_map(|l| l.strip_prefix("peak ")?.strip_suffix(" KiB")?.parse().ok())
            .unwrap_or_else(|| panic!("no peak in {}", stderr));
        eprintln!("judge on an endless writer: peak {} KiB", peak_kib);
        assert!(peak_kib < 128 << 10, "judge's peak {} KiB", peak_kib);
    }

    #[test]
    fn memory_limit_is_mle() {
        let dir = TempDir::new("judge-mle");
        let cases = [case(&dir.0, "big", &big_board(), "0\n")];
        // 40 million 4-byte shapes need 160 MB; give it 32 MiB of address space.
        let limits = Limits {
            time: Duration::from_secs(20),
            memory: Some(32 << 20),
        };
        let result = judge_case(binary(), &cases[0], limits).unwrap();
        assert_eq!(result.verdict, Verdict::MemoryLimit);
    }

    /// Fuzzing found that a 70 MB token aborted every solution under a 256 MiB limit (exit 134:
    /// the error message copied the token). Every problem's bundle, compiled as a judge does,
    /// must refuse it with one short line on stderr and exit code 1 under a 256 MiB limit.
    #[test]
    fn every_bundle_refuses_a_70_mb_token_in_one_short_line() {
        let root = workspace::root();
        let dir = TempDir::new("judge-long-token");
        let input = dir.0.join("long-token.in");
        std::fs::write(&input, vec![b'1'; 70_000_000]).unwrap();
        let names: Vec<String> = workspace::problem_crates(&root)
            .unwrap()
            .iter()
            .map(|problem| problem.name().to_string())
            .collect();
        // Compile on both cores at once; p4363's bundle is shared with the other tests.
        let binaries: Vec<PathBuf> = std::thread::scope(|scope| {
            let builds: Vec<_> = names
                .iter()
                .map(|name| {
                    let root = &root;
                    scope.spawn(move || match name.as_str() {
                        CRATE => binary().to_path_buf(),
                        _ => build_bundled(root, name).unwrap(),
                    })
                })
                .collect();
            builds.into_iter().map(|b| b.join().unwrap()).collect()
        });
        for (name, binary) in names.iter().zip(&binaries) {
            let mut limits = problem_limits(&root, name).unwrap();
            limits.time = limits.time.max(Duration::from_secs(10));
            // The fuzzed limit, whatever the crate's own (a 10 MiB judge cannot even hold the
            // input; a 1 GiB one would hide a copied token).
            limits.memory = Some(256 << 20);
            // As its judge gives the input: on stdin, or in the file it names.
            let files = crate::judge_files::problem_files(&root, name).unwrap();
            let run = crate::judge_files::run_case(binary, &input, limits, &files, 1 << 20)
                .unwrap()
                .run;
            let stderr = String::from_utf8_lossy(&run.stderr);
            assert_eq!(run.ending, Ending::Exited(1), "{}: {:.300}", name, stderr);
            assert!(run.stdout.is_empty(), "{}", name);
            assert!(
                stderr.starts_with("error: token 1 (line 1): ")
                    // A message that shows the token shows its length instead of all of it.
                    && (!stderr.contains("found") || stderr.ends_with("(70000000 bytes)\n"))
                    && stderr.lines().count() == 1
                    && stderr.len() < 200,
                "{}: {:.300}",
                name,
                stderr
            );
        }
    }

    #[test]
    fn every_sample_of_the_model_crate_is_accepted() {
        let root = workspace::root();
        let cases = cases_in(&workspace::ProblemCrate::new(&root, CRATE).samples_dir()).unwrap();
        let mut out = Vec::new();
        let limits = problem_limits(&root, CRATE).unwrap();
        let results = judge_all(binary(), &cases, limits, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(results.len(), cases.len());
        assert!(results.iter().all(|r| r.verdict.is_ac()), "{}", text);
        assert_eq!(text.lines().count(), cases.len() + 1, "{}", text);
    }

    #[test]
    fn a_fifo_among_the_samples_is_refused_not_waited_on() {
        let dir = TempDir::new("judge-fifo");
        std::fs::write(dir.0.join("a.in"), "1\n").unwrap();
        std::fs::write(dir.0.join("a.out"), "1\n").unwrap();
        let fifo = dir.0.join("b.in");
        let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
        assert!(made.success());
        std::fs::write(dir.0.join("b.out"), "1\n").unwrap();
        let err = cases_in(&dir.0).unwrap_err().to_string();
        assert!(err.contains("b.in: not a regular file"), "{}", err);
    }

    #[test]
    fn limits_past_what_cargo_reads_are_refused() {
        for manifest in [
            "[package.metadata.judge]\ntime-limit-ms = 9223372036854775807\n",
            "[package.metadata.judge]\nmemory-limit-mib = 9223372036854775807\n",
            "[package.metadata.judge]\nmemory-limit-mib = 0\n",
        ] {
            let err = limits_from_manifest(manifest).unwrap_err();
            assert!(format!("{:#}", err).contains("metadata.judge"), "{:#}", err);
        }
    }
}
