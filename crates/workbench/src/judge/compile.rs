//! The binaries `judge` runs: the crate's own release build, or its bundle compiled as a judge
//! compiles a submission; and what a compiler's failure on a full disk means.

use super::*;

/// `cargo build --release` of the crate's binary; returns its path.
pub fn build_release(root: &Path, name: &str) -> Result<PathBuf> {
    let out = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args([
            "build",
            "--release",
            "--message-format",
            "json-render-diagnostics",
        ])
        .args(["-p", name, "--bin", name])
        .current_dir(root)
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo build")?;
    if !out.status.success() {
        bail!("cargo build --release -p {} failed", name);
    }
    // The JSON messages name the executable, wherever the target folder is.
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] == "compiler-artifact" && message["target"]["name"] == name {
            if let Some(exe) = message["executable"].as_str() {
                return Ok(PathBuf::from(exe));
            }
        }
    }
    bail!("cargo build named no executable for {}", name)
}

/// Assembles the crate's bundle (the text `cargo xtask bundle` writes, without its checks, so a
/// wrong bundle still gets its verdicts), writes it to `target/judge/<crate>.rs` and compiles it
/// as a judge does; returns the binary.
pub fn build_bundled(root: &Path, name: &str) -> Result<PathBuf> {
    let assembled = bundler::assemble(root, name)?;
    let dir = root.join("target").join("judge");
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let source = dir.join(format!("{}.rs", name));
    let binary = dir.join(name);
    workspace::write_atomically(&source, &assembled.text)?;
    compile_judge_style(Path::new("rustc"), root, &source, &binary)?;
    Ok(binary)
}

/// `rustc --edition 2021 -O -o <binary> <source>`, the way judges compile a submission.
///
/// rustc works in a folder of its own (its object files are named after the crate, so two
/// compilations in one folder would clash), and the binary is renamed into place: a judge
/// running at the same time never sees a half-written file.
pub fn compile_judge_style(rustc: &Path, root: &Path, source: &Path, binary: &Path) -> Result<()> {
    let dir = binary.parent().unwrap_or(root);
    let work = dir.join(format!(".rustc-{}-{}", std::process::id(), unique()));
    std::fs::create_dir_all(&work).with_context(|| format!("creating {}", work.display()))?;
    let built = work.join("solution");
    let args: Vec<std::ffi::OsString> = ["--edition", "2021", "-O", "--crate-name", "solution"]
        .map(Into::into)
        .to_vec();
    let result = match bundler::compile_cache::rustc(rustc, &args, source, &[], &built) {
        Ok(Ok(_)) => std::fs::rename(&built, binary)
            .with_context(|| format!("renaming to {}", binary.display())),
        Ok(Err(diagnostics)) => Err(match full_disk(&diagnostics, dir) {
            Some(full) => {
                context_error::err!("{}; rustc could not build {}", full, source.display())
            }
            None => context_error::err!("rustc -O rejected {}:\n{}", source.display(), diagnostics),
        }),
        Err(err) => Err(err),
    };
    std::fs::remove_dir_all(&work).ok();
    result
}

/// Less free space than this where a binary is linked is a full disk: a bundle's binary and
/// its objects take 2 to 12 MB.
const LOW_SPACE: u64 = 64 << 20;

/// When a compiler's failure is a full disk, what to tell the user instead of the linker's
/// crash: the disk, its free space, and the line that said so. A failure says "No space left
/// on device", or (lld, writing through a mapping) the linker dies of a bus error while the
/// disk is nearly full.
pub fn full_disk(diagnostics: &str, dir: &Path) -> Option<String> {
    let explicit = diagnostics
        .lines()
        .find(|l| l.contains("No space left on device") || l.contains("os error 28"));
    let temp = std::env::temp_dir();
    let mut places = vec![dir.to_path_buf()];
    // The linker writes its temporary files there: named too when it is the full one.
    if free_bytes(&temp).is_some_and(|free| free < LOW_SPACE)
        && free_bytes(&temp) != free_bytes(dir)
    {
        places.push(temp);
    }
    let low = places
        .iter()
        .any(|place| free_bytes(place).is_some_and(|free| free < LOW_SPACE));
    // A rejection of the code itself (an error with a code, E0308...) is not the disk's.
    let linking = !diagnostics.contains("error[E");
    let said = match explicit {
        Some(line) => line,
        None if low && linking => diagnostics
            .lines()
            .find(|l| l.contains("fatal error") || l.contains("signal"))
            .or_else(|| diagnostics.lines().find(|l| l.starts_with("error")))
            .unwrap_or("nothing"),
        None => return None,
    };
    let places: Vec<String> = places
        .iter()
        .map(|place| match free_bytes(place) {
            Some(free) => format!("{} ({} KiB free)", place.display(), free >> 10),
            None => place.display().to_string(),
        })
        .collect();
    Some(format!(
        "the disk is full: no space left on the device of {}; free some space and run again \
         (the compiler said: {})",
        places.join(" or "),
        said.trim()
    ))
}

/// The bytes free to a user on the file system of `path`.
fn free_bytes(path: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let name = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    // SAFETY: a zeroed statvfs is a valid out-parameter, and `name` is a C string.
    let mut stats: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(name.as_ptr(), &mut stats) } != 0 {
        return None;
    }
    Some((stats.f_bavail as u64).saturating_mul(stats.f_frsize as u64))
}

/// `<rustc> --version` shortened to e.g. `rustc 1.63.0`.
pub fn rustc_version(rustc: &Path) -> Result<String> {
    let out = Command::new(rustc)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {} --version", rustc.display()))?;
    if !out.status.success() {
        context_error::bail!("{} --version failed", rustc.display());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(text
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" "))
}

/// A number not returned before in this process.
fn unique() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
