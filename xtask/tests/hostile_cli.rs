//! The workbench commands against hostile and careless use, as a person runs them (the `xtask`
//! binary): endless input streams, repeated and unknown options.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const CRATE: &str = "p4363-staircase-chess";

/// `xtask args` with `/dev/zero` as stdin under GNU time: its output, its wall time and its peak
/// memory in KiB; killed (and failed) past `deadline`.
fn on_endless_stdin(args: &[&str], deadline: Duration) -> (Output, Duration, u64) {
    let start = Instant::now();
    let mut child = Command::new("/usr/bin/time")
        .args(["-f", "peak %M KiB"])
        .arg(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("GNU time runs xtask (apt-get install time)");
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > deadline {
            child.kill().ok();
            panic!("{:?} < /dev/zero still running after {:?}", args, deadline);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let wall = start.elapsed();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let peak = stderr
        .lines()
        .find_map(|l| l.strip_prefix("peak ")?.strip_suffix(" KiB")?.parse().ok())
        .unwrap_or_else(|| panic!("no peak in {}", stderr));
    (out, wall, peak)
}

#[test]
fn sample_and_brute_refuse_an_endless_stdin_at_the_input_cap() {
    let name = "endless-stdin-never-written";
    let (out, wall, peak) = on_endless_stdin(&["sample", CRATE, name], Duration::from_secs(60));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", stderr);
    assert!(
        stderr.contains("stdin holds more than 64 MiB, the input cap")
            && stderr.contains("nothing was written"),
        "{}",
        stderr
    );
    // 8.9 GB in 8 s before the cap.
    eprintln!("sample < /dev/zero: {:?}, peak {} KiB", wall, peak);
    assert!(wall < Duration::from_secs(10), "{:?}", wall);
    assert!(peak < 600 << 10, "peak {} KiB", peak);
    let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../samples")
        .join(CRATE);
    assert!(!samples.join(format!("{}.in", name)).exists());
    // brute hung: its oracle program read stdin without end. The build of the oracle program
    // may come first, hence the longer deadline.
    let (out, wall, peak) = on_endless_stdin(&["brute", CRATE], Duration::from_secs(600));
    eprintln!("brute < /dev/zero: {:?}, peak {} KiB", wall, peak);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{}", stderr);
    assert!(
        stderr.contains("error: stdin holds more than 64 MiB, the input cap"),
        "{}",
        stderr
    );
    assert!(peak < 600 << 10, "peak {} KiB", peak);
}

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("xtask runs")
}

#[test]
fn stress_with_a_bad_option_prints_the_error_and_a_pointer_only() {
    let run = xtask(&["stress", CRATE, "--bogus"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{}", stderr);
    assert_eq!(
        stderr,
        "error: unknown option --bogus (the options: `cargo xtask stress --help`)\n"
    );
    // A value only the oracle program checks: its error, and the same pointer.
    let run = xtask(&["stress", CRATE, "--cases", "0"]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{}", stderr);
    assert!(
        stderr.contains("see `cargo xtask stress --help` for the options\n"),
        "{}",
        stderr
    );
    // Not the oracle program's usage of all its commands after it.
    assert!(!stderr.contains("bench-inputs"), "{}", stderr);
}

#[test]
fn every_command_refuses_a_bad_argument_in_one_line_naming_it_and_its_help() {
    for (args, says) in [
        (&["judge", CRATE, "--bogus"][..], "unknown option --bogus"),
        (&["test", CRATE, "-x"][..], "unknown option -x"),
        (&["brute"][..], "PROBLEM is missing"),
        (&["sample", CRATE][..], "NAME is missing"),
        (
            &["sample", CRATE, "a", "b", "c"][..],
            "unexpected argument \"c\"",
        ),
        (
            &["new", "p9-x", "--time-limit-ms"][..],
            "--time-limit-ms needs a value",
        ),
        (
            &["listen", "--count", "many"][..],
            "--count is not valid: invalid digit found in string",
        ),
        (
            &["bench", "--runs=1", "--runs=2"][..],
            "--runs given twice: give it once",
        ),
        (&["accept", "--all"][..], "unknown option --all"),
        (&["bundle", CRATE, "--bogus"][..], "unknown option --bogus"),
    ] {
        let run = xtask(args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{:?}: {}", args, stderr);
        assert_eq!(
            stderr,
            format!(
                "error: {} (the options: `cargo xtask {} --help`)\n",
                says, args[0]
            ),
            "{:?}",
            args
        );
        assert!(run.stdout.is_empty(), "{:?}", args);
    }
    let run = xtask(&["walk"]);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&run.stderr),
        "error: unknown command \"walk\" (the commands: `cargo xtask help`)\n"
    );
}

#[test]
fn an_option_given_twice_is_refused_by_every_command() {
    for args in [
        &["stress", CRATE, "--cases", "5", "--cases", "6"][..],
        &["judge", CRATE, "--time-limit-ms", "5", "--time-limit-ms=6"][..],
        &["judge", CRATE, "--bundled", "--bundled"][..],
        &["bundle", CRATE, "--cases", "5", "--cases", "6"][..],
        &["bundle", CRATE, "--rustc", "rustc", "--rustc", "rustc"][..],
        &[
            "new",
            "p9-twice",
            "--time-limit-ms",
            "5",
            "--time-limit-ms",
            "6",
        ][..],
        &["bench", CRATE, "--runs", "1", "--runs", "2"][..],
        &["listen", "--port=1", "--port=2"][..],
        &["test", CRATE, "--no-unit", "--no-unit"][..],
        &["sample", CRATE, "x", "--from-solution", "--from-solution"][..],
    ] {
        let run = xtask(args);
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{:?}: {}", args, stderr);
        assert!(
            stderr.contains("given twice") && stderr.contains("give it once"),
            "{:?}: {}",
            args,
            stderr
        );
    }
}
