//! Stage 7, verify: proof that a bundle works where it will be judged: compile it with each
//! judge's `rustc` and edition (in parallel, as many at a time as there are cores), run the
//! binary on every sample and compare tokens with the expected output. Diagnostics point at
//! the kept `.rs.failed` file and at the source line each came from; one shared by several
//! compilers is shown once with their names; a name the pruner dropped and rustc then misses
//! is reported as the bundler's fault.

use super::print::{origin, origin_file, LineMap};
use context_error::{bail, err, Context, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long one sample may run before it counts as hanging.
const SAMPLE_TIMEOUT: Duration = Duration::from_secs(10);

/// One compiler configuration a bundle must pass.
#[derive(Clone, Debug)]
pub struct Compiler {
    pub rustc: PathBuf,
    pub edition: String,
    /// `-D warnings` (`--deny-warnings`).
    pub deny_warnings: bool,
    /// `--extern name=rlib` for crates the judge provides (from cargo's build).
    pub externs: Vec<(String, PathBuf)>,
}

impl Compiler {
    /// `rustc --version`, shortened to e.g. `rustc 1.63.0`; `None` when it cannot run.
    pub fn version(&self) -> Option<String> {
        let out = Command::new(&self.rustc).arg("--version").output().ok()?;
        if !out.status.success() {
            return None;
        }
        let text = String::from_utf8_lossy(&out.stdout);
        Some(
            text.split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" "),
        )
    }

    /// Compiles `source` into a binary in `dir` named `exe`.
    #[cfg(test)]
    pub fn compile(&self, source: &Path, dir: &Path, exe: &str) -> Result<PathBuf> {
        match self.try_compile(source, dir, exe)? {
            Ok((binary, _)) => Ok(binary),
            Err(diagnostics) => bail!(
                "{} --edition {} rejected the bundle:\n{}",
                self.rustc.display(),
                self.edition,
                shorten(&diagnostics, 60)
            ),
        }
    }

    /// Compiles `source`: the binary and the warnings, or the diagnostics of a rejection.
    fn try_compile(
        &self,
        source: &Path,
        dir: &Path,
        exe: &str,
    ) -> Result<std::result::Result<(PathBuf, String), String>> {
        let _slot = Slot::take();
        let mut args: Vec<std::ffi::OsString> = vec![
            "--edition".into(),
            self.edition.clone().into(),
            "-O".into(),
            "--crate-name".into(),
            "bundle".into(),
        ];
        if self.deny_warnings {
            args.extend(["-D".into(), "warnings".into()]);
        }
        for (name, rlib) in &self.externs {
            args.push("--extern".into());
            args.push(format!("{}={}", name, rlib.display()).into());
            if let Some(deps) = rlib.parent() {
                args.push("-L".into());
                args.push(format!("dependency={}", deps.display()).into());
            }
        }
        let binary = dir.join(exe);
        Ok(
            crate::compile_cache::rustc(&self.rustc, &args, source, &[], &binary)?
                .map(|warnings| (binary, warnings)),
        )
    }
}

/// Compilations and sample runs at a time: one per core (they are single-threaded mostly).
struct Slot;

fn slots() -> &'static (Mutex<usize>, Condvar) {
    static SLOTS: OnceLock<(Mutex<usize>, Condvar)> = OnceLock::new();
    SLOTS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        (Mutex::new(cores), Condvar::new())
    })
}

impl Slot {
    fn take() -> Slot {
        let (free, freed) = slots();
        let mut n = free.lock().unwrap_or_else(|e| e.into_inner());
        while *n == 0 {
            n = freed.wait(n).unwrap_or_else(|e| e.into_inner());
        }
        *n -= 1;
        Slot
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let (free, freed) = slots();
        *free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        freed.notify_one();
    }
}

/// The first `max_lines` lines of `text`, noting how many were cut.
fn shorten(text: &str, max_lines: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= max_lines {
        return text.trim_end().to_string();
    }
    format!(
        "{}\n... ({} more lines)",
        lines[..max_lines].join("\n"),
        lines.len() - max_lines
    )
}

