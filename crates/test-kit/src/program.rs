//! The oracle program: a problem crate's `src/bin/oracle.rs` is one line,
//! `test_kit::oracle_program::<my_crate::oracle::MyProblem>()`, and `cargo xtask stress |
//! brute | sample | bench | test` build that program for that crate alone and run it. So a
//! change to one problem recompiles that problem and its program, nothing else.

use crate::erased::{DynOracle, Erase};
use crate::oracle::Oracle;
use crate::stress::{self, ChildProcesses, Config};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `<crate>-oracle help` prints.
pub const USAGE: &str = "\
<crate>-oracle <command> [options]: the oracle of one problem crate (cargo xtask runs it)

  stress [--cases N] [--seed S] [--jobs J] [--case-time-limit-ms T] [--save-dir DIR] [--quiet]
                      random small inputs, the brute force against the solver; a failure is
                      shrunk, printed and saved in DIR (default samples/<crate>/)
  brute [FILE...]     the brute force's answer to each file (stdin without FILE); an
                      input past 64 MiB is refused
  solve [FILE]        the solver's answer, or its error as a line `error: ...`
  bench-inputs DIR    writes benchmark input i as DIR/<i>-<stem>.in (removing the other .in
                      files of DIR); prints `<i>-<stem>\\t<name>` per input
  generate DIR [--cases N] [--seed S] [--answers]
                      writes the inputs of seeds S..S+N-1 (default 1 and 200) as DIR/<seed>.in
                      (removing the other .in and .out files of DIR); with --answers also the
                      solver's answer to each as DIR/<seed>.out, as a sample's .out holds it
                      (a solver that panics fails the command, naming the seed)
  check [SAMPLES]     the checks every problem gets, on 200 random inputs and the samples
  name                the crate's name
";

/// The `main` of a problem's oracle program: runs the command of its arguments and exits with
/// its code (0 success, 1 a failed check or an input refused, 2 a usage error).
///
/// # Example
/// A problem crate's `src/bin/oracle.rs` is `test_kit::oracle_program::<my_crate::oracle::ProblemOracle>()`
/// in `main`; here with an oracle of its own:
/// ```no_run
/// struct Echo;
/// impl test_kit::Oracle for Echo {
///     type Input = u8;
///     fn name() -> &'static str { "echo" }
///     fn generate(rng: &mut dp_core::SplitMix64) -> u8 { rng.range(0, 9) as u8 }
///     fn render(x: &u8) -> String { format!("{}\n", x) }
///     fn parse(input: &[u8]) -> Result<u8, String> {
///         test_kit::parse_with(input, |sc| sc.next("x"))
///     }
///     fn brute_force(x: &u8) -> String { format!("{}\n", x) }
///     fn shrink(x: &u8) -> Vec<u8> { test_kit::smaller(*x, 0) }
///     fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), dp_core::Error> {
///         out.extend_from_slice(input);
///         Ok(())
///     }
/// }
///
/// fn main() {
///     test_kit::oracle_program::<Echo>()
/// }
/// ```
pub fn oracle_program<O: Oracle>() {
    oracle_program_dyn(&Erase::<O>::NEW)
}

/// [`oracle_program`], compiled once here rather than in every problem's program.
fn oracle_program_dyn(oracle: &dyn DynOracle) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match run(oracle, args) {
        Ok(code) => code,
        Err(Usage(message)) => {
            // The error and where the options are listed, not the whole usage of every
            // command: the error is what the user needs to see.
            eprintln!("error: {}", message);
            eprintln!("see `{}` for the options", help_pointer());
            2
        }
    };
    std::process::exit(code);
}

/// Where a usage error points: the command the user typed, as the caller names it in
/// `GAMEDP_HELP_POINTER` (`cargo xtask stress --help`), else this program's `help`.
fn help_pointer() -> String {
    std::env::var("GAMEDP_HELP_POINTER").unwrap_or_else(|_| {
        let program = std::env::current_exe().ok();
        let name = program
            .as_deref()
            .and_then(Path::file_name)
            .map_or("<crate>-oracle".into(), |n| n.to_string_lossy());
        format!("{} help", name)
    })
}

/// A usage error, with its message.
struct Usage(String);

