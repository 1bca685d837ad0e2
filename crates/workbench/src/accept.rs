//! `cargo xtask accept [<crate>...]`: accepts the pending insta snapshots without cargo-insta.
//! A snapshot assertion that fails in `cargo test` writes `NAME.snap.new` beside `NAME.snap`;
//! accepting moves each over its `.snap`, so none is left (where `INSTA_UPDATE=always` on a
//! later run writes the `.snap` and leaves the earlier `.snap.new` beside it).
//!
//! The snapshots that remain are what no reviewed file pins: the bundler's fixture bundles
//! (`crates/bundler/src/snapshots/`). A sample needs none: its `.out` is its reviewed answer.

use crate::flags::Accept;
use context_error::{bail, Context, Result};
use std::path::{Path, PathBuf};
use workspace_layout as workspace;

pub fn run(flags: Accept) -> Result<()> {
    let Accept { crates: names } = flags;
    let root = workspace::root();
    let mut dirs = Vec::new();
    for name in &names {
        let dir = root.join("crates").join(name);
        if !dir.join("Cargo.toml").is_file() {
            bail!("{} is not a crate under crates/", name);
        }
        dirs.push(dir);
    }
    if dirs.is_empty() {
        dirs.push(root.clone());
    }
    let mut accepted = Vec::new();
    for dir in &dirs {
        accepted.extend(accept_under(dir)?);
    }
    for path in &accepted {
        println!(
            "accepted {}",
            path.strip_prefix(&root).unwrap_or(path).display()
        );
    }
    if accepted.is_empty() {
        println!(
            "nothing pending: no .snap.new under {} (a failing snapshot assertion of `cargo \
             test` writes one beside its .snap)",
            dirs.iter()
                .map(|d| d.strip_prefix(&root).unwrap_or(d).display().to_string())
                .map(|d| if d.is_empty() { ".".to_string() } else { d })
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(())
}

/// Moves every `*.snap.new` under `dir` over its `.snap` (build output, version control and
/// scaffolds in progress left out); returns the `.snap` files written, sorted.
pub fn accept_under(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut pending = Vec::new();
    let mut inline = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let entries =
            std::fs::read_dir(&folder).with_context(|| format!("reading {}", folder.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("reading {}", folder.display()))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let kind = entry.file_type()?;
            if kind.is_dir() {
                if !matches!(name.as_str(), "target" | ".git" | ".new-crates") {
                    stack.push(entry.path());
                }
            } else if kind.is_file() && name.ends_with(".snap.new") {
                pending.push(entry.path());
            } else if kind.is_file() && name.ends_with(".pending-snap") {
                inline.push(entry.path());
            }
        }
    }
    if let Some(path) = inline.first() {
        bail!(
            "{} holds pending inline snapshots, which only cargo-insta writes back into the \
             source: `cargo insta accept` (cargo install cargo-insta)",
            path.display()
        );
    }
    pending.sort();
    let mut accepted = Vec::new();
    for new in pending {
        let snap = new.with_extension("");
        std::fs::rename(&new, &snap)
            .with_context(|| format!("moving {} over {}", new.display(), snap.display()))?;
        accepted.push(snap);
    }
    Ok(accepted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;

    #[test]
    fn every_pending_snapshot_replaces_its_snap_and_none_is_left() {
        let dir = TempDir::new("accept");
        let write = |path: &str, text: &str| {
            let path = dir.0.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write("crates/a/src/snapshots/x.snap", "old x");
        write("crates/a/src/snapshots/x.snap.new", "new x");
        write("crates/a/src/snapshots/y.snap.new", "first y");
        write("crates/a/src/snapshots/z.snap", "kept z");
        write("target/debug/w.snap.new", "build output");
        let accepted = accept_under(&dir.0).unwrap();
        let snapshots = dir.0.join("crates/a/src/snapshots");
        assert_eq!(
            accepted,
            [snapshots.join("x.snap"), snapshots.join("y.snap")]
        );
        let read = |name: &str| std::fs::read_to_string(snapshots.join(name)).unwrap();
        assert_eq!(read("x.snap"), "new x");
        assert_eq!(read("y.snap"), "first y");
        assert_eq!(read("z.snap"), "kept z");
        assert!(!snapshots.join("x.snap.new").exists());
        assert!(dir.0.join("target/debug/w.snap.new").exists());
        // Again: nothing pending.
        assert!(accept_under(&dir.0).unwrap().is_empty());
        // Inline snapshots need cargo-insta: refused, nothing moved.
        write("crates/a/src/.lib.rs.pending-snap", "{}");
        write("crates/a/src/snapshots/v.snap.new", "new v");
        let err = accept_under(&dir.0).unwrap_err().to_string();
        assert!(err.contains("cargo insta accept"), "{}", err);
        assert!(snapshots.join("v.snap.new").exists());
    }
}