/// A sample case: its name, input file and expected output file.
pub type Case = (String, PathBuf, PathBuf);

/// Runs `binary` on every case; fails on the first case that errs, hangs or answers wrongly.
///
/// A case whose `.out` starts with `error:` expects the solution to refuse the input: exit code
/// 1 and that line on stderr (what `dp_core::run` does with an `Err`).
pub fn run_samples(binary: &Path, cases: &[Case], scratch: &Path) -> Result<()> {
    run_samples_with(binary, cases, scratch, &JudgeFiles::default())
}

/// [`run_samples`] for a judge that names files.
pub fn run_samples_with(
    binary: &Path,
    cases: &[Case],
    scratch: &Path,
    files: &JudgeFiles,
) -> Result<()> {
    for (name, input, expected) in cases {
        let what = format!("sample {}", name);
        if let Some(difference) = case_difference(binary, input, expected, scratch, files, &what)? {
            bail!("{}: {}", what, difference);
        }
    }
    Ok(())
}

/// Runs `binary` on `input` and compares with the answer file `expected`: how it differs
/// ([`answer_difference`]), or `None`. `what` names the case in errors of the run itself.
fn case_difference(
    binary: &Path,
    input: &Path,
    expected: &Path,
    scratch: &Path,
    files: &JudgeFiles,
    what: &str,
) -> Result<Option<String>> {
    let answer = std::fs::read_to_string(expected)
        .with_context(|| format!("reading {}", expected.display()))?;
    let run = run_binary_with(binary, input, scratch, files).with_context(|| what.to_string())?;
    Ok(answer_difference(&answer, run))
}

/// How `run` fails the answer `expected` (a sample's `.out`: the output, or the `error:` line a
/// refusing solution exits with), or `None` when it gives that answer.
fn answer_difference(expected: &str, run: Run) -> Option<String> {
    let got = match run {
        Run {
            success: true,
            stdout,
            ..
        } => stdout,
        Run { stderr, .. } if expected.trim_start().starts_with("error:") => stderr,
        Run { status, stderr, .. } => {
            return Some(format!(
                "exited with {}: {}",
                status,
                shorten(stderr.trim(), 5)
            ))
        }
    };
    first_difference(expected, &got).map(|diff| format!("wrong answer\n{}", diff))
}

/// How a run of a solution ended.
pub struct Run {
    pub success: bool,
    pub status: String,
    pub stdout: String,
    pub stderr: String,
}

/// The files a judge gives the input in and reads the answer from (`[package.metadata.judge]`
/// `input-file`, `output-file`); `None`: stdin, stdout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JudgeFiles {
    pub input: Option<String>,
    pub output: Option<String>,
}

/// [`run_binary`] as a judge that names files runs it: in a folder of its own holding `input`
/// under `files.input` (stdin empty), the answer read from `files.output`.
pub fn run_binary_with(
    binary: &Path,
    input: &Path,
    scratch: &Path,
    files: &JudgeFiles,
) -> Result<Run> {
    if files.input.is_none() && files.output.is_none() {
        return run_binary(binary, input, scratch);
    }
    let plain = |file: &String| !file.is_empty() && !file.contains(['/', '\\']) && file != "..";
    if let Some(file) = files.input.iter().chain(&files.output).find(|f| !plain(f)) {
        bail!(
            "[package.metadata.judge] names {:?}, not a plain file name",
            file
        );
    }
    let binary = std::fs::canonicalize(binary)?;
    let dir = scratch.join(format!(
        "{}.files",
        binary.file_name().unwrap_or_default().to_string_lossy()
    ));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let stdin = match &files.input {
        Some(file) => {
            std::fs::copy(input, dir.join(file))
                .with_context(|| format!("copying {} for the run", input.display()))?;
            PathBuf::from("/dev/null")
        }
        None => input.to_path_buf(),
    };
    let mut run = run_binary_in(&binary, &stdin, scratch, Some(&dir));
    if let (Ok(run), Some(file)) = (&mut run, &files.output) {
        run.stdout = match std::fs::read(dir.join(file)) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|_| err!("{} is not UTF-8", file))?,
            Err(_) if !run.success => String::new(),
            Err(err) => bail!("the solution wrote no {} ({})", file, err),
        };
    }
    std::fs::remove_dir_all(&dir).ok();
    run
}

