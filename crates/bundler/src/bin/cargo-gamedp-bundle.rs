//! `cargo gamedp-bundle <crate>... | --bin NAME... | --all [options]`: the bundler for any
//! Cargo workspace, installed with `cargo install --path crates/bundler`. It bundles binaries
//! of the workspace of the current folder (or of `--workspace DIR`), a package's `src/main.rs`
//! or each binary of a multi-binary package (cargo-compete's and cargo-atcoder's layout), with
//! their samples (`samples/<crate>/*.in|.out` at the workspace root, cargo-compete's
//! `testcases/<bin>.yml`, online-judge-tools' `test/`), writing `target/bundle/<crate>.rs`
//! there; its temporary work goes to that workspace's `target/tmp/`.

use bundler::workspace;
use context_error::{bail, Context, Result};
use std::path::PathBuf;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo gamedp-bundle x` runs `cargo-gamedp-bundle gamedp-bundle x`.
    if args.first().map(String::as_str) == Some("gamedp-bundle") {
        args.remove(0);
    }
    bundler::invoked_as("cargo gamedp-bundle");
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{}", bundler::usage());
        return;
    }
    if let Err(err) = run(args) {
        eprintln!("error: {:#}", err);
        std::process::exit(1);
    }
}

fn run(args: Vec<String>) -> Result<()> {
    let mut flags = bundler::cli::Bundle::parse(args, "cargo gamedp-bundle")?;
    // Generated inputs come from a problem's oracle program, which only the workbench builds.
    for (given, option) in [
        (flags.cases.is_some(), "--cases"),
        (flags.seed.is_some(), "--seed"),
        (flags.no_generated, "--no-generated"),
    ] {
        if given {
            bail!(
                "{} is an option of `cargo xtask bundle` in the gamedp workspace",
                option
            );
        }
    }
    let root = match &flags.workspace {
        Some(dir) => PathBuf::from(dir)
            .canonicalize()
            .with_context(|| format!("--workspace {}", dir))?,
        None => workspace::current()?,
    };
    flags.workspace = Some(root.display().to_string());
    workspace::use_workspace(&root);
    bundler::run_flags(flags, &|_, _, _| Ok(()))
}
