//! `cargo xtask bundle`: turn a problem crate and the workspace crates it uses into one source
//! file a judge accepts, at `target/bundle/<crate>.rs`, and prove it compiles and passes the
//! samples before it replaces the previous one.

mod assemble;
mod cfg;
mod check;
mod layout;
mod load;
mod manifest;
mod prune;
mod rewrite;

use crate::cli::Args;
use crate::workspace;
use anyhow::{anyhow, bail, Context, Result};
use check::Compiler;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

pub use assemble::assemble;

/// Debian's rustc 1.63, as old as the judges' compilers (CI installs it with apt-get).
const OLD_RUSTC: &str = "/usr/bin/rustc";

/// Bundles should stay below this size (judges cap source files, some at 16 KiB or 64 KiB).
const SIZE_TARGET: usize = 16 * 1024;

/// How bundles are checked.
pub struct Options {
    pub compilers: Vec<Compiler>,
    /// Report a missing compiler instead of failing on it.
    pub skip_missing: bool,
}

impl Options {
    /// The compilers judges run: the current `rustc` on editions 2021 and 2024, and Debian's
    /// rustc 1.63 (the oldest judges use) on 2021. `--rustc` and/or `--edition` name one
    /// compiler instead (the current `rustc` and edition 2021 where not given).
    pub fn from_flags(rustc: Option<String>, edition: Option<String>) -> Options {
        let compiler = |rustc: &str, edition: &str| Compiler {
            rustc: PathBuf::from(rustc),
            edition: edition.to_string(),
            deny_warnings: true,
        };
        let compilers = if rustc.is_none() && edition.is_none() {
            vec![
                compiler("rustc", "2021"),
                compiler("rustc", "2024"),
                compiler(OLD_RUSTC, "2021"),
            ]
        } else {
            vec![compiler(
                rustc.as_deref().unwrap_or("rustc"),
                edition.as_deref().unwrap_or("2021"),
            )]
        };
        Options {
            compilers,
            skip_missing: false,
        }
    }
}

/// What one bundle run produced, for the summary line.
#[derive(Debug)]
pub struct Summary {
    pub name: String,
    pub path: PathBuf,
    pub bytes: usize,
    pub core_items: Option<(usize, usize)>,
    pub samples: usize,
    /// `rustc 1.63.0 (2021)` for each compiler that passed.
    pub checked: Vec<String>,
    /// The missing compilers skipped under `--skip-missing`.
    pub skipped: Vec<String>,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} bytes", self.name, self.bytes)?;
        if self.bytes > SIZE_TARGET {
            write!(f, " (over the {} KiB target)", SIZE_TARGET / 1024)?;
        }
        if let Some((kept, available)) = self.core_items {
            write!(f, ", {} items {}/{}", workspace::CORE, kept, available)?;
        }
        write!(
            f,
            ", {} sample{} passed on {} -> {}",
            self.samples,
            if self.samples == 1 { "" } else { "s" },
            self.checked.join(", "),
            self.path.display()
        )?;
        if !self.skipped.is_empty() {
            write!(f, " (not checked: {} is missing)", self.skipped.join(", "))?;
        }
        Ok(())
    }
}

pub fn run(args: Vec<String>) -> Result<()> {
    let mut args = Args::new(args);
    let all = args.flag("--all");
    let skip_missing = args.flag("--skip-missing");
    let rustc = args.value("--rustc")?;
    let edition = args.value("--edition")?;
    let names = args.finish()?;
    let root = workspace::root();
    let names = if all {
        if !names.is_empty() {
            bail!("give crate names or --all, not both");
        }
        workspace::problem_crates(&root)?
    } else {
        for name in &names {
            workspace::check_problem(&root, name)?;
        }
        names
    };
    if names.is_empty() {
        bail!("usage: cargo xtask bundle <crate>... | --all");
    }
    let mut options = Options::from_flags(rustc, edition);
    options.skip_missing = skip_missing;
    let mut failed = Vec::new();
    for name in &names {
        match bundle_crate(&root, name, &options) {
            Ok(summary) => println!("{}", summary),
            Err(err) => {
                eprintln!("error: {}: {:#}", name, err);
                failed.push(name.as_str());
            }
        }
    }
    if !failed.is_empty() {
        bail!(
            "{} of {} bundles failed: {}",
            failed.len(),
            names.len(),
            failed.join(", ")
        );
    }
    Ok(())
}

