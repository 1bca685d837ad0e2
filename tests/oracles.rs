//! What every registered problem crate (crates/problems) gets without a line of its own: its
//! solver agrees with its brute force on random small inputs, its oracle reads back what it
//! renders, and its shrink only proposes other inputs.

use dp_core::oracle::{find_mismatch, Oracle};
use dp_core::SplitMix64;

/// Random inputs per problem: the per-problem modules and `cargo xtask stress` run many more.
const CASES: u64 = 200;

struct Check;

impl problems::Visitor for Check {
    fn visit<O: Oracle>(&mut self)
    where
        O::Input: Send + 'static,
    {
        if let Some(mismatch) = find_mismatch::<O>(1, CASES) {
            panic!("{}: {:?}", O::name(), mismatch);
        }
        let mut rng = SplitMix64::new(7);
        for _ in 0..CASES {
            let input = O::generate(&mut rng);
            let text = O::render(&input);
            let parsed = O::parse(text.as_bytes())
                .unwrap_or_else(|err| panic!("{}: {:?}: {}", O::name(), text, err));
            assert_eq!(O::render(&parsed), text, "{}", O::name());
            for smaller in O::shrink(&input) {
                assert_ne!(
                    O::render(&smaller),
                    text,
                    "{}: shrink kept {:?}",
                    O::name(),
                    input
                );
            }
        }
        // A stray token after an input is refused with a message, not a panic.
        let text = O::render(&O::generate(&mut rng)) + "x\n";
        assert!(
            O::parse(text.as_bytes()).is_err(),
            "{}: {:?}",
            O::name(),
            text
        );
    }
}

#[test]
fn every_registered_oracle_agrees_parses_and_shrinks() {
    problems::visit_all(&mut Check);
}