/// Runs `binary` with `input` as stdin, with a time limit.
pub fn run_binary(binary: &Path, input: &Path, scratch: &Path) -> Result<Run> {
    run_binary_in(binary, input, scratch, None)
}

fn run_binary_in(binary: &Path, input: &Path, scratch: &Path, dir: Option<&Path>) -> Result<Run> {
    // Named after the binary: the compilers' checks run in parallel in one scratch folder.
    let stdout_path = scratch.join(format!(
        "{}.stdout",
        binary.file_name().unwrap_or_default().to_string_lossy()
    ));
    let stdin =
        std::fs::File::open(input).with_context(|| format!("opening {}", input.display()))?;
    let stdout = std::fs::File::create(&stdout_path)?;
    let mut command = Command::new(binary);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    command.stdin(stdin).stdout(stdout).stderr(Stdio::piped());
    let mut child = crate::compile_cache::spawn_program(&mut command)
        .with_context(|| format!("running {}", binary.display()))?;
    let start = Instant::now();
    // Polled often: most runs (hundreds of generated inputs) end within a few milliseconds, and
    // the time between a child's end and the poll that sees it is a core left idle.
    let mut pause = Duration::from_micros(50);
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if start.elapsed() > SAMPLE_TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            bail!("no answer within {:?}", SAMPLE_TIMEOUT);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_micros(400));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        std::io::Read::read_to_string(&mut pipe, &mut stderr).ok();
    }
    let got = std::fs::read(&stdout_path)?;
    std::fs::remove_file(&stdout_path).ok();
    Ok(Run {
        success: status.success(),
        status: status.to_string(),
        stdout: String::from_utf8(got).map_err(|_| err!("the output is not UTF-8"))?,
        stderr,
    })
}

/// `None` when both texts hold the same whitespace-separated tokens; otherwise where they first
/// differ, with the line of that token in each text.
pub fn first_difference(expected: &str, got: &str) -> Option<String> {
    let tokens = |text: &str| -> Vec<(usize, String)> {
        text.lines()
            .enumerate()
            .flat_map(|(i, line)| line.split_whitespace().map(move |t| (i + 1, t.to_string())))
            .collect()
    };
    let (want, have) = (tokens(expected), tokens(got));
    let at = (0..want.len().max(have.len()))
        .find(|&i| want.get(i).map(|t| &t.1) != have.get(i).map(|t| &t.1))?;
    let show = |t: Option<&(usize, String)>| match t {
        Some((line, token)) => format!("{:?} (line {})", token, line),
        None => "end of output".to_string(),
    };
    Some(format!(
        "  token {} differs\n  expected: {}\n  got:      {}",
        at + 1,
        show(want.get(at)),
        show(have.get(at))
    ))
}

/// What is checked, and what is needed to explain a failure.
pub struct Subject<'a> {
    pub name: &'a str,
    pub text: &'a str,
    pub cases: &'a [Case],
    /// The binary's edition: a rejection on another edition does not fail the bundle.
    pub edition: &'a str,
    pub map: &'a LineMap,
    pub root: &'a Path,
    /// Where a rejected text is kept, as diagnostics name it.
    pub failed_copy: &'a Path,
    /// Names the pruner removed, with where they were defined.
    pub dropped: &'a BTreeMap<String, String>,
    /// The bundled libraries that are not the user's code (not workspace members).
    pub libraries: &'a [Library],
    /// Where the compilers' list is set, for the hint of a compiler that refuses a library.
    pub compilers_setting: &'a str,
    /// The files the judge names for the input and the answer.
    pub files: &'a JudgeFiles,
}

