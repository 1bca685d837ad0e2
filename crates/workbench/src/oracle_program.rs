//! A problem crate's oracle program (`src/bin/oracle.rs`, `<crate>-oracle`, built with the
//! crate's `oracle` feature): how the workbench finds the problem crates that have one, builds
//! it for one crate alone, and runs it. The workbench links no problem crate; a change to one
//! problem recompiles that problem and its program, nothing else.

use crate::build_dir;
use context_error::{bail, Context, Result};
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use workspace_layout::{self as workspace, ProblemCrate};

/// The problem crates with an oracle program ([`ProblemCrate::has_oracle`]), sorted: found,
/// not listed.
pub fn with_oracle(root: &Path) -> Result<Vec<String>> {
    Ok(workspace::problem_crates(root)?
        .into_iter()
        .filter(ProblemCrate::has_oracle)
        .map(|problem| problem.name().to_string())
        .collect())
}

/// Checks that `name` is a problem crate with an oracle program.
pub fn check(root: &Path, name: &str) -> Result<()> {
    let problem = ProblemCrate::find(root, name)?;
    if !problem.has_oracle() {
        bail!(
            "{} has no oracle program: its Cargo.toml needs a [[bin]] named {} (path \
             src/bin/oracle.rs, required-features [\"oracle\"]) and an `oracle` feature, as \
             `cargo xtask new` writes them (with oracle crates having: {})",
            name,
            problem.oracle_binary(),
            with_oracle(root)?.join(", ")
        );
    }
    Ok(())
}

/// Builds the oracle program of crate `name` (`cargo build -p <name> --features oracle --bin
/// <name>-oracle`, in the workbench's profile, [`crate::build_dir`]; cargo's progress and
/// errors on stderr) and returns its path. Stress, brute, sample, bench, test and new run it,
/// and the bundle's proof runs the same program: the workspace's own crates optimised as in
/// dev, with overflow checks and debug assertions.
pub fn build(root: &Path, name: &str) -> Result<PathBuf> {
    Ok(build_all(root, &[name.to_string()])?.remove(0))
}

/// Builds the oracle programs of crates `names` in one cargo run (so that cargo builds them
/// side by side on every core), as `build` says: their paths, in the order of `names`.
pub fn build_all(root: &Path, names: &[String]) -> Result<Vec<PathBuf>> {
    build_each(root, names, &mut |_, _| {})
}

/// [`build_all`], calling `built(k, path)` as soon as cargo has linked the program of
/// `names[k]`, while it builds the others.
pub fn build_each(
    root: &Path,
    names: &[String],
    built: &mut dyn FnMut(usize, &Path),
) -> Result<Vec<PathBuf>> {
    let mut args = build_dir::cargo_args();
    // `oracle` of every selected package: the qualified `<crate>/oracle` would name the
    // dev-dependency each problem crate has on itself (for its tests), not the package.
    args.extend(["--features".to_string(), "oracle".to_string()]);
    let bins: Vec<String> = names
        .iter()
        .map(|n| ProblemCrate::new(root, n).oracle_binary())
        .collect();
    for (name, bin) in names.iter().zip(&bins) {
        args.extend([
            "-p".to_string(),
            name.clone(),
            "--bin".to_string(),
            bin.clone(),
        ]);
    }
    let what = if names.len() == 1 {
        format!("the oracle program of {}", names[0])
    } else {
        format!("{} oracle programs", names.len())
    };
    build_dir::say_if_busy(root, &what);
    cargo_build_each(root, &args, &bins, built)
}

/// Runs `cargo build ARGS` on the workspace at `root` (its progress and errors on stderr)
/// and returns the executables of binaries `bins`, in that order.
pub fn cargo_build(root: &Path, args: &[String], bins: &[String]) -> Result<Vec<PathBuf>> {
    cargo_build_each(root, args, bins, &mut |_, _| {})
}

/// [`cargo_build`], calling `built(k, path)` when cargo reports the executable of `bins[k]`.
fn cargo_build_each(
    root: &Path,
    args: &[String],
    bins: &[String],
    built: &mut dyn FnMut(usize, &Path),
) -> Result<Vec<PathBuf>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    let shown = format!("cargo build {}", args.join(" "));
    let mut child = Command::new(cargo)
        .args(["build", "--message-format=json-render-diagnostics"])
        .args(args)
        .arg("--manifest-path")
        .arg(root.join("Cargo.toml"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("running cargo build")?;
    let mut executables: Vec<Option<PathBuf>> = vec![None; bins.len()];
    let stdout = std::io::BufReader::new(child.stdout.take().expect("stdout is piped"));
    for line in stdout.lines() {
        let line = line.context("reading cargo's messages")?;
        let Ok(message) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let (Some(target), Some(path)) = (
            message["target"]["name"].as_str(),
            message["executable"].as_str(),
        ) else {
            continue;
        };
        if let Some(k) = bins.iter().position(|b| b == target) {
            if executables[k].is_none() {
                built(k, Path::new(path));
            }
            executables[k] = Some(PathBuf::from(path));
        }
    }
    let status = child.wait().context("waiting for cargo build")?;
    if !status.success() {
        bail!("{} failed (the errors are above)", shown);
    }
    bins.iter()
        .zip(executables)
        .map(|(bin, path)| {
            path.with_context(|| format!("{} named no executable for {}", shown, bin))
        })
        .collect()
}

/// Builds the oracle program of `name` and runs it with `args` (in this folder, its output
/// shown), returning its exit code.
pub fn run(root: &Path, name: &str, args: &[String]) -> Result<i32> {
    check(root, name)?;
    let program = build(root, name)?;
    let mut command = Command::new(&program);
    if let Some(first) = args.first() {
        // A usage error points to the option list of the command the user typed.
        // (test-kit's oracle program reads it: the workbench links no test-kit.)
        command.env(
            "GAMEDP_HELP_POINTER",
            format!("cargo xtask {} --help", first),
        );
    }
    let status = command
        .args(args)
        .status()
        .with_context(|| format!("running {}", program.display()))?;
    Ok(exit_code(status))
}

/// Builds the oracle program of `name`, runs it with `args` and returns what it printed on
/// stdout, or its stderr as the error.
pub fn output(root: &Path, name: &str, args: &[String]) -> Result<String> {
    check(root, name)?;
    let program = build(root, name)?;
    output_of(&program, args)
}

/// Runs the oracle program at `program` with `args`: its stdout, or its stderr as the error.
pub fn output_of(program: &Path, args: &[String]) -> Result<String> {
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {}", program.display()))?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let message = stderr.trim().trim_start_matches("error: ");
        bail!(
            "{}",
            if message.is_empty() {
                "the oracle program failed"
            } else {
                message
            }
        );
    }
    String::from_utf8(out.stdout).context("the oracle program's output is not UTF-8")
}

/// A child's exit code, 1 for a signal.
pub fn exit_code(status: std::process::ExitStatus) -> i32 {
    status.code().unwrap_or(1)
}
