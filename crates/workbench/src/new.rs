//! `cargo xtask new <name>`: scaffold a problem crate that builds, bundles and passes its sample
//! from the start (a placeholder problem, the sum of the input's integers, whose brute force
//! counts and whose solver adds). It touches nothing outside its crate and its samples: the
//! workspace's members are `crates/*`, the workbench finds the crate by its oracle program
//! (`src/bin/oracle.rs`), and the crate checks itself (`tests/checks.rs`, which
//! `cargo test -p <name>` and `cargo test --workspace` run).
//!
//! It writes `crates/<name>/` (`Cargo.toml` with the judge's limits, `src/lib.rs`,
//! `src/main.rs`, `src/oracle.rs`, `src/bin/oracle.rs`, `tests/checks.rs`) and
//! `samples/<name>/`, each first in a temporary folder under `.new-crates/` (which cargo
//! ignores), then renamed into place, the samples first; the crate's oracle program is built
//! last. So a kill at any point leaves nothing or a whole crate, and the workspace always
//! loads. `cargo xtask listen` scaffolds through [`scaffold`] as well.

use bundler::cli::Args;
use context_error::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use workspace_layout as workspace;

pub const USAGE: &str = "\
cargo xtask new <name> [--time-limit-ms T] [--memory-limit-mib M] [--no-build]

Scaffolds the problem crate crates/<name>/ (a placeholder problem that builds, bundles and passes
its sample: the sum of the input's integers) and samples/<name>/, and builds its oracle program;
nothing else is written. Its tests/checks.rs runs the standard checks on its samples
(`cargo test -p <name>`), pending (printed, never failing) until `solved = false` is removed
from its Cargo.toml. The name is lowercase
letters, digits and single hyphens, starting with a letter, and may not be a package of the
workspace or of its dependencies (after `-`/`_` conversion), nor build, deps, examples,
incremental (cargo's folders).
  --time-limit-ms T     the judge's time limit (default 1000; 1 to 600000)
  --memory-limit-mib M  the judge's memory limit (default 256; 1 to 1048576)
  --no-build            skip building the oracle program (a scaffold that does not build is
                        taken back otherwise)
Writes nothing when it refuses; a kill at any point leaves nothing or a whole crate.
";

/// The ranges of the limits that `new` and `listen` accept.
pub use workspace_layout::{MEMORY_LIMIT_MIB, TIME_LIMIT_MS};

pub fn run(args: Vec<String>) -> Result<()> {
    let mut args = Args::new(args);
    let time_limit_ms = args.parsed::<u64>("--time-limit-ms")?;
    let memory_limit_mib = args.parsed::<u64>("--memory-limit-mib")?;
    let no_build = args.flag("--no-build");
    let names = args.finish()?;
    let name = match names.as_slice() {
        [name] => name,
        _ => bail!("usage: {}", USAGE.lines().next().unwrap_or_default()),
    };
    let root = workspace::root();
    let mut spec = Spec::placeholder(name);
    if let Some(ms) = time_limit_ms {
        spec.time_limit_ms = ms;
    }
    if let Some(mib) = memory_limit_mib {
        spec.memory_limit_mib = mib;
    }
    spec.build = !no_build;
    let report = scaffold(&root, &spec)?;
    print_report(&root, &report);
    println!("\n{}", next_steps(name));
    Ok(())
}

/// What to do after a scaffold: the same commands the README names.
pub fn next_steps(name: &str) -> String {
    format!(
        "next: write the problem in crates/{name}/src/lib.rs and its brute force in \
         crates/{name}/src/oracle.rs, replace samples/{name}/, then\n  \
         cargo xtask stress {name}          (random inputs against the brute force)\n  \
         cargo xtask test {name}            (this crate's tests, samples and standard checks)\n  \
         cargo xtask judge {name} --bundled (the bundle on the samples, with the limits)\n\
         and once it is solved, remove `solved = false` from crates/{name}/Cargo.toml: until \
         then `cargo test --workspace` lists it as pending",
        name = name
    )
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
    /// Build the oracle program (and take the crate back if it fails).
    pub build: bool,
    /// The files the judge gives the input in and reads the answer from (`None`: stdin,
    /// stdout), as `input-file` and `output-file` of `[package.metadata.judge]`; `main.rs`
    /// opens them.
    pub input_file: Option<String>,
    pub output_file: Option<String>,
    /// The statement's name and URL, as `[package.metadata.problem]` (what `listen` received:
    /// a problem sent again is known by them).
    pub statement: Option<(String, String)>,
}

impl Spec {
    /// `cargo xtask new`'s crate: the placeholder's own sample, the usual 1 s and 256 MiB.
    pub fn placeholder(name: &str) -> Spec {
        Spec {
            name: name.to_string(),
            description: format!(
                "{}: a gamedp problem crate (scaffolded by `cargo xtask new`; {}).",
                name, UNNAMED_PROBLEM
            ),
            time_limit_ms: 1000,
            memory_limit_mib: 256,
            samples: vec![(
                "sample".to_string(),
                "20 22\n".to_string(),
                "42\n".to_string(),
            )],
            build: true,
            input_file: None,
            output_file: None,
            statement: None,
        }
    }
}

/// What the placeholder's description says until the user names the problem: `cargo xtask
/// test` lists it as left to fill while it is there.
pub const UNNAMED_PROBLEM: &str = "say which problem";
/// A line of the placeholder's `src/lib.rs` and `src/oracle.rs`: the solver or the brute force
/// is still the placeholder's while it is there.
pub const PLACEHOLDER_MARK: &str = "a placeholder problem from the workbench";

/// What a crate's scaffold still holds of the placeholder (its description, solver, brute
/// force, no samples), one line each: what is left to fill.
pub fn left_to_fill(root: &Path, name: &str) -> Vec<String> {
    let dir = root.join("crates").join(name);
    let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap_or_default();
    let mut left = Vec::new();
    if read("Cargo.toml").contains(UNNAMED_PROBLEM) {
        left.push(format!(
            "crates/{}/Cargo.toml: the description still says \"{}\"",
            name, UNNAMED_PROBLEM
        ));
    }
    if read("src/lib.rs").contains(PLACEHOLDER_MARK) {
        left.push(format!(
            "crates/{}/src/lib.rs: the solver is still the placeholder (it sums the input's integers)",
            name
        ));
    }
    if read("src/oracle.rs").contains(PLACEHOLDER_MARK) {
        left.push(format!(
            "crates/{}/src/oracle.rs: the format and brute force are still the placeholder's",
            name
        ));
    }
    let samples = workspace::ProblemCrate::new(root, name).samples_dir();
    let has_sample = std::fs::read_dir(&samples).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().extension().is_some_and(|x| x == "in"))
    });
    if !has_sample {
        left.push(format!(
            "samples/{}/: no samples (`cargo xtask sample {} NAME FILE` adds one)",
            name, name
        ));
    }
    left
}

