//! The oracle program: a problem crate's `src/bin/oracle.rs` is one line,
//! `test_kit::oracle_program::<my_crate::oracle::MyProblem>()`, and `cargo xtask stress |
//! brute | sample | bench | test` build that program for that crate alone and run it. So a
//! change to one problem recompiles that problem and its program, nothing else.

use crate::erased::{DynOracle, Erase};
use crate::problem::Problem;
use crate::stress::{self, ChildProcesses, Config};
use context_error::{err, Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

xflags::xflags! {
    /// The oracle program of one problem crate, <crate>-oracle (cargo xtask runs it). Exit
    /// code 0 on success, 1 for a failed check or a refused input, 2 for a usage error.
    cmd oracle-program {
        /// The brute force's answer to each FILE (stdin without FILE); an input past 64 MiB
        /// is refused.
        cmd brute {
            repeated files: String
        }
        /// The solver's answer, or its error as a line `error: ...`.
        cmd solve {
            optional file: String
        }
        /// Writes benchmark input i as DIR/<i>-<stem>.in (removing the other .in files of
        /// DIR); prints `<i>-<stem>` and the input's name, a tab between, per input.
        cmd bench-inputs {
            required dir: PathBuf
        }
        /// Writes the inputs of seeds S..S+N-1 as DIR/<seed>.in (removing the other .in and
        /// .out files of DIR); with --answers also the solver's answer to each as
        /// DIR/<seed>.out, as a sample's .out holds it (a solver that panics fails the
        /// command, naming the seed).
        cmd generate {
            required dir: PathBuf
            /// Inputs to write (default 200).
            optional --cases N: u64
            /// The first seed (default 1).
            optional --seed S: u64
            /// Also the solver's answers.
            optional --answers
        }
        /// The checks every problem gets, on 200 random inputs and the samples in SAMPLES.
        cmd check {
            optional samples: PathBuf
        }
        /// The crate's name.
        cmd name {}
    }
}

/// What the `stress` command does; its options are `cargo xtask stress`'s, declared once in
/// [`cli_args::stress`].
const STRESS_HELP: &str =
    "Random small inputs, the brute force against the solver, in child processes; a
failure is shrunk, printed and saved in DIR.";

/// What `<crate>-oracle help` prints, made from the declaration above and the stress options'.
///
/// # Example
/// ```
/// let usage = test_kit::usage();
/// let stress = usage.find("\noracle-program stress\n").unwrap();
/// assert!(stress < usage.find("\noracle-program brute\n").unwrap());
/// assert!(usage.contains("\n  OPTIONS:\n    --cases <N>\n      Cases to check"));
/// ```
pub fn usage() -> String {
    let mut stress = String::from("oracle-program stress\n");
    let options = cli_args::stress::options_help();
    for line in STRESS_HELP.lines().chain([""]).chain(options.lines()) {
        let indented = format!("  {}", line);
        stress.push_str(indented.trim_end());
        stress.push('\n');
    }
    stress.push_str("\n\n");
    // Before the first command, as xflags lists them.
    let text = OracleProgram::HELP_;
    let at = text
        .find("\noracle-program ")
        .map_or(text.len(), |at| at + 1);
    format!("{}{}{}", &text[..at], stress, &text[at..])
}

/// A command line read: the stress run (options shared with `cargo xtask stress`) or one of
/// the commands declared above.
enum Command {
    Stress(cli_args::stress::Stress),
    Other(OracleProgramCmd),
}

/// Reads a command line; `Ok(None)` asks for the help.
fn read(args: Vec<String>) -> Result<Option<Command>, String> {
    if args.first().map(String::as_str) == Some("stress") {
        if args.iter().any(|a| a == "--help" || a == "-h") {
            return Ok(None);
        }
        return cli_args::stress::read(args[1..].to_vec()).map(|s| Some(Command::Stress(s)));
    }
    match OracleProgram::from_vec(cli_args::split_inline_values(args)) {
        Ok(flags) => Ok(Some(Command::Other(flags.subcommand))),
        Err(err) if err.is_help() => Ok(None),
        Err(err) => Err(cli_args::refusal(&err)),
    }
}

/// The `main` of a problem's oracle program: runs the command of its arguments and exits with
/// its code (0 success, 1 a failed check or an input refused, 2 a usage error).
///
/// # Example
/// A problem crate's `src/bin/oracle.rs` is `test_kit::oracle_program::<my_crate::oracle::TileGame>()`
/// in `main`; here with an oracle of its own:
/// ```no_run
/// use test_kit::format::{int, Format};
/// use test_kit::{Problem, Solve};
///
/// struct Echo;
/// impl Problem for Echo {
///     const NAME: &'static str = "echo";
///     type Value = u8;
///     fn format() -> impl Format<Value = u8> {
///         int("x", 0..=9u8)
///     }
///     fn brute(x: &u8) -> String { format!("{}\n", x) }
///     const SOLVE: Solve = echo;
/// }
/// fn echo(input: &[u8], out: &mut Vec<u8>) -> Result<(), dp_core::Error> {
///     out.extend_from_slice(input);
///     Ok(())
/// }
///
/// fn main() {
///     test_kit::oracle_program::<Echo>()
/// }
/// ```
pub fn oracle_program<P: Problem>() {
    oracle_program_dyn(&Erase::<P>::NEW)
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
    match args.first().map(String::as_str) {
        Some("help") => {
            print!("{}", usage());
            return Ok(0);
        }
        // The stress engine's requests to its child processes, not a command line for people.
        Some("__batch") | Some("__shrink") => return Ok(serve_stress_request(oracle, &args)),
        _ => {}
    }
    let command = match read(args) {
        Ok(Some(command)) => command,
        Ok(None) => {
            print!("{}", usage());
            return Ok(0);
        }
        Err(refusal) => return Err(Usage(refusal)),
    };
    let command = match command {
        Command::Stress(flags) => return stress_command(oracle, flags),
        Command::Other(command) => command,
    };
    match command {
        OracleProgramCmd::Brute(Brute { files }) => Ok(answer_files(&files, |text| {
            crate::brute::brute_answer_dyn(oracle, text)
        })),
        OracleProgramCmd::Solve(Solve { file }) => {
            let files: Vec<String> = file.into_iter().collect();
            Ok(answer_files(&files, |text| {
                Ok(crate::brute::solver_answer_dyn(oracle, text))
            }))
        }
        OracleProgramCmd::BenchInputs(BenchInputs { dir }) => {
            Ok(report(write_bench_inputs(oracle, &dir)))
        }
        OracleProgramCmd::Generate(Generate {
            dir,
            cases,
            seed,
            answers,
        }) => {
            let (cases, seed) = (cases.unwrap_or(200), seed.unwrap_or(1));
            if seed.checked_add(cases).is_none() {
                return Err(Usage("--seed plus --cases is past 2^64".to_string()));
            }
            Ok(report(write_generated(oracle, &dir, seed, cases, answers)))
        }
        OracleProgramCmd::Check(Check { samples }) => {
            let samples = samples.filter(|d| d.is_dir());
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
        OracleProgramCmd::Name(Name {}) => {
            println!("{}", oracle.name());
            Ok(0)
        }
    }
}

/// `__batch FIRST LAST [LIMIT_MS]` and `__shrink SEED`: what the stress engine asks of the
/// child processes it starts (a malformed request is the engine's bug, exit code 2).
fn serve_stress_request(oracle: &dyn DynOracle, args: &[String]) -> i32 {
    let number = |i: usize| args.get(i).and_then(|s| s.parse::<u64>().ok());
    match (args[0].as_str(), number(1), number(2)) {
        ("__batch", Some(first), Some(last)) if args.len() <= 4 => {
            let limit = number(3).map(Duration::from_millis);
            stress::serve_batch(oracle, first, last, limit)
        }
        ("__shrink", Some(seed), None) if args.len() == 2 => {
            match stress::shrink_seed(oracle, seed) {
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
            }
        }
        _ => {
            eprintln!("error: a malformed request {:?}", args);
            2
        }
    }
}

fn report(result: Result<()>) -> i32 {
    match result {
        Ok(()) => 0,
        Err(err) => {
            eprintln!("error: {:#}", err);
            1
        }
    }
}

fn stress_command(oracle: &dyn DynOracle, flags: cli_args::stress::Stress) -> Result<i32, Usage> {
    let cases = flags.cases.unwrap_or(stress::DEFAULT_CASES);
    let seed = flags.seed.unwrap_or(1);
    let jobs = flags.jobs.unwrap_or(0) as usize;
    let limit_ms = flags.case_time_limit_ms;
    let (save_dir, quiet) = (flags.save_dir, flags.quiet);
    let jobs = stress::check_config(cases, seed, jobs).map_err(|err| Usage(err.to_string()))?;
    if limit_ms == Some(0) {
        return Err(Usage("--case-time-limit-ms must be at least 1".to_string()));
    }
    let config = Config {
        cases,
        seed,
        jobs,
        save_dir: save_dir.map_or_else(|| Path::new("samples").join(oracle.name()), PathBuf::from),
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
fn answer_files(files: &[String], answer: impl Fn(&[u8]) -> Result<String>) -> i32 {
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
        let result = sample_files::read_regular(Path::new(file))
            .map_err(Error::msg)
            .and_then(|text| answer(&text));
        if files.len() > 1 {
            writeln!(out, "--- {}", file).ok();
        }
        match result {
            Ok(answer) => {
                out.write_all(answer.as_bytes()).ok();
            }
            Err(err) => {
                out.flush().ok();
                eprintln!("error: {}: {:#}", file, err);
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
) -> Result<()> {
    clear_inputs(dir)?;
    crate::cases::quiet_caught_panics();
    let jobs = stress::max_jobs().min(cases.max(1) as usize) as u64;
    // Each thread takes the seeds `seed + k`, `seed + k + jobs`, ...; the error reported is the
    // one of the smallest seed.
    let one = move |s: u64| -> Result<()> {
        let write = |path: PathBuf, text: &str| {
            std::fs::write(&path, text).map_err(|err| err!("writing {}: {}", path.display(), err))
        };
        let text = oracle.render(&oracle.generate(&mut dp_core::SplitMix64::new(s)));
        write(dir.join(format!("{}.in", s)), &text)?;
        if answers {
            let answer = crate::cases::solver_result(oracle, &text).map_err(|panic| {
                err!(
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
                            .find_map(|s| one(s).err().map(|err| (s, format!("{:#}", err))))
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
        Some((_, err)) => Err(Error::msg(err)),
        None => Ok(()),
    }
}

/// Creates `dir` and removes the `.in` and `.out` files in it.
fn clear_inputs(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|err| err!("creating {}: {}", dir.display(), err))?;
    let entries =
        std::fs::read_dir(dir).map_err(|err| err!("reading {}: {}", dir.display(), err))?;
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "in" || e == "out") {
            std::fs::remove_file(&path)
                .map_err(|err| err!("removing {}: {}", path.display(), err))?;
        }
    }
    Ok(())
}

/// Writes every benchmark input of `P` into `dir` (emptied of `.in` files first, so no stale
/// input stays), printing `stem<TAB>name` per input.
fn write_bench_inputs(oracle: &dyn DynOracle, dir: &Path) -> Result<()> {
    clear_inputs(dir)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for (i, input) in oracle.bench_inputs().into_iter().enumerate() {
        let stem = format!("{:02}-{}", i + 1, file_stem(&input.name));
        let path = dir.join(format!("{}.in", stem));
        std::fs::write(&path, &input.text)
            .map_err(|err| err!("writing {}: {}", path.display(), err))?;
        writeln!(out, "{}\t{}", stem, input.name).map_err(Error::msg)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Command, String> {
        match read(line.split_whitespace().map(String::from).collect()) {
            Ok(Some(command)) => Ok(command),
            Ok(None) => Err("help".to_string()),
            Err(refusal) => Err(refusal),
        }
    }

    #[test]
    fn reads_each_command() {
        let Ok(Command::Stress(stress)) = parse(
            "stress --cases 5 --seed=7 --jobs 2 --case-time-limit-ms 30 --save-dir d --quiet",
        ) else {
            panic!("stress not read");
        };
        assert_eq!(
            (
                stress.cases,
                stress.seed,
                stress.jobs,
                stress.case_time_limit_ms
            ),
            (Some(5), Some(7), Some(2), Some(30))
        );
        assert_eq!(stress.save_dir.as_deref(), Some("d"));
        assert!(stress.quiet);
        let Ok(Command::Other(OracleProgramCmd::Generate(generate))) =
            parse("generate out --answers --cases 3")
        else {
            panic!("generate not read");
        };
        assert_eq!(generate.dir, PathBuf::from("out"));
        assert_eq!(
            (generate.cases, generate.seed, generate.answers),
            (Some(3), None, true)
        );
        let Ok(Command::Other(OracleProgramCmd::Brute(brute))) = parse("brute a b") else {
            panic!("brute not read");
        };
        assert_eq!(brute.files, ["a", "b"]);
        assert!(matches!(
            parse("solve"),
            Ok(Command::Other(OracleProgramCmd::Solve(Solve {
                file: None
            })))
        ));
        assert!(matches!(
            parse("bench-inputs d"),
            Ok(Command::Other(OracleProgramCmd::BenchInputs(_)))
        ));
        assert!(matches!(
            parse("check"),
            Ok(Command::Other(OracleProgramCmd::Check(Check {
                samples: None
            })))
        ));
        assert!(matches!(
            parse("name"),
            Ok(Command::Other(OracleProgramCmd::Name(_)))
        ));
        assert_eq!(parse("stress --help").err().as_deref(), Some("help"));
        assert_eq!(parse("brute -h").err().as_deref(), Some("help"));
    }

    #[test]
    fn refuses_each_bad_line_in_one_line() {
        for (line, says) in [
            ("", "no command given"),
            ("fly", "unexpected argument \"fly\""),
            ("stress --bogus", "unknown option --bogus"),
            (
                "stress --cases 5 --cases 6",
                "--cases given twice: give it once",
            ),
            (
                "stress --quiet --quiet",
                "--quiet given twice: give it once",
            ),
            ("stress --seed", "--seed needs a value"),
            (
                "stress --jobs x",
                "--jobs is not valid: invalid digit found in string",
            ),
            ("stress extra", "unexpected argument \"extra\""),
            ("solve a b", "unexpected argument \"b\""),
            ("bench-inputs", "DIR is missing"),
            ("generate", "DIR is missing"),
            ("name x", "unexpected argument \"x\""),
        ] {
            assert_eq!(parse(line).err().as_deref(), Some(says), "{:?}", line);
        }
    }

    #[test]
    fn the_help_lists_every_command_and_option() {
        for word in [
            "oracle-program stress",
            "oracle-program brute",
            "oracle-program solve",
            "oracle-program bench-inputs",
            "oracle-program generate",
            "oracle-program check",
            "oracle-program name",
            "--case-time-limit-ms <T>",
            "--save-dir <DIR>",
            "--answers",
        ] {
            let usage = usage();
            assert!(usage.contains(word), "{} is missing from:\n{}", word, usage);
        }
    }
}
