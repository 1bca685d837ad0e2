//! `cargo xtask test <crate>`: one problem's tests alone, in seconds: the crate's own tests
//! (`cargo test -p <crate> --features oracle`: its unit tests, doctests and `tests/`, among them
//! `tests/checks.rs`, the standard checks on its samples), then its oracle program's standard
//! checks on 200 random inputs and on every sample. The whole suite, snapshots and the tests
//! that cross problems included, is `cargo test --workspace`.

use crate::oracle_program;
use bundler::cli::Args;
use context_error::{bail, Context, Result};
use std::process::Command;
use workspace_layout as workspace;

pub const USAGE: &str = "\
cargo xtask test <crate> [--no-unit]

One problem's tests: `cargo test -p <crate> --features oracle` (its unit tests, doctests and
tests/), then its oracle program's `check` on samples/<crate>/: the solver against the brute force on
200 random inputs, parse and render round trips, shrinks that change the input, every sample's
.out (also with CRLF line ends), and a stray word appended to an accepted sample refused;
then lists what is left to fill (a description that names no problem, the placeholder's solver
or brute force, no samples).
  --no-unit   skip `cargo test` (the checks alone)
The whole suite (snapshots, the tests that cross problems) is `cargo test --workspace`.
";

pub fn run(args: Vec<String>) -> Result<()> {
    let mut args = Args::new(args);
    let no_unit = args.flag("--no-unit");
    let names = args.finish()?;
    let [name] = names.as_slice() else {
        bail!("usage: {}", USAGE.lines().next().unwrap_or_default());
    };
    let root = workspace::root();
    oracle_program::check(&root, name)?;
    if !no_unit {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        crate::build_dir::say_if_busy(&root, &format!("the tests of {}", name));
        // In the workbench's profile, as the oracle program: never behind a build of the
        // user's in target/debug.
        let status = Command::new(cargo)
            .args(["test", "-p", name, "--features", "oracle"])
            .args(crate::build_dir::cargo_args())
            .arg("--manifest-path")
            .arg(root.join("Cargo.toml"))
            .status()
            .context("running cargo test")?;
        if !status.success() {
            bail!("cargo test -p {} --features oracle failed", name);
        }
    }
    let samples = workspace::ProblemCrate::new(&root, name).samples_dir();
    let code = oracle_program::run(
        &root,
        name,
        &["check".to_string(), samples.display().to_string()],
    )?;
    if code != 0 {
        bail!("{}: the standard checks failed", name);
    }
    let left = crate::new::left_to_fill(&root, name);
    if !left.is_empty() {
        eprintln!("left to fill in {} (what is still the scaffold's):", name);
        for line in &left {
            eprintln!("  {}", line);
        }
    }
    Ok(())
}
