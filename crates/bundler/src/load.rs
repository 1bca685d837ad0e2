//! Stage 1, load: ask cargo what a binary is built from (`cargo metadata`: packages, editions,
//! library names, dependency sources), resolve its features as `cargo build -p <crate>` does,
//! and read each crate into one syntax tree: `mod x;` replaced by its file (`#[path]`
//! followed), `include_str!`/`include_bytes!` replaced by literals, `include!` by the items or
//! expression of its file, `env!`/`option_env!` of cargo's variables by their values, and what
//! the build would not compile dropped on the way (see `cfg`).

use super::cfg::{CfgSet, Cleaner};
use super::confine::Confine;
use super::source_text;
use super::targets::BinTarget;
use context_error::{bail, err, Context, Result};
use proc_macro2::{Literal, Span, TokenStream, TokenTree};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Item};

/// Which file each module of the bundle came from (module path from the bundle root), so that
/// later stages can report `file:line` for a span.
pub type Sources = BTreeMap<Vec<String>, PathBuf>;

/// `file:line: reason`, with the file shown relative to `root` when it lies inside it.
pub fn error_at(
    root: &Path,
    file: &Path,
    span: Span,
    reason: impl std::fmt::Display,
) -> context_error::Error {
    error_at_line(root, file, span.start().line, reason)
}

/// `file:line: reason`, as `error_at`.
pub fn error_at_line(
    root: &Path,
    file: &Path,
    line: usize,
    reason: impl std::fmt::Display,
) -> context_error::Error {
    err!("{}:{}: {}", shown(root, file).display(), line, reason)
}

/// `file` relative to `root` when it lies inside it; a file of cargo's download of a crate
/// from its package folder on (`proconio-0.4.5/src/lib.rs`).
pub fn shown<'a>(root: &Path, file: &'a Path) -> &'a Path {
    if let Ok(inside) = file.strip_prefix(root) {
        return inside;
    }
    let parts: Vec<&std::ffi::OsStr> = file.iter().collect();
    // `.../registry/src/<index>/<package>-<version>/...`
    let from = parts
        .windows(2)
        .position(|w| w[0] == "registry" && w[1] == "src")
        .map(|at| at + 3);
    match from {
        Some(at) if at < parts.len() => {
            let prefix: PathBuf = parts[..at].iter().collect();
            file.strip_prefix(prefix).unwrap_or(file)
        }
        _ => file,
    }
}

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

