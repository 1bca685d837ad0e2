//! `cargo xtask brute <crate> [FILE...]`: the brute force's answer to hand-written inputs. The
//! crate's oracle program reads each file (stdin without FILE) with the oracle's `parse`,
//! refuses it at once past the brute force's size guard, and answers it with `brute_force`,
//! the rules modelled literally, independently of the solver.

use crate::flags::Brute;
use crate::oracle_program;
use context_error::{bail, Result};
use workspace_layout as workspace;

pub fn run(flags: Brute) -> Result<()> {
    let Brute {
        problem: name,
        files,
    } = flags;
    let mut forwarded = vec!["brute".to_string()];
    forwarded.extend(files);
    let code = oracle_program::run(&workspace::root(), &name, &forwarded)?;
    if code != 0 {
        bail!("{}: the brute force did not answer every input", name);
    }
    Ok(())
}
