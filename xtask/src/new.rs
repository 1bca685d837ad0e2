//! `cargo xtask new <name>`: scaffold a problem crate that builds, bundles and passes its sample
//! from the start (a placeholder "T sums a + b" problem whose brute force counts and whose solver
//! adds), and register it wherever the workspace looks for problems:
//!
//! - `crates/<name>/`: `Cargo.toml` (Rust 1.63, the `oracle` feature, the judge's limits),
//!   `src/lib.rs` with `solve`, `src/main.rs`, `src/oracle.rs` (generator, brute force, shrink,
//!   benchmark input, `Oracle` impl);
//! - `samples/<name>/sample.in` and `.out` (the snapshot test of `tests/samples.rs` picks them
//!   up; accept the new snapshot with `INSTA_UPDATE=always`, as for any new sample);
//! - `tests/<name_>.rs` (the brute-force comparison), and in `tests/tests.rs` its `mod` line and
//!   its `solver_of` line;
//! - the root `Cargo.toml` dev-dependency, the `xtask/Cargo.toml` dependency and the line in
//!   `xtask/src/problems.rs`, each above a `xtask new:` marker comment.
//!
//! It refuses to overwrite anything: every path it would create must be free and every marker
//! present before it writes a byte.

use crate::cli::Args;
use crate::workspace;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn run(args: Vec<String>) -> Result<()> {
    let names = Args::new(args).finish()?;
    let name = match names.as_slice() {
        [name] => name,
        _ => bail!("usage: cargo xtask new <name>   (lowercase letters, digits and hyphens)"),
    };
    let root = workspace::root();
    let report = scaffold(&root, name)?;
    for path in &report.created {
        println!("created  {}", show(&root, path));
    }
    for path in &report.edited {
        println!("edited   {}", show(&root, path));
    }
    if !report.formatted {
        eprintln!("warning: rustfmt did not run; run `cargo fmt --all`");
    }
    println!(
        "\nnext: write the problem in crates/{name}/src/lib.rs and the brute force in \
         crates/{name}/src/oracle.rs, replace samples/{name}/, then\n  \
         cargo xtask stress {name}\n  cargo xtask judge {name} --bundled\n  \
         INSTA_UPDATE=always cargo test -p gamedp --test tests",
        name = name
    );
    Ok(())
}

