//! The command line of `cargo xtask`, declared once (xflags): the parser, the typed options each
//! command's `run` takes, and every `--help` text are made from the declaration below. The
//! bundle's options are the bundler's own command line ([`bundler::cli`], shared with `cargo
//! gamedp-bundle`): xtask hands them over unread. Stress's are the oracle program's
//! ([`cli_args::stress`]): xtask checks them and hands them over unread.

use context_error::{bail, Result};

xflags::xflags! {
    /// The gamedp workbench.
    cmd xtask {
        /// Writes target/bundle/<crate>.rs with the libraries it uses, proven on rustc 2021
        /// and 2024 and /usr/bin/rustc (1.63), on the samples and the oracle's generated inputs.
        cmd bundle {
            /// The bundler's arguments (`cargo xtask bundle --help`).
            repeated args: String
        }

        /// Runs the solution on every sample with the problem's time and memory limits.
        ///
        /// The release binary (with --bundled: the bundle compiled by `rustc -O --edition
        /// 2021`, as judges do) runs on every samples/<problem>/*.in and a verdict is printed
        /// per case (AC, WA, TLE, MLE, RE, and OLE: output limit exceeded, printing past twice
        /// the .out and 1 MiB more) with its wall time and peak memory, then a summary; the
        /// exit code is 1 unless every case is AC. A .out starting with `error:` expects the
        /// solution to refuse the input with that line.
        cmd judge {
            /// The problem crate.
            required problem: String
            /// Judge the bundle instead of the release binary.
            optional --bundled
            /// Wall time limit (default: [package.metadata.judge] time-limit-ms, 1000).
            optional --time-limit-ms N: u64
            /// Address space limit (default: memory-limit-mib, 256).
            optional --memory-limit-mib N: u64
            /// The cases' folder (default samples/<problem>/).
            optional --samples DIR: String
        }

        /// One problem's tests alone: its unit tests, samples and the standard checks of its
        /// oracle.
        ///
        /// `cargo test -p <problem> --features oracle` (its unit tests, doctests and tests/),
        /// then its oracle program's `check` on samples/<problem>/: the solver against the
        /// brute force on 200 random inputs, parse and render round trips, shrinks that change
        /// the input, every sample's .out (also with CRLF line ends), and a stray word appended
        /// to an accepted sample refused; then lists what is left to fill (a description that
        /// names no problem, the placeholder's solver or brute force, no samples). The whole
        /// suite (snapshots, the tests that cross problems) is `cargo test --workspace`.
        cmd test {
            /// The problem crate.
            required problem: String
            /// Skip `cargo test` (the checks alone).
            optional --no-unit
        }

        /// Random tests against the brute force, shrinking a failure.
        ///
        /// Random small inputs from the problem's oracle, its brute force against its solver,
        /// in parallel child processes (a case that overflows the stack or aborts is reported
        /// with its seed). Brute force and solver get a 1 GiB stack, as under `cargo xtask
        /// brute`. The first failure (the lowest seed) is shrunk, printed and saved as
        /// stress-<seed>.in and .out, never over a file; the exit code is then 1. The report
        /// names the slowest seed and how the brute force's answers are spread, with a warning
        /// when one answer covers more than 90% of the cases.
        cmd stress {
            /// The problem crate.
            required problem: String
            /// The options below, handed to the problem's oracle program.
            repeated options: String
        }

        /// The brute force's answer to input files (stdin without one).
        ///
        /// Each input is read by the problem's oracle (`parse`) and answered by its
        /// `brute_force`; with several files, each answer follows a `--- FILE` line. Exit code
        /// 1 if an input is not valid, is past the brute force's size guard
        /// (`brute_force_refuses`), or the brute force gives up on it; a file that is not a
        /// regular file (a FIFO, a folder) is refused, and so is an input (file or stdin) past
        /// 64 MiB.
        cmd brute {
            /// The problem crate.
            required problem: String
            /// The input files (stdin without one).
            repeated files: String
        }

        /// A new sample <name>.in with the brute force's (or the solution's) answer as
        /// <name>.out.
        ///
        /// Writes the input (file, or stdin) to samples/<problem>/<name>.in and its answer to
        /// <name>.out: the brute force's (as `cargo xtask brute` prints it), or with
        /// --from-solution the solution's (its output, or its refusal as an `error: ...` line:
        /// for bad inputs and inputs too large for the brute force; check that answer
        /// yourself). Refuses a name already taken by either file, an input the oracle cannot
        /// read or the brute force refuses (past its size guard). Both files are written or
        /// neither. An input past 64 MiB is refused, so an endless stream (`< /dev/zero`) ends
        /// at once.
        cmd sample {
            /// The problem crate.
            required problem: String
            /// The sample's name: letters, digits, `-` and `_`.
            required name: String
            /// The input (stdin without it).
            optional file: String
            /// The solution's answer instead of the brute force's.
            optional --from-solution
        }

        /// Scaffolds a problem crate (`cargo test -p <name>` checks it).
        ///
        /// Writes crates/<name>/ (a placeholder problem that builds, bundles and passes its
        /// sample: the sum of the input's integers) and samples/<name>/, and builds its oracle
        /// program; nothing else is written. Its tests/checks.rs runs the standard checks on
        /// its samples (`cargo test -p <name>`), pending (printed, never failing) until
        /// `solved = false` is removed from its Cargo.toml. Writes nothing when it refuses; a
        /// kill at any point leaves nothing or a whole crate.
        cmd new {
            /// Lowercase letters, digits and single hyphens, starting with a letter; not a
            /// package of the workspace or of its dependencies (after `-`/`_` conversion), nor
            /// build, deps, examples, incremental (cargo's folders).
            required name: String
            /// The judge's time limit (default 1000; 1 to 600000).
            optional --time-limit-ms T: u64
            /// The judge's memory limit (default 256; 1 to 1048576).
            optional --memory-limit-mib M: u64
            /// Skip building the oracle program (a scaffold that does not build is taken back
            /// otherwise).
            optional --no-build
        }

        /// Scaffolds a crate per problem sent by Competitive Companion.
        ///
        /// Receives problems from the Competitive Companion browser extension (set its custom
        /// port to P) on http://localhost:P/ (127.0.0.1 and ::1) and scaffolds a problem crate
        /// for each, as `cargo xtask new` does, with its tests as samples/<crate>/NN.in/.out
        /// (none when its page has none) and its limits and input/output files in
        /// [package.metadata.judge]. The crate's name comes from the judge and the problem's id
        /// in its URL, then its name's words in ASCII (Cyrillic, Greek and accents
        /// transliterated): Luogu P4363 -> p4363-<words>, AtCoder abc201_d -> abc201d-<words>,
        /// Codeforces 786/A -> cf786a-<words>, another site's
        /// acm.zufe.edu.cn/problem.php?id=1001 -> zufe1001-<words>; at most 64 bytes. A name
        /// taken by another problem gets the next free -2, -3, ...; the same problem sent again
        /// gets a 409.
        ///
        /// Only what the extension sends is accepted: a POST with Content-Type
        /// application/json and a Content-Length of at most 4 MiB, from no Origin or one
        /// extension's (moz-extension:, chrome-extension:, safari-web-extension:; never a page,
        /// file: or null, nor Sec-Fetch-Site: cross-site), to a loopback Host (localhost,
        /// 127.0.0.1, [::1], with a port or none); anything else gets a 4xx from its headers,
        /// its body unread, and a line on stderr. A request is answered as soon as it is
        /// checked (the extension waits 500 ms); the scaffolds follow in order.
        cmd listen {
            /// The port (default 10043; 0 picks a free port).
            optional --port P: u16
            /// Stop after K problems accepted, once they are scaffolded (default 20, at most
            /// 200: each one is a crate every workspace build compiles).
            optional --count K: usize
            /// The crate's name, instead of the one from the URL (with --count 1 only).
            optional --name NAME: String
            /// Stop after S seconds without a request.
            optional --timeout-s S: u64
        }

        /// Median time and peak memory of the bundled file on big inputs, compiled by rustc
        /// (or --rustc PATH, e.g. /usr/bin/rustc, 1.63).
        ///
        /// Bundles each problem (checking its samples), compiles the bundle with `rustc -O
        /// --edition 2021`, runs it N times on each of its oracle's bench_inputs under the
        /// problem's memory limit, and prints a Markdown table of the median wall time and the
        /// largest peak memory. The inputs are written afresh to target/bench/<problem>/ by the
        /// problem's oracle program (stale ones removed). Peak memory is measured by GNU time
        /// (/usr/bin/time) when installed; the command says which fallback it used when it is
        /// not.
        cmd bench {
            /// The problem crates (default: every one whose oracle names benchmark inputs).
            repeated problems: String
            /// Runs per input (default 5, at least 1).
            optional --runs N: usize
            /// Compile the bundle with PATH (e.g. /usr/bin/rustc, 1.63) instead of rustc;
            /// each row names its compiler.
            optional --rustc PATH: String
            /// Also write an SVG: time and peak memory against input size, log-log, for each
            /// scaling series (inputs whose names differ in one number), with the fitted
            /// exponent in the legend.
            optional --plot FILE: String
        }

        /// Accepts the pending snapshots (*.snap.new over *.snap), for the crates given or the
        /// whole workspace.
        ///
        /// Every NAME.snap.new that a failed snapshot assertion of `cargo test` wrote beside
        /// NAME.snap replaces it, under crates/<crate>/ (each crate given) or the whole
        /// workspace; none is left. Read the change with `git diff` after it, or review one by
        /// one with `cargo insta review` (cargo install cargo-insta).
        cmd accept {
            /// The crates under crates/ (default: the whole workspace).
            repeated crates: String
        }
    }
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Invocation {
    /// Run a command with its options.
    Run(XtaskCmd),
    /// Print this help text.
    Help(String),
}

/// How the user runs the workbench, heading every synopsis.
const PROGRAM: &str = "cargo xtask";

/// Reads the arguments after `cargo xtask`. `--help` (or `-h`) anywhere after a command asks for
/// that command's help; `help`, `--help` or `-h` alone for the list of commands. A bad
/// argument (an unknown command or option, an option given twice or without its value, a
/// value that is not a number, a missing or extra argument) is one line naming it and where
/// the options are listed.
///
/// # Example
/// ```
/// use workbench::flags::{read, Invocation, XtaskCmd};
/// let args = |line: &str| line.split(' ').map(String::from).collect::<Vec<_>>();
/// let Ok(Invocation::Run(XtaskCmd::Judge(judge))) = read(args("judge p1 --time-limit-ms=50"))
/// else {
///     panic!("judge was not read");
/// };
/// assert_eq!((judge.problem.as_str(), judge.time_limit_ms), ("p1", Some(50)));
/// let err = read(args("judge p1 --bundled --bundled")).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "--bundled given twice: give it once (the options: `cargo xtask judge --help`)"
/// );
/// ```
pub fn read(args: Vec<String>) -> Result<Invocation> {
    let Some(command) = args.first().cloned() else {
        bail!("no command given (the commands: `{} help`)", PROGRAM);
    };
    let command = command.as_str();
    if matches!(command, "help" | "--help" | "-h") {
        return Ok(Invocation::Help(help()));
    }
    let known = commands().any(|c| c == command);
    if !known && !command.starts_with('-') {
        bail!(
            "unknown command {:?} (the commands: `{} help`)",
            command,
            PROGRAM
        );
    }
    if known && args[1..].iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Invocation::Help(command_help(command)));
    }
    let mut args = cli_args::split_inline_values(args);
    if command == "bundle" {
        // After `--` every argument is a positional to xflags: the bundler reads them.
        args.insert(1, "--".into());
    }
    if command == "stress" {
        // The problem, then `--`: stress's options are the oracle program's, declared in
        // cli_args::stress, and checked below.
        let mut at = 1;
        while at < args.len() && args[at].to_string_lossy().starts_with('-') {
            let option = args[at].to_string_lossy();
            at += if cli_args::stress::takes_value(&option) {
                2
            } else {
                1
            };
        }
        if at < args.len() {
            let problem = args.remove(at);
            args.splice(1..1, [problem, "--".into()]);
        }
    }
    match Xtask::from_vec(args) {
        Ok(Xtask {
            subcommand: XtaskCmd::Stress(stress),
        }) => match cli_args::stress::read(stress.options.clone()) {
            Ok(_) => Ok(Invocation::Run(XtaskCmd::Stress(stress))),
            Err(refusal) => bail!("{} (the options: `{} stress --help`)", refusal, PROGRAM),
        },
        Ok(flags) => Ok(Invocation::Run(flags.subcommand)),
        Err(err) if known => bail!(
            "{} (the options: `{} {} --help`)",
            cli_args::refusal(&err),
            PROGRAM,
            command
        ),
        Err(err) => bail!(
            "{} (the commands: `{} help`)",
            cli_args::refusal(&err),
            PROGRAM
        ),
    }
}