/// Bundles problem crate `name` of the workspace at `root` into `target/bundle/<name>.rs`,
/// compiled and run on the samples with every compiler of `options` first. On failure the
/// previous bundle stays; the rejected text goes to `<name>.rs.failed` for inspection.
pub fn bundle_crate(root: &Path, name: &str, options: &Options) -> Result<Summary> {
    let assembled = assemble(root, name)?;
    let target = workspace::bundle_path(root, name);
    let dir = target.parent().expect("bundle path has a folder");
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let failed_copy = target.with_extension("rs.failed");
    let cases = if workspace::samples_dir(root, name).is_dir() {
        workspace::samples(root, name)?
    } else {
        Vec::new()
    };
    let (checked, skipped) = match verify(&assembled.text, name, &cases, options) {
        Ok(outcome) => outcome,
        Err(err) => {
            write_atomically(&failed_copy, &assembled.text).ok();
            return Err(err.context(format!(
                "the bundle was not written; its text is in {}",
                failed_copy.display()
            )));
        }
    };
    write_atomically(&target, &assembled.text)?;
    std::fs::remove_file(&failed_copy).ok();
    Ok(Summary {
        name: name.to_string(),
        path: target.strip_prefix(root).unwrap_or(&target).to_path_buf(),
        bytes: assembled.text.len(),
        core_items: assembled.core_items,
        samples: cases.len(),
        checked,
        skipped,
    })
}

/// How one compiler's check ended, when it did not fail.
enum Checked {
    /// Compiled and passed the samples; the label names the compiler and edition.
    Passed(String),
    /// Not installed, and `--skip-missing` was given.
    Skipped(String),
}

/// Compiles `text` with each compiler (in parallel) and runs the samples on each binary;
/// returns the compilers that passed and those skipped. At least one must pass.
fn verify(
    text: &str,
    name: &str,
    cases: &[check::Case],
    options: &Options,
) -> Result<(Vec<String>, Vec<String>)> {
    let scratch = TempDir::new("bundle")?;
    let source = scratch
        .path()
        .join(format!("{}.rs", name.replace('-', "_")));
    std::fs::write(&source, text)?;
    let results: Vec<Result<Checked>> = std::thread::scope(|scope| {
        let handles: Vec<_> = options
            .compilers
            .iter()
            .enumerate()
            .map(|(i, compiler)| {
                let (source, scratch) = (&source, scratch.path());
                scope.spawn(move || -> Result<Checked> {
                    let version = match compiler.version() {
                        Some(v) => v,
                        None if options.skip_missing => {
                            return Ok(Checked::Skipped(compiler.rustc.display().to_string()))
                        }
                        None => bail!(
                            "{} is missing (install it, or pass --skip-missing)",
                            compiler.rustc.display()
                        ),
                    };
                    let label = format!("{} ({})", version, compiler.edition);
                    let binary = compiler
                        .compile(source, scratch, &format!("bin{}", i))
                        .with_context(|| label.clone())?;
                    check::run_samples(&binary, cases, scratch).with_context(|| label.clone())?;
                    Ok(Checked::Passed(label))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow!("a check panicked")))
            })
            .collect()
    });
    let (mut passed, mut skipped, mut failed) = (Vec::new(), Vec::new(), Vec::new());
    for result in results {
        match result {
            Ok(Checked::Passed(label)) => passed.push(label),
            Ok(Checked::Skipped(rustc)) => skipped.push(rustc),
            Err(err) => failed.push(format!("{:#}", err)),
        }
    }
    // Report every compiler that failed, not just the first.
    if !failed.is_empty() {
        bail!("{}", failed.join("\n"));
    }
    if passed.is_empty() {
        bail!(
            "no compiler was available to check the bundle ({} missing)",
            skipped.join(", ")
        );
    }
    Ok((passed, skipped))
}

/// Writes `path` so that it either keeps its old content or has all of `text`: write a
/// temporary file beside it, then rename over it.
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = path.with_file_name(format!(".{}.{}.tmp", file_name, std::process::id()));
    std::fs::write(&temp, text).with_context(|| format!("writing {}", temp.display()))?;
    std::fs::rename(&temp, path).with_context(|| format!("renaming to {}", path.display()))
}

/// A fresh folder under the system's temporary folder, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(what: &str) -> Result<TempDir> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "gamedp-{}-{}-{}",
            what,
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(TempDir(path))
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

#[cfg(test)]
mod tests;
