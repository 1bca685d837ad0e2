//! What every registered problem crate gets without a line of its own
//! ([`test_kit::standard_checks`], which `cargo xtask test <crate>` runs too): its solver agrees
//! with its brute force on random small inputs, its oracle reads back what it renders, its
//! shrink only proposes other inputs, and its samples' answers equal their `.out` files token
//! for token, also with CRLF line ends, and a token appended is refused. Every problem is
//! checked, whatever another's result; an unsolved one is pending ([`crate::results`]).

use crate::problems::{visit_all, Visitor};
use crate::results::Results;
use test_kit::Oracle;

/// Random inputs per problem: the per-problem modules and `cargo xtask stress` run many more.
const CASES: u64 = 200;

struct Check(Results);

impl Visitor for Check {
    fn visit<O: Oracle>(&mut self)
    where
        O::Input: Send + 'static,
    {
        let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(O::name());
        let result = test_kit::standard_checks::<O>(CASES, Some(&samples)).and_then(|checked| {
            if checked.cases != CASES {
                Err(format!(
                    "{} random cases checked, not {}",
                    checked.cases, CASES
                ))
            } else if checked.samples == 0 {
                Err(format!(
                    "no samples in samples/{} (add one: cargo xtask sample {} NAME FILE)",
                    O::name(),
                    O::name()
                ))
            } else {
                Ok(())
            }
        });
        self.0.record(O::name(), result);
    }
}

#[test]
fn every_registered_oracle_agrees_parses_shrinks_and_holds_its_samples() {
    let mut check = Check(Results::new("oracles"));
    visit_all(&mut check);
    check.0.finish();
}
