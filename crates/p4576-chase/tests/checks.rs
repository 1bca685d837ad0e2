//! The checks every problem crate gets ([`test_kit::CrateChecks`]): its solver against its brute
//! force on random inputs, its samples in `samples/p4576-chase/`, a token appended refused.

#[test]
fn standard_checks_and_samples() {
    test_kit::CrateChecks::<p4576_chase::oracle::Chase>::new(env!("CARGO_MANIFEST_DIR")).run();
}
