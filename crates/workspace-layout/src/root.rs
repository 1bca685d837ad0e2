//! The workspace's root folder and its scratch folder.

use context_error::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// The workspace `use_workspace` chose, when one did.
static CHOSEN: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Makes `root` (and so `scratch_dir`) the workspace at `dir` for the rest of the process: the
/// installed `cargo gamedp-bundle` works on the workspace it is run in, not on the one it was
/// built from. Only the first call counts.
///
/// # Example
/// ```
/// let here = workspace_layout::root();
/// workspace_layout::use_workspace(&here);
/// assert_eq!(workspace_layout::root(), here);
/// ```
pub fn use_workspace(dir: &Path) {
    CHOSEN.get_or_init(|| dir.to_path_buf());
}

/// The workspace of the current folder: `cargo locate-project --workspace`'s folder.
///
/// # Errors
/// Cargo cannot be run, or finds no workspace here.
///
/// # Example
/// ```no_run
/// let root = workspace_layout::current().unwrap();
/// assert!(root.join("Cargo.toml").is_file());
/// ```
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
/// lives in (its `crates/workspace-layout/`).
///
/// # Example
/// ```
/// assert!(workspace_layout::root().join("crates").is_dir());
/// ```
pub fn root() -> PathBuf {
    if let Some(dir) = CHOSEN.get() {
        return dir.clone();
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("this crate lives in crates/workspace-layout of the workspace")
        .to_path_buf()
}

/// Where temporary work goes: `target/tmp/` of the workspace (`CARGO_TARGET_DIR`'s `tmp/`
/// when that is set), never the system's temporary folder, so that a killed run leaves
/// nothing outside `target/` and the next run cleans it.
///
/// # Example
/// ```
/// assert!(workspace_layout::scratch_dir().ends_with("tmp"));
/// ```
pub fn scratch_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir).join("tmp"),
        _ => root().join("target").join("tmp"),
    }
}
