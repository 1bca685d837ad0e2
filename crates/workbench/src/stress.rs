//! `cargo xtask stress <crate> [--cases N] [--seed S] [--jobs J] ...`: builds the crate's oracle
//! program and runs its stress command (the engine is `test_kit::stress`): random small inputs,
//! the brute force against the solver, in child processes that survive a crash; the first
//! failure is shrunk, printed and saved as `samples/<crate>/stress-<seed>.in` and `.out`.

use crate::flags::Stress;
use crate::oracle_program;
use context_error::{bail, Result};
use workspace_layout as workspace;

pub fn run(flags: Stress) -> Result<()> {
    let Stress { problem, options } = flags;
    let name = &problem;
    let root = workspace::root();
    // The options go over unread (`flags::read` checked them; the oracle program checks the
    // values, a seed range past 2^64, no cases, and says so); the default save folder is this
    // workspace's, which the oracle program, run elsewhere, does not know.
    let given = cli_args::stress::read(options.clone())
        .map_err(|refusal| context_error::err!("{}", refusal))?;
    let mut forwarded = vec!["stress".to_string()];
    forwarded.extend(options);
    if given.save_dir.is_none() {
        let samples = workspace::ProblemCrate::new(&root, name).samples_dir();
        forwarded.extend(["--save-dir".to_string(), samples.display().to_string()]);
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