/// A library of the bundle from outside the workspace: its files are under `dir`.
#[derive(Clone, Debug)]
pub struct Library {
    pub dir: PathBuf,
    /// `proconio 0.4.5`.
    pub label: String,
    pub package: String,
    /// The oldest rustc its manifest says it supports.
    pub rust_version: Option<String>,
}

/// `1.63.0` of a compiler label `rustc 1.63.0 (2021)`, as numbers.
pub(super) fn version_of(label: &str) -> Option<Vec<u64>> {
    let version = label.split_whitespace().nth(1)?;
    let numbers: Option<Vec<u64>> = version
        .split(['.', '-'])
        .take(3)
        .map(|n| n.parse().ok())
        .collect();
    numbers.filter(|n| n.len() == 3)
}

/// `2021` of `rustc 1.63.0 (2021)`.
fn edition_of(label: &str) -> &str {
    label
        .rsplit_once('(')
        .map_or("", |(_, e)| e.trim_end_matches(')'))
}

/// When compiler `label` rejected only code of libraries from outside the workspace, and a
/// newer compiler on the same edition accepted the bundle (`passed`): the note that says so,
/// and how to target the judges. `None` when the rejection is not of that kind.
fn library_refusal(
    label: &str,
    diagnostics: &str,
    subject: &Subject,
    passed: &[String],
    accepted: &[String],
) -> Option<String> {
    let version = version_of(label)?;
    let edition = edition_of(label);
    let newer = passed
        .iter()
        .any(|p| edition_of(p) == edition && version_of(p).is_some_and(|v| v > version));
    if !newer {
        return None;
    }
    let errors: Vec<String> = diagnostics_of(diagnostics)
        .into_iter()
        .filter(|b| b.starts_with("error"))
        .collect();
    let mut first: Option<(&Library, String, String)> = None;
    for block in &errors {
        let (line, column) = block.lines().find_map(bundle_line)?;
        let (file, at) = origin_file(subject.map, line, column)?;
        let library = subject
            .libraries
            .iter()
            .find(|l| file.starts_with(&l.dir))?;
        if first.is_none() {
            let message = block.lines().next().unwrap_or_default().to_string();
            let place = format!(
                "{}:{}",
                super::located::shown(subject.root, file).display(),
                at
            );
            first = Some((library, message, place));
        }
    }
    let (library, message, place) = first?;
    let short = label.split(" (").next().unwrap_or(label);
    let needs = library
        .rust_version
        .as_ref()
        .map(|v| format!(" (it asks for rustc {})", v))
        .unwrap_or_default();
    let accepted: Vec<String> = accepted.iter().map(|c| format!("\"{}\"", c)).collect();
    Some(format!(
        "not for {}, which rejects {}{}: {} at {}; for a judge on {} use a version of {} that it compiles, else name the judge's compilers (`RUSTC EDITION` each) in {}: compilers = [{}]",
        label,
        library.label,
        needs,
        message,
        place,
        short,
        library.package,
        subject.compilers_setting,
        accepted.join(", ")
    ))
}

/// When a compiler rejected code of a library from outside the workspace on the bundle's own
/// edition: cargo builds that library, so the bundler broke it. The line that says so, with
/// the ways out.
fn bundler_bug(rejected: &[(String, String)], subject: &Subject) -> Option<String> {
    let library = rejected.iter().find_map(|(_, diagnostics)| {
        diagnostics_of(diagnostics)
            .iter()
            .filter(|b| b.starts_with("error"))
            .find_map(|block| {
                let (line, column) = block.lines().find_map(bundle_line)?;
                let (file, _) = origin_file(subject.map, line, column)?;
                subject.libraries.iter().find(|l| file.starts_with(&l.dir))
            })
    })?;
    Some(format!(
        "bundler bug: cargo builds {} but the bundle of its code is rejected; a way out: pass --provided {} if the judge installs it, or bundle it pretty (--pretty) to see the code, and report it with {}",
        library.label,
        library.package,
        subject.failed_copy.display()
    ))
}

