//! Sample files of gamedp problem crates, written and read safely: a kill or a full disk leaves
//! both files of a pair or neither, a pair never replaces a file, and only regular files are
//! read (a FIFO or a device would be read forever). Shared by the oracle programs (`test-kit`,
//! which saves counterexamples) and the workbench (`cargo xtask sample`); std only.
//!
//! | item | what for |
//! | --- | --- |
//! | [`write_pair`], [`PairError`] | a `.in` and its `.out`, written whole or not at all |
//! | [`remove_stale`] | the temporary files of a killed [`write_pair`] |
//! | [`read_regular`] | the bytes of a regular file, anything else refused |
//! | [`read_capped`], [`INPUT_CAP`] | the bytes of a stream (stdin), refused past the cap |
//! | [`move_dir`] | a folder moved, copied where a rename cannot cross file systems |

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Why [`write_pair`] wrote nothing.
#[derive(Debug)]
pub enum PairError {
    /// One of the two names is taken.
    Taken,
    /// Writing failed (a full disk, say); nothing of the pair is left.
    Io(std::io::Error),
}

/// The prefix of the temporary files of [`write_pair`], which [`remove_stale`] cleans.
const TEMPORARY: &str = ".gamedp-tmp-";

/// Writes `first` and then `second` (each with its text) so that either both appear or
/// neither does, and neither replaces a file: each text goes to a temporary file in the same
/// folder first, then is linked under its name (a link never replaces a file), `second` first,
/// so that the pair is whole once `first` (the `.in` that tools look for) appears.
///
/// # Example
/// ```
/// let dir = std::env::temp_dir().join(format!("sample-files-pair-{}", std::process::id()));
/// std::fs::create_dir_all(&dir).unwrap();
/// let (a, b) = (dir.join("x.in"), dir.join("x.out"));
/// sample_files::write_pair(&a, b"1\n", &b, b"2\n").unwrap();
/// assert!(matches!(
///     sample_files::write_pair(&a, b"3\n", &b, b"4\n"),
///     Err(sample_files::PairError::Taken)
/// ));
/// assert_eq!(std::fs::read(&a).unwrap(), b"1\n");
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn write_pair(
    first: &Path,
    first_text: &[u8],
    second: &Path,
    second_text: &[u8],
) -> Result<(), PairError> {
    let dir = first.parent().unwrap_or(Path::new("."));
    remove_stale(dir);
    if first.exists() || second.exists() {
        return Err(PairError::Taken);
    }
    let temp_first = temporary(dir);
    let temp_second = temporary(dir);
    let cleanup = |paths: &[&Path]| {
        for path in paths {
            std::fs::remove_file(path).ok();
        }
    };
    let written =
        write_new(&temp_first, first_text).and_then(|()| write_new(&temp_second, second_text));
    if let Err(err) = written {
        cleanup(&[&temp_first, &temp_second]);
        return Err(PairError::Io(err));
    }
    let result = match std::fs::hard_link(&temp_second, second) {
        Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => Err(PairError::Taken),
        Err(err) => Err(PairError::Io(err)),
        Ok(()) => match std::fs::hard_link(&temp_first, first) {
            Ok(()) => Ok(()),
            Err(err) => {
                std::fs::remove_file(second).ok();
                Err(if err.kind() == std::io::ErrorKind::AlreadyExists {
                    PairError::Taken
                } else {
                    PairError::Io(err)
                })
            }
        },
    };
    cleanup(&[&temp_first, &temp_second]);
    result
}

fn write_new(path: &Path, text: &[u8]) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    file.write_all(text)?;
    file.sync_all()
}