fn show(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// What [`scaffold`] did.
#[derive(Debug)]
pub struct Report {
    pub created: Vec<PathBuf>,
    pub edited: Vec<PathBuf>,
    /// Whether rustfmt ran on the Rust files written.
    pub formatted: bool,
}

/// Marker lines: a registration goes right above its marker, with the marker's indentation.
pub const ROOT_MANIFEST_MARKER: &str = "# xtask new: problem crates above this line";
pub const TEST_MODS_MARKER: &str = "// xtask new: test modules above this line";
pub const SOLVERS_MARKER: &str = "// xtask new: solvers above this line";
pub const XTASK_MANIFEST_MARKER: &str = "# xtask new: problem crates above this line";
pub const PROBLEMS_MARKER: &str = "// xtask new: problems above this line";

/// Checks a crate name: lowercase ASCII letters, digits and single hyphens, starting with a
/// letter, not ending with a hyphen, and not a name the workspace already uses for something
/// else.
pub fn check_name(name: &str) -> Result<()> {
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
    const TAKEN: [&str; 6] = [
        workspace::CORE,
        "xtask",
        "gamedp",
        "samples",
        "snapshots",
        "tests",
    ];
    if TAKEN.contains(&name) {
        bail!("{:?} is taken by the workspace itself", name);
    }
    // Keywords cannot be crate idents (`self`, `fn`, ...), nor `std`/`core` be shadowed.
    const RESERVED: [&str; 58] = [
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
        "dp",
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

/// Creates problem crate `name` in the workspace at `root` (see the module documentation).
pub fn scaffold(root: &Path, name: &str) -> Result<Report> {
    check_name(name)?;
    let id = ident(name);
    let ty = type_name(name);

    let crate_dir = root.join("crates").join(name);
    let samples_dir = workspace::samples_dir(root, name);
    let test_file = root.join("tests").join(format!("{}.rs", id));
    for path in [&crate_dir, &samples_dir, &test_file] {
        if path.exists() || path.symlink_metadata().is_ok() {
            bail!("{} already exists; nothing was written", path.display());
        }
    }

    // Every registration is prepared (markers found, name not yet there) before any write.
    let dep_line = |prefix: &str| {
        format!(
            "{} = {{ path = \"{}crates/{}\", features = [\"oracle\"] }}",
            name, prefix, name
        )
    };
    let edits = [
        Edit::prepare(
            root.join("Cargo.toml"),
            &[(ROOT_MANIFEST_MARKER, dep_line(""))],
        )?,
        Edit::prepare(
            root.join("tests").join("tests.rs"),
            &[
                (TEST_MODS_MARKER, format!("mod {};", id)),
                (
                    SOLVERS_MARKER,
                    format!("\"{}\" => |input, out| ::{}::solve(input, out),", name, id),
                ),
            ],
        )?,
        Edit::prepare(
            root.join("xtask").join("Cargo.toml"),
            &[(XTASK_MANIFEST_MARKER, dep_line("../"))],
        )?,
        Edit::prepare(
            root.join("xtask").join("src").join("problems.rs"),
            &[(
                PROBLEMS_MARKER,
                format!("problem::<{}::oracle::{}>(),", id, ty),
            )],
        )?,
    ];

    let fill = |template: &str| {
        template
            .replace("{{name}}", name)
            .replace("{{ident}}", &id)
            .replace("{{Type}}", &ty)
    };
    let files: Vec<(PathBuf, String)> = vec![
        (crate_dir.join("Cargo.toml"), fill(CARGO_TOML)),
        (crate_dir.join("src").join("lib.rs"), fill(LIB_RS)),
        (crate_dir.join("src").join("main.rs"), fill(MAIN_RS)),
        (crate_dir.join("src").join("oracle.rs"), fill(ORACLE_RS)),
        (samples_dir.join("sample.in"), SAMPLE_IN.to_string()),
        (samples_dir.join("sample.out"), SAMPLE_OUT.to_string()),
        (test_file.clone(), fill(TESTS_RS)),
    ];
    let mut created = Vec::new();
    for (path, text) in &files {
        let dir = path.parent().expect("a file has a folder");
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .with_context(|| format!("creating {}", path.display()))?;
        std::io::Write::write_all(&mut file, text.as_bytes())
            .with_context(|| format!("writing {}", path.display()))?;
        created.push(path.clone());
    }
    let mut edited = Vec::new();
    for edit in &edits {
        edit.apply()?;
        edited.push(edit.path.clone());
    }
    let rust_files: Vec<&PathBuf> = created
        .iter()
        .chain(&edited)
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    let formatted = Command::new("rustfmt")
        .args(["--edition", "2021"])
        .args(&rust_files)
        .current_dir(root)
        .status()
        .is_ok_and(|s| s.success());
    Ok(Report {
        created,
        edited,
        formatted,
    })
}

/// Lines to insert into one file, each right above its marker.
struct Edit {
    path: PathBuf,
    text: String,
}

impl Edit {
    fn prepare(path: PathBuf, insertions: &[(&str, String)]) -> Result<Edit> {
        let mut text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        for (marker, line) in insertions {
            if text.contains(line.as_str()) {
                bail!(
                    "{} already has {:?}; nothing was written",
                    path.display(),
                    line
                );
            }
            let at = match text.find(marker) {
                Some(at) => at,
                None => bail!(
                    "{} has no line {:?} to register the crate above; nothing was written",
                    path.display(),
                    marker
                ),
            };
            let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
            let indent = text[line_start..at].to_string();
            if !indent.chars().all(|c| c == ' ' || c == '\t') {
                bail!(
                    "{}: the marker {:?} must start its line",
                    path.display(),
                    marker
                );
            }
            text.insert_str(line_start, &format!("{}{}\n", indent, line));
        }
        Ok(Edit { path, text })
    }

    fn apply(&self) -> Result<()> {
        std::fs::write(&self.path, &self.text)
            .with_context(|| format!("writing {}", self.path.display()))
    }
}

const CARGO_TOML: &str = r#"[package]
name = "{{name}}"
description = "{{name}}: a gamedp problem crate (scaffolded by `cargo xtask new`; say which problem)."
version.workspace = true
edition.workspace = true
license.workspace = true
rust-version = "1.63"
publish = false

# The statement's limits, enforced by `cargo xtask judge`.
[package.metadata.judge]
time-limit-ms = 1000
memory-limit-mib = 256

[features]
# The brute force and the random generator, for tests and `cargo xtask stress`.
oracle = ["dp-core/oracle"]

[dependencies]
dp-core = { path = "../dp-core" }
"#;

const LIB_RS: &str = r#"//! {{name}}: a placeholder problem from `cargo xtask new`, to be replaced by the real one. For
//! each of T tests, print a + b.

use dp_core::{Error, Scanner};
use std::io::Write;

#[cfg(feature = "oracle")]
pub mod oracle;

/// Largest number of tests accepted.
pub const MAX_TESTS: usize = 100_000;
/// Largest a or b accepted.
pub const MAX_VALUE: u64 = 1_000_000_000;

/// Reads T tests of two integers a and b, and writes a + b for each.
///
/// # Errors
/// A malformed or out-of-range token, or a token after the last test.
///
/// # Complexity
/// O(T).
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// {{ident}}::solve(b"2\n1 2\n20 22\n", &mut out).unwrap();
/// assert_eq!(out, b"3\n42\n");
/// ```
pub fn solve(input: &[u8], out: &mut impl Write) -> Result<(), Error> {
    let mut sc = Scanner::new(input);
    let tests: usize = sc.next_in(1..=MAX_TESTS, "T")?;
    for _ in 0..tests {
        let a: u64 = sc.next_in(0..=MAX_VALUE, "a")?;
        let b: u64 = sc.next_in(0..=MAX_VALUE, "b")?;
        writeln!(out, "{}", a + b)?;
    }
    sc.finish()?;
    Ok(())
}
"#;

const MAIN_RS: &str = r#"fn main() {
    dp_core::run({{ident}}::solve)
}
"#;

const ORACLE_RS: &str = r#"//! Test oracle (feature `oracle`): random small inputs, a brute force that models the rules
//! literally, shrinking, and the benchmark input.

use dp_core::oracle::{BenchInput, Oracle};
use dp_core::{Error, SplitMix64};

/// One input file: the (a, b) of each test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tests {
    pub pairs: Vec<(u64, u64)>,
}

impl Tests {
    /// The input file's text.
    pub fn render(&self) -> String {
        let mut text = format!("{}\n", self.pairs.len());
        for (a, b) in &self.pairs {
            text.push_str(&format!("{} {}\n", a, b));
        }
        text
    }

    /// `tests` random tests with values in `0..=max_value`.
    pub fn random(rng: &mut SplitMix64, tests: usize, max_value: u64) -> Tests {
        let pairs = (0..tests)
            .map(|_| (rng.range(0, max_value), rng.range(0, max_value)))
            .collect();
        Tests { pairs }
    }
}

/// a + b by counting: start at a and step up by one, b times.
pub fn brute_force(a: u64, b: u64) -> u64 {
    let mut sum = a;
    for _ in 0..b {
        sum += 1;
    }
    sum
}

/// The oracle of {{name}} for tests and `cargo xtask stress`.
pub struct {{Type}};

impl Oracle for {{Type}} {
    type Input = Tests;

    fn name() -> &'static str {
        "{{name}}"
    }

    fn generate(rng: &mut SplitMix64) -> Tests {
        let tests = rng.range(1, 3) as usize;
        let max_value = [1, 10, 1000][rng.index(3)];
        Tests::random(rng, tests, max_value)
    }

    fn render(tests: &Tests) -> String {
        tests.render()
    }

    fn brute_force(tests: &Tests) -> String {
        tests
            .pairs
            .iter()
            .map(|&(a, b)| format!("{}\n", brute_force(a, b)))
            .collect()
    }

    /// Each test alone, then each value halved.
    fn shrink(tests: &Tests) -> Vec<Tests> {
        let mut smaller = Vec::new();
        if tests.pairs.len() > 1 {
            for &pair in &tests.pairs {
                smaller.push(Tests { pairs: vec![pair] });
            }
        }
        for k in 0..tests.pairs.len() {
            let (a, b) = tests.pairs[k];
            for halved in [(a / 2, b), (a, b / 2)] {
                if halved != (a, b) {
                    let mut less = tests.clone();
                    less.pairs[k] = halved;
                    smaller.push(less);
                }
            }
        }
        smaller
    }

    fn solve(input: &[u8], out: &mut Vec<u8>) -> Result<(), Error> {
        crate::solve(input, out)
    }

    /// The largest input the constraints allow.
    fn bench_inputs() -> Vec<BenchInput> {
        let tests = Tests::random(&mut SplitMix64::new(1), crate::MAX_TESTS, crate::MAX_VALUE);
        vec![BenchInput {
            name: format!("T = {}, values <= {}", crate::MAX_TESTS, crate::MAX_VALUE),
            text: tests.render(),
        }]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brute_force_counts() {
        assert_eq!(brute_force(0, 0), 0);
        assert_eq!(brute_force(2, 3), 5);
    }

    #[test]
    fn shrink_only_makes_smaller_inputs() {
        let mut rng = SplitMix64::new(1);
        for _ in 0..100 {
            let tests = {{Type}}::generate(&mut rng);
            let size = |t: &Tests| (t.pairs.len(), t.pairs.iter().map(|p| p.0 + p.1).sum::<u64>());
            for smaller in {{Type}}::shrink(&tests) {
                let (n, total) = size(&smaller);
                assert!(n >= 1 && n <= tests.pairs.len() && total <= size(&tests).1);
                assert_ne!(smaller, tests);
            }
        }
    }
}
"#;

const TESTS_RS: &str = r#"//! {{name}} against its brute force on random small inputs.

use dp_core::oracle::find_mismatch;
use {{ident}}::oracle::{{Type}};

#[test]
fn agrees_with_the_brute_force_on_random_small_inputs() {
    if let Some(mismatch) = find_mismatch::<{{Type}}>(1, 2000) {
        panic!("{:?}", mismatch);
    }
}
"#;

const SAMPLE_IN: &str = "2\n1 2\n20 22\n";
const SAMPLE_OUT: &str = "3\n42\n";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;

    #[test]
    fn names_are_checked() {
        for good in ["p1234-tile-game", "nim", "a1", "x-2-y"] {
            check_name(good).unwrap();
        }
        for bad in [
            "", "1abc", "Abc", "a_b", "a--b", "a-", "-a", "dp-core", "xtask", "self", "a b", "a/b",
            "..",
        ] {
            assert!(check_name(bad).is_err(), "{:?}", bad);
        }
        assert_eq!(type_name("p1234-tile-game"), "P1234TileGame");
        assert_eq!(ident("p1234-tile-game"), "p1234_tile_game");
    }

    #[test]
    fn insertion_goes_above_the_marker_with_its_indent() {
        let dir = TempDir::new("new-edit");
        let path = dir.0.join("f.rs");
        std::fs::write(&path, "a\n    b\n    // mark\nc\n").unwrap();
        let edit = Edit::prepare(path.clone(), &[("// mark", "x".to_string())]).unwrap();
        edit.apply().unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "a\n    b\n    x\n    // mark\nc\n"
        );
        // A second registration of the same line is refused, as is a missing marker.
        assert!(Edit::prepare(path.clone(), &[("// mark", "x".to_string())]).is_err());
        assert!(Edit::prepare(path, &[("// other", "y".to_string())]).is_err());
    }

    #[test]
    fn the_real_workspace_has_every_marker() {
        let root = workspace::root();
        for (file, marker) in [
            ("Cargo.toml", ROOT_MANIFEST_MARKER),
            ("tests/tests.rs", TEST_MODS_MARKER),
            ("tests/tests.rs", SOLVERS_MARKER),
            ("xtask/Cargo.toml", XTASK_MANIFEST_MARKER),
            ("xtask/src/problems.rs", PROBLEMS_MARKER),
        ] {
            let text = std::fs::read_to_string(root.join(file)).unwrap();
            assert_eq!(text.matches(marker).count(), 1, "{} in {}", marker, file);
        }
    }

    /// Copies the workspace at `from` to `to`, leaving out build output and version control.
    fn copy_workspace(from: &Path, to: &Path) {
        std::fs::create_dir_all(to).unwrap();
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name == "target" || name.starts_with("target-") || name == ".git" {
                continue;
            }
            let kind = entry.file_type().unwrap();
            if kind.is_dir() {
                copy_workspace(&entry.path(), &to.join(&name));
            } else if kind.is_file() {
                std::fs::copy(entry.path(), to.join(&name)).unwrap();
            }
        }
    }

    fn cargo(root: &Path, target: &Path, args: &[&str]) {
        let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
            .args(args)
            .current_dir(root)
            .env("CARGO_TARGET_DIR", target)
            .env("INSTA_UPDATE", "always")
            .status()
            .unwrap();
        assert!(
            status.success(),
            "cargo {} failed in {}",
            args.join(" "),
            root.display()
        );
    }

    /// The one slow test: a new crate in a copy of the workspace builds, passes its tests and
    /// the workspace's sample test, is registered for stress and bench, and bundles.
    #[test]
    fn new_crate_builds_tests_and_bundles_in_a_copy_of_the_workspace() {
        let real = workspace::root();
        // A fixed place under target/, so the build folder beside it stays warm across runs.
        let base = real.join("target").join("xtask-new-test");
        let copy = base.join("workspace");
        std::fs::remove_dir_all(&copy).ok();
        copy_workspace(&real, &copy);
        let name = "p9999-new-game";
        let report = scaffold(&copy, name).unwrap();
        assert!(report.formatted);
        assert_eq!(report.edited.len(), 4);
        // Refuses a second time, and writes nothing then.
        let before = std::fs::read_to_string(copy.join("Cargo.toml")).unwrap();
        assert!(scaffold(&copy, name).is_err());
        assert_eq!(
            std::fs::read_to_string(copy.join("Cargo.toml")).unwrap(),
            before
        );

        let target = base.join("target");
        cargo(&copy, &target, &["build", "-p", name]);
        cargo(
            &copy,
            &target,
            &["test", "-p", name, "--features", "oracle"],
        );
        // The workspace's tests see it: its brute-force module, its sample through `solver_of`
        // (the snapshot is new, so accepted as a person would), and its refusal of a token
        // after the sample.
        cargo(
            &copy,
            &target,
            &[
                "test",
                "-p",
                "gamedp",
                "--test",
                "tests",
                "--",
                "p9999_new_game",
                "samples",
                "trailing_tokens",
            ],
        );
        // xtask sees it: stress finds its oracle, judge accepts its bundled sample.
        cargo(
            &copy,
            &target,
            &["run", "-p", "xtask", "--", "stress", name, "--cases", "200"],
        );
        cargo(
            &copy,
            &target,
            &["run", "-p", "xtask", "--", "judge", name, "--bundled"],
        );
        let summary = crate::bundle::bundle_crate(
            &copy,
            name,
            &crate::bundle::Options::from_flags(None, None),
        )
        .unwrap();
        assert_eq!(summary.samples, 1);
        assert!(workspace::bundle_path(&copy, name).is_file());
        std::fs::remove_dir_all(&copy).ok();
    }
}