/// Runs `binary` on each generated input and compares with the answer the crate's solver gave
/// it; fails on the first difference, naming the input (a copy of it is kept beside the failed
/// bundle).
fn run_generated(
    binary: &Path,
    generated: &super::Generated,
    scratch: &Path,
    subject: &Subject,
) -> Result<()> {
    for (stem, input, expected) in &generated.cases {
        let what = format!("generated input {}", stem);
        if let Some(difference) =
            case_difference(binary, input, expected, scratch, subject.files, &what)?
        {
            let kept = subject
                .root
                .join(subject.failed_copy)
                .with_file_name(format!("{}.failed-{}.in", subject.name, stem));
            let shown = match std::fs::copy(input, &kept) {
                Ok(_) => kept
                    .strip_prefix(subject.root)
                    .unwrap_or(&kept)
                    .display()
                    .to_string(),
                Err(_) => input.display().to_string(),
            };
            bail!(
                "generated input {} ({}): the bundle answers differently from the solver: {}",
                stem,
                shown,
                difference
                    .replace("expected:", "solver:  ")
                    .replace("got:     ", "bundle:  ")
            );
        }
    }
    Ok(())
}

/// How the checks went, when the bundle is good.
#[derive(Debug, Default)]
pub struct Proof {
    /// `rustc 1.63.0 (2021)` for each compiler that passed.
    pub passed: Vec<String>,
    /// The missing compilers skipped under `--skip-missing`.
    pub skipped: Vec<String>,
    /// Why the bundle is for one edition only.
    pub edition_note: Option<String>,
    /// The compilers that rejected a library's code that newer ones accept, and what to do.
    pub refused: Vec<String>,
    /// The warnings, each once with the compilers that gave it.
    pub warnings: String,
}

enum Outcome {
    Passed {
        label: String,
        warnings: String,
    },
    Skipped(String),
    Rejected {
        label: String,
        edition: String,
        diagnostics: String,
    },
    Failed(context_error::Error),
}

