//! The oracle program as `cargo xtask` runs it, on the kit's demo oracle: stress in child
//! processes gives brute forces the stack `brute` gives them, survives a case that overflows
//! it and names that case's seed; `brute`, `solve`, `bench-inputs` and `check` answer as
//! documented.

use dp_core::SplitMix64;
use std::process::{Command, Output};

fn demo(args: &[&str], overflow_depth: Option<u64>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_test-kit-demo-oracle"));
    command.args(args);
    match overflow_depth {
        Some(d) => command.env("DEMO_OVERFLOW_DEPTH", d.to_string()),
        None => command.env_remove("DEMO_OVERFLOW_DEPTH"),
    };
    command.output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `generate DIR --cases 3 --seed 5`, with `--answers` if `answers`.
fn generate_3_from_5(dir: &std::path::Path, answers: bool) -> Vec<&str> {
    let mut args = vec![
        "generate",
        dir.to_str().unwrap(),
        "--cases",
        "3",
        "--seed",
        "5",
    ];
    if answers {
        args.push("--answers");
    }
    args
}

/// The names of the files in `dir`, sorted.
fn names_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn scratch(what: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("test-kit-{}-{}", what, std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_brute_force_recursing_100000_deep_passes_under_stress_and_brute() {
    let dir = scratch("deep");
    let run = demo(
        &[
            "stress",
            "--cases",
            "300",
            "--quiet",
            "--save-dir",
            dir.to_str().unwrap(),
        ],
        None,
    );
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{}{}", stdout, text(&run.stderr));
    assert!(
        stdout.contains("300 cases (seeds 1..=300) agree"),
        "{}",
        stdout
    );
    let input = dir.join("deep.in");
    std::fs::write(&input, "99\n").unwrap();
    let brute = demo(&["brute", input.to_str().unwrap()], None);
    assert_eq!(text(&brute.stdout), "99\n", "{}", text(&brute.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

/// The first seed whose generated depth is `depth`.
fn first_seed_with(depth: u64) -> u64 {
    (1..)
        .find(|&seed| SplitMix64::new(seed).range(1, 99) == depth)
        .unwrap()
}

/// `stress --cases 2000 --quiet --save-dir DIR ARGS` with the variable `planted` set to `depth`,
/// which must fail (exit code 1): its stdout.
fn failing_stress(dir: &std::path::Path, args: &[&str], planted: &str, depth: u64) -> String {
    let run = Command::new(env!("CARGO_BIN_EXE_test-kit-demo-oracle"))
        .args(["stress", "--cases", "2000", "--quiet", "--save-dir"])
        .arg(dir)
        .args(args)
        .env(planted, depth.to_string())
        .output()
        .unwrap();
    let stdout = text(&run.stdout);
    assert_eq!(
        run.status.code(),
        Some(1),
        "{}{}",
        stdout,
        text(&run.stderr)
    );
    stdout
}

#[test]
fn a_case_that_overflows_the_stack_is_reported_with_its_seed() {
    let dir = scratch("overflow");
    let depth = 42;
    let first = first_seed_with(depth);
    let stdout = failing_stress(&dir, &[], "DEMO_OVERFLOW_DEPTH", depth);
    assert!(
        stdout.contains(&format!("the case of seed {} crashed its process", first)),
        "{}",
        stdout
    );
    assert!(stdout.contains("SIGABRT"), "{}", stdout);
    assert!(
        stdout.contains(&format!("--- input\n{}\n", depth)),
        "{}",
        stdout
    );
    assert!(
        stdout.contains(&format!("reproduce with --seed {} --cases 1", first)),
        "{}",
        stdout
    );
    // Nothing is saved as a sample: there is no trusted answer.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_case_that_hangs_is_stopped_at_the_time_limit_and_named_by_its_seed() {
    let dir = scratch("hang");
    let depth = 17;
    let first = first_seed_with(depth);
    let begun = std::time::Instant::now();
    let limit = ["--case-time-limit-ms", "300"];
    let stdout = failing_stress(&dir, &limit, "DEMO_SOLVER_HANG", depth);
    assert!(
        stdout.contains(&format!("the case of seed {} ran past 300 ms", first)),
        "{}",
        stdout
    );
    // Stopped at the limit, not after the minute the solver sleeps.
    assert!(begun.elapsed().as_secs() < 30, "{:?}", begun.elapsed());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_lopsided_run_is_reported_with_the_spread_of_answers() {
    let dir = scratch("spread");
    let run = demo(
        &[
            "stress",
            "--cases",
            "200",
            "--quiet",
            "--save-dir",
            dir.to_str().unwrap(),
        ],
        None,
    );
    let stdout = text(&run.stdout);
    // 99 different answers: spread out, no warning.
    assert!(stdout.contains("answers (first lines): "), "{}", stdout);
    assert!(!stdout.contains("lopsided"), "{}", stdout);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn brute_solve_and_check_answer_as_documented() {
    let dir = scratch("commands");
    let good = dir.join("good.in");
    let bad = dir.join("bad.in");
    std::fs::write(&good, "7\n").unwrap();
    std::fs::write(&bad, "100\n").unwrap();
    let solve = demo(&["solve", bad.to_str().unwrap()], None);
    assert!(solve.status.success());
    assert!(
        text(&solve.stdout).starts_with("error: "),
        "{}",
        text(&solve.stdout)
    );
    let brute = demo(
        &["brute", good.to_str().unwrap(), bad.to_str().unwrap()],
        None,
    );
    assert_eq!(brute.status.code(), Some(1));
    assert!(text(&brute.stdout).starts_with(&format!("--- {}\n7\n", good.display())));
    assert!(
        text(&brute.stderr).contains("not an input of test-kit-demo"),
        "{}",
        text(&brute.stderr)
    );
    // A FIFO is refused at once, not read forever.
    let fifo = dir.join("fifo.in");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let brute = demo(&["brute", fifo.to_str().unwrap()], None);
        assert_eq!(brute.status.code(), Some(1));
        assert!(
            text(&brute.stderr).contains("not a regular file"),
            "{}",
            text(&brute.stderr)
        );
    }
    std::fs::write(dir.join("seven.in"), "7\n").unwrap();
    std::fs::write(dir.join("seven.out"), "7\n").unwrap();
    std::fs::remove_file(&good).unwrap();
    std::fs::remove_file(&bad).unwrap();
    std::fs::remove_file(&fifo).ok();
    let check = demo(&["check", dir.to_str().unwrap()], None);
    assert!(check.status.success(), "{}", text(&check.stderr));
    assert!(
        text(&check.stdout).contains("200 random inputs and 1 samples pass"),
        "{}",
        text(&check.stdout)
    );
    std::fs::write(dir.join("seven.out"), "8\n").unwrap();
    let check = demo(&["check", dir.to_str().unwrap()], None);
    assert_eq!(check.status.code(), Some(1));
    assert!(
        text(&check.stderr).contains("seven.in: the solver answers"),
        "{}",
        text(&check.stderr)
    );
    let usage = demo(&["frobnicate"], None);
    assert_eq!(usage.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn generate_and_bench_inputs_replace_the_inputs_of_their_folder() {
    let dir = scratch("generate");
    std::fs::write(dir.join("stale.in"), "1\n").unwrap();
    std::fs::write(dir.join("notes.txt"), "kept").unwrap();
    let run = demo(&generate_3_from_5(&dir, false), None);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(names_in(&dir), ["5.in", "6.in", "7.in", "notes.txt"]);
    let five = std::fs::read_to_string(dir.join("5.in")).unwrap();
    assert_eq!(five, format!("{}\n", SplitMix64::new(5).range(1, 99)));
    // The demo names no benchmark inputs: its folder is left with none (no stale input stays).
    let run = demo(&["bench-inputs", dir.to_str().unwrap()], None);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), "");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(left.len(), 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn generate_with_answers_writes_the_solvers_answers_and_names_the_seed_of_a_panic() {
    let dir = scratch("answers");
    std::fs::write(dir.join("stale.out"), "1\n").unwrap();
    let args = generate_3_from_5(&dir, true);
    let run = demo(&args, None);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(
        names_in(&dir),
        ["5.in", "5.out", "6.in", "6.out", "7.in", "7.out"]
    );
    for seed in 5..8 {
        let input = std::fs::read_to_string(dir.join(format!("{}.in", seed))).unwrap();
        let answer = std::fs::read_to_string(dir.join(format!("{}.out", seed))).unwrap();
        // The demo's solver prints its depth back.
        assert_eq!(answer, input);
    }
    // A solver that panics on an input fails the command, naming that input's seed.
    let six = SplitMix64::new(6).range(1, 99);
    let run = Command::new(env!("CARGO_BIN_EXE_test-kit-demo-oracle"))
        .args(args)
        .env("DEMO_SOLVER_PANIC", six.to_string())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    let err = text(&run.stderr);
    assert!(
        err.contains("the solver panicked on the input of seed 6: planted on depth"),
        "{}",
        err
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_usage_error_is_one_line_with_a_pointer_and_a_repeated_option_is_one() {
    for (args, says) in [
        (
            &["stress", "--bogus"][..],
            "error: unknown option --bogus\n",
        ),
        (
            &["stress", "--cases", "5", "--cases", "6"][..],
            "error: --cases given twice: give it once\n",
        ),
        (
            &["stress", "--quiet", "--quiet"][..],
            "error: --quiet given twice: give it once\n",
        ),
        (
            &["generate", "x", "--seed=1", "--seed", "2"][..],
            "error: --seed given twice: give it once\n",
        ),
    ] {
        let run = demo(args, None);
        assert_eq!(run.status.code(), Some(2), "{:?}", args);
        // The error and where the options are, not the usage of every command after it.
        assert_eq!(
            text(&run.stderr),
            format!("{}see `test-kit-demo-oracle help` for the options\n", says),
            "{:?}",
            args
        );
    }
    // The caller names its own help.
    let run = Command::new(env!("CARGO_BIN_EXE_test-kit-demo-oracle"))
        .args(["stress", "--bogus"])
        .env("GAMEDP_HELP_POINTER", "cargo xtask stress --help")
        .output()
        .unwrap();
    assert_eq!(
        text(&run.stderr),
        "error: unknown option --bogus\nsee `cargo xtask stress --help` for the options\n"
    );
}

#[test]
fn brute_refuses_an_endless_stdin_at_the_input_cap() {
    let run = Command::new(env!("CARGO_BIN_EXE_test-kit-demo-oracle"))
        .arg("brute")
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(
        text(&run.stderr).starts_with("error: stdin holds more than 64 MiB, the input cap"),
        "{}",
        text(&run.stderr)
    );
}