/// The commands, in the order of the declaration.
fn commands() -> impl Iterator<Item = &'static str> {
    Xtask::HELP_
        .lines()
        .filter_map(|line| line.strip_prefix("xtask "))
}

/// The part of the declaration's help about `command`: its lines after its name, the
/// indentation of a subcommand's help removed. Stress's options are `cli_args::stress`'s.
fn section(command: &str) -> Vec<String> {
    let heading = format!("xtask {}", command);
    let mut lines: Vec<String> = Xtask::HELP_
        .lines()
        .skip_while(|line| *line != heading)
        .skip(1)
        .take_while(|line| !line.starts_with("xtask "))
        .map(|line| line.strip_prefix("  ").unwrap_or(line).to_string())
        .collect();
    if command == "stress" {
        // `<options>...` stands for the options listed after the arguments.
        if let Some(at) = lines.iter().position(|line| line == "  <options>...") {
            let end = (at + 1..lines.len())
                .find(|&i| lines[i].is_empty())
                .unwrap_or(lines.len());
            lines.drain(at.saturating_sub(1)..end);
        }
        while lines.last().is_some_and(|line| line.is_empty()) {
            lines.pop();
        }
        lines.push(String::new());
        lines.extend(cli_args::stress::options_help().lines().map(String::from));
    }
    lines
}