/// Compiles the subject with each compiler (in parallel) and runs the samples on each binary,
/// then the generated inputs, which are awaited only then.
pub fn verify(
    subject: &Subject,
    compilers: &[Compiler],
    skip_missing: bool,
    generated: &super::Later,
) -> Result<Proof> {
    let scratch = super::TempDir::new("bundle")?;
    let source = scratch
        .path()
        .join(format!("{}.rs", subject.name.replace('-', "_")));
    std::fs::write(&source, subject.text)?;
    let runs = Runs::default();
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let handles: Vec<_> = compilers
            .iter()
            .enumerate()
            .map(|(i, compiler)| {
                let (source, scratch, runs) = (&source, scratch.path(), &runs);
                scope.spawn(move || {
                    check_one(
                        compiler,
                        i,
                        source,
                        scratch,
                        subject,
                        generated,
                        skip_missing,
                        runs,
                    )
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Outcome::Failed(err!("a check panicked")))
            })
            .collect()
    });
    let mut proof = Proof::default();
    let (mut failures, mut rejected, mut other_editions, mut warnings) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut accepted = Vec::new();
    for (outcome, compiler) in outcomes.into_iter().zip(compilers) {
        match outcome {
            Outcome::Passed { label, warnings: w } => {
                warnings.push((label.clone(), w));
                proof.passed.push(label);
                accepted.push(format!("{} {}", compiler.rustc.display(), compiler.edition));
            }
            Outcome::Skipped(rustc) => proof.skipped.push(rustc),
            Outcome::Rejected {
                label,
                edition,
                diagnostics,
            } => {
                if edition == subject.edition {
                    rejected.push((label, diagnostics));
                } else {
                    other_editions.push((label, diagnostics));
                }
            }
            Outcome::Failed(err) => failures.push(format!("{:#}", err)),
        }
    }
    // A compiler older than a library needs: the bundle is for the newer compilers, said so.
    let passed = proof.passed.clone();
    rejected.retain(|(label, diagnostics)| {
        match library_refusal(label, diagnostics, subject, &passed, &accepted) {
            Some(note) => {
                proof.refused.push(note);
                false
            }
            None => true,
        }
    });
    let on_own_edition = proof
        .passed
        .iter()
        .any(|l| l.ends_with(&format!("({})", subject.edition)));
    if !on_own_edition && rejected.is_empty() && failures.is_empty() {
        // Only other editions were tried: they decide.
        rejected.append(&mut other_editions);
    }
    if !rejected.is_empty() || !failures.is_empty() {
        let bug = bundler_bug(&rejected, subject);
        rejected.append(&mut other_editions);
        let mut message = grouped(&rejected, subject);
        if let Some(bug) = bug {
            message = format!("{}\n{}", bug, message);
        }
        for failure in failures {
            if !message.is_empty() {
                message.push('\n');
            }
            message.push_str(&failure);
        }
        bail!("{}", message.trim_end());
    }
    if !other_editions.is_empty() {
        let labels: Vec<&str> = other_editions.iter().map(|(l, _)| l.as_str()).collect();
        let first = diagnostics_of(&other_editions[0].1)
            .into_iter()
            .find(|b| b.starts_with("error"))
            .map(|b| located(&b, subject))
            .unwrap_or_default();
        let first = first.lines().next().unwrap_or_default().to_string();
        let at = first_location(&diagnostics_of(&other_editions[0].1), subject);
        proof.edition_note = Some(format!(
            "for edition {} only: {} rejected it ({}{})",
            subject.edition,
            labels.join(", "),
            first,
            at.map(|a| format!(" at {}", a)).unwrap_or_default()
        ));
    }
    if proof.passed.is_empty() {
        bail!(
            "no compiler was available to check the bundle ({} missing)",
            proof.skipped.join(", ")
        );
    }
    proof.warnings = grouped(&warnings, subject);
    Ok(proof)
}

/// The runs of one bundle's binaries, by the bytes their processes run ([`loaded_image`]): a
/// binary whose image equals one already run (rustc makes the same machine code for editions
/// 2021 and 2024 of most bundles) is not run again, and shares that run's outcome.
#[derive(Default)]
struct Runs {
    /// Each image run, with the compiler that made it and the run's outcome once known.
    by_image: Mutex<Vec<(u64, String, Arc<RunOutcome>)>>,
}

/// How a run went: its error's text, shared with the binaries of the same image.
type RunOutcome = OnceLock<std::result::Result<(), String>>;

impl Runs {
    /// Runs `run` for the binary at `binary` (compiled by compiler `label`), or waits for the
    /// run of a binary with the same image and returns its outcome.
    fn run_once(&self, binary: &Path, label: &str, run: impl FnOnce() -> Result<()>) -> Result<()> {
        let Some(image) = loaded_image(binary) else {
            return run();
        };
        let (first, outcome) = {
            let mut by_image = self.by_image.lock().unwrap_or_else(|e| e.into_inner());
            match by_image.iter().find(|(i, _, _)| *i == image) {
                Some((_, first, outcome)) => (Some(first.clone()), outcome.clone()),
                None => {
                    let outcome = Arc::new(OnceLock::new());
                    by_image.push((image, label.to_string(), outcome.clone()));
                    (None, outcome)
                }
            }
        };
        match first {
            None => {
                let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
                    .unwrap_or_else(|_| Err(err!("running the checks panicked")));
                outcome
                    .set(ran.as_ref().map(|_| ()).map_err(|e| format!("{:#}", e)))
                    .ok();
                ran
            }
            Some(first) => match outcome.wait() {
                Ok(()) => Ok(()),
                Err(message) => bail!("{} (the same machine code as {})", message, first),
            },
        }
    }
}

