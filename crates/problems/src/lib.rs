//! The registry of problem crates: each one's oracle ([`dp_core::oracle::Oracle`]) for the
//! workbench (`cargo xtask stress`, `bench`, `brute`, `sample`) and the workspace's tests.
//!
//! A problem crate is registered by one line, its dependency in this crate's `Cargo.toml`
//! (`cargo xtask new` and `cargo xtask listen` write it); the build script makes the rest. The
//! crate names its oracle `pub type ProblemOracle = ...;` in its `src/oracle.rs`, so renaming the
//! oracle type touches that crate only. Each registered crate is re-exported here by its name.

use dp_core::oracle::Oracle;
use dp_core::Error;

/// Something done with each registered oracle, its type known: see [`visit_all`].
///
/// # Example
/// ```
/// struct Names(Vec<&'static str>);
/// impl problems::Visitor for Names {
///     fn visit<O: dp_core::oracle::Oracle>(&mut self)
///     where
///         O::Input: Send + 'static,
///     {
///         self.0.push(O::name());
///     }
/// }
/// let mut names = Names(Vec::new());
/// problems::visit_all(&mut names);
/// assert_eq!(names.0, problems::NAMES);
/// ```
pub trait Visitor {
    /// Called once per registered problem crate with its oracle.
    fn visit<O: Oracle>(&mut self)
    where
        O::Input: Send + 'static;
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

/// A problem's `solve`, writing into memory.
pub type Solver = fn(&[u8], &mut Vec<u8>) -> Result<(), Error>;

/// The solver of the registered problem crate `name`.
///
/// # Example
/// ```
/// let solve = problems::solver_of("p4576-chase").unwrap();
/// let mut out = Vec::new();
/// solve(b"2 1 1 2 2\n", &mut out).unwrap();
/// assert_eq!(out, b"BLACK 2\n");
/// assert!(problems::solver_of("no-such-crate").is_none());
/// ```
pub fn solver_of(name: &str) -> Option<Solver> {
    struct Find<'a>(&'a str, Option<Solver>);
    impl Visitor for Find<'_> {
        fn visit<O: Oracle>(&mut self)
        where
            O::Input: Send + 'static,
        {
            if O::name() == self.0 {
                self.1 = Some(O::solve);
            }
        }
    }
    let mut find = Find(name, None);
    visit_all(&mut find);
    find.1
}
