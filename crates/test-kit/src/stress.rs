//! The stress engine: random small inputs from an oracle, its brute force against its solver,
//! in parallel. Case `i` uses seed `S + i`, so a run is the same whatever the number of jobs.
//! The first failure (lowest seed) is shrunk while it persists, reported and saved as
//! `stress-<seed>.in` with the brute force's answer as `.out`, never over an existing file.
//!
//! Seeds are checked in batches, each by a [`Runner`]: the oracle program runs every batch in a
//! child process of its own ([`ChildProcesses`]), so a brute force or solver that overflows its
//! stack, aborts or is killed ends that child, not the run, and is reported with its seed; the
//! tests run batches on threads ([`InProcess`]).

use crate::cases::{self, catch_quietly, Event, CASE_STACK};
use crate::erased::{DynOracle, Erase};
use crate::problem::Problem;
use context_error::{err, Error, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Cases when `--cases` is not given.
pub const DEFAULT_CASES: u64 = 10_000;
/// Most candidate inputs tried while shrinking one mismatch.
pub const SHRINK_BUDGET: usize = 100_000;
/// A case taking longer than this stops the run, unless `--case-time-limit-ms` says otherwise.
pub const DEFAULT_CASE_TIME_LIMIT: Duration = Duration::from_secs(10);
/// Seeds in one batch (one child process of the oracle program).
const BATCH: u64 = 256;
/// One answer's share of the cases above which the report warns of a lopsided generator.
pub const LOPSIDED_SHARE: f64 = 0.9;
/// Cases below which the answers' spread says too little to warn about.
const LOPSIDED_MIN_CASES: u64 = 50;

/// What a stress run does.
#[derive(Clone, Debug)]
pub struct Config {
    pub cases: u64,
    pub seed: u64,
    /// Parallel batches; 0 for one per core.
    pub jobs: usize,
    /// Where a counterexample is saved.
    pub save_dir: PathBuf,
    /// Draw a progress bar on stderr (hidden anyway when stderr is not a terminal).
    pub progress: bool,
    /// A case running longer fails the run, naming its seed; `None` for no limit.
    pub case_time_limit: Option<Duration>,
}

impl Config {
    /// The last seed of the run.
    pub fn last_seed(&self) -> u64 {
        self.seed + (self.cases - 1)
    }
}

/// The number of batches a run may check at once: one per core.
pub fn max_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Checks `--cases`, `--seed` and `--jobs`; returns the jobs to use (0 for one per core, capped
/// at one per core with a note on stderr).
pub fn check_config(cases: u64, seed: u64, jobs: usize) -> Result<usize> {
    if cases == 0 {
        return Err(err!("--cases 0 checks nothing: give at least 1"));
    }
    if seed.checked_add(cases - 1).is_none() {
        return Err(err!(
            "--seed {} --cases {}: the last seed would be past {} (use a smaller seed or fewer cases)",
            seed,
            cases,
            u64::MAX
        ));
    }
    let most = max_jobs();
    if jobs > most {
        eprintln!(
            "note: --jobs {} capped at {}, one batch per core",
            jobs, most
        );
        return Ok(most);
    }
    Ok(jobs)
}

/// A shrunk counterexample, as text.
#[derive(Clone, Debug)]
pub struct Found {
    /// The seed whose input first failed.
    pub seed: u64,
    /// Accepted shrinking steps.
    pub steps: usize,
    /// The minimal input, as the problem's text (rendered by its format).
    pub input: String,
    /// The brute force's answer.
    pub expected: String,
    /// The solver's answer, or its error or panic.
    pub got: String,
    /// The `.in` file written.
    pub saved: PathBuf,
}

/// Why a run stopped short of agreeing on every case.
#[derive(Clone, Debug)]
pub enum Failure {
    /// Solver and brute force disagree.
    Mismatch(Found),
    /// A case ran past the per-case time limit.
    TimedOut { seed: u64, limit: Duration },
    /// The brute force panicked (its size guard, or a bug of its own).
    GaveUp { seed: u64, message: String },
    /// A case ended its process (a stack overflow, an abort, a kill): how, and the input's
    /// text when it could be made.
    Crashed {
        seed: u64,
        how: String,
        input: Option<String>,
    },
}

impl Failure {
    /// The seed that failed.
    pub fn seed(&self) -> u64 {
        match self {
            Failure::Mismatch(found) => found.seed,
            Failure::TimedOut { seed, .. }
            | Failure::GaveUp { seed, .. }
            | Failure::Crashed { seed, .. } => *seed,
        }
    }
}

/// How a stress run ended.
#[derive(Clone, Debug)]
pub struct Report {
    /// Cases checked (all of them unless a failure stopped the run early).
    pub checked: u64,
    pub elapsed: Duration,
    pub failure: Option<Failure>,
    /// The seed whose case took longest, and how long.
    pub slowest: Option<(u64, Duration)>,
    /// The first lines of the brute force's answers, with how often each came, most common
    /// first.
    pub answers: Vec<(String, u64)>,
}

impl Report {
    /// Cases per second.
    pub fn rate(&self) -> f64 {
        self.checked as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// The mismatch found, if that is how the run failed.
    pub fn found(&self) -> Option<&Found> {
        match &self.failure {
            Some(Failure::Mismatch(found)) => Some(found),
            _ => None,
        }
    }

    /// The most common answer's share of the agreeing cases, when it is over
    /// [`LOPSIDED_SHARE`] of enough cases to tell.
    pub fn lopsided(&self) -> Option<(&str, f64)> {
        let total: u64 = self.answers.iter().map(|(_, n)| n).sum();
        let (answer, count) = self.answers.first()?;
        let share = *count as f64 / total as f64;
        (total >= LOPSIDED_MIN_CASES && share > LOPSIDED_SHARE).then_some((answer.as_str(), share))
    }
}

/// What a batch of seeds ended with.
#[derive(Clone, Debug)]
pub enum BatchEnd {
    /// Every seed agreed.
    Done,
    /// A seed failed: a mismatch, a time-out, a brute-force panic or a crash.
    Failed(Failure),
}

/// Checks batches of seeds, and shrinks a mismatch: in this process or in child processes.
pub trait Runner: Sync {
    /// Checks `first..=last` in order, calling `event` for each case, until a failure.
    fn batch(
        &self,
        first: u64,
        last: u64,
        limit: Option<Duration>,
        event: &mut dyn FnMut(&Event),
    ) -> BatchEnd;

    /// The shrunk mismatch of `seed`: steps, input text, expected and got.
    fn shrink(&self, seed: u64) -> Result<Shrunk>;
}

/// A mismatch after shrinking, before it is saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shrunk {
    pub steps: usize,
    pub input: String,
    pub expected: String,
    pub got: String,
}

/// The shrunk mismatch of the input of `seed`, or an error when that seed agrees: greedy
/// shrinking with a panicking solver counted as a mismatch, and a variant on which the brute
/// force panics skipped.
pub fn shrink_seed(oracle: &dyn DynOracle, seed: u64) -> Result<Shrunk> {
    let mismatch = cases::check_seed(oracle, seed).ok_or_else(|| err!("seed {} agrees", seed))?;
    let solver = |text: &str| cases::solver_output(oracle, text);
    let check = |seed, candidate| {
        catch_quietly(|| cases::check_input(oracle, seed, candidate, &solver))
            .ok()
            .flatten()
    };
    let (shrunk, steps) = cases::shrink(oracle, mismatch, SHRINK_BUDGET, &check);
    Ok(Shrunk {
        steps,
        input: shrunk.text,
        expected: shrunk.expected,
        got: shrunk.got,
    })
}

/// Batches on threads of this process (for tests): a case that aborts ends the run, and a case
/// past the time limit is reported when it finishes.
pub struct InProcess<P>(std::marker::PhantomData<fn() -> P>);

impl<P> InProcess<P> {
    pub fn new() -> Self {
        InProcess(std::marker::PhantomData)
    }
}

impl<P> Default for InProcess<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Problem> Runner for InProcess<P> {
    fn batch(
        &self,
        first: u64,
        last: u64,
        limit: Option<Duration>,
        event: &mut dyn FnMut(&Event),
    ) -> BatchEnd {
        batch_in_process(&Erase::<P>::NEW, first, last, limit, event)
    }

    fn shrink(&self, seed: u64) -> Result<Shrunk> {
        shrink_seed(&Erase::<P>::NEW, seed)
    }
}

/// [`InProcess`]'s batch, compiled once.
fn batch_in_process(
    oracle: &dyn DynOracle,
    first: u64,
    last: u64,
    limit: Option<Duration>,
    event: &mut dyn FnMut(&Event),
) -> BatchEnd {
    let mut end = BatchEnd::Done;
    cases::run_cases(oracle, first, last, &mut |e| {
        match &e {
            Event::Agree { seed, took, .. } if limit.is_some_and(|l| *took > l) => {
                if matches!(end, BatchEnd::Done) {
                    end = BatchEnd::Failed(Failure::TimedOut {
                        seed: *seed,
                        limit: limit.unwrap_or_default(),
                    });
                }
            }
            Event::Mismatch(seed) => {
                end = BatchEnd::Failed(Failure::Mismatch(placeholder(*seed)));
            }
            Event::GaveUp { seed, message } => {
                end = BatchEnd::Failed(Failure::GaveUp {
                    seed: *seed,
                    message: message.clone(),
                })
            }
            _ => {}
        }
        event(&e);
    });
    end
}

/// A mismatch known by its seed only, until it is shrunk.
fn placeholder(seed: u64) -> Found {
    Found {
        seed,
        steps: 0,
        input: String::new(),
        expected: String::new(),
        got: String::new(),
        saved: PathBuf::new(),
    }
}

/// Batches in child processes: `program __batch FIRST LAST [LIMIT_MS]` and `program __shrink
/// SEED`, the oracle program itself (see [`crate::oracle_program`]).
pub struct ChildProcesses {
    pub program: PathBuf,
}

impl Runner for ChildProcesses {
    fn batch(
        &self,
        first: u64,
        last: u64,
        limit: Option<Duration>,
        event: &mut dyn FnMut(&Event),
    ) -> BatchEnd {
        let mut command = Command::new(&self.program);
        command.args(["__batch", &first.to_string(), &last.to_string()]);
        if let Some(limit) = limit {
            command.arg(limit.as_millis().max(1).to_string());
        }
        let mut child = match command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(err) => {
                return BatchEnd::Failed(Failure::Crashed {
                    seed: first,
                    how: format!("{} could not be started: {}", self.program.display(), err),
                    input: None,
                })
            }
        };
        let stderr = child.stderr.take().map(drain_tail);
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let mut current = first;
        let mut end = None;
        for line in stdout.lines() {
            let Ok(line) = line else { break };
            match decode(&line) {
                Some(Decoded::Event(e)) => {
                    match &e {
                        Event::Start(seed) => current = *seed,
                        Event::Mismatch(seed) => {
                            end = Some(BatchEnd::Failed(Failure::Mismatch(placeholder(*seed))))
                        }
                        Event::GaveUp { seed, message } => {
                            end = Some(BatchEnd::Failed(Failure::GaveUp {
                                seed: *seed,
                                message: message.clone(),
                            }))
                        }
                        Event::Agree { .. } => {}
                    }
                    event(&e);
                }
                Some(Decoded::TimedOut(seed)) => {
                    end = Some(BatchEnd::Failed(Failure::TimedOut {
                        seed,
                        limit: limit.unwrap_or_default(),
                    }))
                }
                Some(Decoded::End) => end = end.or(Some(BatchEnd::Done)),
                None => {}
            }
        }
        let status = child.wait();
        let tail = stderr.and_then(|t| t.join().ok()).unwrap_or_default();
        match end {
            Some(end) => end,
            None => BatchEnd::Failed(Failure::Crashed {
                seed: current,
                how: describe_death(status, &tail),
                input: None,
            }),
        }
    }

    fn shrink(&self, seed: u64) -> Result<Shrunk> {
        let out = Command::new(&self.program)
            .args(["__shrink", &seed.to_string()])
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .map_err(|err| err!("running {}: {}", self.program.display(), err))?;
        if !out.status.success() {
            return Err(Error::msg(describe_death(Ok(out.status), "")));
        }
        read_shrunk(&out.stdout)
    }
}

/// A thread that reads a child's stderr to its end, keeping the last 4 KiB (so a chatty child
/// never blocks on a full pipe).
fn drain_tail(mut stderr: std::process::ChildStderr) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut tail = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            tail.extend_from_slice(&buf[..n]);
            if tail.len() > 8192 {
                tail.drain(..tail.len() - 4096);
            }
        }
        String::from_utf8_lossy(&tail).into_owned()
    })
}

