//! A problem crate: `crates/<name>/` with a judge's program (`src/main.rs`), its samples in
//! `samples/<name>/`, its bundle in `target/bundle/<name>.rs`, its oracle program
//! (`src/bin/oracle.rs`, binary `<name>-oracle`, feature `oracle`) and the judge's limits and
//! files in `[package.metadata.judge]` of its manifest.

use context_error::{bail, Context, Result};
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

/// The range of a time limit, in ms, that a manifest may declare.
pub const TIME_LIMIT_MS: RangeInclusive<u64> = 1..=600_000;
/// The range of a memory limit, in MiB, that a manifest may declare.
pub const MEMORY_LIMIT_MIB: RangeInclusive<u64> = 1..=1_048_576;

/// The time limit of a manifest that declares none, in ms.
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;
/// The memory limit of a manifest that declares none, in MiB.
pub const DEFAULT_MEMORY_LIMIT_MIB: u64 = 256;

/// A problem crate of a workspace, by name; nothing is read until asked.
///
/// # Example
/// ```
/// use workspace_layout::ProblemCrate;
/// use std::path::Path;
///
/// let problem = ProblemCrate::new(Path::new("/ws"), "p1-sum");
/// assert_eq!(problem.dir(), Path::new("/ws/crates/p1-sum"));
/// assert_eq!(problem.samples_dir(), Path::new("/ws/samples/p1-sum"));
/// assert_eq!(problem.oracle_binary(), "p1-sum-oracle");
/// // A test of the crate finds it from its own folder.
/// let same = ProblemCrate::at_manifest_dir(Path::new("/ws/crates/p1-sum")).unwrap();
/// assert_eq!(same, problem);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemCrate {
    root: PathBuf,
    name: String,
}

/// What `[package.metadata.judge]` of a problem crate's manifest says: the judge's limits and
/// files, and whether the problem is solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeTable {
    /// `time-limit-ms`, [`DEFAULT_TIME_LIMIT_MS`] when absent.
    pub time_limit_ms: u64,
    /// `memory-limit-mib`, [`DEFAULT_MEMORY_LIMIT_MIB`] when absent.
    pub memory_limit_mib: u64,
    /// `solved`, true when absent: `cargo xtask new` and `listen` scaffold `solved = false`,
    /// and the crate's checks are pending until it goes.
    pub solved: bool,
    /// `input-file`: the file the judge gives the input in (a plain name), `None` for stdin.
    pub input_file: Option<String>,
    /// `output-file`: the file the judge reads the answer from, `None` for stdout.
    pub output_file: Option<String>,
}

impl ProblemCrate {
    /// The crate `name` of the workspace at `root` (not checked: see [`ProblemCrate::find`]).
    pub fn new(root: &Path, name: &str) -> ProblemCrate {
        ProblemCrate {
            root: root.to_path_buf(),
            name: name.to_string(),
        }
    }

    /// The problem crate whose folder is `dir` (a test's `CARGO_MANIFEST_DIR`):
    /// `<root>/crates/<name>`.
    ///
    /// # Errors
    /// `dir` is not a folder of a workspace's `crates/`.
    pub fn at_manifest_dir(dir: &Path) -> Result<ProblemCrate> {
        let parent = dir.parent();
        match (dir.file_name(), parent.and_then(|p| p.file_name()), parent) {
            (Some(name), Some(crates), Some(parent)) if crates == "crates" => Ok(ProblemCrate {
                root: parent.parent().unwrap_or(Path::new("")).to_path_buf(),
                name: name.to_string_lossy().into_owned(),
            }),
            _ => bail!("{} is not a folder of a workspace's crates/", dir.display()),
        }
    }

    /// The problem crate `name` of the workspace at `root`.
    ///
    /// # Errors
    /// `name` is not one of [`problem_crates`], which the message lists.
    pub fn find(root: &Path, name: &str) -> Result<ProblemCrate> {
        let crates = problem_crates(root)?;
        if !crates.iter().any(|c| c.name == name) {
            let names: Vec<&str> = crates.iter().map(|c| c.name()).collect();
            bail!(
                "{:?} is not a problem crate; the problem crates are: {}",
                name,
                names.join(", ")
            );
        }
        Ok(ProblemCrate::new(root, name))
    }

    /// The crate's name, e.g. `p4363-staircase-chess`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The workspace's root folder.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `crates/<name>/`.
    pub fn dir(&self) -> PathBuf {
        self.root.join("crates").join(&self.name)
    }

    /// `crates/<name>/Cargo.toml`.
    pub fn manifest(&self) -> PathBuf {
        self.dir().join("Cargo.toml")
    }

    /// `samples/<name>/`.
    pub fn samples_dir(&self) -> PathBuf {
        self.root.join("samples").join(&self.name)
    }

