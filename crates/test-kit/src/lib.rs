//! The testing kit of gamedp problem crates: test code only, never bundled for a judge (judge
//! code is `dp-core`, std-only). A problem crate's `oracle` feature switches it on.
//!
//! | file | items | what for |
//! | --- | --- | --- |
//! | `problem.rs` | [`Problem`], [`Input`], [`LineEnds`], [`Solve`], [`at_most`], [`bench()`], [`bench_max`] | a problem seen from its tests, the one trait a problem implements: its input format (generator, renderer, parser, shrinker), brute force and solver |
//! | `oracle.rs` | [`Planted`], [`PlantedSolver`], [`BenchInput`], [`Mismatch`], [`same_tokens`], [`parse_with`] | a wrong solver planted into a problem, benchmark inputs, mismatches, comparing and parsing |
//! | `mismatch.rs` | [`find_mismatch`], [`check_seed`], [`check_input`], [`check_input_with`], [`shrink_mismatch`], [`shrink_mismatch_with`], [`run_solver`] | a mismatch found and shrunk from a test, in the oracle's own types |
//! | `format.rs` | `format::*` | input formats described once: parse, render, generate, shrink |
//! | `game.rs` | `game::*` | the literal game search: outcome (with repetition as a draw), plies, scores; tallies of a table |
//! | `gen.rs` | `gen::*` | random trees, DAGs, graphs, permutations, words, subsets |
//! | `shrink.rs` | [`smaller`], [`shorter`], [`windows`], [`shrink_each`], [`shrink_list`], [`ShrinkNumber`] | strictly smaller numbers and lists, for shrinking |
//! | `erased.rs` | [`DynOracle`], [`Erase`], [`AnyInput`] | a problem behind a reference, so the engine below is compiled once here, not in every problem's program |
//! | `program.rs` | [`oracle_program`] | the `main` of a problem's oracle program, which `cargo xtask` builds and runs |
//! | `stress.rs` | `stress::*` | the stress engine: batches in child processes, the lowest failure shrunk and saved |
//! | `cases.rs` | `cases::*` | one batch of cases in this process, panics caught |
//! | `checks.rs` | [`standard_checks`], [`check_samples`] | what every problem is checked for without a line of its own |
//! | `crate_checks.rs` | [`CrateChecks`], [`CASES`] | what a problem crate's own `tests/checks.rs` runs: the standard checks on its samples, pending while it is unsolved |
//! | `brute.rs` | [`brute_answer`], [`solver_answer`] | answers to hand-written inputs |

mod brute;
pub mod cases;
mod checks;
mod crate_checks;
mod erased;
pub mod format;
pub mod game;
pub mod gen;
mod mismatch;
mod oracle;
mod problem;
mod program;
mod shrink;
pub mod stress;

pub use crate::brute::{brute_answer, solver_answer};
pub use crate::checks::{check_samples, standard_checks, Checked};
pub use crate::crate_checks::{CrateChecks, CASES};
pub use crate::erased::{AnyInput, DynOracle, Erase};
pub use crate::mismatch::{
    check_input, check_input_with, check_seed, find_mismatch, run_solver, shrink_mismatch,
    shrink_mismatch_with,
};
pub use crate::oracle::{parse_with, same_tokens, BenchInput, Mismatch, Planted, PlantedSolver};
pub use crate::problem::{at_most, bench, bench_max, Input, LineEnds, Problem, Solve};
pub use crate::program::{file_stem, oracle_program, usage};
pub use crate::shrink::{shorter, shrink_each, shrink_list, smaller, windows, ShrinkNumber};
