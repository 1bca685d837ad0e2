//! The bundler (`cargo xtask bundle`): turn a binary crate and the libraries it uses (workspace crates and
//! std-only crates.io crates) into one source file a judge accepts, at
//! `target/bundle/<crate>.rs`, and prove it compiles and passes the samples before it replaces
//! the previous one. The stages, in order (`assemble` runs them up to `print`): `plan` and
//! `load` (with `include`, `cfg_if` and `cfg` on each file read), `rewrite`, `index`, `prune`
//! (name lookup in `prune::lookup`, what is kept in `prune::reach`), `print`, `verify`. Every
//! stage reports a place through `located` (`file:line: reason`).

mod assemble;
mod build_script;
mod cfg;
mod cfg_if;
pub mod cli;
mod compete_yaml;
pub mod compile_cache;
mod confine;
mod digest;
#[cfg(test)]
mod ecosystem;
mod edition;
mod include;
mod index;
mod load;
mod located;
mod macro_use;
mod plan;
mod print;
mod prune;
mod ref_bindings;
mod rewrite;
mod source_text;
mod targets;
mod testcases;
mod verify;
pub mod workspace;

use assemble::assemble_in;
#[cfg(test)]
use assemble::assemble_layouts;
pub use assemble::{assemble, Assembled};
use context_error::{bail, Context, Result};
pub use plan::BinTarget;
use plan::Workspace;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::OnceLock;
pub use verify::{Case, Compiler};
// The scratch folder and the atomic write are shared with the workbench.
use workspace_layout::write_atomically;
pub use workspace_layout::TempDir;

/// Debian's rustc 1.63, as old as the judges' compilers (CI installs it with apt-get).
pub(crate) const OLD_RUSTC: &str = "/usr/bin/rustc";

/// Bundles should stay below this size, well under the judges' caps on a source file.
const SIZE_TARGET: usize = 16 * 1024;

/// Judges' caps on a submitted source file, as their rules state them.
const JUDGE_CAPS: &[(&str, usize)] = &[("Codeforces", 64 * 1024), ("AtCoder", 512 * 1024)];

/// The command the user runs, for usage lines and bundle headers.
static COMMAND: OnceLock<&'static str> = OnceLock::new();

/// Names the command the bundler is run as (`cargo gamedp-bundle`); `cargo xtask bundle`
/// unless said. Only the first call counts.
pub fn invoked_as(command: &'static str) {
    COMMAND.get_or_init(|| command);
}

fn command() -> &'static str {
    COMMAND.get().copied().unwrap_or("cargo xtask bundle")
}

/// The fixture workspace of `--fixtures`, relative to xtask's folder.
const FIXTURES: &str = "testdata/fixture";

/// How bundles are made and checked.
pub struct Options {
    pub compilers: Vec<Compiler>,
    /// Report a missing compiler instead of failing on it.
    pub skip_missing: bool,
    /// Crates the judge installs: left as `use`s of an external crate.
    pub provided: Vec<String>,
    /// Lay out the libraries (the binary's own `lib.rs` too) like `main.rs` instead of compactly.
    pub pretty: bool,
    /// `compilers` named by the command line (`--rustc`, `--edition`): the judge metadata's
    /// `compilers` lists do not replace them.
    pub explicit_compilers: bool,
    /// Files and folders outside a crate's package that `include_str!`, `include_bytes!`,
    /// `include!` and `#[path]` may still take into a bundle (`--allow-include`).
    pub allow_include: Vec<PathBuf>,
}

/// A compiler of a `compilers` list: `RUSTC EDITION`, RUSTC a command or a path.
fn parse_compiler(spec: &str) -> Result<(String, String)> {
    let parts: Vec<&str> = spec.split_whitespace().collect();
    match parts.as_slice() {
        [rustc, edition] if ["2015", "2018", "2021", "2024"].contains(edition) => {
            Ok((rustc.to_string(), edition.to_string()))
        }
        _ => bail!(
            "compiler {:?} of `compilers` is not `RUSTC EDITION` (e.g. \"/usr/bin/rustc 2021\")",
            spec
        ),
    }
}

