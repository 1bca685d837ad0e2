//! Where things are in a gamedp workspace, and the file helpers its tools share: the bundler,
//! the workbench and the testing kit all find a problem crate, its samples and its limits here,
//! so that a problem crate has one definition.
//!
//! | file | items | what for |
//! | --- | --- | --- |
//! | `root.rs` | [`root`], [`use_workspace`], [`current`], [`scratch_dir`] | the workspace's folder and its scratch folder |
//! | `problem.rs` | [`ProblemCrate`], [`JudgeTable`], [`problem_crates`], [`cases_in`], [`bundle_path`], [`check_limits`], [`check_file_name`] | a problem crate: its folder, samples, bundle, oracle program and the judge's table |
//! | `files.rs` | [`TempDir`], [`write_atomically`] | a scratch folder removed on drop; a write that leaves the old file or the whole new one |

mod files;
mod problem;
mod root;

pub use crate::files::{write_atomically, TempDir};
pub use crate::problem::{
    bundle_path, cases_in, check_file_name, check_limits, problem_crates, JudgeTable, ProblemCrate,
    DEFAULT_MEMORY_LIMIT_MIB, DEFAULT_TIME_LIMIT_MS, MEMORY_LIMIT_MIB, TIME_LIMIT_MS,
};
pub use crate::root::{current, root, scratch_dir, use_workspace};
