//! The stress run's options, declared once: `cargo xtask stress <problem> [options]` checks them
//! and hands them to the problem's oracle program unread, whose `stress` command runs with
//! them; both `--help` texts list them from here.

xflags::xflags! {
    cmd stress {
        /// Cases to check (default 10000, at least 1); case i uses seed S + i.
        optional --cases N: u64
        /// The first seed (default 1); S + N - 1 must fit in 64 bits.
        optional --seed S: u64
        /// Parallel batches (default and most: one per core).
        optional --jobs J: u64
        /// A case (generation, brute force and solver) running longer than T ms stops the
        /// run with its seed (default 10000).
        optional --case-time-limit-ms T: u64
        /// Where a shrunk counterexample is saved (default samples/<problem>/).
        optional --save-dir DIR: String
        /// No progress bar.
        optional --quiet
    }
}

/// The options' part of a `--help` text: `OPTIONS:` and each option with its description,
/// indented as the workbench's `--help` texts are (xflags's own `-h, --help` left out).
///
/// # Example
/// ```
/// let options = cli_args::stress::options_help();
/// assert!(options.starts_with("OPTIONS:\n  --cases <N>\n"));
/// assert!(options.contains("\n  --quiet\n    No progress bar."));
/// ```
pub fn options_help() -> String {
    let at = Stress::HELP_
        .find("OPTIONS:")
        .expect("the declaration has options");
    let mut text = String::new();
    for entry in Stress::HELP_[at..].trim_end().split("\n\n") {
        if !entry.trim_start().starts_with("-h, --help") {
            let lines = entry
                .lines()
                .map(|line| line.strip_prefix("  ").unwrap_or(line));
            text.push_str(&lines.collect::<Vec<_>>().join("\n"));
            text.push_str("\n\n");
        }
    }
    text.trim_end().to_string()
}

/// The options read from `args` (each `--name=value` split first); the error is worded by
/// [`crate::refusal`].
///
/// # Example
/// ```
/// let args = |line: &str| line.split(' ').map(String::from).collect::<Vec<_>>();
/// let options = cli_args::stress::read(args("--cases=5 --quiet")).unwrap();
/// assert_eq!((options.cases, options.quiet), (Some(5), true));
/// let err = cli_args::stress::read(args("--cases 5 --cases 6")).unwrap_err();
/// assert_eq!(err, "--cases given twice: give it once");
/// ```
pub fn read(args: Vec<String>) -> Result<Stress, String> {
    Stress::from_vec(crate::split_inline_values(args)).map_err(|err| crate::refusal(&err))
}

/// Whether `option` (such as `--cases`) takes a value: the argument after it is that value.
///
/// # Example
/// ```
/// assert!(cli_args::stress::takes_value("--save-dir"));
/// assert!(!cli_args::stress::takes_value("--quiet"));
/// assert!(!cli_args::stress::takes_value("--cases=5"));
/// ```
pub fn takes_value(option: &str) -> bool {
    let entry = format!("\n  {} <", option);
    options_help().contains(&entry)
}