impl Options {
    /// The compilers judges run: the current `rustc` on editions 2021 and 2024, and Debian's
    /// rustc 1.63 (the oldest judges use) on 2021, unless a crate's `compilers` (in
    /// `[package.metadata.judge]`, else `[workspace.metadata.judge]`) names others. `--rustc`
    /// and/or `--edition` name one compiler instead (the current `rustc` and edition 2021 where
    /// not given) for every crate. Warnings are shown, not fatal (see `deny_warnings`).
    pub fn from_flags(rustc: Option<String>, edition: Option<String>) -> Options {
        let compiler = |rustc: &str, edition: &str| Compiler {
            rustc: PathBuf::from(rustc),
            edition: edition.to_string(),
            deny_warnings: false,
            externs: Vec::new(),
        };
        let compilers = if rustc.is_none() && edition.is_none() {
            vec![
                compiler("rustc", "2021"),
                compiler("rustc", "2024"),
                compiler(OLD_RUSTC, "2021"),
            ]
        } else {
            vec![compiler(
                rustc.as_deref().unwrap_or("rustc"),
                edition.as_deref().unwrap_or("2021"),
            )]
        };
        Options {
            compilers,
            skip_missing: false,
            provided: Vec::new(),
            pretty: false,
            explicit_compilers: rustc.is_some() || edition.is_some(),
            allow_include: Vec::new(),
        }
    }

    /// The compilers for a crate whose judge metadata lists `listed` (`RUSTC EDITION` each).
    fn compilers_for(&self, listed: Option<&[String]>) -> Result<Vec<Compiler>> {
        let Some(listed) = listed.filter(|_| !self.explicit_compilers) else {
            return Ok(self.compilers.clone());
        };
        if listed.is_empty() {
            bail!(
                "`compilers` of [package.metadata.judge] (or [workspace.metadata.judge]) is empty"
            );
        }
        let deny_warnings = self.compilers.iter().any(|c| c.deny_warnings);
        listed
            .iter()
            .map(|spec| {
                let (rustc, edition) = parse_compiler(spec)?;
                Ok(Compiler {
                    rustc: PathBuf::from(rustc),
                    edition,
                    deny_warnings,
                    externs: Vec::new(),
                })
            })
            .collect()
    }

    /// `--deny-warnings`: every warning fails the bundle.
    pub fn deny_warnings(&mut self) {
        for c in &mut self.compilers {
            c.deny_warnings = true;
        }
    }
}

/// Inputs beyond the samples, each with the answer the crate's own solver gave it in cargo's
/// build (a sample's `.out`: the output, or the `error:` line of a refusal): the bundle must
/// answer each as the solver did. The bundler makes none; the workbench generates them with a
/// crate's oracle program, which answers them in its own process.
pub struct Generated {
    /// Each input with its answer file, in the order they are run.
    pub cases: Vec<verify::Case>,
    /// What holds the files, removed with this.
    pub dir: Option<TempDir>,
}

/// The generated inputs of one crate, which may still be in the making: called when the bundle
/// needs them (after its compilers and samples), it waits for them.
pub type Later<'a> = dyn Fn() -> Result<Option<&'a Generated>> + Sync + 'a;

