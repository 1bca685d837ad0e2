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

use crate::flags::New;
use context_error::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use workspace_layout as workspace;

mod names;
mod templates;

pub use names::{check_name, ident, oracle_type};
use templates::*;

/// The ranges of the limits that `new` and `listen` accept.
pub use workspace_layout::{MEMORY_LIMIT_MIB, TIME_LIMIT_MS};

pub fn run(flags: New) -> Result<()> {
    let New {
        name,
        time_limit_ms,
        memory_limit_mib,
        no_build,
    } = flags;
    let name = &name;
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

#[cfg(test)]
mod tests;