fn text(value: &Value, key: &str) -> String {
    value[key].as_str().unwrap_or_default().to_string()
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
        let json: Value =
            serde_json::from_slice(&out.stdout).context("reading cargo metadata's output")?;
        Workspace::from_json(root, &json)
    }

    fn from_json(root: &Path, json: &Value) -> Result<Workspace> {
        let mut resolved: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for node in json["resolve"]["nodes"].as_array().into_iter().flatten() {
            let deps = node["deps"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|d| {
                    d["dep_kinds"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .any(|k| k["kind"].is_null())
                })
                .map(|d| text(d, "pkg"))
                .collect();
            resolved.insert(text(node, "id"), deps);
        }
        let mut names = BTreeMap::new();
        for p in json["packages"].as_array().into_iter().flatten() {
            names.insert(text(p, "id"), text(p, "name"));
        }
        let mut packages = BTreeMap::new();
        for p in json["packages"].as_array().into_iter().flatten() {
            let id = text(p, "id");
            let mut lib = None;
            let mut bins = Vec::new();
            let (mut proc_macro, mut build_script) = (false, false);
            for t in p["targets"].as_array().into_iter().flatten() {
                let kinds = strings(&t["kind"]);
                let target = Target {
                    name: text(t, "name"),
                    src_path: PathBuf::from(text(t, "src_path")),
                    edition: text(t, "edition"),
                    required_features: strings(&t["required-features"]),
                };
                if kinds.iter().any(|k| k == "proc-macro") {
                    proc_macro = true;
                    lib = Some(target);
                } else if kinds.iter().any(|k| k == "custom-build") {
                    build_script = true;
                } else if kinds.iter().any(|k| k == "bin") {
                    bins.push(target);
                } else if kinds.iter().any(|k| k.ends_with("lib")) {
                    lib = Some(target);
                }
            }
            let features = p["features"]
                .as_object()
                .map(|m| m.iter().map(|(k, v)| (k.clone(), strings(v))).collect())
                .unwrap_or_default();
            let declared = p["dependencies"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|d| d["kind"].is_null() && d["target"].is_null())
                .map(|d| Declared {
                    package: text(d, "name"),
                    rename: d["rename"].as_str().map(str::to_string),
                    optional: d["optional"].as_bool().unwrap_or(false),
                    features: strings(&d["features"]),
                    default_features: d["uses_default_features"].as_bool().unwrap_or(true),
                })
                .collect();
            let resolved = resolved
                .get(&id)
                .into_iter()
                .flatten()
                .map(|dep| (names.get(dep).cloned().unwrap_or_default(), dep.clone()))
                .collect();
            packages.insert(
                id.clone(),
                Package {
                    id,
                    name: text(p, "name"),
                    version: text(p, "version"),
                    manifest_path: PathBuf::from(text(p, "manifest_path")),
                    lib,
                    bins,
                    not_bundled: p["metadata"]["judge"]["bundle"] == Value::Bool(false),
                    unsolved: p["metadata"]["judge"]["solved"] == Value::Bool(false),
                    proc_macro,
                    build_script,
                    links: p["links"].as_str().map(str::to_string),
                    features,
                    declared,
                    provided: strings(&p["metadata"]["judge"]["provided"]),
                    compilers: compiler_list(&p["metadata"]["judge"]["compilers"]),
                    judge_files: crate::verify::JudgeFiles {
                        input: p["metadata"]["judge"]["input-file"]
                            .as_str()
                            .map(str::to_string),
                        output: p["metadata"]["judge"]["output-file"]
                            .as_str()
                            .map(str::to_string),
                    },
                    source: p["source"].as_str().map(str::to_string),
                    rust_version: p["rust_version"].as_str().map(str::to_string),
                    resolved,
                },
            );
        }
        let members = strings(&json["workspace_members"]);
        let root = json["workspace_root"]
            .as_str()
            .map(PathBuf::from)
            .unwrap_or_else(|| root.to_path_buf());
        Ok(Workspace {
            root,
            packages,
            members,
            compilers: compiler_list(&json["metadata"]["judge"]["compilers"]),
        })
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

/// Why an `extern` block is refused.
const NATIVE_CODE: &str = "an `extern` block links native code, which a judge does not have";

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

/// Reads crates rooted at a file.
pub struct Loader<'a> {
    pub root: &'a Path,
    pub cfg: CfgSet<'a>,
    /// The variables cargo sets for the crate's build (`CARGO_MANIFEST_DIR`, `CARGO_PKG_NAME`,
    /// ...), for `env!`: see `cargo_env`.
    pub env: &'a BTreeMap<String, String>,
    pub sources: &'a mut Sources,
    /// An edition 2015 crate: its files' 2015-only syntax is rewritten before parsing.
    pub edition_2015: bool,
    /// The package the crate's files must come from.
    pub confine: &'a Confine<'a>,
}

/// The variables cargo sets when it compiles crate `crate_name` of package `package` (version
/// `version`, manifest in `manifest_dir`), which `env!` may read: the bundle holds their values.
pub fn cargo_env(
    package: &str,
    version: &str,
    crate_name: &str,
    manifest_dir: &Path,
) -> BTreeMap<String, String> {
    let (numbers, pre) = version.split_once('-').unwrap_or((version, ""));
    let mut parts = numbers.split('.');
    let mut env = BTreeMap::new();
    for key in ["MAJOR", "MINOR", "PATCH"] {
        let part = parts.next().unwrap_or("0");
        env.insert(format!("CARGO_PKG_VERSION_{}", key), part.to_string());
    }
    env.insert("CARGO_PKG_VERSION_PRE".to_string(), pre.to_string());
    env.insert("CARGO_PKG_VERSION".to_string(), version.to_string());
    env.insert("CARGO_PKG_NAME".to_string(), package.to_string());
    env.insert("CARGO_CRATE_NAME".to_string(), crate_name.to_string());
    env.insert(
        "CARGO_MANIFEST_DIR".to_string(),
        manifest_dir.display().to_string(),
    );
    env
}

/// A crate read into one tree: the root file's inner attributes and its items.
pub struct Tree {
    pub attrs: Vec<Attribute>,
    pub items: Vec<Item>,
}

impl Loader<'_> {
    /// Loads the crate whose root file is `file` (a `lib.rs` or `main.rs`), recording its
    /// modules under `module` (the path of the crate's module in the bundle).
    pub fn load_crate(&mut self, file: &Path, module: Vec<String>) -> Result<Tree> {
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let (attrs, items) = self.load_file(file, &dir, &module)?;
        Ok(Tree { attrs, items })
    }

    /// Parses, cleans and checks one file and loads its child modules; `dir` is where they
    /// live. `None` when an inner `#![cfg]` removes the file.
    fn load_file(
        &mut self,
        file: &Path,
        dir: &Path,
        module: &[String],
    ) -> Result<(Vec<Attribute>, Vec<Item>)> {
        let mut text = read_source(file).map_err(|(line, reason)| match line {
            Some(line) => error_at_line(self.root, file, line, reason),
            None => err!(
                "{}: cannot read: {}",
                shown(self.root, file).display(),
                reason
            ),
        })?;
        source_text::check_nesting(&text)
            .map_err(|(line, reason)| error_at_line(self.root, file, line, reason))?;
        if self.edition_2015 {
            text = crate::edition::respell_2015(&text);
        }
        let mut parsed = syn::parse_file(&text).map_err(|err| {
            error_at(
                self.root,
                file,
                err.span(),
                format!("cannot parse: {}", err),
            )
        })?;
        self.sources.insert(module.to_vec(), file.to_path_buf());
        if !self.cfg.keep(&mut parsed.attrs) {
            return Ok((vec![syn::parse_quote!(#![cfg(any())])], Vec::new()));
        }
        super::cfg_if::expand(&mut parsed.items);
        let mut cleaner = Cleaner {
            cfg: CfgSet {
                features: self.cfg.features,
                probed: self.cfg.probed,
            },
        };
        let file_dir = file.parent().unwrap_or(Path::new("."));
        splice_included_items(&mut parsed.items, file_dir, self.env, self.confine, 0)
            .map_err(|(span, reason)| error_at(self.root, file, span, reason))?;
        cleaner.items(&mut parsed.items);
        let mut inline = Includes {
            file_dir,
            env: self.env,
            confine: self.confine,
            error: None,
        };
        inline.visit_file_mut(&mut parsed);
        if let Some((span, reason)) = inline.error {
            return Err(error_at(self.root, file, span, reason));
        }
        let mut check = Unsupported { found: None };
        check.visit_file(&parsed);
        if let Some((span, reason)) = check.found {
            return Err(error_at(self.root, file, span, reason));
        }
        let mut items = parsed.items;
        self.expand_modules(file, dir, module, &mut items)?;
        Ok((parsed.attrs, items))
    }

    /// Replaces each `mod x;` among `items` by an inline module holding its file's contents,
    /// recursing into inline modules (whose files live one folder further down).
    fn expand_modules(
        &mut self,
        file: &Path,
        dir: &Path,
        module: &[String],
        items: &mut Vec<Item>,
    ) -> Result<()> {
        let mut kept = Vec::with_capacity(items.len());
        for mut item in items.drain(..) {
            if let Item::Mod(m) = &mut item {
                // `mod r#ref;` lives in `ref.rs`.
                let name = syn::ext::IdentExt::unraw(&m.ident).to_string();
                let mut child = module.to_vec();
                child.push(m.ident.to_string());
                let path_attr = take_path_attr(&mut m.attrs);
                match &mut m.content {
                    Some((_, inner)) => {
                        let child_dir = match &path_attr {
                            Some(p) => dir.join(p),
                            None => dir.join(&name),
                        };
                        self.sources.insert(child.clone(), file.to_path_buf());
                        self.expand_modules(file, &child_dir, &child, inner)?;
                    }
                    None => {
                        let (path, sub_dir) = match path_attr {
                            // A `#[path]` file owns its folder, like a `mod.rs`.
                            Some(p) => {
                                let path = dir_of_path_attr(file, dir, module).join(p);
                                let sub = path.parent().unwrap_or(dir).to_path_buf();
                                if let Some(why) = symlink_trouble(&path) {
                                    return Err(error_at(self.root, file, m.ident.span(), why));
                                }
                                let what = format!("#[path] of module `{}`", name);
                                self.confine.check(&path, &what).map_err(|why| {
                                    error_at(self.root, file, m.ident.span(), why)
                                })?;
                                if !path.is_file() {
                                    return Err(error_at(
                                        self.root,
                                        file,
                                        m.ident.span(),
                                        format!(
                                            "file not found for module `{}` (its #[path] names {})",
                                            name,
                                            shown(self.root, &path).display()
                                        ),
                                    ));
                                }
                                (path, sub)
                            }
                            None => {
                                let found = self.module_file(file, dir, &name, m.ident.span())?;
                                let what = format!("module `{}`", name);
                                self.confine.check(&found.0, &what).map_err(|why| {
                                    error_at(self.root, file, m.ident.span(), why)
                                })?;
                                found
                            }
                        };
                        let (inner_attrs, inner) = self.load_file(&path, &sub_dir, &child)?;
                        if inner_attrs.iter().any(is_false_cfg) {
                            continue;
                        }
                        m.attrs.extend(inner_attrs);
                        m.content = Some((Default::default(), inner));
                        m.semi = None;
                    }
                }
            }
            kept.push(item);
        }
        *items = kept;
        Ok(())
    }

    /// The file of `mod name;` declared in `file`, whose child modules live in `dir`.
    fn module_file(
        &self,
        file: &Path,
        dir: &Path,
        name: &str,
        span: Span,
    ) -> Result<(PathBuf, PathBuf)> {
        let child_dir = dir.join(name);
        let flat = dir.join(format!("{}.rs", name));
        let nested = child_dir.join("mod.rs");
        for candidate in [&flat, &nested] {
            if let Some(why) = symlink_trouble(candidate) {
                return Err(error_at(self.root, file, span, why));
            }
        }
        match (flat.is_file(), nested.is_file()) {
            (true, false) => Ok((flat, child_dir)),
            (false, true) => Ok((nested, child_dir)),
            (true, true) => Err(error_at(
                self.root,
                file,
                span,
                format!(
                    "module `{}` has two files, {} and {}",
                    name,
                    shown(self.root, &flat).display(),
                    shown(self.root, &nested).display()
                ),
            )),
            (false, false) => Err(error_at(
                self.root,
                file,
                span,
                format!(
                    "file not found for module `{}` (looked for {} and {})",
                    name,
                    shown(self.root, &flat).display(),
                    shown(self.root, &nested).display()
                ),
            )),
        }
    }
}

/// A file is read whole, as UTF-8; an error says the line that is not (`None`: the file as a
/// whole could not be read).
fn read_source(file: &Path) -> std::result::Result<String, (Option<usize>, String)> {
    let bytes = std::fs::read(file).map_err(|err| (None, err.to_string()))?;
    source_text::utf8(bytes).map_err(|(line, why)| (Some(line), why))
}

/// Why `path` (or a folder on the way to it) is a symbolic link that leads nowhere: a loop, or
/// a target that is missing. `None` for a path that resolves or simply does not exist.
fn symlink_trouble(path: &Path) -> Option<String> {
    // Walk up to the first part that exists as a link or entry.
    let mut at = path;
    loop {
        if at.symlink_metadata().is_ok() {
            break;
        }
        at = at.parent()?;
    }
    let err = std::fs::metadata(at).err()?;
    let is_link = at
        .symlink_metadata()
        .is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return None;
    }
    // ELOOP: the links point at one another.
    let looped = err.raw_os_error() == Some(40) || err.to_string().contains("symbolic links");
    Some(if looped {
        format!(
            "{} is a symbolic link loop ({}): it leads back to itself, never to a file",
            at.display(),
            err
        )
    } else {
        format!(
            "{} is a symbolic link to {}, which does not exist",
            at.display(),
            std::fs::read_link(at).map_or("?".into(), |t| t.display().to_string())
        )
    })
}

/// Where a `#[path]` on `mod x;` is relative to: the folder of the file it is written in when
/// the module is declared at the file's top level, else the folder of the enclosing inline
/// modules (`dir`).
fn dir_of_path_attr(file: &Path, dir: &Path, _module: &[String]) -> PathBuf {
    let file_dir = file.parent().unwrap_or(Path::new("."));
    let stem_dir = file.with_extension("");
    let top_level = dir == file_dir || dir == stem_dir;
    if top_level {
        file_dir.to_path_buf()
    } else {
        dir.to_path_buf()
    }
}

fn is_false_cfg(attr: &Attribute) -> bool {
    attr.path().is_ident("cfg")
        && attr.parse_args::<syn::Meta>().is_ok_and(
            |m| matches!(&m, syn::Meta::List(l) if l.path.is_ident("any") && l.tokens.is_empty()),
        )
}

/// Removes `#[path = "..."]` from a module's attributes and returns its value.
fn take_path_attr(attrs: &mut Vec<Attribute>) -> Option<String> {
    let at = attrs.iter().position(|a| a.path().is_ident("path"))?;
    let attr = attrs.remove(at);
    match &attr.meta {
        syn::Meta::NameValue(nv) => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    }
}

/// `include!` files nested deeper than this are refused (rustc's own limit is the recursion
/// limit; a cycle would never end).
const INCLUDE_DEPTH: usize = 16;

/// Replaces each item-position `include!("f.rs")` among `items` (and in inline modules) by the
/// items of that file, whose own `include!`s are relative to it.
fn splice_included_items(
    items: &mut Vec<Item>,
    dir: &Path,
    env: &BTreeMap<String, String>,
    confine: &Confine,
    depth: usize,
) -> std::result::Result<(), (Span, String)> {
    let mut out = Vec::with_capacity(items.len());
    for mut item in items.drain(..) {
        match &mut item {
            Item::Macro(m) if m.ident.is_none() && m.mac.path.is_ident("include") => {
                let span = m.mac.path.segments[0].ident.span();
                let file = included_file(&m.mac, dir, env, span)?;
                if depth >= INCLUDE_DEPTH {
                    return Err((span, format!("`include!` nested more than {} deep", depth)));
                }
                let text = read_included(&file, span, confine)?;
                let mut inner = syn::parse_file(&text)
                    .map_err(|err| (span, format!("{}: cannot parse: {}", file.display(), err)))?
                    .items;
                let inner_dir = file.parent().unwrap_or(dir);
                splice_included_items(&mut inner, inner_dir, env, confine, depth + 1)?;
                out.extend(inner);
                continue;
            }
            Item::Mod(m) => {
                if let Some((_, inner)) = &mut m.content {
                    splice_included_items(inner, dir, env, confine, depth)?;
                }
            }
            _ => {}
        }
        out.push(item);
    }
    *items = out;
    Ok(())
}

/// The file an `include!` names, relative to `dir`: its path as `string_value` reads it.
fn included_file(
    mac: &syn::Macro,
    dir: &Path,
    env: &BTreeMap<String, String>,
    span: Span,
) -> std::result::Result<PathBuf, (Span, String)> {
    let path = mac
        .parse_body::<syn::Expr>()
        .ok()
        .and_then(|expr| string_value(&expr, env))
        .ok_or_else(|| {
            let why = "`include!` needs a string literal path (or concat! of env!(\"CARGO_MANIFEST_DIR\") and literals)";
            (span, why.to_string())
        })?;
    Ok(dir.join(path))
}

/// The text of an `include!`d file, checked as a module file is (UTF-8, nesting, package).
fn read_included(
    file: &Path,
    span: Span,
    confine: &Confine,
) -> std::result::Result<String, (Span, String)> {
    confine
        .check(file, "`include!`")
        .map_err(|why| (span, why))?;
    let text = read_source(file).map_err(|(line, why)| match line {
        Some(line) => (
            span,
            format!("`include!` of {}:{}: {}", file.display(), line, why),
        ),
        None => (
            span,
            format!("`include!` cannot read {}: {}", file.display(), why),
        ),
    })?;
    source_text::check_nesting(&text).map_err(|(line, why)| {
        (
            span,
            format!("`include!` of {}:{}: {}", file.display(), line, why),
        )
    })?;
    Ok(text)
}

/// The string a path argument of an include macro stands for: a literal, `env!` of a variable
/// cargo sets, or `concat!` of those.
fn string_value(expr: &syn::Expr, env: &BTreeMap<String, String>) -> Option<String> {
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => Some(s.value()),
        syn::Expr::Macro(m) if m.mac.path.is_ident("concat") => {
            let parts = m
                .mac
                .parse_body_with(
                    syn::punctuated::Punctuated::<syn::Expr, syn::Token![,]>::parse_terminated,
                )
                .ok()?;
            parts.iter().map(|p| string_value(p, env)).collect()
        }
        syn::Expr::Macro(m) if m.mac.path.is_ident("env") => {
            let name: syn::Expr = m.mac.parse_body().ok()?;
            env_value(&name, env)
        }
        _ => None,
    }
}

/// The value of `env!(name)` when cargo sets that variable for the crate.
fn env_value(name: &syn::Expr, env: &BTreeMap<String, String>) -> Option<String> {
    match name {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(s),
            ..
        }) => env.get(&s.value()).cloned(),
        _ => None,
    }
}