/// What one bundle run produced, for the summary line.
#[derive(Debug)]
pub struct Summary {
    pub name: String,
    pub path: PathBuf,
    pub bytes: usize,
    /// Laid out with `--pretty` (larger than the default).
    pub pretty: bool,
    /// For each bundled library: its name, items kept and items available.
    pub items: Vec<(String, usize, usize)>,
    pub samples: usize,
    /// Where samples were looked for (for a bundle that found none).
    pub samples_looked: Vec<String>,
    /// Generated inputs answered as the crate's solver answers them.
    pub generated: usize,
    /// `rustc 1.63.0 (2021)` for each compiler that passed.
    pub checked: Vec<String>,
    /// The missing compilers skipped under `--skip-missing`.
    pub skipped: Vec<String>,
    /// Why the bundle is proven on one edition only.
    pub edition_note: Option<String>,
    /// Compilers that reject a library's code (newer ones accept it), and what to do.
    pub refused: Vec<String>,
    /// The compilers' warnings, each once.
    pub warnings: String,
    /// Crates left to the judge.
    pub provided: Vec<String>,
    /// Compilers not run, and why.
    pub not_run: Vec<String>,
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} bytes", self.name, self.bytes)?;
        if self.bytes > SIZE_TARGET {
            write!(f, " ({})", size_warning(self.bytes, self.pretty))?;
        }
        for (library, kept, available) in &self.items {
            write!(f, ", {} items {}/{}", library, kept, available)?;
        }
        if !self.provided.is_empty() {
            write!(f, ", provided by the judge: {}", self.provided.join(", "))?;
        }
        let generated = match self.generated {
            0 => String::new(),
            n => format!(
                "{} generated input{} answered as the solver does, ",
                n,
                if n == 1 { "" } else { "s" }
            ),
        };
        if self.samples == 0 {
            write!(
                f,
                ", NO SAMPLES RUN (none in {}), {}compiled on {}",
                self.samples_looked.join(", "),
                generated,
                self.checked.join(", ")
            )?;
        } else {
            write!(
                f,
                ", {} sample{} passed, {}on {}",
                self.samples,
                if self.samples == 1 { "" } else { "s" },
                generated,
                self.checked.join(", "),
            )?;
        }
        write!(f, " -> {}", self.path.display())?;
        if let Some(note) = &self.edition_note {
            write!(f, "; {}", note)?;
        }
        for note in &self.refused {
            write!(f, "; {}", note)?;
        }
        if !self.skipped.is_empty() {
            write!(f, " (not checked: {} is missing)", self.skipped.join(", "))?;
        }
        for note in &self.not_run {
            write!(f, "; {}", note)?;
        }
        Ok(())
    }
}

/// What a bundle over [`SIZE_TARGET`] is told: a warning (it is written), the judges' caps,
/// which one it is over, and how to make it smaller.
fn size_warning(bytes: usize, pretty: bool) -> String {
    let caps: Vec<String> = JUDGE_CAPS
        .iter()
        .map(|(judge, cap)| format!("{} {} KiB", judge, cap / 1024))
        .collect();
    let over: Vec<&str> = JUDGE_CAPS
        .iter()
        .filter(|(_, cap)| bytes > *cap)
        .map(|(judge, _)| *judge)
        .collect();
    let mut text = format!(
        "over the {} KiB target: a warning, the bundle is written; judges cap a source file (e.g. {})",
        SIZE_TARGET / 1024,
        caps.join(", ")
    );
    if !over.is_empty() {
        text.push_str(&format!(", and this is over {}'s", over.join(" and ")));
    }
    text.push_str(if pretty {
        "; without --pretty the libraries are laid out compactly"
    } else {
        "; it shrinks with fewer library items used"
    });
    text
}

/// What `--help` prints, under the command the bundler is run as.
pub fn usage() -> String {
    cli::help(command())
}

pub fn run(args: Vec<String>) -> Result<()> {
    run_with(args, &|_, _, _| Ok(()))
}

/// Hands over the generated inputs of crate `k` of the list given to [`Prepare`] (`None`:
/// samples only, or an error: why they could not be made) as soon as they are made; a crate
/// delivered twice keeps the first.
pub type Deliver<'a> = dyn Fn(usize, Result<Option<Generated>>) + Sync + 'a;

/// Makes the generated inputs of each crate, given the workspace root and the crates' names,
/// delivering each crate's as they are ready. A crate it returns without delivering gets the
/// returned error, or none when it returned `Ok`.
pub type Prepare<'a> = dyn Fn(&Path, &[String], &Deliver) -> Result<()> + Sync + 'a;

/// `run`, with `prepare` asked once for the generated inputs of every crate to bundle, in the
/// order given (it may build them all at once). It runs on a thread of its own while the
/// bundles are assembled, compiled and run on their samples; each bundle waits for its own
/// inputs only then, so the first crates' inputs are run while the last ones' are being made.
pub fn run_with(args: Vec<String>, prepare: &Prepare) -> Result<()> {
    run_flags(cli::Bundle::parse(args, command())?, prepare)
}

