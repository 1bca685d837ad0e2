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
//!
//! An entry cannot lie: its record (key, `rustc -vV`, the binary's length and [`digest`],
//! the warnings) is sealed, and checked whole against the binary before each use; an entry
//! replaced, truncated, renamed to another key or edited is removed and built again. The
//! binary a caller gets is a copy (a few milliseconds), never a link to the entry, so writing
//! over `target/judge/<crate>` cannot change what the next judge runs.

use crate::{digest, workspace};
use context_error::{Context, Result};
use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{Read, Write};
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
    // The key names the entry; the compiler's version is recorded in it too.
    let cached = match cacheable {
        true => key(rustc, args, source, also_reads, &folder)
            .ok()
            .zip(version(rustc, &folder).ok())
            .map(|(k, compiler)| (format!("{:032x}", k), compiler)),
        false => None,
    };
    if let Some((key, compiler)) = &cached {
        if let Some(warnings) = reuse(&cache_dir().join(key), key, compiler, &binary) {
            return Ok(Ok(warnings));
        }
    }
    // The old file may be a link to an entry (caches before entries were copied out): never
    // let the linker write through it.
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
    if let Some((key, compiler)) = &cached {
        remember(&cache_dir().join(key), key, compiler, &binary, &diagnostics);
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

/// The files of an entry: the binary, and its record (what it was built from, its size and
/// digest, the warnings), sealed.
const BINARY: &str = "binary";
const RECORD: &str = "record";

/// What an entry records of its compilation, written beside its binary when it is stored and
/// checked whole before the binary is used.
struct Record {
    /// The entry's key: an entry renamed to another key's folder is not that key's.
    key: String,
    /// `rustc -vV` of the compiler that built it.
    compiler: String,
    /// The binary's length and digest: a replaced or truncated binary is noticed.
    bytes: u64,
    digest: String,
    warnings: String,
}

impl Record {
    /// The seal over every field: a record edited by hand is not believed.
    fn seal(&self) -> String {
        digest::hex(digest::seal(&[
            self.key.as_bytes(),
            self.compiler.as_bytes(),
            self.bytes.to_string().as_bytes(),
            self.digest.as_bytes(),
            self.warnings.as_bytes(),
        ]))
    }

    fn to_json(&self) -> String {
        serde_json::json!({
            "key": self.key,
            "compiler": self.compiler,
            "bytes": self.bytes,
            "digest": self.digest,
            "warnings": self.warnings,
            "seal": self.seal(),
        })
        .to_string()
    }

    /// The record `text` holds, if it is whole and its seal matches.
    fn from_json(text: &str) -> Option<Record> {
        let json: serde_json::Value = serde_json::from_str(text).ok()?;
        let field = |name: &str| json[name].as_str().map(str::to_string);
        let record = Record {
            key: field("key")?,
            compiler: field("compiler")?,
            bytes: json["bytes"].as_u64()?,
            digest: field("digest")?,
            warnings: field("warnings")?,
        };
        (field("seal")? == record.seal()).then_some(record)
    }
}

/// Puts a copy of the remembered binary of `entry` at `binary` (renamed into place); its
/// warnings, or `None` when there is no whole, unchanged entry of `key` built by `compiler`.
/// A copy, never a link: a file the caller hands out (`target/judge/<crate>`) may be written
/// by anyone, and must not write through to the cache. An entry that fails its checks is
/// removed, so that this compilation's result can take its place.
fn reuse(entry: &Path, key: &str, compiler: &str, binary: &Path) -> Option<String> {
    if !entry.exists() {
        return None;
    }
    let checked = (|| {
        let record = Record::from_json(&std::fs::read_to_string(entry.join(RECORD)).ok()?)?;
        if record.key != key || record.compiler != compiler {
            return None;
        }
        // Read at most one byte past the recorded length: a binary grown by gigabytes is not
        // read whole to be refused.
        let mut bytes = Vec::new();
        std::fs::File::open(entry.join(BINARY))
            .ok()?
            .take(record.bytes.saturating_add(1))
            .read_to_end(&mut bytes)
            .ok()?;
        let whole = bytes.len() as u64 == record.bytes
            && digest::hex(digest::digest(&bytes)) == record.digest;
        whole.then_some((record, bytes))
    })();
    let Some((record, bytes)) = checked else {
        forget(entry);
        return None;
    };
    let temp = sibling(binary, "reused");
    let placed = write_executable(&temp, &bytes).and_then(|()| std::fs::rename(&temp, binary));
    if placed.is_err() {
        std::fs::remove_file(&temp).ok();
        return None;
    }
    // Recently used: the last to be removed.
    std::fs::File::open(entry.join(RECORD))
        .and_then(|f| f.set_modified(std::time::SystemTime::now()))
        .ok();
    Some(record.warnings)
}

/// Removes an entry that failed its checks: renamed aside first (a rename is atomic), so no
/// other process reads it half removed.
fn forget(entry: &Path) {
    let aside = sibling(entry, "bad");
    if std::fs::rename(entry, &aside).is_ok() {
        std::fs::remove_dir_all(&aside).ok();
    }
}

/// Writes `bytes` as a new executable file at `path` (made by this process alone).
fn write_executable(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o755)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Stores a copy of `binary` with its record as `entry`, then trims the cache; failures are
/// ignored.
fn remember(entry: &Path, key: &str, compiler: &str, binary: &Path, warnings: &str) {
    let Some(dir) = entry.parent() else { return };
    let temp = sibling(entry, "new");
    let stored = (|| -> std::io::Result<()> {
        let bytes = std::fs::read(binary)?;
        let record = Record {
            key: key.to_string(),
            compiler: compiler.to_string(),
            bytes: bytes.len() as u64,
            digest: digest::hex(digest::digest(&bytes)),
            warnings: warnings.to_string(),
        };
        std::fs::create_dir_all(&temp)?;
        // Read-only: a slip of a user's `cp` is refused (root's is caught by the digest).
        write_executable(&temp.join(BINARY), &bytes)?;
        std::fs::set_permissions(
            temp.join(BINARY),
            std::os::unix::fs::PermissionsExt::from_mode(0o555),
        )?;
        std::fs::write(temp.join(RECORD), record.to_json())?;
        // An entry made meanwhile by another process is as good as this one.
        std::fs::rename(&temp, entry)
    })();
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
        let used = std::fs::metadata(path.join(RECORD)).and_then(|m| m.modified());
        let bytes = std::fs::metadata(path.join(BINARY)).map_or(0, |m| m.len());
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

/// Starts `command`, trying again while the kernel says its program is busy (ETXTBSY).
///
/// A binary handed out as a copy was open for writing in this process a moment ago: a child
/// forked by another thread in that moment holds the write descriptor until it execs, and an
/// exec of the copy meanwhile fails with "Text file busy". The window is a fork's length, so a
/// few short retries close it.
pub fn spawn_program(command: &mut std::process::Command) -> std::io::Result<std::process::Child> {
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(err) if err.kind() == std::io::ErrorKind::ExecutableFileBusy && tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            result => return result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program still open for writing cannot be executed (ETXTBSY); once it is closed, the
    /// retry starts it.
    #[test]
    fn a_program_busy_for_a_moment_is_started_once_it_is_closed() {
        use std::io::Write;
        use std::os::unix::fs::PermissionsExt;
        let dir = crate::TempDir::new("busy").unwrap();
        let program = dir.path().join("prog");
        let mut file = std::fs::File::create(&program).unwrap();
        file.write_all(b"#!/bin/sh\necho ran\n").unwrap();
        file.flush().unwrap();
        std::fs::set_permissions(&program, std::fs::Permissions::from_mode(0o755)).unwrap();
        let busy = std::process::Command::new(&program).output().unwrap_err();
        assert_eq!(busy.kind(), std::io::ErrorKind::ExecutableFileBusy);
        let closer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(30));
            drop(file);
        });
        let mut command = std::process::Command::new(&program);
        command.stdout(std::process::Stdio::piped());
        let child = spawn_program(&mut command).unwrap();
        let out = child.wait_with_output().unwrap();
        closer.join().unwrap();
        assert_eq!(out.stdout, b"ran\n");
    }
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
        assert!(entry.join(BINARY).is_file(), "no entry stored");
        // Reused: the same binary (a copy of the entry's), the same warnings.
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

    /// The tampers of a hostile-input trial: each one leads to a rebuild (or a reuse of the
    /// untouched entry), never to running the tampered binary or believing a forged record.
    #[test]
    fn a_tampered_entry_or_handed_out_binary_is_never_believed() {
        let dir = TempDir::new("compile-cache-tamper").unwrap();
        // A program no other test compiles, so the first compilation is a miss in any cache.
        let marker = dir.path().display().to_string();
        let text = format!(
            "fn main() {{ let unused = 1; println!(\"{{}}\", {:?}); }}\n",
            marker
        );
        std::fs::write(dir.path().join("main.rs"), &text).unwrap();
        let flags = args(&["--edition", "2021"]);
        let (first, binary) = compile(dir.path(), &flags, "a");
        let warnings = first.unwrap();
        let entry = entry_of(dir.path(), &flags);
        let record = std::fs::read_to_string(entry.join(RECORD)).unwrap();
        // What the next compilation must hand out: this program, these warnings.
        let check = |what: &str| {
            let (got, again) = compile(dir.path(), &flags, "b");
            assert_eq!(got.unwrap(), warnings, "after {}", what);
            let run = Command::new(&again).output().unwrap();
            assert_eq!(
                String::from_utf8_lossy(&run.stdout).trim(),
                marker,
                "after {}",
                what
            );
            // The entry holds the right binary again, under a record that checks.
            assert_eq!(
                std::fs::read(entry.join(BINARY)).unwrap(),
                std::fs::read(&again).unwrap(),
                "after {}",
                what
            );
            assert!(
                Record::from_json(&std::fs::read_to_string(entry.join(RECORD)).unwrap()).is_some(),
                "after {}",
                what
            );
        };
        let true_binary = std::fs::read("/bin/true").unwrap();
        // Written over through the handed-out file (as `cp /bin/true target/judge/<crate>`):
        // a copy, so the entry is untouched.
        std::fs::write(&binary, &true_binary).unwrap();
        check("writing over the handed-out binary");
        let (_, handed) = compile(dir.path(), &flags, "c");
        std::fs::write(&handed, &true_binary).unwrap();
        check("writing over a reused binary");
        // The entry's binary replaced, or truncated.
        let replace = |bytes: &[u8]| {
            std::fs::remove_file(entry.join(BINARY)).unwrap();
            std::fs::write(entry.join(BINARY), bytes).unwrap();
        };
        replace(&true_binary);
        check("replacing the entry's binary");
        let whole = std::fs::read(entry.join(BINARY)).unwrap();
        replace(&whole[..whole.len() / 2]);
        check("truncating the entry's binary");
        replace(&[whole.as_slice(), b"\0"].concat());
        check("growing the entry's binary");
        // Another compilation's entry renamed into this key's folder.
        std::fs::write(dir.path().join("main.rs"), text.replace(&marker, "other")).unwrap();
        compile(dir.path(), &flags, "d").0.unwrap();
        let other = entry_of(dir.path(), &flags);
        std::fs::write(dir.path().join("main.rs"), &text).unwrap();
        std::fs::remove_dir_all(&entry).unwrap();
        std::fs::rename(&other, &entry).unwrap();
        check("renaming another entry to this key");
        // The record edited with its key kept: forged warnings, a forged compiler, or a digest
        // made to match a replaced binary.
        let forged_digest = digest::hex(digest::digest(&true_binary));
        let edit = |field: &str, value: &str| {
            let mut json: serde_json::Value = serde_json::from_str(&record).unwrap();
            json[field] = serde_json::Value::from(value);
            json.to_string()
        };
        for (what, edited) in [
            ("forged warnings", edit("warnings", "forged")),
            ("a forged compiler", edit("compiler", "rustc 0.0.1-forged")),
            ("a forged digest", edit("digest", &forged_digest)),
        ] {
            assert_ne!(edited, record, "{}", what);
            if what == "a forged digest" {
                replace(&true_binary);
            }
            std::fs::write(entry.join(RECORD), edited).unwrap();
            check(what);
        }
        // A missing record, or one that is not JSON.
        std::fs::remove_file(entry.join(RECORD)).unwrap();
        check("removing the record");
        std::fs::write(entry.join(RECORD), "{").unwrap();
        check("a record cut short");
    }

    #[test]
    fn the_least_recently_used_entries_go_first_and_stale_temporaries_too() {
        let dir = TempDir::new("compile-cache-trim").unwrap();
        let now = std::time::SystemTime::now();
        let entry = |k: usize| dir.path().join(format!("{:032x}", k));
        for k in 0..KEEP + 3 {
            std::fs::create_dir_all(entry(k)).unwrap();
            std::fs::write(entry(k).join(BINARY), b"x").unwrap();
            let warnings = std::fs::File::create(entry(k).join(RECORD)).unwrap();
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