fn temporary(dir: &Path) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    dir.join(format!(
        "{}{}-{}",
        TEMPORARY,
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// Moves the folder `from` to `to`, which must not exist: a rename, or where `to` is on another
/// file system (a rename fails with "Invalid cross-device link"), a copy. The copy is made
/// under a temporary name beside `to` and renamed into place once whole, so `to` appears whole
/// or not at all; `from` is removed before that rename, so a kill leaves the folder in one of
/// the two places or (between the two steps) a temporary copy that [`remove_stale`] removes.
///
/// # Errors
/// What failed; `to` is then not there, and `from` still is unless the final rename failed.
///
/// # Example
/// ```
/// let dir = std::env::temp_dir().join(format!("sample-files-move-{}", std::process::id()));
/// std::fs::create_dir_all(dir.join("a/sub")).unwrap();
/// std::fs::write(dir.join("a/sub/x.in"), "1\n").unwrap();
/// sample_files::move_dir(&dir.join("a"), &dir.join("b")).unwrap();
/// assert_eq!(std::fs::read(dir.join("b/sub/x.in")).unwrap(), b"1\n");
/// assert!(!dir.join("a").exists());
/// std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn move_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    if to.symlink_metadata().is_ok() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!("{} already exists", to.display()),
        ));
    }
    match std::fs::rename(from, to) {
        Err(err) if err.kind() == std::io::ErrorKind::CrossesDevices => {}
        done => return done,
    }
    let dir = to.parent().unwrap_or(Path::new("."));
    remove_stale(dir);
    let temp = temporary(dir);
    if let Err(err) = copy_tree(from, &temp) {
        std::fs::remove_dir_all(&temp).ok();
        return Err(err);
    }
    std::fs::remove_dir_all(from)?;
    std::fs::rename(&temp, to)
}

/// Copies the folder `from` as the new folder `to`: folders and regular files (synced), nothing
/// else (a scaffold holds nothing else).
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type()?;
        if kind.is_dir() {
            copy_tree(&source, &target)?;
        } else if kind.is_file() {
            std::fs::copy(&source, &target)?;
            std::fs::File::open(&target)?.sync_all()?;
        } else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{} is neither a file nor a folder", source.display()),
            ));
        }
    }
    Ok(())
}

/// Removes the temporary files that a killed [`write_pair`] left in `dir` (those of processes
/// no longer running), and the temporary folders of a killed [`move_dir`].
pub fn remove_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(TEMPORARY) else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or("");
        let alive = pid.parse::<u32>().is_ok_and(|pid| {
            pid == std::process::id() || Path::new("/proc").join(pid.to_string()).exists()
        });
        if !alive {
            let path = entry.path();
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => std::fs::remove_dir_all(&path).ok(),
                _ => std::fs::remove_file(&path).ok(),
            };
        }
    }
}

/// The bytes of a regular file; anything else (a FIFO, a device, a folder) is refused rather
/// than read forever.
///
/// # Errors
/// The file's path and what went wrong, as text.
///
/// # Example
/// ```
/// let dir = std::env::temp_dir();
/// assert!(sample_files::read_regular(&dir).unwrap_err().ends_with("is not a regular file"));
/// ```
pub fn read_regular(path: &Path) -> Result<Vec<u8>, String> {
    let meta =
        std::fs::metadata(path).map_err(|err| format!("reading {}: {}", path.display(), err))?;
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    let file =
        std::fs::File::open(path).map_err(|err| format!("reading {}: {}", path.display(), err))?;
    // Capped as it is read, not by its size beforehand: a file may grow meanwhile.
    read_capped(file, &path.display().to_string())
}

/// The most an input is read (64 MiB): judges' inputs are at most a few MiB, and a stream
/// without end (`< /dev/zero`) must not fill the memory.
pub const INPUT_CAP: u64 = 64 << 20;