/// How a child that never said `end` died, with the last lines it wrote on stderr.
fn describe_death(status: std::io::Result<std::process::ExitStatus>, stderr: &str) -> String {
    let how = match status {
        Err(err) => format!("it could not be waited for: {}", err),
        Ok(status) => {
            #[cfg(unix)]
            {
                use std::os::unix::process::ExitStatusExt;
                match status.signal() {
                    Some(6) => {
                        "the process aborted (SIGABRT: a stack overflow or an abort)".to_string()
                    }
                    Some(9) => "the process was killed (SIGKILL: out of memory, or killed by hand)"
                        .to_string(),
                    Some(11) => "the process crashed (SIGSEGV)".to_string(),
                    Some(signal) => format!("the process died of signal {}", signal),
                    None => format!("the process exited with {} mid-case", status),
                }
            }
            #[cfg(not(unix))]
            {
                format!("the process exited with {} mid-case", status)
            }
        }
    };
    let last: Vec<&str> = stderr.lines().rev().take(3).collect();
    if last.is_empty() {
        how
    } else {
        let shown: Vec<&str> = last.into_iter().rev().collect();
        format!("{}; its stderr ends: {}", how, shown.join(" | "))
    }
}

enum Decoded {
    Event(Event),
    TimedOut(u64),
    End,
}