/// The entries of a list of the section (`ARGS:` or `OPTIONS:`): the lines that name an
/// argument or an option, not their descriptions.
fn entries<'a>(section: &'a [String], list: &str) -> Vec<&'a str> {
    section
        .iter()
        .skip_while(|line| **line != list)
        .skip(1)
        .take_while(|line| line.is_empty() || line.starts_with("  "))
        .filter_map(|line| line.strip_prefix("  "))
        .filter(|line| !line.starts_with(' '))
        .collect()
}

/// `cargo xtask <command> <arguments> [--option VALUE]...`, from the declaration; wrapped
/// under the command's name past 100 columns.
fn synopsis(command: &str) -> String {
    if command == "bundle" {
        return bundler::cli::help(&format!("{} bundle", PROGRAM))
            .lines()
            .next()
            .unwrap_or_default()
            .to_string();
    }
    let section = section(command);
    let arguments = entries(&section, "ARGS:").into_iter().map(|arg| {
        if arg.ends_with("...") {
            format!("[{}]", arg)
        } else {
            arg.to_string()
        }
    });
    let options = entries(&section, "OPTIONS:")
        .into_iter()
        .map(|option| format!("[{}]", option.replace(['<', '>'], "")));
    let head = format!("{} {}", PROGRAM, command);
    let mut text = head.clone();
    let mut line_start = 0;
    for word in arguments.chain(options) {
        if text.len() - line_start + 1 + word.len() > 100 {
            line_start = text.len() + 1;
            text.push('\n');
            text.push_str(&" ".repeat(head.len()));
        }
        text.push(' ');
        text.push_str(&word);
    }
    text
}