fn run(oracle: &dyn DynOracle, args: Vec<String>) -> Result<i32, Usage> {
    let mut args = Args(args);
    let Some(command) = args.next() else {
        return Err(Usage("no command given".to_string()));
    };
    match command.as_str() {
        "stress" => stress_command(oracle, args),
        "brute" => {
            let files = args.finish()?;
            Ok(answer_files(&files, |text| {
                crate::brute::brute_answer_dyn(oracle, text)
            }))
        }
        "solve" => {
            let files = args.finish()?;
            if files.len() > 1 {
                return Err(Usage("solve takes one FILE at most".to_string()));
            }
            Ok(answer_files(&files, |text| {
                Ok(crate::brute::solver_answer_dyn(oracle, text))
            }))
        }
        "bench-inputs" => {
            let dirs = args.finish()?;
            let [dir] = dirs.as_slice() else {
                return Err(Usage("bench-inputs takes one DIR".to_string()));
            };
            Ok(report(write_bench_inputs(oracle, Path::new(dir))))
        }
        "generate" => {
            let cases = args.number("--cases")?.unwrap_or(200);
            let seed = args.number("--seed")?.unwrap_or(1);
            let answers = args.flag("--answers")?;
            let dirs = args.finish()?;
            let [dir] = dirs.as_slice() else {
                return Err(Usage("generate takes one DIR".to_string()));
            };
            if seed.checked_add(cases).is_none() {
                return Err(Usage("--seed plus --cases is past 2^64".to_string()));
            }
            Ok(report(write_generated(
                oracle,
                Path::new(dir),
                seed,
                cases,
                answers,
            )))
        }
        "check" => {
            let dirs = args.finish()?;
            let samples = dirs.first().map(PathBuf::from).filter(|d| d.is_dir());
            let result = crate::checks::standard_checks_dyn(oracle, 200, samples.as_deref()).map(
                |checked| {
                    println!(
                        "{}: {} random inputs and {} samples pass the standard checks",
                        oracle.name(),
                        checked.cases,
                        checked.samples
                    );
                },
            );
            Ok(report(result))
        }
        "name" => {
            args.finish()?;
            println!("{}", oracle.name());
            Ok(0)
        }
        "help" | "--help" | "-h" => {
            print!("{}", USAGE);
            Ok(0)
        }
        "__batch" => {
            let rest = args.finish()?;
            let number = |i: usize| rest.get(i).and_then(|s| s.parse::<u64>().ok());
            let (Some(first), Some(last)) = (number(0), number(1)) else {
                return Err(Usage("__batch FIRST LAST [LIMIT_MS]".to_string()));
            };
            let limit = number(2).map(Duration::from_millis);
            Ok(stress::serve_batch(oracle, first, last, limit))
        }
        "__shrink" => {
            let rest = args.finish()?;
            let Some(seed) = rest.first().and_then(|s| s.parse::<u64>().ok()) else {
                return Err(Usage("__shrink SEED".to_string()));
            };
            let shrunk = stress::shrink_seed(oracle, seed);
            Ok(match shrunk {
                Ok(shrunk) => {
                    let stdout = std::io::stdout();
                    let mut out = stdout.lock();
                    stress::write_shrunk(&mut out, &shrunk)
                        .and_then(|()| out.flush())
                        .map_or(1, |()| 0)
                }
                Err(err) => {
                    eprintln!("error: {}", err);
                    1
                }
            })
        }
        other => Err(Usage(format!("unknown command {:?}", other))),
    }
}

fn report(result: Result<(), String>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(err) => {
            eprintln!("error: {}", err);
            1
        }
    }
}

fn stress_command(oracle: &dyn DynOracle, mut args: Args) -> Result<i32, Usage> {
    let cases = args.number("--cases")?.unwrap_or(stress::DEFAULT_CASES);
    let seed = args.number("--seed")?.unwrap_or(1);
    let jobs = args.number("--jobs")?.unwrap_or(0) as usize;
    let limit_ms = args.number("--case-time-limit-ms")?;
    let save_dir = args.value("--save-dir")?;
    let quiet = args.flag("--quiet")?;
    args.finish_empty()?;
    let jobs = stress::check_config(cases, seed, jobs).map_err(Usage)?;
    if limit_ms == Some(0) {
        return Err(Usage("--case-time-limit-ms must be at least 1".to_string()));
    }
    let config = Config {
        cases,
        seed,
        jobs,
        save_dir: save_dir
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new("samples").join(oracle.name())),
        progress: !quiet,
        case_time_limit: Some(
            limit_ms.map_or(stress::DEFAULT_CASE_TIME_LIMIT, Duration::from_millis),
        ),
    };
    let program = match std::env::current_exe() {
        Ok(program) => program,
        Err(err) => {
            eprintln!("error: finding this program's path: {}", err);
            return Ok(1);
        }
    };
    let runner = ChildProcesses { program };
    let report = match stress::stress(oracle.name(), &config, &runner) {
        Ok(report) => report,
        Err(err) => {
            eprintln!("error: {}", err);
            return Ok(1);
        }
    };
    let report = with_crash_input(oracle, report);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let root = std::env::current_dir().unwrap_or_default();
    stress::print_report(oracle.name(), &config, &report, &root, &mut out).ok();
    Ok(if report.failure.is_some() { 1 } else { 0 })
}