/// A fingerprint of what a process of the executable at `path` runs: every section loaded
/// into memory (ELF's `SHF_ALLOC`: code, constants, data, relocations, unwind tables) with its
/// address and size, the program headers and the entry point, but not the build id, which
/// hashes the whole file (symbol names included). `None` for anything but a 64-bit
/// little-endian ELF file, which is then always run.
fn loaded_image(path: &Path) -> Option<u64> {
    use std::hash::Hasher;
    let file = std::fs::read(path).ok()?;
    let bytes = |at: usize, n: usize| file.get(at..at.checked_add(n)?);
    let u16_at = |at: usize| Some(u16::from_le_bytes(bytes(at, 2)?.try_into().ok()?) as usize);
    let u32_at = |at: usize| Some(u32::from_le_bytes(bytes(at, 4)?.try_into().ok()?) as usize);
    let u64_at = |at: usize| Some(u64::from_le_bytes(bytes(at, 8)?.try_into().ok()?) as usize);
    if bytes(0, 6)? != b"\x7fELF\x02\x01" {
        return None;
    }
    let mut hash = std::hash::DefaultHasher::new();
    hash.write(bytes(0x18, 8)?); // the entry point
    let (ph_at, ph_size, ph_count) = (u64_at(0x20)?, u16_at(0x36)?, u16_at(0x38)?);
    hash.write(bytes(ph_at, ph_size.checked_mul(ph_count)?)?);
    let (sh_at, sh_size, sh_count, names) =
        (u64_at(0x28)?, u16_at(0x3a)?, u16_at(0x3c)?, u16_at(0x3e)?);
    let header = |k: usize| sh_at.checked_add(k.checked_mul(sh_size)?);
    let names_at = u64_at(header(names)? + 24)?;
    for k in 0..sh_count {
        let h = header(k)?;
        let (kind, flags) = (u32_at(h + 4)?, u64_at(h + 8)?);
        if flags & 0x2 == 0 {
            continue;
        }
        let name_at = names_at.checked_add(u32_at(h)?)?;
        let name = file.get(name_at..)?.split(|&b| b == 0).next()?;
        if name == b".note.gnu.build-id" {
            continue;
        }
        hash.write(name);
        hash.write(bytes(h + 16, 8)?); // address
        let (at, size) = (u64_at(h + 24)?, u64_at(h + 32)?);
        hash.write_usize(size);
        // SHT_NOBITS (.bss) occupies no file bytes.
        if kind != 8 {
            hash.write(bytes(at, size)?);
        }
    }
    Some(hash.finish())
}

#[allow(clippy::too_many_arguments)]
fn check_one(
    compiler: &Compiler,
    i: usize,
    source: &Path,
    scratch: &Path,
    subject: &Subject,
    generated: &super::Later,
    skip_missing: bool,
    runs: &Runs,
) -> Outcome {
    let version = match compiler.version() {
        Some(v) => v,
        None if skip_missing => return Outcome::Skipped(compiler.rustc.display().to_string()),
        None => {
            return Outcome::Failed(err!(
                "{} is missing (install it, or pass --skip-missing)",
                compiler.rustc.display()
            ))
        }
    };
    let label = format!("{} ({})", version, compiler.edition);
    match compiler.try_compile(source, scratch, &format!("bin{}", i)) {
        Err(err) => Outcome::Failed(err.context(label)),
        Ok(Err(diagnostics)) => Outcome::Rejected {
            label,
            edition: compiler.edition.clone(),
            diagnostics: diagnostics.replace(
                &source.display().to_string(),
                &subject.failed_copy.display().to_string(),
            ),
        },
        Ok(Ok((binary, warnings))) => {
            let warnings = warnings.replace(
                &source.display().to_string(),
                &format!("{}.rs", subject.name),
            );
            let checked = runs.run_once(&binary, &label, || {
                let samples = {
                    let _slot = Slot::take();
                    run_samples_with(&binary, subject.cases, scratch, subject.files)
                };
                // The slot is given back while the generated inputs may still be in the making.
                samples.and_then(|()| match generated()? {
                    Some(generated) => {
                        let _slot = Slot::take();
                        run_generated(&binary, generated, scratch, subject)
                    }
                    None => Ok(()),
                })
            });
            match checked {
                Err(err) => Outcome::Failed(err.context(label)),
                Ok(()) => Outcome::Passed { label, warnings },
            }
        }
    }
}