/// [`run_with`] on arguments already parsed.
pub fn run_flags(flags: cli::Bundle, prepare: &Prepare) -> Result<()> {
    let cli::Bundle {
        crates: names,
        bin: bins,
        package,
        all,
        fixtures,
        workspace: other_workspace,
        provided,
        deny_warnings,
        pretty,
        rustc,
        edition,
        skip_missing,
        allow_include,
        ..
    } = flags;
    let mut options = Options::from_flags(rustc, edition);
    options.skip_missing = skip_missing;
    options.provided = provided;
    options.pretty = pretty;
    options.allow_include = allow_include
        .iter()
        .map(|p| {
            Path::new(p)
                .canonicalize()
                .with_context(|| format!("--allow-include {}", p))
        })
        .collect::<Result<_>>()?;
    if deny_warnings {
        options.deny_warnings();
    }
    let root = match (fixtures, other_workspace) {
        (true, _) => Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURES),
        (false, Some(dir)) => PathBuf::from(dir),
        (false, None) => workspace::root(),
    };
    let ws = Workspace::read(&root)?;
    let selected = names.is_empty() && bins.is_empty() && package.is_none();
    let targets = if all || (fixtures && selected) {
        if !selected {
            bail!("give crate names (or --bin) or --all, not both");
        }
        let (pending, solved): (Vec<BinTarget>, Vec<BinTarget>) =
            ws.binaries().into_iter().partition(|t| ws.unsolved(t));
        for target in &pending {
            eprintln!(
                "{}: pending (solved = false in [package.metadata.judge]), not bundled by --all",
                target.id
            );
        }
        if solved.is_empty() && !pending.is_empty() {
            return Ok(());
        }
        solved
    } else {
        if package.is_some() && !names.is_empty() {
            bail!("--package names the package: give it or crate names, not both");
        }
        ws.select(&names, &bins, package.as_deref())?
    };
    if targets.is_empty() {
        bail!(
            "usage: {} <crate>... | --bin NAME... | --all (see --help)",
            command()
        );
    }
    if fixtures {
        check_with_cargo(&ws, &targets)?;
    }
    // The generated inputs are made (for the workbench: the oracle programs built by cargo, then
    // run) while the bundles are assembled, compiled and run on their samples, which need none:
    // both keep the cores busy, and neither waits for the other until a bundle's generated
    // inputs are due. Only a package's src/main.rs has them (from the package's oracle program).
    let prepared: Vec<OnceLock<std::result::Result<Option<Generated>, String>>> =
        targets.iter().map(|_| OnceLock::new()).collect();
    let with_inputs: Vec<usize> = (0..targets.len()).filter(|&k| targets[k].main).collect();
    let prepared_names: Vec<String> = with_inputs
        .iter()
        .map(|&k| targets[k].package.clone())
        .collect();
    for (k, slot) in prepared.iter().enumerate() {
        if !targets[k].main {
            slot.set(Ok(None)).ok();
        }
    }
    let names: Vec<String> = targets.iter().map(|t| t.id.clone()).collect();
    let results: Vec<Result<Summary>> = std::thread::scope(|scope| {
        let (root, prepared) = (&ws.root, &prepared);
        let (with_inputs, prepared_names) = (&with_inputs, &prepared_names);
        scope.spawn(move || {
            let deliver = |i: usize, made: Result<Option<Generated>>| {
                if let Some(slot) = with_inputs.get(i).and_then(|&k| prepared.get(k)) {
                    slot.set(made.map_err(|e| format!("{:#}", e))).ok();
                }
            };
            let made = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                prepare(root, prepared_names, &deliver)
            }));
            // Whatever was not delivered is settled, so that no bundle waits for ever.
            let rest = match made {
                Ok(Ok(())) => Ok(()),
                Ok(Err(err)) => Err(format!("{:#}", err)),
                Err(_) => Err("making the generated inputs panicked".to_string()),
            };
            for slot in prepared {
                slot.set(rest.clone().map(|()| None)).ok();
            }
            if let Err(err) = rest {
                eprintln!("error: making the generated inputs: {}", err);
            }
        });
        let handles: Vec<_> = targets
            .iter()
            .enumerate()
            .map(|(k, target)| {
                let (ws, options) = (&ws, &options);
                // Pruning recurses through imports as deep as a library's glob cycles go.
                std::thread::Builder::new()
                    .stack_size(256 << 20)
                    .spawn_scoped(scope, move || {
                        let generated = move || match prepared[k].wait() {
                            Ok(made) => Ok(made.as_ref()),
                            Err(err) => bail!("its generated inputs were not made: {}", err),
                        };
                        bundle_later(ws, target, options, &generated)
                    })
                    .expect("a bundling thread starts")
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| bail!("bundling panicked")))
            .collect()
    });
    let mut failed = Vec::new();
    for (name, result) in names.iter().zip(results) {
        match result {
            Ok(summary) => {
                if !summary.warnings.is_empty() {
                    eprint!("{}", summary.warnings);
                }
                if summary.samples == 0 {
                    eprintln!(
                        "warning: {}: no samples (none in {}), so the bundle was compiled but never run",
                        name,
                        summary.samples_looked.join(", ")
                    );
                }
                println!("{}", summary);
            }
            Err(err) => {
                eprintln!("error: {}: {:#}", name, err);
                failed.push(name.as_str());
            }
        }
    }
    if !failed.is_empty() {
        bail!(
            "{} of {} bundles failed: {}",
            failed.len(),
            names.len(),
            failed.join(", ")
        );
    }
    Ok(())
}

