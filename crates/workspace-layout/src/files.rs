//! File helpers the tools share: a scratch folder removed on drop, and a write that a reader
//! or a crash never sees half done.

use crate::root::scratch_dir;
use context_error::{Context, Result};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Writes `path` so that it either keeps its old content or has all of `text`: a temporary
/// file beside it (named for this process and call, so that threads writing the same path do
/// not share one), then a rename over it.
///
/// # Errors
/// The temporary file cannot be written or renamed; it is removed then.
///
/// # Example
/// ```
/// let dir = workspace_layout::TempDir::new("doc-write").unwrap();
/// let path = dir.path().join("answer.txt");
/// workspace_layout::write_atomically(&path, "42\n").unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "42\n");
/// ```
pub fn write_atomically(path: &Path, text: &str) -> Result<()> {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let file_name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = path.with_file_name(format!(
        ".{}.{}-{}.tmp",
        file_name,
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    // A full disk or a failed rename leaves no temporary file behind.
    let done = std::fs::write(&temp, text)
        .with_context(|| format!("writing {}", temp.display()))
        .and_then(|()| {
            std::fs::rename(&temp, path).with_context(|| format!("renaming to {}", path.display()))
        });
    if done.is_err() {
        std::fs::remove_file(&temp).ok();
    }
    done
}

/// A fresh folder under the workspace's `target/tmp/` ([`scratch_dir`]), removed on drop; one
/// that a killed run left behind is removed by the next.
///
/// # Example
/// ```
/// let dir = workspace_layout::TempDir::new("doc").unwrap();
/// let path = dir.path().to_path_buf();
/// assert!(path.is_dir());
/// drop(dir);
/// assert!(!path.exists());
/// ```
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new folder `gamedp-<what>-<pid>-<n>`.
    ///
    /// # Errors
    /// The folder cannot be created.
    pub fn new(what: &str) -> Result<TempDir> {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let base = scratch_dir();
        std::fs::create_dir_all(&base).with_context(|| format!("creating {}", base.display()))?;
        remove_stale_temp_dirs(&base);
        let path = base.join(format!(
            "gamedp-{}-{}-{}",
            what,
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&path).with_context(|| format!("creating {}", path.display()))?;
        Ok(TempDir(path))
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

/// Removes the `gamedp-<what>-<pid>-<n>` folders of `base` whose process is gone (a killed
/// bundle or test).
fn remove_stale_temp_dirs(base: &Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with("gamedp-") {
            continue;
        }
        let mut parts = name.rsplit('-');
        let (_, pid) = (parts.next(), parts.next());
        let Some(pid) = pid.and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        let alive = pid == std::process::id() || Path::new("/proc").join(pid.to_string()).exists();
        if !alive {
            std::fs::remove_dir_all(entry.path()).ok();
        }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}