/// What [`scaffold`] did.
#[derive(Debug)]
pub struct Report {
    pub created: Vec<PathBuf>,
    pub edited: Vec<PathBuf>,
    /// Whether rustfmt ran on the Rust files written.
    pub formatted: bool,
}

/// Where scaffolds are written before they are renamed into place: beside `crates/`, outside
/// the workspace's members, so cargo never sees a half-written crate.
pub const STAGING: &str = ".new-crates";

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
        "bundler",
        "workbench",
        "test-kit",
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

/// The name of the crate's oracle type: the words of its name after the problem's id, in
/// CamelCase (`p1234-tile-game` -> `TileGame`), or all of them when only the id is there
/// (`abc100a` -> `Abc100a`).
///
/// # Example
/// ```
/// assert_eq!(workbench::new::oracle_type("p1234-tile-game"), "TileGame");
/// assert_eq!(workbench::new::oracle_type("abc100a"), "Abc100a");
/// assert_eq!(workbench::new::oracle_type("tile-game"), "TileGame");
/// ```
pub fn oracle_type(name: &str) -> String {
    let words: Vec<&str> = name.split('-').collect();
    let starts_with_id = words.len() > 1 && words[0].bytes().any(|b| b.is_ascii_digit());
    let words = if starts_with_id {
        &words[1..]
    } else {
        &words[..]
    };
    let mut camel = String::new();
    for word in words {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            camel.push(first.to_ascii_uppercase());
            camel.extend(chars);
        }
    }
    if camel.starts_with(|c: char| c.is_ascii_digit()) {
        camel.insert(0, 'P');
    }
    camel
}

