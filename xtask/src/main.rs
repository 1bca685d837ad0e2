//! `cargo xtask`: the gamedp workbench. One module per subcommand; see `cargo xtask help`.

mod bench;
mod bundle;
mod cli;
mod judge;
mod new;
mod problems;
mod process;
mod stress;
mod workspace;

use anyhow::{bail, Result};

const HELP: &str = "\
cargo xtask <command> [options]

commands:
  bundle <crate>... | --all | --fixtures [--provided CRATE]... [--deny-warnings]
         [--rustc PATH] [--edition E] [--skip-missing] [--workspace DIR]
                              write target/bundle/<crate>.rs with the libraries it uses, prove
                              it on rustc 2021 and 2024 and /usr/bin/rustc (1.63), run the
                              samples on each
  judge <crate> [--bundled]   run the solution on every sample with time and memory limits
  stress <crate> [--cases N] [--seed S] [--jobs J]
                              random tests against the brute force, shrinking a failure
  new <name>                  scaffold a problem crate
  bench [<crate>...] [--runs N] [--rustc PATH]
                              median time and peak memory of the bundled file on big inputs,
                              compiled by PATH (e.g. /usr/bin/rustc, 1.63) instead of rustc
  help                        this text
";

fn main() {
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
    match command.as_str() {
        "bundle" => bundle::run(args),
        "judge" => judge::run(args),
        "stress" => stress::run(args),
        "new" => new::run(args),
        "bench" => bench::run(args),
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