/// All of `reader` (stdin, say), refused past [`INPUT_CAP`] bytes, having read one byte past
/// it and no more.
///
/// # Errors
/// `what` and what went wrong, as text.
///
/// # Example
/// ```
/// let endless = std::io::repeat(0);
/// let err = sample_files::read_capped(endless, "stdin").unwrap_err();
/// assert!(err.starts_with("stdin holds more than 64 MiB"), "{}", err);
/// assert_eq!(sample_files::read_capped(&b"1 2\n"[..], "stdin").unwrap(), b"1 2\n");
/// ```
pub fn read_capped(reader: impl Read, what: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    reader
        .take(INPUT_CAP + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| format!("reading {}: {}", what, err))?;
    if bytes.len() as u64 > INPUT_CAP {
        return Err(format!(
            "{} holds more than {} MiB, the input cap (judges' inputs are a few MiB at most)",
            what,
            INPUT_CAP >> 20
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tmpfs mounted for a test (as root, as on CI), unmounted on drop; `None`, with the
    /// reason printed, where mounting is not permitted.
    struct Mounted(PathBuf);

    impl Mounted {
        fn tmpfs(point: &Path) -> Option<Mounted> {
            std::fs::create_dir_all(point).unwrap();
            let status = std::process::Command::new("mount")
                .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
                .arg(point)
                .stderr(std::process::Stdio::null())
                .status();
            if !status.is_ok_and(|s| s.success()) {
                eprintln!("skipped: mounting a tmpfs is not permitted here (CI runs as root)");
                return None;
            }
            Some(Mounted(point.to_path_buf()))
        }
    }

    impl Drop for Mounted {
        fn drop(&mut self) {
            std::process::Command::new("umount")
                .arg(&self.0)
                .status()
                .ok();
        }
    }

    #[test]
    fn a_folder_moves_to_another_file_system_whole() {
        let dir = scratch("cross-device");
        let from = dir.join("stage/samples");
        std::fs::create_dir_all(from.join("deep")).unwrap();
        std::fs::write(from.join("a.in"), "1 2\n").unwrap();
        std::fs::write(from.join("deep/a.out"), "3\n").unwrap();
        let Some(disk) = Mounted::tmpfs(&dir.join("other")) else {
            return;
        };
        let to = disk.0.join("p1-sum");
        // A plain rename is refused across the mount: what `new` met.
        let err = std::fs::rename(&from, &to).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::CrossesDevices);
        move_dir(&from, &to).unwrap();
        assert_eq!(std::fs::read(to.join("a.in")).unwrap(), b"1 2\n");
        assert_eq!(std::fs::read(to.join("deep/a.out")).unwrap(), b"3\n");
        assert!(!from.exists());
        // No temporary folder is left beside it; a taken name is refused, nothing moved.
        let names: Vec<String> = std::fs::read_dir(&disk.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["p1-sum"]);
        std::fs::create_dir_all(&from).unwrap();
        let err = move_dir(&from, &to).unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::AlreadyExists);
        assert!(from.exists());
        // A copy that does not fit (a full disk) leaves nothing on the other side.
        std::fs::write(from.join("big.in"), vec![b'1'; 2 << 20]).unwrap();
        assert!(move_dir(&from, &disk.0.join("p2-sum")).is_err());
        assert!(from.join("big.in").is_file());
        let names: Vec<String> = std::fs::read_dir(&disk.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["p1-sum"]);
        drop(disk);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn scratch(what: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("sample-files-{}-{}", what, std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn inputs_are_read_up_to_the_cap_and_refused_past_it() {
        // Exactly the cap is read; one byte more is refused, from a stream or a file.
        let at_cap = std::io::repeat(b'1').take(INPUT_CAP);
        assert_eq!(read_capped(at_cap, "x").unwrap().len() as u64, INPUT_CAP);
        let past = std::io::repeat(b'1').take(INPUT_CAP + 1);
        let err = read_capped(past, "stdin").unwrap_err();
        assert!(err.starts_with("stdin holds more than 64 MiB"), "{}", err);
        let dir = scratch("cap");
        let big = dir.join("big.in");
        // Sparse: no disk is used for the 64 MiB of zeros.
        std::fs::File::create(&big)
            .unwrap()
            .set_len(INPUT_CAP + 1)
            .unwrap();
        let err = read_regular(&big).unwrap_err();
        assert!(err.contains("big.in holds more than 64 MiB"), "{}", err);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