/// Replaces `include_str!("f")` and `include_bytes!("f")` by the file's contents as a literal
/// (in code and in macro arguments; the path may be `concat!(env!("CARGO_MANIFEST_DIR"), ...)`),
/// an expression `include!("f")` by the expression in that file, and `env!` of a variable cargo
/// sets by its value.
struct Includes<'a> {
    file_dir: &'a Path,
    env: &'a BTreeMap<String, String>,
    confine: &'a Confine<'a>,
    error: Option<(Span, String)>,
}

impl Includes<'_> {
    /// The literal for `name!(args)`, when `name` is an include macro.
    fn literal(&mut self, name: &str, args: TokenStream, span: Span) -> Option<Literal> {
        if name == "env" {
            let expr: syn::Expr = syn::parse2(args).ok()?;
            return self.env_value(&expr).map(|v| Literal::string(&v));
        }
        if name != "include_str" && name != "include_bytes" {
            return None;
        }
        if has_metavariable(args.clone()) {
            // Inside a `macro_rules!` body (`include_str!(concat!("../benches/", $b, ".rs"))`):
            // its path is known where the macro is used, which the pruner may drop.
            return None;
        }
        let path = match self.path_of(args) {
            Some(p) => p,
            None => {
                self.error.get_or_insert((
                    span,
                    format!(
                        "`{}!` needs a string literal path (or concat! of env!(\"CARGO_MANIFEST_DIR\") and literals)",
                        name
                    ),
                ));
                return None;
            }
        };
        let file = self.file_dir.join(&path);
        if let Err(why) = self.confine.check(&file, &format!("`{}!`", name)) {
            self.error.get_or_insert((span, why));
            return None;
        }
        match std::fs::read(&file) {
            Ok(bytes) if name == "include_bytes" => Some(Literal::byte_string(&bytes)),
            Ok(bytes) => match source_text::utf8(bytes) {
                Ok(s) => Some(Literal::string(&s)),
                Err((line, why)) => {
                    self.error.get_or_insert((
                        span,
                        format!("`include_str!` of {}:{}: {}", file.display(), line, why),
                    ));
                    None
                }
            },
            Err(err) => {
                self.error.get_or_insert((
                    span,
                    format!("`{}!` cannot read {}: {}", name, file.display(), err),
                ));
                None
            }
        }
    }

    fn path_of(&self, args: TokenStream) -> Option<String> {
        let expr: syn::Expr = syn::parse2(args).ok()?;
        string_value(&expr, self.env)
    }

    /// The value of `env!(name)` when cargo sets that variable for the crate.
    fn env_value(&self, name: &syn::Expr) -> Option<String> {
        env_value(name, self.env)
    }

    /// The expression of the file an expression-position `include!` names.
    fn included_expr(&mut self, mac: &syn::Macro) -> Option<syn::Expr> {
        let span = mac.path.segments[0].ident.span();
        let parsed = included_file(mac, self.file_dir, self.env, span).and_then(|file| {
            let text = read_included(&file, span, self.confine)?;
            syn::parse_str::<syn::Expr>(&text).map_err(|err| {
                (
                    span,
                    format!("{}: cannot parse as an expression: {}", file.display(), err),
                )
            })
        });
        match parsed {
            Ok(expr) => Some(expr),
            Err(err) => {
                self.error.get_or_insert(err);
                None
            }
        }
    }

    /// `::std::option::Option::Some("value")` for `option_env!(name)` when cargo sets the
    /// variable (the judge's rustc would see none); `None` leaves the call to the compiler.
    fn option_env(&self, args: TokenStream) -> Option<TokenStream> {
        let name: syn::Expr = syn::parse2(args).ok()?;
        let value = self.env_value(&name)?;
        Some(quote::quote!(::std::option::Option::Some(#value)))
    }

    /// The token-level replacement inside macro arguments.
    fn tokens(&mut self, tokens: TokenStream) -> TokenStream {
        super::cfg::replace_calls(tokens, &mut |name, args| {
            if name == "option_env" {
                // An invisible group: one expression, printed without delimiters.
                return self.option_env(args).map(|some| {
                    TokenTree::Group(proc_macro2::Group::new(proc_macro2::Delimiter::None, some))
                });
            }
            self.literal(&name.to_string(), args, name.span())
                .map(TokenTree::Literal)
        })
    }
}

impl VisitMut for Includes<'_> {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        if let syn::Expr::Macro(m) = expr {
            let name = m
                .mac
                .path
                .segments
                .last()
                .map(|s| s.ident.to_string())
                .unwrap_or_default();
            let span = m.mac.path.segments[0].ident.span();
            if name == "option_env" && m.mac.path.is_ident("option_env") {
                // Cargo sets its variables for the build; the judge's rustc would see none.
                if let Some(some) = self.option_env(m.mac.tokens.clone()) {
                    *expr = syn::parse_quote!(#some);
                }
                return;
            }
            if name == "include" && m.mac.path.is_ident("include") {
                if let Some(included) = self.included_expr(&m.mac) {
                    *expr = included;
                    return self.visit_expr_mut(expr);
                }
                return;
            }
            if let Some(lit) = self.literal(&name, m.mac.tokens.clone(), span) {
                *expr = syn::Expr::Lit(syn::ExprLit {
                    attrs: std::mem::take(&mut m.attrs),
                    lit: syn::Lit::new(lit),
                });
                return;
            }
        }
        visit_mut::visit_expr_mut(self, expr);
    }

    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        mac.tokens = self.tokens(std::mem::take(&mut mac.tokens));
    }
}

