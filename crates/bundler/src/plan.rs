//! Stage 1, load, its first half: what a binary is built from, as cargo says (`cargo
//! metadata`, read with the `cargo_metadata` crate: packages, editions, library names,
//! dependency sources), with features resolved as `cargo build -p <crate>` does and each
//! dependency a judge cannot build refused with its name and the reason (a proc-macro crate, a
//! native `links`, a build script that does more than probe the compiler).

use super::load::NATIVE_CODE;
use super::located::shown;
use cargo_metadata::{DependencyKind, Metadata, TargetKind};
use context_error::{bail, err, Context, Result};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::Item;

/// One target of a package (its library or a binary).
#[derive(Clone, Debug)]
pub(crate) struct Target {
    pub(crate) name: String,
    pub(crate) src_path: PathBuf,
    edition: String,
    /// `required-features` of a `[[bin]]`: without them cargo does not build it.
    pub(crate) required_features: Vec<String>,
}

/// A dependency as a manifest declares it.
#[derive(Clone, Debug)]
struct Declared {
    package: String,
    rename: Option<String>,
    optional: bool,
    features: Vec<String>,
    default_features: bool,
}

/// A package as `cargo metadata` describes it.
#[derive(Clone, Debug)]
pub(crate) struct Package {
    pub(crate) id: String,
    pub(crate) name: String,
    version: String,
    pub(crate) manifest_path: PathBuf,
    lib: Option<Target>,
    pub(crate) bins: Vec<Target>,
    /// `[package.metadata.judge] bundle = false`: its binaries are tools, never bundled by
    /// `--all`.
    pub(crate) not_bundled: bool,
    /// `[package.metadata.judge] solved = false`: a scaffold not solved yet, which `--all`
    /// passes over (its placeholder fails its statement's samples).
    pub(crate) unsolved: bool,
    proc_macro: bool,
    build_script: bool,
    links: Option<String>,
    features: BTreeMap<String, Vec<String>>,
    declared: Vec<Declared>,
    /// `[package.metadata.judge] provided = [...]`.
    provided: Vec<String>,
    /// `[package.metadata.judge] compilers = [...]`.
    compilers: Option<Vec<String>>,
    /// `[package.metadata.judge] input-file`, `output-file`.
    judge_files: crate::verify::JudgeFiles,
    /// Where cargo gets it: `registry+...`, `git+<url>#<commit>`; `None` for a path.
    source: Option<String>,
    /// `rust-version` of its manifest.
    rust_version: Option<String>,
    /// Resolved normal dependencies: (package name, package id).
    resolved: Vec<(String, String)>,
}

/// The workspace as cargo reads it.
pub struct Workspace {
    pub root: PathBuf,
    pub(crate) packages: BTreeMap<String, Package>,
    pub(crate) members: Vec<String>,
    /// `[workspace.metadata.judge] compilers = [...]`.
    compilers: Option<Vec<String>>,
}

