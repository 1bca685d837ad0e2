//! Where the workbench's builds go: cargo's profile `workbench` (dev's settings), whose folder
//! is `target/workbench/`, beside the user's `target/debug/`. Cargo locks a profile's folder for
//! the whole of a build, so a `cargo test --workspace` in another terminal holds `target/debug/`
//! for minutes; the workbench (the xtask binary itself, through the alias in
//! `.cargo/config.toml`, and every program it builds: the oracle programs that stress, brute,
//! sample, bench, test and new run and that the bundle's proof runs, and `xtask test`'s unit
//! tests) never waits for it. What both build (dp-core, test-kit, the problem crates, the tools'
//! dependencies) is built once in each folder, at the price of the disk and the CPU of one more
//! build. One profile for all of the workbench: the bundle's proof runs the very program that
//! stress built, instead of a second build of the same code.

use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};

/// The profile of the workbench's builds, and its folder's name under the target folder.
pub const PROFILE: &str = "workbench";

/// The cargo arguments that build in [`PROFILE`]. The profile is given with `--config`, so
/// that any workspace has it (the bundler's fixture workspace, a user's own), not only one
/// whose manifest declares it.
pub fn cargo_args() -> Vec<String> {
    [
        "--config",
        "profile.workbench.inherits=\"dev\"",
        "--profile",
        PROFILE,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// The profile's folder for the workspace at `root`: `$CARGO_TARGET_DIR/workbench`, else
/// `<root>/target/workbench`.
pub fn folder(root: &Path) -> PathBuf {
    let target = match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => root.join("target"),
    };
    target.join(PROFILE)
}

/// Whether another process holds cargo's lock on `folder` (its `.cargo-lock`, which cargo
/// holds with `flock` for the whole of a build).
pub fn is_locked(folder: &Path) -> bool {
    let Ok(file) = std::fs::File::open(folder.join(".cargo-lock")) else {
        return false;
    };
    // SAFETY: flock on a descriptor this function owns; no memory is involved.
    let taken = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if taken == 0 {
        // SAFETY: as above; closing the file would release it too.
        unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_UN) };
        return false;
    }
    std::io::Error::last_os_error().raw_os_error() == Some(libc::EWOULDBLOCK)
}

/// Before a build of `what` in the workbench's folder: when another cargo holds it, says on
/// stderr what the build waits for (cargo itself only says "Blocking waiting for file lock").
pub fn say_if_busy(root: &Path, what: &str) {
    let folder = folder(root);
    if is_locked(&folder) {
        eprintln!(
            "note: building {} waits for another cargo build in {} (another `cargo xtask` \
             command: listen, new, stress, bundle, ...); it goes on as soon as that one is done",
            what,
            folder.display()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;

    #[test]
    fn a_folder_is_locked_while_another_holder_has_its_cargo_lock() {
        let dir = TempDir::new("build-dir-lock");
        // No folder, or no lock file: nothing to wait for.
        assert!(!is_locked(&dir.0.join("missing")));
        assert!(!is_locked(&dir.0));
        let lock = std::fs::File::create(dir.0.join(".cargo-lock")).unwrap();
        assert!(!is_locked(&dir.0));
        // Held as cargo holds it (another open file, as another process has).
        // SAFETY: flock on a file this test owns.
        assert_eq!(
            unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) },
            0
        );
        assert!(is_locked(&dir.0));
        drop(lock);
        assert!(!is_locked(&dir.0));
    }

    #[test]
    fn the_folder_is_the_profiles_under_the_target_folder() {
        let args = cargo_args();
        assert_eq!(args[args.len() - 2..], ["--profile", PROFILE]);
        if std::env::var_os("CARGO_TARGET_DIR").is_none() {
            assert_eq!(folder(Path::new("/w")), Path::new("/w/target/workbench"));
        }
    }
}
