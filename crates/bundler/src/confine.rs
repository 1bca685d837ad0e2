//! No file from outside a crate's package in a bundle. Bundles are uploaded to judges, and
//! some judges publish them: an `include_str!("/etc/passwd")`, an `include_bytes!` of
//! `../../secret.txt` or a `#[path = "/abs/evil.rs"]` module (in the user's code or in a
//! dependency from crates.io) would carry a file of the user's machine into the submission.
//! Every file the loader reads is resolved (symlinks followed) and must lie inside the package
//! of the crate that names it, or under a path the user allowed (`--allow-include`).

use std::path::{Path, PathBuf};

/// The package a crate's files must come from.
pub struct Confine<'a> {
    /// The package's folder, resolved.
    package_dir: PathBuf,
    /// `crate `x` (package x 0.1.0)`.
    label: String,
    /// Resolved files and folders allowed from anywhere.
    allowed: &'a [PathBuf],
}

impl<'a> Confine<'a> {
    /// The files of crate `crate_name` of package `package` `version` at `package_dir`.
    pub fn new(
        package_dir: &Path,
        crate_name: &str,
        package: &str,
        version: &str,
        allowed: &'a [PathBuf],
    ) -> Confine<'a> {
        Confine {
            package_dir: package_dir
                .canonicalize()
                .unwrap_or_else(|_| package_dir.to_path_buf()),
            label: format!("crate `{}` (package {} {})", crate_name, package, version),
            allowed,
        }
    }

    /// Whether `file`, read for `what` (`include_str!`, `#[path]`, `mod x;`), may go into the
    /// bundle; the reason when not. A file that does not resolve is left to the read that
    /// follows, which says why it cannot be read.
    pub fn check(&self, file: &Path, what: &str) -> Result<(), String> {
        let Ok(resolved) = file.canonicalize() else {
            return Ok(());
        };
        if resolved.starts_with(&self.package_dir)
            || self.allowed.iter().any(|a| resolved.starts_with(a))
        {
            return Ok(());
        }
        let through = if resolved != file {
            format!(" (resolved: {})", resolved.display())
        } else {
            String::new()
        };
        Err(format!(
            "{} takes {}{}, which is outside the package of {} ({}): a bundle is uploaded to the judge (and some judges publish it), so it holds no file from elsewhere; if the file belongs in the submission, pass --allow-include {}",
            what,
            file.display(),
            through,
            self.label,
            self.package_dir.display(),
            resolved.display()
        ))
    }
}