/// A crashed case's input, made again here (generating and rendering it crashes nothing, or
/// the oracle's generator is what crashed: then it stays unknown).
fn with_crash_input(oracle: &dyn DynOracle, mut report: stress::Report) -> stress::Report {
    if let Some(stress::Failure::Crashed { seed, input, .. }) = &mut report.failure {
        let seed = *seed;
        *input = crate::cases::catch_quietly(|| {
            oracle.render(&oracle.generate(&mut dp_core::SplitMix64::new(seed)))
        })
        .ok();
    }
    report
}

/// Answers each file (stdin without files), each answer after a `--- FILE` line when there are
/// several; exit code 1 if any failed.
fn answer_files(files: &[String], answer: impl Fn(&[u8]) -> Result<String, String>) -> i32 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut code = 0;
    if files.is_empty() {
        let text = match sample_files::read_capped(std::io::stdin().lock(), "stdin") {
            Ok(text) => text,
            Err(err) => {
                eprintln!("error: {}", err);
                return 1;
            }
        };
        match answer(&text) {
            Ok(answer) => {
                out.write_all(answer.as_bytes()).ok();
            }
            Err(err) => {
                eprintln!("error: stdin: {}", err);
                code = 1;
            }
        }
    }
    for file in files {
        let result = sample_files::read_regular(Path::new(file)).and_then(|text| answer(&text));
        if files.len() > 1 {
            writeln!(out, "--- {}", file).ok();
        }
        match result {
            Ok(answer) => {
                out.write_all(answer.as_bytes()).ok();
            }
            Err(err) => {
                out.flush().ok();
                eprintln!("error: {}: {}", file, err);
                code = 1;
            }
        }
    }
    out.flush().ok();
    code
}

/// Writes the generated inputs of seeds `seed..seed + cases` into `dir` as `<seed>.in`
/// (emptied of `.in` and `.out` files first), and with `answers` the solver's answer to each as
/// `<seed>.out`: the answers a bundle of the crate must give (`cargo xtask bundle`), from the
/// solver in this process, one thread per core with the stack stress gives it.
fn write_generated(
    oracle: &dyn DynOracle,
    dir: &Path,
    seed: u64,
    cases: u64,
    answers: bool,
) -> Result<(), String> {
    clear_inputs(dir)?;
    crate::cases::quiet_caught_panics();
    let jobs = stress::max_jobs().min(cases.max(1) as usize) as u64;
    // Each thread takes the seeds `seed + k`, `seed + k + jobs`, ...; the error reported is the
    // one of the smallest seed.
    let one = move |s: u64| -> Result<(), String> {
        let write = |path: PathBuf, text: &str| {
            std::fs::write(&path, text)
                .map_err(|err| format!("writing {}: {}", path.display(), err))
        };
        let text = oracle.render(&oracle.generate(&mut dp_core::SplitMix64::new(s)));
        write(dir.join(format!("{}.in", s)), &text)?;
        if answers {
            let answer = crate::cases::solver_result(oracle, &text).map_err(|panic| {
                format!(
                    "the solver panicked on the input of seed {}: {} (`cargo xtask stress --seed {} --cases 1` shrinks it)",
                    s, panic, s
                )
            })?;
            let newline = if answer.ends_with('\n') { "" } else { "\n" };
            write(dir.join(format!("{}.out", s)), &(answer + newline))?;
        }
        Ok(())
    };
    let failures: Vec<(u64, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|k| {
                std::thread::Builder::new()
                    .name("generate".to_string())
                    .stack_size(crate::cases::CASE_STACK)
                    .spawn_scoped(scope, move || {
                        (seed + k..seed + cases)
                            .step_by(jobs as usize)
                            .find_map(|s| one(s).err().map(|err| (s, err)))
                    })
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| match h {
                Ok(h) => h
                    .join()
                    .unwrap_or_else(|_| Some((seed, "a generating thread died".to_string()))),
                Err(err) => Some((seed, format!("starting a generating thread: {}", err))),
            })
            .collect()
    });
    match failures.into_iter().min() {
        Some((_, err)) => Err(err),
        None => Ok(()),
    }
}

