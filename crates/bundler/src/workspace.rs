//! Where things are: the workspace root, its problem crates, their samples and bundles (the
//! `workspace-layout` crate, which the workbench and the testing kit share).

pub use workspace_layout::{
    bundle_path, cases_in, current, root, scratch_dir, use_workspace, ProblemCrate,
};

use context_error::Result;
use std::path::{Path, PathBuf};

/// The problem crates under `crates/`, sorted by name ([`workspace_layout::problem_crates`]).
pub fn problem_crates(root: &Path) -> Result<Vec<String>> {
    Ok(workspace_layout::problem_crates(root)?
        .into_iter()
        .map(|c| c.name().to_string())
        .collect())
}

/// Checks that `name` is a problem crate of the workspace.
pub fn check_problem(root: &Path, name: &str) -> Result<()> {
    ProblemCrate::find(root, name).map(drop)
}

/// `samples/<crate>/`.
pub fn samples_dir(root: &Path, name: &str) -> PathBuf {
    ProblemCrate::new(root, name).samples_dir()
}

/// The sample cases of a crate: `(case name, input path, expected output path)`, sorted.
pub fn samples(root: &Path, name: &str) -> Result<Vec<(String, PathBuf, PathBuf)>> {
    ProblemCrate::new(root, name).samples()
}
