//! Errors that point at a place: `file:line: reason`, the file shown relative to the workspace,
//! or to its package folder when it is a file of cargo's download of a crate. Every stage
//! reports through these, so they sit below all of them.

use context_error::err;
use proc_macro2::Span;
use std::path::{Path, PathBuf};

/// `file:line: reason`, with the file shown relative to `root` when it lies inside it.
pub fn error_at(
    root: &Path,
    file: &Path,
    span: Span,
    reason: impl std::fmt::Display,
) -> context_error::Error {
    error_at_line(root, file, span.start().line, reason)
}

/// `file:line: reason`, as `error_at`.
pub fn error_at_line(
    root: &Path,
    file: &Path,
    line: usize,
    reason: impl std::fmt::Display,
) -> context_error::Error {
    err!("{}:{}: {}", shown(root, file).display(), line, reason)
}

/// `file` relative to `root` when it lies inside it; a file of cargo's download of a crate
/// from its package folder on (`proconio-0.4.5/src/lib.rs`).
pub fn shown<'a>(root: &Path, file: &'a Path) -> &'a Path {
    if let Ok(inside) = file.strip_prefix(root) {
        return inside;
    }
    let parts: Vec<&std::ffi::OsStr> = file.iter().collect();
    // `.../registry/src/<index>/<package>-<version>/...`
    let from = parts
        .windows(2)
        .position(|w| w[0] == "registry" && w[1] == "src")
        .map(|at| at + 3);
    match from {
        Some(at) if at < parts.len() => {
            let prefix: PathBuf = parts[..at].iter().collect();
            file.strip_prefix(prefix).unwrap_or(file)
        }
        _ => file,
    }
}
