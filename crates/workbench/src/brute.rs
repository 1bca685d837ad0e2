//! `cargo xtask brute <crate> [FILE...]`: the brute force's answer to hand-written inputs. The
//! crate's oracle program reads each file (stdin without FILE) with the oracle's `parse`,
//! refuses it at once past the brute force's size guard, and answers it with `brute_force`,
//! the rules modelled literally, independently of the solver.

use crate::oracle_program;
use bundler::cli::Args;
use context_error::{bail, Result};
use workspace_layout as workspace;

pub const USAGE: &str = "\
cargo xtask brute <crate> [FILE...]

Prints the brute force's answer to each input FILE (stdin without FILE), read by the crate's
oracle (`parse`) and answered by its `brute_force`; with several files, each answer follows a
`--- FILE` line. Exit code 1 if an input is not valid, is past the brute force's size guard
(`brute_force_refuses`), or the brute force gives up on it; a FILE that is not a regular file
(a FIFO, a folder) is refused, and so is an input (FILE or stdin) past 64 MiB.
";

pub fn run(args: Vec<String>) -> Result<()> {
    let args = Args::new(args).finish()?;
    let Some((name, files)) = args.split_first() else {
        bail!("usage: {}", USAGE.lines().next().unwrap_or_default());
    };
    let mut forwarded = vec!["brute".to_string()];
    forwarded.extend(files.iter().cloned());
    let code = oracle_program::run(&workspace::root(), name, &forwarded)?;
    if code != 0 {
        bail!("{}: the brute force did not answer every input", name);
    }
    Ok(())
}