/// The diagnostics of rustc's output, one text per message, without the closing summary.
fn diagnostics_of(stderr: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in stderr.lines() {
        let summary = line.starts_with("error: aborting due to")
            || line.starts_with("Some errors have detailed explanations")
            || line.starts_with("For more information about")
            || (line.starts_with("warning: ") && line.ends_with(" emitted"));
        if summary {
            continue;
        }
        if line.starts_with("error") || line.starts_with("warning") {
            if !current.trim().is_empty() {
                out.push(std::mem::take(&mut current));
            }
            current.clear();
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        out.push(current);
    }
    out
}

/// The bundle line and column a diagnostic's `--> file:line:col` names.
fn bundle_line(line: &str) -> Option<(usize, usize)> {
    let rest = line.trim_start().strip_prefix("--> ")?;
    let mut parts = rest.rsplitn(3, ':');
    let column = parts.next()?.trim().parse().ok()?;
    Some((parts.next()?.parse().ok()?, column))
}

/// The source location of a diagnostic's first `-->`.
fn first_location(blocks: &[String], subject: &Subject) -> Option<String> {
    blocks
        .iter()
        .flat_map(|b| b.lines())
        .find_map(bundle_line)
        .and_then(|(l, c)| origin(subject.map, subject.root, l, c))
}

/// A diagnostic with `(from <source file>:<line>)` after each `-->`, and, when it is about a
/// name the pruner removed, the bundler's own explanation first.
fn located(block: &str, subject: &Subject) -> String {
    let mut out = String::new();
    let mut use_site = None;
    for line in block.lines() {
        out.push_str(line);
        if let Some((n, column)) = bundle_line(line) {
            if let Some(from) = origin(subject.map, subject.root, n, column) {
                out.push_str(&format!(" (from {})", from));
                use_site.get_or_insert(from);
            }
        }
        out.push('\n');
    }
    if let Some(name) = missing_name(block) {
        if let Some(defined) = subject.dropped.get(&name) {
            out = format!(
                "bundler bug: the pruner dropped `{}` (defined at {}), but it is used at {}; rustc says:\n{}",
                name,
                defined,
                use_site.unwrap_or_else(|| "a line of the bundle".to_string()),
                out
            );
        }
    }
    out
}

/// The name a "cannot find" kind of error is about.
fn missing_name(block: &str) -> Option<String> {
    let first = block.lines().next()?;
    let about_a_name = [
        "cannot find",
        "unresolved import",
        "failed to resolve",
        "no method named",
        "no function or associated item named",
        "not found in",
    ]
    .iter()
    .any(|p| first.contains(p));
    if !about_a_name {
        return None;
    }
    let quoted = first.split('`').nth(1)?;
    Some(quoted.rsplit("::").next()?.to_string())
}

/// Each diagnostic once, with the compilers that gave it when not all of them did.
fn grouped(outputs: &[(String, String)], subject: &Subject) -> String {
    let mut order: Vec<String> = Vec::new();
    let mut by: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for (label, stderr) in outputs {
        for block in diagnostics_of(stderr) {
            let entry = by.entry(block.clone()).or_default();
            if entry.is_empty() {
                order.push(block);
            }
            if !entry.contains(&label.as_str()) {
                entry.push(label);
            }
        }
    }
    let mut text = String::new();
    for block in order {
        text.push_str(&format!("[{}]\n", by[&block].join(", ")));
        text.push_str(&located(&block, subject));
    }
    text
}

#[cfg(test)]
mod tests;
