//! What every registered problem crate gets without a line of its own
//! ([`test_kit::standard_checks`], which `cargo xtask test <crate>` runs too): its solver agrees
//! with its brute force on random small inputs, its oracle reads back what it renders, its
//! shrink only proposes other inputs, and its samples hold with CRLF line ends and refuse a
//! token appended.

use crate::problems::{visit_all, Visitor};
use test_kit::Oracle;

/// Random inputs per problem: the per-problem modules and `cargo xtask stress` run many more.
const CASES: u64 = 200;

struct Check;

impl Visitor for Check {
    fn visit<O: Oracle>(&mut self)
    where
        O::Input: Send + 'static,
    {
        let samples = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(O::name());
        let checked = test_kit::standard_checks::<O>(CASES, Some(&samples))
            .unwrap_or_else(|err| panic!("{}", err));
        assert_eq!(checked.cases, CASES);
        assert!(checked.samples > 0, "{}: no samples", O::name());
    }
}

#[test]
fn every_registered_oracle_agrees_parses_shrinks_and_holds_its_samples() {
    visit_all(&mut Check);
}
