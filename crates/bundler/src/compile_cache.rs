//! Judge-style compilations remembered by what went into them. `rustc -O` on a bundle takes
//! seconds, and the same text is compiled again and again: by each proof, by `judge --bundled`
//! and `bench` after `bundle`, by every test run. A binary is reused only when the compiler
//! (`rustc -vV`), the arguments, the source's file name and every byte of the sources are the
//! same, so it is the binary rustc would build again. rustc runs in the source's folder on its
//! bare file name: the paths a binary carries (panic locations) are the file name only, as on a
//! judge, and do not tie it to the folder it was first built in.
//!
//! The cache lives in `target/compiled/` (beside `target/tmp/`), one folder per key, written
//! under a temporary name and renamed into place, so a kill or a full disk leaves no half
//! entry; the least recently used are removed past `KEEP` entries or `KEEP_BYTES`. Any
//! failure of the cache itself falls back to compiling: it can cost time, never a result.

use crate::workspace;
use context_error::{Context, Result};
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Entries kept; the least recently used beyond these are removed.
const KEEP: usize = 300;

/// Bytes of binaries kept (a bundle's binary is 2 to 12 MB, most of it std's symbols; a warm test
/// run of this workspace uses about 350 MB of them, a bench run as much again): the least
/// recently used beyond these are removed too.
const KEEP_BYTES: u64 = 1 << 30;

/// What rustc printed on success (warnings), or the diagnostics of a rejection.
pub type Compiled = std::result::Result<String, String>;

/// `rustc <args> -o <binary> <source>`, run in `source`'s folder on its file name, from the
/// cache when the same compilation was done before. `also_reads` are the other files the
/// compilation reads (modules of a crate root, in `source`'s folder), hashed with the source. A compilation with
/// `--extern` (an rlib the key does not cover) is never cached.
///
/// The diagnostics name `source` by the path it was given, as a direct call would.
pub fn rustc(
    rustc: &Path,
    args: &[OsString],
    source: &Path,
    also_reads: &[PathBuf],
    binary: &Path,
) -> Result<Compiled> {
    let name = source
        .file_name()
        .with_context(|| format!("{} names no file", source.display()))?;
    let folder = match source.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let binary = absolute(binary)?;
    let cacheable = !args.iter().any(|a| a == "--extern");
    let key = match cacheable {
        true => key(rustc, args, source, also_reads, &folder).ok(),
        false => None,
    };
    let entry = key.map(|k| cache_dir().join(format!("{:032x}", k)));
    if let Some(entry) = &entry {
        if let Some(warnings) = reuse(entry, &binary) {
            return Ok(Ok(warnings));
        }
    }
    // The old file may be a link to an entry: never let the linker write through it.
    std::fs::remove_file(&binary).ok();
    let out = Command::new(rustc)
        .args(args)
        .arg("-o")
        .arg(&binary)
        .arg(name)
        .current_dir(&folder)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {}", rustc.display()))?;
    // rustc saw the bare name; the caller knows the file by the path it gave.
    let shown = source.display().to_string();
    let name = name.to_string_lossy();
    let diagnostics = String::from_utf8_lossy(&out.stderr)
        .replace(&format!("--> {}:", name), &format!("--> {}:", shown))
        .replace(&format!("::: {}:", name), &format!("::: {}:", shown));
    if !out.status.success() {
        return Ok(Err(diagnostics));
    }
    if let Some(entry) = &entry {
        remember(entry, &binary, &diagnostics);
    }
    Ok(Ok(diagnostics))
}

/// `target/compiled/`, beside the scratch folder.
fn cache_dir() -> PathBuf {
    workspace::scratch_dir().with_file_name("compiled")
}

fn absolute(path: &Path) -> Result<PathBuf> {
    std::path::absolute(path).with_context(|| format!("resolving {}", path.display()))
}

