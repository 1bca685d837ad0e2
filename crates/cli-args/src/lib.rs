//! The command-line conventions the gamedp tools share. Each tool declares its command line once
//! with [`xflags`] (the parser and the `--help` text are made from the declaration); this crate
//! adds what xflags leaves to its users:
//!
//! - [`split_inline_values`]: `--name=value` is `--name value`, as in cargo's and most tools'
//!   command lines (xflags reads only the second);
//! - [`refusal`]: a refused argument in one line that names it, in the words every command of
//!   the workbench uses (`--cases given twice: give it once`, `unknown option --x`);
//! - [`stress`]: the stress run's options, which two command lines take (`cargo xtask stress`
//!   and a problem's oracle program), declared here once.
//!
//! # Example
//! ```
//! xflags::xflags! {
//!     cmd run {
//!         optional --cases N: u64
//!     }
//! }
//! let args = |line: &str| cli_args::split_inline_values(line.split(' ').map(String::from));
//! assert_eq!(Run::from_vec(args("--cases=5")).unwrap().cases, Some(5));
//! let err = Run::from_vec(args("--cases 5 --cases 6")).unwrap_err();
//! assert_eq!(cli_args::refusal(&err), "--cases given twice: give it once");
//! ```

pub use xflags;

pub mod stress;

use std::ffi::OsString;

/// The arguments with each `--name=value` split in two, `--name` and `value`.
///
/// # Example
/// ```
/// let split = cli_args::split_inline_values(["p", "--seed=3", "--x=a=b", "-p=q"].map(String::from));
/// assert_eq!(split, ["p", "--seed", "3", "--x", "a=b", "-p=q"]);
/// ```
pub fn split_inline_values(args: impl IntoIterator<Item = String>) -> Vec<OsString> {
    let mut split = Vec::new();
    for arg in args {
        match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => {
                split.push(name.into());
                split.push(value.into());
            }
            _ => split.push(arg.into()),
        }
    }
    split
}

/// What xflags refused, reworded as the workbench words it; a message of another shape stays
/// as xflags wrote it. The wording of each shape is pinned by this crate's tests, so an xflags
/// release that words them otherwise fails there, not in front of a user.
///
/// # Example
/// ```
/// xflags::xflags! {
///     cmd run {
///         optional --all
///     }
/// }
/// let err = Run::from_vec(vec!["--bogus".into()]).unwrap_err();
/// assert_eq!(cli_args::refusal(&err), "unknown option --bogus");
/// ```
pub fn refusal(err: &xflags::Error) -> String {
    let message = err.to_string();
    let quoted = |prefix: &str| {
        let name = message.strip_prefix(prefix)?;
        name.strip_prefix('`')?
            .strip_suffix('`')
            .map(str::to_string)
    };
    if let Some(name) = quoted("flag specified more than once: ") {
        return format!("{} given twice: give it once", name);
    }
    if let Some(name) = quoted("unexpected flag: ") {
        return format!("unknown option {}", name);
    }
    if let Some(name) = quoted("expected a value for ") {
        return format!("{} needs a value", name);
    }
    if let Some(name) = quoted("flag is required: ") {
        return format!("{} is missing", name.to_uppercase());
    }
    if let Some((name, why)) = message
        .strip_prefix("can't parse `")
        .and_then(|rest| rest.split_once("`, "))
    {
        return format!("{} is not valid: {}", name, why);
    }
    if let Some(argument) = message.strip_prefix("unexpected argument: ") {
        return format!("unexpected argument {}", argument);
    }
    if message == "subcommand is required" {
        return "no command given".to_string();
    }
    message
}

#[cfg(test)]
mod tests {
    use super::{refusal, split_inline_values};

    xflags::xflags! {
        cmd tool {
            cmd run {
                repeated names: String
                optional --all
                optional --cases N: u64
                repeated --bin NAME: String
            }
            cmd open {
                required dir: String
            }
        }
    }

    fn refused(line: &str) -> String {
        let args = split_inline_values(line.split_whitespace().map(String::from));
        match Tool::from_vec(args) {
            Ok(flags) => panic!("{:?} was taken: {:?}", line, flags),
            Err(err) => refusal(&err),
        }
    }

    #[test]
    fn rewords_each_refusal_of_xflags() {
        for (line, says) in [
            ("run --all --all", "--all given twice: give it once"),
            (
                "run --cases 5 --cases=6",
                "--cases given twice: give it once",
            ),
            ("run --bogus", "unknown option --bogus"),
            ("run -x", "unknown option -x"),
            ("run --cases", "--cases needs a value"),
            (
                "run --cases x",
                "--cases is not valid: invalid digit found in string",
            ),
            ("", "no command given"),
            ("open", "DIR is missing"),
            ("walk", "unexpected argument \"walk\""),
        ] {
            assert_eq!(refused(line), says, "{:?}", line);
        }
    }

    #[test]
    fn takes_repeated_options_and_positionals_in_order() {
        let args = split_inline_values(
            "run a --bin x b --bin=y --cases=0"
                .split(' ')
                .map(String::from),
        );
        let ToolCmd::Run(run) = Tool::from_vec(args).unwrap().subcommand else {
            panic!("not run");
        };
        assert_eq!(
            (run.names, run.bin),
            (vec!["a".into(), "b".into()], vec!["x".into(), "y".into()])
        );
        assert_eq!(run.cases, Some(0));
    }
}
