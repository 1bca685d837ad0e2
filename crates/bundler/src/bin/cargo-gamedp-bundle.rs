//! `cargo gamedp-bundle <crate>... | --bin NAME... | --all [options]`: the bundler for any
//! Cargo workspace, installed with `cargo install --path crates/bundler`. It bundles binaries
//! of the workspace of the current folder (or of `--workspace DIR`), a package's `src/main.rs`
//! or each binary of a multi-binary package (cargo-compete's and cargo-atcoder's layout), with
//! their samples (`samples/<crate>/*.in|.out` at the workspace root, cargo-compete's
//! `testcases/<bin>.yml`, online-judge-tools' `test/`), writing `target/bundle/<crate>.rs`
//! there; its temporary work goes to that workspace's `target/tmp/`.

use bundler::workspace;
use context_error::{Context, Result};
use std::path::PathBuf;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo gamedp-bundle x` runs `cargo-gamedp-bundle gamedp-bundle x`.
    if args.first().map(String::as_str) == Some("gamedp-bundle") {
        args.remove(0);
    }
    bundler::invoked_as("cargo gamedp-bundle");
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!(
            "{}",
            bundler::USAGE
                .replace("cargo xtask bundle", "cargo gamedp-bundle")
                .replace(
                    "  --fixtures         the crates of crates/bundler/testdata/fixture, the bundler's own test workspace\n",
                    ""
                )
                .replace(" | --fixtures", "")
        );
        return;
    }
    if let Err(err) = run(args) {
        eprintln!("error: {:#}", err);
        std::process::exit(1);
    }
}

fn run(mut args: Vec<String>) -> Result<()> {
    let given = args.iter().enumerate().find_map(|(i, a)| {
        if a == "--workspace" {
            Some(args.get(i + 1).cloned())
        } else {
            a.strip_prefix("--workspace=").map(|d| Some(d.to_string()))
        }
    });
    let root = match given {
        Some(Some(dir)) => PathBuf::from(&dir)
            .canonicalize()
            .with_context(|| format!("--workspace {}", dir))?,
        Some(None) => context_error::bail!("--workspace needs a folder"),
        None => {
            let root = workspace::current()?;
            args.push("--workspace".to_string());
            args.push(root.display().to_string());
            root
        }
    };
    workspace::use_workspace(&root);
    bundler::run(args)
}
