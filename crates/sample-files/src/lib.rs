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

/// Removes the temporary files that a killed [`write_pair`] left in `dir` (those of processes
/// no longer running).
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
            std::fs::remove_file(entry.path()).ok();
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

    fn scratch(what: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "sample-files-{}-{}",
            what,
            std::process::id()
        ));
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