/// `--fixtures`: what `cargo run --release -p <crate> --bin <bin>` answers on each sample
/// must be the expected output, which the bundles are then checked against. One build per
/// binary: cargo unifies features only among the packages one command builds.
fn check_with_cargo(ws: &Workspace, targets: &[BinTarget]) -> Result<()> {
    let root = ws.root.as_path();
    let scratch = TempDir::new("cargo-run")?;
    for target in targets {
        let status = std::process::Command::new(std::env::var("CARGO").unwrap_or("cargo".into()))
            .args(["build", "--release", "--quiet", "-p"])
            .arg(ws.package_spec(&target.package))
            .args(["--bin", &target.bin, "--manifest-path"])
            .arg(root.join("Cargo.toml"))
            .stderr(Stdio::null())
            .status()
            .context("running cargo build")?;
        if !status.success() {
            bail!(
                "cargo build --release -p {} --bin {} failed",
                target.package,
                target.bin
            );
        }
        let binary = root.join("target/release").join(&target.bin);
        let samples = testcases::find(root, target)?;
        verify::run_samples(&binary, &samples.cases, scratch.path())
            .with_context(|| format!("{}: cargo run --release", target.id))?;
    }
    Ok(())
}

/// Bundles binary crate `name` (a package with one binary, or a binary) of the workspace at
/// `root` into `target/bundle/<name>.rs`, compiled and run on the samples with every compiler
/// of `options` first. On failure the previous bundle stays; the rejected text goes to
/// `<name>.rs.failed` for inspection.
pub fn bundle_crate(root: &Path, name: &str, options: &Options) -> Result<Summary> {
    let ws = Workspace::read(root)?;
    let target = ws.target(name)?;
    bundle_in(&ws, &target, options, None)
}

/// `bundle_crate`, also checked on `generated` inputs, which it must answer as the crate's
/// solver did.
pub fn bundle_crate_with(
    root: &Path,
    name: &str,
    options: &Options,
    generated: Option<&Generated>,
) -> Result<Summary> {
    let ws = Workspace::read(root)?;
    let target = ws.target(name)?;
    bundle_in(&ws, &target, options, generated)
}

fn bundle_in(
    ws: &Workspace,
    target: &BinTarget,
    options: &Options,
    generated: Option<&Generated>,
) -> Result<Summary> {
    bundle_later(ws, target, options, &|| Ok(generated))
}