/// One line of a `__batch` child's report.
pub fn encode(event: &Event) -> String {
    match event {
        Event::Start(seed) => format!("start {}", seed),
        Event::Agree {
            seed,
            took,
            first_line,
        } => format!(
            "agree {} {} {}",
            seed,
            took.as_nanos(),
            one_line(first_line)
        ),
        Event::Mismatch(seed) => format!("mismatch {}", seed),
        Event::GaveUp { seed, message } => format!("gave-up {} {}", seed, one_line(message)),
    }
}

fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

fn decode(line: &str) -> Option<Decoded> {
    let mut parts = line.splitn(4, ' ');
    let word = parts.next()?;
    let seed = parts.next().and_then(|s| s.parse::<u64>().ok());
    Some(match word {
        "end" => Decoded::End,
        "timeout" => Decoded::TimedOut(seed?),
        "start" => Decoded::Event(Event::Start(seed?)),
        "mismatch" => Decoded::Event(Event::Mismatch(seed?)),
        "gave-up" => {
            let rest: Vec<&str> = parts.collect();
            Decoded::Event(Event::GaveUp {
                seed: seed?,
                message: rest.join(" "),
            })
        }
        "agree" => {
            let nanos: u64 = parts.next()?.parse().ok()?;
            Decoded::Event(Event::Agree {
                seed: seed?,
                took: Duration::from_nanos(nanos),
                first_line: parts.next().unwrap_or("").to_string(),
            })
        }
        _ => return None,
    })
}

