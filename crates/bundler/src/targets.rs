//! Which binaries a command line means: a package's `src/main.rs` (one crate per problem), or
//! the binaries of a multi-binary package (cargo-compete's and cargo-atcoder's one package per
//! contest, `src/bin/a.rs`, `src/bin/b.rs` or `[[bin]]` entries with paths of their own), by
//! package, by `--bin NAME` or all at once, as cargo selects them.

use super::located::shown;
use super::plan::{BinTarget, Package, Target, Workspace};
use context_error::{bail, Result};
use std::collections::BTreeMap;

impl BinTarget {
    /// The last part of `id`, for file names beside the bundle.
    pub fn file_stem(&self) -> &str {
        self.id.rsplit('/').next().unwrap_or(&self.id)
    }
}

/// The package's `src/main.rs` target, or its only binary.
fn main_target(package: &Package) -> Option<&Target> {
    package
        .bins
        .iter()
        .find(|b| b.src_path.ends_with("src/main.rs"))
        .or(match package.bins.as_slice() {
            [only] => Some(only),
            _ => None,
        })
}

impl Workspace {
    /// What names member `name` to cargo's `-p` beyond doubt: its package id (cargo 1.77 on
    /// writes ids that are package id specs), the name where the id is not one.
    pub(crate) fn package_spec(&self, name: &str) -> String {
        match self.member(name) {
            Some(p) if !p.id.contains(' ') => p.id.clone(),
            _ => name.to_string(),
        }
    }

    /// Whether `target`'s package is a scaffold not solved yet (`solved = false`).
    pub fn unsolved(&self, target: &BinTarget) -> bool {
        self.member(&target.package).is_some_and(|p| p.unsolved)
    }

    /// The members whose binaries may be bundled: not `xtask` (this tool itself) nor a package
    /// marked `[package.metadata.judge] bundle = false` (tools).
    fn bundled_members(&self) -> impl Iterator<Item = &Package> {
        self.members
            .iter()
            .filter_map(|id| self.packages.get(id))
            .filter(|p| p.name != "xtask" && !p.not_bundled)
    }

    /// Every binary target of every member with its bundle name, the ones `--all` leaves out
    /// too (those need features they do not have by default), sorted by name.
    fn all_targets(&self) -> Vec<(BinTarget, bool)> {
        let mut taken: BTreeMap<&str, usize> = BTreeMap::new();
        for p in self.bundled_members() {
            let main = p.bins.iter().find(|b| b.src_path.ends_with("src/main.rs"));
            if main.is_some() {
                *taken.entry(p.name.as_str()).or_default() += 1;
            }
            for b in &p.bins {
                if main.is_none_or(|m| m.name != b.name) {
                    *taken.entry(b.name.as_str()).or_default() += 1;
                }
            }
        }
        let mut targets = Vec::new();
        for p in self.bundled_members() {
            let package_dir = p.manifest_path.parent().unwrap_or(&self.root).to_path_buf();
            let has_main = p.bins.iter().any(|b| b.src_path.ends_with("src/main.rs"));
            // A package with a `src/main.rs` is one problem: its other binaries (an oracle
            // program, a generator) are tools beside it.
            let picked: Vec<&Target> = match main_target(p) {
                Some(main) if has_main || p.bins.len() == 1 => vec![main],
                _ => p.bins.iter().collect(),
            };
            let buildable = |b: &Target| b.required_features.is_empty();
            let only = picked.iter().filter(|b| buildable(b)).count() == 1;
            for b in picked {
                let main = has_main && b.src_path.ends_with("src/main.rs");
                let id = if main {
                    p.name.clone()
                } else if taken.get(b.name.as_str()).copied().unwrap_or(0) > 1 {
                    format!("{}/{}", p.name, b.name)
                } else {
                    b.name.clone()
                };
                let target = BinTarget {
                    id,
                    package: p.name.clone(),
                    bin: b.name.clone(),
                    main,
                    src_path: b.src_path.clone(),
                    package_dir: package_dir.clone(),
                    only,
                };
                targets.push((target, buildable(b)));
            }
        }
        targets.sort();
        targets
    }

    /// What `--all` bundles, sorted by bundle name: each member's `src/main.rs`, and every
    /// binary of a package without one whose `required-features` are on by default (as
    /// `cargo build --bins` builds them). Pure libraries have nothing to run.
    pub fn binaries(&self) -> Vec<BinTarget> {
        self.all_targets()
            .into_iter()
            .filter(|(_, buildable)| *buildable)
            .map(|(t, _)| t)
            .collect()
    }

