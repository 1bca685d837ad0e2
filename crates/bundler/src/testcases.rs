//! Where a binary's samples are: `samples/<bundle name>/*.in|.out` at the workspace root (ours),
//! cargo-compete's `testcases/<bin>.yml` in its package, and online-judge-tools' `test/`
//! (`oj download` writes `sample-1.in`/`sample-1.out`) in its package: `test/<bin>/` for one
//! binary of several, `test/` itself for a package's only binary. Every place found counts.

use super::compete_yaml;
use super::plan::BinTarget;
use super::verify::Case;
use super::{workspace, TempDir};
use context_error::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// The samples of one binary, with the files they are read from.
pub struct Samples {
    pub cases: Vec<Case>,
    /// Where they were looked for, relative to the workspace, for "none found" messages.
    pub looked: Vec<String>,
    /// The files written for a suite's cases, removed with this.
    _written: Option<TempDir>,
}

/// The names a binary's samples go by: its name and its source file's (`a` for
/// `src/bin/a.rs`, `src/bin/a/main.rs` and cargo-compete's `[[bin]] name = "abc001-a"`).
fn names(target: &BinTarget) -> Vec<String> {
    let mut names = vec![target.bin.clone()];
    let stem = match target.src_path.file_stem().and_then(|s| s.to_str()) {
        Some("main") => target
            .src_path
            .parent()
            .and_then(|d| d.file_name())
            .and_then(|s| s.to_str()),
        stem => stem,
    };
    if let Some(stem) = stem.filter(|s| *s != target.bin && *s != "src") {
        names.push(stem.to_string());
    }
    names
}

/// The samples of `target` in the workspace at `root`.
pub fn find(root: &Path, target: &BinTarget) -> Result<Samples> {
    let shown = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
    let mut cases = Vec::new();
    let mut looked = Vec::new();
    let ours = workspace::samples_dir(root, &target.id);
    looked.push(format!("{}/", shown(&ours)));
    if ours.is_dir() {
        cases.extend(workspace::cases_in(&ours)?);
    }
    let names = names(target);
    let mut written = None;
    let suites: Vec<PathBuf> = names
        .iter()
        .flat_map(|n| {
            ["yml", "yaml"].map(|e| {
                target
                    .package_dir
                    .join("testcases")
                    .join(format!("{}.{}", n, e))
            })
        })
        .collect();
    looked.push(shown(&suites[0]));
    if let Some(suite) = suites.iter().find(|s| s.is_file()) {
        let dir = written.get_or_insert(TempDir::new("testcases")?);
        cases.extend(read_suite(root, suite, dir.path(), cases.len())?);
    }
    let mut oj: Vec<PathBuf> = names
        .iter()
        .map(|n| target.package_dir.join("test").join(n))
        .collect();
    if target.only {
        oj.push(target.package_dir.join("test"));
    }
    looked.push(format!("{}/", shown(&oj[0])));
    if let Some(dir) = oj.iter().find(|d| d.is_dir()) {
        let label = shown(dir);
        for (name, input, output) in workspace::cases_in(dir)? {
            cases.push((format!("{}/{}", label, name), input, output));
        }
    }
    Ok(Samples {
        cases,
        looked,
        _written: written,
    })
}

/// The cases of cargo-compete's suite `file` with an answer, written as `<k>.in`/`<k>.out`
/// into `dir` (`k` from `first` on); a case whose `out` is `~` is not known and not run.
fn read_suite(root: &Path, file: &Path, dir: &Path, first: usize) -> Result<Vec<Case>> {
    let shown = file.strip_prefix(root).unwrap_or(file);
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", shown.display()))?;
    let suite = match compete_yaml::parse(&text) {
        Ok(suite) => suite,
        Err((line, why)) => bail!("{}:{}: {}", shown.display(), line, why),
    };
    let mut cases = Vec::new();
    for (k, case) in suite.into_iter().enumerate() {
        let Some(output) = case.output else { continue };
        let input_file = dir.join(format!("{}.in", first + k));
        let output_file = dir.join(format!("{}.out", first + k));
        std::fs::write(&input_file, case.input)
            .and_then(|()| std::fs::write(&output_file, output))
            .with_context(|| format!("writing {}", input_file.display()))?;
        cases.push((
            format!("{} of {}", case.name, shown.display()),
            input_file,
            output_file,
        ));
    }
    Ok(cases)
}