/// A 128-bit FNV-1a (two 64-bit lanes of different offsets) of everything the binary depends
/// on: stable across runs and builds of the tools, unlike std's hasher.
fn key(
    rustc: &Path,
    args: &[OsString],
    source: &Path,
    also_reads: &[PathBuf],
    folder: &Path,
) -> Result<u128> {
    let mut lanes = [0xcbf2_9ce4_8422_2325u64, 0x6c62_272e_07bb_0142];
    let mut add = |bytes: &[u8]| {
        for lane in &mut lanes {
            for &b in bytes.iter().chain(&[0xff]) {
                *lane = (*lane ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
            }
        }
    };
    add(version(rustc, folder)?.as_bytes());
    for arg in args {
        add(arg.to_string_lossy().as_bytes());
    }
    add(source.file_name().unwrap_or_default().as_encoded_bytes());
    add(without_header(&std::fs::read(source)?));
    // In a stable order, whatever order the caller listed them in.
    let mut also: Vec<(&Path, &PathBuf)> = also_reads
        .iter()
        .map(|file| (file.strip_prefix(folder).unwrap_or(file), file))
        .collect();
    also.sort();
    for (shown, file) in also {
        add(shown.as_os_str().as_encoded_bytes());
        add(&std::fs::read(file)?);
    }
    Ok(u128::from(lanes[0]) << 64 | u128::from(lanes[1]))
}

/// The source less a first line that is a plain `//` comment (a bundle's header, which names
/// the commit it was made at): a comment cannot change the binary, and the line stays a line,
/// so every panic location stays where it was. Doc comments (`///`, `//!`) are attributes and
/// count.
fn without_header(source: &[u8]) -> &[u8] {
    let plain =
        source.starts_with(b"//") && !source.starts_with(b"///") && !source.starts_with(b"//!");
    match source.iter().position(|&b| b == b'\n') {
        Some(end) if plain => &source[end..],
        _ => source,
    }
}

/// `rustc -vV` (release, commit, host, LLVM), asked once per compiler and folder: the folder
/// matters where a rustup toolchain file picks the compiler.
fn version(rustc: &Path, folder: &Path) -> Result<String> {
    static SEEN: OnceLock<Mutex<HashMap<(PathBuf, PathBuf), String>>> = OnceLock::new();
    let seen = SEEN.get_or_init(Default::default);
    let at = (rustc.to_path_buf(), folder.to_path_buf());
    if let Some(v) = seen.lock().unwrap_or_else(|e| e.into_inner()).get(&at) {
        return Ok(v.clone());
    }
    let out = Command::new(rustc)
        .arg("-vV")
        .current_dir(folder)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {} -vV", rustc.display()))?;
    if !out.status.success() {
        context_error::bail!("{} -vV failed", rustc.display());
    }
    let v = String::from_utf8_lossy(&out.stdout).into_owned();
    seen.lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(at, v.clone());
    Ok(v)
}

/// Puts the remembered binary of `entry` at `binary` (a link, else a copy, renamed into place);
/// its warnings, or `None` when there is no whole entry.
fn reuse(entry: &Path, binary: &Path) -> Option<String> {
    let warnings = std::fs::read_to_string(entry.join("warnings")).ok()?;
    let temp = sibling(binary, "reused");
    let placed = std::fs::hard_link(entry.join("binary"), &temp)
        .or_else(|_| std::fs::copy(entry.join("binary"), &temp).map(|_| ()))
        .and_then(|()| std::fs::rename(&temp, binary));
    if placed.is_err() {
        std::fs::remove_file(&temp).ok();
        return None;
    }
    // Recently used: the last to be removed.
    std::fs::File::open(entry.join("warnings"))
        .and_then(|f| f.set_modified(std::time::SystemTime::now()))
        .ok();
    Some(warnings)
}

/// Stores `binary` and its warnings as `entry`, then trims the cache; failures are ignored.
fn remember(entry: &Path, binary: &Path, warnings: &str) {
    let Some(dir) = entry.parent() else { return };
    let temp = sibling(entry, "new");
    let stored = std::fs::create_dir_all(&temp)
        .and_then(|()| {
            std::fs::hard_link(binary, temp.join("binary"))
                .or_else(|_| std::fs::copy(binary, temp.join("binary")).map(|_| ()))
        })
        .and_then(|()| std::fs::write(temp.join("warnings"), warnings))
        // An entry made meanwhile by another process is as good as this one.
        .and_then(|()| std::fs::rename(&temp, entry));
    if stored.is_err() {
        std::fs::remove_dir_all(&temp).ok();
    }
    trim(dir);
}

/// Removes the least recently used entries past [`KEEP`] or [`KEEP_BYTES`], and temporary ones
/// a killed process left (older than an hour).
fn trim(dir: &Path) {
    let Ok(list) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries = Vec::new();
    for entry in list.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            let old = entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 3600);
            if old {
                std::fs::remove_dir_all(&path).ok();
            }
            continue;
        }
        let used = std::fs::metadata(path.join("warnings")).and_then(|m| m.modified());
        let bytes = std::fs::metadata(path.join("binary")).map_or(0, |m| m.len());
        entries.push((used.unwrap_or(std::time::UNIX_EPOCH), bytes, path));
    }
    // Newest first: keep while both bounds hold.
    entries.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut total = 0;
    for (k, (_, bytes, path)) in entries.iter().enumerate() {
        total += bytes;
        if k >= KEEP || total > KEEP_BYTES {
            std::fs::remove_dir_all(path).ok();
        }
    }
}

