//! `cargo xtask stress <crate> [--cases N] [--seed S] [--jobs J]`: random small inputs from the
//! crate's oracle, the brute force against the real solver, in parallel. Case `i` uses seed
//! `S + i`, so a run is the same whatever the number of jobs. The first mismatch (lowest seed) is
//! shrunk while it persists, printed, and saved as `samples/<crate>/stress-<seed>.in` with the
//! brute force's answer as `.out`, never over an existing file.

use crate::cli::Args;
use crate::problems;
use crate::workspace;
use anyhow::{bail, Context, Result};
use dp_core::oracle::{check_input_with, shrink_mismatch_with, Mismatch, Oracle};
use dp_core::SplitMix64;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
cargo xtask stress <crate> [--cases N] [--seed S] [--jobs J] [--case-time-limit-ms T]
                           [--save-dir DIR]

Random small inputs from the crate's oracle, its brute force against its solver, in parallel.
  --cases N               cases to check (default 10000, at least 1); case i uses seed S + i
  --seed S                the first seed (default 1); S + N - 1 must fit in 64 bits
  --jobs J                threads (default and most: one per core)
  --case-time-limit-ms T  a case (generation, brute force and solver) running longer than T ms
                          stops the run with its seed (default 10000)
  --save-dir DIR          where a shrunk counterexample is saved (default samples/<crate>/)
The first mismatch (the lowest seed) is shrunk, printed and saved as stress-<seed>.in and .out,
never over a file; the exit code is then 1. The report names the slowest seed.
";

/// Cases when `--cases` is not given.
pub const DEFAULT_CASES: u64 = 10_000;
/// Most candidate inputs tried while shrinking one mismatch.
pub const SHRINK_BUDGET: usize = 100_000;
/// A case taking longer than this stops the run, unless `--case-time-limit-ms` says otherwise.
pub const DEFAULT_CASE_TIME_LIMIT: Duration = Duration::from_secs(10);
/// Cases checked between two looks at whether a lower seed already failed.
const CHUNK: u64 = 256;

/// What a stress run does.
#[derive(Clone, Debug)]
pub struct Config {
    pub cases: u64,
    pub seed: u64,
    /// Threads; 0 for one per core.
    pub jobs: usize,
    /// Where a counterexample is saved: `samples/<crate>/` for the command, a scratch folder
    /// in tests.
    pub save_dir: PathBuf,
    /// Draw a progress bar on stderr (hidden anyway when stderr is not a terminal).
    pub progress: bool,
    /// A case running longer fails the run, naming its seed; `None` for no limit.
    pub case_time_limit: Option<Duration>,
    /// On a case past the limit, end the process at once (exit code 1) rather than wait for
    /// the case to finish (it may never): what the command does.
    pub exit_on_time_out: bool,
}

impl Config {
    /// The last seed of the run.
    pub fn last_seed(&self) -> u64 {
        self.seed + (self.cases - 1)
    }
}

