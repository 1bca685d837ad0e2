//! The tests that cross problems: `problem_crates`, that every problem crate checks itself (a
//! `tests/checks.rs` running [`test_kit::CrateChecks`] on its samples, which
//! `cargo test -p <crate>` runs) and that every samples folder has its crate; `stress_engine`,
//! the stress engine on real problems with planted bugs. A problem's own checks are in its
//! crate's `tests/`.

mod problem_crates;
mod stress_engine;
