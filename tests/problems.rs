//! The registry of problem crates (the root `Cargo.toml`'s dev-dependencies with the `oracle`
//! feature, read by `build.rs`): each one's oracle, for the tests that cover every problem.

use test_kit::Oracle;

/// Something done with each registered oracle, its type known: see [`visit_all`].
pub trait Visitor {
    /// Called once per registered problem crate with its oracle.
    fn visit<O: Oracle>(&mut self)
    where
        O::Input: Send + 'static;
}

include!(concat!(env!("OUT_DIR"), "/registry.rs"));

/// A problem's `solve`, writing into memory.
pub type Solver = fn(&[u8], &mut Vec<u8>) -> Result<(), dp_core::Error>;

/// The solver of the registered problem crate `name`.
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

#[test]
fn every_problem_crate_with_an_oracle_program_is_registered() {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let dir = entry.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if dir.join("src/bin/oracle.rs").is_file() && !NAMES.contains(&name.as_str()) {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "not registered in the root Cargo.toml: {:?}",
        missing
    );
    // Each oracle reports the name it is registered under.
    struct Names(Vec<&'static str>);
    impl Visitor for Names {
        fn visit<O: Oracle>(&mut self)
        where
            O::Input: Send + 'static,
        {
            self.0.push(O::name());
        }
    }
    let mut names = Names(Vec::new());
    visit_all(&mut names);
    assert_eq!(names.0, NAMES);
}
