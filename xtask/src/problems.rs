//! The workbench's view of the registry (the `problems` crate, where a problem crate is
//! registered by one line of `crates/problems/Cargo.toml`): what `stress`, `bench`, `brute` and
//! `sample` can do with each registered oracle, its type erased.

use crate::{brute, stress};
use anyhow::{bail, Result};
use dp_core::oracle::{BenchInput, Oracle};

/// What the workbench can do with one problem crate, with the oracle's type erased.
pub struct Problem {
    /// The crate's name, as its oracle reports it.
    pub name: &'static str,
    pub stress: fn(&stress::Config) -> Result<stress::Report>,
    pub bench_inputs: fn() -> Vec<BenchInput>,
    /// The brute force's answer to an input file's text.
    pub brute: fn(&[u8]) -> Result<String>,
}

struct Collect(Vec<Problem>);

impl ::problems::Visitor for Collect {
    fn visit<O: Oracle>(&mut self)
    where
        O::Input: Send + 'static,
    {
        self.0.push(Problem {
            name: O::name(),
            stress: stress::stress::<O>,
            bench_inputs: O::bench_inputs,
            brute: brute::answer::<O>,
        });
    }
}

/// Every registered problem crate.
pub fn all() -> Vec<Problem> {
    let mut collect = Collect(Vec::new());
    ::problems::visit_all(&mut collect);
    collect.0
}

/// The registered problem crate `name`.
pub fn find(name: &str) -> Result<Problem> {
    let mut all = all();
    match all.iter().position(|p| p.name == name) {
        Some(i) => Ok(all.swap_remove(i)),
        None => bail!(
            "{} has no oracle registered in crates/problems/Cargo.toml (registered: {})",
            name,
            all.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workspace;

    #[test]
    fn registered_names_are_problem_crates_once_each() {
        let crates = workspace::problem_crates(&workspace::root()).unwrap();
        let names: Vec<&str> = all().iter().map(|p| p.name).collect();
        // Each oracle reports the name it is registered under.
        assert_eq!(names, ::problems::NAMES);
        for name in &names {
            assert!(
                crates.iter().any(|c| c == name),
                "{} is not under crates/",
                name
            );
            assert_eq!(names.iter().filter(|n| *n == name).count(), 1, "{}", name);
        }
        // Every crate with an oracle is registered, so stress and bench reach it.
        for name in &crates {
            let has_oracle = workspace::root()
                .join("crates")
                .join(name)
                .join("src/oracle.rs")
                .is_file();
            if has_oracle {
                assert!(
                    names.contains(&name.as_str()),
                    "{} is not registered in crates/problems/Cargo.toml",
                    name
                );
            }
        }
        assert!(find("p4363-staircase-chess").is_ok());
        assert!(find("no-such-crate").is_err());
    }
}