/// A `compilers` list of the judge metadata, when given.
fn compiler_list(value: &Value) -> Option<Vec<String>> {
    value.as_array().map(|_| strings(value))
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

impl Workspace {
    /// Runs `cargo metadata` on the workspace at `root` (cargo downloads what it lacks).
    pub fn read(root: &Path) -> Result<Workspace> {
        let out = std::process::Command::new(std::env::var("CARGO").unwrap_or("cargo".into()))
            .args(["metadata", "--format-version", "1", "--manifest-path"])
            .arg(root.join("Cargo.toml"))
            .output()
            .context("running cargo metadata")?;
        if !out.status.success() {
            bail!(
                "cargo metadata failed on {}:\n{}",
                root.join("Cargo.toml").display(),
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let metadata: Metadata =
            serde_json::from_slice(&out.stdout).context("reading cargo metadata's output")?;
        Ok(Workspace::from_metadata(root, metadata))
    }

    fn from_metadata(root: &Path, metadata: Metadata) -> Workspace {
        let mut resolved: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for node in metadata.resolve.iter().flat_map(|r| &r.nodes) {
            let deps = node
                .deps
                .iter()
                .filter(|d| d.dep_kinds.iter().any(|k| k.kind == DependencyKind::Normal))
                .map(|d| d.pkg.repr.clone())
                .collect();
            resolved.insert(node.id.repr.clone(), deps);
        }
        let names: BTreeMap<&str, &str> = metadata
            .packages
            .iter()
            .map(|p| (p.id.repr.as_str(), p.name.as_str()))
            .collect();
        let mut packages = BTreeMap::new();
        for p in &metadata.packages {
            let id = p.id.repr.clone();
            let mut lib = None;
            let mut bins = Vec::new();
            let (mut proc_macro, mut build_script) = (false, false);
            for t in &p.targets {
                let is = |kind: TargetKind| t.kind.contains(&kind);
                let target = Target {
                    name: t.name.clone(),
                    src_path: t.src_path.clone().into(),
                    edition: t.edition.as_str().to_string(),
                    required_features: t.required_features.clone(),
                };
                if is(TargetKind::ProcMacro) {
                    proc_macro = true;
                    lib = Some(target);
                } else if is(TargetKind::CustomBuild) {
                    build_script = true;
                } else if is(TargetKind::Bin) {
                    bins.push(target);
                } else if t.kind.iter().any(|k| k.to_string().ends_with("lib")) {
                    // lib, rlib, dylib, cdylib, staticlib
                    lib = Some(target);
                }
            }
            let declared = p
                .dependencies
                .iter()
                .filter(|d| d.kind == DependencyKind::Normal && d.target.is_none())
                .map(|d| Declared {
                    package: d.name.clone(),
                    rename: d.rename.clone(),
                    optional: d.optional,
                    features: d.features.clone(),
                    default_features: d.uses_default_features,
                })
                .collect();
            let resolved = resolved
                .get(&id)
                .into_iter()
                .flatten()
                .map(|dep| {
                    let name = names.get(dep.as_str()).copied().unwrap_or_default();
                    (name.to_string(), dep.clone())
                })
                .collect();
            let judge = &p.metadata["judge"];
            packages.insert(
                id.clone(),
                Package {
                    id,
                    name: p.name.to_string(),
                    version: p.version.to_string(),
                    manifest_path: p.manifest_path.clone().into(),
                    lib,
                    bins,
                    not_bundled: judge["bundle"] == Value::Bool(false),
                    unsolved: judge["solved"] == Value::Bool(false),
                    proc_macro,
                    build_script,
                    links: p.links.clone(),
                    features: p.features.clone(),
                    declared,
                    provided: strings(&judge["provided"]),
                    compilers: compiler_list(&judge["compilers"]),
                    judge_files: crate::verify::JudgeFiles {
                        input: judge["input-file"].as_str().map(str::to_string),
                        output: judge["output-file"].as_str().map(str::to_string),
                    },
                    source: p.source.as_ref().map(|s| s.repr.clone()),
                    rust_version: p.rust_version.as_ref().map(|v| v.to_string()),
                    resolved,
                },
            );
        }
        let members = metadata
            .workspace_members
            .iter()
            .map(|id| id.repr.clone())
            .collect();
        let root = if metadata.workspace_root.as_str().is_empty() {
            root.to_path_buf()
        } else {
            metadata.workspace_root.clone().into()
        };
        Workspace {
            root,
            packages,
            members,
            compilers: compiler_list(&metadata.workspace_metadata["judge"]["compilers"]),
        }
    }

    /// The files the judge of binary crate `name` names for its input and answer.
    pub fn judge_files(&self, name: &str) -> crate::verify::JudgeFiles {
        self.member(name)
            .map(|p| p.judge_files.clone())
            .unwrap_or_default()
    }

    pub(crate) fn member(&self, name: &str) -> Option<&Package> {
        self.members
            .iter()
            .filter_map(|id| self.packages.get(id))
            .find(|p| p.name == name)
    }

    /// The crates binary `target` is built from, with their features, as cargo would build it.
    pub fn plan(&self, target: &BinTarget, provided: &[String]) -> Result<Plan> {
        let package = self
            .member(&target.package)
            .ok_or_else(|| err!("{:?} is not a package of this workspace", target.package))?;
        let main = package
            .bins
            .iter()
            .find(|b| b.name == target.bin)
            .ok_or_else(|| {
                err!(
                    "{}: package {} has no binary {:?}",
                    shown(&self.root, &package.manifest_path).display(),
                    package.name,
                    target.bin
                )
            })?;
        // Cargo runs the crate's own build script before compiling it (its `env!`s and
        // `include!`s of OUT_DIR need it); a judge compiles the bundle alone.
        if package.build_script {
            bail!(
                "{}: crate `{}` ({} {}) cannot be bundled: it has a build script (build.rs), which a judge does not run; move what it makes into the source",
                shown(&self.root, &package.manifest_path).display(),
                target.bin,
                package.name,
                package.version
            );
        }
        let mut provided: BTreeSet<String> = provided.iter().cloned().collect();
        provided.extend(package.provided.iter().cloned());
        let features = self.resolve_features(&package.id, &provided);
        let mut scripts = super::build_script::Scripts {
            root: &self.root,
            package_id: &package.id,
            judges: super::build_script::judge_rustcs(
                package.compilers.as_ref().or(self.compilers.as_ref()),
            ),
            outputs: None,
        };

        // The binary's package library first, then dependencies breadth first.
        let mut crates: Vec<Crate> = Vec::new();
        let mut queue = vec![package.id.clone()];
        let mut seen = BTreeSet::from([package.id.clone()]);
        let mut external = BTreeSet::new();
        let mut proc_macros = BTreeMap::new();
        let mut main_deps = BTreeMap::new();
        // The solution's own dependency each crate is reached through: a refusal of a crate
        // further down names it, since `--provided` of a crate deep inside a library that is
        // still bundled leaves the library calling a crate no judge has on its own.
        let mut through: BTreeMap<String, String> = BTreeMap::new();
        let mut k = 0;
        while k < queue.len() {
            let p = &self.packages[&queue[k]];
            k += 1;
            let deps = self.enabled_deps(p, &features);
            let mut names = BTreeMap::new();
            let direct = through.get(&p.id).cloned();
            for (extern_name, dep) in &deps {
                let reached_through = direct.clone().unwrap_or_else(|| dep.name.clone());
                let lib = dep.lib.as_ref().map_or(String::new(), |l| l.name.clone());
                if provided.contains(&dep.name) || provided.contains(&lib) {
                    external.insert(extern_name.clone());
                    continue;
                }
                if dep.proc_macro {
                    // Refused only if the solution uses it: a library may re-export it by a
                    // glob (`pub use proconio_derive::*;`) that nothing needs.
                    let root_file = dep.lib.as_ref().map(|l| l.src_path.as_path());
                    proc_macros.insert(
                        extern_name.clone(),
                        ProcMacro {
                            package: dep.name.clone(),
                            version: dep.version.clone(),
                            exports: root_file.and_then(proc_macro_exports),
                            through: direct.clone(),
                        },
                    );
                    continue;
                }
                names.insert(extern_name.clone(), lib.clone());
                if seen.insert(dep.id.clone()) {
                    through.insert(dep.id.clone(), reached_through);
                    queue.push(dep.id.clone());
                }
            }
            if p.id == package.id {
                if let Some(lib) = &p.lib {
                    names.insert(lib.name.clone(), lib.name.clone());
                }
                main_deps = names.clone();
                match &p.lib {
                    Some(lib) => {
                        crates.push(self.bundled(p, lib, names, &features, &mut scripts, None)?)
                    }
                    None => continue,
                }
            } else {
                let lib = p
                    .lib
                    .as_ref()
                    .ok_or_else(|| err!("dependency {} {} has no library", p.name, p.version))?;
                crates.push(self.bundled(
                    p,
                    lib,
                    names,
                    &features,
                    &mut scripts,
                    direct.as_deref(),
                )?);
            }
        }
        let mut modules = BTreeSet::new();
        for c in &crates {
            if !modules.insert(c.module.clone()) {
                bail!(
                    "two bundled crates have the library name `{}` (two versions of one crate?); a bundle holds each once",
                    c.module
                );
            }
        }
        Ok(Plan {
            name: target.bin.clone(),
            package: package.name.clone(),
            manifest_dir: package
                .manifest_path
                .parent()
                .unwrap_or(&self.root)
                .to_path_buf(),
            version: package.version.clone(),
            main_file: main.src_path.clone(),
            edition: main.edition.clone(),
            features: features.get(&package.id).cloned().unwrap_or_default(),
            main_deps,
            crates,
            external,
            root: self.root.clone(),
            proc_macros,
            compilers: package.compilers.clone().or_else(|| self.compilers.clone()),
        })
    }

    /// A library of the bundle; refused when a judge could not build it from its source alone.
    /// `through`: the solution's own dependency it is reached through, when it is not one.
    fn bundled(
        &self,
        p: &Package,
        lib: &Target,
        deps: BTreeMap<String, String>,
        features: &BTreeMap<String, BTreeSet<String>>,
        scripts: &mut super::build_script::Scripts,
        through: Option<&str>,
    ) -> Result<Crate> {
        let hint = match through {
            Some(direct) if direct != p.name => format!(
                "pass --provided {} (the solution's dependency that needs {})",
                direct, p.name
            ),
            _ => format!("pass --provided {}", p.name),
        };
        let refuse = |reason: &str| {
            Err(err!(
                "crate `{}` ({} {}) cannot be bundled: {}; a judge compiles one file with rustc alone (if the judge installs it, {})",
                lib.name,
                p.name,
                p.version,
                reason,
                hint
            ))
        };
        if p.proc_macro {
            return refuse("it is a proc-macro crate, which runs inside the compiler");
        }
        let enabled = features.get(&p.id).cloned().unwrap_or_default();
        let manifest_dir = p.manifest_path.parent().unwrap_or(&self.root).to_path_buf();
        let mut probed = None;
        let mut build_env = BTreeMap::new();
        if p.build_script {
            let src = lib.src_path.parent().unwrap_or(&manifest_dir);
            if let Some((file, line)) = super::build_script::reads_out_dir(src) {
                return refuse(&format!(
                    "its build script generates code, which the crate reads from OUT_DIR ({}:{}), and a judge runs no build script",
                    shown(&self.root, &file).display(),
                    line
                ));
            }
            let package = super::build_script::ScriptEnv {
                package: &p.name,
                version: &p.version,
                manifest_dir: &manifest_dir,
                features: &enabled,
            };
            let output = scripts.output(&p.id, &package).map_err(|e| {
                err!(
                    "crate `{}` ({} {}) has a build script whose output is unknown: {:#}",
                    lib.name,
                    p.name,
                    p.version,
                    e
                )
            })?;
            if let Some(native) = output.linked_libs.first() {
                return refuse(&format!(
                    "its build script links the native library `{}`",
                    native
                ));
            }
            build_env = output.env;
            probed = Some(output.cfgs);
        }
        if let Some(links) = &p.links {
            return refuse(&format!("it links the native library `{}`", links));
        }
        Ok(Crate {
            package: p.name.clone(),
            version: p.version.clone(),
            module: lib.name.clone(),
            root_file: lib.src_path.clone(),
            manifest_dir,
            features: enabled,
            probed,
            build_env,
            deps,
            member: self.members.contains(&p.id),
            source: p.source.clone(),
            rust_version: p.rust_version.clone(),
            edition: lib.edition.clone(),
            provided_hint: hint,
        })
    }

    /// The normal dependencies of `p` that its enabled features switch on, by the name the code
    /// calls them.
    fn enabled_deps<'a>(
        &'a self,
        p: &Package,
        features: &BTreeMap<String, BTreeSet<String>>,
    ) -> Vec<(String, &'a Package)> {
        let enabled = features.get(&p.id);
        let mut out = Vec::new();
        for d in &p.declared {
            let on =
                !d.optional || enabled.is_some_and(|f| f.contains(&format!("dep:{}", d.key())));
            if !on {
                continue;
            }
            let Some(dep) = p
                .resolved
                .iter()
                .find(|(name, _)| *name == d.package)
                .and_then(|(_, id)| self.packages.get(id))
            else {
                continue;
            };
            let extern_name = match &d.rename {
                Some(r) => r.replace('-', "_"),
                None => dep
                    .lib
                    .as_ref()
                    .map_or(dep.name.replace('-', "_"), |l| l.name.clone()),
            };
            out.push((extern_name, dep));
        }
        out
    }

    /// Features of every package the build of `root` reaches, as cargo's resolver 2 unifies
    /// them for `cargo build -p <root>`: default features, features named in dependency
    /// declarations, `dep/feature`, `dep?/feature`, `dep:name` and optional dependencies. An
    /// enabled optional dependency is recorded as `dep:<name>` (and as the feature of that
    /// name, unless the package names it with `dep:`).
    fn resolve_features(
        &self,
        root: &str,
        provided: &BTreeSet<String>,
    ) -> BTreeMap<String, BTreeSet<String>> {
        let mut enabled: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        let mut requests: Vec<(String, String)> = vec![(root.to_string(), "default".to_string())];
        let mut reached = BTreeSet::new();
        loop {
            let mut changed = false;
            while let Some((id, feature)) = requests.pop() {
                let Some(p) = self.packages.get(&id) else {
                    continue;
                };
                let set = enabled.entry(id.clone()).or_default();
                if reached.insert(id.clone()) {
                    changed = true;
                }
                if feature.is_empty() {
                    continue;
                }
                let is_feature = p.features.contains_key(&feature);
                let is_dep_key = feature.starts_with("dep:");
                if !p.has_feature(&feature) {
                    continue; // `default` of a package without one
                }
                if !set.insert(feature.clone()) {
                    continue;
                }
                changed = true;
                if is_dep_key {
                    continue;
                }
                if !is_feature {
                    // The implicit feature of an optional dependency.
                    requests.push((id.clone(), format!("dep:{}", feature)));
                    continue;
                }
                for entry in p.features[&feature].clone() {
                    if let Some(dep) = entry.strip_prefix("dep:") {
                        requests.push((id.clone(), format!("dep:{}", dep)));
                    } else if let Some((dep, sub)) = entry.split_once('/') {
                        let weak = dep.ends_with('?');
                        let dep = dep.trim_end_matches('?');
                        if !weak {
                            requests.push((id.clone(), format!("dep:{}", dep)));
                            if p.declared.iter().any(|d| d.optional && d.key() == dep) {
                                requests.push((id.clone(), dep.to_string()));
                            }
                        }
                        // Applied below, once the dependency is known to be on.
                        enabled
                            .entry(id.clone())
                            .or_default()
                            .insert(format!("{}?/{}", dep, sub));
                    } else {
                        requests.push((id.clone(), entry));
                    }
                }
            }
            // Dependencies of reached packages, with the features they ask for.
            for id in reached.clone() {
                let p = &self.packages[&id];
                let set = enabled.get(&id).cloned().unwrap_or_default();
                for (_, dep) in self.enabled_deps(p, &enabled) {
                    if provided.contains(&dep.name) {
                        continue;
                    }
                    let d = p
                        .declared
                        .iter()
                        .find(|d| d.package == dep.name)
                        .expect("enabled deps are declared");
                    let mut asks: Vec<String> = d.features.clone();
                    if d.default_features {
                        asks.push("default".to_string());
                    }
                    for f in &set {
                        if let Some((key, sub)) = f.split_once("?/") {
                            if key == d.key() {
                                asks.push(sub.to_string());
                            }
                        }
                    }
                    if !reached.contains(&dep.id) {
                        requests.push((dep.id.clone(), String::new()));
                    }
                    for f in asks {
                        if dep.has_feature(&f)
                            && !enabled.get(&dep.id).is_some_and(|s| s.contains(&f))
                        {
                            requests.push((dep.id.clone(), f));
                        }
                    }
                }
            }
            if requests.is_empty() && !changed {
                break;
            }
        }
        // Only real feature names reach `cfg(feature = ...)`.
        for set in enabled.values_mut() {
            set.retain(|f| !f.contains("?/"));
        }
        enabled
    }
}

impl Package {
    /// Whether `feature` can be switched on: a feature, an optional dependency's implicit
    /// feature, or `dep:<optional dependency>`.
    fn has_feature(&self, feature: &str) -> bool {
        let key = feature.strip_prefix("dep:").unwrap_or(feature);
        self.features.contains_key(feature)
            || self.declared.iter().any(|d| d.optional && d.key() == key)
    }
}

impl Declared {
    /// The name features use for this dependency.
    fn key(&self) -> String {
        self.rename.clone().unwrap_or_else(|| self.package.clone())
    }
}

/// A library the bundle holds as a root module.
#[derive(Clone, Debug)]
pub struct Crate {
    pub package: String,
    pub version: String,
    /// The library name (`ac_library` for package `ac-library-rs`): the module's name.
    pub module: String,
    pub root_file: PathBuf,
    pub manifest_dir: PathBuf,
    pub features: BTreeSet<String>,
    /// The `cfg`s its build script emits for the judge's compiler, when it has one.
    pub probed: Option<BTreeSet<String>>,
    /// The variables its build script sets for the compiler (`cargo:rustc-env`).
    pub build_env: BTreeMap<String, String>,
    /// The names this crate's code gives its dependencies, and the module each became.
    pub deps: BTreeMap<String, String>,
    /// A member of the workspace (the user's own code), not a dependency from elsewhere.
    pub member: bool,
    /// Where cargo gets it (`registry+...`, `git+<url>#<commit>`); `None` for a path.
    pub source: Option<String>,
    /// The oldest rustc its manifest says it supports.
    pub rust_version: Option<String>,
    /// Its edition: a 2015 crate's code is rewritten into the bundle's (see `edition`).
    pub edition: String,
    /// What to pass when a judge installs it (`--provided rand` for getrandom under rand).
    pub provided_hint: String,
}

impl Crate {
    /// A load error of this crate's code; native code (an `extern` block, behind cfg-if's
    /// branches as getrandom's `util_libc`) becomes a refusal that names the crate and what
    /// to leave to a judge that installs it.
    pub fn refusal_of(&self, error: context_error::Error) -> context_error::Error {
        if !error.chain().any(|m| m.ends_with(NATIVE_CODE)) {
            return error;
        }
        err!(
            "crate `{}` ({} {}) cannot be bundled: {:#}; a judge compiles one file with rustc alone (if the judge installs it, {})",
            self.module,
            self.package,
            self.version,
            error,
            self.provided_hint
        )
    }
}

/// A binary target to bundle.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct BinTarget {
    /// The bundle's name: `target/bundle/<id>.rs` and `samples/<id>/`. A package's
    /// `src/main.rs` is its package's name; another binary its own name, or
    /// `<package>/<binary>` where another package has a binary (or is a package) of that
    /// name, as cargo-atcoder's packages each have an `a`.
    pub id: String,
    pub package: String,
    /// The binary's name, as `cargo build --bin` takes it.
    pub bin: String,
    /// The package's `src/main.rs`, whose oracle program (if any) makes generated inputs.
    pub main: bool,
    /// The binary's source file and its package's folder, where its samples are looked for.
    pub src_path: PathBuf,
    pub package_dir: PathBuf,
    /// Whether it is the only binary its package bundles (then oj's `test/` is its own).
    pub only: bool,
}

/// What a binary is built from.
pub struct Plan {
    /// The binary's name.
    pub name: String,
    /// Its package's name.
    pub package: String,
    pub manifest_dir: PathBuf,
    pub version: String,
    pub root: PathBuf,
    pub main_file: PathBuf,
    pub edition: String,
    pub features: BTreeSet<String>,
    /// The names `main.rs` gives its dependencies (and its own library), and their modules.
    pub main_deps: BTreeMap<String, String>,
    pub crates: Vec<Crate>,
    /// Dependencies the judge provides: left as `use`s of an external crate.
    pub external: BTreeSet<String>,
    /// The judge's compilers, `RUSTC EDITION` each, from `[package.metadata.judge]` or
    /// `[workspace.metadata.judge]`.
    pub compilers: Option<Vec<String>>,
    /// Proc-macro dependencies (not provided), by the name the code gives them: a bundle that
    /// still uses one after pruning is refused.
    pub proc_macros: BTreeMap<String, ProcMacro>,
}

/// A proc-macro crate a bundled crate depends on.
#[derive(Clone, Debug)]
pub struct ProcMacro {
    pub package: String,
    pub version: String,
    /// The macros it defines (`#[proc_macro]`, `#[proc_macro_attribute]` functions and
    /// `#[proc_macro_derive(Name)]` names); `None` when its source cannot be read.
    pub exports: Option<BTreeSet<String>>,
    /// The solution's own dependency it is reached through, when it is not one itself.
    pub through: Option<String>,
}

/// The macros a proc-macro crate's root file defines.
fn proc_macro_exports(file: &Path) -> Option<BTreeSet<String>> {
    let parsed = syn::parse_file(&std::fs::read_to_string(file).ok()?).ok()?;
    let mut names = BTreeSet::new();
    for item in &parsed.items {
        let Item::Fn(f) = item else { continue };
        for attr in &f.attrs {
            if attr.path().is_ident("proc_macro") || attr.path().is_ident("proc_macro_attribute") {
                names.insert(f.sig.ident.to_string());
            } else if attr.path().is_ident("proc_macro_derive") {
                let name = attr.parse_args_with(|input: syn::parse::ParseStream| {
                    let name: syn::Ident = input.parse()?;
                    input.parse::<proc_macro2::TokenStream>()?;
                    Ok(name)
                });
                if let Ok(name) = name {
                    names.insert(name.to_string());
                }
            }
        }
    }
    Some(names)
}