    /// The sample cases: `(case name, input, expected output)`, sorted ([`cases_in`]).
    ///
    /// # Errors
    /// As [`cases_in`].
    pub fn samples(&self) -> Result<Vec<(String, PathBuf, PathBuf)>> {
        cases_in(&self.samples_dir())
    }

    /// `target/bundle/<name>.rs`.
    pub fn bundle_path(&self) -> PathBuf {
        bundle_path(&self.root, &self.name)
    }

    /// The oracle program's binary name, `<name>-oracle`.
    pub fn oracle_binary(&self) -> String {
        format!("{}-oracle", self.name)
    }

    /// Whether the manifest declares the oracle program: a `[[bin]]` named
    /// [`ProblemCrate::oracle_binary`] and an `oracle` feature.
    pub fn has_oracle(&self) -> bool {
        let Ok(manifest) = self.read_manifest() else {
            return false;
        };
        let has_feature = manifest
            .get("features")
            .and_then(|f| f.get("oracle"))
            .is_some();
        let binary = self.oracle_binary();
        let has_bin = manifest
            .get("bin")
            .and_then(|b| b.as_array())
            .is_some_and(|bins| {
                bins.iter()
                    .any(|b| b.get("name").and_then(|n| n.as_str()) == Some(binary.as_str()))
            });
        has_feature && has_bin
    }

    /// The judge's limits and files and the `solved` marker of the manifest.
    ///
    /// # Errors
    /// The manifest cannot be read, or a value is not what [`JudgeTable::from_manifest`]
    /// takes; the message names the file.
    pub fn judge(&self) -> Result<JudgeTable> {
        let path = self.manifest();
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        JudgeTable::from_manifest(&text).with_context(|| format!("{}", path.display()))
    }

    fn read_manifest(&self) -> Result<toml::Table> {
        let path = self.manifest();
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        toml::from_str(&text).with_context(|| format!("{}: not valid TOML", path.display()))
    }
}

impl JudgeTable {
    /// The judge table of a manifest's text, with the defaults for what it leaves out.
    ///
    /// # Errors
    /// Not TOML; a limit that is not a positive integer or is out of [`TIME_LIMIT_MS`] or
    /// [`MEMORY_LIMIT_MIB`] ([`check_limits`]); a `solved` that is not a boolean; a file that
    /// is not a plain name ([`check_file_name`]).
    ///
    /// # Example
    /// ```
    /// use workspace_layout::JudgeTable;
    /// let text = "[package]\nname = \"x\"\n[package.metadata.judge]\ntime-limit-ms = 2000\nsolved = false\n";
    /// let judge = JudgeTable::from_manifest(text).unwrap();
    /// assert_eq!((judge.time_limit_ms, judge.memory_limit_mib, judge.solved), (2000, 256, false));
    /// assert_eq!(judge.input_file, None);
    /// assert!(JudgeTable::from_manifest("[package.metadata.judge]\nsolved = \"no\"\n").is_err());
    /// ```
    pub fn from_manifest(text: &str) -> Result<JudgeTable> {
        let manifest: toml::Table = toml::from_str(text).context("not valid TOML")?;
        let judge = manifest
            .get("package")
            .and_then(|p| p.get("metadata"))
            .and_then(|m| m.get("judge"));
        let number = |key: &str, default: u64| -> Result<u64> {
            match judge.and_then(|j| j.get(key)) {
                None => Ok(default),
                Some(value) => match value.as_integer() {
                    Some(n) if n > 0 => Ok(n as u64),
                    _ => bail!(
                        "[package.metadata.judge] {} must be a positive integer, not {}",
                        key,
                        value
                    ),
                },
            }
        };
        let solved = match judge.and_then(|j| j.get("solved")) {
            None => true,
            Some(toml::Value::Boolean(solved)) => *solved,
            Some(other) => bail!(
                "[package.metadata.judge] solved must be true or false, not {}",
                other
            ),
        };
        let file = |key: &str| -> Result<Option<String>> {
            match judge.and_then(|j| j.get(key)) {
                None => Ok(None),
                Some(toml::Value::String(file)) => {
                    check_file_name(file)
                        .with_context(|| format!("[package.metadata.judge] {}", key))?;
                    Ok(Some(file.clone()))
                }
                Some(other) => bail!(
                    "[package.metadata.judge] {} must be a file name (a string), not {}",
                    key,
                    other
                ),
            }
        };
        let table = JudgeTable {
            time_limit_ms: number("time-limit-ms", DEFAULT_TIME_LIMIT_MS)?,
            memory_limit_mib: number("memory-limit-mib", DEFAULT_MEMORY_LIMIT_MIB)?,
            solved,
            input_file: file("input-file")?,
            output_file: file("output-file")?,
        };
        check_limits(table.time_limit_ms, table.memory_limit_mib)
            .context("[package.metadata.judge]")?;
        Ok(table)
    }
}