/// [`bundle_in`] with the generated inputs asked for only when they are due.
fn bundle_later<'g>(
    ws: &Workspace,
    bin: &BinTarget,
    options: &Options,
    generated: &Later<'g>,
) -> Result<Summary> {
    let root = ws.root.as_path();
    let name = bin.id.as_str();
    let assembled = assemble_in(ws, bin, options, options.pretty)?;
    let target = workspace::bundle_path(root, name);
    let dir = target.parent().expect("bundle path has a folder");
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let failed_copy = target.with_extension("rs.failed");
    let samples = testcases::find(root, bin)?;
    let cases = &samples.cases;
    let shown_failed = failed_copy.strip_prefix(root).unwrap_or(&failed_copy);
    let subject = verify::Subject {
        name: bin.file_stem(),
        text: &assembled.text,
        cases,
        edition: &assembled.edition,
        map: &assembled.map,
        root,
        failed_copy: shown_failed,
        dropped: &assembled.dropped,
        libraries: &assembled.libraries,
        compilers_setting: "[package.metadata.judge] (or [workspace.metadata.judge])",
        files: &ws.judge_files(name),
    };
    let mut not_run = Vec::new();
    let wanted = options.compilers_for(assembled.compilers.as_deref())?;
    let compilers = if assembled.external.is_empty() {
        wanted
    } else {
        // A provided crate is linked from cargo's build, which only the current rustc reads.
        let mut current: Vec<Compiler> = wanted
            .iter()
            .filter(|c| c.rustc == Path::new("rustc"))
            .cloned()
            .collect();
        let externs = cargo_externs(ws, bin)?;
        for c in &mut current {
            c.externs = externs.clone();
        }
        for c in wanted.iter().filter(|c| c.rustc != Path::new("rustc")) {
            not_run.push(format!(
                "not checked on {}: the provided crates are linked from cargo's build, which only the current rustc reads",
                c.rustc.display()
            ));
        }
        current
    };
    // A bundle proven before on the same text, compilers, samples and generated inputs is not
    // compiled again: the proof would be the same (a warm `--all` after a change of one crate
    // proves that one). Only then are the generated inputs awaited before the compilers run.
    let proof_file = root.join("target/bundle/.proofs").join(name);
    let unchanged = std::fs::read_to_string(&target).ok().as_deref() == Some(&assembled.text);
    let remembered = if unchanged && proof_file.is_file() {
        let key = proof_key(&assembled.text, &compilers, cases, generated()?)?;
        read_proof(&proof_file, key)
    } else {
        None
    };
    let proof = match remembered {
        Some(proof) => Ok(proof),
        None => {
            let proof = verify::verify(&subject, &compilers, options.skip_missing, generated);
            // Inputs that were never made fail every crate alike, whatever the bundle's text.
            let made = generated()?;
            proof.and_then(|proof| {
                write_proof(
                    &proof_file,
                    proof_key(&assembled.text, &compilers, cases, made)?,
                    &proof,
                );
                Ok(proof)
            })
        }
    };
    let proof = match proof {
        Ok(proof) => proof,
        Err(err) => {
            write_atomically(&failed_copy, &assembled.text).ok();
            return Err(err.context(format!(
                "the bundle was not written; its text is in {}",
                shown_failed.display()
            )));
        }
    };
    write_atomically(&target, &assembled.text)?;
    std::fs::remove_file(&failed_copy).ok();
    Ok(Summary {
        name: name.to_string(),
        path: target.strip_prefix(root).unwrap_or(&target).to_path_buf(),
        bytes: assembled.text.len(),
        pretty: options.pretty,
        items: assembled.items,
        samples: cases.len(),
        samples_looked: samples.looked.clone(),
        generated: generated()?.map_or(0, |g| g.cases.len()),
        checked: proof.passed,
        skipped: proof.skipped,
        edition_note: proof.edition_note,
        refused: proof.refused,
        warnings: proof.warnings,
        provided: assembled.external.into_iter().collect(),
        not_run,
    })
}