/// The `__shrink` child's answer: `steps N`, then each field as `NAME LEN` and its bytes.
pub fn write_shrunk(out: &mut dyn Write, shrunk: &Shrunk) -> std::io::Result<()> {
    writeln!(out, "steps {}", shrunk.steps)?;
    for (name, text) in [
        ("input", &shrunk.input),
        ("expected", &shrunk.expected),
        ("got", &shrunk.got),
    ] {
        writeln!(out, "{} {}", name, text.len())?;
        out.write_all(text.as_bytes())?;
        writeln!(out)?;
    }
    Ok(())
}

fn read_shrunk(bytes: &[u8]) -> Result<Shrunk> {
    let bad = || err!("the shrinking child's answer is malformed");
    let mut rest = bytes;
    let line = |rest: &mut &[u8]| -> Result<String> {
        let end = rest.iter().position(|&b| b == b'\n').ok_or_else(bad)?;
        let text = String::from_utf8_lossy(&rest[..end]).into_owned();
        *rest = &rest[end + 1..];
        Ok(text)
    };
    let steps_line = line(&mut rest)?;
    let steps = steps_line
        .strip_prefix("steps ")
        .and_then(|s| s.parse().ok())
        .ok_or_else(bad)?;
    let mut fields = Vec::new();
    for name in ["input", "expected", "got"] {
        let header = line(&mut rest)?;
        let len: usize = header
            .strip_prefix(name)
            .and_then(|s| s.trim().parse().ok())
            .ok_or_else(bad)?;
        if rest.len() < len + 1 {
            return Err(bad());
        }
        fields.push(String::from_utf8_lossy(&rest[..len]).into_owned());
        rest = &rest[len + 1..];
    }
    let mut fields = fields.into_iter();
    let mut next = || fields.next().unwrap_or_default();
    Ok(Shrunk {
        steps,
        input: next(),
        expected: next(),
        got: next(),
    })
}

