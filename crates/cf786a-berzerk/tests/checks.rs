//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/cf786a-berzerk/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<cf786a_berzerk::oracle::Berzerk>::new(env!("CARGO_MANIFEST_DIR")).run();
}
