//! The gamedp workbench: what `cargo xtask` runs, one module per command. It links no problem
//! crate: the commands that need a problem's oracle (stress, brute, sample, bench, test) build
//! that crate's oracle program ([`oracle_program`]) and run it; the bundle comes from the
//! [`bundler`] crate.
//!
//! | module | command | what for |
//! | --- | --- | --- |
//! | `judge` | `judge` | the solution (or its bundle) on every sample, with the judge's limits |
//! | `stress` | `stress` | random inputs, brute force against solver, through the oracle program |
//! | `brute` | `brute` | the brute force's answer to hand-written inputs |
//! | `sample` | `sample` | a new sample pair, answered by the brute force or the solution |
//! | `bench` | `bench` | the bundle's time and memory on big inputs, with its child `bench/plot.rs` for the SVG |
//! | `test` | `test` | one problem's tests alone |
//! | `new` | `new` | scaffold a problem crate |
//! | `listen` | `listen` | scaffold problems sent by Competitive Companion |
//! | `accept` | `accept` | the pending insta snapshots accepted, none left behind |
//! | `flags` | | the command line of every command, declared once, and its help |
//! | `oracle_program` | | find, build and run a crate's oracle program |
//! | `judge_files` | | the input and output files of a judge that names them |
//! | `build_dir` | | the workbench's own cargo profile and folder, `target/workbench/` |
//! | `process` | | running a program with limits, measuring its memory |

pub mod accept;
pub mod bench;
pub mod brute;
pub mod build_dir;
pub mod bundle;
pub mod flags;
pub mod judge;
pub mod judge_files;
pub mod listen;
pub mod new;
pub mod oracle_program;
pub mod process;
pub mod sample;
pub mod stress;
pub mod test;