/// The child's side of [`ChildProcesses::batch`]: checks `first..=last` on a thread with
/// [`CASE_STACK`], one line per event on stdout, `end` when done; past `limit` it writes
/// `timeout SEED` and ends the process with code 3 (a case cannot be stopped from outside its
/// thread).
pub fn serve_batch(oracle: &dyn DynOracle, first: u64, last: u64, limit: Option<Duration>) -> i32 {
    let clock = CaseClock::new();
    let line = |text: &str| {
        // Flushed per line, so that the parent knows the seed of a case that crashes.
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        writeln!(out, "{}", text).ok();
        out.flush().ok();
    };
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("stress case".to_string())
            .stack_size(CASE_STACK)
            .spawn_scoped(scope, || {
                cases::run_cases(oracle, first, last, &mut |e| {
                    if let Event::Start(seed) = e {
                        clock.started(seed);
                    }
                    line(&encode(&e));
                });
                clock.finished();
                line("end");
            });
        let worker = match worker {
            Ok(worker) => worker,
            Err(err) => {
                eprintln!("error: starting the case thread: {}", err);
                return 2;
            }
        };
        loop {
            if worker.is_finished() {
                return if worker.join().is_ok() { 0 } else { 101 };
            }
            if let (Some(limit), Some((seed, since))) = (limit, clock.running()) {
                if since.elapsed() > limit {
                    line(&format!("timeout {}", seed));
                    // The scope would wait for the case; the process ends without it.
                    std::process::exit(3);
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    })
}

/// The running case of a `__batch` child, for its time limit.
struct CaseClock {
    start: Instant,
    /// The running case's start in ns since `start` plus 1 (0 when idle), and its seed.
    since: AtomicU64,
    seed: AtomicU64,
}

impl CaseClock {
    fn new() -> Self {
        CaseClock {
            start: Instant::now(),
            since: AtomicU64::new(0),
            seed: AtomicU64::new(0),
        }
    }

    fn started(&self, seed: u64) {
        self.seed.store(seed, Ordering::Relaxed);
        let ns = self.start.elapsed().as_nanos() as u64;
        self.since.store(ns + 1, Ordering::Release);
    }

    fn finished(&self) {
        self.since.store(0, Ordering::Release);
    }

    fn running(&self) -> Option<(u64, Instant)> {
        let since = self.since.load(Ordering::Acquire);
        (since != 0).then(|| {
            let seed = self.seed.load(Ordering::Relaxed);
            (seed, self.start + Duration::from_nanos(since - 1))
        })
    }
}

/// Runs the stress test of the oracle named `name` with `runner` (see the module
/// documentation): batches in seed order, `jobs` at a time, the lowest failing seed shrunk and
/// saved.
///
/// # Panics
/// If `config` fails [`check_config`] (no cases, or seeds past `u64::MAX`).
pub fn stress(name: &str, config: &Config, runner: &dyn Runner) -> Result<Report> {
    assert!(config.cases > 0 && config.seed.checked_add(config.cases - 1).is_some());
    let jobs = if config.jobs == 0 {
        max_jobs()
    } else {
        config.jobs
    };
    let bar = if config.progress {
        ProgressBar::with_draw_target(Some(config.cases), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec}, {eta} left)",
        )
        .expect("a valid template"),
    );
    bar.set_prefix(name.to_string());
    let start = Instant::now();
    let last = config.last_seed();
    // The next batch's first seed (u64::MAX + 1 as None once past the last seed).
    let next = Mutex::new(Some(config.seed));
    // The lowest failure so far: batches starting past it are not started.
    let failure: Mutex<Option<Failure>> = Mutex::new(None);
    let tallies: Mutex<HashMap<String, u64>> = Mutex::new(HashMap::new());
    let slowest: Mutex<Option<(u64, Duration)>> = Mutex::new(None);
    let worker = || {
        let mut answers: HashMap<String, u64> = HashMap::new();
        let mut slow: Option<(u64, Duration)> = None;
        loop {
            let first = {
                let mut next = next.lock().unwrap_or_else(|e| e.into_inner());
                let Some(first) = *next else { break };
                let failed_before = failure
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .as_ref()
                    .is_some_and(|f| f.seed() < first);
                if failed_before {
                    break;
                }
                let batch_last = first.saturating_add(BATCH - 1).min(last);
                *next = if batch_last == last {
                    None
                } else {
                    Some(batch_last + 1)
                };
                (first, batch_last)
            };
            let end = runner.batch(first.0, first.1, config.case_time_limit, &mut |e| match e {
                Event::Agree {
                    seed,
                    took,
                    first_line,
                } => {
                    bar.inc(1);
                    *answers.entry(first_line.clone()).or_insert(0) += 1;
                    if slow.is_none_or(|(s, t)| *took > t || (*took == t && *seed < s)) {
                        slow = Some((*seed, *took));
                    }
                }
                Event::Mismatch(_) | Event::GaveUp { .. } => bar.inc(1),
                Event::Start(_) => {}
            });
            if let BatchEnd::Failed(f) = end {
                let mut lowest = failure.lock().unwrap_or_else(|e| e.into_inner());
                if lowest.as_ref().is_none_or(|l| f.seed() < l.seed()) {
                    *lowest = Some(f);
                }
            }
        }
        let mut all = tallies.lock().unwrap_or_else(|e| e.into_inner());
        for (answer, count) in answers {
            *all.entry(answer).or_insert(0) += count;
        }
        let mut slowest = slowest.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((seed, took)) = slow {
            if slowest.is_none_or(|(s, t)| took > t || (took == t && seed < s)) {
                *slowest = Some((seed, took));
            }
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                std::thread::Builder::new()
                    .stack_size(CASE_STACK)
                    .spawn_scoped(scope, worker)
                    .expect("starting a stress thread")
            })
            .collect();
        for handle in handles {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    let elapsed = start.elapsed();
    bar.finish_and_clear();
    let failure = failure.into_inner().unwrap_or_else(|e| e.into_inner());
    let checked = match &failure {
        Some(f) => f.seed() - config.seed + 1,
        None => config.cases,
    };
    let failure = match failure {
        Some(Failure::Mismatch(found)) => {
            let seed = found.seed;
            let shrunk = runner.shrink(seed)?;
            let saved =
                save_counterexample(&config.save_dir, seed, &shrunk.input, &shrunk.expected)?;
            Some(Failure::Mismatch(Found {
                seed,
                steps: shrunk.steps,
                input: shrunk.input,
                expected: shrunk.expected,
                got: shrunk.got,
                saved,
            }))
        }
        other => other,
    };
    let mut answers: Vec<(String, u64)> = tallies
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .collect();
    answers.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(Report {
        checked,
        elapsed,
        failure,
        slowest: slowest.into_inner().unwrap_or_else(|e| e.into_inner()),
        answers,
    })
}