/// Creates the problem crate of `spec` in the workspace at `root` (see the module
/// documentation).
pub fn scaffold(root: &Path, spec: &Spec) -> Result<Report> {
    recover(root)?;
    let name = spec.name.as_str();
    check_name(root, name)?;
    check_limits(spec.time_limit_ms, spec.memory_limit_mib)?;
    let crate_dir = root.join("crates").join(name);
    let samples_dir = workspace::ProblemCrate::new(root, name).samples_dir();
    for path in [&crate_dir, &samples_dir] {
        if path.symlink_metadata().is_ok() {
            bail!("{} already exists; nothing was written", path.display());
        }
    }
    for (case, _, _) in &spec.samples {
        let valid = !case.is_empty()
            && case.len() <= 100
            && case
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !valid {
            bail!("{:?} is not a sample name; nothing was written", case);
        }
    }
    let id = ident(name);
    let oracle = oracle_type(name);
    let fill = |template: &str| {
        template
            .replace("{{name}}", name)
            .replace("{{ident}}", &id)
            .replace("{{Oracle}}", &oracle)
            .replace("{{description}}", &toml_string(&spec.description))
            .replace("{{time_limit_ms}}", &spec.time_limit_ms.to_string())
            .replace("{{memory_limit_mib}}", &spec.memory_limit_mib.to_string())
            .replace("{{judge_files}}", &judge_files(spec))
            .replace("{{statement}}", &statement_table(spec))
            .replace("{{run}}", &run_call(spec))
    };
    let crate_files: Vec<(&str, String)> = vec![
        ("Cargo.toml", fill(CARGO_TOML)),
        ("src/lib.rs", fill(LIB_RS)),
        ("src/main.rs", fill(MAIN_RS)),
        ("src/oracle.rs", fill(ORACLE_RS)),
        ("src/bin/oracle.rs", fill(ORACLE_PROGRAM_RS)),
        ("tests/checks.rs", fill(CHECKS_RS)),
    ];
    let mut sample_files: Vec<(String, String)> = Vec::new();
    for (case, input, output) in &spec.samples {
        sample_files.push((format!("{}.in", case), input.clone()));
        sample_files.push((format!("{}.out", case), output.clone()));
    }

    let staging = root.join(STAGING);
    let stage = staging.join(format!("{}-{}", name, std::process::id()));
    let staged_crate = stage.join("crate");
    let staged_samples = stage.join("samples");
    let written = (|| -> Result<()> {
        for (path, text) in &crate_files {
            write_new(&staged_crate.join(path), text)?;
        }
        // A problem without tests gets an empty samples folder (what `judge` and `sample` use).
        std::fs::create_dir_all(&staged_samples)
            .with_context(|| format!("creating {}", staged_samples.display()))?;
        for (path, text) in &sample_files {
            write_new(&staged_samples.join(path), text)?;
        }
        let rust_files: Vec<PathBuf> = crate_files
            .iter()
            .filter(|(path, _)| path.ends_with(".rs"))
            .map(|(path, _)| staged_crate.join(path))
            .collect();
        // Formatted before it is moved in; a missing rustfmt only costs the layout.
        Command::new("rustfmt")
            .args(["--edition", "2021"])
            .args(&rust_files)
            .status()
            .ok();
        Ok(())
    })();
    if let Err(err) = written {
        std::fs::remove_dir_all(&stage).ok();
        return Err(err.context("nothing was left behind"));
    }
    pause_point("staged");
    let formatted = Command::new("rustfmt")
        .args(["--edition", "2021", "--check"])
        .arg(staged_crate.join("src/lib.rs"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    // Into place: the samples first (a lone samples folder breaks nothing), then the crate.
    let placed = (|| -> Result<()> {
        std::fs::create_dir_all(root.join("samples")).context("creating samples/")?;
        // Each move is announced by a marker in the stage first, so that `recover` knows what
        // a kill left in place is this scaffold's.
        write_new(&stage.join("moving-samples"), "")?;
        // A copy where samples/ is on another file system than the stage.
        sample_files::move_dir(&staged_samples, &samples_dir)
            .with_context(|| format!("moving the samples to {}", samples_dir.display()))?;
        pause_point("samples-placed");
        write_new(&stage.join("moving-crate"), "")?;
        sample_files::move_dir(&staged_crate, &crate_dir)
            .with_context(|| format!("moving the crate to {}", crate_dir.display()))
    })();
    if let Err(err) = placed {
        take_back(&stage, &crate_dir, &samples_dir);
        return Err(err.context("nothing was left behind"));
    }
    pause_point("crate-placed");
    if spec.build {
        if let Err(err) = crate::oracle_program::build(root, name) {
            take_back(&stage, &crate_dir, &samples_dir);
            return Err(err.context(
                "the scaffold does not build, so it was taken back (a name that clashes with \
                 the template's?); nothing was left behind",
            ));
        }
    }
    pause_point("built");
    std::fs::remove_dir_all(&stage).ok();
    let mut created: Vec<PathBuf> = crate_files.iter().map(|(p, _)| crate_dir.join(p)).collect();
    created.extend(sample_files.iter().map(|(p, _)| samples_dir.join(p)));
    Ok(Report {
        created,
        edited: Vec::new(),
        formatted,
    })
}

/// The `input-file` and `output-file` lines of `[package.metadata.judge]`, for a judge that
/// names files.
fn judge_files(spec: &Spec) -> String {
    let mut lines = String::new();
    if spec.input_file.is_some() || spec.output_file.is_some() {
        lines.push_str("# The files the judge gives the input in and reads the answer from.\n");
    }
    for (key, file) in [
        ("input-file", &spec.input_file),
        ("output-file", &spec.output_file),
    ] {
        if let Some(file) = file {
            lines.push_str(&format!("{} = \"{}\"\n", key, toml_string(file)));
        }
    }
    lines
}

/// `[package.metadata.problem]` with the statement's name and URL, when known.
fn statement_table(spec: &Spec) -> String {
    match &spec.statement {
        Some((name, url)) => format!(
            "\n# The statement this crate solves (a problem received again is known by its URL).\n\
             [package.metadata.problem]\nname = \"{}\"\nurl = \"{}\"\n",
            toml_string(name),
            toml_string(url)
        ),
        None => String::new(),
    }
}

/// The body of `main`: stdin to stdout, or the judge's files.
fn run_call(spec: &Spec) -> String {
    if spec.input_file.is_none() && spec.output_file.is_none() {
        return format!("dp_core::run({}::solve)", ident(&spec.name));
    }
    let show = |file: &Option<String>| match file {
        Some(file) => format!("Some({:?})", file),
        None => "None".to_string(),
    };
    format!(
        "// The judge gives the input in a file and reads the answer from one (None: stdin,\n    \
         // stdout), as [package.metadata.judge] says.\n    \
         dp_core::run_files({}, {}, {}::solve)",
        show(&spec.input_file),
        show(&spec.output_file),
        ident(&spec.name)
    )
}

pub use workspace_layout::check_limits;

/// Moves what this scaffold placed (its `moving-*` markers say so, its staged copy is gone)
/// back into the stage, then removes the stage, after a failed step.
fn take_back(stage: &Path, crate_dir: &Path, samples_dir: &Path) {
    for (placed, what) in [(crate_dir, "crate"), (samples_dir, "samples")] {
        let moved = stage.join(format!("moving-{}", what)).exists() && !stage.join(what).exists();
        if !moved {
            continue;
        }
        let back = stage.join(format!("{}-back", what));
        if std::fs::rename(placed, &back).is_err() {
            std::fs::remove_dir_all(placed).ok();
        }
    }
    std::fs::remove_dir_all(stage).ok();
}

/// Finishes or takes back what a killed scaffold left, from its staging folder
/// (`.new-crates/<name>-<pid>`, its process gone): before its crate was moved into place, its
/// samples (if they were) are removed again; after, the crate is whole. So after a kill and the
/// next `new` or `listen`, a crate is there whole, or not at all.
pub fn recover(root: &Path) -> Result<()> {
    let staging = root.join(STAGING);
    let Ok(entries) = std::fs::read_dir(&staging) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        let folder = entry.file_name().to_string_lossy().into_owned();
        let Some((name, pid)) = folder.rsplit_once('-') else {
            std::fs::remove_dir_all(entry.path()).ok();
            continue;
        };
        let alive = pid.parse::<u32>().is_ok_and(|pid| {
            pid == std::process::id() || Path::new("/proc").join(pid.to_string()).exists()
        });
        if alive {
            continue;
        }
        let stage = entry.path();
        let crate_dir = root.join("crates").join(name);
        let samples_dir = workspace::ProblemCrate::new(root, name).samples_dir();
        let moved = |what: &str| {
            stage.join(format!("moving-{}", what)).exists() && !stage.join(what).exists()
        };
        let taking_back = stage.join("crate-back").exists() || stage.join("samples-back").exists();
        if taking_back {
            // Killed while taking back a failed scaffold: finish taking it back.
            if moved("crate") && !stage.join("crate-back").exists() {
                std::fs::remove_dir_all(&crate_dir).ok();
            }
            if moved("samples") && !stage.join("samples-back").exists() {
                std::fs::remove_dir_all(&samples_dir).ok();
            }
        } else if moved("samples") && !moved("crate") && samples_dir.is_dir() {
            // The samples were moved in, the crate was not: take them back out.
            std::fs::remove_dir_all(&samples_dir).ok();
            eprintln!(
                "note: removed samples/{} of an interrupted scaffold that wrote no crate",
                name
            );
        }
        std::fs::remove_dir_all(&stage).ok();
    }
    Ok(())
}

/// For the tests of a kill at each step: with `GAMEDP_SCAFFOLD_PAUSE=<step>` in the
/// environment, a scaffold says so on stderr and waits there forever (to be killed).
fn pause_point(step: &str) {
    if std::env::var("GAMEDP_SCAFFOLD_PAUSE").is_ok_and(|s| s == step) {
        eprintln!("paused at {}", step);
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
}

/// Writes a new file (and its folders); never replaces one.
fn write_new(path: &Path, text: &str) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    std::io::Write::write_all(&mut file, text.as_bytes())
        .and_then(|()| file.sync_all())
        .with_context(|| format!("writing {}", path.display()))
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
{{judge_files}}# Not solved yet: its tests (tests/checks.rs) print it as pending instead of failing on its
# samples. Remove the line once src/lib.rs solves the problem.
solved = false
{{statement}}
[features]
# The oracle and its program, for tests and `cargo xtask stress | brute | sample | bench | test`.
oracle = ["dep:test-kit"]

[dependencies]
dp-core = { path = "../dp-core" }
test-kit = { path = "../test-kit", optional = true }

# The oracle program that `cargo xtask` builds for this crate alone and runs.
[[bin]]
name = "{{name}}-oracle"
path = "src/bin/oracle.rs"
required-features = ["oracle"]

# Its own tests (tests/) drive the oracle: `cargo test -p {{name}}` turns the feature on.
[dev-dependencies]
{{name}} = { path = ".", features = ["oracle"] }
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
    {{run}}
}
"#;

const ORACLE_RS: &str = r#"//! Test oracle (feature `oracle`) of a placeholder problem from the workbench: the input
//! format (one description gives the generator, renderer, parser and shrinker), a brute force
//! that sums by counting, and its size guard. The oracle program (src/bin/oracle.rs) runs it
//! for `cargo xtask stress`.

use test_kit::format::{int, until_end, Format};
use test_kit::{at_most, Problem};

/// The oracle of {{name}}.
pub struct {{Oracle}};

impl Problem for {{Oracle}} {
    test_kit::name_and_solve_of_this_crate!();
    type Value = Vec<u64>;

    /// Integers, one per line, until the end of input: small ones are 1 to 5 up to 1000.
    fn format() -> impl Format<Value = Self::Value> {
        let a = int("a", 0..=crate::MAX_VALUE).small(0..=1000);
        until_end(1..=crate::MAX_COUNT, a)
    }

    fn brute(numbers: &Vec<u64>) -> String {
        let units = numbers.iter().flat_map(|&x| (0..x).map(|_| 1u64));
        format!("{}\n", units.sum::<u64>())
    }

    fn refuses(numbers: &Vec<u64>) -> Option<String> {
        at_most("(the sum)", numbers.iter().sum(), 10_000_000)
    }
}
"#;

const ORACLE_PROGRAM_RS: &str = r#"//! The oracle program of {{name}}: `cargo xtask stress | brute | sample | bench | test` run it.

fn main() {
    test_kit::oracle_program::<{{ident}}::oracle::{{Oracle}}>()
}
"#;

const CHECKS_RS: &str = r#"//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/{{name}}/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<{{ident}}::oracle::{{Oracle}}>::new(env!("CARGO_MANIFEST_DIR")).run();
}
"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;

    /// A workspace with only what `scaffold` reads: the lock file, the manifest and the core.
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
        write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n");
        dir
    }

    /// The placeholder spec without the build (the scratch workspace has no crates to build).
    fn unbuilt(name: &str) -> Spec {
        Spec {
            build: false,
            ..Spec::placeholder(name)
        }
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
        assert_eq!(ident("p1234-tile-game"), "p1234_tile_game");
    }

    #[test]
    fn scaffold_writes_the_crate_and_its_samples_and_nothing_else() {
        let ws = mini_workspace();
        let before = snapshot(&ws.0);
        let report = scaffold(&ws.0, &unbuilt("p1-sum")).unwrap();
        assert!(report.edited.is_empty(), "{:?}", report.edited);
        let mut after = snapshot(&ws.0);
        after.retain(|(path, _)| {
            !path.starts_with("crates/p1-sum") && !path.starts_with("samples/p1-sum")
        });
        assert_eq!(after, before);
        let oracle = std::fs::read_to_string(ws.0.join("crates/p1-sum/src/oracle.rs")).unwrap();
        assert!(oracle.contains("pub struct Sum;"));
        // The crate checks itself: its test runs the kit on its own folder.
        let checks = std::fs::read_to_string(ws.0.join("crates/p1-sum/tests/checks.rs")).unwrap();
        assert!(
            checks.contains(
                "test_kit::CrateChecks::<p1_sum::oracle::Sum>::new(env!(\"CARGO_MANIFEST_DIR\"))"
            ),
            "{}",
            checks
        );
        // Unsolved until the user says otherwise: its checks are pending.
        let manifest = std::fs::read_to_string(ws.0.join("crates/p1-sum/Cargo.toml")).unwrap();
        let judge =
            manifest.parse::<toml::Table>().unwrap()["package"]["metadata"]["judge"].clone();
        assert_eq!(judge.get("solved"), Some(&toml::Value::Boolean(false)));
        // rustfmt keeps it so: the scaffold is formatted as written.
        assert!(report.formatted);
        // An oracle on the kit: 19 lines of code besides its comments.
        assert!(oracle.lines().count() < 35, "{}", oracle.lines().count());
        assert_eq!(
            std::fs::read_to_string(ws.0.join("samples/p1-sum/sample.out")).unwrap(),
            "42\n"
        );
        // A second time it refuses, and changes nothing.
        let before = snapshot(&ws.0);
        let err = scaffold(&ws.0, &unbuilt("p1-sum")).unwrap_err();
        assert!(err.to_string().contains("is taken"), "{}", err);
        assert_eq!(snapshot(&ws.0), before);
    }

    #[test]
    fn samples_on_another_file_system_are_copied_in() {
        let ws = mini_workspace();
        // samples/ mounted from elsewhere: a rename from the stage fails with EXDEV.
        let Some(_disk) = crate::process::TinyDisk::mount_at(&ws.0.join("samples"), "1m") else {
            return;
        };
        scaffold(&ws.0, &unbuilt("p1-sum")).unwrap();
        assert_eq!(
            std::fs::read_to_string(ws.0.join("samples/p1-sum/sample.out")).unwrap(),
            "42\n"
        );
        assert!(ws.0.join("crates/p1-sum/src/oracle.rs").is_file());
        assert!(!ws.0.join(STAGING).read_dir().unwrap().any(|_| true));
    }

    #[test]
    fn refusals_and_failed_writes_leave_everything_as_it_was() {
        let ws = mini_workspace();
        let before = snapshot(&ws.0);
        for name in ["itertools", "build", "Bad"] {
            assert!(scaffold(&ws.0, &unbuilt(name)).is_err());
            assert_eq!(snapshot(&ws.0), before, "{}", name);
        }
        // A write that fails half way: `samples` is a file, so samples/<name>/ cannot be made
        // after crates/<name>/ was written. Everything is taken back.
        std::fs::write(ws.0.join("samples"), "not a folder").unwrap();
        let before = snapshot(&ws.0);
        let err = scaffold(&ws.0, &unbuilt("p2-sum")).unwrap_err();
        assert!(
            format!("{:#}", err).contains("nothing was left behind"),
            "{:#}",
            err
        );
        assert_eq!(snapshot(&ws.0), before);
        assert!(!ws.0.join("crates/p2-sum").exists());
    }

    #[test]
    fn what_is_left_to_fill_is_listed_until_filled() {
        let ws = mini_workspace();
        scaffold(&ws.0, &unbuilt("p10-sum")).unwrap();
        let left = left_to_fill(&ws.0, "p10-sum");
        assert_eq!(left.len(), 3, "{:?}", left);
        assert!(
            left[0].contains("Cargo.toml: the description"),
            "{:?}",
            left
        );
        assert!(left[1].contains("src/lib.rs"), "{:?}", left);
        assert!(left[2].contains("src/oracle.rs"), "{:?}", left);
        // A statement's name fills the description; a solver written is no longer listed.
        let named = Spec {
            description: "Luogu: P1 Sum (https://www.luogu.com.cn/problem/P1)".to_string(),
            statement: Some((
                "P1 Sum".to_string(),
                "https://www.luogu.com.cn/problem/P1".to_string(),
            )),
            samples: Vec::new(),
            ..unbuilt("p11-sum")
        };
        scaffold(&ws.0, &named).unwrap();
        let lib = ws.0.join("crates/p11-sum/src/lib.rs");
        std::fs::write(&lib, "//! p11: the sum.\n").unwrap();
        let left = left_to_fill(&ws.0, "p11-sum");
        assert_eq!(left.len(), 2, "{:?}", left);
        assert!(left[0].contains("src/oracle.rs"), "{:?}", left);
        assert!(left[1].contains("no samples"), "{:?}", left);
        let manifest = std::fs::read_to_string(ws.0.join("crates/p11-sum/Cargo.toml")).unwrap();
        assert!(
            manifest
                .contains("description = \"Luogu: P1 Sum (https://www.luogu.com.cn/problem/P1)\""),
            "{}",
            manifest
        );
        assert!(manifest.contains("[package.metadata.problem]\nname = \"P1 Sum\"\nurl = "));
        // The manifest is valid TOML that `judge` reads.
        crate::judge::limits_from_manifest(&manifest).unwrap();
    }

    /// A stage as a scaffold killed at some step leaves it: its process gone.
    fn dead_stage(ws: &Path, name: &str, files: &[&str], dirs: &[&str]) -> PathBuf {
        let stage = ws.join(STAGING).join(format!("{}-{}", name, u32::MAX));
        std::fs::create_dir_all(&stage).unwrap();
        for file in files {
            std::fs::write(stage.join(file), "").unwrap();
        }
        for dir in dirs {
            std::fs::create_dir_all(stage.join(dir)).unwrap();
        }
        stage
    }

    #[test]
    fn a_kill_after_the_samples_moved_in_is_taken_back_by_the_next_run() {
        let ws = mini_workspace();
        let before = snapshot(&ws.0);
        std::fs::create_dir_all(ws.0.join("samples/p5-sum")).unwrap();
        std::fs::write(ws.0.join("samples/p5-sum/sample.in"), "1\n").unwrap();
        let stage = dead_stage(&ws.0, "p5-sum", &["moving-samples"], &["crate"]);
        recover(&ws.0).unwrap();
        assert!(!stage.exists());
        assert!(!ws.0.join("samples/p5-sum").exists());
        std::fs::remove_dir_all(ws.0.join(STAGING)).unwrap();
        assert_eq!(snapshot(&ws.0), before);
        // Samples of the same name that the stage never moved are left alone.
        std::fs::create_dir_all(ws.0.join("samples/p6-sum")).unwrap();
        dead_stage(&ws.0, "p6-sum", &[], &["crate", "samples"]);
        recover(&ws.0).unwrap();
        assert!(ws.0.join("samples/p6-sum").is_dir());
    }

    #[test]
    fn a_kill_after_the_crate_moved_in_leaves_it_whole() {
        let ws = mini_workspace();
        // The whole crate, as a scaffold killed before its build leaves it.
        scaffold(&ws.0, &unbuilt("p7-sum")).unwrap();
        let whole = snapshot(&ws.0);
        dead_stage(&ws.0, "p7-sum", &["moving-samples", "moving-crate"], &[]);
        recover(&ws.0).unwrap();
        assert_eq!(std::fs::read_dir(ws.0.join(STAGING)).unwrap().count(), 0);
        std::fs::remove_dir_all(ws.0.join(STAGING)).unwrap();
        assert_eq!(snapshot(&ws.0), whole);
    }

    #[test]
    fn limits_out_of_range_are_refused() {
        let ws = mini_workspace();
        for (ms, mib) in [
            (0, 256),
            (600_001, 256),
            (1000, 0),
            (1000, 1 << 21),
            (u64::MAX, 256),
        ] {
            let spec = Spec {
                time_limit_ms: ms,
                memory_limit_mib: mib,
                ..unbuilt("p8-sum")
            };
            let err = scaffold(&ws.0, &spec).unwrap_err().to_string();
            assert!(err.contains("outside"), "{}", err);
        }
        assert!(!ws.0.join("crates/p8-sum").exists());
    }
}
