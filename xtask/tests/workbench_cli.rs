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

#[test]
fn new_refuses_bad_names_and_existing_crates() {
    let bad = xtask(&["new", "Bad_Name"]);
    assert!(!bad.status.success());
    assert!(text(&bad.stderr).contains("not a valid problem crate name"));
    let taken = xtask(&["new", CRATE]);
    assert!(!taken.status.success());
    assert!(
        text(&taken.stderr).contains("already exists; nothing was written"),
        "{}",
        text(&taken.stderr)
    );
}