/// The human report of a run.
pub fn print_report(
    name: &str,
    config: &Config,
    report: &Report,
    root: &Path,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let reproduce = |seed: u64| format!("reproduce with --seed {} --cases 1", seed);
    match &report.failure {
        None => {
            writeln!(
                out,
                "{}: {} cases (seeds {}..={}) agree with the brute force in {:.2} s, {:.0} cases/s{}",
                name,
                report.checked,
                config.seed,
                config.last_seed(),
                report.elapsed.as_secs_f64(),
                report.rate(),
                match report.slowest {
                    Some((seed, time)) =>
                        format!("; slowest seed {} ({:.3} s)", seed, time.as_secs_f64()),
                    None => String::new(),
                }
            )?;
            write_answers(report, out)?;
        }
        Some(Failure::Mismatch(found)) => {
            writeln!(
                out,
                "{}: MISMATCH at seed {} after {} cases ({:.0} cases/s); shrunk in {} steps to:",
                name,
                found.seed,
                report.checked,
                report.rate(),
                found.steps
            )?;
            // The problem's text, as a sample holds it: a grid or a word reads as the statement
            // writes it, where the input type's Debug showed a list of bytes.
            writeln!(out, "--- input")?;
            write!(out, "{}", with_newline(&found.input))?;
            writeln!(out, "--- expected (brute force)")?;
            write!(out, "{}", with_newline(&found.expected))?;
            writeln!(out, "--- got (solver)")?;
            write!(out, "{}", with_newline(&found.got))?;
            let saved = found.saved.strip_prefix(root).unwrap_or(&found.saved);
            writeln!(
                out,
                "saved {} and its .out; {}",
                saved.display(),
                reproduce(found.seed)
            )?;
        }
        Some(Failure::TimedOut { seed, limit }) => writeln!(
            out,
            "{}: the case of seed {} ran past {} ms (the per-case time limit, --case-time-limit-ms): \
             the brute force or the solver is too slow on it, or hangs; {}",
            name,
            seed,
            limit.as_millis(),
            reproduce(*seed)
        )?,
        Some(Failure::GaveUp { seed, message }) => writeln!(
            out,
            "{}: the brute force gave up on the case of seed {}: {} (the generator should make \
             only inputs the brute force answers); {}",
            name,
            seed,
            message,
            reproduce(*seed)
        )?,
        Some(Failure::Crashed { seed, how, input }) => {
            writeln!(
                out,
                "{}: the case of seed {} crashed its process: {}; {}",
                name,
                seed,
                how,
                reproduce(*seed)
            )?;
            if let Some(input) = input {
                writeln!(out, "--- input")?;
                write!(out, "{}", with_newline(&cases::shorten(input, 4000)))?;
            }
        }
    }
    Ok(())
}

