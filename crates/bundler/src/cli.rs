//! The command line of `cargo xtask bundle` and `cargo gamedp-bundle`, declared once (xflags):
//! the parser and the `--help` text are both made from the declaration below.

use context_error::{bail, Result};

xflags::xflags! {
    /// Writes target/bundle/<crate>.rs for each of <crates>: the crate's main.rs and lib.rs
    /// with the parts of every library it uses (workspace crates and std-only crates.io
    /// dependencies, pruned item by item), then proves it: compiles it with rustc alone on the
    /// judges' compilers (the current rustc on editions 2021 and 2024 and /usr/bin/rustc 1.63
    /// on 2021, unless a `compilers` list of `RUSTC EDITION` in [package.metadata.judge] or
    /// [workspace.metadata.judge] names others) and runs every sample on each:
    /// samples/<crate>/*.in, and for a binary also its package's testcases/<bin>.yml
    /// (cargo-compete) and test/<bin>/ (online-judge-tools; test/ for a package's only
    /// binary). Under `cargo xtask bundle`, a crate with an oracle program
    /// (src/bin/oracle.rs) is also run on its generator's inputs, which the bundle must
    /// answer exactly as the crate's solver does in cargo's build. The file is replaced
    /// only when every check passed; a rejected text is kept as <crate>.rs.failed (and a
    /// failing input beside it).
    cmd bundle {
        /// A package (its src/main.rs; every binary of a package without one) or a binary.
        repeated crates: String
        /// The binary NAME (repeatable), as cargo's --bin: a package with several binaries
        /// (src/bin/a.rs, [[bin]] path = ..) bundles each as target/bundle/<bin>.rs, or
        /// <package>/<bin>.rs where two packages have a <bin>.
        repeated --bin NAME: String
        /// With --bin: the binary of package P.
        optional -p, --package P: String
        /// Every binary of the workspace: each package's src/main.rs, and each binary of a
        /// package without one (not those with required-features; not
        /// [package.metadata.judge] bundle = false).
        optional --all
        /// The crates of crates/bundler/testdata/fixture, the bundler's own test workspace
        /// (cargo xtask bundle only).
        optional --fixtures
        /// The crates of another workspace.
        optional --workspace DIR: String
        /// Leave crate NAME to the judge as an external crate (repeatable; also
        /// `provided = [..]` in [package.metadata.judge]).
        repeated --provided NAME: String
        /// Compile with -D warnings (warnings in the user's code stop the bundle).
        optional --deny-warnings
        /// Lay out the libraries (the crate's own lib.rs too) like main.rs (default:
        /// compact, each item a line start, no indentation, for judges' size limits).
        optional --pretty
        /// Check on this compiler only, instead of the judges'.
        optional --rustc PATH: String
        /// With --rustc: the edition to check (default 2021).
        optional --edition E: String
        /// A compiler that is not installed is skipped, not an error.
        optional --skip-missing
        /// Let include_str!, include_bytes!, include! and #[path] take file P (or the files
        /// under folder P) from outside the crate's package (repeatable).
        repeated --allow-include P: String
        /// Generated inputs per crate with an oracle program (default 200; 0: none;
        /// cargo xtask bundle only).
        optional --cases N: u64
        /// The first generator seed (default 1): inputs of seeds S..S+N-1.
        optional --seed S: u64
        /// Samples only, as --cases 0.
        optional --no-generated
    }
}

/// The synopsis that heads the help; `command` is how the user runs the bundler.
fn synopsis(command: &str) -> String {
    format!(
        "{} <crates>... | --bin NAME... [-p P] | --all | --fixtures [options]",
        command
    )
}

/// What `<command> --help` prints: the synopsis, then the text made from the declaration.
pub fn help(command: &str) -> String {
    let declared = Bundle::HELP_;
    // The declaration's first line is the bare command name; the synopsis replaces it.
    let body = declared.split_once('\n').map_or(declared, |(_, rest)| rest);
    format!("{}\n{}", synopsis(command), body)
}

