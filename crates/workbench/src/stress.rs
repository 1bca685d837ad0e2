//! `cargo xtask stress <crate> [--cases N] [--seed S] [--jobs J] ...`: builds the crate's oracle
//! program and runs its stress command (the engine is `test_kit::stress`): random small inputs,
//! the brute force against the solver, in child processes that survive a crash; the first
//! failure is shrunk, printed and saved as `samples/<crate>/stress-<seed>.in` and `.out`.

use crate::oracle_program;
use context_error::{bail, Result};
use workspace_layout as workspace;

pub const USAGE: &str = "\
cargo xtask stress <crate> [--cases N] [--seed S] [--jobs J] [--case-time-limit-ms T]
                           [--save-dir DIR] [--quiet]

Random small inputs from the crate's oracle, its brute force against its solver, in parallel
child processes (a case that overflows the stack or aborts is reported with its seed). Brute
force and solver get a 1 GiB stack, as under `cargo xtask brute`.
  --cases N               cases to check (default 10000, at least 1); case i uses seed S + i
  --seed S                the first seed (default 1); S + N - 1 must fit in 64 bits
  --jobs J                parallel batches (default and most: one per core)
  --case-time-limit-ms T  a case (generation, brute force and solver) running longer than T ms
                          stops the run with its seed (default 10000)
  --save-dir DIR          where a shrunk counterexample is saved (default samples/<crate>/)
  --quiet                 no progress bar
The first failure (the lowest seed) is shrunk, printed and saved as stress-<seed>.in and .out,
never over a file; the exit code is then 1. The report names the slowest seed and how the brute
force's answers are spread, with a warning when one answer covers more than 90% of the cases.
";

pub fn run(args: Vec<String>) -> Result<()> {
    let Some((name, rest)) = args.split_first() else {
        bail!("usage: {}", USAGE.lines().next().unwrap_or_default());
    };
    if name.starts_with("--") {
        bail!("usage: {}", USAGE.lines().next().unwrap_or_default());
    }
    let root = workspace::root();
    let mut forwarded: Vec<String> = vec!["stress".to_string()];
    forwarded.extend(rest.iter().cloned());
    if !rest
        .iter()
        .any(|a| a == "--save-dir" || a.starts_with("--save-dir="))
    {
        forwarded.push("--save-dir".to_string());
        forwarded.push(
            workspace::ProblemCrate::new(&root, name)
                .samples_dir()
                .display()
                .to_string(),
        );
    }
    let code = oracle_program::run(&root, name, &forwarded)?;
    match code {
        0 => {}
        // The oracle program said what was wrong and where the options are listed.
        2 => bail!("{}: stress was not run", name),
        _ => bail!("{}: stress failed (exit code {})", name, code),
    }
    Ok(())
}