/// How the brute force's answers were spread, and a warning when one dominates.
fn write_answers(report: &Report, out: &mut dyn Write) -> std::io::Result<()> {
    let total: u64 = report.answers.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return Ok(());
    }
    let shown: Vec<String> = report
        .answers
        .iter()
        .take(4)
        .map(|(answer, count)| {
            format!(
                "{:?} {} ({:.0}%)",
                answer,
                count,
                100.0 * *count as f64 / total as f64
            )
        })
        .collect();
    let others = report.answers.len().saturating_sub(4);
    writeln!(
        out,
        "answers (first lines): {}{}",
        shown.join(", "),
        if others > 0 {
            format!(
                ", and {} other{}",
                others,
                if others == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        }
    )?;
    if let Some((answer, share)) = report.lopsided() {
        writeln!(
            out,
            "warning: {:.0}% of the cases have the answer {:?}: the generator is lopsided, so \
             the other answers are barely tested; make it spread the answers out",
            100.0 * share,
            answer
        )?;
    }
    Ok(())
}

fn with_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{}\n", text)
    }
}

/// Writes `stress-<seed>.in` and `.out` into `dir` (created if missing); when either exists,
/// tries `stress-<seed>-2`, `-3`, ... Never replaces a file. Returns the `.in` path.
pub fn save_counterexample(dir: &Path, seed: u64, input: &str, expected: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).map_err(|err| err!("creating {}: {}", dir.display(), err))?;
    for attempt in 1..=100 {
        let stem = if attempt == 1 {
            format!("stress-{}", seed)
        } else {
            format!("stress-{}-{}", seed, attempt)
        };
        let in_path = dir.join(format!("{}.in", stem));
        let out_path = dir.join(format!("{}.out", stem));
        if out_path.exists() || in_path.exists() {
            continue;
        }
        // Both files or neither: written under temporary names, the .out moved into place
        // first (a lone .out is no sample), the .in last, with create_new so that nothing is
        // ever replaced.
        match sample_files::write_pair(
            &in_path,
            input.as_bytes(),
            &out_path,
            with_newline(expected).as_bytes(),
        ) {
            Ok(()) => return Ok(in_path),
            Err(sample_files::PairError::Taken) => continue,
            Err(sample_files::PairError::Io(err)) => {
                return Err(err!("saving {}: {}", in_path.display(), err))
            }
        }
    }
    Err(err!(
        "{}: stress-{}.in and 99 other names are taken; move some away",
        dir.display(),
        seed
    ))
}
