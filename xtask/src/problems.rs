//! The one place where the workbench learns about problem crates: each line below registers a
//! crate's `Oracle` (its generator, brute force, shrinker and benchmark inputs) for `stress` and
//! `bench`. `cargo xtask new` adds a line above the marker. The crate must also be a dependency
//! of xtask with its `oracle` feature (xtask/Cargo.toml).

use crate::stress;
use anyhow::{bail, Result};
use dp_core::oracle::{BenchInput, Oracle};

/// What the workbench can do with one problem crate, with the oracle's type erased.
pub struct Problem {
    /// The crate's name, as its oracle reports it.
    pub name: &'static str,
    pub stress: fn(&stress::Config) -> Result<stress::Report>,
    pub bench_inputs: fn() -> Vec<BenchInput>,
}

fn problem<O: Oracle>() -> Problem
where
    O::Input: Send,
{
    Problem {
        name: O::name(),
        stress: stress::stress::<O>,
        bench_inputs: O::bench_inputs,
    }
}

/// Every registered problem crate.
pub fn all() -> Vec<Problem> {
    vec![
        problem::<p16531_jump_duel::oracle::JumpDuelOracle>(),
        problem::<p2599_stone_ends::oracle::StoneEnds>(),
        problem::<p4363_staircase_chess::oracle::StaircaseChess>(),
        problem::<p4576_chase::oracle::Chase>(),
        problem::<poj2311_cutting_game::oracle::CuttingGame>(),
        problem::<cf786a_berzerk::oracle::Berzerk>(),
        problem::<core_bench::oracle::CoreBench>(),
        problem::<abc201d_momotetsu::oracle::Momotetsu>(),
        problem::<poj1085_triangle_war::oracle::TriangleWarOracle>(),
        // xtask new: problems above this line
    ]
}

/// The registered problem crate `name`.
pub fn find(name: &str) -> Result<Problem> {
    let mut all = all();
    match all.iter().position(|p| p.name == name) {
        Some(i) => Ok(all.swap_remove(i)),
        None => bail!(
            "{} has no oracle registered in xtask/src/problems.rs (registered: {})",
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
                    "{} is not registered here",
                    name
                );
            }
        }
        assert!(find("p4363-staircase-chess").is_ok());
        assert!(find("no-such-crate").is_err());
    }
}
