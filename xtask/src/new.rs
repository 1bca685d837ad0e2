//! `cargo xtask new <name>`: scaffold a problem crate that builds, bundles and passes its sample
//! from the start (a placeholder problem, the sum of the input's integers, whose brute force
//! counts and whose solver adds), registered in the one place the workspace looks for problems:
//! its dependency line in `crates/problems/Cargo.toml`, above the `xtask new:` marker.
//!
//! It writes `crates/<name>/` (`Cargo.toml` with the judge's limits, `src/lib.rs`, `src/main.rs`,
//! `src/oracle.rs`) and `samples/<name>/`. All or nothing: every path must be free and the
//! marker present before it writes a byte, and if a write fails, what it created is removed and
//! what it edited restored. `cargo xtask listen` scaffolds through [`scaffold`] as well.

use crate::cli::Args;
use crate::workspace;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const USAGE: &str = "\
cargo xtask new <name>

Scaffolds the problem crate crates/<name>/ (a placeholder problem that builds, bundles and passes
its sample: the sum of the input's integers) and samples/<name>/, and registers it with one line
in crates/problems/Cargo.toml. The name is lowercase letters, digits and single hyphens, starting
with a letter, and may not be a package of the workspace or of its dependencies (after `-`/`_`
conversion), nor build, deps, examples, incremental (cargo's folders). Writes nothing when it
refuses; if a write fails, removes what it wrote.
";

pub fn run(args: Vec<String>) -> Result<()> {
    let names = Args::new(args).finish()?;
    let name = match names.as_slice() {
        [name] => name,
        _ => bail!("usage: {}", USAGE.lines().next().unwrap_or_default()),
    };
    let root = workspace::root();
    let spec = Spec::placeholder(name);
    let report = scaffold(&root, &spec)?;
    print_report(&root, &report);
    println!(
        "\nnext: write the problem in crates/{name}/src/lib.rs and its brute force in \
         crates/{name}/src/oracle.rs, replace samples/{name}/, then\n  \
         cargo xtask stress {name}\n  cargo xtask judge {name} --bundled\n  \
         INSTA_UPDATE=always cargo test -p gamedp --test tests   (then review the new snapshots)",
        name = name
    );
    Ok(())
}

/// Prints what [`scaffold`] did, paths relative to `root`.
pub fn print_report(root: &Path, report: &Report) {
    let show = |path: &Path| {
        path.strip_prefix(root)
            .unwrap_or(path)
            .display()
            .to_string()
    };
    for path in &report.created {
        println!("created  {}", show(path));
    }
    for path in &report.edited {
        println!("edited   {}", show(path));
    }
    if !report.formatted {
        eprintln!("warning: rustfmt did not run; run `cargo fmt --all`");
    }
}

/// What to scaffold.
#[derive(Clone, Debug)]
pub struct Spec {
    pub name: String,
    /// The `description` of the crate's manifest (the problem, where it comes from).
    pub description: String,
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    /// `samples/<name>/<case>.in` and `.out`: (case, input, expected output).
    pub samples: Vec<(String, String, String)>,
}

impl Spec {
    /// `cargo xtask new`'s crate: the placeholder's own sample, the usual 1 s and 256 MiB.
    pub fn placeholder(name: &str) -> Spec {
        Spec {
            name: name.to_string(),
            description: format!(
                "{}: a gamedp problem crate (scaffolded by `cargo xtask new`; say which problem).",
                name
            ),
            time_limit_ms: 1000,
            memory_limit_mib: 256,
            samples: vec![(
                "sample".to_string(),
                "20 22\n".to_string(),
                "42\n".to_string(),
            )],
        }
    }
}

/// What [`scaffold`] did.
#[derive(Debug)]
pub struct Report {
    pub created: Vec<PathBuf>,
    pub edited: Vec<PathBuf>,
    /// Whether rustfmt ran on the Rust files written.
    pub formatted: bool,
}

/// The registry's manifest, relative to the workspace root, and the marker a registration goes
/// above.
pub const REGISTRY: &str = "crates/problems/Cargo.toml";
pub const REGISTRY_MARKER: &str = "# xtask new: problem crates above this line";

/// Cargo's folders beside the binaries of `target/<profile>/`: a binary of such a name clashes.
const CARGO_FOLDERS: [&str; 4] = ["build", "deps", "examples", "incremental"];

/// Checks a crate name against the workspace at `root`: lowercase ASCII letters, digits and
/// single hyphens, starting with a letter; not a keyword, a standard crate, one of cargo's
/// folders, nor the name of a package of the workspace or its dependencies (`Cargo.lock`), `-`
/// and `_` counted as one.
pub fn check_name(root: &Path, name: &str) -> Result<()> {
    check_name_shape(name)?;
    if CARGO_FOLDERS.contains(&name) || name == "target" {
        bail!(
            "{:?} is the name of one of cargo's folders under target/ (build, deps, examples, \
             incremental); pick another",
            name
        );
    }
    let taken = taken_names(root)?;
    if let Some(package) = taken.iter().find(|t| t.replace('_', "-") == name) {
        bail!(
            "{:?} is taken: the workspace already has a package {:?} (in Cargo.lock or under \
             crates/), and a crate's name may not equal another's after `-`/`_` conversion",
            name,
            package
        );
    }
    Ok(())
}

/// The packages of the workspace and of its dependencies: `Cargo.lock`'s names, the folders
/// under `crates/`, and the workspace's own folders.
fn taken_names(root: &Path) -> Result<Vec<String>> {
    let mut names: Vec<String> = [
        "xtask",
        "gamedp",
        "problems",
        "samples",
        "snapshots",
        "tests",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let lock = root.join("Cargo.lock");
    if lock.is_file() {
        let text = std::fs::read_to_string(&lock)
            .with_context(|| format!("reading {}", lock.display()))?;
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("name = \"") {
                names.push(name.trim_end_matches('"').to_string());
            }
        }
    }
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        for entry in entries.flatten() {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    Ok(names)
}

fn check_name_shape(name: &str) -> Result<()> {
    let bytes = name.as_bytes();
    let valid = !bytes.is_empty()
        && bytes.len() <= 64
        && bytes[0].is_ascii_lowercase()
        && bytes
            .iter()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && !name.ends_with('-')
        && !name.contains("--");
    if !valid {
        bail!(
            "{:?} is not a valid problem crate name: use lowercase letters, digits and single \
             hyphens, starting with a letter (e.g. p1234-tile-game)",
            name
        );
    }
    // Keywords cannot be crate idents (`self`, `fn`, ...), nor `std`/`core` be shadowed.
    const RESERVED: [&str; 57] = [
        "as",
        "break",
        "const",
        "continue",
        "crate",
        "else",
        "enum",
        "extern",
        "false",
        "fn",
        "for",
        "if",
        "impl",
        "in",
        "let",
        "loop",
        "match",
        "mod",
        "move",
        "mut",
        "pub",
        "ref",
        "return",
        "self",
        "static",
        "struct",
        "super",
        "trait",
        "true",
        "type",
        "unsafe",
        "use",
        "where",
        "while",
        "async",
        "await",
        "dyn",
        "abstract",
        "become",
        "box",
        "do",
        "final",
        "macro",
        "override",
        "priv",
        "typeof",
        "unsized",
        "virtual",
        "yield",
        "try",
        "gen",
        "std",
        "core",
        "alloc",
        "proc-macro",
        "test",
        "union",
    ];
    if RESERVED.contains(&name) {
        bail!("{:?} is a Rust keyword or a standard crate's name", name);
    }
    Ok(())
}

/// The crate's name as a Rust identifier: `p1234-tile-game` -> `p1234_tile_game`.
pub fn ident(name: &str) -> String {
    name.replace('-', "_")
}

/// The oracle type's name: `p1234-tile-game` -> `P1234TileGame`.
pub fn type_name(name: &str) -> String {
    name.split('-')
        .map(|part| {
            let mut chars = part.chars();
            match chars.next() {
                Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// Creates the problem crate of `spec` in the workspace at `root` (see the module
/// documentation).
pub fn scaffold(root: &Path, spec: &Spec) -> Result<Report> {
    let name = spec.name.as_str();
    check_name(root, name)?;
    let crate_dir = root.join("crates").join(name);
    let samples_dir = workspace::samples_dir(root, name);
    for path in [&crate_dir, &samples_dir] {
        if path.symlink_metadata().is_ok() {
            bail!("{} already exists; nothing was written", path.display());
        }
    }
    for (case, _, _) in &spec.samples {
        let valid = !case.is_empty()
            && case
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !valid {
            bail!("{:?} is not a sample name; nothing was written", case);
        }
    }
    // The registration is prepared (marker found, name not yet there) before any write.
    let registry = root.join(REGISTRY);
    let line = format!(
        "{} = {{ path = \"../{}\", features = [\"oracle\"] }}",
        name, name
    );
    let edited_registry = insert_above_marker(&registry, REGISTRY_MARKER, &line)?;

    let id = ident(name);
    let ty = type_name(name);
    let fill = |template: &str| {
        template
            .replace("{{name}}", name)
            .replace("{{ident}}", &id)
            .replace("{{Type}}", &ty)
            .replace("{{description}}", &toml_string(&spec.description))
            .replace("{{time_limit_ms}}", &spec.time_limit_ms.to_string())
            .replace("{{memory_limit_mib}}", &spec.memory_limit_mib.to_string())
    };
    let mut files: Vec<(PathBuf, String)> = vec![
        (crate_dir.join("Cargo.toml"), fill(CARGO_TOML)),
        (crate_dir.join("src").join("lib.rs"), fill(LIB_RS)),
        (crate_dir.join("src").join("main.rs"), fill(MAIN_RS)),
        (crate_dir.join("src").join("oracle.rs"), fill(ORACLE_RS)),
    ];
    for (case, input, output) in &spec.samples {
        files.push((samples_dir.join(format!("{}.in", case)), input.clone()));
        files.push((samples_dir.join(format!("{}.out", case)), output.clone()));
    }

    let mut undo = Undo::default();
    let written = (|| -> Result<()> {
        for dir in [&crate_dir, &samples_dir] {
            undo.create_dir(dir)?;
        }
        for (path, text) in &files {
            undo.create_file(path, text)?;
        }
        undo.edit_file(&registry, &edited_registry)
    })();
    if let Err(err) = written {
        undo.roll_back();
        return Err(err.context("nothing was left behind"));
    }
    let rust_files: Vec<&PathBuf> = files
        .iter()
        .map(|(path, _)| path)
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    let formatted = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(&rust_files)
        .current_dir(root)
        .status()
        .is_ok_and(|s| s.success());
    Ok(Report {
        created: files.into_iter().map(|(path, _)| path).collect(),
        edited: vec![registry],
        formatted,
    })
}

/// A TOML basic string's text: `"` and `\` escaped, control characters dropped.
fn toml_string(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The text of `path` with `line` inserted above the line holding `marker` (with its
/// indentation); fails if the marker is missing or `line` is already there.
pub fn insert_above_marker(path: &Path, marker: &str, line: &str) -> Result<String> {
    let mut text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let key = line.split('=').next().unwrap_or(line).trim();
    if text
        .lines()
        .any(|l| l.split('=').next().unwrap_or(l).trim() == key)
    {
        bail!(
            "{} already registers {}; nothing was written",
            path.display(),
            key
        );
    }
    let Some(at) = text.find(marker) else {
        bail!(
            "{} has no line {:?} to register the crate above; nothing was written",
            path.display(),
            marker
        );
    };
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let indent = text[line_start..at].to_string();
    if !indent.chars().all(|c| c == ' ' || c == '\t') {
        bail!(
            "{}: the marker {:?} must start its line; nothing was written",
            path.display(),
            marker
        );
    }
    text.insert_str(line_start, &format!("{}{}\n", indent, line));
    Ok(text)
}

/// What a scaffold wrote so far, to take back if a later write fails.
#[derive(Default)]
struct Undo {
    /// Folders created (with all they hold), in creation order.
    dirs: Vec<PathBuf>,
    /// Files edited, with their text before.
    edits: Vec<(PathBuf, Vec<u8>)>,
}

impl Undo {
    fn create_dir(&mut self, dir: &Path) -> Result<()> {
        // The topmost missing ancestor is what to remove again.
        let mut top = dir.to_path_buf();
        while let Some(parent) = top.parent() {
            if parent.exists() {
                break;
            }
            top = parent.to_path_buf();
        }
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        self.dirs.push(top);
        Ok(())
    }

    fn create_file(&mut self, path: &Path, text: &str) -> Result<()> {
        if let Some(dir) = path.parent() {
            if !dir.exists() {
                self.create_dir(dir)?;
            }
        }
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| format!("creating {}", path.display()))?;
        std::io::Write::write_all(&mut file, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))
    }

    fn edit_file(&mut self, path: &Path, text: &str) -> Result<()> {
        let before = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        self.edits.push((path.to_path_buf(), before));
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
    }

    fn roll_back(self) {
        for (path, before) in self.edits.into_iter().rev() {
            std::fs::write(&path, before).ok();
        }
        for dir in self.dirs.into_iter().rev() {
            std::fs::remove_dir_all(&dir).ok();
        }
    }
}

const CARGO_TOML: &str = r#"[package]
name = "{{name}}"
description = "{{description}}"
version.workspace = true
edition.workspace = true
license.workspace = true
rust-version = "1.63"
publish = false

# The statement's limits, enforced by `cargo xtask judge`.
[package.metadata.judge]
time-limit-ms = {{time_limit_ms}}
memory-limit-mib = {{memory_limit_mib}}

[features]
# The brute force and the random generator, for tests and `cargo xtask stress`.
oracle = ["dp-core/oracle"]

[dependencies]
dp-core = { path = "../dp-core" }
"#;

const LIB_RS: &str = r#"//! {{name}}: a placeholder problem from the workbench, to be replaced by the real one: print
//! the sum of the input's integers.

use dp_core::{Error, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Most integers accepted.
pub const MAX_COUNT: usize = 100_000;
/// Largest integer accepted.
pub const MAX_VALUE: u64 = 1_000_000_000;

/// Reads 1 to [`MAX_COUNT`] integers in `0..=MAX_VALUE` and writes their sum.
///
/// # Errors
/// A malformed or out-of-range token, no integer, or too many.
///
/// # Complexity
/// O(input).
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// {{ident}}::solve(b"20 22\n", &mut out).unwrap();
/// assert_eq!(out, b"42\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let mut sum: u64 = sc.next_in(0..=MAX_VALUE, "a")?;
    let mut count = 1;
    while !sc.is_at_end() {
        if count == MAX_COUNT {
            return Err(sc.invalid("more integers than MAX_COUNT"));
        }
        sum += sc.next_in(0..=MAX_VALUE, "a")?;
        count += 1;
    }
    writeln!(out, "{}", sum)?;
    Ok(())
}
"#;

const MAIN_RS: &str = r#"fn main() {
    dp_core::run({{ident}}::solve)
}
"#;

const ORACLE_RS: &str = r#"//! Test oracle (feature `oracle`): random small inputs, a brute force that sums by counting, and
//! shrinking; crates/problems/Cargo.toml registers the crate, its oracle found as `ProblemOracle`.

use dp_core::{oracle::*, Error, SplitMix64};

pub struct {{Type}};
pub type ProblemOracle = {{Type}};

impl Oracle for {{Type}} {
    type Input = Vec<u64>;
    fn name() -> &'static str {
        "{{name}}"
    }
    fn generate(rng: &mut SplitMix64) -> Vec<u64> {
        (0..rng.range(1, 4)).map(|_| rng.range(0, 1000)).collect()
    }
    fn render(numbers: &Vec<u64>) -> String {
        numbers.iter().map(|x| format!("{}\n", x)).collect()
    }
    fn parse(input: &[u8]) -> Result<Vec<u64>, String> {
        parse_with(input, |sc| {
            let mut numbers = vec![sc.next_in(0..=crate::MAX_VALUE, "a")?];
            while !sc.is_at_end() {
                numbers.push(sc.next_in(0..=crate::MAX_VALUE, "a")?);
            }
            Ok(numbers)
        })
    }
    fn brute_force(numbers: &Vec<u64>) -> String {
        let units = numbers.iter().flat_map(|&x| (0..x).map(|_| 1u64));
        format!("{}\n", units.sum::<u64>())
    }
    fn shrink(numbers: &Vec<u64>) -> Vec<Vec<u64>> {
        shrink_list(numbers, 1, |&x| smaller(x, 0))
    }
    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;

    /// A workspace with only what `scaffold` reads: the lock file, the registry and the core.
    fn mini_workspace() -> TempDir {
        let dir = TempDir::new("new-mini");
        let write = |path: &str, text: &str| {
            let path = dir.0.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        };
        write(
            "Cargo.lock",
            "[[package]]\nname = \"itertools\"\n\n[[package]]\nname = \"serde_json\"\n",
        );
        write(
            "crates/dp-core/Cargo.toml",
            "[package]\nname = \"dp-core\"\n",
        );
        write(
            REGISTRY,
            &format!(
                "[dependencies]\ndp-core = {{ path = \"../dp-core\" }}\n{}\n",
                REGISTRY_MARKER
            ),
        );
        dir
    }

    /// Every file under `dir`, relative, with its content.
    fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let mut files = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let content = std::fs::read(&path).unwrap();
                    files.push((path.strip_prefix(dir).unwrap().to_path_buf(), content));
                }
            }
        }
        files.sort();
        files
    }

    #[test]
    fn names_are_checked() {
        let ws = mini_workspace();
        for good in ["p1234-tile-game", "nim", "a1", "x-2-y"] {
            check_name(&ws.0, good).unwrap();
        }
        for bad in [
            "",
            "1abc",
            "Abc",
            "a_b",
            "a--b",
            "a-",
            "-a",
            "dp-core",
            "xtask",
            "self",
            "a b",
            "a/b",
            "..",
            "problems",
            "itertools",
            "serde-json",
            "build",
            "deps",
            "examples",
            "incremental",
        ] {
            assert!(check_name(&ws.0, bad).is_err(), "{:?}", bad);
        }
        let err = check_name(&ws.0, "serde-json").unwrap_err().to_string();
        assert!(err.contains("package \"serde_json\""), "{}", err);
        assert_eq!(type_name("p1234-tile-game"), "P1234TileGame");
        assert_eq!(ident("p1234-tile-game"), "p1234_tile_game");
    }

    #[test]
    fn scaffold_writes_the_crate_and_one_registry_line() {
        let ws = mini_workspace();
        let report = scaffold(&ws.0, &Spec::placeholder("p1-sum")).unwrap();
        assert_eq!(report.edited, [ws.0.join(REGISTRY)]);
        let registry = std::fs::read_to_string(ws.0.join(REGISTRY)).unwrap();
        assert!(registry.ends_with(&format!(
            "p1-sum = {{ path = \"../p1-sum\", features = [\"oracle\"] }}\n{}\n",
            REGISTRY_MARKER
        )));
        let oracle = std::fs::read_to_string(ws.0.join("crates/p1-sum/src/oracle.rs")).unwrap();
        assert!(oracle.contains("pub type ProblemOracle = P1Sum;"));
        // rustfmt keeps it so: the scaffold is formatted as written.
        assert!(report.formatted);
        assert!(oracle.lines().count() < 40, "{}", oracle.lines().count());
        assert_eq!(
            std::fs::read_to_string(ws.0.join("samples/p1-sum/sample.out")).unwrap(),
            "42\n"
        );
        // A second time it refuses, and changes nothing.
        let before = snapshot(&ws.0);
        let err = scaffold(&ws.0, &Spec::placeholder("p1-sum")).unwrap_err();
        assert!(err.to_string().contains("is taken"), "{}", err);
        assert_eq!(snapshot(&ws.0), before);
    }

    #[test]
    fn refusals_and_failed_writes_leave_everything_as_it_was() {
        let ws = mini_workspace();
        let before = snapshot(&ws.0);
        for name in ["itertools", "build", "Bad"] {
            assert!(scaffold(&ws.0, &Spec::placeholder(name)).is_err());
            assert_eq!(snapshot(&ws.0), before, "{}", name);
        }
        // A write that fails half way: `samples` is a file, so samples/<name>/ cannot be made
        // after crates/<name>/ was written. Everything is taken back.
        std::fs::write(ws.0.join("samples"), "not a folder").unwrap();
        let before = snapshot(&ws.0);
        let err = scaffold(&ws.0, &Spec::placeholder("p2-sum")).unwrap_err();
        assert!(
            format!("{:#}", err).contains("nothing was left behind"),
            "{:#}",
            err
        );
        assert_eq!(snapshot(&ws.0), before);
        assert!(!ws.0.join("crates/p2-sum").exists());
        // And the registry edit, the last write, is undone when it fails: a registry that can
        // be read but not written (a folder in its place is caught before any write, so
        // simulate with a missing marker: refused up front).
        std::fs::remove_file(ws.0.join("samples")).unwrap();
        std::fs::write(ws.0.join(REGISTRY), "[dependencies]\n").unwrap();
        let before = snapshot(&ws.0);
        let err = scaffold(&ws.0, &Spec::placeholder("p3-sum")).unwrap_err();
        assert!(err.to_string().contains("has no line"), "{}", err);
        assert_eq!(snapshot(&ws.0), before);
    }

    #[test]
    fn insertion_goes_above_the_marker_with_its_indent() {
        let dir = TempDir::new("new-edit");
        let path = dir.0.join("f.toml");
        std::fs::write(&path, "a = 1\n    # mark\nc = 2\n").unwrap();
        let text = insert_above_marker(&path, "# mark", "x = 3").unwrap();
        assert_eq!(text, "a = 1\n    x = 3\n    # mark\nc = 2\n");
        // A second registration of the same key is refused, as is a missing marker.
        assert!(insert_above_marker(&path, "# mark", "a = 9").is_err());
        assert!(insert_above_marker(&path, "# other", "y = 1").is_err());
    }

    #[test]
    fn the_real_registry_has_its_marker_once() {
        let text = std::fs::read_to_string(workspace::root().join(REGISTRY)).unwrap();
        assert_eq!(text.matches(REGISTRY_MARKER).count(), 1);
    }
}