/// What `cargo xtask <command> --help` prints: the synopsis, then the declaration's help of
/// the command.
///
/// # Example
/// ```
/// let text = workbench::flags::command_help("judge");
/// assert!(text.starts_with("cargo xtask judge <problem> [--bundled] [--time-limit-ms N]"));
/// assert!(text.contains("\n  --samples <DIR>\n"));
/// ```
pub fn command_help(command: &str) -> String {
    if command == "bundle" {
        return bundler::cli::help(&format!("{} bundle", PROGRAM));
    }
    let mut text = synopsis(command);
    text.push_str("\n\n");
    text.push_str(section(command).join("\n").trim_end());
    text.push('\n');
    text
}

/// What `cargo xtask help` prints: each command's synopsis and the first paragraph of its
/// description.
///
/// # Example
/// ```
/// let text = workbench::flags::help();
/// assert!(text.contains("\n  stress <problem> [--cases N]"));
/// ```
pub fn help() -> String {
    let mut text = format!(
        "{program} <command> [options]   (`{program} <command> --help` for its options)\n\ncommands:\n",
        program = PROGRAM
    );
    // Under the heading's `cargo xtask`, the commands are named alone.
    let program = format!("{} ", PROGRAM);
    let indent = " ".repeat(program.len());
    for command in commands() {
        for line in synopsis(command).lines() {
            let line = line
                .strip_prefix(&program)
                .or_else(|| line.strip_prefix(&indent))
                .unwrap_or(line);
            text.push_str(&format!("  {}\n", line));
        }
        for line in section(command)
            .into_iter()
            .take_while(|line| !line.is_empty())
        {
            text.push_str(&format!("      {}\n", line.trim_start()));
        }
    }
    text.push_str("  help\n      this text\n");
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(line: &str) -> XtaskCmd {
        match read(line.split_whitespace().map(String::from).collect()) {
            Ok(Invocation::Run(command)) => command,
            other => panic!("{:?} was not run: {:?}", line, other),
        }
    }

    fn refusal(line: &str) -> String {
        match read(line.split_whitespace().map(String::from).collect()) {
            Ok(taken) => panic!("{:?} was taken: {:?}", line, taken),
            Err(err) => format!("{:#}", err),
        }
    }

    #[test]
    fn reads_every_option_of_every_command() {
        let XtaskCmd::Judge(judge) =
            run("judge p --bundled --time-limit-ms 5 --memory-limit-mib=6 --samples d")
        else {
            panic!("not judge");
        };
        assert!(judge.bundled);
        assert_eq!(
            (
                judge.problem.as_str(),
                judge.time_limit_ms,
                judge.memory_limit_mib
            ),
            ("p", Some(5), Some(6))
        );
        assert_eq!(judge.samples.as_deref(), Some("d"));
        let XtaskCmd::Test(test) = run("test p --no-unit") else {
            panic!("not test");
        };
        assert!(test.no_unit && test.problem == "p");
        // The problem first or after options that take a value, the options handed over.
        for line in [
            "stress p --cases 1 --seed 2 --jobs=3 --case-time-limit-ms 4 --save-dir d --quiet",
            "stress --cases 1 --seed 2 --jobs=3 p --case-time-limit-ms 4 --save-dir d --quiet",
            "stress --quiet --cases 1 --seed 2 --jobs=3 --case-time-limit-ms 4 --save-dir d p",
        ] {
            let XtaskCmd::Stress(stress) = run(line) else {
                panic!("not stress");
            };
            assert_eq!(stress.problem, "p", "{}", line);
            let options = cli_args::stress::read(stress.options).unwrap();
            assert_eq!(
                (
                    options.cases,
                    options.seed,
                    options.jobs,
                    options.case_time_limit_ms
                ),
                (Some(1), Some(2), Some(3), Some(4))
            );
            assert!(options.quiet && options.save_dir.as_deref() == Some("d"));
        }
        let XtaskCmd::Brute(brute) = run("brute p a b") else {
            panic!("not brute");
        };
        assert_eq!(
            (brute.problem.as_str(), brute.files),
            ("p", vec!["a".into(), "b".into()])
        );
        let XtaskCmd::Sample(sample) = run("sample p two f --from-solution") else {
            panic!("not sample");
        };
        assert_eq!(
            (
                sample.problem.as_str(),
                sample.name.as_str(),
                sample.file.as_deref()
            ),
            ("p", "two", Some("f"))
        );
        assert!(sample.from_solution);
        let XtaskCmd::New(new) = run("new p --time-limit-ms 5 --memory-limit-mib 6 --no-build")
        else {
            panic!("not new");
        };
        assert_eq!(
            (
                new.name.as_str(),
                new.time_limit_ms,
                new.memory_limit_mib,
                new.no_build
            ),
            ("p", Some(5), Some(6), true)
        );
        let XtaskCmd::Listen(listen) = run("listen --port 0 --count 1 --name p --timeout-s 9")
        else {
            panic!("not listen");
        };
        assert_eq!(
            (
                listen.port,
                listen.count,
                listen.name.as_deref(),
                listen.timeout_s
            ),
            (Some(0), Some(1), Some("p"), Some(9))
        );
        let XtaskCmd::Bench(bench) = run("bench a b --runs 1 --rustc r --plot f") else {
            panic!("not bench");
        };
        assert_eq!(bench.problems, ["a", "b"]);
        assert_eq!(
            (bench.runs, bench.rustc.as_deref(), bench.plot.as_deref()),
            (Some(1), Some("r"), Some("f"))
        );
        let XtaskCmd::Accept(accept) = run("accept a b") else {
            panic!("not accept");
        };
        assert_eq!(accept.crates, ["a", "b"]);
        // Nothing given is every default.
        let XtaskCmd::Listen(listen) = run("listen") else {
            panic!("not listen");
        };
        assert_eq!((listen.port, listen.count, listen.name), (None, None, None));
    }

    #[test]
    fn hands_the_bundles_arguments_to_the_bundler_unread() {
        let XtaskCmd::Bundle(bundle) = run("bundle p --cases=5 --bogus -p q") else {
            panic!("not bundle");
        };
        assert_eq!(bundle.args, ["p", "--cases", "5", "--bogus", "-p", "q"]);
        let XtaskCmd::Bundle(bundle) = run("bundle") else {
            panic!("not bundle");
        };
        assert!(bundle.args.is_empty());
    }

    #[test]
    fn refuses_a_bad_argument_in_one_line_naming_it_and_where_the_options_are() {
        for (line, says, pointer) in [
            ("judge p --bogus", "unknown option --bogus", "judge --help"),
            ("judge p -x", "unknown option -x", "judge --help"),
            (
                "judge p --bundled --bundled",
                "--bundled given twice: give it once",
                "judge --help",
            ),
            (
                "stress p --cases 5 --cases=6",
                "--cases given twice: give it once",
                "stress --help",
            ),
            ("stress p --seed", "--seed needs a value", "stress --help"),
            (
                "stress p --seed -1",
                "--seed is not valid: invalid digit found in string",
                "stress --help",
            ),
            (
                "listen --port 65536",
                "--port is not valid: number too large to fit in target type",
                "listen --help",
            ),
            ("judge", "PROBLEM is missing", "judge --help"),
            ("sample p", "NAME is missing", "sample --help"),
            ("judge p q", "unexpected argument \"q\"", "judge --help"),
            ("accept --all", "unknown option --all", "accept --help"),
            ("listen x", "unexpected argument \"x\"", "listen --help"),
            ("walk", "unknown command \"walk\"", "help"),
            ("--bogus judge", "unknown option --bogus", "help"),
        ] {
            let message = refusal(line);
            let pointer = if pointer == "help" {
                "(the commands: `cargo xtask help`)".to_string()
            } else {
                format!("(the options: `cargo xtask {}`)", pointer)
            };
            assert_eq!(message, format!("{} {}", says, pointer), "{:?}", line);
        }
        assert_eq!(
            refusal(""),
            "no command given (the commands: `cargo xtask help`)"
        );
    }

    #[test]
    fn help_anywhere_after_a_command_is_its_help() {
        let help_of = |line: &str| match read(line.split(' ').map(String::from).collect()) {
            Ok(Invocation::Help(text)) => text,
            other => panic!("{:?} is no help: {:?}", line, other),
        };
        assert_eq!(help_of("judge p --bogus --help"), command_help("judge"));
        assert_eq!(help_of("stress -h"), command_help("stress"));
        assert_eq!(help_of("bundle --all -h"), command_help("bundle"));
        for line in ["help", "--help", "-h"] {
            assert_eq!(help_of(line), help());
        }
    }

    #[test]
    fn each_commands_help_lists_its_synopsis_and_every_option_it_reads() {
        for (command, synopsis, options) in [
            (
                "judge",
                "cargo xtask judge <problem> [--bundled] [--time-limit-ms N] \
                 [--memory-limit-mib N] [--samples DIR]",
                &[
                    "--bundled",
                    "--time-limit-ms <N>",
                    "--memory-limit-mib <N>",
                    "--samples <DIR>",
                ][..],
            ),
            (
                "test",
                "cargo xtask test <problem> [--no-unit]",
                &["--no-unit"][..],
            ),
            (
                "stress",
                "cargo xtask stress <problem> [--cases N] [--seed S] [--jobs J] \
                 [--case-time-limit-ms T]\n                   [--save-dir DIR] [--quiet]",
                &[
                    "--cases <N>",
                    "--seed <S>",
                    "--jobs <J>",
                    "--case-time-limit-ms <T>",
                    "--save-dir <DIR>",
                    "--quiet",
                ][..],
            ),
            ("brute", "cargo xtask brute <problem> [<files>...]", &[][..]),
            (
                "sample",
                "cargo xtask sample <problem> <name> [file] [--from-solution]",
                &["--from-solution"][..],
            ),
            (
                "new",
                "cargo xtask new <name> [--time-limit-ms T] [--memory-limit-mib M] [--no-build]",
                &[
                    "--time-limit-ms <T>",
                    "--memory-limit-mib <M>",
                    "--no-build",
                ][..],
            ),
            (
                "listen",
                "cargo xtask listen [--port P] [--count K] [--name NAME] [--timeout-s S]",
                &[
                    "--port <P>",
                    "--count <K>",
                    "--name <NAME>",
                    "--timeout-s <S>",
                ][..],
            ),
            (
                "bench",
                "cargo xtask bench [<problems>...] [--runs N] [--rustc PATH] [--plot FILE]",
                &["--runs <N>", "--rustc <PATH>", "--plot <FILE>"][..],
            ),
            ("accept", "cargo xtask accept [<crates>...]", &[][..]),
        ] {
            let text = command_help(command);
            assert!(
                text.starts_with(&format!("{}\n\n", synopsis)),
                "{}:\n{}",
                command,
                text
            );
            let listed: Vec<&str> = text
                .lines()
                .filter_map(|line| line.strip_prefix("  "))
                .filter(|line| line.starts_with('-'))
                .collect();
            assert_eq!(listed, options, "{}:\n{}", command, text);
        }
        assert!(command_help("bundle").starts_with("cargo xtask bundle <crates>..."));
    }

    #[test]
    fn the_list_of_commands_names_each_with_its_summary() {
        let text = help();
        let named: Vec<&str> = text
            .lines()
            .filter_map(|line| line.strip_prefix("  "))
            .filter(|line| !line.starts_with(' '))
            .map(|line| line.split(' ').next().unwrap_or_default())
            .collect();
        assert_eq!(
            named,
            [
                "bundle", "judge", "test", "stress", "brute", "sample", "new", "listen", "bench",
                "accept", "help"
            ]
        );
        assert!(
            text.contains("  judge <problem> [--bundled]")
                && text.contains(
                    "      Runs the solution on every sample with the problem's time and \
                     memory limits.\n"
                ),
            "{}",
            text
        );
    }
}
