//! `cargo xtask test <crate>`: one problem's tests alone, in seconds: the crate's own tests
//! (`cargo test -p <crate> --features oracle`: its unit tests, doctests and `tests/`, among them
//! `tests/checks.rs`, the standard checks on its samples), then its oracle program's standard
//! checks on 200 random inputs and on every sample. The whole suite, snapshots and the tests
//! that cross problems included, is `cargo test --workspace`.

use crate::flags::Test;
use crate::oracle_program;
use context_error::{bail, Context, Result};
use std::process::Command;
use workspace_layout as workspace;

pub fn run(flags: Test) -> Result<()> {
    let Test {
        problem: name,
        no_unit,
    } = flags;
    let name = &name;
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
