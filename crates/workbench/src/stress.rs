//! `cargo xtask stress <crate> [--cases N] [--seed S] [--jobs J] ...`: builds the crate's oracle
//! program and runs its stress command (the engine is `test_kit::stress`): random small inputs,
//! the brute force against the solver, in child processes that survive a crash; the first
//! failure is shrunk, printed and saved as `samples/<crate>/stress-<seed>.in` and `.out`.

use crate::flags::Stress;
use crate::oracle_program;
use context_error::{bail, Result};
use workspace_layout as workspace;

pub fn run(flags: Stress) -> Result<()> {
    let Stress {
        problem,
        cases,
        seed,
        jobs,
        case_time_limit_ms,
        save_dir,
        quiet,
    } = flags;
    let name = &problem;
    let root = workspace::root();
    let save_dir = save_dir.unwrap_or_else(|| {
        workspace::ProblemCrate::new(&root, name)
            .samples_dir()
            .display()
            .to_string()
    });
    // The oracle program checks the values (a seed range past 2^64, no cases) and says so.
    let mut forwarded = vec!["stress".to_string(), "--save-dir".to_string(), save_dir];
    for (option, value) in [
        ("--cases", cases),
        ("--seed", seed),
        ("--jobs", jobs),
        ("--case-time-limit-ms", case_time_limit_ms),
    ] {
        if let Some(value) = value {
            forwarded.extend([option.to_string(), value.to_string()]);
        }
    }
    if quiet {
        forwarded.push("--quiet".to_string());
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