/// The number of threads a run may use: one per core, the most that helps a CPU-bound run.
pub fn max_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Checks `--cases`, `--seed` and `--jobs`; returns the jobs to use (capped at one per core,
/// with a note on stderr when capped).
pub fn check_config(cases: u64, seed: u64, jobs: usize) -> Result<usize> {
    if cases == 0 {
        bail!("--cases 0 checks nothing: give at least 1");
    }
    if seed.checked_add(cases - 1).is_none() {
        bail!(
            "--seed {} --cases {}: the last seed would be past {} (use a smaller seed or fewer cases)",
            seed,
            cases,
            u64::MAX
        );
    }
    let most = max_jobs();
    if jobs > most {
        eprintln!(
            "note: --jobs {} capped at {}, one thread per core",
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
    /// The minimal input's text.
    pub input: String,
    /// Its `Debug` form (the oracle's input type).
    pub debug: String,
    /// The brute force's answer.
    pub expected: String,
    /// The solver's answer, or its error or panic.
    pub got: String,
    /// The `.in` file written.
    pub saved: PathBuf,
}

/// How a stress run ended.
#[derive(Clone, Debug)]
pub struct Report {
    /// Cases checked (all of them unless a mismatch stopped the run early).
    pub checked: u64,
    pub elapsed: Duration,
    pub found: Option<Found>,
    /// The seed whose case took longest, and how long.
    pub slowest: Option<(u64, Duration)>,
}

impl Report {
    /// Cases per second.
    pub fn rate(&self) -> f64 {
        self.checked as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

pub fn run(args: Vec<String>) -> Result<()> {
    let mut args = Args::new(args);
    let cases = args.parsed::<u64>("--cases")?.unwrap_or(DEFAULT_CASES);
    let seed = args.parsed::<u64>("--seed")?.unwrap_or(1);
    let jobs = args.parsed::<usize>("--jobs")?.unwrap_or(0);
    let limit_ms = args.parsed::<u64>("--case-time-limit-ms")?;
    let save_dir = args.value("--save-dir")?;
    let names = args.finish()?;
    let name = match names.as_slice() {
        [name] => name,
        _ => bail!("usage: {}", USAGE.lines().next().unwrap_or_default()),
    };
    let jobs = check_config(cases, seed, jobs)?;
    if limit_ms == Some(0) {
        bail!("--case-time-limit-ms must be at least 1");
    }
    let root = workspace::root();
    workspace::check_problem(&root, name)?;
    let problem = problems::find(name)?;
    let config = Config {
        cases,
        seed,
        jobs,
        save_dir: save_dir
            .map(PathBuf::from)
            .unwrap_or_else(|| workspace::samples_dir(&root, name)),
        progress: true,
        case_time_limit: Some(limit_ms.map_or(DEFAULT_CASE_TIME_LIMIT, Duration::from_millis)),
        exit_on_time_out: true,
    };
    quiet_solver_panics();
    let report = (problem.stress)(&config)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    print_report(name, &config, &report, &root, &mut out)?;
    if let Some(found) = &report.found {
        bail!(
            "{}: the solver disagrees with the brute force (seed {})",
            name,
            found.seed
        );
    }
    Ok(())
}

/// The human report of a run.
pub fn print_report(
    name: &str,
    config: &Config,
    report: &Report,
    root: &Path,
    out: &mut dyn Write,
) -> Result<()> {
    match &report.found {
        None => writeln!(
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
        )?,
        Some(found) => {
            writeln!(
                out,
                "{}: MISMATCH at seed {} after {} cases ({:.0} cases/s); shrunk in {} steps to:",
                name,
                found.seed,
                report.checked,
                report.rate(),
                found.steps
            )?;
            writeln!(out, "--- input ({})", found.debug)?;
            write!(out, "{}", with_newline(&found.input))?;
            writeln!(out, "--- expected (brute force)")?;
            write!(out, "{}", with_newline(&found.expected))?;
            writeln!(out, "--- got (solver)")?;
            write!(out, "{}", with_newline(&found.got))?;
            let saved = found.saved.strip_prefix(root).unwrap_or(&found.saved);
            writeln!(
                out,
                "saved {} and its .out; reproduce with --seed {} --cases 1",
                saved.display(),
                found.seed
            )?;
        }
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

/// Runs the stress test of oracle `O` (see the module documentation).
///
/// # Panics
/// If `config` fails [`check_config`] (no cases, or seeds past `u64::MAX`).
pub fn stress<O: Oracle>(config: &Config) -> Result<Report>
where
    O::Input: Send,
{
    assert!(config.cases > 0 && config.seed.checked_add(config.cases - 1).is_some());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.jobs)
        .build()
        .context("starting the thread pool")?;
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
    bar.set_prefix(O::name());
    let start = Instant::now();
    let last = config.last_seed();
    let clock = CaseClock::new(pool.current_num_threads(), start);
    let watchdog = config
        .case_time_limit
        .map(|limit| clock.watch(O::name(), limit, config.exit_on_time_out, bar.clone()));
    let mut first;
    let mut checked = 0;
    // Chunks in seed order, each checked in parallel: the lowest failing seed of the first
    // failing chunk is the lowest of the run, whatever the number of threads.
    let mut chunk_start = config.seed;
    loop {
        let chunk_last = chunk_start.saturating_add(CHUNK - 1).min(last);
        first = pool.install(|| {
            (chunk_start..=chunk_last)
                .into_par_iter()
                .find_map_first(|seed| {
                    let found = clock.time(seed, || check_seed::<O>(seed));
                    bar.inc(1);
                    found
                })
        });
        checked += match &first {
            Some(m) => m.seed - chunk_start + 1,
            None => chunk_last - chunk_start + 1,
        };
        if first.is_some() || chunk_last == last {
            break;
        }
        chunk_start = chunk_last + 1;
    }
    let elapsed = start.elapsed();
    drop(watchdog);
    bar.finish_and_clear();
    if let Some(seed) = *clock.timed_out.lock().unwrap_or_else(|e| e.into_inner()) {
        bail!(
            "{}",
            time_out_message(O::name(), seed, config.case_time_limit.unwrap_or_default())
        );
    }
    let slowest = clock.slowest();
    let found = match first {
        None => None,
        Some(mismatch) => {
            let seed = mismatch.seed;
            let (shrunk, steps) = shrink::<O>(mismatch, SHRINK_BUDGET);
            let saved =
                save_counterexample(&config.save_dir, seed, &shrunk.text, &shrunk.expected)?;
            Some(Found {
                seed,
                steps,
                input: shrunk.text,
                debug: format!("{:?}", shrunk.input),
                expected: shrunk.expected,
                got: shrunk.got,
                saved,
            })
        }
    };
    Ok(Report {
        checked,
        elapsed,
        found,
        slowest,
    })
}

/// When each thread's case started, and the slowest case so far: for the per-case time limit
/// and the report.
struct CaseClock {
    start: Instant,
    /// Per pool thread: the running case's start in ns since `start` plus 1 (0 when idle), and
    /// its seed.
    running: Vec<(AtomicU64, AtomicU64)>,
    /// The longest case's time in ns, read before taking the lock of `slowest`.
    slowest_ns: AtomicU64,
    slowest: Mutex<Option<(u64, Duration)>>,
    /// The first seed seen running past the time limit.
    timed_out: Mutex<Option<u64>>,
}

impl CaseClock {
    fn new(threads: usize, start: Instant) -> Arc<CaseClock> {
        Arc::new(CaseClock {
            start,
            running: (0..threads.max(1))
                .map(|_| (AtomicU64::new(0), AtomicU64::new(0)))
                .collect(),
            slowest_ns: AtomicU64::new(0),
            slowest: Mutex::new(None),
            timed_out: Mutex::new(None),
        })
    }

    /// Runs `case` (seed `seed`) on a pool thread, timing it.
    fn time<T>(&self, seed: u64, case: impl FnOnce() -> T) -> T {
        let slot = rayon::current_thread_index().and_then(|i| self.running.get(i));
        let begun = Instant::now();
        if let Some((since, running_seed)) = slot {
            running_seed.store(seed, Ordering::Relaxed);
            let ns = begun.duration_since(self.start).as_nanos() as u64;
            since.store(ns + 1, Ordering::Release);
        }
        let result = case();
        let took = begun.elapsed();
        if let Some((since, _)) = slot {
            since.store(0, Ordering::Release);
        }
        let took_ns = took.as_nanos() as u64;
        if took_ns >= self.slowest_ns.load(Ordering::Relaxed) {
            let mut slowest = self.slowest.lock().unwrap_or_else(|e| e.into_inner());
            // The lowest seed among equally slow cases, whatever the threads' order.
            if slowest.is_none_or(|(s, time)| took > time || (took == time && seed < s)) {
                *slowest = Some((seed, took));
                self.slowest_ns.store(took_ns, Ordering::Relaxed);
            }
        }
        result
    }

    fn slowest(&self) -> Option<(u64, Duration)> {
        *self.slowest.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A thread that notes the first case seen running past `limit` and, with `exit`, ends the
    /// process there with exit code 1 (a case cannot be stopped from outside its thread),
    /// naming its seed. Stops when dropped.
    fn watch(
        self: &Arc<Self>,
        name: &'static str,
        limit: Duration,
        exit: bool,
        bar: ProgressBar,
    ) -> Watchdog {
        let clock = Arc::clone(self);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::Acquire) {
                let now = clock.start.elapsed().as_nanos() as u64;
                for (since, seed) in &clock.running {
                    let began = since.load(Ordering::Acquire);
                    if began == 0 || now.saturating_sub(began - 1) <= limit.as_nanos() as u64 {
                        continue;
                    }
                    let seed = seed.load(Ordering::Relaxed);
                    if exit {
                        bar.abandon();
                        eprintln!("error: {}", time_out_message(name, seed, limit));
                        std::process::exit(1);
                    }
                    let mut timed_out = clock.timed_out.lock().unwrap_or_else(|e| e.into_inner());
                    if timed_out.is_none() {
                        *timed_out = Some(seed);
                    }
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        Watchdog {
            stop,
            thread: Some(thread),
        }
    }
}

fn time_out_message(name: &str, seed: u64, limit: Duration) -> String {
    format!(
        "{}: the case of seed {} ran past {} ms (the per-case time limit, --case-time-limit-ms): \
         the brute force or the solver is too slow on it, or hangs; reproduce with --seed {} \
         --cases 1",
        name,
        seed,
        limit.as_millis(),
        seed
    )
}

/// Stops the per-case watchdog thread when dropped.
struct Watchdog {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(thread) = self.thread.take() {
            thread.join().ok();
        }
    }
}

thread_local! {
    /// Whether this thread is inside the solver, whose panics are reported as its answer.
    static IN_SOLVER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Keeps the default panic message for every panic but the solver's (the command's report shows
/// those as the solver's answer; a shrink would print one per step).
fn quiet_solver_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !IN_SOLVER.with(|flag| flag.get()) {
            default(info);
        }
    }));
}

/// The solver's output on `text`, or its error, or its panic, as text.
fn solver_output<O: Oracle>(text: &str) -> String {
    IN_SOLVER.with(|flag| flag.set(true));
    let run = std::panic::catch_unwind(|| {
        let mut out = Vec::new();
        let result = O::solve(text.as_bytes(), &mut out);
        (result, out)
    });
    IN_SOLVER.with(|flag| flag.set(false));
    match run {
        Ok((Ok(()), out)) => String::from_utf8_lossy(&out).into_owned(),
        Ok((Err(err), _)) => format!("error: {}", err),
        Err(panic) => format!("panic: {}", panic_message(&*panic)),
    }
}

pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

/// Like `dp_core::oracle::check_input`, with a panicking solver counted as a mismatch instead
/// of ending the run.
pub fn check_input<O: Oracle>(seed: u64, input: O::Input) -> Option<Mismatch<O::Input>> {
    check_input_with::<O>(seed, input, solver_output::<O>)
}

/// Checks the input generated from `seed`.
pub fn check_seed<O: Oracle>(seed: u64) -> Option<Mismatch<O::Input>> {
    check_input::<O>(seed, O::generate(&mut SplitMix64::new(seed)))
}

/// Greedy shrinking (`dp_core::oracle::shrink_mismatch`), with panics counted as mismatches.
/// Returns the last failing input and the number of moves.
pub fn shrink<O: Oracle>(
    mismatch: Mismatch<O::Input>,
    budget: usize,
) -> (Mismatch<O::Input>, usize) {
    shrink_mismatch_with::<O>(mismatch, budget, solver_output::<O>)
}

/// Writes `stress-<seed>.in` and `.out` into `dir` (created if missing); when either exists,
/// tries `stress-<seed>-2`, `-3`, ... Never replaces a file. Returns the `.in` path.
pub fn save_counterexample(dir: &Path, seed: u64, input: &str, expected: &str) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for attempt in 1..=100 {
        let stem = if attempt == 1 {
            format!("stress-{}", seed)
        } else {
            format!("stress-{}-{}", seed, attempt)
        };
        let in_path = dir.join(format!("{}.in", stem));
        let out_path = dir.join(format!("{}.out", stem));
        if out_path.exists() {
            continue;
        }
        // create_new: never over a file, even one that appeared since the check above.
        let Ok(mut in_file) = create_new(&in_path) else {
            continue;
        };
        in_file.write_all(input.as_bytes())?;
        let mut out_file = match create_new(&out_path) {
            Ok(file) => file,
            Err(_) => {
                drop(in_file);
                std::fs::remove_file(&in_path).ok();
                continue;
            }
        };
        out_file.write_all(with_newline(expected).as_bytes())?;
        return Ok(in_path);
    }
    bail!(
        "{}: stress-{}.in and 99 other names are taken; move some away",
        dir.display(),
        seed
    )
}

fn create_new(path: &Path) -> std::io::Result<std::fs::File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;
    use ::problems::p2599_stone_ends::{self, oracle::StoneEnds};
    use ::problems::p4363_staircase_chess::{self, oracle::StaircaseChess};
    use dp_core::oracle::{same_tokens, Planted, PlantedSolver};
    use dp_core::Error;

    fn config(dir: &Path, cases: u64, seed: u64, jobs: usize) -> Config {
        Config {
            cases,
            seed,
            jobs,
            save_dir: dir.to_path_buf(),
            progress: false,
            case_time_limit: None,
            exit_on_time_out: false,
        }
    }

    #[test]
    fn correct_solver_passes_every_case() {
        let dir = TempDir::new("stress-ok");
        let report = stress::<StaircaseChess>(&config(&dir.0, 500, 7, 2)).unwrap();
        assert!(report.found.is_none());
        assert_eq!(report.checked, 500);
        assert_eq!(
            std::fs::read_dir(&dir.0).unwrap().count(),
            0,
            "nothing saved"
        );
    }

    /// p4363 with a planted bug: the solver forgets White's values on boards with a cell worth
    /// more than 5 to White, answering as if White scored nothing.
    struct Forgetful;
    type ForgetfulChess = Planted<Forgetful>;

    impl PlantedSolver for Forgetful {
        type Base = StaircaseChess;
        fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
            let mut sc = dp_core::Scanner::new(input);
            let rows: usize = sc.next("n")?;
            let cols: usize = sc.next("m")?;
            let shapes = dp_core::LatticePath::new(rows, cols);
            let mut black = vec![0; rows * cols];
            let mut white = vec![0; rows * cols];
            for cell in black.iter_mut().chain(white.iter_mut()) {
                *cell = sc.next("value")?;
            }
            if white.iter().any(|&w| w > 5) {
                white.iter_mut().for_each(|w| *w = 0);
            }
            let best = p4363_staircase_chess::best_difference(&shapes, &black, &white);
            out.extend_from_slice(format!("{}\n", best).as_bytes());
            Ok(())
        }
    }

    #[test]
    fn planted_p4363_bug_is_caught_shrunk_and_saved_without_overwriting() {
        let dir = TempDir::new("stress-p4363");
        let report = stress::<ForgetfulChess>(&config(&dir.0, 10_000, 1, 2)).unwrap();
        let found = report.found.expect("the planted bug is found");
        // The smallest board that shows it: one cell whose White value (> 5) White never gets
        // to play... so at least two cells, one of them worth > 5 to White.
        let tokens: Vec<i64> = found
            .input
            .split_ascii_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let (rows, cols) = (tokens[0], tokens[1]);
        assert_eq!(rows * cols, 2, "{}", found.input);
        let white = &tokens[2 + 2..];
        assert_eq!(
            white.iter().filter(|&&w| w > 0).count(),
            1,
            "{}",
            found.input
        );
        assert!(
            white.iter().any(|&w| (6..=11).contains(&w)),
            "{}",
            found.input
        );
        // Saved with the brute force's answer, which disagrees with the planted solver.
        let saved_in = std::fs::read_to_string(&found.saved).unwrap();
        let saved_out = std::fs::read_to_string(found.saved.with_extension("out")).unwrap();
        assert_eq!(saved_in, found.input);
        assert!(same_tokens(&saved_out, &found.expected));
        assert!(!same_tokens(&saved_out, &found.got));
        assert_eq!(
            found.saved.file_name().unwrap().to_string_lossy(),
            format!("stress-{}.in", found.seed)
        );
        // The same run again finds the same seed and takes a new name.
        let again = stress::<ForgetfulChess>(&config(&dir.0, 10_000, 1, 1)).unwrap();
        let again = again.found.unwrap();
        assert_eq!(again.seed, found.seed);
        assert_eq!(again.input, found.input);
        assert_eq!(
            again.saved.file_name().unwrap().to_string_lossy(),
            format!("stress-{}-2.in", found.seed)
        );
        assert_eq!(std::fs::read_to_string(&found.saved).unwrap(), saved_in);
    }

    /// p2599 with the slip of the seed editorial planted: the right bound's "new pile equals
    /// the near bound, so the partner is 0" case tests `x == 1` instead of `x == near`. Right
    /// bounds of intervals of two or more piles only matter from 4 piles on.
    struct Slipped;
    type SlippedStoneEnds = Planted<Slipped>;

    /// The seed's right-hand case with its slip: the other cases as in
    /// `p2599_stone_ends::partner`.
    fn slipped_partner(x: u32, near: u32, far: u32) -> u32 {
        if x == 1 {
            0
        } else if x < near && x >= far {
            x + 1
        } else if x > near && x <= far {
            x - 1
        } else {
            x
        }
    }

    /// Whether the first player wins, by the interval table with the slipped right bounds.
    fn slipped_first_wins(piles: &[u32]) -> bool {
        let n = piles.len();
        // left[i][j], right[i][j]: the bounds of piles[i..j]; 0 for an empty interval.
        let mut left = vec![vec![0u32; n + 1]; n + 1];
        let mut right = vec![vec![0u32; n + 1]; n + 1];
        for len in 1..=n {
            for i in 0..=n - len {
                let j = i + len;
                if len == 1 {
                    left[i][j] = piles[i];
                    right[i][j] = piles[i];
                } else {
                    left[i][j] =
                        p2599_stone_ends::partner(piles[j - 1], right[i][j - 1], left[i][j - 1]);
                    right[i][j] = slipped_partner(piles[i], left[i + 1][j], right[i + 1][j]);
                }
            }
        }
        n > 0 && piles[0] != left[1][n]
    }

    impl PlantedSolver for Slipped {
        type Base = StoneEnds;
        fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
            let mut sc = dp_core::Scanner::new(input);
            let tests: usize = sc.next("T")?;
            for _ in 0..tests {
                let n: usize = sc.next("n")?;
                let mut piles = Vec::new();
                for _ in 0..n {
                    piles.push(sc.next("a_i")?);
                }
                let wins = slipped_first_wins(&piles);
                out.extend_from_slice(if wins { b"1\n" } else { b"0\n" });
            }
            Ok(())
        }
    }

    #[test]
    fn planted_p2599_slip_is_caught_and_shrunk_to_one_test_of_four_piles() {
        // The slipped table agrees with the real solver's bounds where the slip cannot show.
        assert!(slipped_first_wins(&[3, 1, 9]) == p2599_stone_ends::first_player_wins(&[3, 1, 9]));
        let dir = TempDir::new("stress-p2599");
        let report = stress::<SlippedStoneEnds>(&config(&dir.0, 20_000, 1, 2)).unwrap();
        let found = report.found.clone().expect("the planted slip is found");
        let tokens: Vec<u32> = found
            .input
            .split_ascii_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        // One test (T = 1) of n = 4 piles, each small.
        assert_eq!(tokens.len(), 2 + 4, "{}", found.input);
        assert_eq!((tokens[0], tokens[1]), (1, 4), "{}", found.input);
        let piles = &tokens[2..];
        assert!(
            piles.iter().all(|&a| (1..=8).contains(&a)),
            "{}",
            found.input
        );
        // The brute force and the real solver agree on it; the slipped one does not.
        let truth = p2599_stone_ends::oracle::brute_force(piles);
        assert_eq!(p2599_stone_ends::first_player_wins(piles), truth);
        assert_ne!(slipped_first_wins(piles), truth);
        assert!(same_tokens(&found.expected, if truth { "1" } else { "0" }));
        // Minimal: no shorter row is a counterexample.
        for len in 1..4 {
            for start in 0..=4 - len {
                let row = &piles[start..start + len];
                assert_eq!(
                    slipped_first_wins(row),
                    p2599_stone_ends::oracle::brute_force(row),
                    "{:?}",
                    row
                );
            }
        }
        assert!(found.saved.starts_with(&dir.0));
        // The report shows the minimal input and both answers.
        let mut text = Vec::new();
        let config = config(&dir.0, 20_000, 1, 2);
        print_report(StoneEnds::name(), &config, &report, &dir.0, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        eprintln!("{}", text);
        assert!(
            text.contains(&format!("MISMATCH at seed {}", found.seed)),
            "{}",
            text
        );
        assert!(text.contains(&found.input), "{}", text);
    }

    #[test]
    fn same_seed_same_first_mismatch_whatever_the_jobs() {
        let dir = TempDir::new("stress-jobs");
        let one = stress::<ForgetfulChess>(&config(&dir.0, 3000, 100, 1)).unwrap();
        let two = stress::<ForgetfulChess>(&config(&dir.0, 3000, 100, 2)).unwrap();
        let (one, two) = (one.found.unwrap(), two.found.unwrap());
        assert_eq!(one.seed, two.seed);
        assert_eq!(one.input, two.input);
        // And it is the first failing seed.
        assert!((100..one.seed).all(|s| check_seed::<ForgetfulChess>(s).is_none()));
    }

    #[test]
    fn save_never_overwrites() {
        let dir = TempDir::new("stress-save");
        std::fs::write(dir.0.join("stress-5.out"), "keep").unwrap();
        std::fs::write(dir.0.join("stress-5-2.in"), "keep").unwrap();
        let path = save_counterexample(&dir.0, 5, "1\n", "2").unwrap();
        assert_eq!(path, dir.0.join("stress-5-3.in"));
        assert_eq!(
            std::fs::read_to_string(dir.0.join("stress-5-3.out")).unwrap(),
            "2\n"
        );
        assert_eq!(
            std::fs::read_to_string(dir.0.join("stress-5.out")).unwrap(),
            "keep"
        );
        assert_eq!(
            std::fs::read_to_string(dir.0.join("stress-5-2.in")).unwrap(),
            "keep"
        );
        assert!(!dir.0.join("stress-5.in").exists());
    }

    #[test]
    fn panicking_solver_is_a_mismatch_not_a_crash() {
        struct IndexError;
        type Panics = Planted<IndexError>;
        impl PlantedSolver for IndexError {
            type Base = StaircaseChess;
            fn solve(input: &[u8], _: &mut Vec<u8>) -> Result<(), Error> {
                let cells: Vec<u8> = input.to_vec();
                // An index error on every input.
                let _ = cells[cells.len() + 1];
                Ok(())
            }
        }
        let dir = TempDir::new("stress-panic");
        let report = stress::<Panics>(&config(&dir.0, 10, 3, 1)).unwrap();
        let found = report.found.unwrap();
        assert_eq!(found.seed, 3);
        assert!(
            found.got.starts_with("panic: index out of bounds"),
            "{}",
            found.got
        );
    }

    #[test]
    fn a_case_past_the_time_limit_fails_the_run_with_its_seed() {
        /// Sleeps on boards of 2 x 3 cells: a hang, as far as a 50 ms limit can tell.
        struct Sleepy;
        impl PlantedSolver for Sleepy {
            type Base = StaircaseChess;
            fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
                if input.starts_with(b"2 3\n") {
                    std::thread::sleep(Duration::from_millis(300));
                }
                StaircaseChess::solve(input, out)
            }
        }
        let dir = TempDir::new("stress-slow");
        let mut config = config(&dir.0, 100, 1, 1);
        config.case_time_limit = Some(Duration::from_millis(50));
        let err = stress::<Planted<Sleepy>>(&config).unwrap_err().to_string();
        let first = (1..)
            .find(|&seed| {
                let board = StaircaseChess::generate(&mut SplitMix64::new(seed));
                (board.rows, board.cols) == (2, 3)
            })
            .unwrap();
        assert!(
            err.contains(&format!("the case of seed {} ran past 50 ms", first)),
            "{}",
            err
        );
        // Without the limit the run passes and names that seed as the slowest.
        config.case_time_limit = None;
        config.cases = first;
        let report = stress::<Planted<Sleepy>>(&config).unwrap();
        assert_eq!(report.slowest.map(|s| s.0), Some(first));
    }

    #[test]
    fn edge_cases_of_the_options_are_refused_or_capped() {
        let err = check_config(0, 1, 0).unwrap_err().to_string();
        assert!(err.contains("--cases 0 checks nothing"), "{}", err);
        let err = check_config(2, u64::MAX, 0).unwrap_err().to_string();
        assert!(err.contains("past 18446744073709551615"), "{}", err);
        // The last seed may be u64::MAX itself.
        assert_eq!(check_config(1, u64::MAX, 0).unwrap(), 0);
        assert_eq!(check_config(1, 1, 10_000).unwrap(), max_jobs());
        let dir = TempDir::new("stress-max-seed");
        let report = stress::<StaircaseChess>(&config(&dir.0, 3, u64::MAX - 2, 2)).unwrap();
        assert_eq!(report.checked, 3);
    }
}