/// Refuses limits outside [`TIME_LIMIT_MS`] and [`MEMORY_LIMIT_MIB`] (a limit past what cargo
/// reads as an integer would break the workspace's manifest).
///
/// # Errors
/// A limit out of its range, named.
///
/// # Example
/// ```
/// assert!(workspace_layout::check_limits(1000, 256).is_ok());
/// let err = workspace_layout::check_limits(0, 256).unwrap_err();
/// assert_eq!(err.to_string(), "a time limit of 0 ms is outside 1..=600000 ms");
/// ```
pub fn check_limits(time_limit_ms: u64, memory_limit_mib: u64) -> Result<()> {
    if !TIME_LIMIT_MS.contains(&time_limit_ms) {
        bail!(
            "a time limit of {} ms is outside {}..={} ms",
            time_limit_ms,
            TIME_LIMIT_MS.start(),
            TIME_LIMIT_MS.end()
        );
    }
    if !MEMORY_LIMIT_MIB.contains(&memory_limit_mib) {
        bail!(
            "a memory limit of {} MiB is outside {}..={} MiB",
            memory_limit_mib,
            MEMORY_LIMIT_MIB.start(),
            MEMORY_LIMIT_MIB.end()
        );
    }
    Ok(())
}

/// Refuses a file name a solution could not open in its working folder: one plain name (ASCII
/// letters, digits, `.`, `-`, `_`; at most 100 bytes), no folder.
///
/// # Errors
/// Anything else, quoted.
///
/// # Example
/// ```
/// assert!(workspace_layout::check_file_name("input.txt").is_ok());
/// assert!(workspace_layout::check_file_name("../secret").is_err());
/// ```
pub fn check_file_name(file: &str) -> Result<()> {
    let plain = !file.is_empty()
        && file.len() <= 100
        && file != "."
        && file != ".."
        && file
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_'));
    if !plain {
        bail!(
            "{:?} is not a plain file name (letters, digits, `.`, `-`, `_`; no folder)",
            file
        );
    }
    Ok(())
}

/// The problem crates under `crates/`, sorted by name: the folders with a `Cargo.toml` and a
/// `src/main.rs` (a judge's program), which leaves out the libraries and tools.
///
/// # Errors
/// `crates/` cannot be read.
///
/// # Example
/// ```
/// let crates = workspace_layout::problem_crates(&workspace_layout::root()).unwrap();
/// assert!(crates.iter().all(|c| c.dir().join("src/main.rs").is_file()));
/// ```
pub fn problem_crates(root: &Path) -> Result<Vec<ProblemCrate>> {
    let dir = root.join("crates");
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
        let entry = entry?;
        let dir = entry.path();
        if dir.join("Cargo.toml").is_file() && dir.join("src/main.rs").is_file() {
            let name = entry.file_name().to_string_lossy().into_owned();
            crates.push(ProblemCrate::new(root, &name));
        }
    }
    crates.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(crates)
}

/// The `*.in` files of `dir`, each with its `.out`: `(case name, input, expected output)`,
/// sorted.
///
/// # Errors
/// `dir` cannot be read; an input is not a regular file or has no `.out`.
///
/// # Example
/// ```
/// let dir = workspace_layout::TempDir::new("doc-cases").unwrap();
/// std::fs::write(dir.path().join("a.in"), "1\n").unwrap();
/// std::fs::write(dir.path().join("a.out"), "2\n").unwrap();
/// let cases = workspace_layout::cases_in(dir.path()).unwrap();
/// assert_eq!(cases[0].0, "a");
/// ```
pub fn cases_in(dir: &Path) -> Result<Vec<(String, PathBuf, PathBuf)>> {
    let mut cases = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "in") {
            // A FIFO or a device would be read forever by the programs judged on it.
            if !path.metadata().is_ok_and(|m| m.is_file()) {
                bail!("{}: not a regular file", path.display());
            }
            let out = path.with_extension("out");
            if !out.is_file() {
                bail!("{}: no matching .out file", path.display());
            }
            let case = path.file_stem().unwrap().to_string_lossy().into_owned();
            cases.push((case, path, out));
        }
    }
    cases.sort();
    Ok(cases)
}

/// `target/bundle/<name>.rs` (`<name>` a bundle name, which may be `<package>/<binary>`).
///
/// # Example
/// ```
/// use std::path::Path;
/// let path = workspace_layout::bundle_path(Path::new("/ws"), "p1-sum");
/// assert_eq!(path, Path::new("/ws/target/bundle/p1-sum.rs"));
/// ```
pub fn bundle_path(root: &Path, name: &str) -> PathBuf {
    root.join("target")
        .join("bundle")
        .join(format!("{}.rs", name))
}
