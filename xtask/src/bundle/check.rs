//! Proof that a bundle works where it will be judged: compile it with a given `rustc` and
//! edition, then run the binary on every sample and compare tokens with the expected output.

use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one sample may run before it counts as hanging.
const SAMPLE_TIMEOUT: Duration = Duration::from_secs(10);

/// One compiler configuration a bundle must pass.
#[derive(Clone, Debug)]
pub struct Compiler {
    pub rustc: PathBuf,
    pub edition: String,
    /// `-D warnings`: judges show warnings, and a warning in a bundle is usually a pruning bug.
    pub deny_warnings: bool,
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
    pub fn compile(&self, source: &Path, dir: &Path, exe: &str) -> Result<PathBuf> {
        let binary = dir.join(exe);
        let mut cmd = Command::new(&self.rustc);
        cmd.arg("--edition")
            .arg(&self.edition)
            .arg("-O")
            .arg("--crate-name")
            .arg("bundle")
            .arg("-o")
            .arg(&binary)
            .arg(source)
            .current_dir(dir);
        if self.deny_warnings {
            cmd.args(["-D", "warnings"]);
        }
        let out = cmd
            .output()
            .with_context(|| format!("running {}", self.rustc.display()))?;
        if !out.status.success() {
            let diagnostics = String::from_utf8_lossy(&out.stderr);
            bail!(
                "{} --edition {} rejected the bundle:\n{}",
                self.rustc.display(),
                self.edition,
                shorten(&diagnostics, 60)
            );
        }
        Ok(binary)
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
    for (name, input, expected) in cases {
        let expected = std::fs::read_to_string(expected)
            .with_context(|| format!("reading {}", expected.display()))?;
        let run = run_binary(binary, input, scratch).with_context(|| format!("sample {}", name))?;
        let got = match run {
            Run {
                success: true,
                stdout,
                ..
            } => stdout,
            Run { stderr, .. } if expected.trim_start().starts_with("error:") => stderr,
            Run { status, stderr, .. } => {
                bail!(
                    "sample {}: exited with {}: {}",
                    name,
                    status,
                    shorten(stderr.trim(), 5)
                )
            }
        };
        if let Some(diff) = first_difference(&expected, &got) {
            bail!("sample {}: wrong answer\n{}", name, diff);
        }
    }
    Ok(())
}

/// How a run of a solution ended.
pub struct Run {
    pub success: bool,
    pub status: String,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `binary` with `input` as stdin, with a time limit.
pub fn run_binary(binary: &Path, input: &Path, scratch: &Path) -> Result<Run> {
    // Named after the binary: the compilers' checks run in parallel in one scratch folder.
    let stdout_path = scratch.join(format!(
        "{}.stdout",
        binary.file_name().unwrap_or_default().to_string_lossy()
    ));
    let stdin =
        std::fs::File::open(input).with_context(|| format!("opening {}", input.display()))?;
    let stdout = std::fs::File::create(&stdout_path)?;
    let mut child = Command::new(binary)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("running {}", binary.display()))?;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if start.elapsed() > SAMPLE_TIMEOUT {
            child.kill().ok();
            child.wait().ok();
            bail!("no answer within {:?}", SAMPLE_TIMEOUT);
        }
        std::thread::sleep(Duration::from_millis(2));
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
        stdout: String::from_utf8(got).map_err(|_| anyhow!("the output is not UTF-8"))?,
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

#[cfg(test)]
mod tests {
    use super::first_difference;

    #[test]
    fn compares_tokens_not_whitespace() {
        assert_eq!(first_difference("1 2\n3\n", "1\n2 3"), None);
        let diff = first_difference("1 2\n3\n", "1 2\n4\n").unwrap();
        assert!(
            diff.contains("token 3")
                && diff.contains("\"3\" (line 2)")
                && diff.contains("\"4\" (line 2)"),
            "{}",
            diff
        );
        let diff = first_difference("1 2", "1").unwrap();
        assert!(diff.contains("end of output"), "{}", diff);
    }
}
