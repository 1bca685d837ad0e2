//! The workbench commands as a person runs them: the `xtask` binary, its output and its exit
//! code. (The in-process tests beside each command cover the details.)

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const CRATE: &str = "p4363-staircase-chess";
/// The statement's sample of p4363, whose answer is 2.
const STATEMENT: &str = "2 3\n2 7 3\n9 1 2\n3 7 2\n2 3 1\n";

fn xtask(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .expect("xtask runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A scratch folder removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(what: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!(
            "gamedp-workbench-cli-{}-{}",
            what,
            std::process::id()
        ));
        std::fs::remove_dir_all(&path).ok();
        std::fs::create_dir_all(&path).unwrap();
        Scratch(path)
    }

    fn write(&self, name: &str, content: &str) {
        std::fs::write(self.0.join(name), content).unwrap();
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn judge_exit_code_is_zero_only_when_every_case_is_ac() {
    let samples = Scratch::new("judge");
    samples.write("statement.in", STATEMENT);
    samples.write("statement.out", "2\n");
    let ok = xtask(&["judge", CRATE, "--bundled", "--samples", path(&samples.0)]);
    let stdout = text(&ok.stdout);
    assert!(ok.status.success(), "{}{}", stdout, text(&ok.stderr));
    assert!(stdout.starts_with("AC   statement"), "{}", stdout);
    assert!(stdout.contains("1 case: 1 AC"), "{}", stdout);

    samples.write("wrong.in", STATEMENT);
    samples.write("wrong.out", "1\n");
    let wa = xtask(&["judge", CRATE, "--bundled", "--samples", path(&samples.0)]);
    let stdout = text(&wa.stdout);
    assert_eq!(wa.status.code(), Some(1), "{}", stdout);
    assert!(
        stdout.contains("WA   wrong")
            && stdout.contains("token 1: expected \"1\" on line 1, got \"2\" on line 1"),
        "{}",
        stdout
    );
    assert!(text(&wa.stderr).contains("1 of 2 cases not accepted"));
}

#[test]
fn judge_time_limit_flag_kills_a_slow_case() {
    let samples = Scratch::new("tle");
    let row = vec!["1"; 14].join(" ");
    let board = format!("14 14\n{}", format!("{}\n", row).repeat(28));
    samples.write("big.in", &board);
    samples.write("big.out", "0\n");
    let run = xtask(&[
        "judge",
        CRATE,
        "--bundled",
        "--samples",
        path(&samples.0),
        "--time-limit-ms",
        "10",
    ]);
    let stdout = text(&run.stdout);
    assert_eq!(run.status.code(), Some(1), "{}", stdout);
    assert!(stdout.starts_with("TLE  big"), "{}", stdout);
    assert!(stdout.contains("limits 10 ms"), "{}", stdout);
}

#[test]
fn stress_reports_its_rate_and_rejects_unknown_crates() {
    let save = Scratch::new("stress");
    let run = xtask(&[
        "stress",
        CRATE,
        "--cases",
        "300",
        "--seed",
        "40",
        "--jobs",
        "2",
        "--save-dir",
        path(&save.0),
    ]);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{}{}", stdout, text(&run.stderr));
    assert!(
        stdout.contains("300 cases (seeds 40..=339) agree with the brute force")
            && stdout.contains("cases/s"),
        "{}",
        stdout
    );
    let unknown = xtask(&["stress", "no-such-crate"]);
    assert!(!unknown.status.success());
    assert!(text(&unknown.stderr).contains("not a problem crate"));
}

/// `git status --porcelain` of the workspace: a refused `new` must leave it as it was.
fn git_status() -> String {
    let out = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("git runs");
    text(&out.stdout)
}

#[test]
fn new_refuses_bad_and_colliding_names_and_leaves_git_status_as_it_was() {
    let before = git_status();
    for (name, says) in [
        ("Bad_Name", "not a valid problem crate name"),
        (CRATE, "is taken"),
        ("itertools", "package \"itertools\""),
        ("serde-json", "package \"serde_json\""),
        ("build", "cargo's folders"),
        ("deps", "cargo's folders"),
        ("examples", "cargo's folders"),
        ("incremental", "cargo's folders"),
        ("problems", "is taken"),
    ] {
        let run = xtask(&["new", name]);
        assert_eq!(run.status.code(), Some(1), "{}", name);
        assert!(
            text(&run.stderr).contains(says),
            "{}: {}",
            name,
            text(&run.stderr)
        );
        assert!(run.stdout.is_empty(), "{}: {}", name, text(&run.stdout));
    }
    assert_eq!(git_status(), before);
}

#[test]
fn every_subcommand_answers_help_with_its_options() {
    for (command, option) in [
        ("bundle", "--no-generated"),
        ("judge", "--time-limit-ms"),
        ("test", "--no-unit"),
        ("stress", "--case-time-limit-ms"),
        ("brute", "<files>..."),
        ("sample", "<name>"),
        ("new", "<name>"),
        ("listen", "--port"),
        ("bench", "--plot"),
        ("accept", "<crates>..."),
    ] {
        let run = xtask(&[command, "--help"]);
        assert!(run.status.success(), "{}", command);
        let stdout = text(&run.stdout);
        assert!(
            stdout.starts_with(&format!("cargo xtask {}", command)) && stdout.contains(option),
            "{}: {}",
            command,
            stdout
        );
    }
}

#[test]
fn the_list_of_commands_is_the_help_and_what_no_command_prints() {
    let help = xtask(&["help"]);
    assert!(help.status.success());
    let list = text(&help.stdout);
    for command in [
        "bundle", "judge", "test", "stress", "brute", "sample", "new", "listen", "bench", "accept",
    ] {
        assert!(
            list.lines()
                .any(|l| l.starts_with(&format!("  {} ", command))),
            "{} is missing from:\n{}",
            command,
            list
        );
    }
    let none = xtask(&[]);
    assert_eq!(none.status.code(), Some(1));
    assert_eq!(text(&none.stdout), list);
    assert_eq!(text(&none.stderr), "error: no command given\n");
}

#[test]
fn stress_refuses_the_fuzzed_edge_cases_clearly() {
    for (args, says) in [
        (
            &["--seed", "18446744073709551615", "--cases", "2"][..],
            "the last seed would be past 18446744073709551615",
        ),
        (&["--cases", "0"][..], "--cases 0 checks nothing"),
        (&["--case-time-limit-ms", "0"][..], "at least 1"),
    ] {
        let run = xtask(&[&["stress", CRATE][..], args].concat());
        assert_eq!(run.status.code(), Some(1), "{:?}", args);
        assert!(
            text(&run.stderr).contains(says),
            "{:?}: {}",
            args,
            text(&run.stderr)
        );
    }
    let capped = xtask(&["stress", CRATE, "--cases", "50", "--jobs", "10000"]);
    assert!(capped.status.success(), "{}", text(&capped.stderr));
    assert!(text(&capped.stderr).contains("--jobs 10000 capped at"));
    assert!(
        text(&capped.stdout).contains("slowest seed"),
        "{}",
        text(&capped.stdout)
    );
}

#[test]
fn brute_answers_files_and_stdin_and_refuses_bad_input() {
    let dir = Scratch::new("brute");
    dir.write("statement.in", STATEMENT);
    let run = xtask(&["brute", CRATE, path(&dir.0.join("statement.in"))]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert_eq!(text(&run.stdout), "2\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["brute", CRATE])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"2 3\n2 7\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("stdin: not an input of p4363-staircase-chess: token 5"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_closed_stdout_ends_xtask_quietly() {
    // A pipe whose read end is closed before xtask writes its help.
    let mut fds = [0; 2];
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
    unsafe { libc::close(fds[0]) };
    let write_end = unsafe { <std::fs::File as std::os::fd::FromRawFd>::from_raw_fd(fds[1]) };
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("help")
        .stdout(write_end)
        .stderr(std::process::Stdio::piped())
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(101), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn xtask_links_no_problem_crate() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "tree",
            "-p",
            "xtask",
            "-e",
            "normal,build",
            "--prefix",
            "none",
        ])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let tree = text(&out.stdout);
    let mut problems = 0;
    for entry in std::fs::read_dir(root.join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        if dir.join("src/bin/oracle.rs").is_file() {
            problems += 1;
            let name = dir.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                !tree.lines().any(|l| l.starts_with(&format!("{} v", name))),
                "xtask depends on the problem crate {}:\n{}",
                name,
                tree
            );
        }
    }
    assert!(problems >= 9, "{} problem crates found", problems);
    assert!(tree.contains("workbench v"), "{}", tree);
}