/// What a bundle's proof depends on: its text, each compiler (its `--version`, edition and
/// flags), each sample, and each generated input with its answer, hashed (FNV-1a,
/// stable across runs and builds of xtask).
fn proof_key(
    text: &str,
    compilers: &[Compiler],
    cases: &[verify::Case],
    generated: Option<&Generated>,
) -> Result<u64> {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut add = |bytes: &[u8]| {
        for &b in bytes.iter().chain(&[0xff]) {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    };
    add(text.as_bytes());
    for c in compilers {
        add(format!("{:?} {:?}", c, c.version()).as_bytes());
    }
    for case in cases {
        add(case.0.as_bytes());
        add(&std::fs::read(&case.1)?);
        add(&std::fs::read(&case.2)?);
    }
    if let Some(g) = generated {
        for case in &g.cases {
            add(&std::fs::read(&case.1)?);
            add(&std::fs::read(&case.2)?);
        }
    }
    Ok(hash)
}

/// The remembered proof of `key`, if `file` holds it.
fn read_proof(file: &Path, key: u64) -> Option<verify::Proof> {
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
    if json["key"].as_str()? != format!("{:016x}", key) {
        return None;
    }
    // Edited by hand with its key kept ("proven on rustc 0.0.1-forged"): not believed.
    let seal = json.as_object_mut()?.remove("seal")?;
    if seal.as_str()? != proof_seal(&json) {
        return None;
    }
    let list = |field: &str| -> Option<Vec<String>> {
        json[field]
            .as_array()?
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect()
    };
    Some(verify::Proof {
        passed: list("passed")?,
        skipped: list("skipped")?,
        edition_note: json["edition_note"].as_str().map(str::to_string),
        refused: list("refused")?,
        warnings: json["warnings"].as_str()?.to_string(),
    })
}

/// The seal of a proof record (every field but the seal, in serde_json's sorted order).
fn proof_seal(record: &serde_json::Value) -> String {
    digest::hex(digest::seal(&[record.to_string().as_bytes()]))
}

/// Remembers a proof; a failure to write only costs the next run a new proof.
fn write_proof(file: &Path, key: u64, proof: &verify::Proof) {
    let mut json = serde_json::json!({
        "key": format!("{:016x}", key),
        "passed": proof.passed,
        "skipped": proof.skipped,
        "edition_note": proof.edition_note,
        "refused": proof.refused,
        "warnings": proof.warnings,
    });
    json["seal"] = proof_seal(&json).into();
    if let Some(dir) = file.parent() {
        std::fs::create_dir_all(dir).ok();
    }
    write_atomically(file, &json.to_string()).ok();
}

/// `--extern name=path` for each dependency of `name` (its proc-macro crates too), from a
/// `cargo build --release` of it: how a bundle that leaves crates to the judge is checked.
fn cargo_externs(ws: &Workspace, target: &BinTarget) -> Result<Vec<(String, PathBuf)>> {
    // The package id, not the name: a dependency may have the package's name (a solution
    // named after the library it tries), and `-p name` is then ambiguous to cargo.
    let out = std::process::Command::new(std::env::var("CARGO").unwrap_or("cargo".into()))
        .args(["build", "--release", "--message-format=json", "-p"])
        .arg(ws.package_spec(&target.package))
        .args(["--bin", &target.bin, "--manifest-path"])
        .arg(ws.root.join("Cargo.toml"))
        .output()
        .context("running cargo build")?;
    if !out.status.success() {
        bail!(
            "cargo build --release -p {} --bin {} failed:\n{}",
            target.package,
            target.bin,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut externs = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if msg["reason"] != "compiler-artifact" {
            continue;
        }
        let kinds = msg["target"]["kind"].as_array();
        let lib = kinds.is_some_and(|k| k.iter().any(|k| k == "lib" || k == "rlib"));
        // A proc-macro crate is a shared library the compiler loads.
        let proc_macro = kinds.is_some_and(|k| k.iter().any(|k| k == "proc-macro"));
        if !lib && !proc_macro {
            continue;
        }
        let crate_name = msg["target"]["name"]
            .as_str()
            .unwrap_or_default()
            .replace('-', "_");
        for file in msg["filenames"].as_array().into_iter().flatten() {
            let wanted = |f: &&str| {
                f.ends_with(".rlib")
                    || (proc_macro && [".so", ".dylib", ".dll"].iter().any(|e| f.ends_with(e)))
            };
            if let Some(f) = file.as_str().filter(wanted) {
                externs.push((crate_name.clone(), PathBuf::from(f)));
            }
        }
    }
    Ok(externs)
}

#[cfg(test)]
mod tests;