/// A fresh name beside `path`: `.<name>.<what>-<pid>-<n>`.
fn sibling(path: &Path, what: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(
        ".{}.{}-{}-{}",
        name,
        what,
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TempDir;

    fn args(list: &[&str]) -> Vec<OsString> {
        list.iter().map(OsString::from).collect()
    }

    /// The cache entry of compiling `dir/main.rs` with `args`.
    fn entry_of(dir: &Path, args: &[OsString]) -> PathBuf {
        let key = key(Path::new("rustc"), args, &dir.join("main.rs"), &[], dir).unwrap();
        cache_dir().join(format!("{:032x}", key))
    }

    fn compile(dir: &Path, args: &[OsString], exe: &str) -> (Compiled, PathBuf) {
        let binary = dir.join(exe);
        let got = rustc(Path::new("rustc"), args, &dir.join("main.rs"), &[], &binary).unwrap();
        (got, binary)
    }

    #[test]
    fn the_same_compilation_is_reused_and_any_change_compiles_again() {
        let dir = TempDir::new("compile-cache").unwrap();
        // A text no other test compiles, so the first compilation is a miss in any cache.
        let text = format!(
            "fn main() {{ let unused = 1; println!(\"{{}}\", {:?}); }}\n",
            dir.path().display().to_string()
        );
        std::fs::write(dir.path().join("main.rs"), &text).unwrap();
        let flags = args(&["--edition", "2021", "-O"]);
        let (first, binary) = compile(dir.path(), &flags, "a");
        let warnings = first.unwrap();
        assert!(warnings.contains("unused"), "{}", warnings);
        // The warning names the file as the caller gave it.
        assert!(
            warnings.contains(&dir.path().join("main.rs").display().to_string()),
            "{}",
            warnings
        );
        let entry = entry_of(dir.path(), &flags);
        assert!(entry.join("binary").is_file(), "no entry stored");
        // Reused: the same binary (a link to the entry's), the same warnings.
        let (second, again) = compile(dir.path(), &flags, "b");
        assert_eq!(second.unwrap(), warnings);
        assert_eq!(
            std::fs::read(&again).unwrap(),
            std::fs::read(&binary).unwrap()
        );
        let run = Command::new(&again).output().unwrap();
        assert!(String::from_utf8_lossy(&run.stdout).contains("compile-cache"));
        // Other flags, or another byte of source: another key.
        let strict = args(&["--edition", "2021", "-O", "-D", "warnings"]);
        assert!(compile(dir.path(), &strict, "c").0.is_err());
        std::fs::write(dir.path().join("main.rs"), text.replace("= 1", "= 2")).unwrap();
        assert_ne!(entry_of(dir.path(), &flags), entry);
    }

    #[test]
    fn the_least_recently_used_entries_go_first_and_stale_temporaries_too() {
        let dir = TempDir::new("compile-cache-trim").unwrap();
        let now = std::time::SystemTime::now();
        let entry = |k: usize| dir.path().join(format!("{:032x}", k));
        for k in 0..KEEP + 3 {
            std::fs::create_dir_all(entry(k)).unwrap();
            std::fs::write(entry(k).join("binary"), b"x").unwrap();
            let warnings = std::fs::File::create(entry(k).join("warnings")).unwrap();
            // Entry k was last used k seconds ago.
            let used = now - std::time::Duration::from_secs(k as u64);
            warnings.set_modified(used).unwrap();
        }
        let stale = dir.path().join(".x.new-1-1");
        std::fs::create_dir_all(&stale).unwrap();
        std::fs::File::open(&stale)
            .unwrap()
            .set_modified(now - std::time::Duration::from_secs(7200))
            .unwrap();
        trim(dir.path());
        assert!((0..KEEP).all(|k| entry(k).exists()));
        assert!((KEEP..KEEP + 3).all(|k| !entry(k).exists()));
        assert!(!stale.exists());
    }

    #[test]
    fn a_header_comment_is_not_part_of_the_key_but_code_and_doc_comments_are() {
        let header = |text: &str| without_header(text.as_bytes()).to_vec();
        let code = "fn main() {}\n";
        assert_eq!(
            header(&format!("// bundled at abc\n{}", code)),
            header(&format!("// bundled at def\n{}", code))
        );
        assert_ne!(
            header(&format!("//! a\n{}", code)),
            header(&format!("//! b\n{}", code))
        );
        assert_ne!(header("fn main() {}\n"), header("fn main() { }\n"));
        // The line is kept: the code after it stays on the line it was on.
        assert_eq!(header("// x\nfn main() {}"), b"\nfn main() {}");
    }

    #[test]
    fn a_rejection_is_not_remembered_and_names_the_given_path() {
        let dir = TempDir::new("compile-cache-error").unwrap();
        std::fs::write(
            dir.path().join("main.rs"),
            "fn main() { let x: u8 = \"s\"; }\n",
        )
        .unwrap();
        let flags = args(&["--edition", "2021"]);
        let (got, _) = compile(dir.path(), &flags, "a");
        let diagnostics = got.unwrap_err();
        let shown = format!("--> {}:1:", dir.path().join("main.rs").display());
        assert!(diagnostics.contains(&shown), "{}", diagnostics);
        assert!(!entry_of(dir.path(), &flags).exists());
    }
}