    fn binary_list(&self) -> String {
        let ids: Vec<String> = self.binaries().into_iter().map(|t| t.id).collect();
        if ids.is_empty() {
            "(none: no member has a src/main.rs or a [[bin]])".to_string()
        } else {
            ids.join(", ")
        }
    }

    /// The binaries `names` (packages or binaries) and `bins` (`--bin`, within `package` when
    /// given) mean, in the order given, each once.
    pub fn select(
        &self,
        names: &[String],
        bins: &[String],
        package: Option<&str>,
    ) -> Result<Vec<BinTarget>> {
        let mut out: Vec<BinTarget> = Vec::new();
        let mut add = |found: Vec<BinTarget>| {
            for t in found {
                if !out.contains(&t) {
                    out.push(t);
                }
            }
        };
        if let (Some(package), true) = (package, bins.is_empty()) {
            add(self.package_targets(package)?);
        }
        for name in names {
            add(self.named(name)?);
        }
        for bin in bins {
            add(vec![self.bin(bin, package)?]);
        }
        Ok(out)
    }

    /// The one binary `name` means (a package with one binary, or a binary).
    pub fn target(&self, name: &str) -> Result<BinTarget> {
        let mut found = self.named(name)?;
        if found.len() > 1 {
            let ids: Vec<&str> = found.iter().map(|t| t.id.as_str()).collect();
            bail!(
                "package {} has several binaries: {}; name one (e.g. --bin {})",
                name,
                ids.join(", "),
                found[0].bin
            );
        }
        Ok(found.remove(0))
    }

    /// A package's binaries, or else the binary of that name.
    fn named(&self, name: &str) -> Result<Vec<BinTarget>> {
        if self.member(name).is_some() {
            return self.package_targets(name);
        }
        self.bin(name, None).map(|t| vec![t])
    }

    fn package_targets(&self, name: &str) -> Result<Vec<BinTarget>> {
        let Some(package) = self.member(name) else {
            bail!(
                "{:?} is not a package of this workspace; the binaries are: {}",
                name,
                self.binary_list()
            );
        };
        let all = self.all_targets();
        let of_package = || all.iter().filter(|(t, _)| t.package == name);
        let found: Vec<BinTarget> = of_package()
            .filter(|(_, buildable)| *buildable)
            .map(|(t, _)| t.clone())
            .collect();
        if found.is_empty() {
            let manifest = shown(&self.root, &package.manifest_path)
                .display()
                .to_string();
            if package.bins.is_empty() {
                bail!(
                    "{}: {} has no src/main.rs and no [[bin]], so there is nothing to bundle",
                    manifest,
                    name
                );
            }
            if package.not_bundled || name == "xtask" {
                bail!(
                    "{}: {}'s binaries are tools ([package.metadata.judge] bundle = false), not bundled",
                    manifest,
                    name
                );
            }
            let needing: Vec<String> = of_package().map(|(t, _)| t.bin.clone()).collect();
            bail!(
                "{}: every binary of {} ({}) has required-features, which a bundle is not built with",
                manifest,
                name,
                needing.join(", ")
            );
        }
        Ok(found)
    }

    /// The binary `bin` (a binary's name or bundle name), of `package` when given.
    fn bin(&self, bin: &str, package: Option<&str>) -> Result<BinTarget> {
        if let Some(p) = package {
            if self.member(p).is_none() {
                bail!(
                    "{:?} is not a package of this workspace; the binaries are: {}",
                    p,
                    self.binary_list()
                );
            }
        }
        let all = self.all_targets();
        let matching: Vec<&(BinTarget, bool)> = all
            .iter()
            .filter(|(t, _)| package.is_none_or(|p| t.package == p))
            .filter(|(t, _)| t.bin == bin || t.id == bin)
            .collect();
        match matching.as_slice() {
            [] => bail!(
                "{:?} is not a {}binary of this workspace; the binaries are: {}",
                bin,
                package.map_or(String::new(), |p| format!("package {}'s ", p)),
                self.binary_list()
            ),
            [(t, true)] => Ok(t.clone()),
            [(t, false)] => bail!(
                "binary {} of {} has required-features, which a bundle is not built with",
                t.bin,
                t.package
            ),
            several => {
                let packages: Vec<&str> = several.iter().map(|(t, _)| t.package.as_str()).collect();
                bail!(
                    "binary {:?} is in several packages ({}): name one with --package (-p)",
                    bin,
                    packages.join(", ")
                )
            }
        }
    }
}