/// Whether `tokens` hold a `$name` metavariable, at any depth.
fn has_metavariable(tokens: TokenStream) -> bool {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    tokens.iter().enumerate().any(|(i, t)| match t {
        TokenTree::Punct(p) => {
            p.as_char() == '$' && matches!(tokens.get(i + 1), Some(TokenTree::Ident(_)))
        }
        TokenTree::Group(g) => has_metavariable(g.stream()),
        _ => false,
    })
}

/// Finds constructs a single file cannot hold.
struct Unsupported {
    found: Option<(Span, String)>,
}

impl<'ast> Visit<'ast> for Unsupported {
    fn visit_item_foreign_mod(&mut self, node: &'ast syn::ItemForeignMod) {
        self.found
            .get_or_insert((node.abi.extern_token.span, NATIVE_CODE.to_string()));
    }

    fn visit_macro(&mut self, node: &'ast syn::Macro) {
        if let Some(last) = node.path.segments.last() {
            let name = last.ident.to_string();
            let reason = match name.as_str() {
                "include" => {
                    "`include!` is bundled where it stands for items or an expression, not here; move that code into a module"
                        .to_string()
                }
                "env" => {
                    "`env!` of a variable cargo does not set for the crate (its value at the judge is unknown)".to_string()
                }
                _ => return,
            };
            self.found.get_or_insert((last.ident.span(), reason));
        }
    }
}
