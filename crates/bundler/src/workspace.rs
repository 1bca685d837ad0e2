//! Where things are: the workspace root, its problem crates, their samples and bundles.

use context_error::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// The workspace `use_workspace` chose, when one did.
static CHOSEN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Makes `root` (and so `scratch_dir`) the workspace at `dir` for the rest of the process: the
/// installed `cargo gamedp-bundle` works on the workspace it is run in, not on the one it was
/// built from. Only the first call counts.
pub fn use_workspace(dir: &Path) {
    CHOSEN.get_or_init(|| dir.to_path_buf());
}

/// The workspace of the current folder: `cargo locate-project --workspace`'s folder.
pub fn current() -> Result<PathBuf> {
    let out = std::process::Command::new(std::env::var("CARGO").unwrap_or("cargo".into()))
        .args(["locate-project", "--workspace", "--message-format", "plain"])
        .output()
        .context("running cargo locate-project")?;
    if !out.status.success() {
        bail!(
            "no Cargo workspace here: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let manifest = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    Ok(manifest
        .parent()
        .context("cargo locate-project named no folder")?
        .to_path_buf())
}

/// The workspace's root folder: the one `use_workspace` chose, else the workspace this crate
/// lives in (its `crates/bundler/`).
pub fn root() -> PathBuf {
    if let Some(dir) = CHOSEN.get() {
        return dir.clone();
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("the bundler lives in crates/bundler of the workspace")
        .to_path_buf()
}

/// Where temporary work goes: `target/tmp/` of the workspace (`CARGO_TARGET_DIR`'s `tmp/`
/// when that is set), never the system's temporary folder, so that a killed run leaves
/// nothing outside `target/` and the next run cleans it.
pub fn scratch_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir).join("tmp"),
        _ => root().join("target").join("tmp"),
    }
}

/// The shared core crate's name.
pub const CORE: &str = "dp-core";

/// The problem crates under `crates/`, sorted by name: the folders with a `Cargo.toml` and a
/// `src/main.rs` (a judge's program), which leaves out dp-core and the `problems` registry.
pub fn problem_crates(root: &Path) -> Result<Vec<String>> {
    let dir = root.join("crates");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let dir = entry.path();
        if name != CORE && dir.join("Cargo.toml").is_file() && dir.join("src/main.rs").is_file() {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// Checks that `name` is a problem crate of the workspace.
pub fn check_problem(root: &Path, name: &str) -> Result<()> {
    let crates = problem_crates(root)?;
    if !crates.iter().any(|c| c == name) {
        bail!(
            "{:?} is not a problem crate; the problem crates are: {}",
            name,
            crates.join(", ")
        );
    }
    Ok(())
}

/// `samples/<crate>/`.
pub fn samples_dir(root: &Path, name: &str) -> PathBuf {
    root.join("samples").join(name)
}

/// The sample cases of a crate: `(case name, input path, expected output path)`, sorted.
pub fn samples(root: &Path, name: &str) -> Result<Vec<(String, PathBuf, PathBuf)>> {
    cases_in(&samples_dir(root, name))
}

/// The `*.in` files of `dir`, each with its `.out`: `(case name, input, expected output)`,
/// sorted.
pub fn cases_in(dir: &Path) -> Result<Vec<(String, PathBuf, PathBuf)>> {
    let mut cases = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "in") {
            // A FIFO or a device would be read forever by the programs judged on it.
            if !path.metadata().is_ok_and(|m| m.is_file()) {
                bail!("{}: not a regular file", path.display());
            }
            let out = path.with_extension("out");
            if !out.is_file() {
                bail!("{}: no matching .out file", path.display());
            }
            let case = path.file_stem().unwrap().to_string_lossy().into_owned();
            cases.push((case, path, out));
        }
    }
    cases.sort();
    Ok(cases)
}

/// `target/bundle/<crate>.rs` (`<crate>` a bundle name, which may be `<package>/<binary>`).
pub fn bundle_path(root: &Path, name: &str) -> PathBuf {
    root.join("target")
        .join("bundle")
        .join(format!("{}.rs", name))
}