impl Bundle {
    /// Parses the arguments after the command's name. A bad option (unknown, repeated, without
    /// its value, not a number) is one line naming it and where the options are listed.
    ///
    /// # Example
    /// ```
    /// let flags = bundler::cli::Bundle::parse(
    ///     "p1 --bin a --bin=b -p q --cases 5".split(' ').map(String::from).collect(),
    ///     "cargo xtask bundle",
    /// )
    /// .unwrap();
    /// assert_eq!((flags.crates, flags.bin), (vec!["p1".to_string()], vec!["a".into(), "b".into()]));
    /// assert_eq!((flags.package.as_deref(), flags.cases), (Some("q"), Some(5)));
    /// ```
    pub fn parse(args: Vec<String>, command: &str) -> Result<Bundle> {
        match Bundle::from_vec(cli_args::split_inline_values(args)) {
            Ok(flags) => Ok(flags),
            Err(err) => bail!(
                "{} (the options: `{} --help`)",
                cli_args::refusal(&err),
                command
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{help, Bundle};

    fn parse(line: &str) -> context_error::Result<Bundle> {
        let args = line.split_whitespace().map(String::from).collect();
        Bundle::parse(args, "cargo xtask bundle")
    }

    fn refusal(line: &str) -> String {
        match parse(line) {
            Ok(flags) => panic!("{:?} was taken: {:?}", line, flags),
            Err(err) => format!("{:#}", err),
        }
    }

    #[test]
    fn reads_every_option() {
        let flags = parse(
            "a --bin x b --bin=y -p q --all --fixtures --workspace w --provided r1 --provided=r2 \
             --deny-warnings --pretty --rustc /usr/bin/rustc --edition 2024 --skip-missing \
             --allow-include i1 --allow-include i2 --cases 7 --seed=3 --no-generated",
        )
        .unwrap();
        assert_eq!(flags.crates, ["a", "b"]);
        assert_eq!(flags.bin, ["x", "y"]);
        assert_eq!(flags.package.as_deref(), Some("q"));
        assert!(flags.all && flags.fixtures && flags.deny_warnings && flags.pretty);
        assert!(flags.skip_missing && flags.no_generated);
        assert_eq!(flags.workspace.as_deref(), Some("w"));
        assert_eq!(flags.provided, ["r1", "r2"]);
        assert_eq!(flags.rustc.as_deref(), Some("/usr/bin/rustc"));
        assert_eq!(flags.edition.as_deref(), Some("2024"));
        assert_eq!(flags.allow_include, ["i1", "i2"]);
        assert_eq!((flags.cases, flags.seed), (Some(7), Some(3)));
        // `--package` is `-p` spelled out; nothing given is all defaults.
        assert_eq!(parse("--package q").unwrap().package.as_deref(), Some("q"));
        let none = parse("").unwrap();
        assert!(none.crates.is_empty() && none.bin.is_empty() && !none.all);
        assert_eq!((none.cases, none.seed, none.package), (None, None, None));
    }

    #[test]
    fn refuses_a_bad_option_in_one_line_naming_it() {
        for (line, named) in [
            ("p --nope", "--nope"),
            ("p --cases 5 --cases 6", "--cases"),
            ("p --cases=5 --cases 6", "--cases"),
            ("--all x --all", "--all"),
            ("p --rustc a --rustc=b", "--rustc"),
            ("p --cases", "--cases"),
            ("p --cases x", "--cases"),
            ("p --seed -1", "--seed"),
            ("-x", "-x"),
        ] {
            let message = refusal(line);
            assert!(message.contains(named), "{:?}: {}", line, message);
            assert!(
                message.ends_with("(the options: `cargo xtask bundle --help`)"),
                "{:?}: {}",
                line,
                message
            );
            assert_eq!(message.lines().count(), 1, "{:?}: {}", line, message);
        }
    }

    #[test]
    fn the_help_lists_every_option_under_the_command_it_is_run_as() {
        let text = help("cargo gamedp-bundle");
        assert!(text.starts_with("cargo gamedp-bundle <crates>... | --bin NAME..."));
        for option in [
            "--bin <NAME>",
            "-p, --package <P>",
            "--all",
            "--fixtures",
            "--workspace <DIR>",
            "--provided <NAME>",
            "--deny-warnings",
            "--pretty",
            "--rustc <PATH>",
            "--edition <E>",
            "--skip-missing",
            "--allow-include <P>",
            "--cases <N>",
            "--seed <S>",
            "--no-generated",
            "-h, --help",
        ] {
            assert!(
                text.lines().any(|l| l.trim() == option),
                "{} is missing from:\n{}",
                option,
                text
            );
        }
    }
}
