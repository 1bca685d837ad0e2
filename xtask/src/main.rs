//! `cargo xtask`: the command line of the gamedp workbench (crates/workbench) and bundler
//! (crates/bundler), which do the work; see `cargo xtask help`. It links no problem crate.

use context_error::{bail, Result};
use workbench::{accept, bench, brute, judge, listen, new, sample, stress, test};

const HELP: &str = "\
cargo xtask <command> [options]     (cargo xtask <command> --help for its options)

commands:
  bundle <crate>... | --bin NAME... | --all | --fixtures [options]
                              write target/bundle/<crate>.rs with the libraries it uses, prove
                              it on rustc 2021 and 2024 and /usr/bin/rustc (1.63), run the
                              samples and the oracle's generated inputs on each
  judge <crate> [--bundled]   run the solution on every sample with time and memory limits
  test <crate>                one problem's tests alone: its unit tests, samples and the
                              standard checks of its oracle
  stress <crate> [--cases N] [--seed S] [--jobs J]
                              random tests against the brute force, shrinking a failure
  brute <crate> [FILE...]     the brute force's answer to input files (stdin without FILE)
  sample <crate> <NAME> [FILE] [--from-solution]
                              a new sample NAME.in with the brute force's (or the solution's)
                              answer as NAME.out
  new <name> [--time-limit-ms T] [--memory-limit-mib M]
                              scaffold a problem crate (cargo test -p <name> checks it)
  listen [--port P] [--count K]
                              scaffold a crate per problem sent by Competitive Companion
  bench [<crate>...] [--runs N] [--rustc PATH] [--plot FILE]
                              median time and peak memory of the bundled file on big inputs,
                              compiled by PATH (e.g. /usr/bin/rustc, 1.63) instead of rustc
  accept [<crate>...]         accept the pending snapshots (*.snap.new over *.snap), for the
                              crates given or the whole workspace
  help                        this text
";

/// Each command's usage, for `cargo xtask <command> --help`.
fn usage(command: &str) -> Option<String> {
    Some(match command {
        "bundle" => bundler::usage(),
        "judge" => judge::USAGE.to_string(),
        "test" => test::USAGE.to_string(),
        "stress" => stress::USAGE.to_string(),
        "brute" => brute::USAGE.to_string(),
        "sample" => sample::USAGE.to_string(),
        "new" => new::USAGE.to_string(),
        "listen" => listen::USAGE.to_string(),
        "bench" => bench::USAGE.to_string(),
        "accept" => accept::USAGE.to_string(),
        _ => return None,
    })
}

fn main() {
    // Writing to a closed pipe (`cargo xtask bench | head -1`) ends xtask quietly, as it does
    // any Unix tool, instead of a panic of `println!` with exit code 101. Children get the
    // default disposition anyway.
    // SAFETY: setting a signal's disposition to the default before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    if let Err(err) = run() {
        eprintln!("error: {:#}", err);
        std::process::exit(1);
    }
}

fn run() -> Result<()> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        print!("{}", HELP);
        bail!("no command given");
    }
    let command = args.remove(0);
    if args.iter().any(|a| a == "--help" || a == "-h") {
        if let Some(text) = usage(&command) {
            print!("{}", text);
            return Ok(());
        }
    }
    match command.as_str() {
        "bundle" => workbench::bundle::run(args),
        "judge" => judge::run(args),
        "test" => test::run(args),
        "stress" => stress::run(args),
        "brute" => brute::run(args),
        "sample" => sample::run(args),
        "new" => new::run(args),
        "listen" => listen::run(args),
        "bench" => bench::run(args),
        "accept" => accept::run(args),
        "help" | "--help" | "-h" => {
            print!("{}", HELP);
            Ok(())
        }
        other => {
            print!("{}", HELP);
            bail!("unknown command {:?}", other)
        }
    }
}