/// Creates `dir` and removes the `.in` and `.out` files in it.
fn clear_inputs(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|err| format!("creating {}: {}", dir.display(), err))?;
    let entries =
        std::fs::read_dir(dir).map_err(|err| format!("reading {}: {}", dir.display(), err))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "in" || e == "out") {
            std::fs::remove_file(&path)
                .map_err(|err| format!("removing {}: {}", path.display(), err))?;
        }
    }
    Ok(())
}

/// Writes every benchmark input of `O` into `dir` (emptied of `.in` files first, so no stale
/// input stays), printing `stem<TAB>name` per input.
fn write_bench_inputs(oracle: &dyn DynOracle, dir: &Path) -> Result<(), String> {
    clear_inputs(dir)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (i, input) in oracle.bench_inputs().into_iter().enumerate() {
        let stem = format!("{:02}-{}", i + 1, file_stem(&input.name));
        let path = dir.join(format!("{}.in", stem));
        std::fs::write(&path, &input.text)
            .map_err(|err| format!("writing {}: {}", path.display(), err))?;
        writeln!(out, "{}\t{}", stem, input.name).map_err(|err| err.to_string())?;
    }
    Ok(())
}

/// A file name for a benchmark input's name: letters, digits and `-` only.
pub fn file_stem(name: &str) -> String {
    let mut stem = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            stem.push(c.to_ascii_lowercase());
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_matches('-').to_string();
    if stem.is_empty() {
        "input".to_string()
    } else {
        stem
    }
}

/// The program's arguments, consumed as they are read.
struct Args(Vec<String>);

impl Args {
    fn next(&mut self) -> Option<String> {
        (!self.0.is_empty()).then(|| self.0.remove(0))
    }

    /// Whether `--name` was given; given twice, a usage error.
    fn flag(&mut self, name: &str) -> Result<bool, Usage> {
        let before = self.0.len();
        self.0.retain(|a| a != name);
        match before - self.0.len() {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(Usage(format!("{} given twice: give it once", name))),
        }
    }

    /// The value of `--name value` or `--name=value`; given twice, a usage error (`--cases 5
    /// --cases 6` took 6 without a word).
    fn value(&mut self, name: &str) -> Result<Option<String>, Usage> {
        let mut found: Option<String> = None;
        let mut i = 0;
        while i < self.0.len() {
            let value = if self.0[i] == name {
                if i + 1 >= self.0.len() {
                    return Err(Usage(format!("{} needs a value", name)));
                }
                let value = self.0.remove(i + 1);
                self.0.remove(i);
                value
            } else if let Some(v) = self.0[i].strip_prefix(&format!("{}=", name)) {
                let value = v.to_string();
                self.0.remove(i);
                value
            } else {
                i += 1;
                continue;
            };
            if let Some(first) = &found {
                return Err(Usage(format!(
                    "{} given twice ({} and {}): give it once",
                    name, first, value
                )));
            }
            found = Some(value);
        }
        Ok(found)
    }

    fn number(&mut self, name: &str) -> Result<Option<u64>, Usage> {
        match self.value(name)? {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| Usage(format!("{} {:?} is not a whole number", name, v))),
        }
    }

    /// The positionals left; an unknown `--option` is a usage error.
    fn finish(self) -> Result<Vec<String>, Usage> {
        if let Some(unknown) = self.0.iter().find(|a| a.starts_with("--")) {
            return Err(Usage(format!("unknown option {}", unknown)));
        }
        Ok(self.0)
    }

    fn finish_empty(self) -> Result<(), Usage> {
        let rest = self.finish()?;
        match rest.first() {
            Some(extra) => Err(Usage(format!("unexpected argument {:?}", extra))),
            None => Ok(()),
        }
    }
}
